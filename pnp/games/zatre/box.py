"""What goes into Zatre's box: the tiles, the folded board, a score block and the rules."""

from __future__ import annotations

from pnp.components.boxfit import Stack
from pnp.components.boxspec import CARD_THICKNESS_MM, printed_sheet
from pnp.games.zatre.model import ZatreModel

SCORE_BLOCK_PAGES = 5  # a pad for ten games at two sheets a page


def box_contents(model: ZatreModel) -> list[Stack]:
    size = model.tiles.size_mm
    return [
        Stack("tiles", size, size, model.tiles.total, model.box.piece_thickness),
        printed_sheet("board", model.box.board_folds, CARD_THICKNESS_MM),
        printed_sheet("score block", 3, count=SCORE_BLOCK_PAGES),
        printed_sheet("rules", 3),
    ]
