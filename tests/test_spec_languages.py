"""A text a spec prints may be one string (printed as written in every kit language) or a table with one text
per kit language; each kit prints its language's text, and each language's text is measured where it prints.
Read back from the SVGs of both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from drawhelp import SVG_NS, svg_root

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
