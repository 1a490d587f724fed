"""The domino kit: a sheet of tiles with cut lines, and a one-page rules sheet."""

from __future__ import annotations

from pnp.components.sheets import content_box, rules_page, title_band
from pnp.draw.scene import CUT, Page, filled
from pnp.draw.text import Heading, Paragraph
from pnp.errors import LayoutError
from pnp.games.base import KitContext

from .game import DominoModel, Tile

# Pip positions on a 3 x 3 grid of one half (column, row), as on a die.
PIPS = {0: (), 1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
        4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
        6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
        7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
        8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
        9: tuple((c, r) for c in range(3) for r in range(3))}


def tile_pages(model: DominoModel, ctx: KitContext) -> list[Page]:
    side = model.tile_mm
    pages: list[Page] = []
    remaining = list(model.tiles)
    while remaining:
        page = Page.for_paper(ctx.paper.portrait(), label="tiles")
        top = title_band(page, model.title)
        box = content_box(page)
        columns, rows = int(box.width // (2 * side)), int((box.y1 - top) // side)
        if columns < 1 or rows < 1:
            raise LayoutError(f"tiles: a {2 * side:g} x {side:g} mm tile does not fit {ctx.paper}; lower tile_mm")
        x0 = box.x0 + (box.width - columns * 2 * side) / 2
        for index, tile in enumerate(remaining[:columns * rows]):
            _draw_tile(page, tile, x0 + index % columns * 2 * side, top + index // columns * side, side)
        remaining = remaining[columns * rows:]
        pages.append(page)
    return pages


def _draw_tile(page: Page, tile: Tile, x: float, y: float, side: float) -> None:
    with page.group(cls="domino", data={"tile": f"{tile[0]}-{tile[1]}"}) as g:
        g.rect(x, y, 2 * side, side, style=CUT, cls="cut")
        g.line(x + side, y + side * 0.15, x + side, y + side * 0.85, cls="divider")
        for half, pips in enumerate(tile):
            for column, row in PIPS[pips]:
                g.circle(x + half * side + side * (0.25 + 0.25 * column), y + side * (0.25 + 0.25 * row),
                         side * 0.07, style=filled("#000000"), cls="pip")


def rules_pages(model: DominoModel, ctx: KitContext) -> list[Page]:
    column = [
        Heading("Deal"),
        Paragraph(f"Shuffle the {len(model.tiles)} tiles face down; each player takes {model.hand}."),
        Heading("Play"),
        Paragraph("The first player lays any tile. In turn, lay a tile whose number matches an open end of the "
                  "line, or pass if none fits."),
        Heading("End"),
        Paragraph("The first player without tiles wins. When nobody can lay a tile, the fewest pips left wins."),
    ]
    return [rules_page(ctx.paper.portrait(), model.title, "Rules", [column])]
