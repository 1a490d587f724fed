"""A Zatre game a person plays: the game's state (`ZatreState`, the one `pnp check` plays) shown on
the kit's board drawing and score sheets. The draws, the end when the bag is empty, the minus points,
the scores and the computer seats' turns all come from the state.

A person lays a turn's tiles one by one. A tile is taken when some legal turn of the engine
(`legal_turns`) holds the tiles laid so far and it; the turn ends by itself once it is a whole legal
turn (no tile held fits any more), and then is pushed to the state like a computer's. The state is told
which seats people play: a person with no tile that fits passes at once, inside its `push`, for the
page has nothing to ask them.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from pnp.check.replay import ABANDONED
from pnp.check.simulate import seat_players
from pnp.components.sheets import content_box, title_band
from pnp.draw.paper import A4
from pnp.draw.scene import Page
from pnp.games.state import IllegalMove
from pnp.games.zatre.checker import SIMULATION
from pnp.games.zatre.engine import Geometry, IllegalTurn, Position, apply_turn, legal_turns
from pnp.games.zatre.kit.art import MARK_SIZE, draw_tile
from pnp.games.zatre.kit.frames import frames
from pnp.games.zatre.kit.report import final_board
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.records import to_record
from pnp.games.zatre.state import ZatreState
from pnp.play.seats import HUMAN
from pnp.play.table import OnState, Refused

Turn = frozenset[tuple[int, int]]


class ZatreTable(OnState):
    game = "zatre"
    turns = 1  # positions a piece turns through
    crop = True  # the page shows the board's places only, not the rest of the drawing's page
    overlap = False  # each field is a place of its own: the whole field takes a click
    piece_word = "tile"

    def __init__(self, model: ZatreModel, seats: list[str], seed: int) -> None:
        self.model = model
        self.seats = seats
        self.geo = Geometry(model)
        people = [seat for seat, name in enumerate(seats) if name == HUMAN]
        self.state = ZatreState(model, self.geo, seats, seed, people=people)
        # Each computer seat's player made as `pnp check` makes it (a search player keeps what it saw).
        players = seat_players(SIMULATION, model, [seat if seat != HUMAN else "random" for seat in seats])
        self.players = [None if seat == HUMAN else player for seat, player in zip(seats, players, strict=True)]
        self.pending: list[tuple[int, int]] = []  # (pips, cell) a person laid so far this turn
        self._legal: set[Turn] | None = None

    # --- the state, read ---------------------------------------------------------------------

    @property
    def mark_mm(self) -> float:
        return self.model.board.cell_mm * MARK_SIZE  # the "x2" of a double field

    @property
    def pos(self) -> Position:
        return self.state.pos

    @property
    def hands(self) -> list[list[int]]:
        return self.state.hands

    # --- moving on ---------------------------------------------------------------------------

    def _push(self, placements: list[tuple[int, int]]) -> None:
        self.state.push(placements)
        self.pending = []
        self._legal = None

    def legal(self) -> set[Turn]:
        if self._legal is None:
            self._legal = legal_turns(self.pos, self.hands[self.player])
        return self._legal

    def computer_move(self) -> None:
        player = self.players[self.player]
        assert player is not None, "a person's seat has no computer player"
        self._push(player(self.state))

    def held(self) -> list[int]:
        """The tiles of the hand not laid yet this turn."""
        rest = self.hands[self.player][:]
        for pips, _ in self.pending:
            rest.remove(pips)
        return rest

    def move(self, move: dict[str, Any]) -> None:
        """A person lays one tile: {"piece": index among the tiles held, "place": field}."""
        held = self.held()
        piece, place = move.get("piece"), move.get("place")
        if not _index(piece, len(held)):
            raise Refused(f"piece: no tile {piece!r} in the hand of player {self.player + 1}")
        if not _index(place, self.geo.size) or not self.geo.is_field[place]:
            raise Refused(f"place: no field {place!r} on this board")
        pips = held[piece]
        if place not in self.hints(piece, False):
            raise Refused(self._why(pips, place))
        self.pending.append((pips, place))
        if frozenset(self.pending) in self.legal():
            try:
                self._push(self._order(self.pending))
            except IllegalMove as exc:  # pragma: no cover - the order was tried on a copy
                self.pending.pop()
                raise Refused(str(exc)) from None

    def _order(self, laid: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The person's order, or the first order of the same tiles the engine takes (whether a
        double field is a last resort depends on the fields still free when its tile is laid)."""
        for order in [laid, *map(list, permutations(laid))]:
            try:
                apply_turn(self.pos.copy(), self.hands[self.player][:], order)
            except IllegalTurn:
                continue
            return order
        raise Refused("these tiles make no legal turn in any order")  # pragma: no cover - legal_turns found one

    def _here(self) -> Position:
        """The position with the tiles laid so far this turn."""
        here = self.pos.copy()
        for pips, cell in self.pending:
            here.place(cell, pips)
        return here

    def _why(self, pips: int, cell: int) -> str:
        """The rule a tile on this field breaks, in one line."""
        here = self._here()
        limit = self.model.rules.max_row_sum
        if here.pips[cell]:
            return "this field is taken"
        if not here.pips[self.geo.start] and cell != self.geo.start:
            return "the first tile goes on the start field"
        if cell not in here.frontier:
            return "a tile must touch a tile on the board"
        # The rules call a line of tiles a row whichever way it runs: across or down.
        for way, total in (("across", here.ls[cell] + here.rs[cell]), ("down", here.us[cell] + here.ds[cell])):
            if total + pips > limit:
                return (f"the row {way} through this field would sum to {total + pips}; "
                        f"a row may sum to at most {limit}")
        if self.geo.is_double[cell]:
            sums = "/".join(str(s) for s, _ in self.model.rules.points)
            return f"a tile on a double field must make a row of {sums} this turn, unless nothing else fits"
        return "then a tile you hold that still fits would be kept; lay your tiles so that each fits"

    # --- what the page shows -----------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The game so far as `pnp check` logs it, with the tiles each seat holds now (a game in play too)."""
        return {**to_record(self.state.result, self.geo, 1), "tiles_left": [len(hand) for hand in self.hands]}

    def left_record(self) -> dict[str, Any]:
        """The record of a game its players left before its end, marked so: its whole turns only
        (tiles laid in an unfinished turn go back), and the hand on turn as it was before its draw."""
        record = self.record()
        record["tiles_left"][self.player] -= len(self.state.drawn_now)
        return {**record, "end": ABANDONED}

    def moves_made(self) -> int:
        return len(self.state.result.turns)

    def hand(self, player: int) -> list[dict[str, Any]]:
        return [{"piece": i, "label": f"tile of {pips}", "image": f"piece/{pips}/0.svg"}
                for i, pips in enumerate(self.held())]

    def note(self) -> str:
        return ""

    def offer(self) -> dict[str, Any] | None:
        return None  # no choice beside a move

    def ending(self) -> str:
        return "the bag is empty: every tile has been drawn and played or kept" if self.over else ""

    def legend(self) -> list[dict[str, Any]]:
        return []  # the score sheets say what a row is worth

    def pile(self) -> int:
        return len(self.state.bag) - self.state.drawn

    def hints(self, piece: int, turned: bool) -> list[int]:
        """The fields where this tile fits now and goes on towards a legal turn of the engine (a
        whole turn of `legal_turns` holds it and the tiles laid so far)."""
        held = self.held()
        if not _index(piece, len(held)):
            raise Refused(f"piece: no tile {piece!r} in the hand of player {self.player + 1}")
        pips, laid, here = held[piece], set(self.pending), self._here()
        return sorted({cell for turn in self.legal() if laid < turn
                       for p, cell in turn - laid if p == pips and here.fits(cell, pips)})

    def open_places(self) -> list[int]:
        return sorted(self._here().frontier)

    def _origin(self) -> tuple[float, float]:
        """Where `final_board` puts the board's top-left corner on its page (the same sums)."""
        board, cell = self.model.board, self.model.board.cell_mm
        page = Page.for_paper(A4)
        top = title_band(page, self.model.title.text("en"), "game")  # a subtitle of one line, as there
        box = content_box(page)
        return box.x0 + (box.width - board.width * cell) / 2, top + max(0.0, (box.y1 - top - board.height * cell) / 2)

    def places(self) -> list[dict[str, Any]]:
        x0, y0 = self._origin()
        size = self.model.board.cell_mm
        here = self._here()
        out = []
        for index in range(self.geo.size):
            if not self.geo.is_field[index]:
                continue
            row, col = self.geo.cell(index)
            x, y = x0 + col * size, y0 + row * size
            double = " (double field)" if self.geo.is_double[index] else ""
            out.append({"place": index, "points": [[round(px, 2), round(py, 2)] for px, py in
                                                   ((x, y), (x + size, y), (x + size, y + size), (x, y + size))],
                        "label": f"place {len(out) + 1}, row {row + 1}, column {col + 1}{double}",
                        "free": not here.pips[index]})
        return out

    def last_cells(self, record: dict[str, Any]) -> list[list[float]] | None:
        return None  # the board drawing frames the last turn's tiles itself

    def board_page(self, record: dict[str, Any]) -> Page:
        if self.pending and len(record["turns"]) == len(self.state.result.turns):
            laid = [[pips, *self.geo.cell(cell)] for pips, cell in self.pending]
            record = {**record, "turns": [*record["turns"], {"tiles": laid}]}
        return final_board(self.model, record)

    def piece_page(self, a: int, b: int) -> Page:
        if not 1 <= a <= 9 or b != 0:
            raise Refused(f"piece: no tile of {a} pips")
        size = self.model.tiles.size_mm
        page = Page(size + 1.0, size + 1.0, safe_margin=0.25, label=f"tile of {a}")
        draw_tile(page, a, 0.5, 0.5, size)
        return page

    def frames(self, record: dict[str, Any]) -> list[Any]:
        """The kit's frames: each turn with the points it adds to its seat's total, part by part."""
        return frames(self.model, record)

    def sheets(self) -> list[dict[str, Any]]:
        """Every seat's score sheet as the rules fill it and the kit prints it: x2 crosses, points
        per sum headed with what a row of that sum is worth, the row's printed bonus (`bonus` when
        earned, `offered` the printed value), Σ."""
        printed = self.model.sheet
        heads = [column.label.text("en") for column in printed.columns]
        out = []
        for seat, sheet in enumerate(self.state.sheets):
            rows = [["x" if row.cross else "", *("" if b is None else b for b in row.entries),
                     row.bonus or "", row.total] for row in sheet.rows()]
            offered = [printed.bonus_of_row(index) for index in range(len(rows))]
            out.append({"seat": seat + 1, "columns": heads, "rows": rows, "offered": offered,
                        "printed_rows": printed.rows, "minus": sheet.minus, "total": sheet.total})
        return out


def _index(value: Any, length: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < length
