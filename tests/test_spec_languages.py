"""A text a spec prints may be one string (printed as written in every kit language) or a table with one text
per kit language; each kit prints its language's text, and each language's text is measured where it prints.
Read back from the SVGs of both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from drawhelp import SVG_NS, svg_root
from hostile_helpers import one_line_error

from pnp.errors import SpecError
from pnp.i18n import LANGS, PrintedText, Texts
from pnp.spec import Fields, template_path


def spec_edited(tmp_path: Path, game: str, *edits: tuple[str, str]) -> Path:
    """A copy of the game's template with each (old, new) line replaced once."""
    text = template_path(game).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / f"{game}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def printed_svgs(run_pnp, tmp_path: Path, command: str, game: str, spec: Path) -> dict[str, list[str]]:
    """The SVG files a command writes in each kit language, as text, by language."""
    out: dict[str, list[str]] = {}
    for lang in LANGS:
        folder = tmp_path / f"out-{lang}"
        result = run_pnp(command, game, "--spec", str(spec), "--lang", lang, "--format", "svg", "-o", str(folder))
        assert result.exit_code == 0, result.output
        out[lang] = [svg.read_text(encoding="utf-8") for svg in sorted((folder / game).glob("*.svg"))]
    return out


def texts_of(svg: str, cls: str) -> list[str]:
    return [el.text or "" for el in svg_root(svg.encode()).iter(f"{SVG_NS}text") if el.get("class") == cls]


# ---- the reader ---------------------------------------------------------------------------------


def test_a_string_prints_as_written_and_a_table_per_language() -> None:
    fields = Fields({"a": "Final score", "b": {"en": "Final score", "de": "Endstand"}, "c": ["Team", {"en": "Round",
                                                                                                     "de": "Runde"}]},
                    "s.toml", "sheet")
    assert fields.printed("a", "Total") == PrintedText.same("Final score")
    table = fields.printed("b", "Total")
    assert (table.text("en"), table.text("de"), table.plain) == ("Final score", "Endstand", False)
    assert [(t.text("en"), t.text("de")) for t in fields.printed_list("c", [])] == [("Team", "Team"),
                                                                                     ("Round", "Runde")]
    words = Texts({"Total": {"en": "Total", "de": "Gesamt"}})
    default = fields.printed("missing", "Total", words)  # a default word in every language
    assert (default.text("de"), default.plain) == ("Gesamt", True)
    fields.finish()


@pytest.mark.parametrize(("value", "field", "reason"), [
    ({"en": "Final score"}, "sheet.grand_total_label", "no text for de; a table needs one text for each kit "
                                                       "language (en, de)"),
    ({"en": "Final score", "de": "Endstand", "fr": "Score final"}, "sheet.grand_total_label",
     "unknown language 'fr'; the kit languages are en, de, one text each"),
    ({"en": "Final score", "DE": "Endstand"}, "sheet.grand_total_label", "unknown language 'DE'"),
    (3, "sheet.grand_total_label", "must be a string, or a table with one text for each kit language (en, de), "
                                   "not 3"),
    ({"en": "Final score", "de": 3}, "sheet.grand_total_label.de", "must be a string, not 3"),
])
def test_a_table_must_give_every_kit_language_and_no_other(value, field, reason) -> None:
    with pytest.raises(SpecError) as caught:
        Fields({"grand_total_label": value}, "s.toml", "sheet").printed("grand_total_label", "Total")
    assert (caught.value.field, caught.value.path) == (field, "s.toml")
    assert reason in caught.value.reason


@pytest.mark.parametrize(("new", "needles"), [
    ('grand_total_label = { en = "Final score" }',
     ["sheet.grand_total_label: no text for de", "(en, de)"]),
    ('grand_total_label = { en = "Final score", de = "Endstand", fr = "Score final" }',
     ["sheet.grand_total_label: unknown language 'fr'", "en, de"]),
    ('grand_total_label = ["Final score", "Endstand"]',
     ["sheet.grand_total_label: must be a string, or a table with one text for each kit language (en, de)"]),
    ('grand_total_label = { en = "Final score", de = "" }', ["sheet.grand_total_label.de: must not be empty"]),
])
def test_a_bad_table_is_one_line_naming_file_and_field_and_nothing_is_written(tmp_path, run_pnp, new, needles):
    spec = spec_edited(tmp_path, "zatre", ('grand_total_label = "Total"', new))
    out = tmp_path / "out"
    one_line_error(run_pnp("scoresheet", "zatre", "--spec", str(spec), "--lang", "de", "-o", str(out)),
                   f"{spec}: ", *needles)
    assert not out.exists()


