"""The printer check sheet is physically right: bars 100 mm, square 50 mm, in every output."""

from __future__ import annotations

import pytest
from drawhelp import SVG_NS, common_crop, mean_diff, pdf_png, svg_png, svg_root

from pnp.components.calibrate import calibration_pages
from pnp.draw.paper import A4, LETTER, Paper
from pnp.draw.pdf import render_pdf
from pnp.draw.svg import render_svg
from pnp.errors import LayoutError


@pytest.fixture(scope="module")
def a4_pages():
    return calibration_pages(A4)


def test_two_sides_that_pass_the_safe_area_check(a4_pages) -> None:
    assert len(a4_pages) == 2
    for page in a4_pages:
        assert (page.width, page.height) == (210, 297)
        page.check_safe_area()


def test_bars_are_exactly_100_mm_in_the_svg(a4_pages) -> None:
    root = svg_root(render_svg(a4_pages[0]))
    bars = root.findall(f".//{SVG_NS}line[@class='scale-bar']")
    assert len(bars) == 2
    lengths = set()
    for bar in bars:
        assert bar.get("data-length-mm") == "100"
        x1, y1, x2, y2 = (float(bar.get(k)) for k in ("x1", "y1", "x2", "y2"))
        lengths.add((x2 - x1, y2 - y1))
    assert lengths == {(100.0, 0.0), (0.0, 100.0)}
    assert root.find(f".//{SVG_NS}rect[@class='calibration-square']").get("width") == "50"


def test_print_at_100_percent_line_is_present(a4_pages) -> None:
    texts = [t.text for t in svg_root(render_svg(a4_pages[0])).iter(f"{SVG_NS}text")]
    assert "Print at 100 % / actual size — do not 'fit to page'" in texts


def test_edge_marks_at_3_5_8_mm_are_marks(a4_pages) -> None:
    marks = [p for p in a4_pages[0].items if p.cls == "edge-mark"]
    insets = sorted({p.data["inset-mm"] for p in marks})
    assert insets == ["3", "5", "8"] and len(marks) == 12
    assert all(p.layer == "marks" and not p.important for p in marks)


def test_duplex_targets_mirror_for_long_edge_flip(a4_pages) -> None:
    front, back = (next(p for p in page.items if p.cls == "duplex-mark") for page in a4_pages)
    assert (front.data["side"], back.data["side"]) == ("front", "back")
    assert front.transform.e + back.transform.e == pytest.approx(210)
    assert front.transform.f == back.transform.f


def tick_centres(row: list[int]) -> list[float]:
    """Centres of the dark runs in one pixel row."""
    centres, start = [], None
    for x, value in enumerate([*row, 255]):
        if value < 160 and start is None:
            start = x
        elif value >= 160 and start is not None:
            centres.append((start + x - 1) / 2)
            start = None
    return centres


def test_bar_measures_100_mm_in_the_pdf_raster(a4_pages) -> None:
    # 254 dpi = 10 px per mm. The 10 mm ticks are 4 mm tall; a row 3 mm above the bar crosses
    # only them, so the first and last tick centres are the bar's ends.
    image = pdf_png(render_pdf(a4_pages), 0, 254)
    bar = next(p for p in a4_pages[0].items if p.cls == "scale-bar" and p.y1 == p.y2)
    row_y = round((bar.y1 - 3.0) * 10)
    centres = tick_centres([image.getpixel((x, row_y)) for x in range(image.width)])
    assert len(centres) == 11
    assert centres[-1] - centres[0] == pytest.approx(1000, abs=1)
    assert centres[0] == pytest.approx(bar.x1 * 10 - 0.5, abs=1)


def test_vertical_bar_measures_100_mm_in_the_svg_raster(a4_pages) -> None:
    image = svg_png(a4_pages[0], 254)
    bar = next(p for p in a4_pages[0].items if p.cls == "scale-bar" and p.x1 == p.x2)
    col_x = round((bar.x1 + 3.0) * 10)
    top = round((bar.y1 - 2) * 10)  # only the bar's own span, not the text above and below it
    centres = tick_centres([image.getpixel((col_x, y)) for y in range(top, round((bar.y2 + 2) * 10))])
    assert len(centres) == 11
    assert centres[-1] - centres[0] == pytest.approx(1000, abs=1)
    assert top + centres[0] == pytest.approx(bar.y1 * 10 - 0.5, abs=1)


def test_svg_and_pdf_agree_on_the_sheet(a4_pages) -> None:
    pdf = render_pdf(a4_pages)
    for index, page in enumerate(a4_pages):
        a, b = common_crop(svg_png(page, 100), pdf_png(pdf, index, 100))
        assert mean_diff(a, b) < 4.0


@pytest.mark.parametrize("paper", [LETTER, A4.landscape(), Paper("Legal", 215.9, 355.6)])
def test_other_papers_fit(paper: Paper) -> None:
    for page in calibration_pages(paper):
        page.check_safe_area()
        assert page.width < page.height  # the check is always printed portrait


def test_too_small_paper_is_a_clear_error() -> None:
    with pytest.raises(LayoutError, match=r"^printer check: paper .* is too small"):
        calibration_pages(Paper("A5", 148, 210))
