"""Artwork every Rautino page shares: coloured triangles with their symbols, stones with bleed,
and small shape diagrams. Everything is drawn from the model's colours and symbols."""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.draw.affine import Point
from pnp.draw.scene import GroupBuilder, Page, Style, filled, stroked
from pnp.geometry import trigrid as tg

from ..model import Colour, Shape

Builder = Page | GroupBuilder
INK = "#222222"
PAPER = "#ffffff"
JOKER_INNER = "#ffffff"
BOARD_FILL = "#f6f1e7"
GRID = "#9a9080"
BACK_FILL = "#2d3047"
BACK_LINE = "#e8e2d0"


def luminance(hex_colour: str) -> float:
    """Perceived brightness 0..255 (ITU-R 601 weights), what a greyscale printer prints."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def mark_colour(colour: Colour) -> str:
    """Symbol ink that stands out on the colour: white on dark colours, dark on light ones."""
    if colour.joker:
        return "#7a7a7a"
    return PAPER if luminance(colour.fill) < 150 else INK


# ---- polygon helpers ----------------------------------------------------------------------------

def centroid(points: Sequence[Point]) -> Point:
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def incircle(tri: Sequence[Point]) -> tuple[float, float, float]:
    """Centre and radius of a triangle's inscribed circle."""
    (ax, ay), (bx, by), (cx, cy) = tri
    a, b, c = math.dist(tri[1], tri[2]), math.dist(tri[0], tri[2]), math.dist(tri[0], tri[1])
    p = a + b + c
    x, y = (a * ax + b * bx + c * cx) / p, (a * ay + b * by + c * cy) / p
    s = p / 2
    area = abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) / 2
    return x, y, area / s


def _signed_area(points: Sequence[Point]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True)) / 2


def offset_convex(points: Sequence[Point], distance: float) -> list[Point]:
    """A convex polygon grown outwards by `distance` on every edge (corners stay sharp)."""
    n = len(points)
    sign = 1.0 if _signed_area(points) > 0 else -1.0
    lines = []
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        # Outward normal of a counter-clockwise (in y-down maths: positive area) polygon.
        nx, ny = sign * (y1 - y0) / length, -sign * (x1 - x0) / length
        lines.append(((x0 + nx * distance, y0 + ny * distance), (x1 - x0, y1 - y0)))
    out = []
    for i in range(n):
        (p, d), (q, e) = lines[i - 1], lines[i]
        denom = d[0] * e[1] - d[1] * e[0]
        t = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / denom
        out.append((p[0] + t * d[0], p[1] + t * d[1]))
    return out


def clip_half_plane(points: Sequence[Point], a: Point, b: Point, keep: Point) -> list[Point]:
    """The part of a convex polygon on the same side of line a-b as the point `keep`."""

    def side(p: Point) -> float:
        return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])

    want = 1.0 if side(keep) > 0 else -1.0
    out: list[Point] = []
    for i, p in enumerate(points):
        q = points[(i + 1) % len(points)]
        sp, sq = side(p) * want, side(q) * want
        if sp >= 0:
            out.append(p)
        if sp * sq < 0:
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


# ---- symbols -----------------------------------------------------------------------------------

def _regular(cx: float, cy: float, r: float, n: int, start_deg: float) -> list[Point]:
    return [(cx + r * math.cos(math.radians(start_deg + k * 360 / n)),
             cy + r * math.sin(math.radians(start_deg + k * 360 / n))) for k in range(n)]


def draw_symbol(b: Builder, symbol: str, cx: float, cy: float, r: float, ink: str, **kw: object) -> None:
    """One colour symbol centred at (cx, cy), fitting a circle of radius r."""
    solid = filled(ink)
    line = Style(stroke=ink, stroke_width=r * 0.32, linecap="round")
    if symbol == "circle":
        b.circle(cx, cy, r * 0.82, style=solid, **kw)
    elif symbol == "ring":
        b.circle(cx, cy, r * 0.7, style=Style(stroke=ink, stroke_width=r * 0.28), **kw)
    elif symbol == "square":
        side = r * 1.35
        b.rect(cx - side / 2, cy - side / 2, side, side, style=solid, **kw)
    elif symbol == "diamond":
        b.polygon(_regular(cx, cy, r, 4, -90), style=solid, **kw)
    elif symbol == "triangle":
        b.polygon(_regular(cx, cy + r * 0.12, r, 3, -90), style=solid, **kw)
    elif symbol == "hexagon":
        b.polygon(_regular(cx, cy, r * 0.9, 6, 0), style=solid, **kw)
    elif symbol == "star":
        outer = _regular(cx, cy + r * 0.06, r, 5, -90)
        inner = _regular(cx, cy + r * 0.06, r * 0.42, 5, -54)
        b.polygon([p for pair in zip(outer, inner, strict=True) for p in pair], style=solid, **kw)
    elif symbol == "cross":
        d = r * 0.62
        b.line(cx - d, cy - d, cx + d, cy + d, style=line, **kw)
        b.line(cx - d, cy + d, cx + d, cy - d, style=line, **kw)
    elif symbol == "plus":
        d = r * 0.85
        b.line(cx - d, cy, cx + d, cy, style=line, **kw)
        b.line(cx, cy - d, cx, cy + d, style=line, **kw)
    elif symbol == "heart":
        w, top = r * 0.9, cy - r * 0.35
        b.path(("M", cx, cy + r * 0.8), ("C", cx - w * 1.6, cy, cx - w * 0.9, top - r * 0.9, cx, top),
               ("C", cx + w * 0.9, top - r * 0.9, cx + w * 1.6, cy, cx, cy + r * 0.8), ("Z",),
               style=solid, **kw)
    else:  # the loader allows only SYMBOLS, so this is a programming error
        raise ValueError(f"no drawing for symbol {symbol!r}")


