"""Art for the box lid: the game's name above a corner of the board with the rules sheet's example
turn laid on it (found by the rules engine, so its rows really add up); a board with no example
keeps the lid to its name."""

from __future__ import annotations

from collections.abc import Callable

from pnp.draw.affine import Affine
from pnp.draw.scene import Page, filled, stroked
from pnp.draw.text import text_width, vertical_extent
from pnp.i18n import KIT

from ..model import ZatreModel
from .art import CLASSIC, draw_fields, draw_tile
from .example import find_example

ArtFn = Callable[..., None]
TILE_SHARE = 0.8  # of a field a tile covers, as in the rules sheet's example


def box_art(model: ZatreModel, lang: str = "en") -> tuple[ArtFn, None]:
    """Art for the box: the lid gets name and example; the sides keep the box's plain title."""
    example = find_example(model)

    def draw(page: Page, x: float, y: float, w: float, h: float, rotation: float = 0.0) -> None:
        turned = round(rotation) % 180 == 90
        aw, ah = (h, w) if turned else (w, h)  # the art's own frame, upright
        cx, cy = x + w / 2, y + h / 2
        transform = Affine.rotate(rotation, cx, cy) @ Affine.translate(cx - aw / 2, cy - ah / 2)
        with page.group(transform, cls="cover-art", data={"rotation": f"{rotation:g}"}) as g:
            size = min(0.16 * ah, 0.8 * aw / max(text_width(model.title, 1.0, True), 1e-9), 14.0)
            ascent, descent = vertical_extent(size, True)
            top = 0.07 * ah
            g.text(aw / 2, top + ascent, model.title, size, weight="bold", anchor="middle", cls="cover-title")
            sub = 0.35 * size
            g.text(aw / 2, top + ascent + descent + sub, KIT(lang, "tagline"), sub, anchor="middle",
                   style=filled("#555555"), cls="cover-subtitle")
            if example is None:
                return
            r0, r1, c0, c1 = example.window
            art_top = top + ascent + descent + 2.2 * sub
            cell = min(0.8 * aw / (c1 - c0), (ah - art_top - 0.07 * ah) / (r1 - r0))
            ox = (aw - (c1 - c0) * cell) / 2
            oy = art_top + (ah - art_top - 0.07 * ah - (r1 - r0) * cell) / 2
            draw_fields(g, example.window_board(model, cell), cell, CLASSIC, ox, oy)
            tile = cell * TILE_SHARE
            gap = (cell - tile) / 2
            for pips, (row, col) in (*example.board, *example.turn):
                draw_tile(g, pips, ox + (col - c0) * cell + gap, oy + (row - r0) * cell + gap, tile,
                          outline=stroked("#000000", 0.25), data={"cover": "1"})

    return draw, None
