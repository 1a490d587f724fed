"""`--games auto`: play in batches and stop as soon as every test is decided, with verdicts that stay
valid although the figures are looked at after every batch.

RATIO (`pnp check` and `pnp sweep`): a look after every BATCH games per configuration, up to the budget.
Each test has three ways to a verdict, and its error on each side is split between them: the sequential
probability ratio test of the zone's two edges (threshold -+ tolerance, pnp.check.sprt), read at every
look; for a share or a seat advantage its closing look, from which the estimate's side decides
(CLOSING_SHARE); and the interval of the doubling looks (after FIRST_LOOK games, twice as many, ... and
the budget), each at `1 - (1 - confidence) * (1 - shares) / doubling looks` (Bonferroni), the ratio test's
share by kind of test (RATIO_SHARE for shares and seat advantages, MEAN_RATIO_SHARE for means). A verdict
is wrong only if one of the three is, so at most `1 - confidence` of the time however the run stops. The
ratio test decides figures near the zone quickly, the interval those far from it, the closing look those
inside it. A configuration stops as soon as its own tests are decided.

LOOKS: the doubling looks alone, each interval at `1 - (1 - confidence) / looks` (the method before
RATIO, kept for `pnp tune` and for comparison). UNPAIRED: the same, with races comparing the variants'
intervals as independent figures; CALIBRATED: one level for all looks calibrated to them
(pnp.check.boundary), narrower, but on skewed means of few games it goes wrong more often than stated.

docs/sequential.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

from pnp.budget import DEFAULT_MAX_GAMES, DEFAULT_TOLERANCE, MATCH_SHARE
from pnp.check import boundary
from pnp.check.confidence import Kind

__all__ = ["DEFAULT_MAX_GAMES", "DEFAULT_TOLERANCE", "Plan", "decided", "open_tests", "plan", "skill_decided"]

if TYPE_CHECKING:
    from pnp.check.confidence import Outcome
    from pnp.check.report import CheckReport


FIRST_LOOK = 50  # games per configuration before the first look: enough for a share's interval to mean something
BATCH = 50  # RATIO: games per configuration between two looks
# RATIO: the share of each side's error spent on the ratio test, the rest on the intervals, per kind of test
# (docs/sequential.md). Shares and seat advantages: their ratio is binomial or of bounded differences, and
# keeps its error at 0.8 (bench/bench_sprt.py), where it needs fewer games over seeds than 0.5 (bench/bench_auto.py).
RATIO_SHARE = 0.8
# Means of counts per game: a skewed mean's ratio (its variance fitted from the games) errs more often than
# stated at 0.8; 0.5 keeps it.
MEAN_RATIO_SHARE = 0.5
# RATIO: the share of a share's or a seat advantage's error spent at its closing look, taken from the
# intervals': once its games reach those at which the estimate's side is wrong at most that often on the
# zone's edges, the side decides, so a figure inside the zone stops there instead of wandering to the budget
# (bench/bench_sprt.py: a fifth fewer games in the middle of the zone, the same on its edges). Means have
# none: the side of a skewed mean of a few thousand counts is less sure than the normal tail says.
CLOSING_SHARE = 0.1
RATIO = "ratio"  # the ratio test at every batch and the intervals at the doubling looks
LOOKS = "looks"  # the methods of a plan: looks at every doubling of the games, the error spent evenly
UNPAIRED = "unpaired"  # the same, with races comparing independent intervals
CALIBRATED = "calibrated"  # the same looks at one level calibrated to them (pnp.check.boundary)


@dataclass(frozen=True)
class Plan:
    """The looks of a sequential run and the confidence each one compares at."""

    confidence: float  # of the verdicts, over every look
    looks: tuple[int, ...]  # games per configuration at each look, the last one the budget
    tolerance: float = 0.0  # the indifference zone of every test (pnp.check.confidence.ThresholdTest)
    method: str = LOOKS
    # RATIO: the looks at which the intervals may decide (the doubling ones); the others, all looks
    interval_looks: tuple[int, ...] = ()
    # RATIO: the share of each side's error the ratio test spends on a share or a seat advantage, and on a
    # mean (0: none, the doubling looks' intervals alone, each test keeping its first verdict and each
    # configuration stopping on its own)
    ratio_share: float = RATIO_SHARE
    mean_ratio_share: float = MEAN_RATIO_SHARE
    # RATIO: the share spent at a share's or a seat advantage's closing look (0: none), the intervals the rest
    closing_share: float = CLOSING_SHARE

    @property
    def keeps_verdicts(self) -> bool:
        """Whether each test keeps its first verdict, so that a configuration stops once its own are in."""
        return self.method == RATIO and self.tolerance > 0

    def share_of(self, kind: Kind) -> float:
        """The ratio test's share of each side's error for a test of `kind`."""
        return self.mean_ratio_share if kind is Kind.MEAN else self.ratio_share

    def ratio_error_of(self, kind: Kind) -> float:
        """Each side's error the ratio test of a `kind` test may spend (0: no ratio test, the intervals alone),
        its closing look's apart."""
        if not self.keeps_verdicts:
            return 0.0
        return (1 - self.confidence) / 2 * self.share_of(kind)

    def closing_share_of(self, kind: Kind) -> float:
        """The share of each side's error a `kind` test spends at its closing look (0: none, a mean's)."""
        return 0.0 if kind is Kind.MEAN or self.share_of(kind) <= 0 else self.closing_share

    def closing_error_of(self, kind: Kind) -> float:
        """Each side's error a `kind` test may spend at its closing look."""
        return (1 - self.confidence) / 2 * self.closing_share_of(kind) if self.keeps_verdicts else 0.0

    @property
    def ratio_error(self) -> float:
        """The ratio test's error a side for a share or a seat advantage."""
        return self.ratio_error_of(Kind.SHARE)

    def look_confidence_of(self, kind: Kind) -> float:
        """The two-sided confidence of a `kind` test's interval at each look."""
        if self.keeps_verdicts:
            rest = 1 - self.share_of(kind) - self.closing_share_of(kind)
            return 1 - (1 - self.confidence) * rest / len(self.interval_looks)
        return self.look_confidence

    def interval_look(self, games: int) -> bool:
        """Whether the intervals may decide at a look of `games` games."""
        return games in (self.interval_looks or self.looks)

    @property
    def paired(self) -> bool:
        """Whether races compare variants on their shared deals (pnp.sweep.paired), or their intervals as
        independent figures (UNPAIRED)."""
        return self.method != UNPAIRED

    @property
    def look_confidence(self) -> float:
        """The two-sided confidence each look's intervals compare at (RATIO: of a share or a seat advantage,
        `look_confidence_of` for each kind): the error spent evenly over the looks, or each side at the
        calibrated z (CALIBRATED, pnp.check.boundary)."""
        if self.keeps_verdicts:
            return self.look_confidence_of(Kind.SHARE)
        if self.method != CALIBRATED:
            return 1 - (1 - self.confidence) / len(self.interval_looks or self.looks)
        z = boundary.level(self.looks, (1 - self.confidence) / 2)
        return 1 - 2 * (1 - NormalDist().cdf(z))

    def match_games(self, games: int) -> int:
        """Head-to-head games per match at a look of `games` games: even, so both seatings play each deal."""
        wanted = games // MATCH_SHARE
        return max(2, wanted + wanted % 2)

    def prepare(self, report: CheckReport, games: int, verdicts: dict[str, Outcome] | None = None) -> None:
        """Set a report judged at a look of `games` games to this plan's rule: its intervals' confidence,
        the zone, whether the ratio test and the intervals may decide at this look, and (RATIO) the
        verdicts the tests reached at earlier looks, which they keep (`verdicts`, shared over the looks)."""
        report.confidence = self.look_confidence
        report.tolerance = self.tolerance
        report.ratio_errors = {kind: self.ratio_error_of(kind) for kind in Kind}
        report.closing_errors = {kind: self.closing_error_of(kind) for kind in Kind}
        report.kind_confidences = {kind: self.look_confidence_of(kind) for kind in Kind}
        report.interval_look = self.interval_look(games)
        report.verdicts = verdicts if self.keeps_verdicts else None

    def to_json(self, played: int, decided: bool) -> dict[str, Any]:
        if self.ratio_error > 0 or self.ratio_error_of(Kind.MEAN) > 0:
            how = ("ratio test of the zone's edges at every look, intervals at the doubling looks, the error "
                   "split between them")
        elif self.method == CALIBRATED:
            how = "one level over every look of a fixed schedule, calibrated to the looks"
        else:
            how = "alpha spent evenly over a fixed schedule of looks"
        if self.keeps_verdicts and self.ratio_error <= 0 and self.ratio_error_of(Kind.MEAN) <= 0:
            how = "alpha spent evenly over the doubling looks, each test keeping its first verdict"
        found = {"method": how, "confidence": self.confidence,
                 "look_confidence": round(self.look_confidence, 6), "looks": list(self.looks),
                 "max_games": self.looks[-1], "tolerance": self.tolerance, "games": played, "decided": decided}
        if self.keeps_verdicts:
            found |= {"interval_looks": list(self.interval_looks), "ratio_error": round(self.ratio_error, 6),
                      "mean_look_confidence": round(self.look_confidence_of(Kind.MEAN), 6),
                      "mean_ratio_error": round(self.ratio_error_of(Kind.MEAN), 6),
                      "closing_error": round(self.closing_error_of(Kind.SHARE), 6)}
        return found


