"""The board: 15 x 15 fields of the spec's size on one sheet, or a larger board over two sheets, with the red
lines along which the laminated board is cut into panels and the bars that mark its tape hinges (see folds.py)."""

from __future__ import annotations

import math

from pnp.components.boxspec import settings_for
from pnp.components.sheets import content_box, title_band
from pnp.draw.scene import Page, Style, filled
from pnp.draw.text import pt
from pnp.errors import LayoutError
from pnp.games.base import KitContext, eco_ink
from pnp.games.zatre.box import board_plan
from pnp.games.zatre.folds import PanelPlan
from pnp.games.zatre.kit.art import Palette, draw_fields, palette_for
from pnp.games.zatre.model import DOUBLE, START, Board, ZatreModel
from pnp.games.zatre.options import BOARD_SHEETS
from pnp.i18n import Texts

LEGEND = Texts({
    "double": {"en": "x2: double field", "de": "x2: Doppelfeld"},
    "start": {"en": "red with a ring: start field", "de": "rot mit Kreis: Startfeld"},
    "limit": {"en": "no row may add up to more than {max}", "de": "keine Reihe darf mehr als {max} ergeben"},
    "panels": {"en": "red lines: cut the laminated board into {n} panels · red bars: tape these joints on the back",
               "de": "rote Linien: den laminierten Plan in {n} Teile schneiden · rote Balken: diese Fugen hinten "
                     "mit Klebeband verbinden"},
    "sheet": {"en": "sheet {n} of 2 · columns {a}–{b} of the board · sheet {other} lies to its {side}",
              "de": "Bogen {n} von 2 · Spalten {a}–{b} des Plans · Bogen {other} liegt {side} daneben"},
    "left": {"en": "left", "de": "links"},
    "right": {"en": "right", "de": "rechts"},
})
CUT_RED = Style(stroke="#c62828", stroke_width=0.35)  # where the laminated board is cut into panels
HINGE_BAR = filled("#c62828")  # a taped joint
OVERRUN_MM = 2.0  # a cut line runs this far past the fields, so it is found from the edge
BLEED_MM = 3.0  # the fields' colour runs this far past the board's outline, so a cut a little outside shows no white
EDGE_MM = max(OVERRUN_MM, BLEED_MM)  # kept free round the fields for the overruns and the bleed
BAR_MM = (3.0, 6.0)  # a hinge bar across and along its joint
LEGEND_MM = 7.5  # two legend lines below the board
NOTE_MM = 3.5  # the sheet line above each sheet of the large board
LEGEND_GAP = 3.0  # from the bleed's edge to the first legend line's baseline


def board_pages(model: ZatreModel, ctx: KitContext) -> list[Page]:
    palette = palette_for(eco_ink(ctx))
    if ctx.option(BOARD_SHEETS) == 2:
        return large_board_pages(model, ctx, palette)
    return [one_sheet_board(model, ctx, palette)]


