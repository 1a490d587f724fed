"""A recorded game as a sequence of frames, for stepping through it move by move (the studio).

Each game turns its record into frames; a frame's `record` is the game's record cut after that
move, so the game's own `final_board` draws the board as it stood then.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Frame:
    text: str  # what happened, in one line
    record: dict[str, Any]  # the record up to and including this move
    score: list[tuple[str, Any]] = field(default_factory=list)  # the move's score, part by part
    totals: list[int] = field(default_factory=list)  # every seat's score after the move, where known
    seat: int | None = None  # the seat that moved (0-based), for a move a seat made

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "score": [list(part) for part in self.score], "totals": self.totals,
                "seat": self.seat}
