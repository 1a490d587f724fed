"""Measures of a good game, from every turn's scores: is the outcome open long, do leads change,
can a trailing player come back, how close are the games, how often is a player stuck.

A game's `Outcome.score_track` holds every seat's score after each turn (end bonuses in the final
scores); `game_measures` turns it into integer measures in the worker, the configuration's `Tally`
counts them, and `measure_figures` gives each a mean or a share with its interval. For one game:

- lead changes: how often the sole leader changes (a tie for the lead changes nothing; the first
  sole leader is no change);
- drama: the most points the eventual winner trailed the leader by, at any turn (0: never behind);
- decisiveness: the share of the game's turns after which the winner led alone to the end
  (0: led from the first turn; near 1: decided at the last);
- comeback: the winner trailed someone at half time;
- winning margin: the winner's final score less the runner-up's (0: a tie);
- blocked turns: turns on which the player to move could place nothing.

Drama, decisiveness and comeback need a sole winner; lead changes, drama, decisiveness, comeback
and margin need two or more seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pnp.check.confidence import Interval, mean_interval, wilson

if TYPE_CHECKING:
    from pnp.check.outcome import Outcome
    from pnp.check.stats import Histogram, Tally

PREFIX = "good:"  # the measures' names in a tally, apart from the game's own
PERMILLE = 1000  # decisiveness is counted in thousandths of a game (histograms hold integers)


def sole_leader(scores: Sequence[int]) -> int | None:
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


def lead_changes(track: Sequence[Sequence[int]]) -> int:
    changes, last = 0, None
    for scores in track:
        leader = sole_leader(scores)
        if leader is None:
            continue
        if last is not None and leader != last:
            changes += 1
        last = leader
    return changes


def drama(track: Sequence[Sequence[int]], winner: int) -> int:
    return max((max(scores) - scores[winner] for scores in track), default=0)


def decisiveness(track: Sequence[Sequence[int]], winner: int) -> float:
    """The share of turns played before the winner led alone for good."""
    if not track:
        return 0.0
    last_not_leading = max((turn for turn, scores in enumerate(track) if sole_leader(scores) != winner), default=-1)
    return (last_not_leading + 1) / len(track)


def comeback(track: Sequence[Sequence[int]], winner: int) -> bool:
    if not track:
        return False
    half = track[(len(track) + 1) // 2 - 1]
    return half[winner] < max(half)


def margin(final: Sequence[int]) -> int:
    ordered = sorted(final, reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else 0


def game_measures(track: Sequence[Sequence[int]], final: Sequence[int], blocked: int | None) -> dict[str, int]:
    """One game's measures (integers, names prefixed with PREFIX); the final scores close the track."""
    measures: dict[str, int] = {}
    if blocked is not None:
        measures[PREFIX + "blocked_turns"] = blocked
    if len(final) == 2:  # for a compensation of the seat behind (pnp.check.compensation)
        measures[PREFIX + "score_difference"] = final[1] - final[0]
    if len(final) < 2 or not track:
        return measures
    rows = list(track)
    if list(rows[-1]) != list(final):
        rows.append(final)
    measures[PREFIX + "lead_changes"] = lead_changes(rows)
    measures[PREFIX + "margin"] = margin(final)
    winner = sole_leader(final)
    if winner is not None:
        measures[PREFIX + "drama"] = drama(rows, winner)
        measures[PREFIX + "decisiveness"] = round(decisiveness(rows, winner) * PERMILLE)
        measures[PREFIX + "comeback"] = int(comeback(rows, winner))
    return measures


def outcome_measures(outcome: Outcome) -> dict[str, int]:
    """The measures of a played game, for a game that reports its score track (others: none)."""
    if not outcome.score_track and outcome.blocked_turns is None:
        return {}
    return game_measures(outcome.score_track, outcome.scores, outcome.blocked_turns)


