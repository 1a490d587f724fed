"""Drawing primitives in millimetres: small frozen dataclasses the renderers walk.

Every primitive carries a Style, a layer ("art", "cut", "fold", "marks"), whether it matters
for play (`important`: must stay inside the safe area) and optional `cls`/`data` that the SVG
renderer writes as class="..." and data-*="..." so tests and tools can read game data back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from pnp.draw.affine import IDENTITY, Affine, BBox, Point, cubic_bbox_points, union_all
from pnp.draw.font import glyph_outline_points, ink_extent, text_width, vertical_extent

Layer = Literal["art", "cut", "fold", "marks"]
LAYERS: tuple[Layer, ...] = ("art", "fold", "cut", "marks")  # drawing order: cut lines above art
_COLOUR = re.compile(r"#[0-9a-f]{6}")
_DATA_KEY = re.compile(r"[a-z][a-z0-9-]*")


@dataclass(frozen=True)
class Style:
    """How a primitive is painted. Colours are '#rrggbb' or None (no paint); lengths in mm."""

    stroke: str | None = "#000000"
    stroke_width: float = 0.25
    fill: str | None = None
    dash: tuple[float, ...] = ()  # on/off lengths in mm; () is solid
    opacity: float = 1.0
    linecap: Literal["butt", "round", "square"] = "butt"
    linejoin: Literal["miter", "round", "bevel"] = "miter"

    def __post_init__(self) -> None:
        for name in ("stroke", "fill"):
            value = getattr(self, name)
            if value is not None:
                value = value.lower()
                if not _COLOUR.fullmatch(value):
                    raise ValueError(f"Style.{name} must be '#rrggbb' or None, not {value!r}")
                object.__setattr__(self, name, value)
        if self.stroke_width < 0 or not 0.0 <= self.opacity <= 1.0:
            raise ValueError("Style: stroke_width must be >= 0 and opacity within 0..1")
        if any(d < 0 for d in self.dash) or (self.dash and sum(self.dash) <= 0):
            raise ValueError("Style.dash: lengths must be >= 0 and not all zero")

    def with_(self, **changes: object) -> Style:
        return replace(self, **changes)  # type: ignore[arg-type]


INK = "#000000"
CUT = Style(stroke=INK, stroke_width=0.25)
FOLD_VALLEY = Style(stroke=INK, stroke_width=0.25, dash=(2.0, 1.5))
FOLD_MOUNTAIN = Style(stroke=INK, stroke_width=0.25, dash=(4.0, 1.0, 0.5, 1.0))  # dash-dot
GLUE = Style(stroke=None, fill="#dcdcdc")
CROP = Style(stroke=INK, stroke_width=0.15)
HAIRLINE = Style(stroke=INK, stroke_width=0.1)
TEXT = Style(stroke=None, fill=INK)


def stroked(colour: str = INK, width: float = 0.25, dash: tuple[float, ...] = ()) -> Style:
    return Style(stroke=colour, stroke_width=width, dash=dash)


def filled(colour: str, stroke: str | None = None, width: float = 0.25) -> Style:
    return Style(stroke=stroke, stroke_width=width, fill=colour)


@dataclass(frozen=True, kw_only=True)
class _Common:
    style: Style = CUT
    layer: Layer = "art"
    important: bool | None = None  # None: True except on the marks layer
    cls: str = ""
    data: Mapping[str, str] = field(default_factory=dict)
    label: str = ""  # names the primitive in error messages
    field: str = ""  # the spec field it prints, named by a layout error about it ("sheet.bonus_label")

    def __post_init__(self) -> None:
        if self.layer not in LAYERS:
            raise ValueError(f"layer must be one of {', '.join(LAYERS)}, not {self.layer!r}")
        if self.important is None:
            object.__setattr__(self, "important", self.layer != "marks")
        for key in self.data:
            if not _DATA_KEY.fullmatch(key):
                raise ValueError(f"data key {key!r}: use lower-case letters, digits and '-'")
        object.__setattr__(self, "data", {k: str(v) for k, v in self.data.items()})

    def _points(self, m: Affine) -> list[Point]:
        """The outline points on the page that bound this primitive; each shape lists its own,
        a group has none (its box is its children's)."""
        return []

    def bbox(self, m: Affine = IDENTITY) -> BBox | None:
        """Bounding box on the page after transform m, including half the stroke width (ink)."""
        box = BBox.of_points(self._points(m))
        if self.style.stroke is not None and self.style.stroke_width > 0:
            box = box.grow(self.style.stroke_width * m.linear_scale / 2)
        return box

    def describe(self) -> str:
        return self.label or (
            f"{type(self).__name__.lower()} .{self.cls}" if self.cls else type(self).__name__.lower()
        )

    def only(self, layer: str) -> _Common | None:
        return self if self.layer == layer else None


@dataclass(frozen=True)
class Line(_Common):
    x1: float
    y1: float
    x2: float
    y2: float

    def _points(self, m: Affine) -> list[Point]:
        return [m.apply(self.x1, self.y1), m.apply(self.x2, self.y2)]


@dataclass(frozen=True)
class Polyline(_Common):
    points: tuple[Point, ...]

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "points", tuple((float(x), float(y)) for x, y in self.points))
        if len(self.points) < 2:
            raise ValueError(f"{type(self).__name__} needs at least 2 points")

    def _points(self, m: Affine) -> list[Point]:
        return [m.apply(x, y) for x, y in self.points]


