"""Two variants compared on the same deals: game i of every variant is played from the same seed, so the
luck of a deal is shared and the difference of two variants' seat advantages is read game by game.

Each variant keeps, per configuration, every game's win of each seat (ties split). The seat advantage of
a variant is its leading seat's wins less its trailing seat's, where that is largest over its
configurations; for two variants the per-seed difference of those edges has the mean of the difference of
their advantages and a spread taken from the games themselves, far smaller than two independent figures'
when a change moves the score but not the deals (a compensation, a shape's points).
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass, field

from pnp.check.confidence import Interval, z_value
from pnp.check.sprt import MIN_OBSERVATIONS, Evidence, Side, Sprt


@dataclass
class SeatRecord:
    """Every game's seat wins per configuration, in game order (a few bytes a game)."""

    wins: dict[str, list[array]] = field(default_factory=dict)  # label -> per seat, per game

    def add(self, label: str, scores: list[int]) -> None:
        best = max(scores)
        winners = sum(score == best for score in scores)
        seats = self.wins.setdefault(label, [array("f") for _ in scores])
        for seat, score in enumerate(scores):
            seats[seat].append(1 / winners if score == best else 0.0)

    def games(self, label: str) -> int:
        seats = self.wins.get(label)
        return len(seats[0]) if seats else 0

    def leading_edge(self) -> tuple[str, int, int] | None:
        """(configuration, leading seat, trailing seat) where the seat advantage is largest."""
        found = []
        for label, seats in self.wins.items():
            if len(seats) < 2 or not seats[0]:
                continue
            totals = [sum(seat) for seat in seats]
            high = max(range(len(totals)), key=totals.__getitem__)
            low = min((s for s in range(len(totals)) if s != high), key=totals.__getitem__)
            found.append(((totals[high] - totals[low]) / len(seats[0]), label, high, low))
        if not found:
            return None
        _, label, high, low = max(found)
        return label, high, low

    def edges(self, games: int) -> list[float] | None:
        """The first `games` games' edge of the leading seat over the trailing one, game by game."""
        lead = self.leading_edge()
        if lead is None:
            return None
        label, high, low = lead
        seats = self.wins[label]
        return [seats[high][i] - seats[low][i] for i in range(min(games, len(seats[0])))]


@dataclass(frozen=True)
class PairedDifference:
    """One variant's seat advantage less another's over the deals both played: per-seed mean, spread."""

    games: int
    mean: float
    spread: float

    def interval(self, confidence: float) -> Interval:
        half = z_value(confidence) * self.spread / math.sqrt(max(self.games, 1))
        return Interval(self.mean, self.mean - half, self.mean + half)

    def evidence(self, sign: int = 1) -> Evidence:
        return Evidence(self.games, (sign * self.mean,), (self.spread,))

    def worse_by(self, zone: float, confidence: float) -> Side:
        """The ratio test of "worse by the zone" (HIGH) against "no worse" (LOW), on the per-seed differences."""
        return Sprt(0.0, zone, confidence).side(self.evidence())

    def within(self, zone: float, confidence: float) -> bool:
        """Shown closer to 0 than to either side of the zone: tied, within the tolerance."""
        return zone > 0 and all(Sprt(0.0, zone, confidence).side(self.evidence(sign)) is Side.LOW
                                for sign in (1, -1))


def paired_difference(mine: SeatRecord, theirs: SeatRecord) -> PairedDifference | None:
    """`mine`'s seat advantage less `theirs`, game by game over the deals both have played."""
    games = min(_played(mine), _played(theirs))
    a, b = mine.edges(games), theirs.edges(games)
    if a is None or b is None or games < 2:
        return None
    differences = [x - y for x, y in zip(a, b, strict=False)]
    count = len(differences)
    mean = sum(differences) / count
    variance = sum((d - mean) ** 2 for d in differences) / (count - 1) if count > 1 else 0.0
    return PairedDifference(count, mean, math.sqrt(variance))


def _played(record: SeatRecord) -> int:
    lead = record.leading_edge()
    return record.games(lead[0]) if lead else 0


def signed_orientation(records: list[SeatRecord]) -> tuple[str, int, int] | None:
    """(configuration, seat, other seat) for the signed seat edge of every record: their one configuration
    of two seats, oriented as the first record leads. None when a record has several configurations or
    more seats (the signed figure then names no single seat advantage)."""
    labels = {label for record in records for label in record.wins}
    if len(labels) != 1 or any(len(seats) != 2 for record in records for seats in record.wins.values()):
        return None
    lead = records[0].leading_edge()
    return lead if lead is not None else None


def signed_edges(record: SeatRecord, orientation: tuple[str, int, int], games: int) -> list[float]:
    label, high, low = orientation
    seats = record.wins[label]
    return [seats[high][i] - seats[low][i] for i in range(min(games, len(seats[0])))]


def _mean_interval(values: list[float], confidence: float) -> Interval:
    count = len(values)
    mean = sum(values) / count
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    half = z_value(confidence) * math.sqrt(variance / count)
    return Interval(mean, mean - half, mean + half)


def worst_lead(level: Interval, difference: Interval) -> float:
    """The most the leader's seat advantage |m| can exceed a rival's |m + d|, for any signed level m of the
    leader and signed difference d (the rival's less the leader's) within their intervals. The largest of
    |m| - min over d of |m + d| lies at an end or a kink (0, -d's ends) of the level's interval."""
    low, high = level.low, level.high
    points = {low, high} | {p for p in (0.0, -difference.low, -difference.high) if low < p < high}

    def gap(m: float) -> float:
        nearest = 0.0 if difference.low <= -m <= difference.high else min(abs(m + difference.low),
                                                                           abs(m + difference.high))
        return abs(m) - nearest
    return max(gap(m) for m in points)


def near_best(leader: SeatRecord, rivals: list[SeatRecord], zone: float, confidence: float) -> bool:
    """Whether the leader's seat advantage is shown no more than `zone` above every rival's, on signed
    figures: each rival's signed edge less the leader's, per seed over the deals both played (precise when
    the deals are shared), and the leader's own signed edge (which says where 0 lies). Within +-zone of
    the leader's signed figure a rival cannot be fairer by more (|a| - |b| <= |a - b|); farther, the
    leader's level must keep it from being the one nearer 0 (`worst_lead`). Every interval at `confidence`;
    the caller splits the error over the intervals and looks (union bound)."""
    orientation = signed_orientation([leader, *rivals])
    if orientation is None or zone <= 0:
        return False
    games = leader.games(orientation[0])
    if games < MIN_OBSERVATIONS:
        return False
    mine = signed_edges(leader, orientation, games)
    level: Interval | None = None
    for rival in rivals:
        theirs = signed_edges(rival, orientation, games)
        shared = min(len(mine), len(theirs))
        if shared < MIN_OBSERVATIONS:
            return False
        difference = _mean_interval([b - a for a, b in zip(mine[:shared], theirs[:shared], strict=True)], confidence)
        if -zone < difference.low and difference.high < zone:
            continue
        level = level or _mean_interval(mine, confidence)
        if worst_lead(level, difference) > zone:
            return False
    return True
