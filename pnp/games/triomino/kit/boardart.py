"""Tiles lying on the triangular grid, scaled into a rectangle: rules examples and report boards."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.draw.scene import GroupBuilder, Page, Style
from pnp.geometry.trigrid import Cell, TriLayout, bounds

from ..model import Numbers
from .art import tile_group

OUTLINE = Style(stroke="#000000", stroke_width=0.3)
HIGHLIGHT = "#ffe08a"  # a warm yellow; light grey in greyscale, against white tiles
EMPTY = Style(stroke="#777777", stroke_width=0.25, dash=(1.2, 0.9), fill="#ececec")


def fit_layout(cells: Sequence[Cell], rect: tuple[float, float, float, float], max_side: float) -> TriLayout:
    """The largest grid (side at most max_side) that shows all cells inside rect, centred."""
    x, y, w, h = rect
    px0, py0, px1, py1 = bounds(cells)
    span_x, span_y = (px1 - px0) / 2, (py1 - py0) * 0.8660254037844386
    side = min(max_side, w / span_x, h / span_y)
    ox = x + (w - span_x * side) / 2 - px0 * side / 2
    oy = y + (h - span_y * side) / 2 - py0 * side * 0.8660254037844386
    return TriLayout(side, ox, oy)


def draw_tiles(page: Page | GroupBuilder, placements: Sequence[tuple[Cell, Numbers]], grid: TriLayout, *,
               highlight: Sequence[Cell] = (), empty: Sequence[Cell] = (), underline_69: bool = False,
               cls: str = "board-tile") -> None:
    for cell in empty:
        page.polygon(grid.polygon(cell), style=EMPTY, cls="empty-cell")
    for cell, numbers in placements:
        face = HIGHLIGHT if cell in highlight else "#ffffff"
        page.add(tile_group(grid.polygon(cell), numbers, face=face, outline=OUTLINE, underline_69=underline_69,
                            cls=cls, data={"cell": f"{cell[0]},{cell[1]}"}))


def point_marker(page: Page | GroupBuilder, grid: TriLayout, point: tuple[int, int], cls: str) -> None:
    x, y = grid.point(point)
    page.circle(x, y, grid.side * 0.09, style=Style(stroke="#c0392b", stroke_width=0.5, fill=None), cls=cls)


