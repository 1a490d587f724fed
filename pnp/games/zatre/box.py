"""What goes into Zatre's box: the tiles, the folded board, a score block and the rules."""

from __future__ import annotations

from pnp.components.boxfit import BOARD_FOLDED, Stack, inner_space
from pnp.components.boxspec import CARD_THICKNESS_MM, printed_sheet
from pnp.games.base import KitContext
from pnp.games.zatre.folds import FoldPlan, fold_plan
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.options import BOARD_SHEETS

SCORE_BLOCK_PAGES = 5  # a pad for ten games at two sheets a page


def board_plan(model: ZatreModel, sheets: int = 1) -> FoldPlan:
    """Where the board folds to lie in its box: the one-sheet board, or the large board of two sheets
    glued into one (`--board-sheets 2`), each only along lines between fields (see folds.py)."""
    box = model.box
    length, width, _ = inner_space(box.size, box.paper_thickness, None if box.style == "auto" else box.style)
    cell = model.board.large_cell_mm if sheets == 2 else model.board.cell_mm
    return fold_plan(model.board, (length, width), cell)


def board_stack(model: ZatreModel, sheets: int = 1) -> Stack:
    """The folded board as it lies in the box."""
    plan = board_plan(model, sheets)
    return Stack(BOARD_FOLDED, *plan.panel_mm, plan.layers, CARD_THICKNESS_MM, on_top=True)


def box_contents(model: ZatreModel, sheets: int = 1) -> list[Stack]:
    """The box's contents with the board on one sheet, or on two (larger fields, larger tiles)."""
    size = model.board.large_cell_mm - model.tiles.clearance_mm if sheets == 2 else model.tiles.size_mm
    return [
        Stack("tiles", size, size, model.tiles.total, model.box.piece_thickness),
        board_stack(model, sheets),
        printed_sheet("score block", 3, count=SCORE_BLOCK_PAGES),
        printed_sheet("rules", 3),
    ]


def kit_box_contents(model: ZatreModel, ctx: KitContext) -> list[Stack]:
    """The contents as this kit prints them: `--board-sheets` changes the board and the tiles."""
    return box_contents(model, ctx.option(BOARD_SHEETS))
