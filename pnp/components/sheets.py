"""Layout helpers every game's printed parts share: the usable area above the footer, long-edge
duplex mirroring for backs, title bands and multi-column rules sheets."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pnp.draw.affine import Affine, BBox
from pnp.draw.paper import Paper
from pnp.draw.scene import Page, filled
from pnp.draw.text import FlowItem, FlowStyle, layout_flow, pt, vertical_extent
from pnp.errors import LayoutError
from pnp.i18n import Texts

# One header scheme for every game's piece sheets: "Zatre tiles · fronts · 1/2".
PIECE_SHEET_TITLES = Texts({
    "front": {"en": "{game} {pieces} · fronts · {n}/{m}", "de": "{game}-{pieces} · Vorderseiten · {n}/{m}"},
    "back": {"en": "{game} {pieces} · backs · {n}/{m}", "de": "{game}-{pieces} · Rückseiten · {n}/{m}"},
})
PIECES = Texts({"tiles": {"en": "tiles", "de": "Steine"}, "stones": {"en": "stones", "de": "Steine"}})


def piece_sheet_title(game: str, pieces: str, back: bool, number: int, count: int, lang: str) -> str:
    """The title of a piece sheet, front or back: game, pieces, side and sheet number."""
    return PIECE_SHEET_TITLES(lang, "back" if back else "front", game=game, pieces=PIECES(lang, pieces),
                              n=number, m=count)


# The kit builder stamps a footer line at the bottom of the safe area; components stay above it.
FOOTER_BAND_MM = 6.0
COLUMN_GAP_MM = 7.0


def content_box(page: Page) -> BBox:
    """The safe area less the footer band: where a component may put anything that matters."""
    safe = page.safe_box
    return BBox(safe.x0, safe.y0, safe.x1, safe.y1 - FOOTER_BAND_MM)


def footer_band(page: Page) -> BBox:
    """The strip at the bottom of the safe area that the kit's footer line owns."""
    safe = page.safe_box
    return BBox(safe.x0, safe.y1 - FOOTER_BAND_MM, safe.x1, safe.y1)


def check_footer_band(page: Page, component: str) -> None:
    """Nothing that matters may run into the footer band: the footer would print over it."""
    band = footer_band(page)
    for prim, transform, important in page.leaves():
        if not important or prim.cls == "footer":
            continue
        box = prim.bbox(transform)
        if box is None:
            continue
        overlap = min(box.x1, band.x1) - max(box.x0, band.x0), min(box.y1, band.y1) - max(box.y0, band.y0)
        if overlap[0] > 0.05 and overlap[1] > 0.05:  # a hair of stroke may touch
            raise LayoutError(f"{component}: {prim.describe()} runs {overlap[1]:.1f} mm into the footer band "
                              f"at the bottom of the page (keep content inside sheets.content_box)")


def long_edge_flips_x(page: Page) -> bool:
    """Duplex 'flip on long edge' turns a portrait sheet about its vertical axis, a landscape one
    about its horizontal axis."""
    return page.height >= page.width


def duplex_mirror(page: Page) -> Affine:
    """The transform that takes a point on the front to the same spot of paper seen on the back."""
    if long_edge_flips_x(page):
        return Affine.mirror_x(page.width / 2)
    return Affine.mirror_y(page.height / 2)


def back_point(page: Page, x: float, y: float) -> tuple[float, float]:
    """Where a point of the front lands on the back page under long-edge duplex."""
    return (page.width - x, y) if long_edge_flips_x(page) else (x, page.height - y)


def title_band(page: Page, title: str, subtitle: str = "", *, size: float = pt(22)) -> float:
    """A centred title (and subtitle) at the top of the content box; returns the y below it."""
    box = content_box(page)
    ascent, descent = vertical_extent(size, bold=True)
    y = box.y0 + ascent
    page.text(page.width / 2, y, title, size, weight="bold", anchor="middle", cls="title")
    y += descent + 1.5
    if subtitle:
        small = pt(10)
        y += vertical_extent(small)[0]
        page.text(page.width / 2, y, subtitle, small, anchor="middle", cls="subtitle",
                  style=filled("#555555"))
        y += vertical_extent(small)[1] + 1.5
    return y + 3.0


FigureDrawer = Callable[[Page, str, tuple[float, float, float, float]], None]


def rules_page(paper: Paper, title: str, subtitle: str, columns: Sequence[Sequence[FlowItem]],
               draw_figure: FigureDrawer | None = None, *, component: str = "rules",
               style: FlowStyle | None = None, label: str = "") -> Page:
    """A rules sheet: a title band, then the flow items in as many columns as given.

    Each column is laid out with real font metrics; text that does not fit is a LayoutError
    naming the component, never a silent clip. Figure spaces are handed to `draw_figure`.
    """
    page = Page.for_paper(paper, label=label or component)
    top = title_band(page, title, subtitle)
    box = content_box(page)
    count = len(columns)
    width = (box.width - COLUMN_GAP_MM * (count - 1)) / count
    for index, items in enumerate(columns):
        x = box.x0 + index * (width + COLUMN_GAP_MM)
        block = layout_flow(list(items), x, top, width, box.y1 - top,
                            component=f"{component} column {index + 1}", style=style)
        page.extend(block.primitives)
        if draw_figure is not None:
            for name, rect in block.figures.items():
                draw_figure(page, name, rect)
    return page
