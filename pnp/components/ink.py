"""How much of a page's paper the printer covers with ink, estimated from the drawn page.

Filled shapes are painted, in drawing order, onto a grid of 2 mm cells (a later shape covers an
earlier one, as on paper); strokes add their length times width, text its glyph area. Each paint
counts by its darkness (black 1, white 0), so 100 % is a page solid black. The estimate needs no
renderer; bench/bench_print.py compares it with the rasterised PDF.
"""

from __future__ import annotations

import itertools
import math

from pnp.draw.affine import Affine, Point
from pnp.draw.scene import Circle, Line, Page, Path, Polygon, Polyline, Primitive, Rect, Text

CELL_MM = 2.0
GLYPH_SHARE = 0.33  # of a line of text's box (advance width x font size) that its glyphs cover


def darkness(colour: str | None) -> float:
    if not colour or colour == "none":
        return 0.0
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 1 - (0.3 * r + 0.59 * g + 0.11 * b) / 255


def _inside(points: list[Point], x: float, y: float) -> bool:
    inside = False
    j = len(points) - 1
    for i, (xi, yi) in enumerate(points):
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _outline(prim: Primitive, m: Affine) -> list[Point] | None:
    """The filled area of a primitive as a polygon on the page (None: it fills nothing)."""
    if isinstance(prim, Rect):
        corners = ((prim.x, prim.y), (prim.x + prim.w, prim.y), (prim.x + prim.w, prim.y + prim.h),
                   (prim.x, prim.y + prim.h))
        return [m.apply(x, y) for x, y in corners]
    if isinstance(prim, Circle):
        return [m.apply(prim.cx + prim.r * math.cos(a * math.pi / 12), prim.cy + prim.r * math.sin(a * math.pi / 12))
                for a in range(24)]
    if isinstance(prim, Polygon):
        return [m.apply(x, y) for x, y in prim.points]
    if isinstance(prim, Path):
        points = [m.apply(c[-2], c[-1]) for c in prim.commands if len(c) >= 3]
        return points if len(points) >= 3 else None
    return None


def _stroke_length(prim: Primitive, m: Affine) -> float:
    scale = math.sqrt(abs(m.a * m.d - m.b * m.c))
    if isinstance(prim, Line):
        return math.dist((prim.x1, prim.y1), (prim.x2, prim.y2)) * scale
    if isinstance(prim, Rect):
        return 2 * (prim.w + prim.h) * scale
    if isinstance(prim, Circle):
        return 2 * math.pi * prim.r * scale
    if isinstance(prim, Polyline):  # and Polygon, closed
        points = list(prim.points) + ([prim.points[0]] if isinstance(prim, Polygon) else [])
        return sum(math.dist(a, b) for a, b in itertools.pairwise(points)) * scale
    if isinstance(prim, Path):
        points = [(c[-2], c[-1]) for c in prim.commands if len(c) >= 3]
        return sum(math.dist(a, b) for a, b in itertools.pairwise(points)) * scale
    return 0.0


def coverage(page: Page) -> float:
    """The share of the page's paper covered by ink, 0 to 1 (bleed beyond the paper not counted)."""
    cols, rows = math.ceil(page.width / CELL_MM), math.ceil(page.height / CELL_MM)
    cells = [0.0] * (cols * rows)
    strokes = 0.0  # mm² of ink, weighted by darkness
    for prim, m, _ in page.leaves():
        style = getattr(prim, "style", None)
        if style is None:
            continue
        if isinstance(prim, Text):
            strokes += prim.width * prim.size_mm * GLYPH_SHARE * darkness(style.fill) * style.opacity
            continue
        if style.stroke and style.stroke_width > 0:
            strokes += _stroke_length(prim, m) * style.stroke_width * darkness(style.stroke) * style.opacity
        shade = darkness(style.fill) * style.opacity if style.fill else None
        outline = _outline(prim, m) if shade is not None else None
        if outline is None:
            continue
        xs, ys = [p[0] for p in outline], [p[1] for p in outline]
        c0, c1 = max(0, int(min(xs) / CELL_MM)), min(cols - 1, int(max(xs) / CELL_MM))
        r0, r1 = max(0, int(min(ys) / CELL_MM)), min(rows - 1, int(max(ys) / CELL_MM))
        for row in range(r0, r1 + 1):
            y = (row + 0.5) * CELL_MM
            for col in range(c0, c1 + 1):
                if _inside(outline, (col + 0.5) * CELL_MM, y):
                    cells[row * cols + col] = shade
    area = page.width * page.height
    return min(1.0, (sum(cells) * CELL_MM * CELL_MM + strokes) / area)