def test_a_header_item_may_be_a_table_and_a_bad_one_names_its_place(tmp_path, run_pnp) -> None:
    spec = spec_edited(tmp_path, "zatre", ('header = ["Player", "Date", "Game"]',
                                           'header = ["Team", { en = "Date" }, "Round"]'))
    one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"),
                   f"{spec}: sheet.header[1]: no text for de")


# ---- Zatre ------------------------------------------------------------------------------------


def test_zatre_score_sheet_prints_each_languages_text(tmp_path, run_pnp) -> None:
    spec = spec_edited(tmp_path, "zatre",
                       ('header = ["Player", "Date", "Game"]',
                        'header = ["Team", "Date", { en = "Round", de = "Runde" }]'),
                       ('grand_total_label = "Total"', 'grand_total_label = { en = "Final score", de = "Endstand" }'),
                       ('bonus_label = "Bonus"', 'bonus_label = { en = "Bonus", de = "Prämie" }'),
                       ('title = "Zatre"', 'title = { en = "Zatre Club", de = "Zatre-Runde" }'))
    svgs = printed_svgs(run_pnp, tmp_path, "scoresheet", "zatre", spec)
    (english,), (german,) = svgs["en"], svgs["de"]
    # Two sheets on the page, each with its own texts.
    assert texts_of(english, "sheet-header") == ["Team", "Date", "Round"] * 2
    assert texts_of(german, "sheet-header") == ["Team", "Datum", "Runde"] * 2  # "Date" is a default word
    assert texts_of(english, "grand-total") == ["Final score"] * 2
    assert texts_of(german, "grand-total") == ["Endstand"] * 2
    assert texts_of(english, "sheet-title") == ["ZATRE CLUB"] * 2
    assert texts_of(german, "sheet-title") == ["ZATRE-RUNDE"] * 2
    assert "Prämie" in texts_of(german, "sheet-column") and "Prämie" not in english
    for word in ("Endstand", "Runde", "Zatre-Runde"):
        assert word not in english
    for word in ("Final score", "Round", "Zatre Club"):
        assert word not in german


def test_a_german_text_too_long_for_its_place_is_refused_though_the_english_fits(tmp_path, run_pnp) -> None:
    long = "Endstand nach allen Runden und allen Minuspunkten"
    spec = spec_edited(tmp_path, "zatre", ('grand_total_label = "Total"',
                                           f'grand_total_label = {{ en = "Final score", de = "{long}" }}'))
    out = tmp_path / "out"
    for lang in LANGS:  # refused for either kit: the spec must print in every language
        line = one_line_error(run_pnp("scoresheet", "zatre", "--spec", str(spec), "--lang", lang, "-o", str(out)),
                              f"{spec}: sheet.grand_total_label.de: at most ",
                              "fit beside the score sheet's total boxes", f"got {len(long)}")
        assert "Final score" not in line
    assert not out.exists()


def test_a_column_heading_too_wide_in_german_names_the_german_text(tmp_path, run_pnp) -> None:
    spec = spec_edited(tmp_path, "zatre", ('bonus_label = "Bonus"',
                                           'bonus_label = { en = "Bonus", de = "Bonuspunktevergabe" }'))
    one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"),
                   f"{spec}: sheet.bonus_label.de: too wide for its")


def test_the_german_score_sheet_has_a_german_title(tmp_path, run_pnp) -> None:
    spec = template_path("zatre")
    titles = {lang: re.findall(r"<title>([^<]*)</title>", svg)
              for lang, (svg,) in printed_svgs(run_pnp, tmp_path, "scoresheet", "zatre", Path(str(spec))).items()}
    assert titles == {"en": ["Zatre · score sheet · page 1/1"], "de": ["Zatre · Punkteblatt · Seite 1/1"]}


def test_a_kits_pdf_title_speaks_its_language(tmp_path, run_pnp) -> None:
    from pypdf import PdfReader

    for lang, title in (("en", "Zatre — print-and-play kit"), ("de", "Zatre — Spiel zum Selbstbasteln")):
        folder = tmp_path / lang
        result = run_pnp("scoresheet", "zatre", "--lang", lang, "--format", "pdf", "-o", str(folder))
        assert result.exit_code == 0, result.output
        assert PdfReader(folder / "zatre" / "zatre-scoresheet.pdf").metadata.title == title


# ---- Rautino ----------------------------------------------------------------------------------


