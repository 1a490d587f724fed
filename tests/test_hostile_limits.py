"""Spec sizes: every count and size has an upper limit, refused at load time with the limit named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hostile_helpers import one_line_error, spec_sub, spec_with

from pnp.games.rautino import model as rautino
from pnp.games.triomino import model as triomino
from pnp.games.zatre import model as zatre
from pnp.spec import MAX_ITEMS, MAX_NUMBER, MAX_TEXT, Bounds

DOCS = Path(__file__).resolve().parent.parent / "docs"

ZATRE_COUNTS = r"^counts = \{.*?\}"


@pytest.mark.parametrize(("counts", "needle"), [
    ("counts = { 1 = 100000, 2 = 20 }", f"tiles.counts: at most {zatre.MAX_TILES:,} tiles in all; got 100,020"),
    ("counts = { 1 = 1000000000 }", f"tiles.counts.1: at most {MAX_NUMBER:,} in size; got 1,000,000,000"),
    ("counts = { 1 = 1e300 }", "tiles.counts.1: at most"),
])
def test_zatre_tile_counts_are_limited(tmp_path, counts, needle, run_pnp):
    spec = spec_sub(tmp_path, "zatre", ZATRE_COUNTS, counts)
    out = tmp_path / "out"
    one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "5", "--log", str(out / "log.jsonl")),
                   f"{spec}: {needle}")
    one_line_error(run_pnp("tiles", "zatre", "--spec", str(spec), "-o", str(out)), needle)
    assert not out.exists()


def test_zatre_board_size_is_limited(tmp_path, run_pnp):
    rows = ", ".join(['"' + "." * 60 + '"'] * 3 + ['"' + "S" + "." * 59 + '"'])
    spec = spec_sub(tmp_path, "zatre", r"^layout = \[.*?\n\]", f"layout = [{rows}]")
    one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"),
                   f"board.layout[0]: at most {zatre.MAX_BOARD_CELLS} cells per row; got 60")


@pytest.mark.parametrize(("game", "old", "new", "needle"), [
    ("zatre", "cell_mm = 12.8 ", "cell_mm = 500.0 ", f"board.cell_mm: must be between 1 and {zatre.MAX_CELL_MM}"),
    ("zatre", "rows = 28", "rows = 5000", "sheet.rows: must be between 1 and 200"),
    ("rautino", "count = 2", "count = 400", f"stones[0].count: must be between 1 and {rautino.MAX_STONES}"),
    ("rautino", "triangle_mm = 26.0", "triangle_mm = 900.0", "board.triangle_mm: must be between 10.0 and 100.0"),
    ("rautino", '"1" = 2 }', '"1" = 5000 }', f"shapes[0].points.1: must be an integer from 0 to {rautino.MAX_POINTS}"),
    ("triomino", "bridge_bonus = 40", "bridge_bonus = 999999", f"presets.seed.bridge_bonus: must be at most "
                                                             f"{triomino.MAX_SCORE}; got 999999"),
    ("triomino", "hexagon_bonuses = [50, 60, 70]", "hexagon_bonuses = [50, 60, 70000]",
     f"presets.seed.hexagon_bonuses: must be three integers from 0 to {triomino.MAX_SCORE}"),
])
def test_sizes_and_scores_are_limited(tmp_path, game, old, new, needle, run_pnp):
    spec = spec_with(tmp_path, game, old, new)
    one_line_error(run_pnp("check", game, "--spec", str(spec), "--games", "1"), f"{spec}: {needle}")


def test_rautino_stone_total_is_limited(tmp_path, run_pnp):
    spec = spec_with(tmp_path, "rautino", "count = 2", "count = 30", count=-1)
    one_line_error(run_pnp("check", "rautino", "--spec", str(spec), "--games", "1"),
                   f"stones: at most {rautino.MAX_STONES} stones in all; got 450")


def test_triomino_tile_list_is_limited(tmp_path, run_pnp):
    tiles = ", ".join(["[0, 0, 0]"] * (triomino.MAX_TILES + 1))
    spec = spec_with(tmp_path, "triomino", "mirror_tiles = false", f"mirror_tiles = false\nlist = [{tiles}]")
    one_line_error(run_pnp("check", "triomino", "--spec", str(spec), "--games", "1"),
                   f"tiles.list: at most {triomino.MAX_TILES} tiles; got {triomino.MAX_TILES + 1}")


def test_every_list_and_text_has_a_limit_whatever_the_field(tmp_path, run_pnp):
    many = ", ".join(["2"] * (MAX_ITEMS + 1))
    spec = spec_with(tmp_path, "zatre", "check = [2, 3, 4]", f"check = [{many}]")
    one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"),
                   f"players.check: at most {MAX_ITEMS:,} entries; got {MAX_ITEMS + 1:,}")
    spec = spec_with(tmp_path, "zatre", 'title = "Zatre"', f'title = "{"Z" * (MAX_TEXT + 1)}"')
    one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"),
                   f"game.title: at most {MAX_TEXT:,} characters; got {MAX_TEXT + 1:,}")


def test_a_deeply_nested_spec_is_one_line(tmp_path, run_pnp):
    spec = tmp_path / "deep.toml"
    spec.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"), f"{spec}: line 1: nested more than")


@pytest.mark.parametrize(("doc", "limits"), [
    ("zatre.md", [zatre.MAX_TILES, zatre.MAX_BOARD_CELLS, zatre.MAX_POINTS]),
    ("rautino.md", [rautino.MAX_STONES, rautino.MAX_SHAPES, rautino.MAX_COLOURS, rautino.MAX_POINTS]),
    ("triomino.md", [triomino.MAX_TILES, triomino.MAX_SCORE]),
])
def test_the_limits_are_documented(doc, limits):
    text = (DOCS / doc).read_text(encoding="utf-8")
    section = text[text.index("## Limits"):]
    numbers = {int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", section)}
    for limit in limits:
        assert int(limit) in numbers, (doc, limit)


def test_a_shape_wider_than_any_board_is_refused(tmp_path, run_pnp):
    spec = spec_with(tmp_path, "rautino", "cells = [[0, 0], [-1, 1], [0, 1], [1, 1]]", "cells = [[0, 0], [500000, 1]]")
    one_line_error(run_pnp("kit", "rautino", "--spec", str(spec), "-o", str(tmp_path / "out")),
                   f"shapes[0].cells: a shape spans at most {rautino.MAX_SHAPE_SPAN} columns or rows", "got 500001")
    assert not (tmp_path / "out").exists()


def _bounded_fields() -> list[tuple[str, str, Bounds]]:
    """(game, field, its range) for every field of a shipped spec whose own range ends below MAX_NUMBER
    (one stone of many)."""
    from pnp import games
    from pnp.spec import recorded_limits

    found = []
    for name in ("rautino", "zatre", "triomino"):
        with recorded_limits() as limits:
            games.get(name).load(None)
        found += [(name, field, bounds) for field, bounds in limits.items()
                  if bounds.high is not None and bounds.high < MAX_NUMBER and not re.search(r"\[[1-9]\d*\]", field)]
    return found


@pytest.mark.parametrize(("game", "field", "bounds"), _bounded_fields(), ids=lambda value: str(value))
def test_a_huge_value_is_refused_with_the_fields_own_range(tmp_path, game, field, bounds):
    """The limit a designer needs is the field's (hand_size: 1 to 10), not the one every number has."""
    from pnp import games
    from pnp.errors import SpecError
    from pnp.spec import template_path
    from pnp.sweep.run import variant_text

    huge = 5 * MAX_NUMBER
    spec = tmp_path / f"{game}.toml"
    spec.write_text(variant_text(template_path(game).read_text(encoding="utf-8"), {field: huge}), encoding="utf-8")
    with pytest.raises(SpecError) as refused:
        games.get(game).load(spec)
    assert str(refused.value) == f"{spec}: {field}: {bounds(huge)}"


