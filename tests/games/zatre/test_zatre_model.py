"""Zatre model: the board, the tiles and the sheet from the shipped spec; bad specs."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from zatre_helpers import model_with, spec_data, write_spec

import pnp.cli
from pnp.errors import SpecError
from pnp.games.zatre.model import load

DOUBLES = {(r, r) for r in range(1, 14)} | {(r, 14 - r) for r in range(1, 14)}
DOUBLES -= {(7, 7)}
DOUBLES |= {(0, 6), (0, 8), (14, 6), (14, 8), (6, 0), (8, 0), (6, 14), (8, 14)}


def test_board_fields_doubles_and_start() -> None:
    board = load().board
    assert (board.width, board.height) == (15, 15)
    assert len(board.fields) == 193
    assert 15 * 15 - len(board.fields) == 32
    assert len(board.doubles) == 32
    assert set(board.doubles) == DOUBLES
    assert board.start == (7, 7)
    assert board.start not in board.doubles


def test_tiles_121_with_21_ones() -> None:
    tiles = load().tiles
    assert tiles.total == 121
    assert dict(tiles.counts) == {1: 21, 2: 20, 3: 20, 4: 20, 5: 20, 6: 20}
    assert tiles.size_mm < load().board.cell_mm


def test_sheet_model_for_the_printed_block() -> None:
    model = load()
    sheet = model.sheet
    assert sheet.bonus == (3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6)
    assert [c.key for c in sheet.columns] == ["x2", "10", "11", "12", "bonus", "total"]
    assert [c.label.text("en") for c in sheet.columns][1:4] == ["10 (1)", "11 (2)", "12 (4)"]
    assert sheet.bonus_of_row(0) == 3 and sheet.bonus_of_row(15) == 6 and sheet.bonus_of_row(16) == 0
    assert sheet.rows >= len(sheet.bonus)
    assert dict(model.rules.points) == {10: 1, 11: 2, 12: 4}
    assert model.rules.max_row_sum == 12
    assert not model.rules.start_is_double and model.rules.bonus_doubled


def _bad(tmp_path: Path, edit) -> str:
    data = spec_data()
    edit(data)
    path = write_spec(tmp_path, data)
    result = CliRunner().invoke(pnp.cli.main, ["check", "zatre", "--spec", str(path), "--games", "1"])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output
    assert str(path) in lines[0]
    return lines[0]


@pytest.mark.parametrize(("edit", "field", "reason"), [
    (lambda d: d["board"].pop("cell_mm"), "board.cell_mm", "missing"),
    (lambda d: d["board"].update(cell_mm="big"), "board.cell_mm", "must be a number"),
    (lambda d: d["board"]["layout"].__setitem__(3, "#..X.......D..#"), "board.layout[3]", "unknown cell 'X'"),
    (lambda d: d["board"]["layout"].__setitem__(3, "#..D"), "board.layout[3]", "has 4 cells"),
    (lambda d: d["board"]["layout"].__setitem__(1, "#D.....S.....D#"), "board.layout", "exactly one start"),
    (lambda d: d["board"].update(layout=["S"]), "board.layout",
     "a board of 1 field is too small to play: at least 3 fields, room for the first turn's 3 tiles "
     "(rules.first_turn_tiles)"),
    (lambda d: (d["board"].update(layout=["S.", ".#"]), d["rules"].update(points={"13": 1, "14": 2}, max_row_sum=14)),
     "board.layout", "no straight line of 3 fields, the fewest tiles of at most 6 pips that reach the lowest "
     "scoring sum, 13 (rules.points); the longest line has 2"),
    (lambda d: d["tiles"].update(size_mm=14.0), "tiles.size_mm", "smaller than board.cell_mm"),
    (lambda d: d["tiles"]["counts"].update({"7": 3}), "tiles.counts.7", "from 1 to 6"),
    (lambda d: d["tiles"]["counts"].update({"2": -1}), "tiles.counts.2", "0 or more"),
    (lambda d: d["rules"]["points"].update({"13": 8}), "rules.points.13", "above max_row_sum"),
    (lambda d: d["rules"].update(bonus_doubled="yes"), "rules.bonus_doubled", "true or false"),
    # A scoring row that grows must still score, or the next tile could void a tile on an x2 field.
    (lambda d: d["rules"].update(points={"10": 1, "11": 2}), "rules.points", "12"),
    (lambda d: d["rules"].update(points={"10": 1, "12": 4}), "rules.points", "11"),
    (lambda d: d["rules"].update(max_row_sum=13), "rules.points", "13"),
    (lambda d: d["sheet"].update(rows=10), "sheet.bonus", "only 10 rows"),
    (lambda d: d["sheet"].update(colour="red"), "sheet.colour", "unknown field"),
    (lambda d: d["players"].update(check=[2, 9]), "players.check[1]", "player count"),
    (lambda d: d["check"].update(player="genius"), "check.player", "must be one of"),
    (lambda d: d["board"]["layout"].__setitem__(0, ".##############"), "board.layout", "not connected"),
])
def test_bad_spec_one_line_exit_2(tmp_path: Path, edit, field: str, reason: str) -> None:
    line = _bad(tmp_path, edit)
    assert f": {field}: " in line
    assert reason in line


def test_missing_spec_file(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="file not found"):
        load(tmp_path / "nope.toml")


def test_sheets_per_page_defaults_to_two(tmp_path: Path) -> None:
    data = spec_data()
    del data["sheet"]["sheets_per_page"]
    assert load(write_spec(tmp_path, data)).sheet.sheets_per_page == 2


def test_the_smallest_board_is_room_for_the_first_turn_in_a_line_that_can_score(tmp_path: Path) -> None:
    """Three fields in a line hold the first turn's three tiles, and two of them reach a sum of 10."""
    model = model_with(tmp_path, board={"layout": ["S.."]})
    assert len(model.board.fields) == 3
    assert len(model_with(tmp_path, board={"layout": ["S.", ".#"]}).board.fields) == 3  # no line of 3 needed
    with pytest.raises(SpecError, match=r"board\.layout: a board of 2 fields is too small to play"):
        model_with(tmp_path, board={"layout": ["S."]})
