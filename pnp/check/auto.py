"""`pnp check --games auto`: the games of a check in looks (pnp.check.sequential), stopping at the first
look where every threshold and balance test is decided, or at the budget.

The games are numbered as in a fixed check with `--games MAX` (each configuration's block as long as
the budget, then the judged skill matches), so the figures at a look of N games are those of
`pnp check --games N` (at the look's confidence), and a run is the same with any worker count.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections.abc import Callable
from typing import Any

from pnp.check import sequential
from pnp.check.balance import Match
from pnp.check.log import record_log
from pnp.check.options import CheckOptions
from pnp.check.protocol import Simulation
from pnp.check.report import CheckReport
from pnp.check.simulate import Picker, judge, play_one, schedule_for
from pnp.check.stats import Tally
from pnp.parallel import parallel_map

LookHook = Callable[[int, dict[str, Tally], dict[Match, Tally]], None]


def check(simulation: Simulation, model: Any, options: CheckOptions,
          max_games: int = sequential.DEFAULT_MAX_GAMES, on_look: LookHook | None = None,
          tolerance: float = sequential.DEFAULT_TOLERANCE) -> CheckReport:
    """Static checks, then the looks of the plan until every test is decided; the report of the last look,
    with the plan and the games played under `sequential`. `on_look(games, tallies, skill_tallies)` sees
    the tallies after each look (the benchmark judges them as a fixed check of that many games would).
    `tolerance`: the indifference zone of every test (a test at its limit within it stops with either verdict)."""
    plan = sequential.plan(options.confidence, max_games, tolerance=tolerance)
    budget = dataclasses.replace(options, games=max_games,
                                 skill_games=0 if options.skill_games == 0 else plan.match_games(max_games))
    schedule = schedule_for(simulation, model, budget)  # refuses bad counts first
    configurations = schedule.configurations
    static = CheckReport(simulation.game, confidence=options.confidence, strict=options.strict)
    simulation.static(model, static)
    if not static.playable and not simulation.simulate_failed_sets:
        return static
    tallies = {c.label: Tally(c.players) for c in configurations}
    skill_tallies: dict[Match, Tally] = {match: Tally(2) for match, _, _ in schedule.matches}
    playability = len(configurations) * schedule.games
    picker = Picker()
    keep = options.log is not None or options.keep_games
    play = functools.partial(play_one, simulation, model, schedule, keep)
    played = match_played = 0
    report = static
    with record_log(options.log) as write:
        for look in plan.looks:
            match_games = plan.match_games(look) if schedule.matches else 0
            if sequential.skill_decided(report if report is not static else None):
                match_games = match_played  # the luck test has its verdict: the matches rest
            numbers = [c * schedule.games + i for c in range(len(configurations)) for i in range(played, look)]
            numbers += [playability + m * schedule.match_games + j for m in range(len(schedule.matches))
                        for j in range(match_played, match_games)]
            outcomes = parallel_map(play, numbers, workers=options.workers,
                                    label=f"{simulation.game}, look at {look} games", show_progress=options.progress)
            for number, outcome in zip(numbers, outcomes, strict=True):
                if number < playability:
                    tallies[configurations[number // schedule.games].label].add_game(outcome)
                    if options.keep_games:
                        picker.offer(max(outcome.scores), outcome.record)
                    index = number % schedule.games
                else:
                    match = schedule.matches[(number - playability) // schedule.match_games][0]
                    skill_tallies[match].add_game(outcome.scores_seated(schedule.deal(number)[1]))
                    index = (number - playability) % schedule.match_games
                if options.logs(index):
                    write(outcome.record)
            played, match_played = look, match_games
            if on_look is not None:
                on_look(look, tallies, skill_tallies)
            report = copy.deepcopy(static)
            report.confidence = plan.look_confidence
            report.tolerance = plan.tolerance
            judge(simulation, model, report, configurations, tallies, schedule.games,
                  {match: tally for match, tally in skill_tallies.items() if tally.games})
            if sequential.decided(report):
                break
    report.games_drawn = picker.picked()
    report.sequential = plan.to_json(played, sequential.decided(report))
    return report
