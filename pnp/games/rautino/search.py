"""Rautino's part in the search player (levels "expert" and "master", pnp.players.search): its
candidates, the best-scoring placements, and its playouts, the greedy placement; the budgets.

A seat sees the board, its own stones and how many stones the opponent holds and the stack keeps;
the state's `sample` deals the stones it has not seen to the opponent's hand and the stack, and the
playouts run through the state, skip rule and end included.
"""

from __future__ import annotations

import random

from pnp.players.search import Budget, SearchPlayer
from pnp.players.view import ObservingPlayer

from .engine import Board, Move, Stone
from .state import RautinoState

CANDIDATES = 8  # the best-scoring placements the search weighs
BUDGETS = {"search": Budget(playouts=384, horizon=6), "search-deep": Budget(playouts=1536, horizon=8)}


def candidates(state: RautinoState) -> list[Move]:
    """The placements scoring most now, best first (the board's order on ties)."""
    moves = state.legal_moves()
    totals = state.board.totals(moves)
    return [moves[i] for i in sorted(range(len(moves)), key=lambda i: -totals[i])[:CANDIDATES]]


def playout_move(state: RautinoState) -> Move:
    """The first of the best-scoring placements."""
    return state.board.best_moves(state.hands[state.to_move])[0]


def search_player(name: str) -> SearchPlayer:
    return SearchPlayer(BUDGETS[name], playout_move, candidates)


class SearchChooser(ObservingPlayer):
    """The same search as a player of the engine's kind, (board, hand, rng) -> move, told its seat's view
    before each move: it plays on the game as its seat sees it."""

    def __init__(self, budget: Budget) -> None:
        super().__init__(budget)
        self.search = SearchPlayer(budget, playout_move, candidates)

    def __call__(self, board: Board, hand: list[Stone], rng: random.Random) -> Move:
        if self.view is None:  # not told the game: the best-scoring placement
            moves = board.moves(hand)
            totals = board.totals(moves)
            return moves[totals.index(max(totals))]
        return self.search(RautinoState.as_seen(board, hand, rng, self.view))