@dataclass(frozen=True)
class Polygon(Polyline):
    """A closed Polyline."""


PathCommand = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Q", x1, y1, x, y) | ("Z",)
_ARITY = {"M": 2, "L": 2, "C": 6, "Q": 4, "Z": 0}


@dataclass(frozen=True)
class Path(_Common):
    """SVG-like path with absolute commands M, L, C (cubic), Q (quadratic) and Z."""

    commands: tuple[PathCommand, ...]

    def __post_init__(self) -> None:
        super().__post_init__()
        for command in self.commands:
            if not command or command[0] not in _ARITY or len(command) != _ARITY[command[0]] + 1:
                raise ValueError(
                    f"bad path command {command!r}; use M x y, L x y, C x1 y1 x2 y2 x y, Q x1 y1 x y, Z"
                )
        if not self.commands or self.commands[0][0] != "M":
            raise ValueError("a path starts with M")

    def cubic_segments(self) -> list[tuple[str, tuple[float, ...]]]:
        """The path with Q raised to C, so both renderers and bbox see the same curves."""
        out: list[tuple[str, tuple[float, ...]]] = []
        current = start = (0.0, 0.0)
        for op, *args in self.commands:
            if op == "Q":
                (qx, qy, x, y), (cx0, cy0) = args, current
                c1 = (cx0 + 2 / 3 * (qx - cx0), cy0 + 2 / 3 * (qy - cy0))
                c2 = (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y))
                out.append(("C", (*c1, *c2, x, y)))
                current = (x, y)
                continue
            out.append((op, tuple(float(a) for a in args)))
            if op == "M":
                current = start = (args[0], args[1])
            elif op in "LC":
                current = (args[-2], args[-1])
            else:
                current = start
        return out

    def _points(self, m: Affine) -> list[Point]:
        points: list[Point] = []
        current = start = (0.0, 0.0)
        for op, args in self.cubic_segments():
            if op == "C":
                p1, p2, p3 = m.apply(*args[0:2]), m.apply(*args[2:4]), m.apply(*args[4:6])
                points += cubic_bbox_points(current, p1, p2, p3)
                current = p3
            elif op == "Z":
                current = start
            else:
                current = m.apply(*args)
                if op == "M":
                    start = current
                points.append(current)
        return points


@dataclass(frozen=True)
class Circle(_Common):
    cx: float
    cy: float
    r: float

    def _points(self, m: Affine) -> list[Point]:
        # An affine image of a circle is an ellipse; its half-extents are r * |row| of the matrix.
        cx, cy = m.apply(self.cx, self.cy)
        hx = self.r * (m.a**2 + m.c**2) ** 0.5
        hy = self.r * (m.b**2 + m.d**2) ** 0.5
        return [(cx - hx, cy - hy), (cx + hx, cy + hy)]


