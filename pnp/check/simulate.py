"""Run a game's `Simulation`: the same loop for every game, in memory that does not grow with --games.

Games are played in chunks on worker processes and come back in game order; each one is added to
its configuration's `Tally`, written to the log and offered to the report's picker, then dropped.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from pnp.check.log import record_log
from pnp.check.protocol import Configuration, Outcome, Simulation, deal_for, numbered
from pnp.check.report import CheckReport
from pnp.check.stats import Tally
from pnp.games.base import CheckOptions
from pnp.parallel import parallel_map

J = TypeVar("J")
R = TypeVar("R")

CHUNK = 20  # games per job: few enough for a smooth progress bar, enough to amortise the transfer


def play_chunk(simulation: Simulation, model: Any, configurations: tuple[Configuration, ...], games: int,
               run_seed: int, keep_records: bool, numbers: range) -> list[Outcome]:
    """Play games `numbers` of a run (in a worker); records are dropped when nobody reads them."""
    outcomes = []
    for number in numbers:
        deal = deal_for(configurations, games, run_seed, number)
        outcome = simulation.play(model, deal)
        record = numbered(outcome.record, simulation.game, deal) if keep_records else {}
        outcomes.append(Outcome(record, outcome.scores, outcome.turns, outcome.rounds, outcome.measures))
    return outcomes


def records(simulation: Simulation, model: Any, options: CheckOptions) -> Iterator[dict[str, Any]]:
    """The records of a run's games in order, played here one by one: the games `check` plays."""
    configurations = tuple(simulation.configurations(model, options))
    for number in range(len(configurations) * options.games):
        deal = deal_for(configurations, options.games, options.seed, number)
        yield numbered(simulation.play(model, deal).record, simulation.game, deal)


class Picker:
    """The games a report draws: the one with the highest top score and the one with the lowest
    (the first such game on ties), kept as they stream past."""

    def __init__(self) -> None:
        self.best: tuple[int, dict[str, Any]] | None = None
        self.worst: tuple[int, dict[str, Any]] | None = None

    def offer(self, top: int, record: dict[str, Any]) -> None:
        if self.best is None or top > self.best[0]:
            self.best = (top, record)
        if self.worst is None or top < self.worst[0]:
            self.worst = (top, record)

    def picked(self) -> list[tuple[str, dict[str, Any]]]:
        if self.best is None or self.worst is None:
            return []
        return [("best", self.best[1]), ("worst", self.worst[1])]


def check(simulation: Simulation, model: Any, options: CheckOptions) -> CheckReport:
    """Static checks, then every configuration's games, then the figures and the verdict."""
    report = CheckReport(simulation.game)
    configurations = tuple(simulation.configurations(model, options))  # refuses bad counts first
    simulation.static(model, report)
    if not report.playable and not simulation.simulate_failed_sets:
        return report
    tallies = {c.label: Tally(c.players) for c in configurations}
    picker = Picker()
    keep = options.log is not None or options.keep_games
    total = len(configurations) * options.games
    jobs = [range(start, min(start + CHUNK, total)) for start in range(0, total, CHUNK)]
    play = functools.partial(play_chunk, simulation, model, configurations, options.games, options.seed, keep)
    with record_log(options.log) as write:
        number = 0
        for outcomes in parallel_map(play, jobs, workers=options.workers, label=simulation.game,
                                     show_progress=options.progress):
            for outcome in outcomes:
                configuration = configurations[number // options.games]
                tallies[configuration.label].add_game(outcome.scores, outcome.turns, outcome.rounds,
                                                      outcome.measures)
                if keep:
                    write(outcome.record)
                    if options.keep_games:
                        picker.offer(max(outcome.scores), outcome.record)
                number += 1
    for position, configuration in enumerate(configurations):
        tally = tallies[configuration.label]
        figures = {"first_game": position * options.games, **tally.shared_figures(),
                   **simulation.figures(model, configuration, tally)}
        report.simulation[configuration.label] = figures
        simulation.judge(model, report, configuration, figures)
    report.tallies = tallies
    report.games_drawn = picker.picked()
    return report


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
