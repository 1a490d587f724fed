"""`--games auto`: play in batches and stop as soon as every test is decided, with verdicts that stay
valid although the figures are looked at after every batch.

The looks are fixed before the first game: after FIRST_LOOK games per configuration, then after twice
as many, and so on, the last look at the budget (`--max-games`). Each look compares its intervals at
the confidence `1 - (1 - confidence) / looks` (the error spent evenly over the looks). A test's verdict
is wrong only if one of its intervals misses the true figure at some look, and the chance of that is at
most the sum over the looks: `1 - confidence`, however the run stops (docs/sequential.md). With a
tolerance, a test also stops once its interval rules out one side of threshold +- tolerance: a figure
within the tolerance of its limit may get either verdict, one outside it keeps the guarantee.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.budget import DEFAULT_MAX_GAMES, DEFAULT_TOLERANCE

__all__ = ["DEFAULT_MAX_GAMES", "DEFAULT_TOLERANCE", "Plan", "decided", "open_tests", "plan", "skill_decided"]

if TYPE_CHECKING:
    from pnp.check.report import CheckReport


FIRST_LOOK = 50  # games per configuration before the first look: enough for a share's interval to mean something
SKILL_SHARE = 4  # head-to-head games per match at a look: a quarter of the games, as `pnp check` plays them,
# until the luck test is decided


@dataclass(frozen=True)
class Plan:
    """The looks of a sequential run and the confidence each one compares at."""

    confidence: float  # of the verdicts, over every look
    looks: tuple[int, ...]  # games per configuration at each look, the last one the budget
    tolerance: float = 0.0  # the indifference zone of every test (pnp.check.confidence.ThresholdTest)

    @property
    def look_confidence(self) -> float:
        return 1 - (1 - self.confidence) / len(self.looks)

    def match_games(self, games: int) -> int:
        """Head-to-head games per match at a look of `games` games: even, so both seatings play each deal."""
        wanted = games // SKILL_SHARE
        return max(2, wanted + wanted % 2)

    def to_json(self, played: int, decided: bool) -> dict[str, Any]:
        return {"method": "alpha spent evenly over a fixed schedule of looks", "confidence": self.confidence,
                "look_confidence": round(self.look_confidence, 6), "looks": list(self.looks),
                "max_games": self.looks[-1], "tolerance": self.tolerance, "games": played, "decided": decided}


def plan(confidence: float, max_games: int = DEFAULT_MAX_GAMES, first: int = FIRST_LOOK,
         tolerance: float = 0.0) -> Plan:
    """Looks at first, 2 first, 4 first ... games, and at `max_games` (fewer looks under a small budget)."""
    if max_games < 1:
        raise ValueError("max_games must be at least 1")
    looks = []
    games = min(first, max_games)
    while games < max_games:
        looks.append(games)
        games *= 2
    looks.append(max_games)
    return Plan(confidence, tuple(looks), tolerance)


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


