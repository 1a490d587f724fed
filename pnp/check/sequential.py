"""`--games auto`: play in batches and stop as soon as every test is decided, with verdicts that stay
valid although the figures are looked at after every batch.

The looks come after FIRST_LOOK games per configuration, then after twice as many, and so on, the last
at the budget. At each look every test compares its interval with its threshold and the indifference
zone around it (`--tolerance`): a verdict as soon as the interval rules out one side of the zone. The
error is spent evenly over the looks: each compares at `1 - (1 - confidence) / looks` (Bonferroni), so
a verdict is wrong at most `1 - confidence` of the time however the run stops. Races compare variants
on their shared deals (pnp.sweep.paired).

For comparison (bench/bench_sprt.py): UNPAIRED, the same looks with races comparing the variants'
intervals as independent figures (as before); CALIBRATED, one level for all looks calibrated to them
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
    from pnp.check.report import CheckReport


FIRST_LOOK = 50  # games per configuration before the first look: enough for a share's interval to mean something
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

    @property
    def paired(self) -> bool:
        """Whether races compare variants on their shared deals (pnp.sweep.paired), or their intervals as
        independent figures (UNPAIRED)."""
        return self.method != UNPAIRED

    @property
    def look_confidence(self) -> float:
        """The two-sided confidence each look's intervals compare at: the error spent evenly over the
        looks, or each side at the calibrated z (CALIBRATED, pnp.check.boundary)."""
        if self.method != CALIBRATED:
            return 1 - (1 - self.confidence) / len(self.looks)
        z = boundary.level(self.looks, (1 - self.confidence) / 2)
        return 1 - 2 * (1 - NormalDist().cdf(z))

    def match_games(self, games: int) -> int:
        """Head-to-head games per match at a look of `games` games: even, so both seatings play each deal."""
        wanted = games // SKILL_SHARE
        return max(2, wanted + wanted % 2)

    def to_json(self, played: int, decided: bool) -> dict[str, Any]:
        how = ("one level over every look of a fixed schedule, calibrated to the looks" if self.method == CALIBRATED
               else "alpha spent evenly over a fixed schedule of looks")
        return {"method": how, "confidence": self.confidence,
                "look_confidence": round(self.look_confidence, 6), "looks": list(self.looks),
                "max_games": self.looks[-1], "tolerance": self.tolerance, "games": played, "decided": decided}


def plan(confidence: float, max_games: int = DEFAULT_MAX_GAMES, first: int = FIRST_LOOK,
         tolerance: float = 0.0, method: str | None = None) -> Plan:
    """Looks at first, 2 first, 4 first ... games, and at `max_games` (fewer looks under a small budget);
    `method` None: LOOKS."""
    if max_games < 1:
        raise ValueError("max_games must be at least 1")
    looks = []
    games = min(first, max_games)
    while games < max_games:
        looks.append(games)
        games *= 2
    looks.append(max_games)
    return Plan(confidence, tuple(looks), tolerance, method or LOOKS)


def open_tests(report: CheckReport) -> list[str]:
    """The tests a report leaves undecided: thresholds and balance (seat advantage, skill share)."""
    return [*report.undecided, *report.balance.get("undecided", [])]


def decided(report: CheckReport) -> bool:
    return not open_tests(report)


def skill_decided(report: CheckReport | None) -> bool:
    """Whether the luck test (the strongest player's share against random) has its verdict: the skill
    matches then play no more games at later looks."""
    if report is None:
        return False
    return any(match.get("luck_test", {}).get("outcome") in ("pass", "fail")
               for match in (report.balance.get("skill") or {}).values())