@dataclass(frozen=True)
class Rect(_Common):
    x: float
    y: float
    w: float
    h: float
    radius: float = 0.0

    def _points(self, m: Affine) -> list[Point]:
        x0, y0, x1, y1 = self.x, self.y, self.x + self.w, self.y + self.h
        return [m.apply(x0, y0), m.apply(x1, y0), m.apply(x1, y1), m.apply(x0, y1)]


@dataclass(frozen=True)
class Text(_Common):
    """One line of text. (x, y) is on the baseline; `anchor` says which end of the line it is.

    size_mm is the font size in millimetres (use text.pt(10) for 10 pt). Rotation is clockwise
    in degrees about (x, y). Text is filled with style.fill; its stroke is ignored.
    """

    x: float
    y: float
    text: str
    size_mm: float = 3.5
    weight: Literal["regular", "bold"] = "regular"
    anchor: Literal["start", "middle", "end"] = "start"
    rotation: float = 0.0
    style: Style = field(default=TEXT, kw_only=True)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.weight not in ("regular", "bold") or self.anchor not in ("start", "middle", "end"):
            raise ValueError(
                f"Text: weight regular|bold, anchor start|middle|end; got {self.weight}, {self.anchor}"
            )
        if "\n" in self.text:
            raise ValueError("Text is one line; use text.wrap or layout_flow for several")
        if self.size_mm <= 0:
            raise ValueError("Text.size_mm must be > 0")

    @property
    def bold(self) -> bool:
        return self.weight == "bold"

    @property
    def width(self) -> float:
        return text_width(self.text, self.size_mm, self.bold)

    @property
    def start_x(self) -> float:
        """x of the left end of the line: the renderers place text from here, not by anchor."""
        shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[self.anchor]
        return self.x - shift * self.width

    def transform(self) -> Affine:
        return Affine.rotate(self.rotation, self.x, self.y) if self.rotation else IDENTITY

    def _points(self, m: Affine) -> list[Point]:
        above, below = vertical_extent(self.size_mm, self.bold)
        x0, x1 = self.start_x, self.start_x + self.width
        full = m @ self.transform()
        return [full.apply(x, y) for x in (x0, x1) for y in (self.y - above, self.y + below)]

    def bbox(self, m: Affine = IDENTITY) -> BBox | None:
        return BBox.of_points(self._points(m)) if self.text.strip() else None

    def ink_bbox(self, m: Affine = IDENTITY) -> BBox | None:
        """The box of the printed letters on the page (their glyph outlines, which may reach past the advance
        box: the hook of J, the bar of T); None for a line without ink."""
        extent = ink_extent(self.text, self.size_mm, self.bold)
        if extent is None:
            return None
        left, top, right, bottom = extent
        full = m @ self.transform()
        x, y = self.start_x, self.y
        return BBox.of_points([full.apply(x + dx, y + dy) for dx in (left, right) for dy in (top, bottom)])

    def glyph_points(self, m: Affine = IDENTITY) -> list[Point]:
        """The outline points of every glyph on the page: the letters' own shape, not a box."""
        full = m @ self.transform()
        return [full.apply(self.start_x + dx, self.y + dy)
                for dx, dy in glyph_outline_points(self.text, self.size_mm, self.bold)]


@dataclass(frozen=True)
class Group(_Common):
    """Children drawn through an affine transform. Children keep their own layers and styles."""

    children: tuple[Primitive, ...] = ()
    transform: Affine = IDENTITY

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "children", tuple(self.children))

    def bbox(self, m: Affine = IDENTITY) -> BBox | None:
        inner = m @ self.transform
        return union_all(b for c in self.children if (b := c.bbox(inner)) is not None)

    def walk(self, m: Affine = IDENTITY):
        """Yield (primitive, transform on the page) for every leaf below this group."""
        inner = m @ self.transform
        for child in self.children:
            if isinstance(child, Group):
                yield from child.walk(inner)
            else:
                yield child, inner

    def only(self, layer: str) -> Group | None:
        """This group with only the descendants on `layer` (renderers draw one layer at a time)."""
        kept = tuple(k for c in self.children if (k := c.only(layer)) is not None)
        return replace(self, children=kept) if kept else None


Primitive = Line | Polyline | Polygon | Path | Circle | Rect | Text | Group