def measure_interval(values: Histogram, confidence: float, scale: float = 1.0) -> Interval:
    """The mean of a histogram of counts (times `scale`) with its skew-corrected interval
    (pnp.check.confidence.mean_interval), cut at 0."""
    mean = values.mean * scale
    if values.count < 2:
        return Interval(mean, mean, mean)
    interval = mean_interval(values, confidence, scale)
    return Interval(mean, max(0.0, interval.low), interval.high)  # every measure counts something: never below 0


def measure_figures(tally: Tally, confidence: float) -> dict[str, Any]:
    """The configuration's measures for the JSON document (docs/protocol.md lists the keys)."""
    figures: dict[str, Any] = {}
    blocked = tally.histogram(PREFIX + "blocked_turns")
    if blocked.count:
        figures["blocked_turns_per_game"] = measure_interval(blocked, confidence).to_json(2)
        figures["games_with_a_blocked_turn"] = wilson(blocked.count - blocked.counts.get(0, 0), blocked.count,
                                                      confidence).to_json()
    changes = tally.histogram(PREFIX + "lead_changes")
    if not changes.count:
        return figures
    figures["lead_changes_per_game"] = measure_interval(changes, confidence).to_json(2)
    decided = tally.histogram(PREFIX + "comeback")
    if decided.count:
        figures["decided_games"] = decided.count
        figures["drama"] = measure_interval(tally.histogram(PREFIX + "drama"), confidence).to_json(2)
        figures["decisiveness"] = measure_interval(tally.histogram(PREFIX + "decisiveness"), confidence,
                                                1 / PERMILLE).to_json()
        figures["comeback_share"] = wilson(decided.total, decided.count, confidence).to_json()
    margins = tally.histogram(PREFIX + "margin")
    figures["winning_margin"] = {**measure_interval(margins, confidence).to_json(2),
                                 "q1": margins.quantile(0.25), "median": margins.quantile(0.5),
                                 "q3": margins.quantile(0.75), "histogram": margins.to_json()}
    return figures


def measure_lines(figures: dict[str, Any]) -> list[str]:
    """The measures of one configuration for the text output."""
    if not figures:
        return []

    def number(key: str, unit: str = "") -> str:
        f = figures[key]
        return f"{f['estimate']}{unit} ({f['low']}-{f['high']})"

    def percent(key: str) -> str:
        f = figures[key]
        return f"{f['estimate']:.1%} ({f['low']:.1%}-{f['high']:.1%})"

    lines = []
    if "lead_changes_per_game" in figures:
        lines.append(f"    lead changes per game: {number('lead_changes_per_game')}")
    if "drama" in figures:
        lines.append(f"    drama (most points the winner trailed by): {number('drama')}; comeback share "
                     f"(winner behind at half time): {percent('comeback_share')}")
        lines.append(f"    decisiveness (share of the game before the winner led for good): {percent('decisiveness')}")
    if "winning_margin" in figures:
        m = figures["winning_margin"]
        lines.append(f"    winning margin: mean {m['estimate']} ({m['low']}-{m['high']}), quartiles "
                     f"{m['q1']} / {m['median']} / {m['q3']}")
    if "blocked_turns_per_game" in figures:
        lines.append(f"    turns a player could not place: {number('blocked_turns_per_game')} per game; "
                     f"games with one: {percent('games_with_a_blocked_turn')}")
    return lines


CHARTS = (  # measure, title, x label, what to look for
    ("lead_changes", "Lead changes per game", "lead changes",
     "How often the sole leader changed. Many: the outcome stays open; none: whoever leads first wins."),
    ("drama", "Drama: how far behind the winner fell", "points behind the leader",
     "The most points the eventual winner trailed by. A game whose winners never trail has no drama."),
    ("decisiveness", "Decisiveness: when the winner took the lead for good", "thousandths of the game",
     "Near 0: decided from the start; near 1000: decided at the end."),
    ("comeback", "Comebacks", "winner behind at half time (1) or not (0)",
     "A game won by a player who trailed at half time is a comeback."),
    ("margin", "Winning margin", "points", "The winner's final score less the runner-up's; 0 is a tie."),
    ("blocked_turns", "Turns a player could not place", "turns per game",
     "Turns on which the player to move could place nothing (a skip, a pass or an empty turn)."),
)
