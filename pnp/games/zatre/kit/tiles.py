"""The pip tiles: every tile of the spec on a straight cut grid, fronts and long-edge duplex backs.

Tiles are as large as the spec says (on the large two-sheet board: its field less the same
clearance), so the sheet count follows from the tile size and the paper.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.components.sheets import back_point, content_box, piece_sheet_title, title_band
from pnp.draw.affine import BBox
from pnp.draw.scene import CUT, Page, Style, filled, stroked
from pnp.draw.text import pt
from pnp.errors import LayoutError
from pnp.games.base import KitContext
from pnp.games.zatre.kit.art import draw_tile
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.options import BOARD_SHEETS
from pnp.i18n import Texts

MARK_MM = 5.0  # cut lines run on this far past the grid as marks, so the first cut keeps them
BLEED_MM = 3.0
BACK = "#d5dfe9"
BACK_MARK = "#56708c"
SHEET_TITLE = pt(14)
TITLES = Texts({
    "front note": {"en": "{count} tiles · cut along every line", "de": "{count} Steine · an allen Linien schneiden"},
    "back note": {"en": "Back of the previous page: print two-sided, flip on the long edge.",
                  "de": "Rückseite der vorigen Seite: beidseitig drucken, an der langen Kante wenden."},
})


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    x0: float
    y0: float
    size: float

    def slot(self, index: int) -> tuple[float, float]:
        return (self.x0 + index % self.columns * self.size, self.y0 + index // self.columns * self.size)

    @property
    def box(self) -> BBox:
        return BBox(self.x0, self.y0, self.x0 + self.columns * self.size, self.y0 + self.rows * self.size)


def tile_size(model: ZatreModel, ctx: KitContext) -> float:
    if ctx.option(BOARD_SHEETS) == 2:
        return model.board.large_cell_mm - model.tiles.clearance_mm
    return model.tiles.size_mm


def tile_pages(model: ZatreModel, ctx: KitContext) -> list[Page]:
    """Front, back, front, back...: a duplex printer pairs each back with its front."""
    size = tile_size(model, ctx)
    paper = ctx.paper.portrait()
    probe = Page.for_paper(paper)
    top = title_band(probe, "Zatre", "x", size=SHEET_TITLE)
    box = content_box(probe)
    area = BBox(box.x0 + MARK_MM + 1, top + MARK_MM + 1, box.x1 - MARK_MM - 1, box.y1 - MARK_MM - 1)
    max_cols, max_rows = int(area.width // size), int(area.height // size)
    if max_cols < 1 or max_rows < 1:
        raise LayoutError(f"tiles: a {size:g} mm tile does not fit {paper}")
    bag = model.tiles.bag()
    capacity = max_cols * max_rows
    chunks = [bag[i:i + capacity] for i in range(0, len(bag), capacity)]
    pages: list[Page] = []
    for number, chunk in enumerate(chunks, 1):
        columns = min(max_cols, math.ceil(math.sqrt(len(chunk))))
        rows = math.ceil(len(chunk) / columns)
        grid = Grid(columns, rows, area.x0 + (area.width - columns * size) / 2,
                    area.y0 + (area.height - rows * size) / 2, size)
        first = (number - 1) * capacity
        pages.append(front_page(model, ctx, grid, chunk, first, number, len(chunks)))
        pages.append(back_page(model, ctx, grid, len(chunk), number, len(chunks)))
    return pages


def front_page(model: ZatreModel, ctx: KitContext, grid: Grid, pips: list[int], first: int, number: int,
               sheets: int) -> Page:
    page = Page.for_paper(ctx.paper.portrait(), label=f"tiles {number}")
    title_band(page, piece_sheet_title(model.title, "tiles", False, number, sheets, ctx.lang),
               TITLES(ctx.lang, "front note", count=len(pips)), size=SHEET_TITLE)
    for index in range(grid.columns * grid.rows):
        x, y = grid.slot(index)
        if index < len(pips):
            draw_tile(page, pips[index], x, y, grid.size, data={"tile": str(first + index)})
        else:  # an empty place on the grid: mark it as waste
            inset = grid.size * 0.3
            for a, b in (((x + inset, y + inset), (x + grid.size - inset, y + grid.size - inset)),
                         ((x + grid.size - inset, y + inset), (x + inset, y + grid.size - inset))):
                page.line(*a, *b, style=stroked("#bbbbbb", 0.3), cls="spare")
    _cut_grid(page, grid)
    return page


def _cut_grid(page: Page, grid: Grid) -> None:
    box = grid.box
    for col in range(grid.columns + 1):
        x = box.x0 + col * grid.size
        page.line(x, box.y0, x, box.y1, style=CUT, cls="cut-line")
        page.line(x, box.y0 - MARK_MM - 1, x, box.y0 - 1, style=CUT, layer="marks", cls="crop-mark")
        page.line(x, box.y1 + 1, x, box.y1 + MARK_MM + 1, style=CUT, layer="marks", cls="crop-mark")
    for row in range(grid.rows + 1):
        y = box.y0 + row * grid.size
        page.line(box.x0, y, box.x1, y, style=CUT, cls="cut-line")
        page.line(box.x0 - MARK_MM - 1, y, box.x0 - 1, y, style=CUT, layer="marks", cls="crop-mark")
        page.line(box.x1 + 1, y, box.x1 + MARK_MM + 1, y, style=CUT, layer="marks", cls="crop-mark")


def back_page(model: ZatreModel, ctx: KitContext, grid: Grid, count: int, number: int, sheets: int) -> Page:
    """One tint over the whole grid (and 3 mm beyond, so a duplex shift shows no white edge)."""
    page = Page.for_paper(ctx.paper.portrait(), label=f"tile backs {number}", back=True)
    box = grid.box
    (ax, ay), (bx, by) = back_point(page, box.x0, box.y0), back_point(page, box.x1, box.y1)
    x0, y0, x1, y1 = min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)
    with page.group(important=False) as bleed:
        bleed.rect(x0 - BLEED_MM, y0 - BLEED_MM, x1 - x0 + 2 * BLEED_MM, y1 - y0 + 2 * BLEED_MM,
                   style=filled(BACK), cls="back-bleed")
    size = grid.size
    for index in range(count):
        fx, fy = grid.slot(index)
        bx, by = back_point(page, fx + size / 2, fy + size / 2)  # the centre of this tile's back
        with page.group(cls="tile-back", data={"tile": str(index), "side": "back"}) as g:
            g.circle(bx, by, size * 0.3, style=Style(stroke=BACK_MARK, stroke_width=size * 0.035))
            letter = size * 0.36
            g.text(bx, by + letter * 0.36, model.title[:1].upper(), letter, anchor="middle", weight="bold",
                   style=filled(BACK_MARK))
    title_band(page, piece_sheet_title(model.title, "tiles", True, number, sheets, ctx.lang),
               TITLES(ctx.lang, "back note"), size=SHEET_TITLE)
    return page
