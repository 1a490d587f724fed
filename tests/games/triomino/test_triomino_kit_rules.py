"""The Triomino rules sheet: both languages fit, the drawn bridge and hexagon are real, engine-scored examples."""

from __future__ import annotations

from dataclasses import replace

import pytest
from drawhelp import SVG_NS, svg_root

from pnp.draw.paper import A4, LETTER
from pnp.draw.svg import render_svg
from pnp.games.triomino.engine import FitTable, Table
from pnp.games.triomino.kit.examples import find_example
from pnp.games.triomino.kit.rules import rules_pages
from pnp.games.triomino.model import load
from pnp.geometry.trigrid import shares_edge, touch_at_point_only
from pnp.kit import kit_context


@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("preset", ["seed", "classic"])
def test_one_page_that_fits_in_both_languages(paper, lang, preset) -> None:
    pages = rules_pages(load(None), kit_context(paper, lang, preset=preset))
    assert len(pages) == 1
    assert (pages[0].width, pages[0].height) == (paper.width, paper.height)
    pages[0].check_safe_area()


def test_languages_differ_and_state_the_preset_values() -> None:
    model = load(None)
    texts = {}
    for lang in ("en", "de"):
        root = svg_root(render_svg(rules_pages(model, kit_context(A4, lang, preset="classic"))[0]))
        texts[lang] = " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
    assert "Bridge" in texts["en"] and "Brücke" in texts["de"]
    assert "Sechseck" in texts["de"] and "Hexagon" in texts["en"]
    for text in texts.values():
        assert "+40" in text and "+100" in text and "400" in text


@pytest.mark.parametrize("preset", ["seed", "classic"])
def test_the_drawn_examples_earn_their_bonus(preset) -> None:
    model = load(None)
    rules = model.rules(preset)
    bridge = find_example(model, rules, "bridge")
    hexagon = find_example(model, rules, "hexagon")
    assert bridge.bonus == rules.bridge_bonus and hexagon.bonus == rules.hexagon_bonuses[0]
    # Replayed independently of the search: every placement legal, the last one earns the bonus.
    for example in (bridge, hexagon):
        table = Table(rules, FitTable([t.numbers for t in model.tiles]))
        first_cell, first_numbers = example.placements[0]
        table.place(first_cell, first_numbers)
        labels = {t.numbers for t in model.tiles}
        for cell, numbers in example.placements[1:]:
            assert any(numbers[i:] + numbers[:i] in labels for i in range(3))  # a real tile, turned
            move = next(m for m in table.moves(range(len(model.tiles))) if m.cell == cell and m.numbers == numbers)
            score = table.score(move)
            table.place(cell, numbers)
        assert score.bridge + score.hexagon_bonus == example.bonus
    last = bridge.placements[-1][0]
    others = [cell for cell, _ in bridge.placements[:-1]]
    assert sum(shares_edge(last, c) for c in others) == 1
    assert any(touch_at_point_only(last, c) for c in others)


def test_figures_are_drawn_with_the_example_tiles() -> None:
    model = load(None)
    root = svg_root(render_svg(rules_pages(model, kit_context(A4, "en"))[0]))
    groups = {g.get("class"): g for g in root.iter(f"{SVG_NS}g") if (g.get("class") or "").startswith("example-")}
    assert {"example-bridge", "example-hexagon"} <= groups.keys()
    hexagon = find_example(model, model.rules(), "hexagon")
    drawn = sorted(g.get("data-tile") for g in groups["example-hexagon"].iter(f"{SVG_NS}g")
                   if g.get("class") == "example-tile")
    assert drawn == sorted("-".join(map(str, n)) for _, n in hexagon.placements)


def test_a_set_without_examples_still_gets_its_rules() -> None:
    model = load(None)
    tiny = replace(model, tiles=model.tiles[:20], min_players=2)
    page = rules_pages(tiny, kit_context(A4, "de"))[0]
    page.check_safe_area()


@pytest.mark.parametrize(("preset", "english", "german"), [
    ("seed", "in a whole round, even after drawing", "auch nicht nach dem Ziehen"),
    ("classic", "in a whole round and the pool is empty", "bei leerem Vorrat eine ganze Runde"),
])
def test_round_end_text_follows_the_blocked_round_option(preset, english, german) -> None:
    model = load(None)
    for lang, phrase in (("en", english), ("de", german)):
        root = svg_root(render_svg(rules_pages(model, kit_context(A4, lang, preset=preset))[0]))
        text = " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
        assert phrase in text


