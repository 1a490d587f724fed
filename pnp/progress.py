"""The progress bar of long work: on a terminal only, and never with --quiet.

With PNP_PROGRESS=json in the environment the same progress goes to stderr as JSON lines instead,
`{"label": ..., "done": n, "total": t}` at most five times a second, for programs that run pnp
(the studio).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

PROGRESS_ENV = "PNP_PROGRESS"


def _json_lines(total: int, label: str) -> Callable[[int], None]:
    done = 0
    last = 0.0

    def advance(n: int) -> None:
        nonlocal done, last
        done += n
        now = time.monotonic()
        if now - last >= 0.2 or done >= total:
            last = now
            sys.stderr.write(json.dumps({"label": label, "done": done, "total": total}) + "\n")
            sys.stderr.flush()

    return advance


# Cursor up one line and erase it: a finished bar that one part of longer work drew goes away.
ERASE_LINE = "\x1b[1A\x1b[2K"


@contextmanager
def progress(total: int, label: str, enabled: bool, transient: bool = False) -> Iterator[Callable[[int], None]]:
    """Yields `advance(n)`: a bar on stderr when it is a terminal and `enabled`, otherwise a no-op.
    `transient`: the bar is erased when done (one of many steps whose next bar follows it)."""
    if enabled and total > 0 and os.environ.get(PROGRESS_ENV) == "json":
        yield _json_lines(total, label)
        return
    if not enabled or total <= 0 or not sys.stderr.isatty():
        yield lambda n: None
        return
    import click

    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True) as bar:
        yield bar.update
    if transient:
        sys.stderr.write(ERASE_LINE)
        sys.stderr.flush()
