"""Intervals for simulated figures, and threshold tests that know how many games stand behind them.

A share seen in 30 games says little; the verdict compares a threshold with the whole interval, not
with the sample share, and says "undecided" while the interval still straddles the threshold.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

from pnp.check.sprt import Evidence, Side, decide

if TYPE_CHECKING:
    from pnp.check.stats import Histogram

DEFAULT_CONFIDENCE = 0.95


def z_value(confidence: float) -> float:
    """The two-sided normal quantile: 1.96 for 95 %."""
    if not 0.5 <= confidence < 1:
        raise ValueError(f"confidence must be in [0.5, 1), not {confidence}")
    return NormalDist().inv_cdf(1 - (1 - confidence) / 2)


def t_value(confidence: float, degrees: int) -> float:
    """Student's two-sided t quantile with `degrees` degrees of freedom, by its Cornish-Fisher expansion
    in 1 / degrees (four terms: the tail it leaves is within 1 % of the stated one from 9 degrees on)."""
    z = z_value(confidence)
    nu = max(degrees, 1)
    return (z + (z ** 3 + z) / (4 * nu) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * nu ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * nu ** 3))


@dataclass(frozen=True)
class Interval:
    """An estimate and its interval; a bound may be infinite where the games cannot give one (the
    spread of one game's figure is unknown), and is written as null (JSON has no infinity)."""

    estimate: float
    low: float
    high: float

    @property
    def bounded(self) -> bool:
        return math.isfinite(self.low) and math.isfinite(self.high)

    def to_json(self, digits: int = 4) -> dict[str, float | None]:
        return {"estimate": _finite(self.estimate, digits), "low": _finite(self.low, digits),
                "high": _finite(self.high, digits)}

    @classmethod
    def from_json(cls, figure: dict[str, Any]) -> Interval:
        """The interval `to_json` wrote: a null bound is an open end."""
        low, high = figure.get("low"), figure.get("high")
        return cls(figure["estimate"], -math.inf if low is None else low, math.inf if high is None else high)

    def __str__(self) -> str:
        return f"{self.estimate:.1%} ({self.low:.1%}-{self.high:.1%})" if self.bounded else \
            f"{self.estimate:.1%} ({NO_INTERVAL})"


NO_INTERVAL = "no interval yet: one game shows no spread"


def _finite(value: float, digits: int) -> float | None:
    return round(value, digits) if math.isfinite(value) else None


def wilson(successes: float, trials: int, confidence: float = DEFAULT_CONFIDENCE) -> Interval:
    """Wilson score interval of a share; `successes` may be fractional (a tie split between seats)."""
    if trials <= 0:
        return Interval(0.0, 0.0, 1.0)
    z = z_value(confidence)
    p = min(1.0, max(0.0, successes / trials))
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials))
    return Interval(p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


class Outcome(Enum):
    PASS = "pass"
    FAIL = "fail"
    UNDECIDED = "undecided"


class Kind(Enum):
    """What a threshold test compares, which decides how much of its error `--games auto` gives the ratio
    test (pnp.check.sequential): a share of games (binomial), a difference of seats' wins (per game a
    bounded difference, or pairs of one deal), or a mean of counts per game (often skewed: turns, draws)."""

    SHARE = "share"
    DIFFERENCE = "difference"
    MEAN = "mean"


# A test that this many games would not decide is called undecidable rather than given a number.
MAX_GAMES_TO_DECIDE = 10_000_000


@dataclass(frozen=True)
class ThresholdTest:
    """One figure against one threshold: pass when the whole interval lies on the good side."""

    name: str  # the spec field of the threshold, e.g. "check.min_placed_share"
    interval: Interval
    threshold: float
    at_least: bool  # True: the figure must reach the threshold; False: stay at or below it
    games: int
    spread: float | None  # one game's standard deviation of a mean; None for a share (Wilson)
    confidence: float = DEFAULT_CONFIDENCE
    # The indifference zone, threshold +- tolerance (in the figure's units): a figure inside it may get
    # either verdict, so an interval that straddles the threshold but rules out one side of the zone
    # decides (`--games auto --tolerance`); 0 keeps the plain comparison.
    tolerance: float = 0.0
    # `--games auto`: the ratio test's verdict at this look (None: not read), and whether the interval may
    # decide at this look (pnp.check.sequential.RATIO: only at the doubling looks).
    ratio: Outcome | None = None
    interval_look: bool = True
    # Several figures behind one test (a seat advantage of more than two seats: every ordered pair of seats),
    # for the ratio test; None: the estimate and its spread.
    evidence: Evidence | None = None
    # `--games auto`: the verdict the test reached at an earlier look, which it keeps (a sequential test stops
    # at its first verdict)
    settled: Outcome | None = None
    kind: Kind | None = None  # None: a share without a spread, a mean with one
    # The same figure's interval at another confidence (`at_confidence`); None: only this one's
    interval_at: Callable[[float], Interval] | None = field(default=None, compare=False, repr=False)

    @property
    def figure_kind(self) -> Kind:
        if self.kind is not None:
            return self.kind
        return Kind.SHARE if self.spread is None else Kind.MEAN

    def at_confidence(self, confidence: float) -> ThresholdTest:
        """The test with its interval at `confidence` (`--games auto` gives each kind of test its own level)."""
        if confidence == self.confidence or self.interval_at is None:
            return self
        return dataclasses.replace(self, interval=self.interval_at(confidence), confidence=confidence)

    @property
    def outcome(self) -> Outcome:
        """The verdict reached at an earlier look; else the interval's (at an interval look) or the ratio
        test's, none while they disagree."""
        if self.settled is not None:
            return self.settled
        by_interval = self._outcome(self.interval) if self.interval_look else Outcome.UNDECIDED
        by_ratio = self.ratio or Outcome.UNDECIDED
        if by_interval is Outcome.UNDECIDED:
            return by_ratio
        return by_interval if by_ratio in (Outcome.UNDECIDED, by_interval) else Outcome.UNDECIDED

    def with_ratio(self, error: float, interval_look: bool = True, closing_error: float = 0.0) -> ThresholdTest:
        """The test with the ratio test of its zone's edges read at `error` a side (pnp.check.sprt.decide), and
        from its closing look on (`closing_games` at `closing_error` a side) the side its estimate lies on."""
        if error <= 0 or self.tolerance <= 0:
            return dataclasses.replace(self, interval_look=interval_look)
        evidence = self.evidence or Evidence(self.games, (self.interval.estimate,),
                                             None if self.spread is None else (self.spread,))
        # Both orders of a pair of seats count once: the one whose difference is negative lies far below the
        # zone, where its ratio reaches the bound far less often than `error` (docs/sequential.md).
        comparisons = max(1, len(evidence.means) // 2)
        zone = self.tolerance
        if evidence.spreads is None:  # a share: a zone reaching past 0 or 1 would let one game decide; keep it inside
            zone = min(zone, self.threshold / 2, (1 - self.threshold) / 2)
        if zone <= 0:
            return dataclasses.replace(self, interval_look=interval_look)
        side = decide(evidence, self.threshold - zone, self.threshold + zone, error, comparisons)
        closing = self.closing_games(zone, closing_error, comparisons)
        if side is Side.OPEN and closing is not None and self.games >= closing:
            estimate = self.interval.estimate
            over = estimate >= self.threshold if self.at_least else estimate > self.threshold
            side = Side.HIGH if over else Side.LOW
        above, below = (Outcome.PASS, Outcome.FAIL) if self.at_least else (Outcome.FAIL, Outcome.PASS)
        ratio = {Side.HIGH: above, Side.LOW: below}.get(side, Outcome.UNDECIDED)
        return dataclasses.replace(self, ratio=ratio, interval_look=interval_look)

    def closing_games(self, zone: float, error: float, comparisons: int = 1) -> int | None:
        """The games from which the side of the estimate is wrong at most `error` of the time on either edge of
        the zone (threshold -+ `zone`), to the normal approximation with one game's largest spread there: a
        share's sqrt(p (1 - p)) at the edge nearer a half, a seat advantage's 1 (a game's difference of two
        seats' wins lies within -1 and 1). With several pairs of seats, each pair at `error / comparisons`
        (any may cross by chance). None: no closing look (no error for it, or a mean, whose skew it would
        misjudge)."""
        if error <= 0 or zone <= 0 or self.figure_kind is Kind.MEAN:
            return None
        if self.figure_kind is Kind.SHARE:
            nearest_half = min(max(0.5, self.threshold - zone), self.threshold + zone)
            spread = math.sqrt(nearest_half * (1 - nearest_half))
        else:
            spread = 1.0
        z = NormalDist().inv_cdf(1 - error / max(comparisons, 1))
        return math.ceil((z * spread / zone) ** 2)

    @property
    def at_limit(self) -> bool:
        """Decided only by the tolerance: the interval straddles the threshold, but rules out one side of
        the zone (the figure is at the limit, within the tolerance)."""
        return self._plain(self.interval) is Outcome.UNDECIDED and self.outcome is not Outcome.UNDECIDED

    def _plain(self, interval: Interval) -> Outcome:
        low, high = interval.low, interval.high
        if self.at_least:
            if low >= self.threshold:
                return Outcome.PASS
            return Outcome.FAIL if high < self.threshold else Outcome.UNDECIDED
        if high <= self.threshold:
            return Outcome.PASS
        return Outcome.FAIL if low > self.threshold else Outcome.UNDECIDED

    def _outcome(self, interval: Interval) -> Outcome:
        plain = self._plain(interval)
        if plain is not Outcome.UNDECIDED or self.tolerance <= 0:
            return plain
        # The interval straddles the threshold. A verdict is wrong only for a figure outside the zone,
        # and then only if the interval misses it: rule out one side of the zone, give the other's verdict.
        above, below = (Outcome.PASS, Outcome.FAIL) if self.at_least else (Outcome.FAIL, Outcome.PASS)
        # A share's zone side beyond 0 or 1 holds no figure: ruling it out shows nothing.
        below_empty = self.spread is None and self.threshold - self.tolerance <= 0
        above_empty = self.spread is None and self.threshold + self.tolerance >= 1
        not_below_zone = interval.low > self.threshold - self.tolerance and not below_empty
        not_above_zone = interval.high < self.threshold + self.tolerance and not above_empty
        if not_below_zone and not_above_zone:  # the whole interval lies within the zone: the estimate's side
            over = interval.estimate >= self.threshold if self.at_least else interval.estimate > self.threshold
            return above if over else below
        if not_below_zone:
            return above
        return below if not_above_zone else Outcome.UNDECIDED

    def _interval_with(self, games: int) -> Interval:
        estimate = self.interval.estimate
        if self.spread is None:
            return wilson(estimate * games, games, self.confidence)
        half = z_value(self.confidence) * self.spread / math.sqrt(games)
        return Interval(estimate, estimate - half, estimate + half)

    def games_to_decide(self) -> int | None:
        """About how many games would decide the test if the estimate held; None when no number
        of games up to MAX_GAMES_TO_DECIDE would (the estimate sits on the threshold)."""
        if self.outcome is not Outcome.UNDECIDED:
            return self.games
        if not self.interval.bounded:  # one game: its spread is unknown, so the fewest games that show one
            return 2
        low, high = max(self.games, 1), max(self.games, 1)
        while self._outcome(self._interval_with(high)) is Outcome.UNDECIDED:
            if high >= MAX_GAMES_TO_DECIDE:
                return None
            low, high = high, min(high * 2, MAX_GAMES_TO_DECIDE)
        while high - low > max(1, low // 100):  # to within 1 %
            middle = (low + high) // 2
            if self._outcome(self._interval_with(middle)) is Outcome.UNDECIDED:
                low = middle
            else:
                high = middle
        return high


def share_test(name: str, successes: float, trials: int, threshold: float, *, at_least: bool,
               confidence: float = DEFAULT_CONFIDENCE) -> ThresholdTest:
    return ThresholdTest(name, wilson(successes, trials, confidence), threshold, at_least, trials, None, confidence,
                         kind=Kind.SHARE, interval_at=lambda level: wilson(successes, trials, level))


def mean_interval(values: Histogram, confidence: float = DEFAULT_CONFIDENCE, scale: float = 1.0) -> Interval:
    """The mean of a streamed integer histogram (times `scale`) with an interval that allows for skew.

    The normal interval of a mean, its spread taken from the games, is too short on one side for skewed
    values: for a count with a long right tail (turns, draws, blocked turns) a low sample mean comes with a
    low spread, so the upper end falls short of the true mean more often than its level says, most at the
    early looks of `--games auto`. Hall's transformation of the studentised mean (Hall 1992, "On the removal
    of skewness by transformation") takes the sample skewness g out of its distribution to first order:
    with a = g / (3 sqrt(n)), the statistic ((1 + a t)^3 - 1) / (3 a) + a / 2 of t = sqrt(n) (mean - mu) / s
    is nearly symmetric, so the interval is its central one mapped back: longer on the side of the tail.
    Its quantile is Student's t (n - 1 degrees): the spread, too, is taken from the games.
    docs/sequential.md gives the simulated error rates."""
    mean = values.mean * scale
    if values.count < 2:
        return Interval(mean, -math.inf, math.inf)
    games = values.count
    error = math.sqrt(values.variance) * abs(scale) / math.sqrt(games)
    a = math.copysign(values.skewness, scale) / (3 * math.sqrt(games))
    t = t_value(confidence, games - 1)

    def untransformed(u: float) -> float:  # the t whose transformed value is u: the transformation is monotone
        if abs(a) < 1e-12:
            return u
        cubed = 1 + 3 * a * (u - a / 2)
        return (math.copysign(abs(cubed) ** (1 / 3), cubed) - 1) / a

    return Interval(mean, min(mean, mean - error * untransformed(t)), max(mean, mean - error * untransformed(-t)))


def histogram_mean_test(name: str, values: Histogram, threshold: float, *, at_least: bool, scale: float = 1.0,
                        confidence: float = DEFAULT_CONFIDENCE) -> ThresholdTest:
    """A mean of a streamed integer histogram (times `scale`, e.g. 1 / stones in the set) against a
    threshold, with its skew-corrected interval (`mean_interval`)."""
    spread = math.sqrt(values.variance) * abs(scale)
    return ThresholdTest(name, mean_interval(values, confidence, scale), threshold, at_least, values.count, spread,
                         confidence, kind=Kind.MEAN, interval_at=lambda level: mean_interval(values, level, scale))


def seat_advantage_test(name: str, seat_wins: list[float], games: int, threshold: float,
                        confidence: float = DEFAULT_CONFIDENCE) -> ThresholdTest:
    """The largest minus the smallest seat win share (ties split) must stay at or below `threshold`.

    Two seats: the shares add up to 1, so the advantage is 2p - 1 of the leading seat's share p and
    its Wilson interval maps over exactly. More seats: the leading seat's lowest plausible share
    minus the trailing seat's highest and vice versa, a wider interval that holds at any game count.
    """
    shares = [wilson(w, games, confidence) for w in seat_wins]
    high = max(shares, key=lambda s: s.estimate)
    low = min(shares, key=lambda s: s.estimate)
    difference = high.estimate - low.estimate
    if len(shares) == 2:
        interval = Interval(difference, 2 * high.low - 1, 2 * high.high - 1)
    else:
        interval = Interval(difference, high.low - low.high, high.high - low.low)
    p_high, p_low = high.estimate, low.estimate
    # One game's spread of the difference, for the estimate of the games that would decide it.
    spread = math.sqrt(max(0.0, p_high * (1 - p_high) + p_low * (1 - p_low) + 2 * p_high * p_low))
    wins = list(seat_wins)
    return ThresholdTest(name, interval, threshold, False, games, spread, confidence,
                         evidence=seat_pairs(seat_wins, games) if len(shares) > 2 else None, kind=Kind.DIFFERENCE,
                         interval_at=lambda level: seat_advantage_test(name, wins, games, threshold, level).interval)


def seat_pairs(seat_wins: list[float], games: int) -> Evidence:
    """Every ordered pair of seats: the mean of one seat's win less the other's a game, and its spread. A game
    won by one seat gives 1 or -1 to its pairs, so the square's mean is at most the two seats' shares
    together (less with ties): a spread at least the true one."""
    shares = [w / games if games else 0.0 for w in seat_wins]
    pairs = [(a, b) for a in range(len(shares)) for b in range(len(shares)) if a != b]
    means = tuple(shares[a] - shares[b] for a, b in pairs)
    spreads = tuple(math.sqrt(max(0.0, shares[a] + shares[b] - (shares[a] - shares[b]) ** 2)) for a, b in pairs)
    return Evidence(games, means, spreads)
