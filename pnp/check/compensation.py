"""A compensation for a seat advantage in two-player games: points for the seat behind, found by a
small sweep over the games already played.

A points handicap changes no move of the simulated players (they play for the points a move gains,
not for the totals), so its effect on the games played is exact: with `bonus` points for seat 1,
seat 1 wins a game whose score difference (seat 2 less seat 1) is below `bonus` and ties one where
it equals it. The tally keeps that difference per game (`good:score_difference`). The proposal is
the smallest bonus that brings the seat advantage nearest 0; its effect is the seat advantage test
on the same games with the bonus, and the same bonus is then measured on the games of every other
seating of that configuration (the strongest players in both seats), which did not choose it.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from pnp.check.confidence import seat_advantage_test, wilson

if TYPE_CHECKING:
    from pnp.check.stats import Histogram

DIFFERENCE = "good:score_difference"  # seat 2's final score less seat 1's, per two-seat game


def seat_wins_with_bonus(differences: Histogram, seat: int, bonus: int) -> list[float]:
    """Each seat's wins (ties split) with `bonus` points added to `seat` (0 or 1)."""
    first = 0.0
    for difference, games in differences.counts.items():
        edge = difference if seat == 0 else -difference  # the other seat's lead over the bonused one
        if edge < bonus:
            first += games
        elif edge == bonus:
            first += games / 2
    bonused_wins = first
    other = differences.count - bonused_wins
    return [bonused_wins, other] if seat == 0 else [other, bonused_wins]


def effect(differences: Histogram, seat: int, bonus: int, limit: float, confidence: float) -> dict[str, Any]:
    """Seat win shares and the seat advantage test with the bonus, on these games."""
    games = differences.count
    wins = seat_wins_with_bonus(differences, seat, bonus)
    test = seat_advantage_test("check.max_seat_advantage", wins, games, limit, confidence)
    return {"seat_win_shares": [wilson(w, games, confidence).to_json() for w in wins],
            "seat_advantage": {**test.interval.to_json(), "outcome": test.outcome.value}}


def propose(differences: Histogram, seat_wins: list[float], limit: float, confidence: float) -> dict[str, Any] | None:
    """The bonus for the seat that wins less often that brings the advantage nearest 0, and its effect;
    None when no bonus helps (or the games kept no score differences)."""
    if not differences.count or len(seat_wins) != 2:
        return None
    seat = 0 if seat_wins[0] < seat_wins[1] else 1
    largest = max(abs(d) for d in differences.counts)

    def imbalance(bonus: int) -> float:
        wins = seat_wins_with_bonus(differences, seat, bonus)
        return abs(wins[0] - wins[1])

    bonus = min(range(largest + 1), key=lambda b: (imbalance(b), b))
    if bonus == 0:
        return None
    rule = f"seat {seat + 1} starts with {bonus} point{'' if bonus == 1 else 's'}"
    return {"seat": seat + 1, "points": bonus, "rule": rule, **effect(differences, seat, bonus, limit, confidence)}


def compensation_html(balance: dict[str, Any]) -> str:
    """The proposed compensations and the comparison of seatings, for the report's balance section."""
    items = []
    for label, entry in balance.get("configurations", {}).items():
        proposal = entry.get("compensation")
        if proposal:
            after = proposal["seat_advantage"]
            items.append(f"<li>{escape(label)}: proposed compensation <strong>{escape(proposal['rule'])}</strong>; "
                         f"on these games the seat advantage becomes {_percent(after)}: "
                         f"{escape(after['outcome'])}</li>")
    for comparison in balance.get("seats_by_level", []):
        spec, level = comparison["spec_players"], comparison["level_players"]
        text = (f"{escape(comparison['configuration'])}: seat advantage {_percent(spec)} with the spec's players, "
                f"{_percent(level)} with {escape(comparison['level'])} players in every seat: "
                f"<strong>{escape(comparison['seat_finding'])}</strong>")
        if "compensation_effect" in comparison:
            after = comparison["compensation_effect"]["seat_advantage"]
            text += f"; with the proposed compensation {_percent(after)}: {escape(after['outcome'])}"
        items.append(f"<li>{text}</li>")
    return f"<h3>Seats with stronger players, and compensations</h3><ul>{''.join(items)}</ul>" if items else ""


def _percent(figure: dict[str, Any]) -> str:
    return f"{figure['estimate']:.1%} ({figure['low']:.1%} to {figure['high']:.1%})"
