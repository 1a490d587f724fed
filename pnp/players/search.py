"""Determinised Monte-Carlo search, the same for every game.

A seat cannot see the other hands or the order of the stack. Each sample deals those hidden
pieces at random, consistently with what the seat has seen (the game state's `sample`), and
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
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

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


# --- the search player of every game --------------------------------------------------------------

# The budgets of a game that names none of its own.
BUDGETS = {"search": Budget(playouts=384, horizon=6), "search-deep": Budget(playouts=1536, horizon=8)}
CANDIDATES = 8  # the moves a search weighs, best first by the game's quick judgement


def score_lead(state: Any, seat: int, before: Sequence[int]) -> float:
    """The seat's points since `before` less the mean of the others': how a playout went for it."""
    gains = [a - b for a, b in zip(state.scores(), before, strict=True)]
    own = gains[seat]
    # Scores are whole numbers: the others' sum is the total less the seat's, exactly.
    return own - ((sum(gains) - own) / (len(gains) - 1) if len(gains) > 1 else 0.0)


def sampler(state: Any, seat: int) -> Callable[[random.Random], Any]:
    """The state's dealer of samples for `seat` (its `sampler`, which works out the unseen pieces once),
    or one that asks `state.sample` every time for a game that declares none: the same samples."""
    own = getattr(state, "sampler", None)
    if own is not None:
        return own(seat)
    return lambda rng: state.sample(seat, rng)


class SearchPlayer:
    """Determinised Monte-Carlo search over any game state (pnp.games.state).

    For a state with a choice to make it takes the game's candidate moves (`candidates(state)`, best
    first by a quick judgement; the first CANDIDATES legal moves where the game gives none), and for
    each sample n deals the pieces the seat cannot see anew (`state.sampler(seat)`, asked once per move,
    or `state.sample(seat, rng)`), pushes every candidate on a copy of the same sample (by the state's
    `push_trusted` where it has one: the moves are legal by construction) and plays on with `playout`
    for `budget.horizon` moves or to the end of the round, whichever comes first. A candidate's value
    is `evaluate(state, seat, scores before)` at the end of the playout (the seat's points less the
    others', by default).
    """

    def __init__(self, budget: Budget, playout: Callable[[Any], Any],
                 candidates: Callable[[Any], Sequence[Any]] | None = None,
                 evaluate: Callable[[Any, int, Sequence[int]], float] = score_lead) -> None:
        self.budget, self.playout, self.candidates, self.evaluate = budget, playout, candidates, evaluate

    def __call__(self, state: Any) -> Any:
        moves = list(self.candidates(state) if self.candidates is not None
                     else state.legal_moves()[:CANDIDATES])
        if len(moves) <= 1:
            return moves[0] if moves else None
        seat, round_, before = state.to_move, state.round, state.scores()
        seed = state.rng.getrandbits(64)
        deal = sampler(state, seat)
        trusted = hasattr(state, "push_trusted")
        samples: dict[int, Any] = {}  # this call's samples, each dealt once for every candidate
        horizon, playout, evaluate = self.budget.horizon, self.playout, self.evaluate

        def value(index: int, sample: int) -> float:
            dealt = samples.get(sample)
            if dealt is None:
                dealt = samples[sample] = deal(random.Random(seed + sample))
            game = dealt.copy()
            # The candidates and the playout's moves are legal by construction: the trusted push.
            push = game.push_trusted if trusted else game.push
            push(moves[index])
            for _ in range(horizon):
                if game.over or game.round != round_:
                    break
                push(playout(game))
            return evaluate(game, seat, before)

        return moves[best_candidate(range(len(moves)), value, self.budget.playouts)]
