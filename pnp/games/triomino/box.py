"""What goes into Triomino's box: the tiles, score sheets and the rules."""

from __future__ import annotations

import math

from pnp.components.boxfit import Stack
from pnp.components.boxspec import printed_sheet
from pnp.games.triomino.model import TriominoModel

SCORE_SHEETS = 3


def box_contents(model: TriominoModel) -> list[Stack]:
    side = model.side_mm
    return [
        Stack("tiles", side, side * math.sqrt(3) / 2, len(model.tiles), model.box.piece_thickness),
        printed_sheet("score sheets", 3, count=SCORE_SHEETS),
        printed_sheet("rules", 3),
    ]
