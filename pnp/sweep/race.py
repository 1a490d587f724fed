"""`pnp sweep --games auto`: the variants race. Every variant plays to the looks of pnp.check.sequential;
after each look a variant stops when it is out (it breaks a limit, or its seat advantage is clearly
worse than the leader's: its interval lies wholly above the leader's), and the others play on until
every test is decided and one contender is left, or the budget is spent. The variants still tied then
are named, with about how many games would separate them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from pnp.check import sequential
from pnp.games.base import Game
from pnp.sweep.run import Sweep, Variant, advance, judge_variant


@dataclass(frozen=True)
class Advantage:
    """A variant's seat advantage where it is largest over its configurations, with its interval."""

    estimate: float
    low: float
    high: float


def advantage(variant: Variant) -> Advantage | None:
    if variant.report is None:
        return None
    found = [entry["seat_advantage"] for entry in variant.report.balance.get("configurations", {}).values()
             if isinstance(entry.get("seat_advantage"), dict)]
    if not found:
        return None
    worst = max(found, key=lambda figure: figure["estimate"])
    return Advantage(worst["estimate"], worst["low"], worst["high"])


def clearly_worse(variant: Variant, leader: Variant) -> bool:
    mine, theirs = advantage(variant), advantage(leader)
    return mine is not None and theirs is not None and mine.low > theirs.high


def games_to_separate(variant: Variant, leader: Variant) -> int | None:
    """About how many games per configuration would make the two intervals part, if the estimates held
    (intervals narrow with the square root of the games); None when the estimates are equal."""
    mine, theirs = advantage(variant), advantage(leader)
    if mine is None or theirs is None:
        return None
    gap = mine.estimate - theirs.estimate
    widths = (mine.high - mine.low + theirs.high - theirs.low) / 2
    if gap <= 0 or variant.played == 0:
        return None
    return math.ceil(variant.played * (widths / gap) ** 2)


def leader(contenders: list[Variant]) -> Variant | None:
    """The contender that passes with the smallest seat advantage (the first in grid order on ties)."""
    from pnp.sweep.results import state

    passing = [v for v in contenders if state(v) == "pass"]
    scored = [(a.estimate if (a := advantage(v)) else 0.0, v.number, v) for v in passing]
    return min(scored)[2] if scored else None


def race(game: Game, sweep: Sweep) -> Sweep:

    options = sweep.options
    plan = sequential.plan(options.confidence, options.max_games, tolerance=options.tolerance)
    running = [position for position, variant in enumerate(sweep.variants) if variant.schedule is not None]
    for look in plan.looks:
        if not running:
            break
        advance(game, sweep, {position: (look, match_games(sweep.variants[position], plan, look))
                              for position in running})
        for position in running:
            judge_variant(game, sweep.variants[position], options, plan.look_confidence)
        running = _still_running(sweep, running, look == plan.looks[-1])
    sweep.race = race_summary(sweep, plan)
    return sweep


def match_games(variant: Variant, plan: sequential.Plan, look: int) -> int:
    """The skill match's games at a look: a quarter of the look's, until its luck test is decided."""
    if variant.schedule is None or not variant.schedule.matches:
        return 0
    if sequential.skill_decided(variant.report if variant.played else None):
        return variant.match_played
    return plan.match_games(look)


def _still_running(sweep: Sweep, running: list[int], last: bool) -> list[int]:
    """The variants that play on after a look: not out, and either undecided or tied with the leader."""
    from pnp.sweep.results import state

    variants = sweep.variants
    contenders = [variants[p] for p in running]
    for variant in contenders:
        if state(variant) == "fail":
            variant.out = f"out after {variant.played} games: it breaks a limit"
    best = leader([v for v in contenders if not v.out])
    for variant in contenders:
        if not variant.out and best is not None and variant is not best and clearly_worse(variant, best):
            variant.out = f"out after {variant.played} games: seat advantage clearly above variant {best.number}'s"
    alive = [p for p in running if not variants[p].out]
    tied = [p for p in alive if state(variants[p]) == "pass"]
    if not any(state(variants[p]) == "undecided" for p in alive) and len(tied) <= 1:
        return []  # every test decided and one contender left (or none)
    if last:
        return []
    if all(state(variants[p]) == "pass" for p in alive) and best is not None \
            and all(advantage(variants[p]) is None for p in alive):
        return []  # nothing left to race on: without a seat advantage, the rule's later steps decide
    return alive


def race_summary(sweep: Sweep, plan: sequential.Plan) -> dict[str, Any]:
    """The plan of looks, the games played, the variants still tied with the best and about how many
    games per configuration would separate each from it."""
    from pnp.sweep.results import best, state

    chosen = best(sweep)
    tied = [v for v in sweep.variants if state(v) == "pass" and not v.out and v is not chosen
            and chosen is not None and advantage(v) is not None and not clearly_worse(v, chosen)]
    played = sum(v.played * len(v.configurations) + v.match_played * len(v.skill_tallies) for v in sweep.variants)
    decided = not tied and all(state(v) != "undecided" for v in sweep.variants if not v.out)
    return {**plan.to_json(played, decided),
            "tied": [v.number for v in tied],
            "games_to_separate": {str(v.number): games_to_separate(v, chosen) for v in tied if chosen},
            "out": {str(v.number): v.out for v in sweep.variants if v.out}}
