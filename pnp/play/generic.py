"""The table of a game that declares its state (pnp.games.state) but no table of its own.

It knows nothing of the game beyond the protocol: the seat on turn, its legal moves, `push`, the
scores, the hands, the end and its reason. The page shows the game as lines of text, drawn on a plain
board, and offers the seat on turn its legal moves as buttons. A game's state may say more in its own
words with two optional methods:

- `describe() -> list[str]`: what lies on the table for everyone to see, one line each (default:
  every seat's score and how many pieces it holds);
- `move_label(move) -> str`: a move as the buttons and the move log name it (default: "pass" for
  None, the parts of a tuple joined by "-", else the move as text);
- `piece_label(piece) -> str`: a piece of a hand as the page names and draws it (default: as a move);
- `piece_word`: what the game calls its pieces ("tile"; default "piece").

Computer seats choose through the players `pnp check` seats (the game's own `seat_player`, else the
shared players of pnp.players.generic), on the state itself.
"""

from __future__ import annotations

from typing import Any

from pnp.check.frames import Frame
from pnp.check.protocol import Configuration, Deal, Simulation
from pnp.check.replay import ABANDONED
from pnp.check.simulate import seat_players
from pnp.draw.scene import Page, filled

from .seats import HUMAN
from .table import OnState, Refused

LINE_MM = 7.0  # the board's text lines
BOARD_WIDTH_MM = 160.0


def move_label(state: Any, move: Any) -> str:
    """A move in the game's own words, or plainly."""
    own = getattr(state, "move_label", None)
    return str(own(move)) if own is not None else _plain(move)


def piece_label(state: Any, piece: Any) -> str:
    """A piece of a hand in the game's own words, or plainly."""
    own = getattr(state, "piece_label", None)
    return str(own(piece)) if own is not None else _plain(piece)


def _plain(move: Any) -> str:
    if move is None:
        return "pass"
    if isinstance(move, tuple | list):
        return "-".join(map(str, move))
    return str(move)


def public_lines(state: Any) -> list[str]:
    """What everyone sees of the game, in the game's words or from the protocol's answers."""
    own = getattr(state, "describe", None)
    if own is not None:
        return [str(line) for line in own()]
    scores = state.scores()
    return [f"Player {seat + 1}: {scores[seat]} points, {len(state.hand(seat))} pieces in hand"
            for seat in range(state.players)]


class StateTable(OnState):
    """A game in progress on the generic table; the seats are seat player names or HUMAN."""

    turns = 1  # the page turns no pieces: a move is chosen whole
    crop = False
    overlap = False
    mark_mm = None

    def __init__(self, game: str, simulation: Simulation, model: Any, seats: list[str], seed: int,
                 preset: str | None) -> None:
        self.game = game
        self.seats = seats
        configuration = Configuration(len(seats), tuple(seats), preset)
        self.state = simulation.start(model, Deal(0, 0, seed, configuration))
        self.piece_word = str(getattr(self.state, "piece_word", "piece"))
        self.players = seat_players(simulation, model, [seat if seat != HUMAN else "random" for seat in seats])
        # What the board showed after each step (step 0: the deal), and each step's log line.
        self.frames_made = [Frame("the game begins", {"step": 0}, [], list(self.state.scores()))]
        self.boards = [public_lines(self.state)]

    def _push(self, move: Any) -> None:
        seat, label = self.player, move_label(self.state, move)
        self.state.push(move)
        step = len(self.frames_made)
        self.frames_made.append(Frame(f"player {seat + 1}: {label}", {"step": step}, [], self.scores, seat))
        self.boards.append(public_lines(self.state))

    def computer_move(self) -> None:
        chooser = self.players[self.player]
        self._push(chooser(self.state))

    def move(self, move: dict[str, Any]) -> None:
        """A person's move: {"choice": the index of a legal move, in the order of `offer`}."""
        legal = list(self.state.legal_moves())
        choice = move.get("choice")
        if not isinstance(choice, int) or isinstance(choice, bool) or not 0 <= choice < len(legal):
            raise Refused(f"choice: one of the {len(legal)} moves offered, 0 to {len(legal) - 1}, not {choice!r}")
        self._push(legal[choice])

    def offer(self) -> dict[str, Any] | None:
        if self.over or self.seats[self.player] != HUMAN:
            return None
        return {"question": f"Player {self.player + 1}, your move:",
                "options": [{"choice": index, "label": move_label(self.state, move)}
                            for index, move in enumerate(self.state.legal_moves())]}

    def record(self) -> dict[str, Any]:
        return dict(self.state.record())

    def left_record(self) -> dict[str, Any]:
        return {**self.record(), "end": ABANDONED}

    def moves_made(self) -> int:
        return len(self.frames_made) - 1

    def hand(self, player: int) -> list[dict[str, Any]]:
        """The seat's pieces, named and drawn by their labels; the moves are chosen in the offer."""
        return [{"piece": index, "label": piece_label(self.state, piece), "image": f"piece/{index}/{player}.svg"}
                for index, piece in enumerate(self.state.hand(player))]

    def pile(self) -> int:
        return int(self.state.view(self.player).to_draw)

    def note(self) -> str:
        return ""

    def ending(self) -> str:
        return str(self.state.reason) if self.over else ""

    def legend(self) -> list[dict[str, Any]]:
        return []

    def hints(self, piece: int, turned: bool) -> list[int]:
        return []

    def open_places(self) -> list[int]:
        return []

    def places(self) -> list[dict[str, Any]]:
        return []

    def last_cells(self, record: dict[str, Any]) -> list[list[float]] | None:
        return None

    def board_page(self, record: dict[str, Any]) -> Page:
        """The table after a step, as lines of text."""
        lines = self.boards[record["step"]]
        page = Page(BOARD_WIDTH_MM, LINE_MM * (len(lines) + 1), safe_margin=0.0, label="the table")
        page.rect(0, 0, BOARD_WIDTH_MM, LINE_MM * (len(lines) + 1), style=filled("#ffffff", "#555555"))
        for number, line in enumerate(lines, 1):
            page.text(4.0, LINE_MM * number, line, size_mm=4.0)
        return page

    def piece_page(self, a: int, b: int) -> Page:
        """Piece `a` of the hand of seat `b`, drawn as its label on a plain tile."""
        if not 0 <= b < len(self.seats) or not 0 <= a < len(self.state.hand(b)):
            raise Refused(f"piece: no piece {a} in the hand of player {b + 1}")
        label = piece_label(self.state, self.state.hand(b)[a])
        width = max(12.0, 2.4 * len(label) + 4.0)
        page = Page(width, 10.0, safe_margin=0.0, label=label)
        page.rect(0.3, 0.3, width - 0.6, 9.4, 1.2, style=filled("#ffffff", "#333333", 0.4))
        page.text(width / 2, 6.6, label, size_mm=4.5, anchor="middle")
        return page

    def frames(self, record: dict[str, Any]) -> list[Frame]:
        return list(self.frames_made)

    def sheets(self) -> list[dict[str, Any]]:
        return []