def page_text(model, lang: str, preset: str | None = None) -> str:
    root = svg_root(render_svg(rules_pages(model, kit_context(A4, lang, preset=preset))[0]))
    return " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))


def test_no_0_0_0_rule_for_a_set_without_that_tile() -> None:
    model = load(None)
    assert "0-0-0" in page_text(model, "en") and "0-0-0" in page_text(model, "de")
    ones = replace(model, low=1, high=6, tiles=tuple(t for t in model.tiles if t.numbers != (0, 0, 0)))
    for lang in ("en", "de"):
        assert "0-0-0" not in page_text(ones, lang)


@pytest.mark.parametrize("preset", ["seed", "classic"])
def test_draw_limit_0_says_pass_instead_of_drawing(preset) -> None:
    model = load(None)
    closed = replace(model.rules(preset), draw_limit=0)
    model = replace(model, presets=model.presets | {preset: closed})
    english, german = page_text(model, "en", preset), page_text(model, "de", preset)
    assert "up to 0" not in english and "höchstens 0" not in german
    assert "pool is empty" not in english and "leerem Vorrat" not in german


def test_bridge_text_says_only_one_edge() -> None:
    model = load(None)
    assert "just one tile along an edge" in page_text(model, "en")
    assert "nur an einer Kante" in page_text(model, "de")


def test_german_reference_words() -> None:
    text = page_text(load(None), "de", "classic")
    assert "statt dessen" not in text and "Zügen noch kein Platz" not in text


def test_negative_bonuses_print_with_a_minus_sign() -> None:
    model = load(None)
    rules = replace(model.rules("seed"), bridge_bonus=-5)
    model = replace(model, presets={**model.presets, "seed": rules})
    root = svg_root(render_svg(rules_pages(model, kit_context(A4, "en", preset="seed"))[0]))
    text = " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
    assert "+-5" not in text
    assert "−5" in text


def _sheet_text(lang: str, preset: str, model=None) -> str:
    page = rules_pages(model or load(None), kit_context(A4, lang, preset=preset))[0]
    return " ".join(t.text or "" for t in svg_root(render_svg(page)).iter(f"{SVG_NS}text"))


@pytest.mark.parametrize("preset", ["seed", "classic"])
@pytest.mark.parametrize(("lang", "phrases"), [
    ("en", ("in the middle of the table", "higher largest number", "second number decides", "up to three times",
            "you must place it", "your turn ends")),
    ("de", ("in die Mitte des Tisches", "höheren größten Zahl", "zweithöchste Zahl", "höchstens dreimal",
            "musst du ihn legen", "ist der nächste Spieler an der Reihe")),
])
def test_opening_tie_break_and_drawing_as_the_engine_plays_them(preset, lang, phrases) -> None:
    from pnp.games.triomino.engine import start_rank

    text = _sheet_text(lang, preset)
    for phrase in phrases:
        assert phrase in text, phrase
    assert " darfst " not in text and " may lay " not in text
    # The engine's order of the opening tiles is the one the sheet states.
    assert start_rank((0, 4, 5)) > start_rank((1, 4, 4)) > start_rank((2, 3, 4))  # all three sum to 9


@pytest.mark.parametrize(("lang", "names"), [("en", ("Basic rules", "Classic rules")),
                                             ("de", ("Grundregeln", "Klassische Regeln"))])
def test_presets_are_printed_in_words(lang, names) -> None:
    from pnp.games.triomino.kit.scoresheet import score_page

    model = load(None)
    for preset, name in zip(("seed", "classic"), names, strict=True):
        sheet = " ".join(t.text or "" for t in svg_root(render_svg(
            score_page(A4, model.rules(preset), 4, lang))).iter(f"{SVG_NS}text"))
        for text in (_sheet_text(lang, preset), sheet):
            assert name in text
            assert not {"seed", "classic"} & set(text.replace("·", " ").split())


