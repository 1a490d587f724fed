"""Box nets as pure geometry: panels, flaps, glue tabs and fold lines in millimetres. No drawing.

Allowance model (why the drawn panels are not simply L x W x H):
paper has a thickness t, and a fold of 90 degrees keeps the length of the paper's middle
surface. So every panel is drawn at the size of its middle surface, which lies t/2 inside the
outer face of the box. Then, with the outer shell of thickness t:

- base: (L - t) x (W - t), its edges at the middle surfaces of the four walls;
- left and right walls are "outer" at the corners: as long as the base edge they stand on;
- front and back walls are "inner" at the corners: they end at the inner faces of the side
  walls, 1.5 t shorter at each end (L - 3t), and their glue tabs lie flat against the inside of
  the side walls (tab plane t inside the side wall's plane: glued face to face);
- a wall under a lid ends where the lid's underside starts (H - t above the floor), so it is
  drawn H - 1.5 t high; the wall carrying the lid's hinge reaches the lid's middle surface
  (H - t high); the walls of an open tray reach the rim (H_tray - t/2);
- the hinged lid spans the back wall's width and reaches from the hinge to the inner face of
  the front wall (W - 2t), where its tuck flap goes down inside the front wall; its dust flaps
  go down inside the side walls.

The telescoping box: the lid is a tray turned over with the stated outer size, as deep as the
box (it covers the tray to the table). The tray is smaller so that it slides in: its outer size
is the lid's inner size less the lid's corner glue tabs (t on each side) less LID_PLAY_MM, and it
is t lower (the lid's top rests on the tray's walls).

Net coordinates: x to the right, y down, the printed side (the outside of the box) facing the
viewer. Every fold of these nets puts the print on the outside of the crease: seen from the
printed side they are all mountain folds.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from pnp.errors import LayoutError, PnpError

Point = tuple[float, float]
Segment = tuple[Point, Point]
PieceKind = Literal["panel", "flap", "tab"]
FoldKind = Literal["mountain", "valley"]

PAPER_80GSM_MM = 0.10  # 80 g/m² office paper
CARD_240GSM_MM = 0.27  # 240 g/m² card
DEFAULT_THICKNESS_MM = PAPER_80GSM_MM
MAX_THICKNESS_MM = 1.0

DEFAULT_SIZE_TEXT = "130x102x23"
BOX_SIZE_FIELD = "box.size_mm"  # the spec field of the box's outer size, named by an error about the size
MIN_SIDE_MM = 15.0  # below this the glue tabs and flaps become too small to fold by hand
MAX_SIDE_MM = 1000.0

LID_PLAY_MM = 0.8  # total play between the telescoping lid and the tray, per direction
GLUE_TAB_MAX_MM = 12.0
TUCK_MAX_MM = 15.0
FLAP_DEPTH_OF_WALL = 0.65  # tuck and dust flaps reach this fraction of the wall height

EPS = 1e-9


@dataclass(frozen=True)
class BoxSize:
    """Outer size of the closed box in mm: length (front, left to right), width (depth), height."""

    length: float
    width: float
    height: float

    def __str__(self) -> str:
        return "x".join(_fmt(v) for v in (self.length, self.width, self.height))

    def scaled(self, factor: float) -> BoxSize:
        return BoxSize(self.length * factor, self.width * factor, self.height * factor)

    def replaced(self, index: int, value: float) -> BoxSize:
        values = [self.length, self.width, self.height]
        values[index] = value
        return BoxSize(*values)


_NUMBER = r"(\d+(?:\.\d+)?|\.\d+)"
_SIZE = re.compile(rf"{_NUMBER}\s*[x×]\s*{_NUMBER}\s*[x×]\s*{_NUMBER}(?:\s*mm)?")


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def parse_box_size(text: str, name: str = "") -> BoxSize:
    """'130x102x23' (mm, outer length x width x height) -> BoxSize; PnpError on anything else, naming the
    size as `name` says (an option: "--box-size 130x102"), else as "box size '130x102'"."""
    match = _SIZE.fullmatch(text.strip().lower())
    what = f"{name} {text}" if name else f"box size {text!r}"
    if not match:
        raise PnpError(f"{what}: expected LxWxH in mm, e.g. {DEFAULT_SIZE_TEXT}")
    size = BoxSize(*(float(g) for g in match.groups()))
    check_box_size(size, what if name else "")
    return size


def check_box_size(size: BoxSize, what: str = "") -> None:
    sides = zip(("length", "width", "height"), (size.length, size.width, size.height), strict=True)
    for name, value in sides:
        if not MIN_SIDE_MM <= value <= MAX_SIDE_MM:
            limits = f"{_fmt(MIN_SIDE_MM)}..{_fmt(MAX_SIDE_MM)} mm"
            raise PnpError(f"{what or f'box {size}'}: {name} {_fmt(value)} mm is outside {limits}")


def check_thickness(thickness: float) -> None:
    if not 0.0 <= thickness <= MAX_THICKNESS_MM:
        raise PnpError(f"paper thickness {thickness:g} mm: choose between 0 and {MAX_THICKNESS_MM:g} mm")


DEFAULT_SIZE = parse_box_size(DEFAULT_SIZE_TEXT)


# ---- nets -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """A panel of the box, a flap tucked inside it, or a glue tab, as a polygon in net mm.

    `text_rotation` (panels with printed text only): clockwise degrees in net coordinates that
    make text upright on the folded box standing on its base (on the lid: readable from the front).
    `glue_to` (tabs only): the panel whose inside the tab is glued to.
    """

    name: str
    kind: PieceKind
    points: tuple[Point, ...]
    text_rotation: float | None = None
    glue_to: str | None = None

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)

    def edges(self) -> list[Segment]:
        pts = self.points
        return [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]


@dataclass(frozen=True)
class Fold:
    parent: str
    child: str
    start: Point
    end: Point
    kind: FoldKind = "mountain"


@dataclass(frozen=True)
class Net:
    """One sheet's worth of box: pieces and folds, translated so the bounding box starts at 0, 0."""

    name: str  # "hinged box", "tray", "lid"
    outer: BoxSize  # what this part folds to
    thickness: float
    pieces: tuple[Piece, ...]
    folds: tuple[Fold, ...]
    width: float = field(init=False)
    height: float = field(init=False)

    def __post_init__(self) -> None:
        xs = [x for p in self.pieces for x, _ in p.points]
        ys = [y for p in self.pieces for _, y in p.points]
        object.__setattr__(self, "width", max(xs) - min(xs))
        object.__setattr__(self, "height", max(ys) - min(ys))

    def piece(self, name: str) -> Piece:
        for piece in self.pieces:
            if piece.name == name:
                return piece
        raise KeyError(name)

    def cut_segments(self) -> list[Segment]:
        """Every piece edge that is not (part of) a fold line, each once."""
        folds = [(f.start, f.end) for f in self.folds]
        seen: set[tuple[Point, Point]] = set()
        cuts: list[Segment] = []
        for piece in self.pieces:
            for edge in piece.edges():
                for part in _subtract(edge, folds):
                    key = tuple(sorted((_round_point(part[0]), _round_point(part[1]))))
                    if key not in seen:
                        seen.add(key)  # type: ignore[arg-type]
                        cuts.append(part)
        return cuts

    def cut_paths(self) -> list[list[Point]]:
        """The cut segments chained into as few polylines as possible (one knife stroke each)."""
        return _chain(self.cut_segments())


