"""Art for the box lid: the game's name above a hexagon of six tiles from the spec's own set.

The hexagon is the rules sheet's example (found by the rules engine, so its edges match); a set
too small for one keeps the lid to its name.
"""

from __future__ import annotations

from pnp.components.lid import MARGIN, ArtFn, lid_art
from pnp.draw.scene import Page

from ..model import TriominoModel
from .boardart import draw_tiles, fit_layout
from .examples import find_example


def box_art(model: TriominoModel, lang: str = "en") -> tuple[ArtFn, None]:
    """Art for the box: the lid gets name and tiles; the sides keep the box's plain title."""
    example = find_example(model, model.rules(), "hexagon")
    placements = example.placements if example else ()

    def hexagon(g: Page, aw: float, ah: float, art_top: float) -> None:
        rect = (0.1 * aw, art_top, 0.8 * aw, ah - art_top - MARGIN * ah)
        grid = fit_layout([cell for cell, _ in placements], rect, max_side=0.4 * ah)
        draw_tiles(g, placements, grid, underline_69=model.high >= 6, cls="cover-tile")

    return lid_art(model.name.text(lang), lang, hexagon if placements else None), None