def plan(confidence: float, max_games: int = DEFAULT_MAX_GAMES, first: int = FIRST_LOOK,
         tolerance: float = 0.0, method: str | None = None, ratio_share: float = RATIO_SHARE,
         mean_ratio_share: float = MEAN_RATIO_SHARE, closing_share: float = CLOSING_SHARE) -> Plan:
    """Looks at first, 2 first, 4 first ... games, and at `max_games` (fewer looks under a small budget);
    RATIO adds a look after every BATCH games between them when its ratio test has a share of the error
    (`ratio_share` of a share's or a seat advantage's, `mean_ratio_share` of a mean's; without a tolerance
    there is no zone, and RATIO is LOOKS). `method` None: LOOKS."""
    if max_games < 1:
        raise ValueError("max_games must be at least 1")
    if not (0 <= ratio_share < 1 and 0 <= mean_ratio_share < 1):
        raise ValueError("a ratio share must be at least 0 and below 1")
    if not (closing_share >= 0 and ratio_share + closing_share < 1):
        raise ValueError("the closing share must be at least 0 and leave the intervals a share")
    doubling = []
    games = min(first, max_games)
    while games < max_games:
        doubling.append(games)
        games *= 2
    doubling.append(max_games)
    method = method or LOOKS
    if method != RATIO or tolerance <= 0:
        return Plan(confidence, tuple(doubling), tolerance, LOOKS if method == RATIO else method)
    ratio = ratio_share > 0 or mean_ratio_share > 0
    every = sorted(set(doubling) | set(range(BATCH, max_games, BATCH))) if ratio else doubling
    return Plan(confidence, tuple(every), tolerance, method, tuple(doubling), ratio_share, mean_ratio_share,
                closing_share if ratio_share > 0 else 0.0)