def _round_point(p: Point) -> Point:
    return (round(p[0], 6), round(p[1], 6))


def _subtract(edge: Segment, folds: list[Segment]) -> list[Segment]:
    """The parts of `edge` not covered by collinear fold segments."""
    (ax, ay), (bx, by) = edge
    length = math.hypot(bx - ax, by - ay)
    if length < EPS:
        return []
    ux, uy = (bx - ax) / length, (by - ay) / length
    covered: list[tuple[float, float]] = []
    for (px, py), (qx, qy) in folds:
        # Collinear: both fold ends lie on the edge's line.
        if abs((px - ax) * uy - (py - ay) * ux) > 1e-6 or abs((qx - ax) * uy - (qy - ay) * ux) > 1e-6:
            continue
        s, e = sorted(((px - ax) * ux + (py - ay) * uy, (qx - ax) * ux + (qy - ay) * uy))
        s, e = max(s, 0.0), min(e, length)
        if e - s > 1e-6:
            covered.append((s, e))
    parts: list[Segment] = []
    cursor = 0.0
    for s, e in sorted(covered):
        if s - cursor > 1e-6:
            parts.append(((ax + ux * cursor, ay + uy * cursor), (ax + ux * s, ay + uy * s)))
        cursor = max(cursor, e)
    if length - cursor > 1e-6:
        parts.append(((ax + ux * cursor, ay + uy * cursor), (bx, by)))
    return parts


