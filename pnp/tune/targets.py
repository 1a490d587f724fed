"""`--target EXPR` of `pnp tune`: `seat_advantage<=0.05`, `skill_share>=0.6`, `turns_per_game=30..40`.

A target is judged on the figure's interval at the run's confidence: met when the whole interval lies
inside, missed when it lies wholly outside, open otherwise. The search minimises the distance of the
estimates from their targets, each relative to the target's size, so a share and a length weigh alike.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from pnp.check.confidence import Interval
from pnp.errors import PnpError

FIGURES = ("seat_advantage", "skill_share", "turns_per_game", "placed_share")
_NUMBER = r"-?\d+(?:\.\d+)?|-?\.\d+"
_TARGET = re.compile(rf"^\s*([a-z_]+)\s*(<=|>=|=)\s*({_NUMBER})(?:\.\.({_NUMBER}))?\s*$")


@dataclass(frozen=True)
class Target:
    figure: str
    low: float  # -inf: no lower end
    high: float  # inf: no upper end
    text: str

    def distance(self, value: float) -> float:
        """How far an estimate lies outside the target, relative to the target's size (0 inside)."""
        return self._relative(max(0.0, self.low - value, value - self.high))

    def _relative(self, outside: float) -> float:
        size = max(abs(self.low) if math.isfinite(self.low) else 0.0,
                   abs(self.high) if math.isfinite(self.high) else 0.0) or 1.0
        return outside / size

    def gap(self, interval: Interval) -> float:
        """How far the whole interval lies outside the target, relative to its size: 0 while the target is
        still plausible. The pruner compares these, so a trial stops when it is clearly worse, not on the
        noise of its first games."""
        return self._relative(max(0.0, self.low - interval.high, interval.low - self.high))

    def verdict(self, interval: Interval) -> str:
        """'met', 'missed' or 'open' for the figure's interval."""
        if self.low <= interval.low and interval.high <= self.high:
            return "met"
        if interval.high < self.low or interval.low > self.high:
            return "missed"
        return "open"


def parse_target(text: str) -> Target:
    match = _TARGET.match(text)
    if match is None:
        raise PnpError(f"--target {text}: write FIGURE<=VALUE, FIGURE>=VALUE or FIGURE=LOW..HIGH, "
                       "e.g. seat_advantage<=0.05")
    figure, relation, first, second = match.groups()
    if figure not in FIGURES:
        raise PnpError(f"--target {text}: no figure {figure!r} (figures: {', '.join(FIGURES)})")
    try:
        value = float(first)
        upper = float(second) if second is not None else None
    except ValueError:
        raise PnpError(f"--target {text}: {first!r} is not a number") from None
    if relation == "<=" and upper is None:
        return Target(figure, -math.inf, value, text.strip())
    if relation == ">=" and upper is None:
        return Target(figure, value, math.inf, text.strip())
    if relation == "=":
        high = upper if upper is not None else value
        if high < value:
            raise PnpError(f"--target {text}: a range runs from low to high")
        return Target(figure, value, high, text.strip())
    raise PnpError(f"--target {text}: a range is written FIGURE=LOW..HIGH")
