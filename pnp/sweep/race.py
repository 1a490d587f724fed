"""`pnp sweep --games auto`: the variants race. Every variant plays to the looks of pnp.check.sequential;
after each look a variant stops when it is out (it breaks a limit, or its seat advantage is clearly
worse than the leader's), and the others play on until every test is decided and either one contender
is left or the contenders are shown to be tied (every two of their seat advantages within the tolerance
of each other), or the budget is spent. The variants still tied then are named, with about how many
games would separate them.

By default two variants are compared on the same deals (pnp.sweep.
paired): the per-seed difference of their seat advantages, its spread from the games, and a ratio test
of "worse by the seat advantage's zone" against "no worse" in each direction. With the fixed looks of
`--tolerance 0` the two advantages' intervals are combined as if independent, at the look's confidence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from pnp.check import sequential
from pnp.check.sprt import Side
from pnp.games.base import Game
from pnp.progress import progress
from pnp.sweep.paired import near_best, paired_difference
from pnp.sweep.run import Sweep, Variant, advance, budget, judge_variant


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


@dataclass(frozen=True)
class Difference:
    """One variant's seat advantage less another's, with its interval."""

    estimate: float
    low: float
    high: float

    def within(self, zone: float) -> bool:
        """The whole interval inside +- zone: the two seat advantages are shown to differ by less."""
        return zone > 0 and -zone < self.low and self.high < zone

    def to_json(self) -> dict[str, float]:
        return {"estimate": round(self.estimate, 4), "low": round(self.low, 4), "high": round(self.high, 4)}


@dataclass(frozen=True)
class Comparing:
    """How a race compares two variants: on the same deals with ratio tests (`paired`), or by their
    intervals as independent figures; `confidence` of the paired intervals and tests."""

    paired: bool = False
    confidence: float = 0.95


INDEPENDENT = Comparing()


def comparing(plan: sequential.Plan) -> Comparing:
    return Comparing(plan.paired, plan.confidence)


def difference(variant: Variant, other: Variant, how: Comparing = INDEPENDENT) -> Difference | None:
    """`variant`'s seat advantage less `other`'s: paired, the mean of the per-seed differences with its
    interval from their spread; else `independent_difference`."""
    if not how.paired:
        return independent_difference(variant, other)
    found = paired_difference(variant.seat_record, other.seat_record)
    if found is None:
        return None
    interval = found.interval(how.confidence)
    return Difference(interval.estimate, interval.low, interval.high)


def independent_difference(variant: Variant, other: Variant) -> Difference | None:
    """`variant`'s seat advantage less `other`'s, with an interval at the confidence of theirs: each end
    is the root of the summed squares of the two intervals' distances from their estimates on that side
    (the method of variance estimates recovery, for two independent figures). The variants' games are
    taken as independent; they share the deals' seeds, which if anything makes their figures agree more."""
    mine, theirs = advantage(variant), advantage(other)
    if mine is None or theirs is None:
        return None
    gap = mine.estimate - theirs.estimate
    below = math.hypot(mine.estimate - mine.low, theirs.high - theirs.estimate)
    above = math.hypot(mine.high - mine.estimate, theirs.estimate - theirs.low)
    return Difference(gap, gap - below, gap + above)


def tie_zone(tolerance: float) -> float:
    """How close two seat advantages must be shown to be to count as tied: the zone the seat advantage's
    own test gets from the tolerance (twice it, the advantage being a difference of two win shares)."""
    return 2 * tolerance


def shown_tied(contenders: list[Variant], zone: float, how: Comparing = INDEPENDENT) -> bool:
    """At least two contenders, and every two of them shown within `zone` of each other: paired, by the
    ratio tests of their per-seed differences; else by the interval of their difference."""
    if len(contenders) < 2:
        return False
    pairs = [(a, b) for i, a in enumerate(contenders) for b in contenders[i + 1:]]
    if how.paired:
        found = [paired_difference(a.seat_record, b.seat_record) for a, b in pairs]
        return all(d is not None and d.within(zone, how.confidence) for d in found)
    return all(d is not None and d.within(zone) for d in (difference(a, b) for a, b in pairs))


