"""What every game's table offers the play page, and the refusal of a move the rules forbid."""

from __future__ import annotations

from typing import Any, Protocol

from pnp.draw.scene import Page
from pnp.errors import PnpError


class Refused(PnpError):
    """A move the rules (or the request's form) forbid; the message is the rule, in one line."""


class OnState:
    """What a table over a game state (pnp.games.state) reads from it, written once: who is on turn,
    whether the game is over, and the scores."""

    state: Any

    @property
    def player(self) -> int:
        return int(self.state.to_move)

    @property
    def over(self) -> bool:
        return bool(self.state.over)

    @property
    def scores(self) -> list[int]:
        return list(self.state.scores())


class Table(Protocol):
    """A game in progress. `player` is on turn; a person's move goes through `move`, a computer
    seat's through `computer_move`; both raise Refused and change nothing when the move is illegal."""

    game: str
    seats: list[str]
    player: int
    over: bool
    scores: list[int]
    piece_word: str
    turns: int  # positions a piece turns through (1: it does not turn)
    crop: bool  # the page crops the board drawing to the places
    overlap: bool  # neighbouring places overlap: the page draws smaller targets so each can be hit
    # The smallest mark of the board drawing a player reads (a tile's digit), in mm of the drawing: the
    # page never shows it smaller than a readable size, and a board that grows wider than the screen
    # then scrolls. None: the board is read by colour and shape, and fits the screen as a whole.
    mark_mm: float | None

    def move(self, move: dict[str, Any]) -> None: ...
    def computer_move(self) -> None: ...
    def record(self) -> dict[str, Any]: ...
    def left_record(self) -> dict[str, Any]: ...  # the record of a game left unfinished, marked abandoned
    def moves_made(self) -> int: ...
    def hand(self, player: int) -> list[dict[str, Any]]: ...
    def pile(self) -> int: ...
    def note(self) -> str: ...  # what the person on turn should know beyond the hand (a draw)
    def ending(self) -> str: ...  # why the game ended, in words; "" while it goes on
    def offer(self) -> dict[str, Any] | None: ...  # a choice the rules give the person on turn: question, options
    def legend(self) -> list[dict[str, Any]]: ...  # what the printed board lists beside it: name, lines
    def hints(self, piece: int, turned: bool) -> list[int]: ...
    def open_places(self) -> list[int]: ...
    def places(self) -> list[dict[str, Any]]: ...
    def last_cells(self, record: dict[str, Any]) -> list[list[float]] | None: ...
    def board_page(self, record: dict[str, Any]) -> Page: ...
    def piece_page(self, a: int, b: int) -> Page: ...
    def frames(self, record: dict[str, Any]) -> list[Any]: ...
    def sheets(self) -> list[dict[str, Any]]: ...