def one_sheet_board(model: ZatreModel, ctx: KitContext, palette: Palette) -> Page:
    board, cell = model.board, model.board.cell_mm
    page = Page.for_paper(ctx.paper.portrait(), label="board")
    top = title_band(page, model.title.text(ctx.lang))
    box = content_box(page)
    width, height = board.width * cell, board.height * cell
    if width > box.width or top + height + 2 * EDGE_MM + LEGEND_MM > box.y1:
        # Suggest only what works: the largest field that fits, and two sheets where the large board fits them.
        largest = math.floor(min(box.width / board.width,
                                 (box.y1 - LEGEND_MM - 2 * EDGE_MM - top) / board.height) * 10) / 10
        plan = board_plan(model, 2, settings_for(model, ctx.box))
        two = _sheet_columns(plan, 1) is not None \
            and NOTE_MM + board.height * board.large_cell_mm + 2 * EDGE_MM + LEGEND_MM <= box.height
        raise LayoutError(
            f"{board.width} x {board.height} fields of {cell:g} mm ({width:g} x {height:g} mm) do not fit "
            f"{ctx.paper}; {largest:g} mm or less fits"
            + (", or print the board over two sheets (--board-sheets 2)" if two else ""), "board.cell_mm"
        )
    x0 = box.x0 + (box.width - width) / 2
    y0 = top + EDGE_MM + (box.y1 - LEGEND_MM - top - 2 * EDGE_MM - height) / 2
    draw_bleed(page, board, cell, palette, x0, y0, range(board.width))
    with page.group(cls="board", data={"palette": palette.name, "cell-mm": f"{cell:g}"}) as g:
        draw_fields(g, board, cell, palette, x0, y0)
    plan = board_plan(model, 1, settings_for(model, ctx.box))
    _panel_marks(page, model, plan, x0, y0, range(board.width), min(OVERRUN_MM,
                 (box.width - width) / 2 - CUT_RED.stroke_width))
    _legend(page, model, plan, ctx.lang, page.width / 2, y0 + height + EDGE_MM + LEGEND_GAP)
    return page


def draw_bleed(page: Page, board: Board, cell: float, palette: Palette, x0: float, y0: float,
               columns: range) -> None:
    """Each field's colour BLEED_MM past every side the sheet cuts along (a side with no field of this sheet
    beyond it), corners included; drawn under the fields, so where a bleed meets a field the field shows."""
    fill = {DOUBLE: palette.double, START: palette.start}
    printed = {f for f in board.fields if f[1] in columns}
    with page.group(cls="board-bleed", important=False) as g:
        for r, c in sorted(printed):
            left, right = (r, c - 1) not in printed, (r, c + 1) not in printed
            up, down = (r - 1, c) not in printed, (r + 1, c) not in printed
            if not (left or right or up or down):
                continue
            bx0 = x0 + c * cell - (BLEED_MM if left else 0.0)
            by0 = y0 + r * cell - (BLEED_MM if up else 0.0)
            bx1 = x0 + (c + 1) * cell + (BLEED_MM if right else 0.0)
            by1 = y0 + (r + 1) * cell + (BLEED_MM if down else 0.0)
            g.rect(bx0, by0, bx1 - bx0, by1 - by0, style=filled(fill.get(board.kind((r, c)), palette.normal)),
                   cls="bleed", data={"cell": f"{r},{c}"})


def _sheet_columns(plan: PanelPlan, sheet: int) -> range | None:
    """The field columns printed on `sheet`, or None if no panel is."""
    mine = [p for p in plan.panels if p.sheet == sheet]
    return range(min(p.col0 for p in mine), max(p.col1 for p in mine)) if mine else None


def _panel_marks(page: Page, model: ZatreModel, plan: PanelPlan, x0: float, y0: float, columns: range,
                 overrun_x: float) -> None:
    """The red cut lines between panels and a red bar on each taped joint, where they touch `columns`
    (field columns; a sheet of the large board shows its own, the joints at its edges included). Lines
    across run `overrun_x` past the fields, lines down OVERRUN_MM."""
    board, cell = model.board, plan.cell_mm
    first, last = columns.start, columns.stop
    for c in plan.columns:
        if first <= c <= last:
            page.line(x0 + c * cell, y0 - OVERRUN_MM, x0 + c * cell, y0 + board.height * cell + OVERRUN_MM,
                      style=CUT_RED, cls="panel-cut", data={"after-column": str(c)})
    for r in plan.rows:
        page.line(x0 + first * cell - overrun_x, y0 + r * cell, x0 + last * cell + overrun_x, y0 + r * cell,
                  style=CUT_RED, cls="panel-cut", data={"after-row": str(r)})
    across, along = BAR_MM
    for hinge in plan.hinges:
        middle = (hinge.span[0] + hinge.span[1]) / 2 * cell
        data = {"after-column" if hinge.vertical else "after-row": str(hinge.at),
                "rows" if hinge.vertical else "columns": f"{hinge.span[0]}-{hinge.span[1]}"}
        if hinge.vertical and first <= hinge.at <= last:
            page.rect(x0 + hinge.at * cell - across / 2, y0 + middle - along / 2, across, along, style=HINGE_BAR,
                      cls="hinge-mark", data=data)
        elif not hinge.vertical and hinge.span[0] < last and hinge.span[1] > first:
            page.rect(x0 + middle - along / 2, y0 + hinge.at * cell - across / 2, along, across, style=HINGE_BAR,
                      cls="hinge-mark", data=data)


