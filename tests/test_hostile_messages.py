"""Messages that tell the truth, and the last-resort handler that never hides a user error."""

from __future__ import annotations

import errno
import os
import re

import pytest
from hostile_helpers import one_line_error, spec_sub, spec_with

import pnp.kit
from pnp.cli import INTERNAL_ERROR
from pnp.spec import template_path


def test_an_unexpected_exception_is_one_line_asking_for_a_report(tmp_path, monkeypatch, run_pnp):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero\nsecond line")

    monkeypatch.setattr(pnp.kit, "build_kits", broken)
    result = run_pnp("kit", "zatre", "-o", str(tmp_path / "out"))
    assert result.exit_code == INTERNAL_ERROR == 70
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("pnp: internal error: ZeroDivisionError: division by zero second line")
    assert "report" in lines[0] and "Traceback" not in result.output


def test_an_os_error_nobody_caught_is_still_one_line_exit_2(tmp_path, monkeypatch, run_pnp):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "somewhere.svg")

    monkeypatch.setattr(pnp.kit, "build_kits", full)
    one_line_error(run_pnp("kit", "zatre", "-o", str(tmp_path / "out")), "pnp: error: somewhere.svg: No space left")


@pytest.mark.parametrize(("game", "old", "new", "command"), [
    ("rautino", 'title = "Rautino"', 'title = "Rau\\ntino"', "kit"),
    ("rautino", 'title = "Rautino"', 'title = "Rautino Plus"', "kit"),
    ("zatre", "cell_mm = 12.8 ", "cell_mm = inf ", "board"),
    ("triomino", 'title = "Triomino"', 'title = "A\\u0000"', "check"),
])
def test_the_last_resort_does_not_hide_user_errors(tmp_path, game, old, new, command, run_pnp):
    spec = spec_with(tmp_path, game, old, new)
    args = [command, game, "--spec", str(spec)] + (["--games", "1"] if command == "check" else
                                                   ["-o", str(tmp_path / "out"), "-q"])
    line = one_line_error(run_pnp(*args), str(spec))
    assert line.startswith("pnp: error: ") and "internal error" not in line


def _zatre_board(tmp_path, rows: int, cell: float, tile: float):
    layout = ", ".join(['"' + "." * rows + '"'] * (rows - 1) + ['"S' + "." * (rows - 1) + '"'])
    spec = spec_sub(tmp_path, "zatre", r"^layout = \[.*?\n\]", f"layout = [{layout}]", name="board.toml")
    text = spec.read_text().replace("cell_mm = 12.8 ", f"cell_mm = {cell} ")
    spec.write_text(text.replace("size_mm = 11.8 ", f"size_mm = {tile} "))
    return spec


def test_a_board_too_large_for_two_sheets_does_not_suggest_them(tmp_path, run_pnp):
    spec = _zatre_board(tmp_path, 40, 12.8, 11.8)
    line = one_line_error(run_pnp("board", "zatre", "--spec", str(spec), "-o", str(tmp_path / "out")),
                          f"{spec}: board.cell_mm: ", "do not fit A4")
    assert "--board-sheets" not in line
    largest = float(re.search(r"; ([\d.]+) mm or less fits", line).group(1))
    fitting = _zatre_board(tmp_path, 40, largest, largest - 0.5)
    result = run_pnp("board", "zatre", "--spec", str(fitting), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output


def test_two_sheets_are_suggested_only_where_they_work(tmp_path, run_pnp):
    spec = spec_with(tmp_path, "zatre", "cell_mm = 12.8 ", "cell_mm = 14.0 ")
    line = one_line_error(run_pnp("board", "zatre", "--spec", str(spec), "-o", str(tmp_path / "out")),
                          f"{spec}: board.cell_mm: ", "(--board-sheets 2)")
    assert "; 12.8 mm or less fits" in line or "; 12.9 mm or less fits" in line
    result = run_pnp("board", "zatre", "--spec", str(spec), "--board-sheets", "2", "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output


def test_the_stated_minimum_paper_is_the_real_one(tmp_path, run_pnp):
    line = one_line_error(run_pnp("calibrate", "--paper", "149x250", "-o", str(tmp_path / "no")), "too small")
    width, height = map(int, re.search(r"needs at least (\d+) x (\d+) mm", line).groups())
    assert run_pnp("calibrate", "--paper", f"{width}x{height}", "-o", str(tmp_path / "ok"), "-q").exit_code == 0
    for paper in (f"{width - 1}x{height}", f"{width}x{height - 1}"):
        one_line_error(run_pnp("calibrate", "--paper", paper, "-o", str(tmp_path / "no")),
                       f"needs at least {width} x {height} mm")
    assert not (tmp_path / "no").exists()


# --- messages a newcomer reads ---------------------------------------------------------------------

def _rautino_copy(tmp_path):
    (tmp_path / "mine").mkdir()
    spec = tmp_path / "mine" / "rautino.toml"
    spec.write_bytes(template_path("rautino").read_bytes())
    return spec


@pytest.mark.parametrize("command", ["check", "kit"])
def test_another_games_spec_is_named_with_the_command_that_takes_it(tmp_path, command, run_pnp):
    spec = _rautino_copy(tmp_path)
    line = one_line_error(run_pnp(command, "zatre", "--spec", str(spec)))
    assert line == f"pnp: error: {spec}: this is a Rautino spec; use pnp {command} rautino"


def test_a_folder_as_spec_names_a_spec_file_in_it(tmp_path, run_pnp):
    spec = _rautino_copy(tmp_path)
    line = one_line_error(run_pnp("check", "rautino", "--spec", str(spec.parent)))
    assert line == f"pnp: error: {spec.parent}: is a folder, not a file; name a spec file such as {spec}"


def test_an_unknown_field_near_a_known_one_is_suggested(tmp_path, run_pnp):
    spec = spec_with(tmp_path, "rautino", "hand_size = ", "hand_sise = ")
    line = one_line_error(run_pnp("check", "rautino", "--spec", str(spec), "--games", "1"))
    assert line == f"pnp: error: {spec}: game.hand_sise: unknown field; did you mean hand_size?"


def test_a_field_far_from_any_known_one_is_not_guessed(tmp_path, run_pnp):
    spec = spec_with(tmp_path, "rautino", "hand_size = 3", "hand_size = 3\nflavour = 2")
    line = one_line_error(run_pnp("check", "rautino", "--spec", str(spec), "--games", "1"))
    assert line.endswith("game.flavour: unknown field")


@pytest.mark.parametrize(("content", "reason"), [(None, "file not found"), ('a = "\n', "not valid TOML")])
def test_a_whole_file_problem_names_no_field(tmp_path, content, reason, run_pnp):
    spec = tmp_path / "nothere.toml"
    if content is not None:
        spec.write_text(content, encoding="utf-8")
    line = one_line_error(run_pnp("check", "rautino", "--spec", str(spec), "--games", "1"))
    assert line.startswith(f"pnp: error: {spec}: {reason}") and ": -:" not in line, line
