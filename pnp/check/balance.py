"""Balance: is a set fair to every seat, does skill matter, how long is a game.

Every figure comes with an interval at the run's confidence, so a seat advantage or a skill edge is
called only when the games behind it support it. Balance findings are reported apart from the
playability verdict; `--strict` makes them fail the check.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pnp.check.compensation import DIFFERENCE, effect, propose
from pnp.check.confidence import (
    Interval,
    Kind,
    Outcome,
    ThresholdTest,
    mean_interval,
    seat_advantage_test,
    share_test,
    wilson,
    z_value,
)
from pnp.check.limits import SEAT_ADVANTAGE, SKILL_SHARE, BalanceLimits
from pnp.check.measures import measure_figures
from pnp.check.ratings import Result, rating_figures
from pnp.check.report import describe, games_to_decide
from pnp.check.sprt import MIN_OBSERVATIONS
from pnp.players.levels import STANDARD_LEVELS, name_of

if TYPE_CHECKING:
    from pnp.check.protocol import Configuration
    from pnp.check.report import CheckReport
    from pnp.check.stats import Histogram, Tally

@dataclass(frozen=True)
class Match:
    """A head-to-head pairing: `player` against `opponent`, each deal played with both seatings."""

    player: str
    opponent: str

    @property
    def label(self) -> str:
        return f"{self.player} vs {self.opponent}"


def matches(players: tuple[str, ...]) -> list[Match]:
    """Every stronger player against every weaker one; `players` runs from weakest to strongest.
    The strongest against random comes first: it decides whether the game is one of luck."""
    pairs = [Match(players[i], players[j]) for i in range(len(players)) for j in range(i)]
    pairs.sort(key=lambda m: (m.opponent != players[0] or m.player != players[-1], -players.index(m.player)))
    return pairs


def length(tally: Tally) -> dict[str, Any]:
    """Turns (and rounds) per game: mean and quartiles."""
    figures = {"turns_per_game": quartiles(tally.histogram("turns"))}
    rounds = tally.histogram("rounds")
    if rounds.count and max(rounds.counts) > 1:
        figures["rounds_per_game"] = quartiles(rounds)
    return figures


def quartiles(values: Histogram) -> dict[str, float]:
    return {"mean": round(values.mean, 2), "q1": round(values.quantile(0.25), 2),
            "median": round(values.quantile(0.5), 2), "q3": round(values.quantile(0.75), 2)}


def fairness(report: CheckReport, label: str, tally: Tally, limits: BalanceLimits) -> dict[str, Any]:
    """Seat win shares (ties split) with intervals, the seat advantage with its test, mean scores."""
    games, confidence = tally.games, report.confidence
    shares = [wilson(w, games, confidence) for w in tally.seat_wins]
    high = max(range(len(shares)), key=lambda seat: shares[seat].estimate)
    # Another seat than the best, also when all win alike ("seat 1 wins 50%, seat 2 50%").
    low = min((seat for seat in range(len(shares)) if seat != high), key=lambda seat: shares[seat].estimate,
              default=high)
    # The advantage is a difference of two win shares: its zone is twice a share's.
    paired = paired_seat_test(tally, limits.max_seat_advantage, confidence)
    test = report.zoned(paired or seat_advantage_test(SEAT_ADVANTAGE, tally.seat_wins, games,
                                                      limits.max_seat_advantage, confidence), shares=2, where=label)
    outcome = test.outcome
    what = f"seat {high + 1} wins {shares[high].estimate:.1%}, seat {low + 1} {shares[low].estimate:.1%}: advantage"
    report.note_at_limit(test, f"seat advantage, {label}: {describe(test, what, True)}")
    if outcome is Outcome.FAIL:
        report.findings.append(f"seat advantage, {label}: {describe(test, what, True)}")
    elif outcome is Outcome.UNDECIDED:
        report.balance.setdefault("undecided", []).append(
            f"seat advantage, {label}: {describe(test, what, True)}: {report.undecided_clause(test)}")
    return {
        "seat_win_shares": [s.to_json() for s in shares],
        "tie_share": round(tally.ties / games, 4) if games else 0.0,
        "seat_advantage": {**test.interval.to_json(), "limit": limits.max_seat_advantage,
                           "outcome": outcome.value, "games_to_decide": games_to_decide(test),
                           **({"interval": "paired", "pairs": tally.pairs.count} if paired else {})},
        "seat_mean_scores": [round(s / games, 2) if games else 0.0 for s in tally.seat_score_sums],
    }


def paired_seat_test(tally: Tally, limit: float, confidence: float) -> ThresholdTest | None:
    """The seat advantage of two seats whose games come in pairs of one deal, as dealt and with the seats'
    hands and draws exchanged: the size of seat 1's mean edge over the pairs, its interval that of the
    pairs' mean (their spread taken from them, skew allowed for), on the leading seat's side. The luck of
    the deal falls on both seats of a pair, so the pairs vary less than single games. None for games not
    paired, or while too few pairs are in for their spread to mean something (the binomial interval then)."""
    if not tally.paired or tally.pairs.count < MIN_OBSERVATIONS:
        return None
    edge = tally.seat_edge()
    # A pair's score (-2 to 2) halved is its edge a game; the interval is the leading seat's.
    interval = mean_interval(tally.pairs, confidence, 0.5 if edge.mean >= 0 else -0.5)
    return ThresholdTest(SEAT_ADVANTAGE, interval, limit, False, edge.games, math.sqrt(edge.variance), confidence,
                         kind=Kind.DIFFERENCE,
                         interval_at=lambda level: mean_interval(tally.pairs, level, 0.5 if edge.mean >= 0 else -0.5))


def skill(report: CheckReport, match: Match, tally: Tally, limits: BalanceLimits,
          judged: bool) -> dict[str, Any]:
    """`match.player`'s win share (seat 1 of the tally, whichever seat it sat in) with its interval.
    The judged match (the strongest player against random) names a game of luck."""
    games, confidence = tally.games, report.confidence
    paired = paired_skill_test(tally, limits.min_skill_share, confidence)
    win = paired.interval if paired is not None else wilson(tally.seat_wins[0], games, confidence)
    figures: dict[str, Any] = {
        "player": match.player, "opponent": match.opponent, "games": games,
        "win_share": win.to_json(), "tie_share": round(tally.ties / games, 4) if games else 0.0,
        "mean_scores": [round(s / games, 2) if games else 0.0 for s in tally.seat_score_sums],
        "interval": "paired" if paired is not None else "binomial",
    }
    if judged and games:
        test = report.zoned(paired or share_test(SKILL_SHARE, tally.seat_wins[0], games, limits.min_skill_share,
                                                 at_least=True, confidence=confidence), where=match.label)
        what = f"the {match.player} player's win share against the {match.opponent} player"
        report.note_at_limit(test, f"game of luck: {describe(test, what, True)}")
        outcome = test.outcome
        figures["luck_test"] = {"limit": limits.min_skill_share, "outcome": outcome.value,
                                "games_to_decide": games_to_decide(test)}
        if outcome is Outcome.FAIL:
            report.findings.append(f"game of luck: {describe(test, what, True)}")
        elif outcome is Outcome.UNDECIDED:
            report.balance.setdefault("undecided", []).append(
                f"game of luck: {describe(test, what, True)}: {report.undecided_clause(test, skill_match=True)}")
    return figures


def paired_skill_test(tally: Tally, minimum: float, confidence: float) -> ThresholdTest | None:
    """The luck test on the pairs of a match's games (one deal with both seatings): each pair's mean win
    share of the player, the interval of their mean from the pairs' own spread. The two seatings share
    the deal's luck, so the pairs vary less than single games and the interval is tighter than the
    binomial one. None while there are too few pairs for their spread to mean something (the binomial
    interval then)."""
    pairs, mean, spread = tally.paired_share()
    if pairs < MIN_OBSERVATIONS:
        return None
    interval = _paired_share_interval(mean, spread, pairs, confidence)
    # One game's spread: the interval narrows as for `games` games of this spread.
    return ThresholdTest(SKILL_SHARE, interval, minimum, True, tally.games, spread * math.sqrt(2), confidence,
                         kind=Kind.DIFFERENCE,
                         interval_at=lambda level: _paired_share_interval(mean, spread, pairs, level))


def _paired_share_interval(mean: float, spread: float, pairs: int, confidence: float) -> Interval:
    """The pairs' mean share and its normal interval, taken with two more pairs, one lost and one won (the
    remedy of Agresti and Coull for a share's interval): pairs all won have no spread, and without them the
    interval would shrink to the point however few the pairs."""
    count = pairs + 2
    centre = (mean * pairs + 1) / count
    squares = spread * spread * (pairs - 1) + pairs * mean * mean + 1  # the pairs' squares and the two more
    variance = max(0.0, (squares - count * centre * centre) / (count - 1))
    half = z_value(confidence) * math.sqrt(variance / count)
    return Interval(mean, max(0.0, min(mean, centre - half)), min(1.0, max(mean, centre + half)))


def ratings(skill_tallies: dict[Match, Tally], limits: BalanceLimits, confidence: float) -> dict[str, Any]:
    """Bradley-Terry ratings of the matrix's players from every match, the weakest at 0."""
    names = {m.player for m in skill_tallies} | {m.opponent for m in skill_tallies}
    # Every player is the stronger side against each weaker one: the weakest never, the strongest always.
    players = sorted(names, key=lambda name: sum(m.player == name for m in skill_tallies))
    results = [Result(m.player, m.opponent, tally.seat_wins[0], tally.games) for m, tally in skill_tallies.items()]
    levels = {player: name_of(STANDARD_LEVELS, player) for player in players}
    return rating_figures(players, results, limits.min_skill_share, confidence,
                          {p: level for p, level in levels.items() if level != p})


