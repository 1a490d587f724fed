"""Fold the box nets read back from the SVG in a small 3-D model and measure the folded box.

Only the SVG is trusted: panels, flaps and tabs from their tagged shapes, fold lines from their
coordinates (which two pieces a fold joins is found geometrically, not read from data tags).
Page coordinates x right, y down; z = 0 is the sheet, the print facing -z; every fold of these
nets is a mountain fold, so each piece turns 90 degrees towards +z about its fold line.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import deque
from dataclasses import dataclass

import pytest

from pnp.components.box import box_pages
from pnp.components.boxnet import CARD_240GSM_MM, PAPER_80GSM_MM, BoxSize, telescoping_tray_size
from pnp.draw.paper import A4, Paper
from pnp.draw.svg import render_svg

A3 = Paper("A3", 297.0, 420.0)
SVG = "{http://www.w3.org/2000/svg}"
Vec = tuple[float, float, float]


# ---- reading the SVG --------------------------------------------------------------------------


@dataclass
class Shape:
    name: str
    cls: str
    points: list[tuple[float, float]]
    glue_to: str | None


@dataclass
class Sheet:
    shapes: dict[str, Shape]
    folds: list[tuple[tuple[float, float], tuple[float, float], str]]  # start, end, kind
    texts: list[tuple[str, float]]  # panel, rotation
    cuts: list[tuple[float, float]]  # every point of every cut path
    net: str


def _path_points(d: str) -> list[tuple[float, float]]:
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(numbers[0::2], numbers[1::2], strict=True))


def read_sheet(svg: bytes) -> Sheet:
    root = ET.fromstring(svg)
    shapes: dict[str, Shape] = {}
    folds, texts, cuts, net = [], [], [], ""
    for el in root.iter():
        cls = el.get("class", "")
        if cls == "panel":
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            rect = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            shapes[el.get("data-panel")] = Shape(el.get("data-panel"), cls, rect, None)
        elif cls in ("flap", "glue-tab"):
            shapes[el.get("data-panel")] = Shape(el.get("data-panel"), cls, _path_points(el.get("d")),
                                                 el.get("data-glue-to"))
        elif cls == "fold":
            x1, y1, x2, y2 = (float(el.get(k)) for k in ("x1", "y1", "x2", "y2"))
            folds.append(((x1, y1), (x2, y2), el.get("data-kind")))
        elif cls == "panel-text":
            texts.append((el.get("data-panel"), float(el.get("data-rotation"))))
        elif cls == "cut":
            cuts += _path_points(el.get("d"))
        elif cls == "box-net":
            net = el.get("data-net")
    return Sheet(shapes, folds, texts, cuts, net)


# ---- a rigid 3-D fold -------------------------------------------------------------------------


def _on_segment(p, a, b, tol=1e-3) -> bool:
    (px, py), (ax, ay), (bx, by) = p, a, b
    cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    length = math.hypot(bx - ax, by - ay)
    if abs(cross) / length > tol:
        return False
    dot = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length**2
    return -1e-6 <= dot <= 1 + 1e-6


def _has_edge_through(shape: Shape, a, b) -> bool:
    pts = shape.points
    return any(
        _on_segment(a, pts[i], pts[(i + 1) % len(pts)]) and _on_segment(b, pts[i], pts[(i + 1) % len(pts)])
        for i in range(len(pts))
    )


@dataclass(frozen=True)
class Rigid:
    """p -> R p + T, R as three rows."""

    r: tuple[Vec, Vec, Vec] = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    t: Vec = (0, 0, 0)

    def rotate(self, v: Vec) -> Vec:
        return tuple(sum(row[i] * v[i] for i in range(3)) for row in self.r)  # type: ignore[return-value]

    def apply(self, v: Vec) -> Vec:
        rv = self.rotate(v)
        return tuple(rv[i] + self.t[i] for i in range(3))  # type: ignore[return-value]

    def then(self, other: Rigid) -> Rigid:
        """other after self: p -> other(self(p))."""
        cols = [other.rotate(tuple(self.r[j][i] for j in range(3))) for i in range(3)]
        r = tuple(tuple(cols[i][j] for i in range(3)) for j in range(3))
        return Rigid(r, other.apply(self.t))  # type: ignore[arg-type]


def _axis_rotation(a: tuple[float, float], b: tuple[float, float], degrees: float) -> Rigid:
    ux, uy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(ux, uy)
    ux, uy = ux / n, uy / n
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    # Rodrigues about the unit axis (ux, uy, 0) through (a, 0).
    r = (
        (c + ux * ux * (1 - c), ux * uy * (1 - c), uy * s),
        (uy * ux * (1 - c), c + uy * uy * (1 - c), -ux * s),
        (-uy * s, ux * s, c),
    )
    shift = Rigid(t=(-a[0], -a[1], 0.0))
    return shift.then(Rigid(r)).then(Rigid(t=(a[0], a[1], 0.0)))


def fold(sheet: Sheet, root: str) -> dict[str, Rigid]:
    """Each piece's placement in 3-D, reached from `root` across the fold lines."""
    joins: dict[str, list[tuple[str, tuple, tuple]]] = {name: [] for name in sheet.shapes}
    for a, b, kind in sheet.folds:
        assert kind == "mountain"
        sharing = [s.name for s in sheet.shapes.values() if _has_edge_through(s, a, b)]
        assert len(sharing) == 2, f"fold {a}-{b} borders {sharing}, not exactly two pieces"
        p, q = sharing
        joins[p].append((q, a, b))
        joins[q].append((p, a, b))
    placed = {root: Rigid()}
    queue = deque([root])
    while queue:
        parent = queue.popleft()
        for child, a, b in joins[parent]:
            if child in placed:
                continue
            pts = sheet.shapes[child].points
            centre = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts), 0.0)
            turn = next(r for deg in (90.0, -90.0) if (r := _axis_rotation(a, b, deg)).apply(centre)[2] > 0)
            placed[child] = turn.then(placed[parent])
            queue.append(child)
    loose = set(sheet.shapes) - set(placed)
    assert not loose, f"pieces not joined by any fold: {loose}"
    return placed