def test_the_fields_with_their_own_range_include_the_hand_size():
    assert {("rautino", "game.hand_size"), ("zatre", "sheet.rows"), ("triomino", "hands.size")} <= {
        (game, field) for game, field, _ in _bounded_fields()}


@pytest.mark.parametrize(("old", "new", "needle"), [
    ('points = { "1" = 2 }', 'points = { "1" = 2, "7" = 3 }',
     "shapes[0].points.7: never scores: a shape of 4 triangles holds at most 4 colours"),
    ('points = { "1" = 2 }', 'points = { "1" = 2, "5+" = 3 }',
     "shapes[0].points.5+: never scores: a shape of 4 triangles holds at most 4 colours"),
    ('points = { "1" = 9, "2" = 6, "3+" = 3 }', 'points = { "1" = 9, "2" = 6, "3+" = 3, "5" = 1 }',
     "shapes[1].points.5: never scores: a shape of 6 triangles holds at most 4 colours (the spec has 4)"),
])
def test_a_colour_count_no_shape_can_hold_is_refused(tmp_path, run_pnp, old, new, needle):
    spec = spec_with(tmp_path, "rautino", old, new)
    one_line_error(run_pnp("check", "rautino", "--spec", str(spec), "--games", "1"), f"{spec}: {needle}")


def test_a_colour_count_a_shape_can_hold_scores(tmp_path):
    spec = spec_with(tmp_path, "rautino", 'points = { "1" = 2 }', 'points = { "1" = 2, "4" = 3 }')
    (shape, *_) = rautino.load(spec).shapes
    assert shape.points_for(4) == 3 and shape.points_for(3) is None
