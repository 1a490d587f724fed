"""Hostile spec text: what the layout cannot hold is refused at load time, naming file, field and limit."""

from __future__ import annotations

import dataclasses

import pytest
from hostile_helpers import one_line_error, spec_sub, spec_with

from pnp import games
from pnp.draw.text import pt, text_width

TITLES = {  # game -> (template line with the title, how to write another title there)
    "rautino": ('title = "Rautino"', 'title = "{}"', "game.title"),
    "zatre": ('title = "Zatre"', 'title = "{}"', "game.title"),
    "triomino": ('title = "Triomino"', 'title = "{}"', "game.title"),
}


@pytest.mark.parametrize("game", sorted(TITLES))
@pytest.mark.parametrize("bad", ["Rau\\ntino", "Tab\\there", "Bell\\u0007", "Line\\u2028sep", "Bidi\\u202eX"])
def test_line_breaks_and_control_characters_are_refused(tmp_path, game, bad, run_pnp):
    old, new, field = TITLES[game]
    spec = spec_with(tmp_path, game, old, new.format(bad))
    out = tmp_path / "out"
    line = one_line_error(run_pnp("kit", game, "--spec", str(spec), "-o", str(out), "-q"),
                          f"{spec}: {field}: line breaks and control characters are not allowed")
    assert line.startswith("pnp: error: ")
    assert not out.exists()


def test_control_characters_are_refused_in_every_text_field(tmp_path, run_pnp):
    spec = spec_with(tmp_path, "rautino", 'name = "yellow"', 'name = "yel\\rlow"')
    one_line_error(run_pnp("check", "rautino", "--spec", str(spec), "--games", "1"),
                   "colours[1].name: line breaks and control characters")
    spec = spec_with(tmp_path, "zatre", 'bonus_label = "Bonus"', 'bonus_label = "Bo\\u0000nus"')
    one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"), "sheet.bonus_label")


@pytest.mark.parametrize(("game", "where"), [
    ("rautino", "on the stone backs"), ("zatre", "on the score sheet"), ("triomino", "on the tile backs"),
])
def test_a_title_too_wide_for_the_layout_says_how_many_characters_fit(tmp_path, game, where, run_pnp):
    old, new, field = TITLES[game]
    title = "Extraordinarily Long Title"
    spec = spec_with(tmp_path, game, old, new.format(title))
    out = tmp_path / "out"
    line = one_line_error(run_pnp("kit", game, "--spec", str(spec), "-o", str(out), "-q"),
                          f"{spec}: {field}: at most ", f"fit {where}", f"got {len(title)}")
    fit = int(line.split("at most ")[1].split()[0])
    assert 0 < fit < len(title)
    assert not out.exists()


def test_the_limit_is_measured_with_the_font_not_counted(tmp_path, run_pnp):
    """Nine narrow letters fit where nine wide ones do not: the limit is a width, not a count."""
    narrow, wide = "Raut iiii", "Raut MMMM"
    ok = spec_with(tmp_path, "rautino", 'title = "Rautino"', f'title = "{narrow}"', name="narrow.toml")
    assert games.get("rautino").load(ok).title.text("en") == narrow
    bad = spec_with(tmp_path, "rautino", 'title = "Rautino"', f'title = "{wide}"', name="wide.toml")
    line = one_line_error(run_pnp("check", "rautino", "--spec", str(bad), "--games", "1"),
                          "game.title: at most ", "characters of this text fit on the stone backs", "got 9")
    fit = int(line.split("at most ")[1].split()[0])
    room = float(line.split("backs (")[1].split(" mm")[0])
    assert text_width(wide[:fit], pt(8), True) <= room + 0.5 < text_width(wide[: fit + 1], pt(8), True)


def test_a_title_that_loads_prints_in_every_default_kit(tmp_path, run_pnp):
    """The loader's limit is the layout's: the longest title it accepts draws on A4 and Letter."""
    bad = spec_with(tmp_path, "rautino", 'title = "Rautino"', 'title = "Rautino Plus"', name="bad.toml")
    line = one_line_error(run_pnp("check", "rautino", "--spec", str(bad), "--games", "1"), "got 12")
    title = "Rautino Plus"[: int(line.split("at most ")[1].split()[0])]
    spec = spec_with(tmp_path, "rautino", 'title = "Rautino"', f'title = "{title}"')
    for paper in ("a4", "letter"):
        result = run_pnp("kit", "rautino", "--spec", str(spec), "-o", str(tmp_path / paper), "--paper", paper,
                     "--format", "pdf", "-q")
        assert result.exit_code == 0, result.output


