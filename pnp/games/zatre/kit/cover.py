"""Art for the box lid: the game's name above a corner of the board with the rules sheet's example
turn laid on it (found by the rules engine, so its rows really add up); a board with no example
keeps the lid to its name."""

from __future__ import annotations

from pnp.components.lid import MARGIN, ArtFn, lid_art
from pnp.draw.scene import Page, stroked

from ..model import ZatreModel
from .art import CLASSIC, draw_fields, draw_tile
from .example import find_example

TILE_SHARE = 0.8  # of a field a tile covers, as in the rules sheet's example


def box_art(model: ZatreModel, lang: str = "en") -> tuple[ArtFn, None]:
    """Art for the box: the lid gets name and example; the sides keep the box's plain title."""
    example = find_example(model)

    def example_turn(g: Page, aw: float, ah: float, art_top: float) -> None:
        assert example is not None
        r0, r1, c0, c1 = example.window
        room = ah - art_top - MARGIN * ah
        cell = min(0.8 * aw / (c1 - c0), room / (r1 - r0))
        ox = (aw - (c1 - c0) * cell) / 2
        oy = art_top + (room - (r1 - r0) * cell) / 2
        draw_fields(g, example.window_board(model, cell), cell, CLASSIC, ox, oy)
        tile = cell * TILE_SHARE
        gap = (cell - tile) / 2
        for pips, (row, col) in (*example.board, *example.turn):
            draw_tile(g, pips, ox + (col - c0) * cell + gap, oy + (row - r0) * cell + gap, tile,
                      outline=stroked("#000000", 0.25), data={"cover": "1"}, cls="tile-picture")

    return lid_art(model.title.text(lang), lang, example_turn if example is not None else None), None
