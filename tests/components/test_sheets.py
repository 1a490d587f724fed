"""Shared layout helpers: content area, long-edge duplex, rules sheets."""

from __future__ import annotations

import pytest

from pnp.components.sheets import FOOTER_BAND_MM, back_point, content_box, duplex_mirror, rules_page
from pnp.draw.paper import A4
from pnp.draw.scene import Page
from pnp.draw.text import Bullets, Figure, Heading, Paragraph
from pnp.errors import LayoutError


def test_content_box_leaves_room_for_the_footer():
    page = Page.for_paper(A4)
    box = content_box(page)
    assert (box.x0, box.y0, box.x1) == (8, 8, 202)
    assert box.y1 == pytest.approx(297 - 8 - FOOTER_BAND_MM)


def test_long_edge_duplex_mirrors_across_the_long_edge():
    portrait = Page.for_paper(A4)
    assert back_point(portrait, 20, 30) == (190, 30)
    landscape = Page.for_paper(A4.landscape())
    assert back_point(landscape, 20, 30) == (20, 180)
    for page in (portrait, landscape):
        m = duplex_mirror(page)
        assert m.apply(20, 30) == pytest.approx(back_point(page, 20, 30))


def test_rules_page_columns_and_figures():
    drawn = []
    items = [Heading("Aufbau"), Paragraph("Die Spielsteine werden gemischt; größere Übung hilft."),
             Bullets(("eins", "zwei")), Figure(30, "example")]
    page = rules_page(A4, "Rautino", "Spielregel", [items, items],
                      lambda p, name, rect: drawn.append((name, rect)))
    page.check_safe_area("rules")
    assert [name for name, _ in drawn] == ["example", "example"]
    assert drawn[0][1][0] < drawn[1][1][0]


def test_rules_page_overflow_is_an_error():
    items = [Paragraph("Wort " * 4000)]
    with pytest.raises(LayoutError, match="rules column 1: text overflows the page"):
        rules_page(A4, "Rautino", "", [items])


def test_content_in_the_footer_band_is_refused_but_marks_are_not():
    from pnp.components.sheets import check_footer_band, footer_band

    page = Page.for_paper(A4)
    band = footer_band(page)
    page.rect(20, band.y0 - 20, 50, 19.9)  # ends just above the band
    page.line(0, band.y0 + 2, 20, band.y0 + 2, layer="marks")  # a mark may cross it
    check_footer_band(page, "demo")
    page.text(30, band.y0 + 3, "Oops", 3.0)
    with pytest.raises(LayoutError, match=r"demo: .* into the footer band"):
        check_footer_band(page, "demo")


def test_every_kit_keeps_the_footer_band_free(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    for args in ([], ["--paper", "letter", "--lang", "de"], ["zatre", "--board-sheets", "2", "--ink", "eco"]):
        result = CliRunner().invoke(main, ["kit", *args, "-o", str(tmp_path), "--format", "svg", "-q"])
        assert result.exit_code == 0, (args, result.output)
