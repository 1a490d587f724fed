"""A grid of equilateral triangles.

Cells are `(c, r)`: row r (y grows downwards, as on paper), column c. A cell points up when
c + r is even. Grid points are `(px, py)` with px + py odd: x = px * side / 2, y = py * height.

    up cell (c, r):   apex (c+1, r),   base (c, r+1) and (c+2, r+1)
    down cell (c, r): top (c, r) and (c+2, r),   apex (c+1, r+1)

Rotations and reflections work on axial lattice coordinates of the points, (a, b) with
position a * e1 + b * e2 (e1 along x, e2 60 degrees off it), so shapes given as cell sets can be
turned into every orientation without special cases.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

Cell = tuple[int, int]
Point = tuple[int, int]

SQRT3_2 = math.sqrt(3) / 2


def is_up(cell: Cell) -> bool:
    return (cell[0] + cell[1]) % 2 == 0


def corners(cell: Cell) -> tuple[Point, Point, Point]:
    """The three corner points, clockwise on paper (y down), starting at the apex for up cells
    and at the top-left corner for down cells."""
    c, r = cell
    if is_up(cell):
        return (c + 1, r), (c + 2, r + 1), (c, r + 1)
    return (c, r), (c + 2, r), (c + 1, r + 1)


def edges(cell: Cell) -> tuple[tuple[Point, Point], ...]:
    """The three edges as point pairs, in the order of `corners` (edge i joins corner i and i+1)."""
    p = corners(cell)
    return (p[0], p[1]), (p[1], p[2]), (p[2], p[0])


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """Edge neighbours: left, right, and the one across the horizontal edge."""
    c, r = cell
    vertical = (c, r + 1) if is_up(cell) else (c, r - 1)
    return (c - 1, r), (c + 1, r), vertical


def shares_edge(a: Cell, b: Cell) -> bool:
    return b in neighbours(a)


def cells_at_point(point: Point) -> tuple[Cell, ...]:
    """The six cells around a grid point: three in the row above it, three in the row below."""
    px, py = point
    return tuple((c, r) for r in (py - 1, py) for c in (px - 2, px - 1, px))


def edge_between(a: Cell, b: Cell) -> tuple[Point, Point]:
    shared = set(corners(a)) & set(corners(b))
    if len(shared) != 2:
        raise ValueError(f"cells {a} and {b} share no edge")
    p, q = sorted(shared)
    return p, q


def touch_at_point_only(a: Cell, b: Cell) -> bool:
    return a != b and len(set(corners(a)) & set(corners(b))) == 1


# --- lattice transforms -------------------------------------------------------------------

def to_axial(point: Point) -> tuple[int, int]:
    px, py = point
    return (px - 1 - py) // 2, py


def from_axial(a: int, b: int) -> Point:
    return 2 * a + b + 1, b


def cell_of_points(points: Iterable[Point]) -> Cell:
    """The cell whose corners are these three points."""
    pts = sorted(points, key=lambda p: (p[1], p[0]))
    top, middle, _bottom = pts
    if top[1] == middle[1]:  # two corners on top: a down cell
        return top[0], top[1]
    return middle[0], top[1]  # an up cell: `middle` is its left base corner


def _rotate60(a: int, b: int) -> tuple[int, int]:
    # 60 degrees about the origin point in axial coordinates.
    return -b, a + b


def _reflect(a: int, b: int) -> tuple[int, int]:
    return b, a


def transform_cells(cells: Iterable[Cell], turns: int, mirror: bool = False) -> list[Cell]:
    """Rotate cells by turns * 60 degrees (after mirroring, if asked) about a lattice point."""
    out = []
    for cell in cells:
        pts = []
        for point in corners(cell):
            a, b = to_axial(point)
            if mirror:
                a, b = _reflect(a, b)
            for _ in range(turns % 6):
                a, b = _rotate60(a, b)
            pts.append(from_axial(a, b))
        out.append(cell_of_points(pts))
    return out


def normalise(cells: Iterable[Cell]) -> frozenset[Cell]:
    """Translate a shape so its top row is row 0 and its first cell column 0 or 1, keeping
    every cell's up/down direction."""
    cells = list(cells)
    top = min(r for _, r in cells)
    first = min(c for c, r in cells if r == top)
    dc = first - ((first - top) % 2)  # dc + top stays even, so up cells stay up
    return frozenset((c - dc, r - top) for c, r in cells)


def orientations(cells: Iterable[Cell], mirror: bool = True) -> list[frozenset[Cell]]:
    """Every distinct orientation of a shape, normalised, in a stable order."""
    base = list(cells)
    seen: list[frozenset[Cell]] = []
    for flip in (False, True) if mirror else (False,):
        for turns in range(6):
            shape = normalise(transform_cells(base, turns, flip))
            if shape not in seen:
                seen.append(shape)
    return seen


def placements(shape: frozenset[Cell], region: frozenset[Cell] | set[Cell]) -> list[frozenset[Cell]]:
    """Every translate of a normalised shape that lies wholly inside a region."""
    anchor = min(shape, key=lambda cell: (cell[1], cell[0]))
    result = []
    for cell in sorted(region, key=lambda cell: (cell[1], cell[0])):
        dc, dr = cell[0] - anchor[0], cell[1] - anchor[1]
        if (dc + dr) % 2:
            continue  # an odd shift would swap up and down cells
        moved = frozenset((c + dc, r + dr) for c, r in shape)
        if moved <= region:
            result.append(moved)
    return result


# --- common shapes --------------------------------------------------------------------------

def hexagon_cells(n: int, centre: Point = (1, 0)) -> frozenset[Cell]:
    """A hexagon of side n (6 n^2 cells) around a grid point."""
    cx, cy = centre
    cells = set()
    for r in range(cy - n, cy + n):
        for c in range(cx - 4 * n, cx + 4 * n):
            if _inside_hexagon((c, r), n, centre):
                cells.add((c, r))
    return frozenset(cells)


def _inside_hexagon(cell: Cell, n: int, centre: Point) -> bool:
    # A cell is inside when all its corners are within the hexagon (hex distance <= n).
    ca, cb = to_axial(centre)
    for point in corners(cell):
        a, b = to_axial(point)
        da, db = a - ca, b - cb
        if max(abs(da), abs(db), abs(da + db)) > n:
            return False
    return True


def inner_points(region: Iterable[Cell]) -> list[Point]:
    """Grid points with all six surrounding cells inside the region."""
    cells = set(region)
    points = {p for cell in cells for p in corners(cell)}
    return sorted((p for p in points if all(x in cells for x in cells_at_point(p))),
                  key=lambda p: (p[1], p[0]))


# --- millimetres -----------------------------------------------------------------------------

@dataclass(frozen=True)
class TriLayout:
    """Places the grid on paper: side length in mm and the position of point (0, 0)."""

    side: float
    origin_x: float = 0.0
    origin_y: float = 0.0

    @property
    def height(self) -> float:
        return self.side * SQRT3_2

    def point(self, point: Point) -> tuple[float, float]:
        return self.origin_x + point[0] * self.side / 2, self.origin_y + point[1] * self.height

    def polygon(self, cell: Cell) -> list[tuple[float, float]]:
        return [self.point(p) for p in corners(cell)]

    def centroid(self, cell: Cell) -> tuple[float, float]:
        pts = self.polygon(cell)
        return sum(x for x, _ in pts) / 3, sum(y for _, y in pts) / 3


def bounds(cells: Iterable[Cell]) -> tuple[int, int, int, int]:
    """Point-coordinate bounds (min px, min py, max px, max py) of a set of cells."""
    pts = [p for cell in cells for p in corners(cell)]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