def _chain(segments: list[Segment]) -> list[list[Point]]:
    remaining = list(segments)
    paths: list[list[Point]] = []
    while remaining:
        a, b = remaining.pop(0)
        path = [a, b]
        grown = True
        while grown:
            grown = False
            for i, (p, q) in enumerate(remaining):
                if _close(p, path[-1]):
                    path.append(q)
                elif _close(q, path[-1]):
                    path.append(p)
                elif _close(q, path[0]):
                    path.insert(0, p)
                elif _close(p, path[0]):
                    path.insert(0, q)
                else:
                    continue
                remaining.pop(i)
                grown = True
                break
        paths.append(path)
    return paths


def _close(p: Point, q: Point) -> bool:
    return abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6


def _flap(
    start: Point,
    end: Point,
    depth: float,
    chamfer_start: float,
    chamfer_end: float,
    round_corners: float = 0.0,
) -> tuple[Point, ...]:
    """A flap hinged on start->end, reaching `depth` to the left of that direction, ends bevelled.

    "Left" as seen on the page (y down): walking rightwards, the flap lies above the hinge.
    round_corners > 0 rounds the two outer corners (a tuck flap slides in more easily).
    """
    (sx, sy), (ex, ey) = start, end
    length = math.hypot(ex - sx, ey - sy)
    ux, uy = (ex - sx) / length, (ey - sy) / length
    nx, ny = uy, -ux
    outer_start = (sx + nx * depth + ux * chamfer_start, sy + ny * depth + uy * chamfer_start)
    outer_end = (ex + nx * depth - ux * chamfer_end, ey + ny * depth - uy * chamfer_end)
    if round_corners <= 0:
        return (start, outer_start, outer_end, end)
    return (
        start,
        *_fillet(start, outer_start, outer_end, round_corners),
        *_fillet(outer_start, outer_end, end, round_corners),
        end,
    )


def _fillet(before: Point, corner: Point, after: Point, radius: float, steps: int = 6) -> list[Point]:
    """Points of a circular arc of `radius` replacing `corner`, tangent to both of its edges."""
    d1 = _unit(before[0] - corner[0], before[1] - corner[1])
    d2 = _unit(after[0] - corner[0], after[1] - corner[1])
    angle = math.acos(max(-1.0, min(1.0, d1[0] * d2[0] + d1[1] * d2[1])))
    # Never cut further back than half of either edge.
    reach = min(
        radius / math.tan(angle / 2),
        0.5 * math.dist(before, corner),
        0.5 * math.dist(after, corner),
    )
    radius = reach * math.tan(angle / 2)
    t1 = (corner[0] + d1[0] * reach, corner[1] + d1[1] * reach)
    t2 = (corner[0] + d2[0] * reach, corner[1] + d2[1] * reach)
    bis = _unit(d1[0] + d2[0], d1[1] + d2[1])
    centre_dist = radius / math.sin(angle / 2)
    cx, cy = corner[0] + bis[0] * centre_dist, corner[1] + bis[1] * centre_dist
    a1 = math.atan2(t1[1] - cy, t1[0] - cx)
    a2 = math.atan2(t2[1] - cy, t2[0] - cx)
    sweep = (a2 - a1 + math.pi) % (2 * math.pi) - math.pi  # the short way round
    return [
        (cx + radius * math.cos(a1 + sweep * k / steps), cy + radius * math.sin(a1 + sweep * k / steps))
        for k in range(steps + 1)
    ]


def _unit(x: float, y: float) -> Point:
    n = math.hypot(x, y)
    return (x / n, y / n)


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


