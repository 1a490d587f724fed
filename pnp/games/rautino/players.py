"""Players: they see the board and their hand, ask the board for the legal moves they weigh, and
pick one. The engine calls a player only when some stone of its hand fits."""

from __future__ import annotations

import random

from pnp.games.state import Player
from pnp.latest import Latest

from .engine import Board, Chooser, Move, Stone, stone_indices
from .model import RautinoModel
from .search import BUDGETS, SearchChooser, search_player
from .state import chooser_player

# The lookahead player weighs this many of its best-scoring moves by what they leave the opponent.
CANDIDATES = 4
# How much an opponent's best reply counts against a move: it holds three stones, not every kind,
# so the best reply with any kind of the set overstates what it can do.
REPLY_WEIGHT = 0.5


def random_player(board: Board, hand: list[Stone], rng: random.Random) -> Move:
    """Any legal placement, uniformly."""
    moves = board.moves(hand)
    return moves[rng.randrange(len(moves))]


def greedy_player(board: Board, hand: list[Stone], rng: random.Random) -> Move:
    """The placement with the highest immediate score; ties broken at random."""
    best = board.best_moves(hand)
    return best[rng.randrange(len(best))]


# The set's stone kinds, once per model and process.
_kinds: Latest[RautinoModel, list[Stone]] = Latest(lambda model: sorted(set(stone_indices(model))))


def lookahead_player(board: Board, hand: list[Stone], rng: random.Random) -> Move:
    """One move of lookahead: of the few best-scoring placements, the one whose score minus half
    the best reply it opens to the opponent (with any stone kind of the set) is highest."""
    moves = board.moves(hand)
    totals = board.totals(moves)
    order = sorted(range(len(moves)), key=lambda i: -totals[i])[:CANDIDATES]
    kinds = _kinds(board.model)
    best, best_value = moves[order[0]], float("-inf")
    for index in order:
        _, slot, colour_a, colour_b = moves[index]
        after = board.copy()
        after.put(slot, colour_a, colour_b)
        reply = after.best_total(kinds) or 0
        value = totals[index] - REPLY_WEIGHT * reply
        if value > best_value:
            best, best_value = moves[index], value
    return best


PLAYERS = {"random": random_player, "greedy": greedy_player, "lookahead": lookahead_player}
PLAYER_ORDER = ("random", "greedy", "lookahead")  # weakest to strongest, for the skill matrix


def seat_player(name: str) -> Chooser:
    """A seat's player of the engine's kind for one game: a search player is made afresh (it keeps what
    its seat saw)."""
    return SearchChooser(BUDGETS[name]) if name in BUDGETS else PLAYERS[name]


def state_player(model: RautinoModel, name: str) -> Player | None:
    """A seat's player of the game state (pnp.games.state) for one game; None for a name the game
    leaves to the shared players."""
    if name in BUDGETS:
        return search_player(name)
    return chooser_player(PLAYERS[name]) if name in PLAYERS else None
