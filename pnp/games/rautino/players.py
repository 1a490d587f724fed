"""Simple players: they see the board, their hand and the legal moves, and pick one."""

from __future__ import annotations

import random

from .engine import Board, Move, Stone


def random_player(board: Board, hand: list[Stone], moves: list[Move], rng: random.Random) -> Move:
    """Any legal placement, uniformly."""
    return moves[rng.randrange(len(moves))]


def greedy_player(board: Board, hand: list[Stone], moves: list[Move], rng: random.Random) -> Move:
    """The placement with the highest immediate score; ties broken at random."""
    totals = board.totals(moves)
    top = max(totals)
    best = [move for move, total in zip(moves, totals, strict=True) if total == top]
    return best[rng.randrange(len(best))]


PLAYERS = {"random": random_player, "greedy": greedy_player}
PLAYER_ORDER = ("random", "greedy")  # weakest to strongest, for the skill matrix
