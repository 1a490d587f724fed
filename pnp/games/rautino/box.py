"""What goes into Rautino's box: the stones, the folded board and the folded rules."""

from __future__ import annotations

import math

from pnp.components.boxfit import Stack
from pnp.components.boxspec import CARD_THICKNESS_MM, printed_sheet
from pnp.games.rautino.model import RautinoModel


def box_contents(model: RautinoModel) -> list[Stack]:
    side = model.board.triangle_mm
    # A 60° rhombus of side s lies in an s·√3 x s rectangle.
    stones = Stack("stones", side * math.sqrt(3), side, model.stone_count, model.box.piece_thickness)
    return [stones, printed_sheet("board", model.box.board_folds, CARD_THICKNESS_MM), printed_sheet("rules", 3)]