@dataclass
class _NetBuilder:
    pieces: list[Piece] = field(default_factory=list)
    folds: list[Fold] = field(default_factory=list)

    def panel(self, name: str, x0: float, y0: float, x1: float, y1: float, rotation: float | None) -> None:
        self.pieces.append(Piece(name, "panel", _rect(x0, y0, x1, y1), text_rotation=rotation))

    def attach(
        self,
        parent: str,
        name: str,
        kind: PieceKind,
        start: Point,
        end: Point,
        depth: float,
        chamfers: tuple[float, float],
        glue_to: str | None = None,
        round_corners: float = 0.0,
    ) -> None:
        points = _flap(start, end, depth, *chamfers, round_corners=round_corners)
        self.pieces.append(Piece(name, kind, points, glue_to=glue_to))
        self.folds.append(Fold(parent, name, start, end))

    def fold(self, parent: str, child: str, start: Point, end: Point) -> None:
        self.folds.append(Fold(parent, child, start, end))

    def build(self, name: str, outer: BoxSize, thickness: float) -> Net:
        xs = [x for p in self.pieces for x, _ in p.points]
        ys = [y for p in self.pieces for _, y in p.points]
        dx, dy = -min(xs), -min(ys)

        def move(p: Point) -> Point:
            return (p[0] + dx, p[1] + dy)

        pieces = tuple(
            Piece(p.name, p.kind, tuple(move(q) for q in p.points), p.text_rotation, p.glue_to)
            for p in self.pieces
        )
        folds = tuple(Fold(f.parent, f.child, move(f.start), move(f.end), f.kind) for f in self.folds)
        return Net(name, outer, thickness, pieces, folds)


def _glue_tab_depth(wall_height: float, side_depth: float) -> float:
    return min(GLUE_TAB_MAX_MM, 0.9 * wall_height, 0.4 * side_depth)


def _shell(
    b: _NetBuilder,
    length: float,
    width: float,
    t: float,
    heights: dict[str, float],
    upside_down: bool,
    prefix: str = "",
) -> dict[str, tuple[float, float, float, float]]:
    """Base (or lid top) and four walls; glue tabs on the walls above and below it on the page.

    upside_down=False: the base is the box's bottom, seen from below (the sheet's printed side
    is the outside), so the wall left of it on the page is the box's right wall.
    upside_down=True: the panel in the middle is the top of a telescoping lid, seen from above.
    Returns the rectangles of the walls keyed by page side ("up", "down", "left", "right").
    """
    bl, bw = length - t, width - t  # base, middle surface
    names = (
        {"up": "back", "down": "front", "left": "left", "right": "right"}
        if upside_down
        else {"up": "back", "down": "front", "left": "right", "right": "left"}
    )
    names = {k: prefix + v for k, v in names.items()}
    # Text "up" points away from the base on a tray's walls and towards the top on a lid's walls.
    rotations = {"up": 0.0, "down": 180.0, "left": 270.0, "right": 90.0}
    if upside_down:
        rotations = {k: (v + 180.0) % 360.0 for k, v in rotations.items()}
    centre = prefix + ("top" if upside_down else "base")
    b.panel(centre, 0.0, 0.0, bl, bw, 0.0 if upside_down else None)

    rects = {
        "up": (t, -heights["up"], bl - t, 0.0),
        "down": (t, bw, bl - t, bw + heights["down"]),
        "left": (-heights["left"], 0.0, 0.0, bw),
        "right": (bl, 0.0, bl + heights["right"], bw),
    }
    for side, (x0, y0, x1, y1) in rects.items():
        b.panel(names[side], x0, y0, x1, y1, rotations[side])
    b.fold(centre, names["up"], (t, 0.0), (bl - t, 0.0))
    b.fold(centre, names["down"], (t, bw), (bl - t, bw))
    b.fold(centre, names["left"], (0.0, 0.0), (0.0, bw))
    b.fold(centre, names["right"], (bl, 0.0), (bl, bw))

    # Glue tabs at both ends of the inner walls, lying against the inside of the side walls. A tab
    # is no higher than the side wall it is glued to (the back wall of a hinged box is higher).
    side_h = min(heights["left"], heights["right"])
    depth = _glue_tab_depth(side_h, bw)
    for side in ("up", "down"):
        x0, y0, x1, y1 = rects[side]
        tab_h = min(y1 - y0, side_h)
        chamfer = min(0.6 * depth, 0.25 * tab_h)
        near, far = (0.0, -tab_h) if side == "up" else (bw, bw + tab_h)
        # Walk each hinge so that the tab lies outside the wall (see _flap): up the page on the left.
        left = ((x0, max(near, far)), (x0, min(near, far)))
        right = ((x1, min(near, far)), (x1, max(near, far)))
        for end_side, (start, end) in (("left", left), ("right", right)):
            partner = names[end_side]
            b.attach(
                names[side],
                f"glue-{names[side]}-{partner.removeprefix(prefix)}",
                "tab",
                start,
                end,
                depth,
                (chamfer, chamfer),
                glue_to=partner,
            )
    return rects