def corners(sheet: Sheet, placed: dict[str, Rigid], name: str) -> list[Vec]:
    return [placed[name].apply((x, y, 0.0)) for x, y in sheet.shapes[name].points]


def outer_size(sheet: Sheet, placed: dict[str, Rigid], t: float) -> tuple[float, float, float]:
    """Extent of the panels' middle surfaces plus half the thickness on every side: x, y, z."""
    pts = [p for s in sheet.shapes.values() if s.cls == "panel" for p in corners(sheet, placed, s.name)]
    return tuple(max(p[i] for p in pts) - min(p[i] for p in pts) + t for i in range(3))  # type: ignore


def _normal(placed: dict[str, Rigid], name: str) -> Vec:
    """Where the printed side (page -z) faces after folding."""
    return placed[name].rotate((0.0, 0.0, -1.0))


def _centre(points: list[Vec]) -> Vec:
    return tuple(sum(p[i] for p in points) / len(points) for i in range(3))  # type: ignore[return-value]


def _dot(a: Vec, b: Vec) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def _sub(a: Vec, b: Vec) -> Vec:
    return tuple(x - y for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


# ---- the cases --------------------------------------------------------------------------------

SIZES = [BoxSize(130, 102, 23), BoxSize(100, 70, 30), BoxSize(150, 150, 40)]


def _sheets(size: BoxSize, style: str, t: float) -> list[Sheet]:
    paper = A4 if size != BoxSize(150, 150, 40) else A3
    return [read_sheet(render_svg(p)) for p in box_pages(size, style, t, paper, "Zatre", "box test")]


def _root(sheet: Sheet) -> str:
    return "lid" if sheet.net == "lid" else "base"


def _expected(size: BoxSize, sheet: Sheet, t: float) -> BoxSize:
    return telescoping_tray_size(size, t) if sheet.net == "tray" else size


@pytest.mark.parametrize("thickness", [PAPER_80GSM_MM, CARD_240GSM_MM])
@pytest.mark.parametrize("style", ["hinged", "telescoping"])
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_folded_net_has_the_stated_outer_size(size: BoxSize, style: str, thickness: float) -> None:
    sheets = _sheets(size, style, thickness)
    assert len(sheets) == (1 if style == "hinged" else 2)
    for sheet in sheets:
        placed = fold(sheet, _root(sheet))
        x, y, z = outer_size(sheet, placed, thickness)
        want = _expected(size, sheet, thickness)
        assert z == pytest.approx(want.height, abs=0.2)
        assert sorted((x, y)) == pytest.approx(sorted((want.length, want.width)), abs=0.2)


@pytest.mark.parametrize("style", ["hinged", "telescoping"])
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_every_panel_is_there_and_faces_out(size: BoxSize, style: str) -> None:
    t = CARD_240GSM_MM
    for sheet in _sheets(size, style, t):
        placed = fold(sheet, _root(sheet))
        panels = [s.name for s in sheet.shapes.values() if s.cls == "panel"]
        flaps = sorted(s.name for s in sheet.shapes.values() if s.cls == "flap")
        tabs = [s for s in sheet.shapes.values() if s.cls == "glue-tab"]
        assert len(panels) == 6 if sheet.net == "hinged box" else 5
        assert flaps == (["dust-left", "dust-right", "tuck"] if sheet.net == "hinged box" else [])
        assert len(tabs) == 4
        every = [p for name in panels for p in corners(sheet, placed, name)]
        middle = _centre(every)
        faces = set()
        for name in panels:
            normal = _normal(placed, name)
            outward = _sub(_centre(corners(sheet, placed, name)), middle)
            assert _dot(normal, outward) > 0, f"{name}: the print faces into the box"
            faces.add(tuple(round(c) for c in normal))
        # A closed hinged box has all six faces; a tray or lid has five (open on one side).
        assert len(faces) == len(panels)


def _lies_against(sheet: Sheet, placed: dict[str, Rigid], piece: str, panel: str, t: float, hinge) -> bool:
    """`piece` is parallel to `panel`, one thickness inside it (face to face), within its outline.

    Points on the piece's hinge may stand t/2 beyond the outline: that is the bend of the fold.
    """
    n = _normal(placed, panel)  # the printed side: out of the box
    if abs(abs(_dot(_normal(placed, piece), n)) - 1) > 1e-6:
        return False
    panel_pts, piece_pts = corners(sheet, placed, panel), corners(sheet, placed, piece)
    if any(abs(_dot(_sub(p, panel_pts[0]), n) + t) > 1e-6 for p in piece_pts):
        return False
    on_hinge = [_on_segment(p, *hinge) for p in sheet.shapes[piece].points]
    for i in (i for i in range(3) if abs(n[i]) < 0.5):
        lo, hi = min(p[i] for p in panel_pts), max(p[i] for p in panel_pts)
        for p, bend in zip(piece_pts, on_hinge, strict=True):
            slack = t / 2 + 1e-6 if bend else 1e-6
            if not lo - slack <= p[i] <= hi + slack:
                return False
    return True


@pytest.mark.parametrize("style", ["hinged", "telescoping"])
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_glue_tabs_and_flaps_lie_inside_a_wall(size: BoxSize, style: str) -> None:
    t = PAPER_80GSM_MM
    for sheet in _sheets(size, style, t):
        placed = fold(sheet, _root(sheet))
        panels = [s.name for s in sheet.shapes.values() if s.cls == "panel"]
        for piece in sheet.shapes.values():
            if piece.cls == "panel":
                continue
            # Borders exactly one fold (its hinge) and nothing else.
            hinges = [f for f in sheet.folds if _has_edge_through(piece, f[0], f[1])]
            assert len(hinges) == 1, piece.name
            partners = [p for p in panels if _lies_against(sheet, placed, piece.name, p, t, hinges[0][:2])]
            assert len(partners) == 1, f"{piece.name} lies against {partners}"
            if piece.cls == "glue-tab":
                assert partners[0] == piece.glue_to


@pytest.mark.parametrize("style", ["hinged", "telescoping"])
@pytest.mark.parametrize("size", [*SIZES, BoxSize(70, 100, 25)], ids=str)
def test_text_reads_upright_on_the_folded_box(size: BoxSize, style: str) -> None:
    for sheet in _sheets(size, style, PAPER_80GSM_MM):
        if sheet.net == "tray":
            assert sheet.texts == []  # hidden under the lid
            continue
        placed = fold(sheet, _root(sheet))
        # Standing on its base: up is +z for the tray, -z for a lid folded face down.
        box_up = (0.0, 0.0, 1.0) if sheet.net == "hinged box" else (0.0, 0.0, -1.0)
        front, back = ("front", "back") if sheet.net == "hinged box" else ("lid-front", "lid-back")
        towards_back = _sub(_centre(corners(sheet, placed, back)), _centre(corners(sheet, placed, front)))
        towards_back = tuple(c / math.sqrt(_dot(towards_back, towards_back)) for c in towards_back)
        seen = set()
        for panel, rotation in sheet.texts:
            r = math.radians(rotation)
            up = placed[panel].rotate((math.sin(r), -math.cos(r), 0.0))
            want = towards_back if panel == "lid" else box_up
            assert _dot(up, want) == pytest.approx(1.0, abs=1e-6), f"{panel} at {rotation} degrees"
            seen.add(panel)
        assert "lid" in seen and len(seen) >= 3


def test_cut_lines_stay_in_the_safe_area_of_a4() -> None:
    for t in (PAPER_80GSM_MM, CARD_240GSM_MM):
        pages = box_pages(BoxSize(130, 102, 23), "hinged", t, A4, "Rautino")
        assert len(pages) == 1
        pages[0].check_safe_area()
        sheet = read_sheet(render_svg(pages[0]))
        assert sheet.net == "hinged box"
        xs, ys = [p[0] for p in sheet.cuts], [p[1] for p in sheet.cuts]
        assert min(xs) >= 8 and max(xs) <= 210 - 8 and min(ys) >= 8 and max(ys) <= 297 - 8