def test_characters_the_font_cannot_print_are_refused(tmp_path, run_pnp):
    spec = spec_with(tmp_path, "zatre", 'title = "Zatre"', 'title = "Za\u2603tre"')
    one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"),
                   "game.title: the printed font has no character '\u2603'")


def test_an_empty_title_is_refused(tmp_path, run_pnp):
    spec = spec_with(tmp_path, "triomino", 'title = "Triomino"', 'title = "   "')
    one_line_error(run_pnp("check", "triomino", "--spec", str(spec), "--games", "1"), "game.title: must not be empty")


def test_a_spec_with_a_byte_order_mark_loads(tmp_path):
    for game in ("rautino", "zatre", "triomino"):
        spec = spec_sub(tmp_path, game, r"\A", "\ufeff", name=f"{game}.toml")
        assert spec.read_bytes().startswith(b"\xef\xbb\xbf")
        shipped = games.get(game).load(None)
        assert dataclasses.replace(games.get(game).load(spec), source=shipped.source) == shipped


@pytest.mark.parametrize(("game", "line", "bad", "field"), [
    ("zatre", "cell_mm = 12.8 ", "cell_mm = inf ", "board.cell_mm"),
    ("zatre", "size_mm = 11.8 ", "size_mm = nan ", "tiles.size_mm"),
    ("rautino", "triangle_mm = 26.0", "triangle_mm = -inf", "board.triangle_mm"),
    ("triomino", "side_mm = 40.0", "side_mm = inf", "tiles.side_mm"),
    ("triomino", "max_mean_draws_per_round = 30.0", "max_mean_draws_per_round = nan",
     "check.max_mean_draws_per_round"),
])
def test_non_finite_numbers_name_their_own_field(tmp_path, game, line, bad, field, run_pnp):
    spec = spec_with(tmp_path, game, line, bad)
    one_line_error(run_pnp("check", game, "--spec", str(spec), "--games", "1"),
                   f"{spec}: {field}: must be a finite number")


@pytest.mark.parametrize(("old", "new", "field", "where"), [
    ('minus_label = "minus (tiles left)"', f'minus_label = "{"minus " * 12}"', "sheet.minus_label",
     "beside the score sheet's total boxes"),
    ('header = ["Player", "Date", "Game"]', 'header = ["Player", "Date of the game we played today", "Game"]',
     "sheet.header[1]", "on the score sheet's header line"),
])
def test_score_sheet_labels_must_fit_their_place(tmp_path, old, new, field, where, run_pnp):
    spec = spec_with(tmp_path, "zatre", old, new)
    one_line_error(run_pnp("scoresheet", "zatre", "--spec", str(spec), "-o", str(tmp_path / "out")),
                   f"{spec}: {field}: at most", f"fit {where}")
    assert not (tmp_path / "out").exists()


def test_a_title_at_the_limit_stays_on_the_shape_cards_of_a_custom_paper(tmp_path, run_pnp):
    """On a paper other than A4 and Letter the shape cards take another size; the board measures the
    title on them again, and the longest title the loader accepts stays inside each card."""
    import re

    from pnp.games.rautino.kit.board import CARD_PAD

    bad = spec_with(tmp_path, "rautino", 'title = "Rautino"', 'title = "Rautino Plus"', name="bad.toml")
    fit = int(one_line_error(run_pnp("check", "rautino", "--spec", str(bad), "--games", "1"), "got 12")
              .split("at most ")[1].split()[0])
    title = "Rautino Plus"[:fit]
    spec = spec_with(tmp_path, "rautino", 'title = "Rautino"', f'title = "{title}"')
    result = run_pnp("board", "rautino", "--spec", str(spec), "--paper", "210x272", "--format", "svg",
                 "-o", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    svg = (tmp_path / "o" / "rautino" / "rautino-board.svg").read_text(encoding="utf-8")
    cards = [(float(x), float(w)) for w, x in re.findall(r'class="legend-card"[^>]*width="([\d.]+)" x="([\d.]+)"', svg)]
    titles = re.findall(r'class="title"[^>]*font-size="([\d.]+)"[^>]*x="([\d. ]+)"[^>]*>([^<]*)', svg)
    assert len(cards) == len(titles) >= 2
    for (left, width), (size, xs, text) in zip(cards, titles, strict=True):
        last = float(xs.split()[-1]) + text_width(text[-1], float(size), True)
        assert text == title and last <= left + width - CARD_PAD + 0.01
