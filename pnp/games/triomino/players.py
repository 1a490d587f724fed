"""Players: each picks a legal placement of the tiles it may play now, or None when there is none."""

from __future__ import annotations

import random

from pnp.games.state import Player

from .engine import Chooser, Move, Table
from .model import TriominoModel
from .search import BUDGETS, SearchChooser, search_player
from .state import chooser_player


def greedy(table: Table, tiles: list[int], rng: random.Random) -> Move | None:
    """The move scoring most now; the first of equal ones in `Table.moves` order, so games replay exactly."""
    return table.best_move(tiles)


def random_legal(table: Table, tiles: list[int], rng: random.Random) -> Move | None:
    moves = table.moves(tiles)
    return moves[rng.randrange(len(moves))] if moves else None


# The lookahead player weighs this many of its best-scoring moves by what they leave the opponent.
CANDIDATES = 3
# How much an opponent's best reply counts against a move: the reply is sought among every tile not
# in the player's own hand (the opponents' hands and the pool are hidden), so it overstates the threat.
REPLY_WEIGHT = 0.5


def lookahead(table: Table, tiles: list[int], rng: random.Random) -> Move | None:
    """One move of lookahead: of the few best-scoring moves, the one whose score minus half the best
    reply it opens (a bridge or a hexagon handed to the next player) is highest."""
    moves = table.moves(tiles)
    if not moves:
        return None
    values = [table.move_value(move) for move in moves]
    order = sorted(range(len(moves)), key=lambda i: -values[i])[:CANDIDATES]  # stable: `moves` order on ties
    if len(order) == 1:
        return moves[order[0]]  # nothing to weigh
    own = set(tiles)
    others = [tile for tile in range(len(table.fit.sums)) if tile not in own]
    replies = table.reply_values(others)  # scored once; each candidate rescores only the cells it changes
    best, best_value = moves[order[0]], float("-inf")
    for index in order:
        move = moves[index]
        value = values[index] - REPLY_WEIGHT * table.best_reply(move, others, replies)
        if value > best_value:
            best, best_value = move, value
    return best


def seat_choosers(strategy: str, players: int) -> list[Chooser]:
    """`greedy`, `random`, or `mixed` (seat 0 greedy, the others random)."""
    if strategy == "greedy":
        return [greedy] * players
    if strategy == "random":
        return [random_legal] * players
    if strategy == "mixed":
        return [greedy] + [random_legal] * (players - 1)
    raise ValueError(f"unknown strategy {strategy!r}")


CHOOSERS: dict[str, Chooser] = {"greedy": greedy, "random": random_legal, "lookahead": lookahead}
PLAYER_ORDER = ("random", "greedy", "lookahead")  # weakest to strongest, for the skill matrix


def seat_player(name: str) -> Chooser:
    """A seat's player of the engine's kind for one game: a search player is made afresh (it keeps what
    its seat saw)."""
    return SearchChooser(BUDGETS[name]) if name in BUDGETS else CHOOSERS[name]


def state_player(model: TriominoModel, name: str) -> Player | None:
    """A seat's player of the game state (pnp.games.state); None for a name left to the shared players."""
    if name in BUDGETS:
        return search_player(name)
    return chooser_player(CHOOSERS[name]) if name in CHOOSERS else None