def _legend(page: Page, model: ZatreModel, plan: PanelPlan, lang: str, x: float, y: float) -> None:
    text = "   ·   ".join([LEGEND(lang, "double"), LEGEND(lang, "start"),
                            LEGEND(lang, "limit", max=model.rules.max_row_sum)])
    page.text(x, y, text, pt(8), anchor="middle", style=filled("#444444"), cls="legend")
    if plan.hinges:
        page.text(x, y + 3.8, LEGEND(lang, "panels", n=plan.layers), pt(8), anchor="middle",
                  style=filled("#c62828"), cls="legend")


def large_board_pages(model: ZatreModel, ctx: KitContext, palette: Palette) -> list[Page]:
    """The large board over two sheets: each sheet carries whole panels, so the sheets meet at a joint
    between panels and are hinged there like every other joint; nothing is glued."""
    board, cell = model.board, model.board.large_cell_mm
    plan = board_plan(model, 2, settings_for(model, ctx.box))
    pages = []
    for sheet in (0, 1):
        columns = _sheet_columns(plan, sheet)
        if columns is None:
            raise LayoutError(f"{board.width} fields of {cell:g} mm do not split into two sheets of "
                              f"{ctx.paper}; choose smaller fields", "board.large_cell_mm")
        page = Page.for_paper(ctx.paper.portrait(), label=f"board {sheet + 1}/2")
        box = content_box(page)
        width, height = len(columns) * cell, board.height * cell
        if width > box.width or NOTE_MM + height + 2 * EDGE_MM + LEGEND_MM > box.height:
            raise LayoutError(f"{len(columns)} x {board.height} fields of {cell:g} mm ({width:g} x "
                              f"{height:g} mm) do not fit a sheet of {ctx.paper}, which leaves {box.width:g} x "
                              f"{box.height - NOTE_MM - 2 * EDGE_MM - LEGEND_MM:g} mm for them; choose smaller fields",
                              "board.large_cell_mm")
        # (x0, y0): where the whole board's column 0 would begin, so this sheet's part lands centred.
        x0 = box.x0 + (box.width - width) / 2 - columns.start * cell
        y0 = box.y0 + NOTE_MM + EDGE_MM + (box.height - NOTE_MM - LEGEND_MM - 2 * EDGE_MM - height) / 2
        draw_bleed(page, board, cell, palette, x0, y0, columns)
        with page.group(cls="board", data={"palette": palette.name, "cell-mm": f"{cell:g}",
                                           "sheet": str(sheet + 1), "columns": f"{columns.start}-{columns.stop}"}) as g:
            draw_fields(g, board, cell, palette, x0, y0, columns=columns)
        _panel_marks(page, model, plan, x0, y0, columns, min(OVERRUN_MM,
                 (box.width - width) / 2 - CUT_RED.stroke_width))
        _legend(page, model, plan, ctx.lang, page.width / 2, y0 + height + EDGE_MM + LEGEND_GAP)
        page.text(page.width / 2, y0 - EDGE_MM - 1.0,
                  LEGEND(ctx.lang, "sheet", n=sheet + 1, a=columns.start + 1, b=columns.stop, other=2 - sheet,
                         side=LEGEND(ctx.lang, "right" if sheet == 0 else "left")),
                  pt(8), anchor="middle", style=filled("#444444"), cls="legend")
        pages.append(page)
    return pages
