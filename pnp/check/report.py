"""The checker's result: a verdict with reasons, and the figures behind it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.check.stats import Tally


@dataclass
class CheckReport:
    game: str
    playable: bool = True
    reasons: list[str] = field(default_factory=list)  # why the set fails; empty when playable
    warnings: list[str] = field(default_factory=list)
    static: dict[str, Any] = field(default_factory=dict)
    simulation: dict[str, Any] = field(default_factory=dict)  # per configuration, e.g. "2 players"
    # What the HTML report draws, not part of the JSON document: each configuration's tally (by the
    # same label as in `simulation`) and the records of the games it shows ("best", "worst").
    tallies: dict[str, Tally] = field(default_factory=dict, repr=False)
    games_drawn: list[tuple[str, dict[str, Any]]] = field(default_factory=list, repr=False)

    def fail(self, reason: str) -> None:
        self.playable = False
        self.reasons.append(reason)

    @property
    def verdict(self) -> str:
        return "playable" if self.playable else "not playable"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "verdict": self.verdict,
            "playable": self.playable,
            "reasons": self.reasons,
            "warnings": self.warnings,
            "static": self.static,
            "simulation": self.simulation,
        }

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), indent=2, ensure_ascii=False)

    def to_text(self) -> str:
        lines = [f"{self.game}: {self.verdict.upper()}"]
        lines += [f"  reason: {r}" for r in self.reasons]
        lines += [f"  warning: {w}" for w in self.warnings]
        if self.static:
            lines.append("static checks:")
            lines += _lines(self.static, 1)
        if self.simulation:
            lines.append("simulation:")
            lines += _lines(self.simulation, 1)
        return "\n".join(lines)


def _lines(value: Any, depth: int) -> list[str]:
    pad = "  " * depth
    out: list[str] = []
    for key, item in value.items():
        if isinstance(item, dict) and item and not _is_flat_numbers(item):
            out.append(f"{pad}{key}:")
            out += _lines(item, depth + 1)
        elif isinstance(item, dict):
            out.append(f"{pad}{key}: " + ", ".join(f"{k} {v}" for k, v in item.items()))
        elif isinstance(item, list):
            out.append(f"{pad}{key}: " + ", ".join(str(x) for x in item))
        else:
            out.append(f"{pad}{key}: {item}")
    return out


def _is_flat_numbers(item: dict[str, Any]) -> bool:
    return all(isinstance(v, int | float | str) for v in item.values()) and len(item) <= 12
