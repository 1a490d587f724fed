"""Players of any game state (pnp.games.state): what a game that declares only its state plays with.

A game may bring faster or stronger players of its own under the same names (its `Simulation`'s
`seat_player`); these ask the state its legal moves and try them on copies, nothing more.
"""

from __future__ import annotations

from typing import Any

from pnp.errors import PnpError
from pnp.players.search import BUDGETS, CANDIDATES, Budget, SearchPlayer


def random_player(state: Any) -> Any:
    """Any legal move, uniformly."""
    moves = state.legal_moves()
    return moves[state.rng.randrange(len(moves))]


def gain(state: Any, move: Any) -> int:
    """The points the move earns its seat now (everything the rules apply after it included)."""
    seat = state.to_move
    after = state.copy()
    after.push(move)
    return after.scores()[seat] - state.scores()[seat]


def greedy_player(state: Any) -> Any:
    """The move earning most now; the first of equal ones in the state's order."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    gains = [gain(state, move) for move in moves]
    return moves[gains.index(max(gains))]


def greedy_order(state: Any) -> list[Any]:
    """The legal moves, those earning most now first (a stable sort: the state's order on ties)."""
    moves = list(state.legal_moves())
    gains = [gain(state, move) for move in moves]
    return [moves[i] for i in sorted(range(len(moves)), key=lambda i: -gains[i])]


def search_player(budget: Budget) -> SearchPlayer:
    """The search over any state: candidates by what they earn now, greedy playouts."""
    return SearchPlayer(budget, greedy_player, lambda state: greedy_order(state)[:CANDIDATES])


PLAYERS = {"random": random_player, "greedy": greedy_player}


def seat_player(name: str) -> Any:
    """The shared player of that name, a search made afresh for its game."""
    if name in BUDGETS:
        return search_player(BUDGETS[name])
    if name in PLAYERS:
        return PLAYERS[name]
    raise PnpError(f"no player {name!r} for this game; it plays {', '.join([*PLAYERS, *BUDGETS])}")
