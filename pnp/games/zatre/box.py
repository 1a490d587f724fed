"""What goes into Zatre's box: the tiles, the folded board, a score block and the rules."""

from __future__ import annotations

from pnp.components.boxfit import BOARD_FOLDED, Stack, inner_space
from pnp.components.boxspec import CARD_THICKNESS_MM, printed_sheet
from pnp.games.zatre.folds import fold_plan
from pnp.games.zatre.model import ZatreModel

SCORE_BLOCK_PAGES = 5  # a pad for ten games at two sheets a page


def board_stack(model: ZatreModel) -> Stack:
    """The one-sheet board folded only along lines between fields (see folds.py), as it lies in the box."""
    box = model.box
    length, width, _ = inner_space(box.size, box.paper_thickness, None if box.style == "auto" else box.style)
    plan = fold_plan(model.board, (length, width))
    return Stack(BOARD_FOLDED, *plan.panel_mm, plan.layers, CARD_THICKNESS_MM, on_top=True)


def box_contents(model: ZatreModel) -> list[Stack]:
    size = model.tiles.size_mm
    return [
        Stack("tiles", size, size, model.tiles.total, model.box.piece_thickness),
        board_stack(model),
        printed_sheet("score block", 3, count=SCORE_BLOCK_PAGES),
        printed_sheet("rules", 3),
    ]