def compare_levels(report: CheckReport, configurations: tuple[Configuration, ...], tallies: dict[str, Tally],
                   limits: BalanceLimits) -> None:
    """For each configuration played with one strength level in every seat (`--seat-levels`): does the
    seat finding of the spec's players hold for it too, and what does their compensation do to it."""
    entries = report.balance["configurations"]
    comparisons = []
    for configuration in configurations:
        if configuration.level is None or configuration.label not in entries:
            continue
        base = replace(configuration, level=None, seats=()).label
        if base not in entries or "seat_advantage" not in entries[base]:
            continue
        ours, theirs = entries[configuration.label], entries[base]
        outcomes = (theirs["seat_advantage"]["outcome"], ours["seat_advantage"]["outcome"])
        if outcomes[0] == outcomes[1] and outcomes[0] != Outcome.UNDECIDED.value:
            verdict = "holds for both" if outcomes[0] == Outcome.FAIL.value else "no advantage for either"
        elif Outcome.UNDECIDED.value in outcomes:
            verdict = "undecided for one of them"
        else:
            verdict = "differs: an advantage only " + ("with the spec's players" if outcomes[0] == Outcome.FAIL.value
                                                        else f"with {configuration.level} players")
        comparison = {"configuration": base, "level": configuration.level,
                      "spec_players": theirs["seat_advantage"],
                      "level_players": ours["seat_advantage"], "seat_finding": verdict}
        proposal = theirs.get("compensation")
        if proposal:
            comparison["compensation_effect"] = effect(tallies[configuration.label].histogram(DIFFERENCE),
                                                       proposal["seat"] - 1, proposal["points"],
                                                       limits.max_seat_advantage, report.confidence)
        comparisons.append(comparison)
    if comparisons:
        report.balance["seats_by_level"] = comparisons


