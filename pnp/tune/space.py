"""The search space of `pnp tune`: `--vary FIELD=LOW..HIGH` (integers, or decimals when either end has a
point) or `FIELD=a,b,c` (a choice), each checked against the spec's value before any game."""

from __future__ import annotations

import re
from dataclasses import dataclass
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
        return Dimension(field, "choice", choices=parse_values(field, text))
    low_text, high_text = span.groups()
    check_number_text(field, text)
    decimal = "." in low_text or "." in high_text
    low, high = (float(low_text), float(high_text)) if decimal else (int(low_text), int(high_text))
    if high <= low:
        raise VariantError(f"{field}={text}", "a range runs from low to high")
    return Dimension(field, "float" if decimal else "int", low, high)


def check_space(data: dict[str, Any], dimensions: list[Dimension]) -> None:
    """Every field exists once and its values have the spec's type (a decimal range needs a decimal field)."""
    varies = [Vary(d.field, d.choices if d.kind == "choice" else (d.low, d.high)) for d in dimensions]
    check_types(data, varies)
