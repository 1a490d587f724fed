"""The sequential probability ratio test of `--games auto`: is a figure below or above its threshold,
decided as the games come in, with an indifference zone (`--tolerance`) either side.

Each test weighs two hypotheses: the figure sits at the zone's low edge (`threshold - zone`) or at its
high edge (`threshold + zone`). The log-likelihood ratio of the games seen so far for the high edge
against the low one grows with every game that speaks for it; the test accepts the high edge once the
ratio reaches `log(1 / alpha)` and the low edge once it falls to `log(beta)`, and plays on in between.

- A share (each observation 0 or 1, or a split share of a tie between): the ratio of two binomial
  likelihoods (Wald's SPRT). Under any figure at or below the low edge the likelihood ratio is a
  supermartingale (for observations in [0, 1] the binomial case is the worst, by convexity), so by
  Ville's inequality it ever reaches `1 / alpha` with chance at most `alpha`, however long the run goes
  and however often it is looked at; the same for `beta` on the other side.
- A mean (turns, draws per round, one seat's wins less another's, a pair of games' mean): the
  generalised SPRT with the normal likelihood and the variance estimated from the games themselves (the
  method of Stockfish's fishtest): `n (high - low) (mean - (low + high) / 2) / variance`. Its error rate
  is that of the SPRT once the estimate of the variance has settled: no decision before MIN_OBSERVATIONS,
  and the simulations of tests/test_sequential.py and bench/bench_sprt.py show the rate held.

A figure that is the largest of several (a seat advantage: the largest of every seat's wins less
another's) passes when each of them is shown at the low edge and fails when any is shown at the high
edge; the test's ratio is the largest of theirs. A wrong verdict is then one of at most `alpha` (failing
a figure below the zone: the seats' pairs share it, each at most `alpha`, the pair at the edge nearly
all of it) or `beta` (passing a figure above it), so at most `1 - confidence` with
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

    def observations_to_decide(self, evidence: Evidence) -> int | None:
        """About how many observations would reach a bound if the figures held (the ratio grows in
        proportion to the count); None when the estimate sits at the zone's centre."""
        ratio = self.ratio(evidence)
        if self.side(evidence) is not Side.OPEN:
            return evidence.count
        if ratio == 0 or not math.isfinite(ratio):
            return None
        lower, upper = bounds(self.confidence)
        needed = math.ceil(evidence.count * (upper if ratio > 0 else lower) / ratio)
        return max(needed, MIN_OBSERVATIONS if evidence.spreads is not None else 1, evidence.count + 1)
