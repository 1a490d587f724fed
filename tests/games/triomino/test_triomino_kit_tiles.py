"""Triomino tile sheets read back from the SVG: the set, the clockwise numbers, the size, the backs."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from drawhelp import SVG_NS, svg_root

from pnp.components.sheets import back_point
from pnp.draw.paper import A4, LETTER
from pnp.draw.svg import render_svg
from pnp.draw.text import text_width
from pnp.games.triomino.kit.tiles import tile_pages
from pnp.games.triomino.model import load
from pnp.kit import kit_context
from pnp.spec import template_path

ROTATE = re.compile(r"rotate\(([-\d.e]+) ([-\d.e]+) ([-\d.e]+)\)")


def variant(tmp_path: Path, **changes: str) -> Path:
    """The shipped spec with some `key = value` lines of [tiles] replaced."""
    text = template_path("triomino").read_text(encoding="utf-8")
    for key, value in changes.items():
        text, count = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value}", text, count=1)
        assert count == 1, key
    path = tmp_path / "triomino.toml"
    path.write_text(text, encoding="utf-8")
    return path


def points_of(polygon) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in polygon.get("points").split()]


def read_tiles(svgs: list[bytes], cls: str = "tile") -> list[dict]:
    """Every tile group of the pages: its label, corners and (number, anchor, rotation) per digit."""
    tiles = []
    for page, svg in enumerate(svgs):
        for group in svg_root(svg).iter(f"{SVG_NS}g"):
            if group.get("class") != cls:
                continue
            face = next(p for p in group.iter(f"{SVG_NS}polygon") if p.get("class") in ("tile-face", "back-face"))
            digits = []
            for text in group.iter(f"{SVG_NS}text"):
                if text.get("class") == "tile-number":
                    angle, x, y = anchor(text)
                    digits.append((int(text.text), (x, y), angle, text.get("data-corner")))
            tiles.append({"page": page, "label": group.get("data-tile"), "slot": group.get("data-slot"),
                          "corners": points_of(face), "digits": digits})
    return tiles


def anchor(text) -> tuple[float, float, float]:
    """(rotation, x, y) of a digit's anchor: the middle of its baseline, the turning point."""
    if text.get("transform"):
        angle, x, y = map(float, ROTATE.fullmatch(text.get("transform")).groups())
        return angle, x, y
    start = float(text.get("x").split()[0])
    width = text_width(text.text, float(text.get("font-size")), text.get("font-weight") == "bold")
    return 0.0, start + width / 2, float(text.get("y"))


def signed_area(points) -> float:
    """Positive when the points run clockwise as seen on paper (y grows downwards)."""
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True)) / 2


def clockwise_numbers(tile: dict) -> tuple[int, ...]:
    """The digits read clockwise from corner 0, each assigned to the corner nearest its anchor."""
    by_corner = {}
    for number, (x, y), _, _ in tile["digits"]:
        nearest = min(range(3), key=lambda i: math.dist((x, y), tile["corners"][i]))
        assert nearest not in by_corner, "two digits at one corner"
        by_corner[nearest] = number
    return tuple(by_corner[i] for i in range(3))


@pytest.fixture(scope="module")
def classic():
    model = load(None)
    pages = tile_pages(model, kit_context(A4))
    return model, pages, [render_svg(p) for p in pages]


def test_one_triangle_per_tile_of_the_set(classic) -> None:
    model, _, svgs = classic
    tiles = read_tiles(svgs)
    assert len(tiles) == len(model.tiles) == 56
    assert sorted(t["label"] for t in tiles) == sorted(t.label for t in model.tiles)


def test_numbers_read_clockwise_as_in_the_spec(classic) -> None:
    model, _, svgs = classic
    for tile in read_tiles(svgs):
        assert signed_area(tile["corners"]) > 0  # corner order is clockwise on paper
        assert "-".join(map(str, clockwise_numbers(tile))) == tile["label"]
    assert {t.label for t in model.tiles} >= {"0-1-2", "3-4-5"} and "0-2-1" not in {t.label for t in model.tiles}


def test_each_number_faces_its_corner(classic) -> None:
    _, _, svgs = classic
    for tile in read_tiles(svgs):
        gx = sum(x for x, _ in tile["corners"]) / 3
        gy = sum(y for _, y in tile["corners"]) / 3
        for _, (x, y), angle, _ in tile["digits"]:
            corner = min(tile["corners"], key=lambda c: math.dist(c, (x, y)))
            length = math.dist(corner, (gx, gy))
            towards = ((corner[0] - gx) / length, (corner[1] - gy) / length)
            up = (math.sin(math.radians(angle)), -math.cos(math.radians(angle)))
            assert up == pytest.approx(towards, abs=1e-4)


