"""What a seat may know of a game besides the board and its own hand, for players that plan ahead.

An engine hands a `SeatView` to a player that asks for one (one with an `observe` method) just
before asking it for a move. Every field is public at a real table: how many pieces each player
holds, how many are left to draw, the scores, and the pieces out of play that everyone has seen.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from pnp.players.search import Budget


@dataclass(frozen=True)
class SeatView:
    """What the seat about to move may know of the game besides the board and its own hand: a
    searching player deals the pieces it has not seen from this, never from the true stack."""

    seat: int  # the seat about to move, 0-based
    hand_sizes: tuple[int, ...]  # pieces each seat holds now
    to_draw: int  # pieces left in the stack, pool or bag
    scores: tuple[int, ...]  # each seat's score so far
    seen: tuple[Hashable, ...]  # pieces everyone has seen leave play (on the board), in the game's own terms
    # Each seat's written score record where a number says too little (Zatre's score sheets), the
    # game's own objects, to be read and never changed; empty where the score is the whole record.
    records: tuple[Any, ...] = ()


def observer(player: object) -> Callable[[SeatView], None] | None:
    """The player's `observe` method, if it plans with a `SeatView`."""
    return getattr(player, "observe", None)


def unseen(every: Sequence[Hashable], seen: Sequence[Hashable], hand: Sequence[Hashable]) -> list[Hashable]:
    """The pieces a seat has not seen: the whole set less those out of play and those in its hand
    (a multiset difference, in the set's own order so that sampling from it is seeded alone)."""
    left: dict[Hashable, int] = {}
    get = left.get
    for piece in seen:  # counted by hand: a Counter costs more for the few pieces of a sample
        left[piece] = get(piece, 0) + 1
    for piece in hand:
        left[piece] = get(piece, 0) + 1
    hidden: list[Hashable] = []
    # Run by run of equal pieces (a set lists its copies together: a few runs, not a piece at a time),
    # the first of each kind are those seen; a count larger than a run goes on to the next run of it.
    for piece, run in groupby(every):
        gone = get(piece)
        if gone:
            copies = list(run)
            left[piece] = max(0, gone - len(copies))
            hidden += copies[gone:]
        else:
            hidden += run
    return hidden


class ObservingPlayer:
    """What every game's search player keeps between its moves: its budget, and the view of the game
    its seat may have, given by `observe` before each of its moves."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.view: SeatView | None = None

    def observe(self, view: SeatView) -> None:
        self.view = view
