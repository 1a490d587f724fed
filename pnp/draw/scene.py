"""A Page: paper size, bleed, safe margin and the primitives drawn on it, all in millimetres.

Coordinates start at the top-left corner of the trimmed page, y grows downwards (as in SVG).
Bleed extends the drawable sheet by `bleed` mm on every side (negative coordinates allowed).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from pnp.draw.affine import IDENTITY, Affine, BBox, Point
from pnp.draw.marks import crop_marks, footer, scale_bar
from pnp.draw.paper import MAX_PAPER_MM, SAFE_MARGIN_MM
from pnp.draw.primitives import (  # re-exported: scene is the one import components need
    CROP,
    CUT,
    FOLD_MOUNTAIN,
    FOLD_VALLEY,
    GLUE,
    HAIRLINE,
    LAYERS,
    TEXT,
    Circle,
    Group,
    Line,
    Path,
    Polygon,
    Polyline,
    Primitive,
    Rect,
    Style,
    Text,
    filled,
    stroked,
)
from pnp.errors import LayoutError

if TYPE_CHECKING:
    from pnp.draw.paper import Paper

__all__ = [
    "CROP",
    "CUT",
    "FOLD_MOUNTAIN",
    "FOLD_VALLEY",
    "GLUE",
    "HAIRLINE",
    "LAYERS",
    "TEXT",
    "Affine",
    "Circle",
    "Group",
    "Line",
    "Page",
    "Path",
    "Polygon",
    "Polyline",
    "Primitive",
    "Rect",
    "Style",
    "Text",
    "crop_marks",
    "filled",
    "footer",
    "scale_bar",
    "stroked",
]

P = TypeVar("P", bound=Primitive)
EPS = 1e-6


class _Builder(ABC):
    """Shorthand constructors shared by Page and the groups opened on it."""

    @abstractmethod
    def add(self, prim: P) -> P:
        """Add one primitive and return it."""

    def extend(self, prims: list[Primitive]) -> None:
        for prim in prims:
            self.add(prim)

    def line(self, x1: float, y1: float, x2: float, y2: float, **kw: Any) -> Line:
        return self.add(Line(x1, y1, x2, y2, **kw))

    def polyline(self, points: list[Point], **kw: Any) -> Polyline:
        return self.add(Polyline(tuple(points), **kw))

    def polygon(self, points: list[Point], **kw: Any) -> Polygon:
        return self.add(Polygon(tuple(points), **kw))

    def path(self, *commands: tuple, **kw: Any) -> Path:
        return self.add(Path(tuple(commands), **kw))

    def circle(self, cx: float, cy: float, r: float, **kw: Any) -> Circle:
        return self.add(Circle(cx, cy, r, **kw))

    def rect(self, x: float, y: float, w: float, h: float, radius: float = 0.0, **kw: Any) -> Rect:
        return self.add(Rect(x, y, w, h, radius, **kw))

    def text(self, x: float, y: float, text: str, size_mm: float = 3.5, **kw: Any) -> Text:
        return self.add(Text(x, y, text, size_mm, **kw))

    @contextmanager
    def group(self, transform: Affine = IDENTITY, **kw: Any) -> Iterator[GroupBuilder]:
        """`with page.group(Affine.translate(10, 20)) as g: g.line(...)` adds one Group on exit."""
        builder = GroupBuilder()
        yield builder
        self.add(Group(children=tuple(builder.children), transform=transform, **kw))


class GroupBuilder(_Builder):
    def __init__(self) -> None:
        self.children: list[Primitive] = []

    def add(self, prim: P) -> P:
        self.children.append(prim)
        return prim


@dataclass
class Page(_Builder):
    width: float
    height: float
    bleed: float = 0.0
    safe_margin: float = SAFE_MARGIN_MM
    label: str = ""  # names the page in messages
    paper: Paper | None = None  # the sheet it is printed on, if known: the page may not be larger
    back: bool = False  # printed on the back of the page before it (long-edge duplex)
    items: list[Primitive] = field(default_factory=list)
    title: str = ""  # the page's name for readers (the SVG's <title>) in the kit's language; "" takes `label`

    def __post_init__(self) -> None:
        for name in ("width", "height"):
            value = getattr(self, name)
            if not 0 < value <= MAX_PAPER_MM:
                raise LayoutError(f"{self.label or 'page'}: {name} {value} mm is not a page size")
        if self.bleed < 0 or self.safe_margin < 0 or 2 * self.safe_margin >= min(self.width, self.height):
            raise LayoutError(f"{self.label or 'page'}: bleed and safe margin must be >= 0 and fit the page")

    @classmethod
    def for_paper(cls, paper: Paper, **kw: Any) -> Page:
        return cls(paper.width, paper.height, paper=paper, **kw)

    def add(self, prim: P) -> P:
        self.items.append(prim)
        return prim

    @property
    def safe_box(self) -> BBox:
        m = self.safe_margin
        return BBox(m, m, self.width - m, self.height - m)

    @property
    def sheet_box(self) -> BBox:
        """Paper plus bleed: nothing at all may be drawn outside it."""
        b = self.bleed
        return BBox(-b, -b, self.width + b, self.height + b)

    def leaves(self) -> Iterator[tuple[Primitive, Affine, bool]]:
        """(leaf primitive, transform on the page, important) for everything on the page.

        A group's `important=False` makes its whole subtree unimportant (e.g. bleed art).
        """

        def visit(prim: Primitive, m: Affine, important: bool) -> Iterator[tuple[Primitive, Affine, bool]]:
            if isinstance(prim, Group):
                for child in prim.children:
                    yield from visit(child, m @ prim.transform, important and bool(prim.important))
            else:
                yield prim, m, important and bool(prim.important)

        for item in self.items:
            yield from visit(item, IDENTITY, True)

    def check_safe_area(self, component: str = "") -> None:
        """Raise LayoutError if something important leaves the safe area or anything leaves the sheet
        (text by the ink of its glyphs).

        The message names the component, the primitive and the overhang in mm; nothing is clipped.
        """
        name = component or self.label or "page"
        if self.paper is not None:
            fits = self.width <= self.paper.width + EPS and self.height <= self.paper.height + EPS
            if not fits:
                raise LayoutError(
                    f"{name}: page {self.width:g} x {self.height:g} mm is larger than the paper {self.paper}"
                )
        from pnp.draw.text import missing_glyphs

        for prim, m, important in self.leaves():
            field = prim.field or None
            if isinstance(prim, Text) and (missing := missing_glyphs(prim.text, prim.bold)):
                raise LayoutError(
                    f"{name}: text {prim.text[:30]!r}: the font has no glyph for {''.join(missing)!r}", field
                )
            # Text is measured by its glyphs' ink: letters such as J and T reach past their advance box.
            box = prim.ink_bbox(m) if isinstance(prim, Text) else prim.bbox(m)
            if box is None:
                continue
            if not all(math.isfinite(v) for v in (box.x0, box.y0, box.x1, box.y1)):
                # NaN compares false with every limit and would pass the test below wherever it lies.
                raise LayoutError(f"{name}: {prim.describe()} has a coordinate that is not a finite number", field)
            limit, where = (self.safe_box, "the safe area") if important else (self.sheet_box, "the sheet")
            over = box.overhang(limit)
            if over:
                side, amount = max(over.items(), key=lambda kv: kv[1])
                what = prim.describe()
                if isinstance(prim, Text):
                    what = f"text {prim.text[:30]!r}"
                raise LayoutError(
                    f"{what} lies outside {where} of the {name} by {amount:.2f} mm at the {side} "
                    f"(safe margin {self.safe_margin:g} mm, bleed {self.bleed:g} mm)" if field else
                    f"{name}: {what} lies outside {where} by {amount:.2f} mm at the {side} "
                    f"(safe margin {self.safe_margin:g} mm, bleed {self.bleed:g} mm)", field
                )
