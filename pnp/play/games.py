"""The games a person can play, and how a table of each is set up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp import games as registry
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


TableMaker = Callable[[Any, list[str], int, str | None], Table]
TABLES: dict[str, TableMaker] = {"rautino": _rautino, "zatre": _zatre, "triomino": _triomino}


def playable(game: str) -> tuple[tuple[str, ...], TableMaker]:
    """The computer players a seat of `game` may have: the players of the game's strength levels,
    weakest first (beginner to master, as `pnp check --levels` names them; a level the game adds
    shows up here too), each made by the game's own `seat_player` as its check makes it; and the
    game's table maker."""
    if game not in TABLES:
        raise PnpError(f"{game}: cannot be played in the browser yet; playable: {', '.join(TABLES)}")
    simulation = registry.get(game).simulation
    return (tuple(level.player for level in simulation.levels) if simulation else ()), TABLES[game]
