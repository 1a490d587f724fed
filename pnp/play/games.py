"""The games a person can play, and how a table of each is set up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.errors import PnpError

from .table import Table


def _rautino(model: Any, seats: list[str], seed: int, preset: str | None) -> Table:
    from .rautino import RautinoTable

    return RautinoTable(model, seats, seed)


def _zatre(model: Any, seats: list[str], seed: int, preset: str | None) -> Table:
    from .zatre import ZatreTable

    return ZatreTable(model, seats, seed)


def _triomino(model: Any, seats: list[str], seed: int, preset: str | None) -> Table:
    from .triomino import TriominoTable

    return TriominoTable(model, seats, seed, preset)


# Game -> (computer players it offers, weakest first; table maker).
PLAYABLE: dict[str, tuple[tuple[str, ...], Callable[[Any, list[str], int, str | None], Table]]] = {
    "rautino": (("random", "greedy", "lookahead"), _rautino),
    "zatre": (("random", "greedy", "lookahead"), _zatre),
    "triomino": (("random", "greedy", "lookahead"), _triomino),
}


def playable(game: str) -> tuple[tuple[str, ...], Callable[[Any, list[str], int, str | None], Table]]:
    if game not in PLAYABLE:
        raise PnpError(f"{game}: cannot be played in the browser yet; playable: {', '.join(PLAYABLE)}")
    return PLAYABLE[game]
