"""What one simulated game gives back: its record, scores, length and the game's own measures.

A game's `outcome` (or the shared one) makes an `Outcome` of a game played out (see pnp.check.protocol); the
tallies read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """What one game played out gives the tallies."""

    # JSON-ready and enough to replay the game from scratch; or a function that builds it, called only
    # when the record is read (a log, the report's games): most runs read none.
    record: dict[str, Any] | Callable[[], dict[str, Any]]
    scores: list[int]  # final score per seat
    turns: int
    rounds: int
    placements: int  # pieces the players put down (not a start piece the rules lay)
    # The game's own integer observations, each a value or one value per seat (per round...).
    measures: dict[str, int | list[int]] = field(default_factory=dict)
    # Every seat's score after each turn, in turn order (end bonuses may follow in `scores`): the
    # measures of a good game read it (pnp.check.measures). Empty: the game does not report it.
    score_track: list[list[int]] = field(default_factory=list)
    blocked_turns: int | None = None  # turns on which the player to move could place nothing

    def full_record(self) -> dict[str, Any]:
        return self.record() if callable(self.record) else self.record

    def scores_seated(self, swapped: bool) -> Outcome:
        """The outcome of a two-seat game with the seats read in the other order when `swapped`:
        a head-to-head match tallies its player as seat 1 wherever it sat."""
        if not swapped:
            return self
        return Outcome(self.record, self.scores[::-1], self.turns, self.rounds, self.placements, self.measures,
                       [scores[::-1] for scores in self.score_track], self.blocked_turns)
