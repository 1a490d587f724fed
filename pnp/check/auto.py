"""`pnp check --games auto`: the games of a check in looks (pnp.check.sequential), stopping at the first
look where every threshold and balance test is decided, or at the budget.

The games are numbered as in a fixed check with `--games MAX` (each configuration's block as long as
the budget, then the judged skill matches), so the figures of a configuration after N games are those of
`pnp check --games N` (at the look's confidence), and a run is the same with any worker count. A
configuration whose own tests are all decided plays no more games; the others play on.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

from pnp.check import sequential
from pnp.check.balance import Match
from pnp.check.confidence import Outcome
from pnp.check.log import record_log
from pnp.check.options import CheckOptions
from pnp.check.protocol import Simulation
from pnp.check.report import CheckReport
from pnp.check.simulate import Batches, judge, schedule_for
from pnp.check.stats import Tally
from pnp.progress import progress

LookHook = Callable[[int, dict[str, Tally], dict[Match, Tally]], None]


def check(simulation: Simulation, model: Any, options: CheckOptions,
          max_games: int = sequential.DEFAULT_MAX_GAMES, on_look: LookHook | None = None,
          tolerance: float = sequential.DEFAULT_TOLERANCE, method: str | None = None,
          ratio_share: float = sequential.RATIO_SHARE,
          mean_ratio_share: float = sequential.MEAN_RATIO_SHARE,
          closing_share: float = sequential.CLOSING_SHARE) -> CheckReport:
    """Static checks, then the looks of the plan until every test is decided; the report of the last look,
    with the plan and the games played under `sequential`. `on_look(games, tallies, skill_tallies)` sees
    the tallies after each look (the benchmark judges them as a fixed check of that many games would).
    `tolerance`: the indifference zone of every test (a test at its limit within it stops with either verdict);
    `method`, `ratio_share`, `mean_ratio_share`, `closing_share`: the plan's (pnp.check.sequential: RATIO unless
    told; the others for a comparison)."""
    plan = sequential.plan(options.confidence, max_games, tolerance=tolerance, method=method or sequential.RATIO,
                           ratio_share=ratio_share, mean_ratio_share=mean_ratio_share, closing_share=closing_share)
    budget = dataclasses.replace(options, games=max_games,
                                 skill_games=0 if options.skill_games == 0 else plan.match_games(max_games))
    schedule = schedule_for(simulation, model, budget)  # refuses bad counts first
    configurations = schedule.configurations
    static = CheckReport(simulation.game, confidence=options.confidence, strict=options.strict, budgeted=True)
    simulation.static(model, static)
    if not static.playable and not simulation.simulate_failed_sets:
        return static
    played = dict.fromkeys(range(len(configurations)), 0)  # games so far per configuration
    match_played = 0
    report = static
    # One bar up to the budget (every configuration's and match's games), to its end when the run decides.
    with record_log(options.log) as write, \
            progress(schedule.total, f"{simulation.game} check", options.progress, up_to=True) as bar:
        batches = Batches(simulation, model, schedule, options, write, bar=bar)
        tallies, skill_tallies = batches.tallies, batches.skill_tallies
        playability = len(configurations) * schedule.games
        running = set(played)
        verdicts: dict[str, Outcome] = {}  # every test's first verdict, kept over the looks (RATIO)
        decided_at: dict[str, int] = {}  # the games behind each verdict at the look that gave it
        match_labels = {match.label for match, _, _ in schedule.matches}
        for number, look in enumerate(plan.looks, start=1):
            bar.step(f"look {number} of {len(plan.looks)}")
            match_games = plan.match_games(look) if schedule.matches else 0
            if sequential.skill_decided(report if report is not static else None):
                match_games = match_played  # the luck test has its verdict: the matches rest
            numbers = [c * schedule.games + i for c in sorted(running) for i in range(played[c], look)]
            numbers += [playability + m * schedule.match_games + j for m in range(len(schedule.matches))
                        for j in range(match_played, match_games)]
            batches.play(numbers)
            played.update(dict.fromkeys(running, look))
            match_played = match_games
            if on_look is not None:
                on_look(look, tallies, skill_tallies)
            report = copy.deepcopy(static)
            plan.prepare(report, look, verdicts)
            judge(simulation, model, report, configurations, tallies, schedule.games,
                  {match: tally for match, tally in skill_tallies.items() if tally.games})
            # A configuration's verdict at its games per configuration, a skill match's at the match's own games
            decided_at |= {test: match_games if test.rpartition(": ")[0] in match_labels else look
                           for test in verdicts if test not in decided_at}
            if sequential.decided(report):
                break
            if plan.keeps_verdicts:  # each test keeps its first verdict: a configuration may stop on its own
                running = sequential.open_configurations(report, configurations, running)
    report.games_drawn = batches.picker.picked()
    report.sequential = plan.to_json(max(played.values(), default=0), sequential.decided(report))
    report.sequential["games_per_configuration"] = {c.label: played[i] for i, c in enumerate(configurations)}
    report.sequential["games_played"] = sum(played.values()) + match_played * len(schedule.matches)
    if plan.keeps_verdicts:
        report.sequential["decided_at"] = decided_at
    return report
