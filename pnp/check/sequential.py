"""`--games auto`: play in batches and stop as soon as every test is decided, with verdicts that stay
valid although the figures are looked at after every batch.

RATIO (`pnp check` and `pnp sweep`): a look after every BATCH games per configuration, up to the budget.
Each test has two ways to a verdict, and its error on each side is split between them: the sequential
probability ratio test of the zone's two edges (threshold -+ tolerance, pnp.check.sprt), read at every
look, and the interval of the doubling looks (after FIRST_LOOK games, twice as many, ... and the
budget), each at `1 - (1 - confidence) * (1 - RATIO_SHARE) / doubling looks` (Bonferroni). A verdict is
wrong only if one of the two is, so at most `1 - confidence` of the time however the run stops. The
ratio test decides figures near the zone quickly, the interval those far from it. A configuration
stops as soon as its own tests are decided.

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

from pnp.budget import DEFAULT_MAX_GAMES, DEFAULT_TOLERANCE
from pnp.check import boundary

__all__ = ["DEFAULT_MAX_GAMES", "DEFAULT_TOLERANCE", "Plan", "decided", "open_tests", "plan", "skill_decided"]

if TYPE_CHECKING:
    from pnp.check.confidence import Outcome
    from pnp.check.report import CheckReport


FIRST_LOOK = 50  # games per configuration before the first look: enough for a share's interval to mean something
BATCH = 50  # RATIO: games per configuration between two looks
RATIO_SHARE = 0.5  # RATIO: the share of each side's error spent on the ratio test; the rest on the intervals
# (bench/bench_auto.py: fewer games over seeds than 0.2 or 0; 0.8 fewer still, but its ratio test of a skewed mean
# errs more often than stated, docs/sequential.md)
RATIO = "ratio"  # the ratio test at every batch and the intervals at the doubling looks
LOOKS = "looks"  # the methods of a plan: looks at every doubling of the games, the error spent evenly
UNPAIRED = "unpaired"  # the same, with races comparing independent intervals
CALIBRATED = "calibrated"  # the same looks at one level calibrated to them (pnp.check.boundary)
SKILL_SHARE = 4  # head-to-head games per match at a look: a quarter of the games, as `pnp check` plays them,
# until the luck test is decided


@dataclass(frozen=True)
class Plan:
    """The looks of a sequential run and the confidence each one compares at."""

    confidence: float  # of the verdicts, over every look
    looks: tuple[int, ...]  # games per configuration at each look, the last one the budget
    tolerance: float = 0.0  # the indifference zone of every test (pnp.check.confidence.ThresholdTest)
    method: str = LOOKS
    # RATIO: the looks at which the intervals may decide (the doubling ones); the others, all looks
    interval_looks: tuple[int, ...] = ()
    # RATIO: the share of each side's error the ratio test spends (0: none, the doubling looks' intervals
    # alone, each test keeping its first verdict and each configuration stopping on its own)
    ratio_share: float = RATIO_SHARE

    @property
    def keeps_verdicts(self) -> bool:
        """Whether each test keeps its first verdict, so that a configuration stops once its own are in."""
        return self.method == RATIO and self.tolerance > 0

    @property
    def ratio_error(self) -> float:
        """Each side's error the ratio test may spend (0: no ratio test, the intervals alone)."""
        if not self.keeps_verdicts:
            return 0.0
        return (1 - self.confidence) / 2 * self.ratio_share

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
        """The two-sided confidence each look's intervals compare at: the error spent evenly over the
        looks, or each side at the calibrated z (CALIBRATED, pnp.check.boundary)."""
        if self.keeps_verdicts:
            return 1 - (1 - self.confidence) * (1 - self.ratio_share) / len(self.interval_looks)
        if self.method != CALIBRATED:
            return 1 - (1 - self.confidence) / len(self.interval_looks or self.looks)
        z = boundary.level(self.looks, (1 - self.confidence) / 2)
        return 1 - 2 * (1 - NormalDist().cdf(z))

    def match_games(self, games: int) -> int:
        """Head-to-head games per match at a look of `games` games: even, so both seatings play each deal."""
        wanted = games // SKILL_SHARE
        return max(2, wanted + wanted % 2)

    def prepare(self, report: CheckReport, games: int, verdicts: dict[str, Outcome] | None = None) -> None:
        """Set a report judged at a look of `games` games to this plan's rule: its intervals' confidence,
        the zone, whether the ratio test and the intervals may decide at this look, and (RATIO) the
        verdicts the tests reached at earlier looks, which they keep (`verdicts`, shared over the looks)."""
        report.confidence = self.look_confidence
        report.tolerance = self.tolerance
        report.ratio_error = self.ratio_error
        report.interval_look = self.interval_look(games)
        report.verdicts = verdicts if self.keeps_verdicts else None

    def to_json(self, played: int, decided: bool) -> dict[str, Any]:
        if self.ratio_error > 0:
            how = ("ratio test of the zone's edges at every look, intervals at the doubling looks, the error "
                   "split between them")
        elif self.method == CALIBRATED:
            how = "one level over every look of a fixed schedule, calibrated to the looks"
        else:
            how = "alpha spent evenly over a fixed schedule of looks"
        if self.keeps_verdicts and self.ratio_error <= 0:
            how = "alpha spent evenly over the doubling looks, each test keeping its first verdict"
        found = {"method": how, "confidence": self.confidence,
                 "look_confidence": round(self.look_confidence, 6), "looks": list(self.looks),
                 "max_games": self.looks[-1], "tolerance": self.tolerance, "games": played, "decided": decided}
        if self.keeps_verdicts:
            found |= {"interval_looks": list(self.interval_looks), "ratio_error": round(self.ratio_error, 6)}
        return found


def plan(confidence: float, max_games: int = DEFAULT_MAX_GAMES, first: int = FIRST_LOOK,
         tolerance: float = 0.0, method: str | None = None, ratio_share: float = RATIO_SHARE) -> Plan:
    """Looks at first, 2 first, 4 first ... games, and at `max_games` (fewer looks under a small budget);
    RATIO adds a look after every BATCH games between them when its ratio test has a share of the error
    (without a tolerance there is no zone, and RATIO is LOOKS). `method` None: LOOKS."""
    if max_games < 1:
        raise ValueError("max_games must be at least 1")
    if not 0 <= ratio_share < 1:
        raise ValueError("ratio_share must be at least 0 and below 1")
    doubling = []
    games = min(first, max_games)
    while games < max_games:
        doubling.append(games)
        games *= 2
    doubling.append(max_games)
    method = method or LOOKS
    if method != RATIO or tolerance <= 0:
        return Plan(confidence, tuple(doubling), tolerance, LOOKS if method == RATIO else method)
    every = sorted(set(doubling) | set(range(BATCH, max_games, BATCH))) if ratio_share > 0 else doubling
    return Plan(confidence, tuple(every), tolerance, method, tuple(doubling), ratio_share)


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