def by_symmetry(tally: Tally, limits: BalanceLimits, reason: str) -> dict[str, Any]:
    """The seat figures of a configuration whose seats the rules make alike: the shares as played, and
    a seat advantage of exactly 0 with the reason, no test."""
    games = tally.games
    return {
        "seat_win_shares": [share.to_json() for share in (wilson(w, games) for w in tally.seat_wins)],
        "tie_share": round(tally.ties / games, 4) if games else 0.0,
        "seat_advantage": {"estimate": 0.0, "low": 0.0, "high": 0.0, "limit": limits.max_seat_advantage,
                           "outcome": Outcome.PASS.value, "games_to_decide": 0, "by_symmetry": reason},
        "seat_mean_scores": [round(s / games, 2) if games else 0.0 for s in tally.seat_score_sums],
    }


def judge_balance(report: CheckReport, configurations: tuple[Configuration, ...], tallies: dict[str, Tally],
                  skill_tallies: dict[Match, Tally], limits: BalanceLimits,
                  symmetric: dict[str, str] | None = None) -> None:
    """Fill `report.balance` and `report.findings`; under --strict the findings fail the check.
    `symmetric`: the configurations whose seats are alike by the rules (label -> why): their seat
    advantage is 0, reported so, not tested."""
    report.balance = {"confidence": report.confidence, "max_seat_advantage": limits.max_seat_advantage,
                      "min_skill_share": limits.min_skill_share, "findings": report.findings}
    per_configuration: dict[str, Any] = {}
    for configuration in configurations:
        tally = tallies[configuration.label]
        if not tally.games:
            continue
        entry: dict[str, Any] = {"games": tally.games}
        if configuration.players > 1 and configuration.label in (symmetric or {}):
            entry |= by_symmetry(tally, limits, (symmetric or {})[configuration.label])
        elif configuration.players > 1:
            entry |= fairness(report, configuration.label, tally, limits)
            if entry["seat_advantage"]["outcome"] == Outcome.FAIL.value:
                proposal = propose(tally.histogram(DIFFERENCE), tally.seat_wins, limits.max_seat_advantage,
                                   report.confidence)
                if proposal:
                    entry["compensation"] = proposal
        entry |= length(tally)
        measures = measure_figures(tally, report.confidence)
        if measures:
            entry["measures"] = measures
        per_configuration[configuration.label] = entry
    report.balance["configurations"] = per_configuration
    compare_levels(report, configurations, tallies, limits)
    if skill_tallies:
        judged = next(iter(skill_tallies))
        report.balance["skill"] = {match.label: skill(report, match, tally, limits, match == judged)
                                   for match, tally in skill_tallies.items()}
        played = {match: tally for match, tally in skill_tallies.items() if tally.games}
        if played:
            report.balance["ratings"] = ratings(played, limits, report.confidence)
    if report.strict:
        for finding in report.findings:
            report.fail(f"balance (--strict): {finding}")
        report.undecided += [f"balance (--strict): {u}" for u in report.balance.get("undecided", [])]
