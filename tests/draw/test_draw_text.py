"""Font metrics, wrapping and the flow layout."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.draw.primitives import Text
from pnp.draw.text import (
    Bullets,
    Figure,
    Heading,
    Paragraph,
    glyph_offsets,
    ink_indent,
    layout_flow,
    missing_glyphs,
    pt,
    text_width,
    wrap,
)
from pnp.errors import LayoutError

LOREM = (
    "Jeder Spieler zieht zu Beginn drei Steine aus dem Beutel. Wer an der Reihe ist, legt einen "
    "Stein passend an; Straße, Größe und Übermaß sind nur Wörter mit Umlauten und ß."
)


def test_widths_are_real_metrics() -> None:
    assert text_width("", 5) == 0
    assert text_width("MMMM", 5) > text_width("iiii", 5) > 0
    assert text_width("abc", 10) == pytest.approx(2 * text_width("abc", 5))
    assert text_width("abc", 5, bold=True) > text_width("abc", 5)
    # Vera's 'M' advance is 863/1000 em.
    assert text_width("M", 10) == pytest.approx(8.63, abs=0.01)


def test_umlauts_and_sharp_s_have_glyphs_and_width() -> None:
    for ch in "äöüÄÖÜß":
        assert missing_glyphs(ch) == [] and missing_glyphs(ch, bold=True) == []
        assert text_width(ch, 5) > 0
    assert missing_glyphs("a → b") == ["→"]


def test_glyph_offsets_sum_to_the_width() -> None:
    offsets = glyph_offsets("Straße", 4)
    assert offsets[0] == 0 and offsets == sorted(offsets)
    assert offsets[-1] + text_width("e", 4) == pytest.approx(text_width("Straße", 4))


@settings(max_examples=60, deadline=None)
@given(st.floats(min_value=20, max_value=180), st.floats(min_value=2, max_value=6))
def test_wrapped_lines_fit_and_keep_every_word(width: float, size: float) -> None:
    lines = wrap(LOREM, width, size)
    assert all(text_width(line, size) <= width + 1e-9 for line in lines)
    # Nothing lost or reordered (a word wider than the line may be split across lines).
    assert "".join(lines).replace(" ", "") == LOREM.replace(" ", "")


def test_long_word_is_split_and_newlines_break() -> None:
    lines = wrap("Donaudampfschifffahrtsgesellschaft\nzwei", 20, 4)
    assert all(text_width(line, 4) <= 20 for line in lines)
    assert "".join(lines[:-1]) == "Donaudampfschifffahrtsgesellschaft"
    assert lines[-1] == "zwei"


def test_flow_lays_out_top_down_with_figure_space() -> None:
    items = [
        Heading("Spielregeln"),
        Paragraph(LOREM),
        Figure(30, "board"),
        Bullets(("Erster Punkt", "Zweiter Punkt mit Umlaut: Würfel")),
    ]
    block = layout_flow(items, 20, 30, 120, 200, component="rules")
    texts = [p for p in block.primitives if isinstance(p, Text)]
    assert texts[0].text == "Spielregeln" and texts[0].bold
    ys = [t.y for t in texts]
    assert ys == sorted(ys)
    x, y, w, h = block.figures["board"]
    assert (x, w, h) == (20, 120, 30)
    assert any(t.y > y + h for t in texts) and any(t.y < y for t in texts)
    assert all(t.bbox().x1 <= 140 + 1e-9 for t in texts)
    assert block.bottom < 230


def test_flow_overflow_names_component_and_amount() -> None:
    items = [Paragraph(LOREM)] * 10
    with pytest.raises(LayoutError, match=r"^rules: text overflows the page by \d+\.\d mm$"):
        layout_flow(items, 20, 30, 100, 60, component="rules")


def test_pt_converts_to_mm() -> None:
    assert pt(72) == pytest.approx(25.4)


def test_flow_lines_up_the_letters_ink_on_the_column_edge() -> None:
    # J, T and Y reach left of their advance box; moved by that much, their ink starts on the column's edge.
    block = layout_flow([Heading("Joining the board", level=2), Paragraph("The game ends."), Paragraph("Yes."),
                         Paragraph("And so on.")], 20.0, 30.0, 120.0, 100.0)
    starts = {prim.text: prim.ink_bbox().x0 for prim in block.primitives}
    assert all(x == pytest.approx(20.0, abs=0.12) and x >= 20.0 - 1e-9 for x in starts.values())
    assert [prim.x for prim in block.primitives if prim.text[0] in "JTY"] == [
        pytest.approx(20.0 + ink_indent(prim.text, prim.size_mm, prim.bold))
        for prim in block.primitives if prim.text[0] in "JTY"]
    assert all(prim.x > 20.0 for prim in block.primitives if prim.text[0] in "JTY")
    assert next(prim.x for prim in block.primitives if prim.text.startswith("And")) == 20.0
