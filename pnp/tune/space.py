"""The search space of `pnp tune`: `--vary FIELD=LOW..HIGH` (integers, or decimals when either end has a
point) or `FIELD=a,b,c` (a choice), each checked against the spec's value before any game."""

from __future__ import annotations

import dataclasses
import math
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.variants import VariantError, Vary, check_number_text, check_types, parse_values, split_option

_NUMBER = r"-?\d+(?:\.\d+)?"
_SPAN = re.compile(rf"^({_NUMBER})\.\.({_NUMBER})$")


@dataclass(frozen=True)
class Dimension:
    """One field of the space: an integer or decimal range (both ends included) or a list of choices."""

    field: str
    kind: str  # "int", "float" or "choice"
    low: float = 0
    high: float = 0
    choices: tuple[Any, ...] = ()
    text: str = dataclasses.field(default="", compare=False)  # the values as typed, for a sweep's --vary

    @property
    def points(self) -> float:
        """How many values the field takes: infinitely many in a decimal range."""
        if self.kind == "int":
            return int(self.high) - int(self.low) + 1
        return math.inf if self.kind == "float" else len(self.choices)

    def suggest(self, trial: Any) -> Any:
        if self.kind == "int":
            return trial.suggest_int(self.field, int(self.low), int(self.high))
        if self.kind == "float":
            return trial.suggest_float(self.field, self.low, self.high)
        return trial.suggest_categorical(self.field, list(self.choices))


def parse_dimension(option: str) -> Dimension:
    field, sep, text = split_option(option)
    field, text = field.strip(), text.strip()
    if not sep or not field:
        raise VariantError(repr(option), "write FIELD=LOW..HIGH or FIELD=a,b,c, e.g. game.hand_size=2..5")
    span = _SPAN.match(text)
    if span is None:
        return Dimension(field, "choice", choices=parse_values(field, text), text=text)
    low_text, high_text = span.groups()
    check_number_text(field, text)
    decimal = "." in low_text or "." in high_text
    low, high = (float(low_text), float(high_text)) if decimal else (int(low_text), int(high_text))
    if high <= low:
        raise VariantError(f"{field}={text}", "a range runs from low to high")
    return Dimension(field, "float" if decimal else "int", low, high, text=text)


def check_space(data: dict[str, Any], dimensions: list[Dimension]) -> None:
    """Every field exists once and its values have the spec's type (a decimal range needs a decimal field)."""
    varies = [Vary(d.field, d.choices if d.kind == "choice" else (d.low, d.high)) for d in dimensions]
    check_types(data, varies)


def grid_points(dimensions: list[Dimension]) -> float:
    """The variants of the space: the product of the fields' values (infinite with a decimal range)."""
    return math.prod(d.points for d in dimensions)


def sweep_instead(game: str, spec: Path | None, dimensions: list[Dimension], trials: int,
                  shared: list[str], max_games: int | None = None) -> str | None:
    """The `pnp sweep` of the same --vary, when the space has at most twice as many variants as there are
    trials: a search that small tries some values twice (the sampler returns to them) and leaves others
    untried, where a sweep checks every variant once, racing them under --games auto, for about the games
    of as many trials. `shared`: the options the sweep takes as tune does (--players, --preset ...); None
    for a larger space or one with a decimal range."""
    if grid_points(dimensions) > 2 * trials:
        return None
    words = ["pnp", "sweep", game, *(["--spec", str(spec)] if spec is not None else []),
             *(word for d in dimensions for word in ("--vary", f"{d.field}={d.text}")), *shared, "--games", "auto",
             *(["--max-games", str(max_games)] if max_games is not None else [])]
    return shlex.join(words)
