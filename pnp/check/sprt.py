"""The sequential probability ratio test a race uses to compare two variants on their shared deals
(pnp.sweep.paired): is the mean per-seed difference of their seat advantages at 0 or at the zone, decided
as the games come in.

The log-likelihood ratio of the games seen so far for the high hypothesis against the low one grows with
every game that speaks for it; the test accepts the high one once the ratio reaches `log(1 / alpha)` and
the low one once it falls to `log(beta)`, and plays on in between (Wald). For a share the ratio is
binomial; for a mean it is the normal one with the variance fitted to the games under each hypothesis
(the generalised test of Stockfish's fishtest), deciding nothing before MIN_OBSERVATIONS.
`alpha = beta = (1 - confidence) / 2`, the two sides of an interval at that confidence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

# Observations a mean's test needs before it decides: its variance is estimated from them.
MIN_OBSERVATIONS = 30
# A share's hypotheses stay inside (0, 1), where its likelihood is defined; a zone reaching past 0 or 1
# then ends here (a limit of 0 is broken by one observation above it).
SHARE_EDGE = 1e-6


class Side(Enum):
    """Where the test has shown the figure to lie: at or above the zone's high edge, at or below its low
    edge, or not yet known."""

    HIGH = "high"
    LOW = "low"
    OPEN = "open"


@dataclass(frozen=True)
class Evidence:
    """What a test's ratio reads: the observations' count, and per figure (one, or one per pair of seats
    for a largest-of-several) the mean of one observation and its standard deviation (None: a share,
    whose likelihood is binomial)."""

    count: int
    means: tuple[float, ...]
    spreads: tuple[float, ...] | None = None

    @property
    def estimate(self) -> float:
        return max(self.means)


def error_rates(confidence: float) -> tuple[float, float]:
    """(alpha, beta): each side's error, the two tails of an interval at `confidence`."""
    tail = (1 - confidence) / 2
    return tail, tail


def bounds(confidence: float) -> tuple[float, float]:
    """The ratio's stopping bounds (low, high): log(beta) and log(1 / alpha)."""
    alpha, beta = error_rates(confidence)
    return math.log(beta), math.log(1 / alpha)


def share_llr(mean: float, count: int, low: float, high: float) -> float:
    """log L(high) - log L(low) of `count` observations in [0, 1] whose mean is `mean`."""
    low = min(max(low, SHARE_EDGE), 1 - 2 * SHARE_EDGE)
    high = min(max(high, low + SHARE_EDGE), 1 - SHARE_EDGE)
    successes = mean * count
    return successes * math.log(high / low) + (count - successes) * math.log((1 - high) / (1 - low))


def mean_llr(mean: float, spread: float, count: int, low: float, high: float) -> float:
    """The normal GSPRT's ratio with the estimated variance; a spread of 0 (every observation alike) is
    certainty on the side the mean lies on, once MIN_OBSERVATIONS are in."""
    drift = (high - low) * (mean - (low + high) / 2)
    if spread <= 0:
        return math.copysign(math.inf, drift) if drift else 0.0
    # The normal likelihood's variance fitted under each hypothesis (the observations' spread about it),
    # the generalised ratio: more cautious than one variance for both while the mean is far from either.
    variance = spread * spread * (count - 1) / count if count > 1 else spread * spread
    return count / 2 * math.log((variance + (mean - low) ** 2) / (variance + (mean - high) ** 2))


def llr(evidence: Evidence, low: float, high: float) -> float:
    """The test's log-likelihood ratio for the high edge against the low one: the largest of its figures'."""
    if evidence.count <= 0:
        return 0.0
    if evidence.spreads is None:
        return max(share_llr(mean, evidence.count, low, high) for mean in evidence.means)
    return max(mean_llr(mean, spread, evidence.count, low, high)
               for mean, spread in zip(evidence.means, evidence.spreads, strict=True))


def decide(evidence: Evidence, low: float, high: float, error: float, comparisons: int = 1) -> Side:
    """The ratio test of the zone's edges with `error` on each side, read at any look (Ville's inequality:
    under the low edge or below, the ratio ever reaches log(1 / error) at most `error` of the time, however
    often it is read). HIGH once the largest figure's ratio reaches log(comparisons / error) (each of the
    `comparisons` figures may cross by chance, Bonferroni); LOW once every figure's ratio falls to
    log(error) (the true largest one among them)."""
    if evidence.spreads is not None and evidence.count < MIN_OBSERVATIONS:
        return Side.OPEN
    ratio = llr(evidence, low, high)
    if ratio >= math.log(max(comparisons, 1) / error):
        return Side.HIGH
    return Side.LOW if ratio <= math.log(error) else Side.OPEN


@dataclass(frozen=True)
class Sprt:
    """One test's hypotheses (the zone's edges) and its error rates' bounds."""

    low: float
    high: float
    confidence: float

    def ratio(self, evidence: Evidence) -> float:
        return llr(evidence, self.low, self.high)

    def side(self, evidence: Evidence) -> Side:
        if evidence.spreads is not None and evidence.count < MIN_OBSERVATIONS:
            return Side.OPEN
        ratio = self.ratio(evidence)
        lower, upper = bounds(self.confidence)
        if ratio >= upper:
            return Side.HIGH
        return Side.LOW if ratio <= lower else Side.OPEN
