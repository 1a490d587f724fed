"""A person's edits of a spec made again on the file as someone else saved it meanwhile (another tab
or program): the lines the person changed from the text they started from are put into the file as
it is now, and every other line stays as the file has it.

Where both changed the same line, the person's line is taken (they asked for their edits on top) and
counted, so the page can say so; the file's own version of it stays in the saved versions.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher


@dataclass(frozen=True)
class Reapplied:
    text: str
    overlaps: int  # places where both changed the same lines: the person's lines were taken


def _matched(base: list[str], other: list[str]) -> dict[int, int]:
    """Each line of `base` that `other` kept unchanged, with its index in `other` (both in order)."""
    blocks = SequenceMatcher(None, base, other).get_matching_blocks()
    return {block.a + k: block.b + k for block in blocks for k in range(block.size)}


def _chunk(base: list[str], edited: list[str], now: list[str]) -> tuple[list[str], int]:
    """One stretch between lines that all three texts share: its lines in the result, and its overlaps."""
    if edited in (base, now):
        return now, 0
    if now == base:
        return edited, 0
    if not base:  # both added lines at the same place: the file's, then the person's
        return now + edited, 0
    if len(base) == len(edited) == len(now):  # lines changed in place (a form's field): line by line
        lines = [e if n == b else n if e == b else e for b, e, n in zip(base, edited, now, strict=True)]
        return lines, sum(b != e != n != b for b, e, n in zip(base, edited, now, strict=True))
    return edited, 1


def reapply(base: str, edited: str, now: str) -> Reapplied:
    """`edited`'s changes from `base`, made on `now`."""
    b, e, n = (text.splitlines(keepends=True) for text in (base, edited, now))
    in_edited, in_now = _matched(b, e), _matched(b, n)
    shared = sorted(set(in_edited) & set(in_now))  # lines neither side touched: the stretches' ends
    out: list[str] = []
    overlaps = 0
    at_b = at_e = at_n = 0
    for line in [*shared, len(b)]:
        to_e, to_n = (in_edited[line], in_now[line]) if line < len(b) else (len(e), len(n))
        lines, overlap = _chunk(b[at_b:line], e[at_e:to_e], n[at_n:to_n])
        out += lines
        overlaps += overlap
        if line < len(b):
            out.append(b[line])
        at_b, at_e, at_n = line + 1, to_e + 1, to_n + 1
    return Reapplied("".join(out), overlaps)
