"""A Rautino game a person plays: the game's state (`RautinoState`, the one `pnp check` plays) shown
on the kit's board drawing, a click turned into a move. Turns, draws, skips, the end and its reason,
the scores and the computer seats' choices all come from the state, so a finished game's record is
the record `pnp check` would log and `pnp replay` checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.check.replay import ABANDONED
from pnp.check.simulate import seat_players
from pnp.draw.scene import Page, stroked
from pnp.games.rautino.checker import SIMULATION
from pnp.games.rautino.engine import Board, GameResult, Stone
from pnp.games.rautino.kit import art
from pnp.games.rautino.kit.board import stone_outline
from pnp.games.rautino.kit.frames import frames
from pnp.games.rautino.kit.report import MARGIN_MM, final_board
from pnp.games.rautino.kit.texts import points_lines, shape_name
from pnp.games.rautino.model import RautinoModel
from pnp.games.rautino.records import to_record
from pnp.games.rautino.replay import Referee
from pnp.games.rautino.state import RautinoState
from pnp.games.state import IllegalMove
from pnp.geometry import trigrid as tg
from pnp.play.seats import HUMAN
from pnp.play.table import OnState, Refused

# How each end the game's state names reads at the table.
ENDINGS = {"stack empty": "the stack is empty and every player has had the same number of turns",
           "board full": "no place of the board can take a stone any more",
           "no stone fits": "no stone left in the hands or the stack fits anywhere",
           "hand blocked": "no stone of the hand fits anywhere",
           "all stones placed": "every stone is placed"}


class RautinoTable(OnState):
    game = "rautino"
    turns = 2  # positions a piece turns through
    crop = True  # the page shows the board's places only, not the rest of the drawing's page
    overlap = True  # neighbouring places share a triangle: the page draws smaller targets
    mark_mm = None  # stones read by their colours and symbols: the whole board fits the screen
    piece_word = "stone"

    def __init__(self, model: RautinoModel, seats: list[str], seed: int) -> None:
        self.model = model
        self.seats = seats
        self.state = RautinoState(model, len(seats), seed)
        # Each computer seat's player made as `pnp check` makes it (a search player keeps what it saw).
        players = seat_players(SIMULATION, model, [seat if seat != HUMAN else "random" for seat in seats])
        self.players = [None if seat == HUMAN else player for seat, player in zip(seats, players, strict=True)]
        self.names = [c.name for c in model.all_colours]

    # --- the state, read ---------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self.state.board

    @property
    def hands(self) -> list[list[Stone]]:
        return self.state.hands

    @property
    def result(self) -> GameResult:
        return self.state.result

    # --- moving on ---------------------------------------------------------------------------

    def computer_move(self) -> None:
        chooser = self.players[self.player]
        assert chooser is not None, "a person's seat has no computer player"
        self.state.push(chooser(self.state))

    def move(self, move: dict[str, Any]) -> None:
        """A person's move: {"piece": hand index, "turned": bool, "place": slot}; Refused when the
        rules forbid it, and then nothing changed."""
        hand = self.hands[self.player]
        piece, place, turned = move.get("piece"), move.get("place"), move.get("turned", False)
        if not _index(piece, len(hand)):
            raise Refused(f"piece: no stone {piece!r} in the hand of player {self.player + 1}")
        if not isinstance(turned, bool):
            raise Refused("turned: true or false")
        if not _index(place, len(self.board.tables.slots)):
            raise Refused(f"place: no place {place!r} on this board")
        colour_a, colour_b = hand[piece][::-1] if turned else hand[piece]
        if not self.board.fits(place, colour_a, colour_b):
            raise Refused(self._why(place, colour_a, colour_b))
        try:
            self.state.push((piece, place, colour_a, colour_b))
        except IllegalMove as exc:  # pragma: no cover - the fit was asked above
            raise Refused(str(exc)) from None

    def _why(self, slot: int, colour_a: int, colour_b: int) -> str:
        """The rule a placement breaks, in the words of the independent referee, its triangles named by
        the place as the page names it."""
        tables = self.board.tables
        cells = (tables.cells[tables.slots[slot].a], tables.cells[tables.slots[slot].b])
        referee = Referee(self.model, len(self.seats), self._triangle_names(slot, cells))
        for cell in range(len(tables.cells)):
            if self.board.colour[cell] >= 0:
                referee.lay((tables.cells[cell], tables.cells[cell]), (self.names[self.board.colour[cell]],) * 2)
        return referee.why_illegal(cells, (self.names[colour_a], self.names[colour_b])) \
            or "the stone does not fit there"

    def _triangle_names(self, slot: int, cells: tuple[tg.Cell, tg.Cell]) -> Callable[[tg.Cell], str]:
        """Names of triangles for a refusal at `slot`: its own two by their side of the place
        ("the upper triangle of place 70, row 4"), a triangle touching one of them by where it lies
        beside it ("the triangle left of it"): the board draws no numbers of its triangles."""
        top = self._top_row()
        place = self._place_name(slot, cells[0])
        first, second = cells
        if first[1] == second[1]:
            sides = ("left", "right") if first[0] < second[0] else ("right", "left")
        else:
            sides = ("upper", "lower") if first[1] < second[1] else ("lower", "upper")
        own = dict(zip(cells, sides, strict=True))

        def name(cell: tg.Cell) -> str:
            if cell in own:
                return f"the {own[cell]} triangle of {place}"
            for mine in cells:  # the referee names a touching triangle right after the stone's own
                left, right, across = tg.neighbours(mine)
                where = {left: "left of it", right: "right of it", across: "below it" if tg.is_up(mine)
                         else "above it"}.get(cell)
                if where:
                    return f"the triangle {where}"
            return f"a triangle of row {cell[1] - top + 1}"  # pragma: no cover - the referee names no other

        return name

    def _top_row(self) -> int:
        return min(r for _, r in self.model.board.cells)

    def _place_name(self, slot: int, cell: tg.Cell) -> str:
        """A place as the page names it: its number and the row of its triangle on the board."""
        return f"place {slot + 1}, row {cell[1] - self._top_row() + 1}"

    # --- what the page shows -----------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        self.result.scores = self.scores
        return to_record(self.model, self.result, 1)

    def left_record(self) -> dict[str, Any]:
        """The record of a game its players left before its end, marked so."""
        return {**self.record(), "end": ABANDONED}

    def moves_made(self) -> int:
        return len(self.result.turns)

    def hand(self, player: int) -> list[dict[str, Any]]:
        return [{"piece": i, "label": f"{self.names[a]}-{self.names[b]} stone", "image": f"piece/{a}/{b}.svg",
                 "colours": [self._fill(a), self._fill(b)]} for i, (a, b) in enumerate(self.hands[player])]

    def _fill(self, colour: int) -> str:
        return self.model.colour(self.names[colour]).fill

    def note(self) -> str:
        return ""

    def offer(self) -> dict[str, Any] | None:
        return None  # no choice beside a move

    def ending(self) -> str:
        return ENDINGS.get(self.result.end or "", self.result.end or "")

    def legend(self) -> list[dict[str, Any]]:
        """The shapes a placement scores and their points, as the printed board's legend lists them."""
        return [{"name": shape_name(shape, "en"), "lines": points_lines(shape, "en")} for shape in self.model.shapes]

    def pile(self) -> int:
        return len(self.state.stack)

    def hints(self, piece: int, turned: bool) -> list[int]:
        """The engine's legal places for one stone of the hand, turned or not."""
        hand = self.hands[self.player]
        if not _index(piece, len(hand)):
            raise Refused(f"piece: no stone {piece!r} in the hand of player {self.player + 1}")
        stone = hand[piece][::-1] if turned else hand[piece]
        return sorted(slot for slot, a, b in self.board.placements(hand[piece]) if (a, b) == stone)

    def open_places(self) -> list[int]:
        """Places next to the laid stones where some stone could lie: what the keyboard steps
        through when no hints are shown."""
        return list(self.board._open)

    def _layout(self) -> tg.TriLayout:
        room = self.model.board.triangle_mm + MARGIN_MM
        return self.model.board.layout(room, room)

    def places(self) -> list[dict[str, Any]]:
        """Every place of the board: its outline in the board drawing's millimetres and its name."""
        tables, layout = self.board.tables, self._layout()
        out = []
        for number, slot in enumerate(tables.slots):
            cells = [tables.cells[slot.a], tables.cells[slot.b]]
            outline = stone_outline(layout, cells)
            # Its two triangles, the first where a stone's first colour goes: the page shows the stone there.
            halves = [[[round(x, 2), round(y, 2)] for x, y in layout.polygon(cell)] for cell in cells]
            out.append({"place": number, "points": [[round(x, 2), round(y, 2)] for x, y in outline], "cells": halves,
                        "label": self._place_name(number, cells[0])
                        + (", half outside the board" if slot.b >= tables.board_cells else ""),
                        "free": self.board.colour[slot.a] < 0 and self.board.colour[slot.b] < 0})
        return out

    def last_cells(self, record: dict[str, Any]) -> list[list[float]] | None:
        return None  # the board drawing outlines the stone laid last itself

    def board_page(self, record: dict[str, Any]) -> Page:
        return final_board(self.model, record)

    def piece_page(self, a: int, b: int) -> Page:
        if not (_index(a, len(self.names)) and _index(b, len(self.names))):
            raise Refused(f"piece: colours {a} and {b}: this set has colours 0 to {len(self.names) - 1}")
        colours = [self.model.colour(self.names[a]), self.model.colour(self.names[b])]
        layout = tg.TriLayout(10.0, 0.5, 0.5)
        cells = [(0, 0), (1, 0)]  # an up triangle and the down one to its right: a rhombus
        page = Page(16.0, layout.height + 1.0, safe_margin=0.25, label=f"{self.names[a]}-{self.names[b]} stone")
        for cell, colour in zip(cells, colours, strict=True):
            art.draw_triangle(page, layout.polygon(cell), colour, outline=stroked(art.INK, 0.2))
        page.polygon(stone_outline(layout, cells), style=stroked(art.INK, 0.5))
        return page

    def frames(self, record: dict[str, Any]) -> list[Any]:
        return frames(self.model, record)

    def sheets(self) -> list[dict[str, Any]]:
        return []  # Rautino keeps its score on a track, not on a sheet


def _index(value: Any, length: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < length

