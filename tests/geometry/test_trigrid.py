"""The triangular grid: adjacency, points, shapes and transforms."""

from __future__ import annotations

import itertools
import math

from pnp.geometry import trigrid as tg
from pnp.geometry.trigrid import Cell, Point


def big_triangle_up(apex: Point) -> frozenset[Cell]:
    """Side-2 triangle pointing up, apex at a grid point: 4 cells."""
    px, py = apex
    return frozenset({(px - 1, py), (px - 2, py + 1), (px - 1, py + 1), (px, py + 1)})


def big_triangle_down(top_left: Point) -> frozenset[Cell]:
    px, py = top_left
    return frozenset({(px, py), (px + 1, py), (px + 2, py), (px + 1, py + 1)})


def test_neighbours_share_an_edge_and_flip_direction():
    for cell in itertools.product(range(-3, 4), range(-3, 4)):
        for other in tg.neighbours(cell):
            assert tg.is_up(other) != tg.is_up(cell)
            assert len(set(tg.corners(cell)) & set(tg.corners(other))) == 2
            assert cell in tg.neighbours(other)


def test_six_cells_around_every_point():
    for point in [(1, 0), (2, 1), (-3, 4), (4, 3)]:
        cells = tg.cells_at_point(point)
        assert len(set(cells)) == 6
        assert all(point in tg.corners(c) for c in cells)
        assert sum(tg.is_up(c) for c in cells) == 3


def test_corner_points_have_odd_parity_and_cells_roundtrip():
    for cell in itertools.product(range(-4, 5), range(-4, 5)):
        pts = tg.corners(cell)
        assert all((x + y) % 2 == 1 for x, y in pts)
        assert tg.cell_of_points(pts) == cell
        assert all(tg.from_axial(*tg.to_axial(p)) == p for p in pts)


def test_corners_are_clockwise_on_paper():
    layout = tg.TriLayout(side=10)
    for cell in [(0, 0), (1, 0), (5, -2), (-3, 7)]:
        (x0, y0), (x1, y1), (x2, y2) = layout.polygon(cell)
        # With y pointing down, a positive cross product is a clockwise turn on paper.
        assert (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0) > 0


def test_rotation_keeps_shape_and_six_turns_is_identity():
    shape = big_triangle_up((3, 0)) | {(1, 2)}
    assert tg.normalise(tg.transform_cells(shape, 6)) == tg.normalise(shape)
    for turns in range(6):
        turned = tg.transform_cells(shape, turns)
        assert len(set(turned)) == len(shape)


def test_orientation_counts():
    small_rhombus = [(0, 0), (1, 0)]
    assert len(tg.orientations(small_rhombus)) == 3
    assert len(tg.orientations(big_triangle_up((1, 0)))) == 2
    assert len(tg.orientations(tg.cells_at_point((2, 1)))) == 1
    big_rhombus = big_triangle_up((1, 0)) | big_triangle_down((-1, 2))
    assert len(big_rhombus) == 8
    assert len(tg.orientations(big_rhombus)) == 3


def test_hexagon_regions():
    for n in (1, 2, 3, 4):
        cells = tg.hexagon_cells(n)
        assert len(cells) == 6 * n * n
        assert len(tg.inner_points(cells)) == 3 * (n - 1) * n + 1  # centred hexagonal numbers
    assert len(tg.inner_points(tg.hexagon_cells(4))) == 37


def test_placements_in_region():
    region = tg.hexagon_cells(2)
    hexagon = tg.normalise(tg.cells_at_point((2, 1)))
    assert len(tg.placements(hexagon, region)) == 7
    assert len(tg.placements(tg.normalise([(0, 0)]), region)) == 12


def test_layout_measures_millimetres():
    layout = tg.TriLayout(side=28.0, origin_x=5, origin_y=7)
    a, b, c = layout.polygon((4, 2))
    for p, q in ((a, b), (b, c), (c, a)):
        assert math.isclose(math.dist(p, q), 28.0)
