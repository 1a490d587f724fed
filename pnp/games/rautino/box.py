"""What goes into Rautino's box: the stones, the board in six panels and the folded rules."""

from __future__ import annotations

import math

from pnp.components.boxfit import BOARD_PANELS, Stack
from pnp.components.boxspec import CARD_THICKNESS_MM, printed_sheet
from pnp.games.rautino.model import RautinoModel
from pnp.games.rautino.panels import PANELS, panel_size_mm


def box_contents(model: RautinoModel) -> list[Stack]:
    side = model.board.triangle_mm
    # A 60° rhombus of side s lies in an s·√3 x s rectangle.
    stones = Stack("stones", side * math.sqrt(3), side, model.stone_count, model.box.piece_thickness)
    # The board is cut into six panels along grid lines (see panels.py): they lie flat, uncreased.
    width, depth = panel_size_mm(model.board)
    board = Stack(BOARD_PANELS, width, depth, PANELS, CARD_THICKNESS_MM, on_top=True)
    return [stones, board, printed_sheet("rules", 3)]
