"""Run a game's `Simulation`: the same loop for every game, in memory that does not grow with --games.

Games are played on worker processes and come back in game order; each one is added to
its configuration's `Tally`, written to the log and offered to the report's picker, then dropped.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from pnp.check.log import record_log
from pnp.check.protocol import Configuration, Outcome, Simulation, deal_for, numbered
from pnp.check.report import CheckReport
from pnp.check.stats import Tally
from pnp.games.base import CheckOptions
from pnp.parallel import parallel_map


def play_one(simulation: Simulation, model: Any, configurations: tuple[Configuration, ...], games: int,
             run_seed: int, keep_record: bool, number: int) -> Outcome:
    """Play game `number` of a run (in a worker); its record is dropped when nobody reads it."""
    deal = deal_for(configurations, games, run_seed, number)
    outcome = simulation.play(model, deal)
    record = numbered(outcome.record, simulation.game, deal) if keep_record else {}
    return Outcome(record, outcome.scores, outcome.turns, outcome.rounds, outcome.placements, outcome.measures)


def play_chunk(simulation: Simulation, model: Any, configurations: tuple[Configuration, ...], games: int,
               run_seed: int, numbers: range) -> list[Outcome]:
    """Play games `numbers` of a run without their records: a batch for a pool or a cluster worker."""
    return [play_one(simulation, model, configurations, games, run_seed, False, number) for number in numbers]


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
    numbers = range(len(configurations) * options.games)  # the jobs: a range holds no list of games
    play = functools.partial(play_one, simulation, model, configurations, options.games, options.seed, keep)
    with record_log(options.log) as write:
        outcomes = parallel_map(play, numbers, workers=options.workers, label=simulation.game,
                                show_progress=options.progress)
        for number, outcome in zip(numbers, outcomes, strict=True):
            configuration = configurations[number // options.games]
            tallies[configuration.label].add_game(outcome)
            if keep:
                write(outcome.record)
                if options.keep_games:
                    picker.offer(max(outcome.scores), outcome.record)
    judge(simulation, model, report, configurations, tallies, options.games)
    report.games_drawn = picker.picked()
    return report


def judge(simulation: Simulation, model: Any, report: CheckReport, configurations: tuple[Configuration, ...],
          tallies: dict[str, Tally], games: int) -> None:
    """Every configuration's figures from its tally into the report, and the verdict on them."""
    for position, configuration in enumerate(configurations):
        tally = tallies[configuration.label]
        figures = {"first_game": position * games, **tally.shared_figures(),
                   **simulation.figures(model, configuration, tally)}
        report.simulation[configuration.label] = figures
        simulation.judge(model, report, configuration, figures)
    report.tallies = tallies
