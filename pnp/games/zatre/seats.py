"""The players a seat can have, by level name: the engine's kind (a chooser for the play table and
the engine's own loop) and the game state's kind (for the check's loop)."""

from __future__ import annotations

from typing import Any

from pnp.games.zatre.engine import Player
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.players import greedy_player, lookahead_player, random_player
from pnp.games.zatre.search import BUDGETS, SearchChooser, search_player
from pnp.games.zatre.state import chooser_player

PLAYERS: dict[str, Player] = {"greedy": greedy_player, "random": random_player, "lookahead": lookahead_player}


def seat_player(name: str, model: ZatreModel) -> Player:
    """A seat's player of the engine's kind for one game: a search player is made afresh (it keeps what
    its seat saw)."""
    return SearchChooser(BUDGETS[name], model) if name in BUDGETS else PLAYERS[name]


def state_player(model: ZatreModel, name: str) -> Any:
    """A seat's player of the game state (pnp.games.state); None for a name left to the shared players."""
    if name in BUDGETS:
        return search_player(name)
    return chooser_player(PLAYERS[name]) if name in PLAYERS else None


def seat_kinds(kind: str, count: int) -> list[str]:
    """`mixed` alternates greedy and random seats, greedy first."""
    if kind == "mixed":
        return ["greedy" if seat % 2 == 0 else "random" for seat in range(count)]
    return [kind] * count
