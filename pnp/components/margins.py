"""How safe a hand cut is, measured on drawn tile sheets (the pages the files are rendered from).

Two figures per sheet: how far inside its cut line the nearest number, symbol or pip of a piece
lies (a cut a little off must not clip it), and how far past each cut line the back's colour runs
once the back is mirrored onto its front (a back shifted by the printer must not show white).

A front piece is a group of class `tile` or `stone`; its cut outline is its `tile-face` polygon,
the page's `stone-cut` polygon of the same stone, or else a square of its `size-mm` about its
centre (a pip tile, whose pips sit symmetric about the centre).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pnp.components.sheets import duplex_mirror
from pnp.draw.affine import IDENTITY, Affine, Point
from pnp.draw.scene import Circle, Group, Line, Page, Polygon, Primitive, Rect, Text

FRONT_PIECES = ("tile", "stone")
COVER_LIMIT_MM = 10.0  # cover is measured up to this far past the cut


@dataclass(frozen=True)
class Piece:
    outline: tuple[Point, ...]  # the cut line, a convex polygon on the page
    marks: tuple[tuple[Primitive, Affine], ...]  # numbers, symbols and pips


@dataclass(frozen=True)
class SheetMargins:
    pieces: int
    inside_mm: float  # the least distance of any mark to its piece's cut line
    cover_mm: float | None  # how far past every cut line the back's colour reaches (None: no back)


def _walk(prim: Primitive, m: Affine) -> Iterator[tuple[Primitive, Affine]]:
    yield prim, m
    if isinstance(prim, Group):
        for child in prim.children:
            yield from _walk(child, m @ prim.transform)


def pieces(page: Page) -> list[Piece]:
    cuts = {p.data.get("stone"): tuple(m.apply(x, y) for x, y in p.points)
            for item in page.items for p, m in _walk(item, IDENTITY)
            if isinstance(p, Polygon) and p.cls == "stone-cut"}
    out = []
    for item in page.items:
        for group, m in _walk(item, IDENTITY):
            if not (isinstance(group, Group) and group.cls in FRONT_PIECES):
                continue
            inner = m @ group.transform
            leaves = [(p, t) for child in group.children for p, t in _walk(child, inner)
                      if not isinstance(p, Group)]
            face = next((p for p, _ in leaves if isinstance(p, Polygon) and p.cls == "tile-face"), None)
            if face is not None:
                outline = tuple(inner.apply(x, y) for x, y in face.points)
            elif group.data.get("stone") in cuts:
                outline = cuts[group.data["stone"]]
            else:
                box = group.bbox(m)
                half = float(group.data["size-mm"]) / 2
                cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
                outline = ((cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half),
                           (cx - half, cy + half))
            marks = tuple((p, t) for p, t in leaves if p.important and p is not face
                          and isinstance(p, Text | Circle | Polygon | Line))
            out.append(Piece(outline, marks))
    return out


def _edges(outline: Sequence[Point]) -> Iterator[tuple[Point, Point]]:
    return zip(outline, [*outline[1:], outline[0]], strict=True)


def _inside_distance(outline: Sequence[Point], x: float, y: float) -> float:
    """Distance from (x, y) to the nearest edge line of a convex outline (negative outside)."""
    cx = sum(p[0] for p in outline) / len(outline)
    cy = sum(p[1] for p in outline) / len(outline)
    best = math.inf
    for (x1, y1), (x2, y2) in _edges(outline):
        nx, ny = y2 - y1, x1 - x2
        length = math.hypot(nx, ny)
        d = ((x - x1) * nx + (y - y1) * ny) / length
        centre = ((cx - x1) * nx + (cy - y1) * ny) / length
        best = min(best, d if centre > 0 else -d)
    return best


def mark_distance(piece: Piece) -> float:
    """The least distance of any mark of the piece to its cut line (circles exactly, text by its box)."""
    best = math.inf
    for prim, m in piece.marks:
        if isinstance(prim, Circle):
            cx, cy = m.apply(prim.cx, prim.cy)
            best = min(best, _inside_distance(piece.outline, cx, cy) - prim.r * math.hypot(m.a, m.b))
        elif isinstance(prim, Polygon):
            best = min(best, *(_inside_distance(piece.outline, *m.apply(x, y)) for x, y in prim.points))
        elif isinstance(prim, Line):
            reach = prim.style.stroke_width / 2
            best = min(best, *(_inside_distance(piece.outline, *m.apply(x, y)) - reach
                               for x, y in ((prim.x1, prim.y1), (prim.x2, prim.y2))))
        elif isinstance(prim, Text):
            best = min(best, *(_inside_distance(piece.outline, x, y) for x, y in prim.glyph_points(m)))
    return best


def _painted(page: Page) -> list[tuple[Point, ...]]:
    """Every filled rectangle and polygon of a page, as polygons on the page."""
    shapes = []
    for item in page.items:
        for prim, m in _walk(item, IDENTITY):
            if isinstance(prim, Rect) and prim.style.fill not in (None, "none", "#ffffff"):
                x0, y0, x1, y1 = prim.x, prim.y, prim.x + prim.w, prim.y + prim.h
                shapes.append(tuple(m.apply(x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))))
            elif isinstance(prim, Polygon) and prim.style.fill not in (None, "none", "#ffffff"):
                shapes.append(tuple(m.apply(x, y) for x, y in prim.points))
    return shapes


def _offset_samples(outline: Sequence[Point], distance: float, per_edge: int = 12) -> list[Point]:
    """Points all round the outline, `distance` outside it (along edges and round the corners)."""
    cx = sum(p[0] for p in outline) / len(outline)
    cy = sum(p[1] for p in outline) / len(outline)
    points = []
    for (x1, y1), (x2, y2) in _edges(outline):
        nx, ny = y2 - y1, x1 - x2
        length = math.hypot(nx, ny)
        nx, ny = nx / length, ny / length
        if (cx - x1) * nx + (cy - y1) * ny > 0:
            nx, ny = -nx, -ny
        for i in range(per_edge + 1):
            t = i / per_edge
            points.append((x1 + (x2 - x1) * t + nx * distance, y1 + (y2 - y1) * t + ny * distance))
    return points


def _in_convex(shape: Sequence[Point], x: float, y: float) -> bool:
    return _inside_distance(shape, x, y) >= -1e-9


def cover_distance(outline: Sequence[Point], painted: Sequence[Sequence[Point]]) -> float:
    """How far outside the outline every point stays painted (to 0.001 mm, at most COVER_LIMIT_MM)."""

    def covered(d: float) -> bool:
        return all(any(_in_convex(s, x, y) for s in painted) for x, y in _offset_samples(outline, d))

    if not covered(0.0):
        return 0.0
    low, high = 0.0, COVER_LIMIT_MM
    if covered(high):
        return high
    while high - low > 0.001:
        middle = (low + high) / 2
        low, high = (middle, high) if covered(middle) else (low, middle)
    return low


def sheet_margins(front: Page, back: Page | None) -> SheetMargins:
    found = pieces(front)
    inside = min((mark_distance(p) for p in found), default=math.inf)
    if back is None:
        return SheetMargins(len(found), inside, None)
    mirror = duplex_mirror(back)
    painted = [tuple(mirror.apply(x, y) for x, y in shape) for shape in _painted(back)]
    cover = min((cover_distance(p.outline, painted) for p in found), default=math.inf)
    return SheetMargins(len(found), inside, cover)
