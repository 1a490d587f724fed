"""Run many seeded games in parallel, in a reproducible order."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import click

J = TypeVar("J")
R = TypeVar("R")

# The game function of the running simulation. Forked workers inherit it, so the model and the
# tables built from it are not pickled and rebuilt for every chunk of games.
_current_play: Callable[[Any], Any] | None = None


def _play_in_worker(job: Any) -> Any:
    assert _current_play is not None
    return _current_play(job)


def _ignore_sigint() -> None:
    """Ctrl-C reaches every process of the terminal's group: the parent alone handles it and ends the
    pool, instead of each worker printing its own KeyboardInterrupt traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def game_seed(base_seed: int, index: int) -> int:
    """A seed per game, derived from the run's seed, so game i is the same in every run."""
    return random.Random(f"{base_seed}:{index}").getrandbits(48)


def worker_count(requested: int, jobs: int) -> int:
    cores = os.cpu_count() or 1
    wanted = requested if requested > 0 else cores
    return max(1, min(wanted, jobs))


@contextmanager
def progress(total: int, label: str, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal and `enabled`; otherwise silent."""
    import sys

    if not enabled or not sys.stderr.isatty():
        yield lambda n: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True) as bar:
        yield bar.update


def run_games(
    play: Callable[[J], R],
    jobs: Sequence[J],
    *,
    workers: int = 0,
    label: str = "simulating",
    show_progress: bool = False,
) -> list[R]:
    """Run `play` on every job (a game's seed, or a kit to render) on all cores; results in job order.

    `play` need not be picklable: forked workers inherit it.
    """
    count = worker_count(workers, len(jobs))
    results: list[R] = []
    with progress(len(jobs), label, show_progress) as advance:
        if count == 1:
            for job in jobs:
                results.append(play(job))
                advance(1)
            return results
        # fork: workers inherit the loaded model and start in milliseconds.
        global _current_play
        context = multiprocessing.get_context("fork")
        chunk = max(1, min(32, len(jobs) // (count * 8) or 1))
        _current_play = play
        try:
            with context.Pool(count, initializer=_ignore_sigint) as pool:
                for result in pool.imap(_play_in_worker, jobs, chunksize=chunk):
                    results.append(result)
                    advance(1)
        finally:
            _current_play = None
    return results
