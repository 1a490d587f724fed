"""Pages, primitives, bounding boxes and the safe-area check."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.draw.affine import Affine
from pnp.draw.paper import A4, Paper
from pnp.draw.primitives import Circle, Line, Path, Rect, Style, Text
from pnp.draw.scene import Page, crop_marks, footer, scale_bar
from pnp.draw.text import ink_indent, pt, text_width, vertical_extent
from pnp.errors import LayoutError


def test_primitive_two_mm_from_the_edge_is_refused_with_details() -> None:
    page = Page.for_paper(A4)
    page.rect(2, 100, 30, 20, style=Style(stroke=None, fill="#ff0000"), label="tile 0-1-2")
    with pytest.raises(LayoutError) as info:
        page.check_safe_area("zatre tiles")
    message = str(info.value)
    assert message.startswith("zatre tiles: tile 0-1-2 lies outside the safe area by 6.00 mm at the left")


def test_overlap_counts_stroke_ink_and_uses_cls_when_unlabelled() -> None:
    page = Page.for_paper(A4)
    page.line(8, 50, 100, 50, style=Style(stroke_width=1.0), cls="cut-line")  # half the ink is 0.5 mm over
    with pytest.raises(LayoutError, match=r"board: line \.cut-line lies outside the safe area by 0\.50 mm"):
        page.check_safe_area("board")


def test_marks_may_leave_the_safe_area_but_not_the_sheet() -> None:
    page = Page.for_paper(A4)
    page.line(1, 1, 20, 1, layer="marks", style=Style(stroke_width=0.2))
    page.check_safe_area("marks")
    page.line(-2, 5, 20, 5, layer="marks", style=Style(stroke_width=0.2))
    with pytest.raises(LayoutError, match=r"marks: line lies outside the sheet by 2\.10 mm at the left"):
        page.check_safe_area("marks")


def test_unimportant_group_may_bleed() -> None:
    page = Page.for_paper(A4, bleed=3)
    with page.group(important=False) as g:
        g.rect(-3, -3, 50, 50, style=Style(stroke=None, fill="#336699"))
    page.check_safe_area("cover")


def test_transformed_text_is_checked_where_it_lands() -> None:
    page = Page.for_paper(A4)
    with page.group(Affine.translate(180, 0)) as g:
        g.text(10, 100, "far right", 4)
    with pytest.raises(LayoutError, match=r"text 'far right' lies outside the safe area .* at the right"):
        page.check_safe_area("rules")


def test_a_letter_whose_ink_leaves_its_advance_box_is_refused_by_its_ink() -> None:
    # J's hook reaches left of the point the line starts at; the advance box alone would pass.
    page = Page.for_paper(A4)
    page.text(8.0, 100, "Joining the board", pt(12), weight="bold")
    with pytest.raises(LayoutError, match=r"'Joining the board' lies outside the safe area by 0\.2\d mm at the left"):
        page.check_safe_area("guide")
    moved = Page.for_paper(A4)
    moved.text(8.0 + ink_indent("Joining the board", pt(12), bold=True), 100, "Joining the board", pt(12),
               weight="bold")
    moved.check_safe_area("guide")
    # ...and a line whose ink stays inside passes even when its font box (the tallest accent) would not.
    low = Page.for_paper(A4)
    above, _ = vertical_extent(pt(10))
    low.text(20, 8.0 + above - 0.1, "ace", pt(10))
    low.check_safe_area("rules")


def test_a_footer_ends_with_its_ink_on_the_safe_area() -> None:
    page = Page.for_paper(A4)
    left, right = footer(page, "Triomino", "rules", 1, 9, "1.0")
    left_ink, right_ink = left.ink_bbox(), right.ink_bbox()
    assert left_ink.x0 == pytest.approx(page.safe_margin, abs=1e-9)
    assert right_ink.x1 <= page.width - page.safe_margin + 1e-9
    page.check_safe_area("rules")


def test_page_larger_than_its_paper_is_refused() -> None:
    page = Page(220, 297, paper=A4)
    with pytest.raises(LayoutError, match=r"box net: page 220 x 297 mm is larger than the paper A4"):
        page.check_safe_area("box net")


@pytest.mark.parametrize(("w", "h"), [(0, 297), (210, -1), (210, 2500)])
def test_impossible_page_sizes_are_refused(w: float, h: float) -> None:
    with pytest.raises(LayoutError):
        Page(w, h)


def test_missing_glyph_is_a_layout_error() -> None:
    page = Page.for_paper(A4)
    page.text(20, 20, "arrow → here", 4)
    with pytest.raises(LayoutError, match="no glyph for '→'"):
        page.check_safe_area("rules")


def test_text_bbox_uses_font_metrics() -> None:
    text = Text(50, 50, "Äg", 10, anchor="middle")
    box = text.bbox()
    width = text_width("Äg", 10)
    assert box.width == pytest.approx(width)
    assert box.x0 == pytest.approx(50 - width / 2)
    assert box.y0 < 50 - 7.2 and box.y1 > 50 + 2  # Ä's dots above cap height, g's descender


def test_rotated_text_bbox_turns_with_it() -> None:
    box = Text(0, 0, "IIIIIIIIII", 5, rotation=90).bbox()
    assert box.height == pytest.approx(text_width("IIIIIIIIII", 5))
    # Clockwise quarter turn: the line runs down the page and the tops of the letters face right.
    assert box.y0 == pytest.approx(0) and box.x1 > 4 and -2 < box.x0 < 0


def test_cubic_bbox_is_tight() -> None:
    # A symmetric arch: control points at y=-40 but the curve peaks at y=-30.
    path = Path((("M", 0, 0), ("C", 0, -40, 40, -40, 40, 0)), style=Style(stroke_width=0))
    box = path.bbox()
    assert box.y0 == pytest.approx(-30)
    assert (box.x0, box.x1, box.y1) == (0, 40, 0)


@given(
    st.floats(-180, 180),
    st.floats(0.2, 5),
    st.floats(-50, 50),
    st.floats(-50, 50),
)
def test_circle_bbox_under_any_transform_contains_sampled_points(
    angle: float, s: float, tx: float, ty: float
) -> None:
    m = Affine.translate(tx, ty) @ Affine.rotate(angle) @ Affine.scale(s, 1.0)
    circle = Circle(3, 4, 5, style=Style(stroke_width=0))
    box = circle.bbox(m)
    for k in range(64):
        x, y = m.apply(3 + 5 * math.cos(k * math.pi / 32), 4 + 5 * math.sin(k * math.pi / 32))
        assert box.x0 - 1e-9 <= x <= box.x1 + 1e-9 and box.y0 - 1e-9 <= y <= box.y1 + 1e-9


def test_affine_compose_applies_right_first() -> None:
    m = Affine.translate(10, 0) @ Affine.rotate(90)
    assert m.apply(1, 0) == pytest.approx((10, 1))
    assert Affine.mirror_x(105).apply(20, 7) == (190, 7)


def test_helpers_build_marks_inside_the_rules() -> None:
    page = Page.for_paper(A4)
    crop_marks(page, 30, 30, 60, 40, bleed=3)
    scale_bar(page, 50, 150)
    footer(page, "Zatre", "tiles", 2, 5, "0.1.0")
    page.check_safe_area("tiles")
    marks = [p for p in page.items if p.cls == "crop-mark"]
    assert len(marks) == 8 and all(not m.important and m.layer == "marks" for m in marks)
    # Marks stay clear of the bleed: the closest end is bleed + gap from the trim corner.
    assert min(abs(m.x1 - 30) + abs(m.y1 - 30) for m in marks) == pytest.approx(4)
    bar = next(p for p in page.items if p.cls == "scale-bar")
    assert isinstance(bar, Line) and bar.x2 - bar.x1 == 100 and bar.data == {"length-mm": "100"}
    texts = [p.text for p in page.items if p.cls == "footer"]
    assert texts == ["Zatre · tiles", "page 2/5 · v0.1.0"]


def test_style_validation() -> None:
    with pytest.raises(ValueError):
        Style(stroke="red")
    with pytest.raises(ValueError):
        Rect(0, 0, 1, 1, layer="ink")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Line(0, 0, 1, 1, data={"Bad Key": "x"})


def test_landscape_page_for_paper() -> None:
    page = Page.for_paper(Paper("A4", 210, 297).landscape())
    assert (page.width, page.height) == (297, 210)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
@pytest.mark.parametrize("layer", ["art", "marks"])
def test_a_coordinate_that_is_not_a_number_is_refused(bad: float, layer: str) -> None:
    # NaN compares false with every limit: without a check, a line off the paper would pass.
    page = Page.for_paper(A4)
    page.line(bad, 10, 500, 10, layer=layer)
    with pytest.raises(LayoutError, match="not a finite"):
        page.check_safe_area("probe")
    group_page = Page.for_paper(A4)
    group_page.add(Circle(20, 20, 5))
    with group_page.group(Affine.scale(bad)) as g:
        g.rect(10, 10, 5, 5)
    with pytest.raises(LayoutError, match="not a finite"):
        group_page.check_safe_area("probe")


def test_a_text_from_a_spec_field_outside_the_safe_area_names_the_field() -> None:
    """The layout cannot tell the spec file; it names the field, and the kit names the file (pnp.kit)."""
    page = Page(100, 100, safe_margin=8)
    page.text(60, 50, "A heading far too long for its place", 4.0, field="sheet.bonus_label")
    with pytest.raises(LayoutError, match="lies outside the safe area") as caught:
        page.check_safe_area("score block")
    assert caught.value.field == "sheet.bonus_label"
    plain = Page(100, 100, safe_margin=8)
    plain.text(60, 50, "A heading far too long for its place", 4.0)
    with pytest.raises(LayoutError) as caught:
        plain.check_safe_area("score block")
    assert caught.value.field is None
