"""Players: each picks one of the legal moves the engine offers."""

from __future__ import annotations

import random

from .engine import Chooser, Move, Table


def greedy(table: Table, moves: list[Move], rng: random.Random) -> Move:
    """The move scoring most now; the first of equal ones, so games replay exactly."""
    best = moves[0]
    best_value = table.move_value(best)
    for move in moves[1:]:
        value = table.move_value(move)
        if value > best_value:
            best, best_value = move, value
    return best


def random_legal(table: Table, moves: list[Move], rng: random.Random) -> Move:
    return moves[rng.randrange(len(moves))]


def seat_choosers(strategy: str, players: int) -> list[Chooser]:
    """`greedy`, `random`, or `mixed` (seat 0 greedy, the others random)."""
    if strategy == "greedy":
        return [greedy] * players
    if strategy == "random":
        return [random_legal] * players
    if strategy == "mixed":
        return [greedy] + [random_legal] * (players - 1)
    raise ValueError(f"unknown strategy {strategy!r}")