def test_side_is_the_spec_side_to_a_hundredth_mm(classic) -> None:
    model, _, svgs = classic
    for tile in read_tiles(svgs):
        c = tile["corners"]
        for i in range(3):
            assert math.dist(c[i], c[(i + 1) % 3]) == pytest.approx(model.side_mm, abs=0.01)


def test_digits_are_big_enough_for_arm_length(classic) -> None:
    _, _, svgs = classic
    sizes = {float(t.get("font-size")) for t in svg_root(svgs[0]).iter(f"{SVG_NS}text")
             if t.get("class") == "tile-number"}
    assert min(sizes) >= 8.0  # mm em: digits 6 mm tall on a 40 mm tile


def test_cut_lines_run_straight_across_the_block(classic) -> None:
    model, _, svgs = classic
    root = svg_root(svgs[0])
    cuts = [line for line in root.iter(f"{SVG_NS}line") if line.get("class") == "cut-line"]
    horizontal = [c for c in cuts if c.get("data-direction") == "horizontal"]
    assert len(horizontal) == 8  # 7 strips of 8 tiles
    side = model.side_mm
    for cut in cuts:
        x1, y1, x2, y2 = (float(cut.get(k)) for k in ("x1", "y1", "x2", "y2"))
        units = math.dist((x1, y1), (x2, y2)) / side
        assert units == pytest.approx(round(units), abs=1e-3)  # whole tile edges, never a stub
    assert {round(float(c.get("x2")) - float(c.get("x1")), 3) for c in horizontal} == {4 * side}
    # Every tile edge lies on some cut line.
    for tile in read_tiles(svgs[:1]):
        for i in range(3):
            p, q = tile["corners"][i], tile["corners"][(i + 1) % 3]
            assert any(_on_segment(p, c) and _on_segment(q, c) for c in cuts)


def _on_segment(point, line) -> bool:
    x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
    cross = (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)
    dot = (point[0] - x1) * (x2 - x1) + (point[1] - y1) * (y2 - y1)
    return abs(cross) < 1e-3 * math.dist((x1, y1), (x2, y2)) and -1e-6 <= dot <= (x2 - x1) ** 2 + (y2 - y1) ** 2 + 1e-6


def test_backs_land_on_their_fronts_under_long_edge_duplex(classic) -> None:
    _, pages, svgs = classic
    assert len(pages) == 2
    fronts = {t["slot"]: t for t in read_tiles(svgs[0:1])}
    backs = {t["slot"]: t for t in read_tiles(svgs[1:2], cls="tile-back")}
    assert fronts.keys() == backs.keys()
    for slot, front in fronts.items():
        expected = sorted(back_point(pages[0], x, y) for x, y in front["corners"])
        for got, want in zip(sorted(backs[slot]["corners"]), expected, strict=True):
            assert got == pytest.approx(want, abs=1e-3)
        assert backs[slot]["label"] == front["label"]


@pytest.mark.parametrize(("changes", "count", "sheets"), [
    ({"mirror_tiles": "true"}, 76, 2),
    ({"high": "6"}, 84, 2),
    ({"side_mm": "30.0"}, 56, 1),
])
def test_the_sheets_follow_the_spec(tmp_path, changes, count, sheets) -> None:
    model = load(variant(tmp_path, **changes))
    pages = tile_pages(model, kit_context(A4))
    svgs = [render_svg(p) for p in pages]
    tiles = read_tiles(svgs)
    assert len(tiles) == count == len(model.tiles)
    assert len(pages) == 2 * sheets
    assert sorted(t["label"] for t in tiles) == sorted(t.label for t in model.tiles)
    for tile in tiles:
        assert "-".join(map(str, clockwise_numbers(tile))) == tile["label"]
        assert math.dist(*tile["corners"][:2]) == pytest.approx(model.side_mm, abs=0.01)
    underlined = sum(1 for svg in svgs for el in svg_root(svg).iter(f"{SVG_NS}line")
                     if el.get("class") == "tile-underline")
    assert underlined == (sum(t.numbers.count(6) for t in model.tiles) if model.high >= 6 else 0)


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_pages_are_the_paper_and_inside_the_safe_area(paper) -> None:
    for page in tile_pages(load(None), kit_context(paper, ink="eco")):
        assert {page.width, page.height} == {paper.width, paper.height}
        page.check_safe_area()


def test_backs_carry_the_sets_name_within_the_tile(tmp_path) -> None:
    model = load(variant(tmp_path, title='"Dreiecksspiel Deluxe"'))
    back = tile_pages(model, kit_context(A4))[1]
    names = [el for el in svg_root(render_svg(back)).iter(f"{SVG_NS}text") if el.get("class") == "back-name"]
    assert len(names) == len(model.tiles)
    assert {el.text for el in names} == {"DREIECKSSPIEL DELUXE"}
    size = float(names[0].get("font-size"))
    assert text_width("DREIECKSSPIEL DELUXE", size, bold=True) <= 0.45 * model.side_mm + 0.01  # SVG rounding
