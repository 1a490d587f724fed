"""Simple players: they see the board, their hand and the legal moves, and pick one."""

from __future__ import annotations

import random

from .engine import Board, Move, Stone


def random_player(board: Board, hand: list[Stone], moves: list[Move], rng: random.Random) -> Move:
    """Any legal placement, uniformly."""
    return moves[rng.randrange(len(moves))]


def greedy_player(board: Board, hand: list[Stone], moves: list[Move], rng: random.Random) -> Move:
    """The placement with the highest immediate score; ties broken at random."""
    best: list[Move] = []
    best_total = -1
    for move in moves:
        total = board.total(move.slot, move.colour_a, move.colour_b)
        if total > best_total:
            best, best_total = [move], total
        elif total == best_total:
            best.append(move)
    return best[rng.randrange(len(best))]


PLAYERS = {"random": random_player, "greedy": greedy_player}
PLAYER_ORDER = ("random", "greedy")  # weakest to strongest, for the skill matrix
