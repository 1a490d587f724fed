"""The pip tiles: every tile of the spec on a straight cut grid, fronts and long-edge duplex backs.

Tiles are as large as the spec says (on the large two-sheet board: its field less the same
clearance), so the sheet count follows from the tile size and the paper. The tiles fill the sheet's
width row by row; where that leaves room below them, the last sheet also carries the box lid's art as
a card cover (cut out and glued onto the lid, which then prints only a glue area), so the 240 g/m²
card the tiles are printed on is not two-thirds waste.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.components.boxspec import settings_for
from pnp.components.sheets import back_point, content_box, piece_sheet_title, title_band
from pnp.draw.affine import BBox
from pnp.draw.paper import SAFE_MARGIN_MM
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
# From the tiles' crop marks to the cover's cut line, the kit's margin: one straight cut across the gap parts them
# with room to spare on both sides.
COVER_GAP_MM = SAFE_MARGIN_MM
NOTE_GAP_MM = 2.0  # the cover's note this far outside its cut line
TITLES = Texts({
    "cover note": {"en": "Cover card for the box lid ({w:g} x {h:g} mm): cut along its line, glue it onto the "
                         "lid's grey area.",
                   "de": "Deckelbild für die Schachtel ({w:g} x {h:g} mm): an der Linie ausschneiden, auf die "
                         "graue Fläche des Deckels kleben."},
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


@dataclass(frozen=True)
class SheetPlan:
    """The tile grid of each sheet, and where on the last one the lid's cover card lies (None: no room)."""

    grids: tuple[Grid, ...]
    counts: tuple[int, ...]
    cover: BBox | None


def lid_size(model: ZatreModel, ctx: KitContext) -> tuple[float, float]:
    """The box lid's outer length and width as this kit builds the box: the cover card's trim."""
    size = settings_for(model, ctx.box).size
    return size.length, size.width


def plan_sheets(model: ZatreModel, ctx: KitContext) -> SheetPlan:
    """Tiles row by row across the sheet's width (as few rows as the width allows, then as few columns as
    those rows need); the cover card below the last sheet's tiles where it fits."""
    size = tile_size(model, ctx)
    paper = ctx.paper.portrait()
    probe = Page.for_paper(paper)
    top = title_band(probe, "Zatre", "x", size=SHEET_TITLE)
    box = content_box(probe)
    area = BBox(box.x0 + MARK_MM + 1, top + MARK_MM + 1, box.x1 - MARK_MM - 1, box.y1 - MARK_MM - 1)
    max_cols, max_rows = int(area.width // size), int(area.height // size)
    if max_cols < 1 or max_rows < 1:
        raise LayoutError(f"a {size:g} mm tile does not fit {paper}",
                          "board.large_cell_mm" if ctx.option(BOARD_SHEETS) == 2 else "tiles.size_mm")
    total = model.tiles.total
    capacity = max_cols * max_rows
    counts = [min(capacity, total - start) for start in range(0, total, capacity)]
    shapes = []
    for count in counts:
        rows = math.ceil(count / max_cols)
        shapes.append((math.ceil(count / rows), rows))
    lid_w, lid_h = lid_size(model, ctx)
    last_rows = shapes[-1][1]
    note = pt(8) * 1.4 + NOTE_GAP_MM
    cover_top = area.y0 + last_rows * size + MARK_MM + 1 + COVER_GAP_MM
    spare = box.y1 - (cover_top + lid_h + note)  # below the cover card and its note, if it were there
    cover = None
    if lid_w <= box.width and spare >= 0:  # the last sheet's tiles and the card centred together below the title
        top_y = cover_top + spare / 2
        cover = BBox((box.x0 + box.x1 - lid_w) / 2, top_y, (box.x0 + box.x1 + lid_w) / 2, top_y + lid_h)
    grids = []
    for index, (columns, rows) in enumerate(shapes):
        with_cover = cover is not None and index == len(shapes) - 1
        y0 = area.y0 + spare / 2 if with_cover else area.y0 + (area.height - rows * size) / 2
        grids.append(Grid(columns, rows, area.x0 + (area.width - columns * size) / 2, y0, size))
    return SheetPlan(tuple(grids), tuple(counts), cover)


def carries_cover(model: ZatreModel, ctx: KitContext) -> bool:
    """Whether the tile sheets carry the lid's cover card (then the box lid prints a glue area instead)."""
    return plan_sheets(model, ctx).cover is not None


def tile_pages(model: ZatreModel, ctx: KitContext) -> list[Page]:
    """Front, back, front, back...: a duplex printer pairs each back with its front."""
    plan = plan_sheets(model, ctx)
    bag = model.tiles.bag()
    pages: list[Page] = []
    first = 0
    sheets = len(plan.grids)
    for number, (grid, count) in enumerate(zip(plan.grids, plan.counts, strict=True), 1):
        chunk = bag[first:first + count]
        front = front_page(model, ctx, grid, chunk, first, number, sheets)
        if number == sheets and plan.cover is not None:
            draw_cover_card(front, model, ctx, plan.cover)
        pages.append(front)
        pages.append(back_page(model, ctx, grid, count, number, sheets))
        first += count
    return pages


def draw_cover_card(page: Page, model: ZatreModel, ctx: KitContext, trim: BBox) -> None:
    """The lid's art at the lid's size inside a cut line, with a note below it. The art is on white,
    keeps its name and picture well inside the edge, and needs no bleed."""
    from .cover import box_art

    art, _ = box_art(model, ctx.lang)
    art(page, trim.x0, trim.y0, trim.width, trim.height, 0.0)
    page.rect(trim.x0, trim.y0, trim.width, trim.height, style=CUT, layer="cut", cls="cover-cut",
              data={"width-mm": f"{trim.width:g}", "height-mm": f"{trim.height:g}"})
    page.text(page.width / 2, trim.y1 + NOTE_GAP_MM + pt(8), TITLES(ctx.lang, "cover note", w=trim.width,
              h=trim.height), pt(8), anchor="middle", style=filled("#555555"), cls="cover-note")


def front_page(model: ZatreModel, ctx: KitContext, grid: Grid, pips: list[int], first: int, number: int,
               sheets: int) -> Page:
    page = Page.for_paper(ctx.paper.portrait(), label=f"tiles {number}")
    title_band(page, piece_sheet_title(model.title.text(ctx.lang), "tiles", False, number, sheets, ctx.lang),
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
    initial = model.title.text(ctx.lang)[:1].upper()
    for index in range(count):
        fx, fy = grid.slot(index)
        bx, by = back_point(page, fx + size / 2, fy + size / 2)  # the centre of this tile's back
        with page.group(cls="tile-back", data={"tile": str(index), "side": "back"}) as g:
            g.circle(bx, by, size * 0.3, style=Style(stroke=BACK_MARK, stroke_width=size * 0.035))
            letter = size * 0.36
            g.text(bx, by + letter * 0.36, initial, letter, anchor="middle", weight="bold", style=filled(BACK_MARK))
    title_band(page, piece_sheet_title(model.title.text(ctx.lang), "tiles", True, number, sheets, ctx.lang),
               TITLES(ctx.lang, "back note"), size=SHEET_TITLE)
    return page