def clearly_worse(variant: Variant, leader: Variant, how: Comparing = INDEPENDENT, zone: float = 0.0) -> bool:
    """Paired: the ratio test shows `variant`'s seat advantage worse than the leader's by the zone; else its
    interval lies wholly above the leader's."""
    if how.paired and zone > 0:
        found = paired_difference(variant.seat_record, leader.seat_record)
        return found is not None and found.worse_by(zone, how.confidence) is Side.HIGH
    mine, theirs = advantage(variant), advantage(leader)
    return mine is not None and theirs is not None and mine.low > theirs.high


def games_to_separate(variant: Variant, leader: Variant, how: Comparing = INDEPENDENT) -> int | None:
    """About how many games per configuration each would make the interval of the two seat advantages'
    difference leave 0, if the estimates held (intervals narrow with the square root of the games); None
    when the estimates are equal."""
    found = difference(variant, leader, how)
    if found is None or found.estimate == 0 or variant.played == 0:
        return None
    width = found.estimate - found.low if found.estimate > 0 else found.high - found.estimate
    return max(variant.played, math.ceil(variant.played * (width / found.estimate) ** 2))


def leader(contenders: list[Variant]) -> Variant | None:
    """The contender that passes with the smallest seat advantage (the first in grid order on ties)."""
    from pnp.sweep.results import state

    passing = [v for v in contenders if state(v) == "pass"]
    scored = [(a.estimate if (a := advantage(v)) else 0.0, v.number, v) for v in passing]
    return min(scored)[2] if scored else None


def race(game: Game, sweep: Sweep) -> Sweep:

    options = sweep.options
    plan = sequential.plan(options.confidence, options.max_games, tolerance=options.tolerance,
                           method=options.method)
    running = [position for position, variant in enumerate(sweep.variants) if variant.schedule is not None]
    # One bar up to the budget of every variant, to its end when the race stops sooner.
    with progress(budget(sweep.variants), f"{sweep.game} sweep", options.progress, up_to=True) as bar:
        for number, look in enumerate(plan.looks, start=1):
            if not running:
                break
            bar.step(f"look {number} of {len(plan.looks)}, {len(running)} variant{'s' if len(running) > 1 else ''}")
            advance(game, sweep, {position: (look, match_games(sweep.variants[position], plan, look))
                                  for position in running}, bar)
            for position in running:
                judge_variant(game, sweep.variants[position], options, plan.look_confidence)
            near = near_confidence(plan, sum(v.simulated for v in sweep.variants)) if plan.interval_look(look) \
                else None
            running = _still_running(sweep, running, look == plan.looks[-1], comparing(plan), near)
    sweep.race = race_summary(sweep, plan)
    return sweep


def near_confidence(plan: sequential.Plan, variants: int) -> float | None:
    """The confidence of each interval of the near-best rule (pnp.sweep.paired.near_best) at a look: the
    race's error `1 - confidence` split evenly over the looks that read it and, at each, over the intervals
    any leader could need (every variant's level, every pair's difference: the leader is picked by the
    games). None for a race of independent intervals or without a zone."""
    if not plan.paired or plan.tolerance <= 0 or variants < 2:
        return None
    intervals = variants + variants * (variants - 1) // 2
    return 1 - (1 - plan.confidence) / (len(plan.interval_looks or plan.looks) * intervals)


def shown_near_best(chosen: Variant, contenders: list[Variant], zone: float, confidence: float | None) -> bool:
    """The chosen variant's seat advantage shown within `zone` of every other contender's, or above none of
    them by more (pnp.sweep.paired.near_best): the race may stop with it named best."""
    rivals = [v.seat_record for v in contenders if v is not chosen]
    return confidence is not None and bool(rivals) and near_best(chosen.seat_record, rivals, zone, confidence)


