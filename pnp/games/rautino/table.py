"""A Rautino game a person plays: the engine's board, hands and stack, moved on one decision at a
time, in the same order and with the same random draws as `play_game` (a test keeps the two
equal), so a finished game's record is the record `pnp check` would log and `pnp replay` checks."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from pnp.check.replay import ABANDONED
from pnp.draw.scene import Page, stroked
from pnp.games.rautino.engine import Board, GameResult, Stone, Turn, stone_indices
from pnp.games.rautino.kit import art
from pnp.games.rautino.kit.board import stone_outline
from pnp.games.rautino.kit.frames import frames
from pnp.games.rautino.kit.report import MARGIN_MM, final_board
from pnp.games.rautino.kit.texts import points_lines, shape_name
from pnp.games.rautino.model import RautinoModel
from pnp.games.rautino.players import seat_player
from pnp.games.rautino.records import to_record
from pnp.games.rautino.replay import Referee
from pnp.geometry import trigrid as tg
from pnp.play.seats import HUMAN
from pnp.play.table import Refused
from pnp.players.view import SeatView, observer

# How each end the engine names reads at the table.
ENDINGS = {"stack empty": "the stack is empty and every player has had the same number of turns",
           "board full": "no place of the board can take a stone any more",
           "no stone fits": "no stone left in the hands or the stack fits anywhere",
           "hand blocked": "no stone of the hand fits anywhere",
           "all stones placed": "every stone is placed"}


class RautinoTable:
    game = "rautino"
    turns = 2  # positions a piece turns through
    crop = True  # the page shows the board's places only, not the rest of the drawing's page
    overlap = True  # neighbouring places share a triangle: the page draws smaller targets
    piece_word = "stone"

    def __init__(self, model: RautinoModel, seats: list[str], seed: int) -> None:
        self.model = model
        self.seats = seats
        # Each computer seat's player made as `pnp check` makes it (a search player keeps what it saw).
        self.players = [None if seat == HUMAN else seat_player(seat) for seat in seats]
        players = len(seats)
        self.rng = rng = random.Random(seed)
        stack_list = stone_indices(model)
        self.all_kinds = set(stack_list)
        rng.shuffle(stack_list)
        self.result = GameResult(players, seed, list(stack_list), start_scores=model.start_scores(players))
        self.board = board = Board(model, players)
        self.result.board = board
        self.stack = deque(stack_list)
        first = self.stack.popleft()
        tables = board.tables
        slot = tables.slot_of[tables.start]
        a_first = tables.slots[slot].a == tables.start[0]
        board.put(slot, *(first if a_first else first[::-1]))
        self.hands: list[list[Stone]] = [[] for _ in range(players)]
        for hand in self.hands:
            _draw(self.stack, hand, model.hand_size)
        self.scores = model.start_scores(players)
        self.player = 0
        self.over = False
        self.names = [c.name for c in model.all_colours]
        self._settle()

    # --- moving on ---------------------------------------------------------------------------

    def _settle(self) -> None:
        """Skips and the ends of the game, as `play_game` applies them, until a seat can place."""
        players, board = len(self.seats), self.board
        while not self.over:
            hand = self.hands[self.player]
            if board.any_fits(hand):
                return
            if not self.result.turns:
                self.result.first_turn_blocked = True
            if players == 1 and not hand:
                return self._end("all stones placed")
            if not board.any_fits(self.all_kinds):
                return self._end("board full")
            if players == 1:
                return self._end("hand blocked")
            pool = [s for h in self.hands for s in h] + list(self.stack)
            if not board.any_fits(pool):
                return self._end("no stone fits")
            returned = tuple(hand)
            self.stack.extend(hand)
            hand.clear()
            drawn = _draw(self.stack, hand, self.model.hand_size)
            self.result.turns.append(Turn(self.player, returned=returned, drawn=drawn))
            self._next()

    def _next(self) -> None:
        players = len(self.seats)
        if players > 1 and self.player == players - 1 and not self.stack:
            self._end("stack empty")
        else:
            self.player = (self.player + 1) % players

    def _end(self, reason: str) -> None:
        self.result.end = reason
        self.over = True

    def computer_move(self) -> None:
        chooser = self.players[self.player]
        assert chooser is not None, "a person's seat has no computer player"
        observe = observer(chooser)
        if observe is not None:  # a player that plans ahead is told what the seat may know, as in play_game
            seen = (self.result.stack[0], *(t.stone for t in self.result.turns if t.stone is not None))
            observe(SeatView(self.player, tuple(map(len, self.hands)), len(self.stack), tuple(self.scores), seen))
        hand_index, slot, colour_a, colour_b = chooser(self.board, self.hands[self.player], self.rng)
        self._place(hand_index, slot, colour_a, colour_b)

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
        self._place(piece, place, colour_a, colour_b)

    def _why(self, slot: int, colour_a: int, colour_b: int) -> str:
        """The rule a placement breaks, in the words of the independent referee."""
        referee = Referee(self.model, len(self.seats))
        tables = self.board.tables
        for cell in range(len(tables.cells)):
            if self.board.colour[cell] >= 0:
                referee.lay((tables.cells[cell], tables.cells[cell]), (self.names[self.board.colour[cell]],) * 2)
        cells = (tables.cells[tables.slots[slot].a], tables.cells[tables.slots[slot].b])
        return referee.why_illegal(cells, (self.names[colour_a], self.names[colour_b])) \
            or "the stone does not fit there"

    def _place(self, hand_index: int, slot: int, colour_a: int, colour_b: int) -> None:
        hand = self.hands[self.player]
        stone = hand.pop(hand_index)
        score = self.board.score(slot, colour_a, colour_b)
        self.board.put(slot, colour_a, colour_b)
        self.scores[self.player] += score.total
        drawn = _draw(self.stack, hand, 1)
        self.result.turns.append(Turn(self.player, stone, slot, (colour_a, colour_b), score, drawn=drawn))
        self._next()
        self._settle()

    # --- what the page shows -----------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        self.result.scores = list(self.scores)
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
        return len(self.stack)

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
        top = min(r for _, r in self.model.board.cells)
        out = []
        for number, slot in enumerate(tables.slots):
            cells = [tables.cells[slot.a], tables.cells[slot.b]]
            outline = stone_outline(layout, cells)
            # Its two triangles, the first where a stone's first colour goes: the page shows the stone there.
            halves = [[[round(x, 2), round(y, 2)] for x, y in layout.polygon(cell)] for cell in cells]
            out.append({"place": number, "points": [[round(x, 2), round(y, 2)] for x, y in outline], "cells": halves,
                        "label": f"place {number + 1}, row {cells[0][1] - top + 1}",
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


def _draw(stack: deque[Stone], hand: list[Stone], count: int) -> tuple[Stone, ...]:
    drawn = []
    while len(drawn) < count and stack:
        drawn.append(stack.popleft())
    hand.extend(drawn)
    return tuple(drawn)
