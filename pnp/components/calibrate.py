"""The printer check: one sheet, front and back, to print before a kit.

Front: 100 mm bars across and down, a 50 mm square, marks 3, 5 and 8 mm from every edge (to
see where the printer stops) and the instruction to print at actual size. Back: the duplex
target at the mirrored position, so holding the sheet to the light shows whether long-edge
duplex lines fronts up with backs.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from pnp import __version__
from pnp.draw.affine import Affine
from pnp.draw.paper import Paper
from pnp.draw.primitives import HAIRLINE, Style, filled
from pnp.draw.scene import Page, footer, scale_bar
from pnp.draw.text import Bullets, Heading, layout_flow, pt, text_width
from pnp.errors import LayoutError

COMPONENT = "printer check"
MIN_SIZE = (150.0, 250.0)  # portrait mm: two 100 mm bars and the square; the notes need more (minimum_size)
EDGE_MARKS = (3.0, 5.0, 8.0)
GREY = "#6b6b6b"
TINT = "#eeeeee"
TARGET_Y = 172.0  # duplex target centre, mm from the top
TARGET_DX = 38.0  # and from the vertical centre line (right on the front, left on the back)


def calibration_pages(paper: Paper) -> list[Page]:
    sheet = paper.portrait()
    if sheet.width < MIN_SIZE[0] or sheet.height < MIN_SIZE[1] or not _fits(sheet.width, sheet.height):
        width, height = minimum_size()
        raise LayoutError(f"{COMPONENT}: paper {sheet} is too small; the check needs at least "
                          f"{width:g} x {height:g} mm")
    return [_front(sheet), _back(sheet)]


def _fits(width: float, height: float) -> bool:
    sheet = Paper("", width, height)
    try:
        for page in (_front(sheet), _back(sheet)):
            page.check_safe_area(page.label)
    except LayoutError:
        return False
    return True


@functools.cache
def minimum_size() -> tuple[float, float]:
    """The smallest portrait paper (whole mm) the sheet fits, found by drawing it: the narrowest
    width on tall paper, then the lowest height at that width."""
    def smallest(low: int, high: int, fits: Callable[[int], bool]) -> int:
        while low < high:
            middle = (low + high) // 2
            low, high = (low, middle) if fits(middle) else (middle + 1, high)
        return low

    width = smallest(int(MIN_SIZE[0]), 600, lambda w: _fits(w, 600))
    return float(width), float(smallest(int(MIN_SIZE[1]), 600, lambda h: _fits(width, h)))


def _front(paper: Paper) -> Page:
    page = Page.for_paper(paper, label=f"{COMPONENT} (front)")
    cx = paper.width / 2

    page.text(cx, 22, "Printer check", pt(20), weight="bold", anchor="middle")
    page.text(cx, 29, f"pnp print-and-play · paper {paper}", pt(9), anchor="middle", style=_grey())

    # The one instruction that matters most, in a tinted box sized to the text.
    warning = "Print at 100 % / actual size — do not 'fit to page'"
    size = pt(12)
    while text_width(warning, size, bold=True) > paper.width - 2 * page.safe_margin - 12:
        size *= 0.95
    box_w = text_width(warning, size, bold=True) + 12
    page.rect(cx - box_w / 2, 35, box_w, 13, radius=2, style=filled(TINT, stroke="#000000", width=0.4))
    page.text(cx, 43.3, warning, size, weight="bold", anchor="middle", cls="print-at-100")

    # Horizontal 100 mm bar, centred.
    page.text(cx, 58, "Both bars must measure exactly 100 mm with a ruler.", pt(9), anchor="middle")
    scale_bar(page, cx - 50, 78, 100, detail=True)

    # Vertical 100 mm bar on the left, the 50 mm square to its right.
    scale_bar(page, cx - 62, 95, 100, vertical=True, detail=True)
    sq_x, sq_y = cx - 20, 95
    page.rect(
        sq_x,
        sq_y,
        50,
        50,
        style=Style(stroke="#000000", stroke_width=0.3, fill="#f6f6f6"),
        cls="calibration-square",
        data={"size-mm": "50"},
        label="50 mm square",
    )
    page.text(sq_x + 25, sq_y + 24, "50 × 50 mm", pt(12), weight="bold", anchor="middle")
    page.text(sq_x + 25, sq_y + 30, "every side 50 mm", pt(8), anchor="middle", style=_grey())

    _duplex_target(page, cx + TARGET_DX, TARGET_Y, "front")
    page.text(cx - 20, TARGET_Y - 4, "Duplex check", pt(10), weight="bold")
    for i, line in enumerate(
        [
            "Print page 2 on the back,",
            "flipping on the long edge.",
            "Hold to the light: the",
            "targets should overlap.",
        ]
    ):
        page.text(cx - 20, TARGET_Y + 1 + i * 4.2, line, pt(8.5))

    notes = [
        Heading("How to read this sheet", level=2),
        Bullets(
            (
                "Measure both bars from 0 to 100. If they are off by more than 1 mm, switch off "
                "'fit to page' or 'shrink oversized pages' in the print dialog and print again.",
                "Edge marks: the lines 3, 5 and 8 mm from each edge show where your printer stops. "
                "Every kit keeps its pieces 8 mm inside the edge, so the 8 mm lines must print.",
                "Duplex: if the targets do not overlap, note the offset; flip on the short edge "
                "instead if the back came out upside down.",
            )
        ),
    ]
    block = layout_flow(notes, cx - 70, 208, 140, paper.height - 208 - 16, component=COMPONENT)
    page.extend(block.primitives)

    _edge_marks(page)
    footer(page, "pnp", COMPONENT, 1, 2, __version__)
    return page


def _back(paper: Paper) -> Page:
    page = Page.for_paper(paper, label=f"{COMPONENT} (back)")
    cx = paper.width / 2
    page.text(cx, 22, "Printer check — back", pt(16), weight="bold", anchor="middle")
    page.text(cx, 29, "This side is for the duplex check only.", pt(9), anchor="middle", style=_grey())
    # The back goes through the printer again: its scale is worth checking too.
    scale_bar(page, cx - 50, 78, 100, detail=True)
    # Long-edge duplex mirrors left and right: the front target at cx + d lands here at cx - d.
    x = paper.width - (cx + TARGET_DX)
    _duplex_target(page, x, TARGET_Y, "back")
    page.text(cx - 8, TARGET_Y - 4, "Duplex check", pt(10), weight="bold")
    for i, line in enumerate(
        ["Seen against the light, this", "target should cover the one", "on the front. Each ring is 2 mm."]
    ):
        page.text(cx - 8, TARGET_Y + 1 + i * 4.2, line, pt(8.5))
    footer(page, "pnp", COMPONENT, 2, 2, __version__)
    return page


def _grey() -> Style:
    return Style(stroke=None, fill=GREY)


def _duplex_target(page: Page, x: float, y: float, side: str) -> None:
    """Rings 2 mm apart and a cross hair: the offset between front and back reads off directly."""
    with page.group(
        Affine.translate(x, y), cls="duplex-mark", data={"side": side}, label="duplex target"
    ) as g:
        for r in (2.0, 4.0, 6.0, 8.0):
            g.circle(0, 0, r, style=Style(stroke="#000000", stroke_width=0.3 if r == 8.0 else 0.15))
        g.line(-11, 0, 11, 0, style=HAIRLINE)
        g.line(0, -11, 0, 11, style=HAIRLINE)
        g.text(0, 15, side.upper(), pt(9), weight="bold", anchor="middle")


def _edge_marks(page: Page) -> None:
    """Short lines parallel to each edge, staggered so their labels never collide."""
    w, h = page.width, page.height
    mark = Style(stroke="#000000", stroke_width=0.2)
    label = pt(6)
    for i, d in enumerate(EDGE_MARKS):
        half = 15.0 - 4.0 * i
        common = {"style": mark, "layer": "marks", "cls": "edge-mark", "data": {"inset-mm": f"{d:g}"}}
        tcommon = {"layer": "marks", "cls": "edge-mark-label", "anchor": "middle"}
        # top and bottom: horizontal lines centred on the sheet
        for y in (d, h - d):
            page.line(w / 2 - half, y, w / 2 + half, y, **common)
            page.text(w / 2 - half - 2.0, y + label * 0.36, f"{d:g}", label, **tcommon)
        # left and right: vertical lines centred on the sheet
        for x in (d, w - d):
            page.line(x, h / 2 - half, x, h / 2 + half, **common)
            page.text(x, h / 2 - half - 1.0, f"{d:g}", label, **tcommon)
