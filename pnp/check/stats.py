"""Statistics that accumulate as games come in, in memory that does not grow with the game count.

Every simulated figure is an integer observation (a score, a number of turns, a 0/1 flag), so an
integer histogram holds it exactly: means, shares and quantiles come out the same as from the list of
all values, while the memory is bounded by the number of distinct values.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.check.outcome import Outcome


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (the common 'type 7' definition)."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q
    low = int(pos)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (pos - low)


def summary(values: Iterable[float]) -> dict[str, float]:
    """count, mean, min, q1, median, q3, max of a few values at hand (static checks, tests)."""
    data = sorted(values)
    if not data:
        return {"count": 0}
    return {
        "count": len(data),
        "mean": round(sum(data) / len(data), 3),
        "min": data[0],
        "q1": round(quantile(data, 0.25), 3),
        "median": round(quantile(data, 0.5), 3),
        "q3": round(quantile(data, 0.75), 3),
        "max": data[-1],
    }


def share(count: float, total: int) -> float:
    return round(count / total, 4) if total else 0.0


@dataclass
class Histogram:
    """Counts per integer value; exact summaries without keeping the values."""

    counts: Counter[int] = field(default_factory=Counter)
    count: int = 0
    total: int = 0

    def add(self, value: int) -> None:
        self.counts[value] += 1
        self.count += 1
        self.total += value

    def merge(self, other: Histogram) -> None:
        self.counts.update(other.counts)
        self.count += other.count
        self.total += other.total

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    @property
    def variance(self) -> float:
        """The sample variance (n - 1 in the denominator), from the counts alone."""
        if self.count < 2:
            return 0.0
        mean = self.mean
        return sum(n * (value - mean) ** 2 for value, n in self.counts.items()) / (self.count - 1)

    @property
    def skewness(self) -> float:
        """The sample skewness (third central moment over the cubed spread, both with n in the
        denominator); 0 while the values show no spread."""
        if self.count < 2:
            return 0.0
        mean = self.mean
        second = sum(n * (value - mean) ** 2 for value, n in self.counts.items()) / self.count
        if second <= 0:
            return 0.0
        third = sum(n * (value - mean) ** 3 for value, n in self.counts.items()) / self.count
        return third / second ** 1.5

    def share_where(self, keep: Any) -> float:
        """The share of observations whose value passes `keep` (a predicate on the value)."""
        return share(sum(n for value, n in self.counts.items() if keep(value)), self.count)

    def at_rank(self, rank: int) -> int:
        """The value at 0-based position `rank` of the sorted observations."""
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if rank < seen:
                return value
        raise IndexError(rank)

    def quantile(self, q: float) -> float:
        """The same 'type 7' quantile as `quantile` on the sorted values."""
        if not self.count:
            return 0.0
        pos = (self.count - 1) * q
        low = int(pos)
        a = self.at_rank(low)
        b = self.at_rank(min(low + 1, self.count - 1))
        return a + (b - a) * (pos - low)

    def summary(self) -> dict[str, float]:
        if not self.count:
            return {"count": 0}
        return {
            "count": self.count,
            "mean": round(self.mean, 3),
            "min": min(self.counts),
            "q1": round(self.quantile(0.25), 3),
            "median": round(self.quantile(0.5), 3),
            "q3": round(self.quantile(0.75), 3),
            "max": max(self.counts),
        }

    def to_json(self) -> dict[str, int]:
        """Counts per value, keys as strings so the result is JSON as it is."""
        return {str(value): self.counts[value] for value in sorted(self.counts)}


def histogram(values: Iterable[int]) -> dict[str, int]:
    """Counts per value of a few values at hand, in the JSON form of `Histogram`."""
    counts = Histogram()
    for value in values:
        counts.add(value)
    return counts.to_json()


@dataclass(frozen=True)
class SeatEdge:
    """Two seats: seat 1's win share less seat 2's (ties split), the games behind it and one game's variance
    of it (the estimate's variance is `variance / games`). From pairs of one deal, as dealt and exchanged:
    each pair's half score, its variance over the pairs halved (two games a pair); else from the games
    as independent ones."""

    games: int
    mean: float
    variance: float


@dataclass
class Tally:
    """Everything the checker keeps of one configuration's games: shared figures (seats, scores,
    length) and the game's own measures, each an integer histogram."""

    seats: int
    games: int = 0
    seat_wins: list[float] = field(default_factory=list)  # ties split between the tied seats
    seat_score_sums: list[int] = field(default_factory=list)
    ties: int = 0  # games whose top score is shared
    measures: dict[str, Histogram] = field(default_factory=dict)
    # Two seats: the games taken two by two as they come (a deal and the same deal with the seats'
    # hands exchanged, where the run pairs its deals; a skill match's two seatings of one deal), each
    # pair's seat 1 wins less seat 2 wins over its two games (ties 0): from -2 to 2.
    pairs: Histogram = field(default_factory=Histogram)
    _half: int | None = None  # the first game of a pair still waiting for its second
    paired: bool = False  # the games come in pairs of one deal, as dealt and with the seats exchanged

    def __post_init__(self) -> None:
        self.seat_wins = self.seat_wins or [0.0] * self.seats
        self.seat_score_sums = self.seat_score_sums or [0] * self.seats

    def histogram(self, name: str) -> Histogram:
        """The measure `name` (an empty histogram for a measure no game reported)."""
        return self.measures.get(name) or Histogram()

    def add_game(self, outcome: Outcome) -> None:
        scores = outcome.scores
        self.games += 1
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
        for seat in winners:
            self.seat_wins[seat] += 1 / len(winners)
        self.ties += len(winners) > 1
        for seat, score in enumerate(scores):
            self.seat_score_sums[seat] += score
        if self.seats == 2:
            edge = (scores[0] > scores[1]) - (scores[0] < scores[1])
            if self._half is None:
                self._half = edge
            else:
                self.pairs.add(self._half + edge)
                self._half = None
        self._observe("final_scores", list(scores))
        self._observe("winning_scores", best)
        self._observe("turns", outcome.turns)
        self._observe("rounds", outcome.rounds)
        self._observe("placements", outcome.placements)
        for name, value in outcome.measures.items():
            self._observe(name, value)

    def paired_share(self) -> tuple[int, float, float]:
        """Two seats played in pairs of one deal: (pairs, seat 1's mean win share over a pair, its spread
        per pair), ties split."""
        pairs = self.pairs
        return pairs.count, 0.5 + pairs.mean / 4, math.sqrt(pairs.variance) / 4

    def seat_edge(self) -> SeatEdge:
        """Two seats: seat 1's edge over seat 2, from the pairs when the games come in pairs of one deal
        (the second game of an unfinished pair waits), else from every game."""
        if self.paired:
            pairs = self.pairs
            return SeatEdge(2 * pairs.count, pairs.mean / 2, pairs.variance / 2)
        games = self.games
        if games < 2:
            return SeatEdge(games, 0.0, 0.0)
        mean = (self.seat_wins[0] - self.seat_wins[1]) / games
        decided = (games - self.ties) / games  # the mean square of an edge of 1, -1 or 0 (a tie)
        return SeatEdge(games, mean, max(0.0, decided - mean * mean) * games / (games - 1))

    def _observe(self, name: str, value: int | Sequence[int]) -> None:
        target = self.measures.setdefault(name, Histogram())
        for item in ([value] if isinstance(value, int) else value):
            target.add(item)

    def shared_figures(self) -> dict[str, Any]:
        """The figures every game reports, under the same keys (see docs/protocol.md)."""
        games = self.games
        return {
            "games": games,
            "seat_wins": [round(w, 3) for w in self.seat_wins],
            "seat_win_shares": [share(w, games) for w in self.seat_wins],
            "tie_share": share(self.ties, games),
            "seat_mean_scores": [round(s / games, 3) if games else 0.0 for s in self.seat_score_sums],
            "final_scores": self.histogram("final_scores").summary(),
            "winning_scores": self.histogram("winning_scores").summary(),
            "turns_per_game": self.histogram("turns").summary(),
            "rounds_per_game": self.histogram("rounds").summary(),
            "placements_per_game": self.histogram("placements").summary(),
        }
