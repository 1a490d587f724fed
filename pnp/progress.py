"""The progress bar of long work: on a terminal only, and never with --quiet."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress(total: int, label: str, enabled: bool) -> Iterator[Callable[[int], None]]:
    """Yields `advance(n)`: a bar on stderr when it is a terminal and `enabled`, otherwise a no-op."""
    if not enabled or total <= 0 or not sys.stderr.isatty():
        yield lambda n: None
        return
    import click

    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True) as bar:
        yield bar.update
