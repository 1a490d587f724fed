"""The Triomino score sheet: the spec's players, the preset's values, round-end rows, paper and safe area."""

from __future__ import annotations

from dataclasses import replace

import pytest
from drawhelp import SVG_NS, svg_root

from pnp.draw.paper import A4, LETTER
from pnp.draw.svg import render_svg
from pnp.games.triomino.kit.scoresheet import score_pages
from pnp.games.triomino.model import load
from pnp.kit import kit_context


def sheet(model, **options):
    pages = score_pages(model, kit_context(options.pop("paper", A4), options.pop("lang", "en"), **options))
    return pages, svg_root(render_svg(pages[0]))


def values(root) -> dict[str, str]:
    return {el.get("data-rule"): el.get("data-value") for el in root.iter()
            if el.get("class") == "rule-value"}


def test_a_column_per_player_of_the_spec() -> None:
    model = load(None)
    _, root = sheet(model)
    columns = [el for el in root.iter(f"{SVG_NS}rect") if el.get("class") == "player-column"]
    assert len(columns) == model.max_players == 6
    fewer = replace(model, max_players=4)
    _, root = sheet(fewer)
    assert sum(1 for el in root.iter(f"{SVG_NS}rect") if el.get("class") == "player-column") == 4


@pytest.mark.parametrize("preset", ["seed", "classic"])
def test_the_preset_bonus_and_penalty_values_are_printed(preset) -> None:
    model = load(None)
    rules = model.rules(preset)
    _, root = sheet(model, preset=preset)
    printed = values(root)
    assert printed["bridge_bonus"] == f"+{rules.bridge_bonus}"
    assert [printed[f"hexagon_{n}"] for n in (1, 2, 3)] == [f"+{b}" for b in rules.hexagon_bonuses]
    assert printed["start_bonus"] == f"+{rules.start_bonus}"
    assert printed["start_bonus_zero_triple"] == f"+{rules.start_bonus_zero_triple}"
    assert printed[f"draws_{rules.draw_limit}"] == f"-{rules.draw_penalty_for(rules.draw_limit)}"
    assert ("going_out_bonus" in printed) == (preset == "classic")
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
    assert f"+{rules.hexagon_bonuses[1]}" in texts


def test_a_changed_preset_changes_the_sheet() -> None:
    model = load(None)
    custom = replace(model.rules("seed"), bridge_bonus=33, hexagon_bonuses=(11, 22, 44))
    model = replace(model, presets=model.presets | {"seed": custom})
    printed = values(sheet(model)[1])
    assert printed["bridge_bonus"] == "+33"
    assert [printed[f"hexagon_{n}"] for n in (1, 2, 3)] == ["+11", "+22", "+44"]


def test_round_end_rows_only_for_a_preset_with_round_scoring() -> None:
    model = load(None)
    classic = sheet(model, preset="classic")[1]
    seed = sheet(model, preset="seed")[1]
    table = next(el for el in classic.iter(f"{SVG_NS}rect") if el.get("class") == "score-table")
    assert table.get("data-round-end") == "true" and table.get("data-preset") == "classic"
    end_rows = [el for el in classic.iter(f"{SVG_NS}rect") if el.get("class") == "round-end-row"]
    assert len(end_rows) == 3 * 6
    seed_table = next(el for el in seed.iter(f"{SVG_NS}rect") if el.get("class") == "score-table")
    assert seed_table.get("data-round-end") == "false"
    assert int(seed_table.get("data-turn-rows")) >= 20
    turn_totals = [el for el in seed.iter(f"{SVG_NS}rect") if el.get("class") == "turn-row"]
    assert len(turn_totals) == int(seed_table.get("data-turn-rows")) * 6  # a running-total box per turn


@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_paper_size_and_safe_area(paper, lang) -> None:
    for preset in ("seed", "classic"):
        pages, _ = sheet(load(None), paper=paper, lang=lang, preset=preset, pages=2)
        assert len(pages) == 2
        for page in pages:
            assert (page.width, page.height) == (paper.width, paper.height)
            page.check_safe_area()


def test_no_0_0_0_line_for_a_set_without_that_tile() -> None:
    model = load(None)
    assert "start_bonus_zero_triple" in values(sheet(model)[1])
    ones = replace(model, low=1, high=6, tiles=tuple(t for t in model.tiles if t.numbers != (0, 0, 0)))
    for lang in ("en", "de"):
        _, root = sheet(ones, lang=lang)
        assert "start_bonus_zero_triple" not in values(root)
        assert not any("0-0-0" in (t.text or "") for t in root.iter(f"{SVG_NS}text"))


def test_draw_limit_0_prints_no_draw_lines() -> None:
    model = load(None)
    closed = replace(model.rules("classic"), draw_limit=0)
    printed = values(sheet(replace(model, presets=model.presets | {"classic": closed}), preset="classic")[1])
    assert not any(key.startswith("draws_") for key in printed) and "failed_draw_penalty" not in printed
    assert printed["empty_pool_pass_penalty"] == "-10"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_column_headings_fit_their_columns_with_many_players(lang) -> None:
    from pnp.draw.text import text_width

    model = replace(load(None), max_players=12)
    _, root = sheet(model, lang=lang)
    columns = [el for el in root.iter(f"{SVG_NS}rect") if el.get("class") == "player-column"]
    half = float(columns[0].get("width")) / 2
    headings = [el for el in root.iter(f"{SVG_NS}text") if el.text in ("+/−", "total", "Summe", "tot.", "ges.")]
    assert len(headings) == 2 * 12
    for el in headings:
        size = float(el.get("font-size"))
        assert text_width(el.text, size, bold=el.get("font-weight") == "bold") <= half - 0.5


def test_german_reference_words() -> None:
    _, root = sheet(load(None), lang="de", preset="classic")
    text = " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
    assert "stattdessen" in text and "statt dessen" not in text
    assert "Dreimal gezogen, noch kein Platz" in text and "3-mal" not in text
    assert "Zügen" not in text.replace("Mehr Züge", "")