def test_bridge_caption_names_its_empty_places_as_drawn() -> None:
    from pnp.games.triomino.kit.rules import _empty_places

    model = load(None)
    bridge = find_example(model, model.rules("seed"), "bridge")
    page = rules_pages(model, kit_context(A4, "en", preset="seed"))[0]
    root = svg_root(render_svg(page))
    tinted = [el for el in root.iter(f"{SVG_NS}polygon") if el.get("class") == "empty-cell"]
    assert len(tinted) == len(bridge.empty) == 2 and all(el.get("fill") == "#ececec" for el in tinted)
    assert "The grey places stay empty." in _sheet_text("en", "seed")
    assert "Die grau getönten Plätze bleiben frei." in _sheet_text("de", "seed")
    assert _empty_places(replace(bridge, empty=bridge.empty[:1]), "en") == "The grey place stays empty."
    assert _empty_places(replace(bridge, empty=bridge.empty[:1]), "de") == "Der grau getönte Platz bleibt frei."


def test_a_bridge_that_earns_nothing_is_still_drawn_and_read_well(tmp_path) -> None:
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.spec import template_path

    text = template_path("triomino").read_text(encoding="utf-8")
    spec = tmp_path / "triomino.toml"
    spec.write_text(text.replace("bridge_bonus = 40", "bridge_bonus = 0"), encoding="utf-8")
    for lang, reads in (("en", "builds a bridge, which earns no bonus."), ("de", "Brücke, die keinen Bonus bringt.")):
        out = tmp_path / lang
        result = CliRunner().invoke(main, ["rules", "triomino", "--spec", str(spec), "--lang", lang, "-o", str(out),
                                           "--format", "svg", "-q"])
        assert result.exit_code == 0, result.output
        root = svg_root((out / "triomino" / "triomino-rules.svg").read_bytes())
        bridges = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "example-bridge"]
        assert len(bridges) == 1 and bridges[0].get("data-bonus") == "0"
        words = " ".join(" ".join(t.text or "" for t in root.iter(f"{SVG_NS}text")).split())
        assert reads in words
        assert "builds a bridge: 0" not in words and "bildet eine Brücke: 0" not in words


def test_the_search_takes_placements_back_exactly() -> None:
    model = load(None)
    table = Table(model.rules("classic"), FitTable([t.numbers for t in model.tiles]))
    table.place((0, 0), model.tiles[5].numbers)
    everything = range(len(model.tiles))
    before, moves = table.checkpoint(), table.moves(everything)
    for move in moves[:3]:
        table.place(move.cell, move.numbers)
        assert table.moves(everything) != moves
        table.rewind(before)
        assert table.checkpoint() == before and table.moves(everything) == moves


@pytest.mark.parametrize(("lang", "phrase"), [("en", "Whoever holds 0-0-0 may open with it instead, for 40 points."),
                                              ("de", "Wer 0-0-0 hat, darf stattdessen damit beginnen und erhält 40")])
def test_classic_sheet_lets_0_0_0_open_as_the_engine_and_validator_do(lang, phrase) -> None:
    from pnp.games.triomino.model import CLASSIC_RULES, SEED_RULES

    assert CLASSIC_RULES.zero_triple_may_open and not SEED_RULES.zero_triple_may_open
    assert phrase in _sheet_text(lang, "classic")
    assert phrase not in _sheet_text(lang, "seed")


@pytest.mark.parametrize(("lang", "phrase"), [("en", "A tile and its mirror tile rank the same: the player seated "
                                                      "first of the two opens."),
                                              ("de", "Ein Stein und sein Spiegelstein sind gleichrangig")])
def test_the_sheet_of_a_set_with_mirror_tiles_says_who_opens_on_a_tie(tmp_path, lang, phrase) -> None:
    from pnp.spec import template_path

    spec = tmp_path / "triomino.toml"
    text = template_path("triomino").read_text(encoding="utf-8")
    spec.write_text(text.replace("mirror_tiles = false", "mirror_tiles = true"), encoding="utf-8")
    mirrored = load(spec)
    assert mirrored.mirror_tiles
    for preset in ("seed", "classic"):
        assert phrase in _sheet_text(lang, preset, mirrored)
        assert phrase not in _sheet_text(lang, preset)
        for paper in (A4, LETTER):
            for page in rules_pages(mirrored, kit_context(paper, lang, preset=preset)):
                page.check_safe_area()
