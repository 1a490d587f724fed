"""The board: 15 x 15 fields of the spec's size on one sheet, or a larger board over two sheets."""

from __future__ import annotations

import math

from pnp.components.sheets import content_box, title_band
from pnp.components.split import ALIGN_BAND_MM, split_page
from pnp.draw.scene import Page, Style, filled
from pnp.draw.text import pt
from pnp.errors import LayoutError
from pnp.games.base import KitContext, eco_ink
from pnp.games.zatre.box import board_plan, board_stack
from pnp.games.zatre.kit.art import Palette, draw_fields, palette_for
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.options import BOARD_SHEETS
from pnp.i18n import Texts

LEGEND = Texts({
    "double": {"en": "x2: double field", "de": "x2: Doppelfeld"},
    "start": {"en": "red ring: start field", "de": "roter Kreis: Startfeld"},
    "limit": {"en": "no row may add up to more than {max}", "de": "keine Reihe darf mehr als {max} ergeben"},
    "fold": {"en": "red dash-dot: fold for the box", "de": "rot gestrichelt: Falz für die Schachtel"},
})
SPLIT_OVERLAP_MM = 15.0
FOLD = Style(stroke="#c62828", stroke_width=0.35, dash=(4.0, 1.0, 0.8, 1.0))  # red dash-dot: fold here


def _fold_lines(model: ZatreModel, width: float, height: float) -> tuple[list[int], list[int]]:
    """The columns and rows after which the board folds into panels of `width` x `height` mm."""
    board = model.board
    across, down = round(width / board.cell_mm), round(height / board.cell_mm)
    return list(range(across, board.width, across)), list(range(down, board.height, down))


def board_pages(model: ZatreModel, ctx: KitContext) -> list[Page]:
    palette = palette_for(eco_ink(ctx))
    if ctx.option(BOARD_SHEETS) == 2:
        return large_board_pages(model, ctx, palette)
    return [one_sheet_board(model, ctx, palette)]


def one_sheet_board(model: ZatreModel, ctx: KitContext, palette: Palette) -> Page:
    board, cell = model.board, model.board.cell_mm
    page = Page.for_paper(ctx.paper.portrait(), label="board")
    top = title_band(page, model.title)
    box = content_box(page)
    width, height = board.width * cell, board.height * cell
    legend_h = 8.0
    if width > box.width or top + height + legend_h > box.y1:
        # Suggest only what works: the largest field that fits, and two sheets where the large board fits them.
        largest = math.floor(min(box.width / board.width, (box.y1 - legend_h - top) / board.height) * 10) / 10
        large = board.large_cell_mm
        two = (board.width * large <= 2 * box.width - SPLIT_OVERLAP_MM
               and board.height * large <= box.height - 2 * ALIGN_BAND_MM)
        raise LayoutError(
            f"board: {board.width} x {board.height} fields of {cell:g} mm ({width:g} x {height:g} mm) do not fit "
            f"{ctx.paper}; board.cell_mm {largest:g} or less fits"
            + (" or print it over two sheets (--board-sheets 2)" if two else "")
        )
    x0 = box.x0 + (box.width - width) / 2
    y0 = top + (box.y1 - legend_h - top - height) / 2
    with page.group(cls="board", data={"palette": palette.name, "cell-mm": f"{cell:g}"}) as g:
        draw_fields(g, board, cell, palette, x0, y0)
    # Where the board folds to go into its box: along field edges only, so no field is creased.
    plan = board_stack(model)
    columns, rows = _fold_lines(model, plan.width, plan.depth)
    for c in columns:
        page.line(x0 + c * cell, y0, x0 + c * cell, y0 + height, style=FOLD, cls="fold-line",
                  data={"after-column": str(c)})
    for r in rows:
        page.line(x0, y0 + r * cell, x0 + width, y0 + r * cell, style=FOLD, cls="fold-line",
                  data={"after-row": str(r)})
    _legend(page, model, ctx.lang, page.width / 2, y0 + height + 6.0)
    if columns or rows:
        page.text(page.width / 2, y0 + height + 10.0, LEGEND(ctx.lang, "fold"), pt(8), anchor="middle",
                  style=filled("#c62828"), cls="legend")
    return page


def _legend(page: Page, model: ZatreModel, lang: str, x: float, y: float) -> None:
    text = "   ·   ".join([LEGEND(lang, "double"), LEGEND(lang, "start"),
                            LEGEND(lang, "limit", max=model.rules.max_row_sum)])
    page.text(x, y, text, pt(8), anchor="middle", style=filled("#444444"), cls="legend")


def large_board_page(model: ZatreModel, ctx: KitContext, palette: Palette) -> Page:
    """The large board on one oversized page, as if the paper were as wide as two sheets."""
    board, cell = model.board, model.board.large_cell_mm
    sheet = ctx.paper.portrait()
    margin = Page.for_paper(sheet).safe_margin
    width, height = board.width * cell, board.height * cell
    page = Page(width + 2 * margin + 2, sheet.height, label="large board")
    box = content_box(Page.for_paper(sheet))
    room = box.height - 2 * ALIGN_BAND_MM
    if height > room:
        raise LayoutError(f"board: {board.height} fields of {cell:g} mm ({height:g} mm) are taller than the "
                          f"{room:.0f} mm a sheet of {sheet} leaves; choose a smaller board.large_cell_mm")
    x0 = (page.width - width) / 2
    y0 = box.y0 + (box.height - height) / 2
    draw_fields(page, board, cell, palette, x0, y0)  # field by field: the split goes between fields
    # Glued into one, the large board folds along field edges too. A line across the board is drawn
    # field by field, so each piece of it lies whole on one of the two sheets.
    plan = board_plan(model, sheets=2)
    for c in plan.columns:
        page.line(x0 + c * cell, y0, x0 + c * cell, y0 + height, style=FOLD, cls="fold-line",
                  data={"after-column": str(c)})
    for r in plan.rows:
        for c in range(board.width):
            page.line(x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + r * cell, style=FOLD, cls="fold-line",
                      data={"after-row": str(r)})
    return page


def large_board_pages(model: ZatreModel, ctx: KitContext, palette: Palette) -> list[Page]:

    big = large_board_page(model, ctx, palette)
    cell = model.board.large_cell_mm
    x0 = (big.width - model.board.width * cell) / 2
    seams = [x0 + c * cell for c in range(1, model.board.width)]
    return split_page(big, ctx.paper.portrait(), overlap=SPLIT_OVERLAP_MM, seams=seams, lang=ctx.lang)
