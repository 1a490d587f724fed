"""Strength levels: the names people choose a computer player by, and the seat player behind each.

Every game declares its levels once (in its `Simulation`); `pnp check --levels`, the skill matrix
and the studio read them from there. The standard ladder runs from a beginner who plays any legal
move to an expert who searches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.errors import PnpError


@dataclass(frozen=True)
class Level:
    name: str  # what a person calls it: "beginner", "expert"
    player: str  # the seat player the game plays it with: "random", "search"
    about: str  # one short sentence on how it plays


STANDARD_LEVELS: tuple[Level, ...] = (
    Level("beginner", "random", "plays any legal move"),
    Level("good", "greedy", "takes the most points this turn"),
    Level("strong", "lookahead", "weighs its best moves by the best reply they open"),
    Level("expert", "search", "plays its best moves on in sampled games, well under a second a move"),
    Level("master", "search-deep", "searches as the expert, four times as long and deeper, for studies"),
)
DEFAULT_MATRIX = ("beginner", "good", "strong")  # the skill matrix of a `pnp check` run without --levels


def level(levels: Sequence[Level], name: str) -> Level:
    for candidate in levels:
        if candidate.name == name:
            return candidate
    raise PnpError(f"--levels: unknown strength level {name!r}; choose from "
                   f"{', '.join(c.name for c in levels)}")


def players_of(levels: Sequence[Level], names: Sequence[str]) -> tuple[str, ...]:
    """The seat players of the named levels, weakest to strongest as the game orders its levels;
    at least two different levels (a skill matrix needs a pair)."""
    chosen = {level(levels, name).name for name in names}
    if len(chosen) < 2:
        raise PnpError("--levels: name at least two different strength levels, e.g. beginner,expert")
    return tuple(c.player for c in levels if c.name in chosen)


def name_of(levels: Sequence[Level], player: str) -> str:
    """The level a seat player plays at, or the player's own name for one outside the ladder."""
    return next((c.name for c in levels if c.player == player), player)