def open_tests(report: CheckReport) -> list[str]:
    """The tests a report leaves undecided: thresholds and balance (seat advantage, skill share)."""
    return [*report.undecided, *report.balance.get("undecided", [])]


def decided(report: CheckReport) -> bool:
    return not open_tests(report)


def open_configurations(report: CheckReport, configurations: tuple[Any, ...], running: set[int]) -> set[int]:
    """The configurations (by position) among `running` that play on after a look: those with a test of
    their own still undecided (a threshold, or the seat advantage). While the report leaves open a test
    that names no configuration, every running one plays on."""
    open_labels = {t["configuration"] for t in report.tests if t["outcome"] == "undecided"}
    seats = report.balance.get("configurations", {})
    open_labels |= {label for label, entry in seats.items()
                    if isinstance(entry.get("seat_advantage"), dict)
                    and entry["seat_advantage"].get("outcome") == "undecided"}
    named = sum(1 for t in report.tests if t["outcome"] == "undecided") + sum(
        1 for entry in seats.values() if isinstance(entry.get("seat_advantage"), dict)
        and entry["seat_advantage"].get("outcome") == "undecided")
    others = [u for u in report.undecided if not u.startswith("balance (--strict): ")]
    if named < len(others) + len(report.balance.get("undecided", [])) - _open_skill(report):
        return running  # an open test of no configuration: keep them all
    return {c for c in running if configurations[c].label in open_labels}


def _open_skill(report: CheckReport) -> int:
    return sum(1 for match in (report.balance.get("skill") or {}).values()
               if match.get("luck_test", {}).get("outcome") == "undecided")


def skill_decided(report: CheckReport | None) -> bool:
    """Whether the luck test (the strongest player's share against random) has its verdict: the skill
    matches then play no more games at later looks."""
    if report is None:
        return False
    return any(match.get("luck_test", {}).get("outcome") in ("pass", "fail")
               for match in (report.balance.get("skill") or {}).values())


