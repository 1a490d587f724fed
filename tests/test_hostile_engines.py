"""Cells off the board are a rule error at every entry point of every engine: never another cell
(a list index that wraps round, a number that lands on the next row) and never an IndexError."""

from __future__ import annotations

import pytest

from pnp.games.rautino import engine as rautino
from pnp.games.rautino.model import load as load_rautino
from pnp.games.triomino import engine as triomino
from pnp.games.triomino import model as triomino_model
from pnp.games.zatre.engine import Geometry, IllegalTurn, Position, apply_turn
from pnp.games.zatre.model import load as load_zatre

ZATRE = load_zatre()


# (8, 17) was numbered as (9, 0) of the 15 x 15 board, (17, 0) raised an IndexError.
@pytest.mark.parametrize("cell", [(8, 17), (8, 15), (17, 0), (15, 3), (-1, 5), (5, -1), (0, 10_000)])
def test_zatre_cell_off_the_board_is_a_rule_error(cell):
    geo = Geometry(ZATRE)
    assert (ZATRE.board.height, ZATRE.board.width) == (15, 15)
    with pytest.raises(IllegalTurn, match=rf"\({cell[0]}, {cell[1]}\) is off the board \(15 x 15 cells\)"):
        geo.index(cell)


def test_zatre_cell_numbers_off_the_board_are_refused_before_anything_moves():
    geo = Geometry(ZATRE)
    pos = Position(geo)
    first = geo.index(ZATRE.board.start)
    border = [geo.width * 9, geo.width * 9 + geo.width - 1, 3, geo.size - 2]  # the frame round the board
    for number in (*border, -1, -geo.size, geo.size, 10**9):
        hand = [3, 4, 5]
        before = (pos.pips[:], set(pos.frontier))
        with pytest.raises(IllegalTurn, match="off the board"):
            apply_turn(pos, hand, [(3, first), (4, number)] if number != -1 else [(4, number)])
        if number == -1:
            assert hand == [3, 4, 5] and (pos.pips, pos.frontier) == before
        with pytest.raises(IllegalTurn, match="off the board"):
            Position(geo).place(number, 2)
        with pytest.raises(IllegalTurn, match="off the board"):
            geo.cell(number)
        pos = Position(geo)


def test_zatre_last_cells_of_a_row_are_still_on_the_board():
    geo = Geometry(ZATRE)
    assert geo.cell(geo.index((8, 14))) == (8, 14) and geo.cell(geo.index((14, 0))) == (14, 0)


def test_rautino_slot_or_cell_off_the_board_is_a_rule_error():
    model = load_rautino()
    board = rautino.Board(model, 2)
    slots = len(board.tables.slots)
    for slot in (-1, -slots, slots, slots + 5):
        for call in (board.fits, board.put, board.score, board.total,
                     lambda *move: board.totals([(0, *move)])):
            with pytest.raises(rautino.IllegalMove, match=f"slot {slot} is off the board"):
                call(slot, 0, 0)
    with pytest.raises(rautino.IllegalMove, match="off the board"):
        board.set_cells({(10_000, 10_000): 0})


@pytest.mark.parametrize("cell", [(1 << 14, 0), (0, -(1 << 14) - 1), (1 << 20, 1 << 20)])
def test_triomino_cell_beyond_the_table_is_a_rule_error(cell):
    model = triomino_model.load()
    tiles = [t.numbers for t in model.tiles]
    table = triomino.Table(model.rules("seed"), triomino.FitTable(tiles))
    with pytest.raises(triomino.IllegalMove, match="is off the table"):
        table.place(cell, (5, 5, 5))
    with pytest.raises(triomino.IllegalMove, match="is off the table"):
        table.is_legal(triomino.Move(cell, 0, 0, tiles[0]))
    assert table.codes == {}  # nothing was placed
