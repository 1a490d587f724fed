"""Determinised Monte-Carlo search, the same for every game.

A seat cannot see the other hands or the order of the stack. Each sample deals those hidden
pieces at random, consistently with what the seat has seen (see `pnp.players.view.unseen`), and
every candidate move is played on in that same sampled game by quick players for a few turns; a
candidate's value is its mean over the samples of its own points less its opponents' in those
turns. The candidates share their samples (common random numbers), so a difference between two
of them is the move's and not the luck of the draw. Successive halving spends the budget: each
round plays every remaining candidate on the same new samples and keeps the better half.

Every sample is seeded from one number the player draws from the game's own generator, so a game
depends on its seed alone, and its budget is counted in playouts, never in time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

C = TypeVar("C")


@dataclass(frozen=True)
class Budget:
    """How much a search player thinks: playouts per move in all, and turns played on per playout."""

    playouts: int
    horizon: int  # turns after the candidate (every seat's), or fewer when the game ends first


def best_candidate(candidates: Sequence[C], value: Callable[[C, int], float], playouts: int) -> int:
    """The index of the candidate with the highest mean value, `value(candidate, sample)` being its
    outcome in sampled game `sample`. Equal means go to the earlier candidate: callers list their
    candidates best-first by a quick judgement, so the search only departs from it on evidence."""
    alive = list(range(len(candidates)))
    if len(alive) <= 1:
        return 0
    totals = [0.0] * len(candidates)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    sample = 0
    while len(alive) > 1:
        per_candidate = max(1, playouts // (rounds * len(alive)))
        for index in alive:
            candidate = candidates[index]
            totals[index] += sum(value(candidate, s) for s in range(sample, sample + per_candidate))
        sample += per_candidate
        # Every remaining candidate has played the same samples, so totals compare as means do.
        alive.sort(key=lambda i: -totals[i])  # stable: the earlier candidate first on ties
        alive = alive[:math.ceil(len(alive) / 2)]
    return alive[0]
