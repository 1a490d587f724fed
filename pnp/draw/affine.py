"""2-D affine transforms and bounding boxes, in the SVG convention (y grows downwards)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Affine:
    """The matrix [a c e; b d f; 0 0 1], exactly SVG's matrix(a b c d e f) and PDF's cm operator."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    @staticmethod
    def translate(tx: float, ty: float = 0.0) -> Affine:
        return Affine(e=tx, f=ty)

    @staticmethod
    def scale(sx: float, sy: float | None = None) -> Affine:
        return Affine(a=sx, d=sx if sy is None else sy)

    @staticmethod
    def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Affine:
        """Clockwise on the page (y down), like SVG rotate(deg cx cy)."""
        rad = math.radians(degrees)
        cos, sin = math.cos(rad), math.sin(rad)
        # Snap exact quarter turns so mirrored/rotated layouts produce clean numbers.
        cos, sin = round(cos, 15), round(sin, 15)
        turn = Affine(a=cos, b=sin, c=-sin, d=cos)
        if cx or cy:
            return Affine.translate(cx, cy) @ turn @ Affine.translate(-cx, -cy)
        return turn

    @staticmethod
    def mirror_x(axis: float = 0.0) -> Affine:
        """Mirror left/right about the vertical line x = axis (for long-edge duplex backs)."""
        return Affine(a=-1.0, e=2 * axis)

    @staticmethod
    def mirror_y(axis: float = 0.0) -> Affine:
        """Mirror top/bottom about the horizontal line y = axis."""
        return Affine(d=-1.0, f=2 * axis)

    def __matmul__(self, other: Affine) -> Affine:
        """self @ other applies other first, then self (like nested SVG groups)."""
        return Affine(
            a=self.a * other.a + self.c * other.b,
            b=self.b * other.a + self.d * other.b,
            c=self.a * other.c + self.c * other.d,
            d=self.b * other.c + self.d * other.d,
            e=self.a * other.e + self.c * other.f + self.e,
            f=self.b * other.e + self.d * other.f + self.f,
        )

    def apply(self, x: float, y: float) -> Point:
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    @property
    def is_identity(self) -> bool:
        return self == IDENTITY

    @property
    def linear_scale(self) -> float:
        """Mean length scale, used to scale stroke widths for bounding boxes."""
        return math.sqrt(abs(self.a * self.d - self.b * self.c))

    def as_tuple(self) -> tuple[float, float, float, float, float, float]:
        return (self.a, self.b, self.c, self.d, self.e, self.f)


IDENTITY = Affine()


@dataclass(frozen=True)
class BBox:
    x0: float
    y0: float
    x1: float
    y1: float

    @staticmethod
    def of_points(points: Iterable[Point]) -> BBox:
        xs, ys = zip(*points, strict=True)
        return BBox(min(xs), min(ys), max(xs), max(ys))

    def union(self, other: BBox) -> BBox:
        return BBox(
            min(self.x0, other.x0), min(self.y0, other.y0), max(self.x1, other.x1), max(self.y1, other.y1)
        )

    def grow(self, amount: float) -> BBox:
        return BBox(self.x0 - amount, self.y0 - amount, self.x1 + amount, self.y1 + amount)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def overhang(self, inner: BBox) -> dict[str, float]:
        """How far this box sticks out of `inner` on each side, in mm (only sides that do)."""
        sides = {
            "left": inner.x0 - self.x0,
            "top": inner.y0 - self.y0,
            "right": self.x1 - inner.x1,
            "bottom": self.y1 - inner.y1,
        }
        return {side: amount for side, amount in sides.items() if amount > 1e-6}


def union_all(boxes: Iterable[BBox]) -> BBox | None:
    result: BBox | None = None
    for box in boxes:
        result = box if result is None else result.union(box)
    return result


def cubic_extremes(p0: float, p1: float, p2: float, p3: float) -> list[float]:
    """Parameters t in (0, 1) where one coordinate of a cubic Bezier has a local extreme."""
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    if abs(a) < 1e-12:
        roots = [] if abs(b) < 1e-12 else [-c / b]
    else:
        disc = b * b - 4 * a * c
        if disc < 0:
            return []
        root = math.sqrt(disc)
        roots = [(-b + root) / (2 * a), (-b - root) / (2 * a)]
    return [t for t in roots if 0 < t < 1]


def cubic_point(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    u = 1 - t
    return (
        u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
        u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
    )


def cubic_bbox_points(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    """End points plus the extreme points: the exact bounding box of the curve."""
    ts = cubic_extremes(p0[0], p1[0], p2[0], p3[0]) + cubic_extremes(p0[1], p1[1], p2[1], p3[1])
    return [p0, p3, *(cubic_point(p0, p1, p2, p3, t) for t in ts)]
