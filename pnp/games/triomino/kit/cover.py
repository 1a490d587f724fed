"""Art for the box lid: the game's name above a hexagon of six tiles from the spec's own set.

The hexagon is the rules sheet's example (found by the rules engine, so its edges match); a set
too small for one keeps the lid to its name.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.draw.affine import Affine
from pnp.draw.scene import Page, filled
from pnp.draw.text import text_width, vertical_extent
from pnp.i18n import KIT

from ..model import TriominoModel
from .boardart import draw_tiles, fit_layout
from .examples import find_example

# art(page, x, y, w, h, rotation): the box net's panel-art signature.
ArtFn = Callable[[Page, float, float, float, float, float], None]


def box_art(model: TriominoModel, lang: str = "en") -> tuple[ArtFn, None]:
    """Art for the box: the lid gets name and tiles; the sides keep the box's plain title."""
    example = find_example(model, model.rules(), "hexagon")
    placements = example.placements if example else ()

    def draw(page: Page, x: float, y: float, w: float, h: float, rotation: float = 0.0) -> None:
        turned = round(rotation) % 180 == 90
        aw, ah = (h, w) if turned else (w, h)  # the art's own frame, upright
        cx, cy = x + w / 2, y + h / 2
        transform = Affine.rotate(rotation, cx, cy) @ Affine.translate(cx - aw / 2, cy - ah / 2)
        with page.group(transform, cls="cover-art", data={"rotation": f"{rotation:g}"}) as g:
            size = min(0.16 * ah, 0.8 * aw / max(text_width(model.name, 1.0, True), 1e-9), 14.0)
            ascent, descent = vertical_extent(size, True)
            top = 0.07 * ah
            g.text(aw / 2, top + ascent, model.name, size, weight="bold", anchor="middle", cls="cover-title")
            sub = 0.35 * size
            g.text(aw / 2, top + ascent + descent + sub, KIT(lang, "tagline"), sub, anchor="middle",
                   style=filled("#555555"), cls="cover-subtitle")
            if placements:
                art_top = top + ascent + descent + 2.2 * sub
                rect = (0.1 * aw, art_top, 0.8 * aw, ah - art_top - 0.07 * ah)
                grid = fit_layout([cell for cell, _ in placements], rect, max_side=0.4 * ah)
                draw_tiles(g, placements, grid, underline_69=model.high >= 6, cls="cover-tile")

    return draw, None
