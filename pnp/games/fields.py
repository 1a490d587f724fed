"""How a game's spec fields read to a designer: a label in words (English and German), the unit,
a one-line help, the choices of a fixed-choice field and how the studio edits it.

A field is named by its spec path with `[]` for any row of an array of tables (`stones[].count`)
and `*` for any key of a table (`presets.*.draw_limit`). The help defaults to the comment beside
the key in the game's shipped spec, so a comment and its form hint cannot drift apart.
Light on purpose: a game declares its fields at start-up, without its engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

# How the studio edits a field beyond its TOML type.
WIDGETS = ("colour-pair", "trigrid-cells", "lines")


@dataclass(frozen=True)
class SpecField:
    path: str
    en: str
    de: str
    unit: str | None = None
    help: str | None = None  # None: the shipped spec's comment beside the key, if any
    choices: tuple[str, ...] = ()
    widget: str | None = None  # one of WIDGETS
    whole: bool = False  # a number the loader wants whole even where TOML would take 2.0

    # A label may hold {key}: the key it names, for fields of a `*` pattern ("{key} colours").
    def label(self, lang: str) -> str:
        return self.de if lang == "de" else self.en


# The rows of a spec's array of tables -> a new row the loader accepts next to them.
NewRow = Callable[[list[dict[str, Any]], dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class SpecFields:
    fields: tuple[SpecField, ...] = ()
    # Array-of-tables path -> what a new row holds (default: a copy of the last row).
    new_rows: Mapping[str, NewRow] = field(default_factory=dict)
    # Array-of-tables path -> what one row is called ("stone", "Stein").
    row_names: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def find(self, path: str) -> SpecField | None:
        """The declaration of a concrete path such as `stones[3].count` or `presets.seed.draw_limit`."""
        generic = re.sub(r"\[\d+\]", "[]", path)
        for declared in self.fields:
            if declared.path == generic or _matches(declared.path, generic):
                return declared
        return None


def _matches(pattern: str, path: str) -> bool:
    if "*" not in pattern:
        return False
    regex = "^" + re.escape(pattern).replace(r"\*", r"[^.\[\]]+") + "$"
    return re.match(regex, path) is not None


def unused(taken: set[str], candidates: tuple[str, ...] | list[str], fallback: str) -> str:
    """The first candidate not taken, else `fallback` numbered until it is free."""
    for candidate in candidates:
        if candidate not in taken:
            return candidate
    number = 2
    while f"{fallback} {number}" in taken:
        number += 1
    return f"{fallback} {number}"
