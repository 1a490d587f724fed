"""The games a person can play in the browser, and how a table of each is set up.

A game plays at its own table where it declares one (`GameParts.table`, beside its kit); a game that
declares only its state (`GameParts.simulation`) plays at the generic table (pnp.play.generic).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp import games as registry
from pnp.errors import PnpError
from pnp.games.base import Game

from .table import Table

TableMaker = Callable[[Any, list[str], int, str | None], Table]


def can_play(game: Game) -> bool:
    """Whether the game has a table, its own or the generic one."""
    return game.table is not None or game.simulation is not None


def playable_games() -> list[Game]:
    """Every working game that can be played in the browser, in the registry's order."""
    found = []
    for name in registry.working(registry.names()):
        game = registry.get(name)
        if can_play(game):
            found.append(game)
    return found


def playable(name: str) -> tuple[tuple[str, ...], TableMaker]:
    """The strength levels a computer seat of the game may have, weakest first (beginner to master,
    as `pnp check --levels` names them; a level the game adds shows up here too), and the game's
    table maker."""
    game = registry.get(name)
    if not can_play(game):
        raise PnpError(f"{name}: cannot be played in the browser: it declares neither a table nor a game state; "
                       f"playable: {', '.join(g.name for g in playable_games())}")
    simulation = game.simulation
    levels = simulation.levels if simulation else ()
    players = {level.name: level.player for level in levels}

    def make(model: Any, seats: list[str], seed: int, preset: str | None) -> Table:
        """The table, its computer seats given the seat players of their levels."""
        seated = [players.get(seat, seat) for seat in seats]
        if game.table is not None:
            return game.table(model, seated, seed, preset)
        return _generic(game, model, seated, seed, preset)

    return tuple(players), make


def _generic(game: Game, model: Any, seats: list[str], seed: int, preset: str | None) -> Table:
    from .generic import StateTable

    assert game.simulation is not None
    return StateTable(game.name, game.simulation, model, seats, seed, preset)
