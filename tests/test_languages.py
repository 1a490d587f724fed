"""A kit printed in one language speaks only that language, on every page: read back from the PDFs.

Every page of every kit (both Triomino presets, the Zatre board on two sheets, the stand-alone
box and printer check too) is extracted with pypdf; a German page may hold no word of a list of
common English words of the kits, an English page no word of the German list.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp import games
from pnp.i18n import LANGS, Texts


def _words(text: str) -> list[str]:
    return text.split()


# Words a kit prints in one language that cannot be the other language's (no "Start", "Bonus", "Joker").
ENGLISH = frozenset(_words("""
the and of to with for from into onto on at your you every each one two three here not must may page sheet
sheets tile tiles stone stones rules board cover box printer check score round total date player players
points point cut glue fold print back backs front fronts shapes shape colour colours turn turns carried
blocked final bonuses penalties bridge hexagon draw pool pass place contents setup game end example field row
rows double ring tiles left minus triangle triangles edge line lines
"""))
GERMAN = frozenset(_words("""
der die das den dem des und mit für von auf aus nicht jede jeder jedes ein eine einen sind wird seite bogen
steine stein spieler punkte punkt regeln spielplan schneiden kleben falten rückseite rückseiten vorderseiten
runde summe datum zug schachtel deckelbild druckertest formen farbe farben spielblock gesamt punkteblatt
brücke sechseck vorrat ziehen legen beispiel reihe reihen dreieck dreiecke kante linie linien spiel ende
übertrag endstand
"""))
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")


def page_texts(pdf: Path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(pdf).pages]


@pytest.fixture(scope="module", params=LANGS)
def printed(request, tmp_path_factory, pnp_ok) -> tuple[str, dict[str, list[str]]]:
    """Every page a user can print in one language, by the file it is in."""
    lang = request.param
    out = tmp_path_factory.mktemp(f"kits-{lang}")
    pnp_ok("kit", "-o", str(out), "-q", "--format", "pdf", "--lang", lang)
    pnp_ok("kit", "triomino", "-o", str(out / "classic"), "-q", "--format", "pdf", "--lang", lang,
        "--preset", "classic")
    pnp_ok("kit", "zatre", "-o", str(out / "large"), "-q", "--format", "pdf", "--lang", lang, "--board-sheets", "2")
    pnp_ok("box", "-o", str(out / "plain"), "-q", "--format", "pdf", "--lang", lang)
    pnp_ok("calibrate", "-o", str(out / "check"), "-q", "--format", "pdf", "--lang", lang)
    pdfs = sorted(out.rglob("*.pdf"))
    assert len(pdfs) == len(games.names()) + 4
    return lang, {pdf.relative_to(out).as_posix(): page_texts(pdf) for pdf in pdfs}


def test_no_page_holds_a_word_of_the_other_language(printed):
    lang, files = printed
    foreign = ENGLISH if lang == "de" else GERMAN
    own = GERMAN if lang == "de" else ENGLISH
    for name, pages in files.items():
        for number, text in enumerate(pages, 1):
            words = {w.lower() for w in WORD.findall(text)}
            assert not words & foreign, f"{lang}: {name} page {number} holds {sorted(words & foreign)}"
            assert words & own, f"{lang}: {name} page {number} holds no word of its own language"


def test_footers_name_the_part_and_page_in_the_kits_language(printed):
    lang, files = printed
    page, rules = ("Seite", "Regeln") if lang == "de" else ("page", "rules")
    for name, pages in files.items():
        for number, text in enumerate(pages, 1):
            assert f"{page} {number}/{len(pages)}" in text, f"{name} page {number}"
    assert any(f"· {rules}" in text for pages in files.values() for text in pages)


def test_footers_call_each_game_s_pieces_by_their_name(printed):
    """Rautino's pieces are stones, Zatre's and Triomino's tiles: the footer of their sheets says so."""
    lang, files = printed
    words = {"Rautino": "Spielsteine" if lang == "de" else "stones",
             "Zatre": "Spielsteine" if lang == "de" else "tiles",
             "Triomino": "Spielsteine" if lang == "de" else "tiles"}
    for title, word in words.items():
        kit = next(pages for name, pages in files.items() if name == f"{title.lower()}/{title.lower()}-kit.pdf")
        assert any(f"{title} · {word}" in text for text in kit), f"{lang}: {title}"
    if lang == "en":
        assert not any("Rautino · tiles" in text for text in files["rautino/rautino-kit.pdf"])


def test_a_text_without_every_language_is_refused():
    with pytest.raises(ValueError, match="every text needs"):
        Texts({"start": {"en": "Start"}})


def test_texts_format_fall_back_for_spec_names_and_refuse_unknown_languages():
    from pnp.i18n import pick, times

    words = Texts({"sheet": {"en": "sheet {n}", "de": "Bogen {n}"}})
    assert words("de", "sheet", n=2) == "Bogen 2" and words.of("en") == {"sheet": "sheet {n}"}
    assert words.get("de", "purple", "purple") == "purple"  # a name from the spec, printed as written
    assert (times(3, "de"), times(3, "en"), times(12, "de")) == ("dreimal", "three times", "12-mal")
    assert pick("de", {"en": 1, "de": 2}) == 2
    with pytest.raises(ValueError, match="the kits speak en, de"):
        words("fr", "sheet")
