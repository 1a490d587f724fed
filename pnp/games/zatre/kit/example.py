"""The rules sheet's example turn, found on the spec's own board and played by the rules engine.

The example is a shape around the start field: four tiles on the board and a turn of two, one of
them on the double field diagonal to the start. It is tried in the eight mirror images and turns
of that shape and, if the shown pips do not score under the spec's points, with other pips for the
turn, so that a changed board or points table still gets a true example (or none, never a wrong one).
The captions are written from what the engine scored, not by hand.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from pnp.games.zatre.engine import Geometry, IllegalMove, Position, TurnResult, apply_turn
from pnp.games.zatre.model import NO_FIELD, Board, Cell, ZatreModel
from pnp.games.zatre.sheet import ScoreSheet, SheetEntry

# Offsets (row, column) from the start field; the start field is covered first.
SHAPE_BOARD: tuple[tuple[int, tuple[int, int]], ...] = ((1, (0, 0)), (3, (0, -1)), (2, (0, -2)), (5, (-1, 0)))
SHAPE_TURN: tuple[tuple[int, tuple[int, int]], ...] = ((4, (0, 1)), (6, (-1, 1)))
SHAPE_WINDOW = ((-1, 1), (-2, 2))  # rows -1..1 and columns -2..2 around the start field
SYMMETRIES = ((1, 1, False), (1, -1, False), (-1, 1, False), (-1, -1, False),
              (1, 1, True), (1, -1, True), (-1, 1, True), (-1, -1, True))


@dataclass(frozen=True)
class Example:
    board: tuple[tuple[int, Cell], ...]  # (pips, cell) already on the board, in laying order
    turn: tuple[tuple[int, Cell], ...]  # (pips, cell) of the example turn, in laying order
    window: tuple[int, int, int, int]  # rows r0..r1-1 and columns c0..c1-1 drawn
    result: TurnResult
    entries: tuple[SheetEntry, ...]  # what the turn writes on a fresh sheet
    doubles: frozenset[Cell]  # cells of the window that count as double fields

    def pips_at(self, cell: Cell) -> int:
        return {c: p for p, c in (*self.board, *self.turn)}[cell]

    def window_board(self, model: ZatreModel, cell_mm: float) -> Board:
        r0, r1, c0, c1 = self.window
        kind = model.board.kind
        return Board(tuple("".join(kind((r, c)) for c in range(c0, c1)) for r in range(r0, r1)), cell_mm)


def _transform(offset: tuple[int, int], symmetry: tuple[int, int, bool]) -> tuple[int, int]:
    sr, sc, swap = symmetry
    dr, dc = offset
    if swap:
        dr, dc = dc, dr
    return sr * dr, sc * dc


def _play(model: ZatreModel, geo: Geometry, board: list[tuple[int, Cell]], turn: list[tuple[int, Cell]]
          ) -> TurnResult | None:
    if any(model.board.kind(c) == NO_FIELD for _, c in (*board, *turn)):
        return None
    pos = Position(geo)
    for pips, cell in board:
        index = geo.index(cell)
        if not pos.fits(index, pips):
            return None
        pos.place(index, pips)
    try:
        result = apply_turn(pos, [p for p, _ in turn], [(p, geo.index(c)) for p, c in turn])
    except IllegalMove:
        return None
    return result if result.rows and not result.last_resort else None


def find_example(model: ZatreModel) -> Example | None:
    """The first true example: a scoring turn with a cross if any, else any scoring turn; or None."""
    geo = Geometry(model)
    start = model.board.start
    in_set = {p for p, n in model.tiles.counts if n}
    shown = tuple(p for p, _ in SHAPE_TURN)
    pip_pairs = [shown] + [pair for pair in itertools.product(range(1, 7), repeat=2) if pair != shown]
    fallback: Example | None = None
    for symmetry in SYMMETRIES:
        def at(offset: tuple[int, int], s: tuple[int, int, bool] = symmetry) -> Cell:
            dr, dc = _transform(offset, s)
            return start[0] + dr, start[1] + dc

        board = [(p, at(o)) for p, o in SHAPE_BOARD]
        if not {p for p, _ in board} <= in_set:
            continue
        for pips in pip_pairs:
            if not set(pips) <= in_set:
                continue
            turn = [(p, at(o)) for p, (_, o) in zip(pips, SHAPE_TURN, strict=True)]
            result = _play(model, geo, board, turn)
            if result is None:
                continue
            corners = [at((r, c)) for r in SHAPE_WINDOW[0] for c in SHAPE_WINDOW[1]]
            window = (min(r for r, _ in corners), max(r for r, _ in corners) + 1,
                      min(c for _, c in corners), max(c for _, c in corners) + 1)
            sheet = ScoreSheet(model.sheet, model.rules)
            entries = tuple(sheet.enter_turn([row.total for row in result.rows], result.crosses))
            doubles = frozenset(geo.cell(i) for i in range(geo.size)
                                if geo.is_double[i] or (i == geo.start and geo.start_is_double))
            example = Example(tuple(board), tuple(turn), window, result, entries, doubles)
            if result.crosses:
                return example
            fallback = fallback or example
    return fallback


def _join(items: list[str], word: str) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} {items[-1]}"


def caption(example: Example, lang: str) -> str:
    """What the drawn turn does, in words, from the engine's result."""
    de = lang == "de"
    new = [cell for _, cell in example.turn]
    # Each scoring row is told with the last tile of the turn that lies in it: the one completing it.
    told: dict[Cell, list[str]] = {cell: [] for cell in new}
    for row in example.result.rows:
        last = max(new.index(c) for c in row.cells if c in new)
        across = row.cells[0][0] == row.cells[-1][0]
        way = ("waagerecht" if across else "senkrecht") if de else ("across" if across else "down")
        sums = "+".join(str(example.pips_at(c)) for c in row.cells)
        told[new[last]].append(f"{sums} = {row.total} {way}")
    drawn = _join([str(p) for p, _ in example.turn], "und" if de else "and")
    parts = [f"Gelb: die Steine dieses Zuges, {drawn}. Rot mit Kreis: das Startfeld." if de else
             f"Yellow: the tiles of this turn, {drawn}. Red with a ring: the start field."]
    for pips, cell in example.turn:
        on_double = cell in example.doubles
        rows = told[cell]
        if de:
            where = " auf dem x2-Feld" if on_double else ""
            parts.append(f"Die {pips}{where} ergibt {_join(rows, 'und')}." if rows else
                         f"Die {pips}{where} bildet keine Wertung.")
        else:
            where = " on the x2 field" if on_double else ""
            parts.append(f"The {pips}{where} makes {_join(rows, 'and')}." if rows else
                         f"The {pips}{where} scores nothing.")
    written = []
    sums = [row.total for row in example.result.rows]
    for entry in example.entries:
        if entry.column == "x2":
            continue
        count = sums.count(int(entry.column))
        shared = ""
        if count > 1:
            times = {2: "zwei", 3: "drei"}.get(count, str(count)) if de else {2: "two", 3: "three"}.get(
                count, str(count))
            shared = (f" ({times} {entry.column}er teilen ein Kästchen)" if de
                      else f" ({times} {entry.column}s share a box)")
        written.append(f"{entry.value} in {'Spalte' if de else 'column'} {entry.column}{shared}")
    crosses = example.result.crosses
    if crosses:
        written.append(("ein Kreuz" if crosses == 1 else f"{crosses} Kreuze") if de else
                       ("a cross" if crosses == 1 else f"{crosses} crosses"))
    parts.append(("Eingetragen: " if de else "Written: ") + _join(written, "und" if de else "and") + ".")
    return " ".join(parts)
