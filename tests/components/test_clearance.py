"""Pieces are smaller than the places they lie in, measured on the printed SVGs: a Rautino stone's
triangles against the board's triangles, a Zatre tile against a board field (both board sizes)."""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import pairwise

import pytest
from drawhelp import SVG_NS, svg_root

from pnp.draw.paper import A4
from pnp.draw.svg import render_svg
from pnp.games import rautino, zatre
from pnp.kit import kit_context


def svg_elements(pages, cls: str, tag: str):
    for page in pages:
        for el in svg_root(render_svg(page)).iter(f"{SVG_NS}{tag}"):
            if el.get("class") == cls:
                yield el


def polygon_sides(el) -> list[float]:
    points = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
    return [math.dist(a, b) for a, b in pairwise([*points, points[0]])]


def rautino_sides(model) -> tuple[float, float]:
    """(board triangle side, stone side), each the one size found on its printed sheets."""
    ctx = kit_context(A4, "en")
    parts = rautino.GAME.impl.components
    board = {round(s, 3) for el in svg_elements(parts["board"](model, ctx), "board-cell", "polygon")
             for s in polygon_sides(el)}
    stones = {round(s, 3) for el in svg_elements(parts["tiles"](model, ctx), "stone-cut", "polygon")
              for s in polygon_sides(el)}
    assert len(board) == 1 and len(stones) == 1
    return board.pop(), stones.pop()


def test_rautino_stones_are_smaller_than_the_board_triangles() -> None:
    model = rautino.GAME.load(None)
    board, stone = rautino_sides(model)
    assert board == pytest.approx(model.board.triangle_mm, abs=0.002)
    assert board - stone == pytest.approx(0.4, abs=0.002)
    # A stone laid centred in its place keeps a gap on every edge: the inradius shrinks by d / (2 √3).
    assert (board - stone) / (2 * math.sqrt(3)) > 0.1


def test_rautino_clearance_follows_the_spec() -> None:
    model = rautino.GAME.load(None)
    tight = replace(model, board=replace(model.board, stone_clearance_mm=0.0))
    board, stone = rautino_sides(tight)
    assert board == pytest.approx(stone, abs=0.002)


def test_rautino_clearance_limits(tmp_path) -> None:
    from pnp.errors import SpecError
    from pnp.spec import template_path

    text = template_path("rautino").read_text().replace("stone_clearance_mm = 0.4", "stone_clearance_mm = 9")
    spec = tmp_path / "rautino.toml"
    spec.write_text(text)
    with pytest.raises(SpecError, match="stone_clearance_mm"):
        rautino.GAME.load(spec)


def cut_pitch(pages) -> set[float]:
    xs = sorted({float(el.get("x1")) for el in svg_elements(pages, "cut-line", "line") if el.get("x1") == el.get("x2")})
    return {round(b - a, 3) for a, b in pairwise(xs)}


@pytest.mark.parametrize("sheets", [1, 2])
def test_zatre_tiles_are_smaller_than_the_board_fields(sheets) -> None:
    model = zatre.GAME.load(None)
    ctx = kit_context(A4, "en", board_sheets=sheets)
    fields = {round(float(el.get("width")), 3)
              for el in svg_elements(zatre.GAME.impl.components["board"](model, ctx), "field", "rect")}
    (field,) = fields
    (tile,) = cut_pitch(zatre.GAME.impl.components["tiles"](model, ctx))
    assert field - tile >= 0.4, (field, tile)
