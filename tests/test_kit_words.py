"""One word per thing across the kits, and rules texts that say what paper pieces can do."""

from __future__ import annotations

import re

import pytest

from pnp import games
from pnp.draw.paper import A4
from pnp.draw.scene import Group, Page, Text
from pnp.kit import draw_kit, kit_context

# Words a kit once used beside the one it settled on (German: Spielplan, Punkteblatt, an der langen Kante).
RETIRED = {"de": ("Brett", "Spielblock", "über die lange Kante", "stellt sie", "Rückseiten: auf"),
           "en": ("stands them up", "Agree on who starts", "print duplex", "print on the reverse")}


def texts(page: Page) -> list[Text]:
    found: list[Text] = []

    def visit(prim: object) -> None:
        if isinstance(prim, Group):
            for child in prim.children:
                visit(child)
        elif isinstance(prim, Text):
            found.append(prim)

    for item in page.items:
        visit(item)
    return found


@pytest.fixture(scope="module", params=[(g, lang, preset) for g in ("rautino", "zatre", "triomino")
                                        for lang in ("en", "de") for preset in (None, "classic")
                                        if preset is None or g == "triomino"])
def kit(request):
    game, lang, preset = request.param
    chosen = games.get(game)
    return game, lang, draw_kit(chosen, chosen.load(None), kit_context(A4, lang, preset=preset))


def test_no_retired_word_on_any_page(kit) -> None:
    game, lang, pages = kit
    words = " ".join(t.text for item in pages for t in texts(item.page))
    for retired in RETIRED[lang]:  # whole words: "Brettspiel" is the game's kind, not its board
        assert not re.search(rf"\b{retired}\b", words), f"{game} ({lang}) still prints {retired!r}"


def test_no_unit_alone_on_a_line(kit) -> None:
    game, lang, pages = kit
    for item in pages:
        alone = [t.text for t in texts(item.page) if t.text.strip() in ("points", "Punkte")]
        assert not alone, f"{game} {item.component} ({lang}): a unit alone on a line"


def test_score_sheet_row_labels_share_one_size() -> None:
    chosen = games.get("triomino")
    for lang in ("en", "de"):
        pages = chosen.impl.components["scoresheet"](chosen.load(None), kit_context(A4, lang, preset="classic"))
        sizes = {round(t.size_mm, 4) for t in texts(pages[0]) if t.cls == "row-label"}
        assert len(sizes) == 1, sizes


def test_zatre_says_a_row_is_the_whole_line_and_both_languages_draw_lots() -> None:
    chosen = games.get("zatre")
    words = {lang: " ".join(t.text for p in chosen.impl.components["rules"](chosen.load(None), kit_context(A4, lang))
                            for t in texts(p)) for lang in ("en", "de")}
    assert "whole unbroken line" in words["en"] and "ganze lückenlose Linie" in words["de"]
    assert "Draw lots" in words["en"] and "ausgelost" in words["de"]
    # The example's start field looks as on the printed board: red with a ring.
    assert "Red with a ring: the start field" in words["en"] and "Rot mit Kreis: das Startfeld" in words["de"]


HEADER = {"en": r"^(Rautino|Zatre|Triomino) (tiles|stones) · (fronts|backs) · \d+/\d+$",
          "de": r"^(Rautino|Zatre|Triomino)-Steine · (Vorderseiten|Rückseiten) · \d+/\d+$"}


def test_every_piece_sheet_has_one_header_scheme(kit) -> None:
    game, lang, pages = kit
    sheets = [item.page for item in pages if item.component == "tiles"]
    assert sheets
    for index, page in enumerate(sheets):
        titles = [t.text for t in texts(page) if t.size_mm >= 4.0 and re.match(HEADER[lang], t.text)]
        assert len(titles) == 1, (game, lang, page.label, [t.text for t in texts(page)][:4])
        side = ("backs" if lang == "en" else "Rückseiten") if page.back else ("fronts" if lang == "en" else
                                                                               "Vorderseiten")
        assert f" · {side} · {index // 2 + 1}/{len(sheets) // 2}" in titles[0]


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_german_kits_spell_waagerecht_one_way(game) -> None:
    chosen = games.get(game)
    pages = draw_kit(chosen, chosen.load(None), kit_context(A4, "de"))
    words = " ".join(t.text for item in pages for t in texts(item.page))
    assert "waagrecht" not in words.lower()
