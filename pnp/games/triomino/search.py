"""Triomino's part in the search player (levels "expert" and "master", pnp.players.search): its
candidates, the best-scoring moves, and its playouts, the greedy move; the budgets.

A seat sees the table, its own tiles and how many tiles every other seat holds and the pool keeps;
the state's `sample` deals the tiles it has not seen to the other hands and the pool. Each candidate
is played on through the state by greedy moves, with the draw, pass and going-out rules of the
preset, to the end of the round at most. After a draw, when only the drawn tile may be played, the
player places it where it scores most.
"""

from __future__ import annotations

import random

from pnp.players.search import Budget, SearchPlayer
from pnp.players.view import ObservingPlayer

from .engine import Move, Table
from .state import TriominoState

CANDIDATES = 8  # the best-scoring moves the search weighs
BUDGETS = {"search": Budget(playouts=400, horizon=8), "search-deep": Budget(playouts=1600, horizon=10)}


def candidates(state: TriominoState) -> list[Move | None]:
    """The moves scoring most now, best first (`Table.moves` order on ties); the drawn tile's best
    placement alone, and the draw or pass alone where nothing fits."""
    table, offered = state.table, state.offered()
    if state.drawn:
        return [table.best_move(offered)]
    moves = table.moves(offered)
    if len(moves) <= 1:
        return [table.best_move(offered)] if moves else [None]
    values = [table.move_value(move) for move in moves]
    return [moves[i] for i in sorted(range(len(moves)), key=lambda i: -values[i])[:CANDIDATES]]


def playout_move(state: TriominoState) -> Move | None:
    drawn = state.drawn  # `offered`, inline: every move of every playout
    return state.table.best_move(drawn[-1:] if drawn else state.hands[state.to_move])


def search_player(name: str) -> SearchPlayer:
    return SearchPlayer(BUDGETS[name], playout_move, candidates)


class SearchChooser(ObservingPlayer):
    """The same search as a player of the engine's kind, (table, tiles, rng) -> move or None, told its
    seat's view at the start of each turn: it plays on the round as its seat sees it."""

    def __init__(self, budget: Budget) -> None:
        super().__init__(budget)
        self.search = SearchPlayer(budget, playout_move, candidates)

    def __call__(self, table: Table, tiles: list[int], rng: random.Random) -> Move | None:
        view, self.view = self.view, None  # a second call in a turn offers the drawn tile only
        if view is None:
            return table.best_move(tiles)
        return self.search(TriominoState.as_seen(table, tiles, rng, view))
