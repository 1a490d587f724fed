"""The progress bar of a long command: one bar for the whole run, on a terminal only, never with --quiet.

The bar counts the command's own unit and names it ("1,200/3,500 games", "12/40 files"). Where the end is
not known in advance (`--games auto`, the trials of `pnp tune`) it runs to the budget, "1,200 of up to
12,800 games", and to its end when the run decides early, the count still the games played. A run in
parts names the part it is in ("look 3 of 128", "trial 2 of 30").

With PNP_PROGRESS=json in the environment the same progress goes to stderr as JSON lines instead,
`{"label": ..., "done": n, "total": t, "unit": "games", "up_to": false, "step": ""}` at most five times a
second and once at the end, for programs that run pnp (the studio).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from pnp.terminal import terminal_columns

PROGRESS_ENV = "PNP_PROGRESS"
BAR_WIDTH = (10, 30)  # the bar's fewest and most characters, the line fitted to the terminal between them
STEP_ROOM = 40  # characters kept for the step and the time left beside the bar


class Progress:
    """A run's progress: call it with the units just done; `step` names the part of the run it is in."""

    def __init__(self, total: int, label: str, unit: str, up_to: bool,
                 show: Callable[[Progress, bool], None] | None) -> None:
        self.total, self.label, self.unit, self.up_to = total, label, unit, up_to
        self.done = 0  # units done (games played)
        self.position = 0  # how far the bar is: the units done, and the shares of parts that ended early
        self.note = ""
        self._show = show
        self._limit: int | None = None  # the end of the part under way

    def __call__(self, n: int) -> None:
        self.done += n
        end = self.total if self._limit is None else self._limit
        self.position = min(end, self.position + n)
        self.show()

    def step(self, text: str) -> None:
        self.note = text
        self.show(now=True)

    @contextmanager
    def part(self, size: int) -> Iterator[None]:
        """A part of the run with its share of the bar (a trial's budget): the bar moves within it, and to
        its end when the part ends early."""
        end = min(self.total, self.position + size)
        self._limit = end
        try:
            yield
        finally:
            self._limit = None
        self.position = max(self.position, end)
        self.show()

    def show(self, now: bool = False) -> None:
        """Draw the bar; `now`: even if it was drawn a moment ago (the throttle lets most draws pass)."""
        if self._show is not None:
            self._show(self, now)

    @property
    def count(self) -> str:
        """'1,200/3,500 games', or for a budget '1,200 of up to 12,800 games'."""
        if self.up_to:
            return f"{self.done:,} of up to {self.total:,} {self.unit}"
        return f"{self.done:,}/{self.total:,} {self.unit}"


def _json_lines() -> Callable[[Progress, bool], None]:
    last = 0.0

    def show(bar: Progress, now: bool) -> None:
        nonlocal last
        moment = time.monotonic()
        if now or moment - last >= 0.2:
            last = moment
            sys.stderr.write(json.dumps({"label": bar.label, "done": bar.done, "total": bar.total, "unit": bar.unit,
                                         "up_to": bar.up_to, "step": bar.note}) + "\n")
            sys.stderr.flush()

    return show


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def line(bar: Progress, columns: int, elapsed: float) -> str:
    """'rautino sweep  [#####     ]  1,200 of up to 12,800 games  look 3 of 128  2:10 left at most', shorter
    than `columns`. The bar keeps one width through the run (room left for the count at its largest and
    STEP_ROOM more); a step or time left that does not fit is left out, the time first."""
    left = ""
    if 0 < bar.position < bar.total and elapsed >= 1:
        remaining = elapsed * (bar.total - bar.position) / bar.position
        if remaining >= 1:
            left = f"{_clock(remaining)} left" + (" at most" if bar.up_to else "")
    largest = len(bar.label) + 4 + 2 + len(Progress(bar.total, "", bar.unit, bar.up_to, None).count)
    largest += len(f"{max(bar.done, bar.total):,}") - len(f"{bar.total:,}")  # a count past its total
    width = max(BAR_WIDTH[0], min(BAR_WIDTH[1], columns - 1 - largest - STEP_ROOM))
    filled = width * min(bar.position, bar.total) // max(bar.total, 1)
    text = "  ".join([f"{bar.label}  [{'#' * filled}{' ' * (width - filled)}]", bar.count])
    for tail in (bar.note, left):
        if tail and len(text) + 2 + len(tail) < columns:
            text += "  " + tail
    return text[:columns - 1]


def _terminal() -> tuple[Callable[[Progress, bool], None], Callable[[], None]]:
    """Draw the bar over itself on stderr at most ten times a second; the closer ends its line."""
    start = time.monotonic()
    last = 0.0
    drawn = 0  # the length of the line on the screen

    def show(bar: Progress, now: bool) -> None:
        nonlocal last, drawn
        moment = time.monotonic()
        if not now and moment - last < 0.1 and drawn:
            return
        last = moment
        text = line(bar, terminal_columns(sys.stderr), moment - start)
        sys.stderr.write("\r" + text + " " * max(0, drawn - len(text)))
        sys.stderr.flush()
        drawn = len(text)

    def close() -> None:
        if drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()

    return show, close


@contextmanager
def progress(total: int, label: str, enabled: bool, unit: str = "games", up_to: bool = False) -> Iterator[Progress]:
    """The whole run's bar on stderr when it is a terminal and `enabled` (else one that shows nothing):
    `total` units (`up_to`: at most, a budget), each run part through `bar(n)`. When the run ends
    without an error the bar runs to its end."""
    json_lines = os.environ.get(PROGRESS_ENV) == "json"
    if not enabled or total <= 0 or not (json_lines or sys.stderr.isatty()):
        yield Progress(total, label, unit, up_to, None)
        return
    if json_lines:
        bar = Progress(total, label, unit, up_to, _json_lines())
        bar.show()
        yield bar
        bar.position = total
        bar.show(now=True)
        return
    show, close = _terminal()
    bar = Progress(total, label, unit, up_to, show)
    bar.show()
    try:
        yield bar
        bar.position = total
        bar.show(now=True)
    finally:
        close()
