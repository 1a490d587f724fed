"""Players: each picks a legal placement of the tiles it may play now, or None when there is none."""

from __future__ import annotations

import random

from .engine import Chooser, Move, Table


def greedy(table: Table, tiles: list[int], rng: random.Random) -> Move | None:
    """The move scoring most now; the first of equal ones in `Table.moves` order, so games replay exactly."""
    return table.best_move(tiles)


def random_legal(table: Table, tiles: list[int], rng: random.Random) -> Move | None:
    moves = table.moves(tiles)
    return moves[rng.randrange(len(moves))] if moves else None


def seat_choosers(strategy: str, players: int) -> list[Chooser]:
    """`greedy`, `random`, or `mixed` (seat 0 greedy, the others random)."""
    if strategy == "greedy":
        return [greedy] * players
    if strategy == "random":
        return [random_legal] * players
    if strategy == "mixed":
        return [greedy] + [random_legal] * (players - 1)
    raise ValueError(f"unknown strategy {strategy!r}")


CHOOSERS: dict[str, Chooser] = {"greedy": greedy, "random": random_legal}
PLAYER_ORDER = ("random", "greedy")  # weakest to strongest, for the skill matrix