def flap_depth(wall_height: float) -> float:
    return min(TUCK_MAX_MM, FLAP_DEPTH_OF_WALL * wall_height)


def hinged_net(size: BoxSize, t: float) -> Net:
    """Tray with four walls, the lid hinged on the back wall, a tuck flap and two dust flaps.

    Page layout, top to bottom: tuck flap, lid, back wall, base, front wall.
    """
    length, width, height = size.length, size.width, size.height
    b = _NetBuilder()
    under_lid = height - 1.5 * t  # front and side walls end at the lid's underside
    hinge_wall = height - t  # the back wall reaches the lid's middle surface
    heights = {"up": hinge_wall, "down": under_lid, "left": under_lid, "right": under_lid}
    rects = _shell(b, length, width, t, heights, upside_down=False)

    x0, _, x1, _ = rects["up"]
    lid_depth = width - 2 * t
    lid_top = -hinge_wall - lid_depth
    # Upright on the closed lid means: the top of the letters towards the hinge (the back).
    b.panel("lid", x0, lid_top, x1, -hinge_wall, 180.0)
    b.fold("back", "lid", (x0, -hinge_wall), (x1, -hinge_wall))

    tuck = flap_depth(under_lid)
    b.attach("lid", "tuck", "flap", (x0, lid_top), (x1, lid_top), tuck, (0.15 * tuck, 0.15 * tuck),
             round_corners=0.3 * tuck)
    dust = flap_depth(under_lid)
    # Steep bevel at the hinge end (clears the back wall's tab), gentle at the tuck end.
    hinge_chamfer = min(dust, lid_depth / 3)
    front_chamfer = min(0.5 * dust, lid_depth / 4)
    b.attach("lid", "dust-right", "flap", (x0, -hinge_wall), (x0, lid_top), dust,
             (hinge_chamfer, front_chamfer))
    b.attach("lid", "dust-left", "flap", (x1, lid_top), (x1, -hinge_wall), dust,
             (front_chamfer, hinge_chamfer))
    return b.build("hinged box", size, t)


def telescoping_tray_size(size: BoxSize, t: float) -> BoxSize:
    """Outer size of the tray that slides into a lid of outer size `size`.

    Lid inner = outer - 2t (its walls); its corner tabs take another t on each side; then play.
    """
    shrink = 4 * t + LID_PLAY_MM
    return BoxSize(size.length - shrink, size.width - shrink, size.height - t)


def telescoping_nets(size: BoxSize, t: float) -> tuple[Net, Net]:
    """(tray, lid): the lid has the stated outer size and covers the tray down to the table."""
    tray_size = telescoping_tray_size(size, t)
    tray = _NetBuilder()
    rim = tray_size.height - t / 2  # open walls reach the rim
    _shell(tray, tray_size.length, tray_size.width, t, dict.fromkeys(("up", "down", "left", "right"), rim),
           upside_down=False)
    lid = _NetBuilder()
    skirt = size.height - t / 2  # from the lid's middle surface down to the table
    _shell(lid, size.length, size.width, t, dict.fromkeys(("up", "down", "left", "right"), skirt),
           upside_down=True, prefix="lid-")
    # The lid's top is its main panel: call it "lid" like the hinged box's.
    lid.pieces = [Piece("lid", p.kind, p.points, p.text_rotation, p.glue_to) if p.name == "lid-top" else p
                  for p in lid.pieces]
    lid.folds = [Fold("lid" if f.parent == "lid-top" else f.parent, f.child, f.start, f.end, f.kind)
                 for f in lid.folds]
    return tray.build("tray", tray_size, t), lid.build("lid", size, t)


# ---- fitting nets onto paper ----------------------------------------------------------------

Style = Literal["auto", "hinged", "telescoping"]
STYLES: tuple[str, ...] = ("auto", "hinged", "telescoping")


@dataclass(frozen=True)
class Area:
    """Where a net may go on the sheet: the safe area less room kept for the footer."""

    width: float
    height: float

    def fits(self, w: float, h: float) -> bool | None:
        """False: does not fit; otherwise whether the net must be turned by 90 degrees."""
        if w <= self.width + EPS and h <= self.height + EPS:
            return False
        if h <= self.width + EPS and w <= self.height + EPS:
            return True
        return None

    def __str__(self) -> str:
        return f"{_fmt(self.width)} x {_fmt(self.height)} mm"


