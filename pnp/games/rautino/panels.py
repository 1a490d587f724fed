"""The board in six panels: the hexagon cut along the three long grid lines through its centre.

A grid line runs between triangles, never across one, so no place a stone lies on is cut or
creased. Each panel is a big triangle of `hexagon_side` small ones a side; in play the six butt
together to the hexagon, and in the box they lie flat, one on another.
"""

from __future__ import annotations

import math

from pnp.geometry import trigrid as tg

from .model import Board

PANELS = 6


def panel_of(board: Board) -> dict[tg.Cell, int]:
    """Each cell's panel, 0 to 5: the sixth of the hexagon round the centre its centroid lies in."""
    unit = tg.TriLayout(1.0)
    cx, cy = unit.point(board.centre)
    out = {}
    for cell in board.cells:
        x, y = unit.centroid(cell)
        angle = math.degrees(math.atan2(y - cy, x - cx)) % 360.0
        out[cell] = int(angle // 60.0)  # the boundaries, 0°, 60°, ... are grid lines through the centre
    return out


def panel_size_mm(board: Board) -> tuple[float, float]:
    """Width and height of the largest panel's bounding box."""
    panels = panel_of(board)
    sizes = []
    for index in range(PANELS):
        cells = [c for c, p in panels.items() if p == index]
        min_px, min_py, max_px, max_py = tg.bounds(cells)
        sizes.append(((max_px - min_px) * board.triangle_mm / 2,
                      (max_py - min_py) * board.triangle_mm * tg.SQRT3_2))
    return max(w for w, _ in sizes), max(h for _, h in sizes)


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
