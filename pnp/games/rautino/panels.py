"""The board in six panels: the hexagon cut along the three long grid lines through its centre,
with the start place kept whole.

A grid line runs between triangles, never across one, so no triangle is cut or creased. Each panel
is a big triangle of `hexagon_side` small ones a side; in play the six butt together to the hexagon,
and in the box they lie flat, one on another. The first stone lies on the start place before anything
else, so a joint under it would let the panels shift apart under the stone everything else is laid
against: where a line runs between the start's two triangles, one triangle moves to the other's panel
(that panel gains a small tooth, its neighbour the matching notch).
"""

from __future__ import annotations

import math

from pnp.geometry import trigrid as tg

from .model import Board

PANELS = 6


def _sixths(board: Board) -> dict[tg.Cell, int]:
    """Each cell's sixth of the hexagon round the centre, 0 to 5, by where its centroid lies."""
    unit = tg.TriLayout(1.0)
    cx, cy = unit.point(board.centre)
    out = {}
    for cell in board.cells:
        x, y = unit.centroid(cell)
        angle = math.degrees(math.atan2(y - cy, x - cx)) % 360.0
        out[cell] = int(angle // 60.0)  # the boundaries, 0°, 60°, ... are grid lines through the centre
    return out


def panel_of(board: Board) -> dict[tg.Cell, int]:
    """Each cell's panel, 0 to 5: its sixth of the hexagon, the start place whole in one panel."""
    sixths = _sixths(board)
    first, second = board.start
    if sixths[first] == sixths[second]:
        return sixths
    # Of the two ways to join the start, the one whose largest panel is smaller (then the first).
    options = []
    for moved, to in ((second, sixths[first]), (first, sixths[second])):
        panels = {**sixths, moved: to}
        options.append((_largest(board, panels), panels))
    return min(options, key=lambda option: option[0][0] * option[0][1])[1]


def _largest(board: Board, panels: dict[tg.Cell, int]) -> tuple[float, float]:
    sizes = []
    for index in range(PANELS):
        cells = [c for c, p in panels.items() if p == index]
        min_px, min_py, max_px, max_py = tg.bounds(cells)
        sizes.append(((max_px - min_px) * board.triangle_mm / 2,
                      (max_py - min_py) * board.triangle_mm * tg.SQRT3_2))
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def panel_size_mm(board: Board) -> tuple[float, float]:
    """Width and height a panel needs at most: the largest bounding box of any panel."""
    return _largest(board, panel_of(board))


def cut_edges(board: Board) -> list[tuple[tg.Point, tg.Point]]:
    """The grid edges between two cells of different panels: the lines to cut along."""
    panels = panel_of(board)
    edges = set()
    for cell, panel in panels.items():
        for other in tg.neighbours(cell):
            if other in panels and panels[other] != panel:
                p, q = tg.edge_between(cell, other)
                edges.add((min(p, q), max(p, q)))
    return sorted(edges)