@dataclass(frozen=True)
class BoxPlan:
    """The chosen construction: one net per sheet and whether it is turned on its sheet."""

    style: str  # "hinged" or "telescoping"
    size: BoxSize
    thickness: float
    nets: tuple[Net, ...]
    turned: tuple[bool, ...]


def nets_for(style: str, size: BoxSize, t: float) -> tuple[Net, ...]:
    return (hinged_net(size, t),) if style == "hinged" else telescoping_nets(size, t)


def _placements(nets: Iterable[Net], area: Area) -> tuple[bool, ...] | None:
    turned = []
    for net in nets:
        fit = area.fits(net.width, net.height)
        if fit is None:
            return None
        turned.append(fit)
    return tuple(turned)


def _fits(style: str, size: BoxSize, t: float, area: Area) -> bool:
    return _placements(nets_for(style, size, t), area) is not None


def _largest_scale(style: str, size: BoxSize, t: float, area: Area) -> BoxSize | None:
    """The largest box of the same proportions that fits, rounded down to whole millimetres."""
    # Search from the smallest allowed box upwards: below it nothing counts as fitting.
    lo, hi = MIN_SIDE_MM / min(size.length, size.width, size.height), 1.0
    if lo > 1.0 or not _fits(style, size.scaled(lo), t, area):
        return None
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _fits(style, size.scaled(mid), t, area) else (lo, mid)
    best = BoxSize(*(math.floor(v) for v in (size.scaled(lo).length, size.scaled(lo).width,
                                             size.scaled(lo).height)))
    return best if _fits(style, best, t, area) else None


def _largest_side(style: str, size: BoxSize, index: int, t: float, area: Area) -> float | None:
    """The largest value of one side (the other two kept) that fits, in whole mm, or None."""
    if not _fits(style, size.replaced(index, MIN_SIDE_MM), t, area):
        return None
    lo, hi = MIN_SIDE_MM, MAX_SIDE_MM
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _fits(style, size.replaced(index, mid), t, area) else (lo, mid)
    return math.floor(lo)


def _what_fits(style: str, size: BoxSize, t: float, area: Area) -> str:
    parts = []
    scaled = _largest_scale(style, size, t, area)
    if scaled is not None:
        parts.append(f"the largest {style} box of these proportions is {scaled}")
    names = ("length", "width", "height")
    sides = []
    for index, name in enumerate(names):
        value = _largest_side(style, size, index, t, area)
        if value is not None:
            sides.append(f"{name} at most {value:g}")
    if sides:
        parts.append("keeping the other sides, " + " or ".join(sides) + " mm")
    return "; ".join(parts) if parts else f"no {style} box of these proportions fits"


def _needs(style: str, size: BoxSize, t: float) -> str:
    nets = nets_for(style, size, t)
    return ", ".join(f"{n.name} {_fmt(n.width)} x {_fmt(n.height)} mm" for n in nets)


def plan_nets(size: BoxSize, style: str, t: float, area: Area, paper_name: str) -> BoxPlan:
    """Choose the construction ('auto': hinged when it fits, else telescoping) and place its nets.

    Raises PnpError (one line) naming what the net needs, the area and the largest size that fits.
    """
    check_box_size(size)
    check_thickness(t)
    if style not in STYLES:
        raise PnpError(f"box style {style!r}: choose one of {', '.join(STYLES)}")
    candidates = ["hinged", "telescoping"] if style == "auto" else [style]
    for candidate in candidates:
        nets = nets_for(candidate, size, t)
        turned = _placements(nets, area)
        if turned is not None:
            return BoxPlan(candidate, size, t, nets, turned)
    where = f"{paper_name} (safe area less footer {area})"
    if style == "auto":
        raise LayoutError(
            f"box {size} fits {where} neither as hinged ({_needs('hinged', size, t)}) "
            f"nor as telescoping ({_needs('telescoping', size, t)}); "
            f"{_what_fits('telescoping', size, t, area)}", BOX_SIZE_FIELD
        )
    other = "telescoping" if style == "hinged" else "hinged"
    hint = f"; as {other} it fits as it is" if _fits(other, size, t, area) else ""
    raise LayoutError(
        f"box {size} does not fit {where} as {style}: needs {_needs(style, size, t)}; "
        f"{_what_fits(style, size, t, area)}{hint}", BOX_SIZE_FIELD
    )