# ---- triangles and stones ----------------------------------------------------------------------

def draw_triangle(b: Builder, tri: Sequence[Point], colour: Colour, *, paint: Sequence[Point] | None = None,
                  symbol_scale: float = 0.62, outline: Style | None = None, **kw: object) -> None:
    """A coloured triangle with its symbol; `paint` is a larger area to fill (bleed) if given."""
    # Bleed beyond the cut line is waste paper: it may reach into the printer's margin.
    b.polygon(list(paint or tri), style=filled(colour.fill), important=paint is None, **kw)
    cx, cy, r = incircle(tri)
    if colour.joker:
        # White/grey: a white triangle inside the grey one, the joker mark on it.
        inset = [(cx + (x - cx) * 0.72, cy + (y - cy) * 0.72) for x, y in tri]
        b.polygon(inset, style=filled(JOKER_INNER))
    draw_symbol(b, colour.symbol, cx, cy, r * symbol_scale, mark_colour(colour))
    if outline is not None:
        b.polygon(list(tri), style=outline)


def stone_triangles(rhombus: Sequence[Point]) -> tuple[list[Point], list[Point]]:
    """Split a rhombus (bottom-left, top-left, top-right, bottom-right) along its short diagonal."""
    bl, tl, tr, br = rhombus
    return [tl, br, bl], [tl, tr, br]


def draw_stone(b: Builder, rhombus: Sequence[Point], colours: tuple[Colour, Colour], bleed: float = 0.0,
               outline: Style | None = None, **kw: object) -> None:
    """A stone: two coloured triangles; with bleed each colour runs `bleed` mm past the outline."""
    first, second = stone_triangles(rhombus)
    grown = offset_convex(rhombus, bleed) if bleed else None
    tl, br = rhombus[1], rhombus[3]
    for tri, colour in ((first, colours[0]), (second, colours[1])):
        paint = clip_half_plane(grown, tl, br, centroid(tri)) if grown else None
        draw_triangle(b, tri, colour, paint=paint, **kw)
    if outline is not None:
        b.polygon(list(rhombus), style=outline)


# ---- shape diagrams ----------------------------------------------------------------------------

def shape_cells_for_diagram(shape: Shape) -> frozenset[tg.Cell]:
    """The shape in its most 'upright' orientation (widest, then flattest) for legends."""
    def key(cells: frozenset[tg.Cell]) -> tuple[float, ...]:
        x0, y0, x1, y1 = tg.bounds(cells)
        return (y1 - y0, -(x1 - x0), sorted(cells))  # type: ignore[return-value]
    return min(shape.orientations, key=key)


def diagram_size(cells: frozenset[tg.Cell], tri: float) -> tuple[float, float]:
    x0, y0, x1, y1 = tg.bounds(cells)
    return (x1 - x0) * tri / 2, (y1 - y0) * tri * tg.SQRT3_2


def diagram_layout(cells: frozenset[tg.Cell], tri: float, x: float, y: float) -> tg.TriLayout:
    """Layout placing the cells' top-left bound at (x, y)."""
    x0, y0, _, _ = tg.bounds(cells)
    return tg.TriLayout(tri, x - x0 * tri / 2, y - y0 * tri * tg.SQRT3_2)


def draw_cells(b: Builder, layout: tg.TriLayout, cells: dict[tg.Cell, Colour], *, symbols: bool = True,
               line: Style | None = None) -> None:
    edge = line or stroked(INK, 0.25)
    for cell, colour in sorted(cells.items()):
        tri = layout.polygon(cell)
        if symbols:
            draw_triangle(b, tri, colour, outline=edge)
        else:
            b.polygon(tri, style=filled(colour.fill, INK, edge.stroke_width))


def new_stone_in(shape: Shape, cells: frozenset[tg.Cell]) -> tuple[tg.Cell, tg.Cell]:
    """A plausible last-placed stone for a shape's legend diagram, obeying its new-stone rule:
    both triangles inside, or one inside and one just outside."""
    ordered = sorted(cells, key=lambda c: (c[1], c[0]))
    if shape.new_stone == "one":
        for cell in reversed(ordered):
            for n in tg.neighbours(cell):
                if n not in cells:
                    return cell, n
    for cell in reversed(ordered):
        for n in tg.neighbours(cell):
            if n in cells:
                return cell, n
    return ordered[0], tg.neighbours(ordered[0])[0]
