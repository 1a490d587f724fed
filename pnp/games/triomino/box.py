"""What goes into Triomino's box: the tiles, score sheets and the rules."""

from __future__ import annotations

import math

from pnp.components.boxfit import Stack
from pnp.components.boxspec import printed_sheet
from pnp.games.base import KitContext
from pnp.games.triomino.model import TriominoModel

SCORE_SHEETS = 3


def box_contents(model: TriominoModel, side: float | None = None) -> list[Stack]:
    """The contents with tiles of the spec's edge, or of `side` mm."""
    side = model.side_mm if side is None else side
    return [
        Stack("tiles", side, side * math.sqrt(3) / 2, len(model.tiles), model.box.piece_thickness),
        printed_sheet("score sheets", 3, count=SCORE_SHEETS),
        printed_sheet("rules", 3),
    ]


def kit_box_contents(model: TriominoModel, ctx: KitContext) -> list[Stack]:
    """The contents as this kit prints them: `--tile-edge` may print the tiles smaller."""
    from pnp.games.triomino.kit.tiles import tile_edge

    return box_contents(model, tile_edge(model, ctx))