def test_rautino_shape_cards_print_each_languages_shape_label_and_title(tmp_path, run_pnp) -> None:
    spec = spec_edited(tmp_path, "rautino",
                       ('label = "big triangle"', 'label = { en = "large triangle", de = "großes Dreieck" }'),
                       ('title = "Rautino"', 'title = { en = "Rhombus", de = "Raute" }'))
    svgs = printed_svgs(run_pnp, tmp_path, "board", "rautino", spec)
    (english,), (german,) = svgs["en"], svgs["de"]
    heads = {lang: " ".join(texts_of(svg, "legend-title")) for lang, (svg,) in svgs.items()}  # wrapped lines
    assert "large triangle" in heads["en"] and "großes Dreieck" in heads["de"]
    # A shape whose label is a string: the English kit prints it, the German kit the shape's name.
    assert "big rhombus" in heads["en"] and "Figur" in heads["de"]
    assert set(texts_of(english, "title")) == {"Rhombus"} and set(texts_of(german, "title")) == {"Raute"}
    assert "großes Dreieck" not in english and "large triangle" not in german


def test_rautino_refuses_a_shape_label_without_german(tmp_path, run_pnp) -> None:
    spec = spec_edited(tmp_path, "rautino", ('label = "big triangle"', 'label = { en = "large triangle" }'))
    one_line_error(run_pnp("board", "rautino", "--spec", str(spec), "-o", str(tmp_path / "out")),
                   f"{spec}: shapes[0].label: no text for de")
    assert not (tmp_path / "out").exists()


def test_rautino_colour_key_prints_each_languages_colour_label(tmp_path, run_pnp) -> None:
    spec = spec_edited(tmp_path, "rautino",
                       ('name = "red"', 'name = "red"\nlabel = { en = "crimson", de = "karminrot" }'))
    svgs = printed_svgs(run_pnp, tmp_path, "tiles", "rautino", spec)
    keys = {lang: {text for svg in found for text in texts_of(svg, "colour-key-label")} for lang, found in svgs.items()}
    assert keys == {"en": {"crimson", "yellow", "blue", "green", "joker"},
                    "de": {"karminrot", "gelb", "blau", "grün", "Joker"}}  # the others: pnp's colour words


@pytest.mark.parametrize(("label", "needle"), [
    ('{ en = "gold", de = "rot" }', "colours[1].label.de: printed 'rot' in the de kit, as colours[0] is"),
    ('"red"', "colours[1].label: printed 'red' in the en kit, as colours[0] is"),
])
def test_rautino_refuses_two_colours_printed_alike_in_a_language(tmp_path, run_pnp, label, needle) -> None:
    spec = spec_edited(tmp_path, "rautino", ('name = "yellow"', f'name = "yellow"\nlabel = {label}'))
    one_line_error(run_pnp("check", "rautino", "--spec", str(spec), "--games", "1"), f"{spec}: {needle}")


# ---- Triomino ---------------------------------------------------------------------------------


def test_triomino_sheets_print_each_languages_preset_label(tmp_path, run_pnp) -> None:
    spec = spec_edited(tmp_path, "triomino", ('[check]', '[presets.turnier]\nbased_on = "classic"\n'
                                                        'label = { en = "Tournament rules", de = "Turnierregeln" }\n\n'
                                                        '[check]'))
    for lang, words in (("en", "Tournament rules"), ("de", "Turnierregeln")):
        folder = tmp_path / lang
        result = run_pnp("scoresheet", "triomino", "--spec", str(spec), "--preset", "turnier", "--lang", lang,
                         "--format", "svg", "-o", str(folder))
        assert result.exit_code == 0, result.output
        (svg,) = [path.read_text(encoding="utf-8") for path in (folder / "triomino").glob("*.svg")]
        (subtitle,) = texts_of(svg, "subtitle")
        assert subtitle.startswith(words)


def test_triomino_tile_backs_print_each_languages_title(tmp_path, run_pnp) -> None:
    spec = spec_edited(tmp_path, "triomino", ('title = "Triomino"', 'title = { en = "Trio", de = "Dreier" }'))
    svgs = printed_svgs(run_pnp, tmp_path, "tiles", "triomino", spec)
    english = {text for svg in svgs["en"] for text in texts_of(svg, "back-name")}
    german = {text for svg in svgs["de"] for text in texts_of(svg, "back-name")}
    assert (english, german) == ({"TRIO"}, {"DREIER"})


def test_triomino_refuses_a_title_too_long_in_german(tmp_path, run_pnp) -> None:
    long = "Dreieckslegespiel für die ganze Familie und Freunde"
    spec = spec_edited(tmp_path, "triomino", ('title = "Triomino"', f'title = {{ en = "Trio", de = "{long}" }}'))
    one_line_error(run_pnp("check", "triomino", "--spec", str(spec), "--games", "1"),
                   f"{spec}: game.title.de: at most ", "fit on the tile backs")
