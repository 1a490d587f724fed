"""`--games auto`: play in batches and stop as soon as every test is decided, with verdicts that stay
valid although the figures are looked at after every batch.

With a tolerance (the default), every test is a sequential probability ratio test (pnp.check.sprt)
whose two hypotheses are the edges of its indifference zone, threshold +- tolerance: it is looked at
after every small batch (RATIO_STEP games per configuration, or an eighth of the games so far when that
is more) and stops as soon as its ratio reaches a bound; a figure within the zone may get either
verdict, one outside it the wrong one at most `1 - confidence` of the time. At the budget a test still
open is undecided. With `--tolerance 0` (no zone, so no ratio test) the looks are fixed before the
first game: after FIRST_LOOK games per configuration, then after twice as many, and so on, the last at
the budget, each comparing its intervals at `1 - (1 - confidence) / looks` (the error spent evenly over
the looks), as before. docs/sequential.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.budget import DEFAULT_MAX_GAMES, DEFAULT_TOLERANCE

__all__ = ["DEFAULT_MAX_GAMES", "DEFAULT_TOLERANCE", "Plan", "decided", "open_tests", "plan", "skill_decided"]

if TYPE_CHECKING:
    from pnp.check.report import CheckReport


FIRST_LOOK = 50  # games per configuration before the first look: enough for a share's interval to mean something
RATIO_STEP = 20  # games per configuration between two looks of the ratio tests, at the least (even: pairs)
RATIO = "ratio"  # the methods of a plan: sequential ratio tests after every batch
LOOKS = "looks"  # intervals at a few fixed looks, the error spent evenly over them (--tolerance 0)
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
    def ratio_tests(self) -> bool:
        return self.method == RATIO

    @property
    def look_confidence(self) -> float:
        """The confidence each look's intervals compare at: the plain one for ratio tests (their bounds
        carry the error, the intervals only show the figures), spent over the looks otherwise."""
        if self.ratio_tests:
            return self.confidence
        return 1 - (1 - self.confidence) / len(self.looks)

    def match_games(self, games: int) -> int:
        """Head-to-head games per match at a look of `games` games: even, so both seatings play each deal."""
        wanted = games // SKILL_SHARE
        return max(2, wanted + wanted % 2)

    def to_json(self, played: int, decided: bool) -> dict[str, Any]:
        if self.ratio_tests:
            return {"method": "sequential probability ratio tests, the tolerance's zone as their hypotheses",
                    "confidence": self.confidence, "error_per_side": round((1 - self.confidence) / 2, 6),
                    "max_games": self.looks[-1], "tolerance": self.tolerance, "games": played, "decided": decided}
        return {"method": "alpha spent evenly over a fixed schedule of looks", "confidence": self.confidence,
                "look_confidence": round(self.look_confidence, 6), "looks": list(self.looks),
                "max_games": self.looks[-1], "tolerance": self.tolerance, "games": played, "decided": decided}


def plan(confidence: float, max_games: int = DEFAULT_MAX_GAMES, first: int = FIRST_LOOK,
         tolerance: float = 0.0, method: str | None = None) -> Plan:
    """With a tolerance, ratio tests looked at every batch (`method` LOOKS keeps the fixed looks, for a
    comparison); without, looks at first, 2 first, 4 first ... games, and at `max_games` (fewer looks
    under a small budget)."""
    if max_games < 1:
        raise ValueError("max_games must be at least 1")
    if (method or (RATIO if tolerance > 0 else LOOKS)) == RATIO:
        if tolerance <= 0:
            raise ValueError("a ratio test needs a tolerance: its hypotheses are the zone's edges")
        return Plan(confidence, ratio_looks(max_games), tolerance, RATIO)
    looks = []
    games = min(first, max_games)
    while games < max_games:
        looks.append(games)
        games *= 2
    looks.append(max_games)
    return Plan(confidence, tuple(looks), tolerance)


def ratio_looks(max_games: int) -> tuple[int, ...]:
    """Every RATIO_STEP games, or an eighth of the games so far when that is more (a test decided between
    two looks costs at most that much more), and the budget."""
    looks = []
    games = 0
    while True:
        step = max(RATIO_STEP, games // 8)
        games += step + step % 2
        if games >= max_games:
            break
        looks.append(games)
    looks.append(max_games)
    return tuple(looks)


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


