"""Run a function over jobs on worker processes, results in job order, under fork and spawn."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

import click

J = TypeVar("J")
R = TypeVar("R")


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def progress(total: int, label: str, enabled: bool) -> Iterator[Callable[[int], None]]:
    if not enabled or not sys.stderr.isatty():
        yield lambda n: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True) as bar:
        yield bar.update


def parallel_map(fn: Callable[[J], R], jobs: Sequence[J], *, workers: int = 0, label: str = "",
                 show_progress: bool = False) -> Iterator[R]:
    count = max(1, min(workers if workers > 0 else (os.cpu_count() or 1), len(jobs)))
    with progress(len(jobs), label, show_progress) as advance:
        if count == 1:
            for job in jobs:
                yield fn(job)
                advance(1)
            return
        context = multiprocessing.get_context(os.environ.get("PNP_START_METHOD") or None)
        with context.Pool(count, initializer=_ignore_sigint) as pool:
            for result in pool.imap(fn, jobs):
                yield result
                advance(1)
