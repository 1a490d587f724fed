"""One Triomino tile drawn on a page: a triangle with a big bold number in each corner.

As on the originals, each number stands near its corner and is turned to face it: the top of
the digit points at the corner, its baseline runs parallel to the opposite edge. Every size is
a fraction of the side, so the same code draws a 40 mm tile for the sheet and a 12 mm one for a
rules figure. A 6 and a 9 look alike upside down; with both possible they are underlined.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.draw.affine import Affine
from pnp.draw.primitives import Group, Line, Polygon, Primitive, Style, Text, filled

Point = tuple[float, float]

DIGIT_SIZE = 0.22  # font size (em) per side: a 40 mm tile has 8.8 mm digits (25 pt), 6.4 mm tall
DIGIT_INSET = 0.28  # distance from a corner to the middle of its digit, per side: keeps it 2 mm from the cut
CAP_HEIGHT = 0.729  # Vera Bold digits, per em
FACE = "#ffffff"
INK = "#000000"

UP_CORNERS = ("apex", "right", "left")  # trigrid.corners order for an up cell: clockwise from the apex
DOWN_CORNERS = ("top-left", "top-right", "bottom")


def corner_names(points: Sequence[Point]) -> tuple[str, str, str]:
    """Names of the three corners (clockwise from corner 0) of an up or a down triangle."""
    ys = sorted(p[1] for p in points)
    pointing_up = ys[0] < ys[1] - 1e-9  # one corner alone at the top
    return UP_CORNERS if pointing_up else DOWN_CORNERS


def centroid(points: Sequence[Point]) -> Point:
    return sum(p[0] for p in points) / 3, sum(p[1] for p in points) / 3


def side_of(points: Sequence[Point]) -> float:
    (x0, y0), (x1, y1) = points[0], points[1]
    return math.hypot(x1 - x0, y1 - y0)


def number_glyphs(points: Sequence[Point], corner: int, number: int, *, underline: bool,
                  colour: str = INK, name: str = "") -> list[Primitive]:
    """The digit of one corner, turned to face it (and its underline for a 6 or a 9)."""
    side = side_of(points)
    gx, gy = centroid(points)
    vx, vy = points[corner]
    length = math.hypot(vx - gx, vy - gy)
    ux, uy = (vx - gx) / length, (vy - gy) / length  # unit vector towards the corner: the digit's "up"
    size = DIGIT_SIZE * side
    cap = CAP_HEIGHT * size
    mid_x, mid_y = vx - ux * DIGIT_INSET * side, vy - uy * DIGIT_INSET * side
    base_x, base_y = mid_x - ux * cap / 2, mid_y - uy * cap / 2
    angle = math.degrees(math.atan2(ux, -uy))  # clockwise turn that takes "up" onto (ux, uy)
    glyphs: list[Primitive] = [
        Text(base_x, base_y, str(number), size, weight="bold", anchor="middle", rotation=round(angle, 6),
             style=filled(colour), cls="tile-number",
             data={"corner": name or str(corner), "value": str(number)}),
    ]
    if underline:
        turn = Affine.rotate(angle, base_x, base_y)
        half, drop = 0.3 * size, 0.1 * size
        (x1, y1), (x2, y2) = turn.apply(base_x - half, base_y + drop), turn.apply(base_x + half, base_y + drop)
        glyphs.append(Line(x1, y1, x2, y2, style=Style(stroke=colour, stroke_width=0.075 * size),
                           cls="tile-underline"))
    return glyphs


def tile_group(points: Sequence[Point], numbers: Sequence[int], *, underline_69: bool = False,
               face: str | None = FACE, outline: Style | None = None,
               cls: str = "tile", data: dict[str, str] | None = None) -> Group:
    """A tile with `numbers[i]` on corner `points[i]`; points are clockwise on the page.

    `outline` strokes the triangle (figures); on tile sheets the cut lines do that instead.
    """
    names = corner_names(points)
    style = Style(stroke=outline.stroke if outline else None,
                  stroke_width=outline.stroke_width if outline else 0.0, fill=face)
    children: list[Primitive] = [Polygon(tuple(points), style=style, cls="tile-face")]
    for corner, number in enumerate(numbers):
        children += number_glyphs(points, corner, number, underline=underline_69 and number in (6, 9),
                                  name=names[corner])
    tags = {"tile": "-".join(map(str, numbers)), "first-corner": names[0]} | (data or {})
    return Group(children=tuple(children), cls=cls, data=tags)

