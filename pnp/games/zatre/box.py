"""What goes into Zatre's box: the tiles, the board folded along its tape hinges, a score block and the rules."""

from __future__ import annotations

from pnp.components.boxfit import BOARD_HINGED, Stack, inner_space
from pnp.components.boxspec import BoxSettings, printed_sheet, settings_for
from pnp.components.sheets import content_box
from pnp.draw.paper import A4, LETTER
from pnp.draw.scene import Page
from pnp.games.base import KitContext
from pnp.games.zatre.folds import PanelPlan, panel_plan
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.options import BOARD_SHEETS

SCORE_BLOCK_PAGES = 5  # a pad for ten games at two sheets a page


def _sheet_width() -> float:
    """The printable width of the narrower paper (A4 or Letter): each sheet of the large board's must fit it."""
    return min(content_box(Page.for_paper(paper.portrait())).width for paper in (A4, LETTER))


def board_plan(model: ZatreModel, sheets: int = 1, box: BoxSettings | None = None) -> PanelPlan:
    """How the board is cut into panels and hinged to lie in its box (`box`: the kit's, default the spec's):
    the one-sheet board, or the large board over two sheets (`--board-sheets 2`), each only along lines
    between fields (see folds.py)."""
    box = box or model.box
    length, width, _ = inner_space(box.size, box.paper_thickness, None if box.style == "auto" else box.style)
    if sheets == 2:
        return panel_plan(model.board, (length, width), model.board.large_cell_mm, _sheet_width())
    return panel_plan(model.board, (length, width))


def board_stack(model: ZatreModel, sheets: int = 1, box: BoxSettings | None = None) -> Stack:
    """The board folded along its hinges as it lies in the box: laminated layers and their tape."""
    plan = board_plan(model, sheets, box)
    width, depth = plan.folded_mm()
    return Stack(BOARD_HINGED, width, depth, plan.layers, plan.folded_height_mm() / plan.layers, on_top=True)


def box_contents(model: ZatreModel, sheets: int = 1, box: BoxSettings | None = None) -> list[Stack]:
    """The box's contents with the board on one sheet, or on two (larger fields, larger tiles)."""
    size = model.board.large_cell_mm - model.tiles.clearance_mm if sheets == 2 else model.tiles.size_mm
    return [
        Stack("tiles", size, size, model.tiles.total, model.box.piece_thickness),
        board_stack(model, sheets, box),
        printed_sheet("score block", 3, count=SCORE_BLOCK_PAGES),
        printed_sheet("rules", 3),
    ]


def kit_box_contents(model: ZatreModel, ctx: KitContext) -> list[Stack]:
    """The contents as this kit prints them: `--board-sheets` changes the board and the tiles."""
    return box_contents(model, ctx.option(BOARD_SHEETS), settings_for(model, ctx.box))