def match_games(variant: Variant, plan: sequential.Plan, look: int) -> int:
    """The skill match's games at a look: a quarter of the look's, until its luck test is decided."""
    if variant.schedule is None or not variant.schedule.matches:
        return 0
    if sequential.skill_decided(variant.report if variant.played else None):
        return variant.match_played
    return plan.match_games(look)


def _still_running(sweep: Sweep, running: list[int], last: bool, how: Comparing = INDEPENDENT,
                   near: float | None = None) -> list[int]:
    """The variants that play on after a look: not out, and either undecided or tied with the leader."""
    from pnp.sweep.results import state

    variants = sweep.variants
    contenders = [variants[p] for p in running]
    for variant in contenders:
        if state(variant) == "fail":
            variant.out = f"out after {variant.played} games: it breaks a limit"
    best = leader([v for v in contenders if not v.out])
    for variant in contenders:
        if not variant.out and best is not None and variant is not best \
                and clearly_worse(variant, best, how, tie_zone(sweep.options.tolerance)):
            variant.out = f"out after {variant.played} games: seat advantage clearly above variant {best.number}'s"
    alive = [p for p in running if not variants[p].out]
    tied = [p for p in alive if state(variants[p]) == "pass"]
    if not any(state(variants[p]) == "undecided" for p in alive) and len(tied) <= 1:
        return []  # every test decided and one contender left (or none)
    if not any(state(variants[p]) == "undecided" for p in alive) \
            and shown_tied([variants[p] for p in tied], tie_zone(sweep.options.tolerance), how):
        return []  # every test decided and the contenders tied: more games would only tell apart what
        # the tolerance says not to
    if not any(state(variants[p]) == "undecided" for p in alive) and best is not None \
            and shown_near_best(best, [variants[p] for p in tied], tie_zone(sweep.options.tolerance), near):
        sweep.near_best = True
        return []  # the leader's advantage shown within the zone of every other's: it is (near) the best
    if last:
        return []
    if all(state(variants[p]) == "pass" for p in alive) and best is not None \
            and all(advantage(variants[p]) is None for p in alive):
        return []  # nothing left to race on: without a seat advantage, the rule's later steps decide
    return alive


def race_summary(sweep: Sweep, plan: sequential.Plan) -> dict[str, Any]:
    """The plan of looks, the games played, the variants still tied with the best, each one's seat
    advantage less the best's, and about how many games per configuration would separate each from it;
    `tied_within`: the zone the tied variants were shown to lie within of each other, or None while they
    were not (the budget was spent first)."""
    from pnp.sweep.results import best, state

    chosen = best(sweep)
    how = comparing(plan)
    zone = tie_zone(plan.tolerance)
    tied = [v for v in sweep.variants if state(v) == "pass" and not v.out and v is not chosen
            and chosen is not None and advantage(v) is not None and not clearly_worse(v, chosen, how, zone)]
    played = sum(v.played * len(v.configurations) + v.match_played * len(v.skill_tallies) for v in sweep.variants)
    near = bool(tied) and sweep.near_best
    within = chosen is not None and bool(tied) and (near or shown_tied([chosen, *tied], zone, how))
    open_tests = any(state(v) == "undecided" for v in sweep.variants if not v.out)
    decided = (not tied or within) and not open_tests
    differences = {str(v.number): {**d.to_json(), "games": v.played}
                   for v in tied if chosen and (d := difference(v, chosen, how))}
    return {**plan.to_json(played, decided),
            "comparison": "paired: per-seed differences on the same deals" if how.paired else "independent intervals",
            "games_per_variant": {str(v.number): v.played for v in sweep.variants if v.simulated},
            "tied": [v.number for v in tied],
            "tied_within": zone if within else None,
            "near_best": near,
            "differences": differences,
            "games_to_separate": {str(v.number): games_to_separate(v, chosen, how) for v in tied if chosen},
            "out": {str(v.number): v.out for v in sweep.variants if v.out}}
