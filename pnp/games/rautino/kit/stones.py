"""Stone sheets and their backs.

The stones lie on a lattice of rhombi with 6 mm gutters: every row is a strip between two
horizontal cut lines, and the slanted edges of all rows fall on common lines, so a ruler and a
knife cut a sheet with long straight strokes. Each triangle's colour runs 3 mm past its cut lines
(to the middle of the gutter), so a cut slightly off shows no neighbour's colour. The back sheet
puts each stone's back where its front lands under long-edge duplex.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.components.sheets import content_box, duplex_mirror, piece_sheet_title
from pnp.draw.affine import Point
from pnp.draw.scene import CUT, Page, Style, filled
from pnp.draw.text import pt, text_width, vertical_extent
from pnp.errors import LayoutError
from pnp.games.base import KitContext, eco_ink

from ..model import RautinoModel
from . import art
from .texts import words

BLEED_MM = 3.0
ECO_LINE = "#9a9a9a"  # `--ink eco` backs: grey outline and name on white
GUTTER_MM = 2 * BLEED_MM  # colour from both sides meets in the middle of the gutter
HEADER_MM = 30.0  # title, colour key and cutting note above the stones
SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class Slot:
    """Where one stone lies on its sheet: rhombus corners bottom-left, top-left, top-right, bottom-right."""

    sheet: int
    index: int  # the stone's number in the set (model.stone_list order)
    rhombus: tuple[Point, Point, Point, Point]

    @property
    def centre(self) -> Point:
        return art.centroid(self.rhombus)


@dataclass(frozen=True)
class Lattice:
    side: float
    x0: float  # top-left corner of the first stone of the first row
    y0: float
    per_row: int
    rows: int

    @property
    def height(self) -> float:
        return self.side * math.sqrt(3) / 2

    @property
    def pitch(self) -> float:
        """Horizontal distance between neighbouring stones of a row (edge gutter measured square)."""
        return self.side + GUTTER_MM / (SQRT3 / 2)

    @property
    def capacity(self) -> int:
        return self.per_row * self.rows

    def rhombus(self, row: int, column: int) -> tuple[Point, Point, Point, Point]:
        # Odd rows sit half a pitch further left: exactly where the slanted gutters of the row
        # above arrive, so the slanted cut lines continue from row to row.
        s, h = self.side, self.height
        x = self.x0 + column * self.pitch - (row % 2) * self.pitch / 2
        y = self.y0 + row * (h + GUTTER_MM)
        return ((x - s / 2, y + h), (x, y), (x + s, y), (x + s / 2, y + h))


def lattice(page: Page, side: float) -> Lattice:
    """As many rows of as many stones as the content box holds below the header."""
    box = content_box(page)
    h = side * SQRT3 / 2
    pitch = side + GUTTER_MM / (SQRT3 / 2)
    # A row is 1.5 sides wide; shifting every other row half a pitch widens the block by that much.
    per_row = math.floor((box.width - 1.5 * side - pitch / 2 - 0.5) / pitch) + 1
    rows = math.floor((box.height - HEADER_MM - h - 0.5) / (h + GUTTER_MM)) + 1
    if per_row < 1 or rows < 1:
        raise LayoutError(f"a {side:g} mm stone does not fit on {page.width:g} x {page.height:g} mm",
                          "board.triangle_mm")
    block_w = 1.5 * side + (per_row - 1) * pitch + (pitch / 2 if rows > 1 else 0)
    left = box.x0 + (box.width - block_w) / 2
    # The first row's top-left corner: its bottom-left corner is half a side left of it, and the
    # rows below reach half a pitch further left.
    x0 = left + side / 2 + (pitch / 2 if rows > 1 else 0)
    return Lattice(side, x0, box.y0 + HEADER_MM, per_row, rows)


def slots(model: RautinoModel, page: Page) -> list[Slot]:
    """Every stone of the set on its sheet and place, sheets filled in order."""
    grid = lattice(page, model.board.stone_side_mm)
    out = []
    for index in range(model.stone_count):
        sheet, place = divmod(index, grid.capacity)
        row, column = divmod(place, grid.per_row)
        out.append(Slot(sheet, index, grid.rhombus(row, column)))
    return out


def sheet_count(model: RautinoModel, page: Page) -> int:
    return math.ceil(model.stone_count / lattice(page, model.board.stone_side_mm).capacity)


def _new_page(ctx: KitContext, label: str, back: bool = False) -> Page:
    return Page.for_paper(ctx.paper.portrait(), label=label, back=back)


def stone_pages(model: RautinoModel, ctx: KitContext) -> list[Page]:
    """Each front sheet followed by its back sheet, so a duplex print pairs them."""
    probe = _new_page(ctx, "stones")
    placed = slots(model, probe)
    count = sheet_count(model, probe)
    fronts = [front_page(model, ctx, [s for s in placed if s.sheet == n], n, count) for n in range(count)]
    backs = [back_page(model, ctx, [s for s in placed if s.sheet == n], n, count) for n in range(count)]
    return [page for pair in zip(fronts, backs, strict=True) for page in pair]


def _header(page: Page, model: RautinoModel, title: str, note: str, lang: str) -> None:
    box = content_box(page)
    size = pt(14)
    y = box.y0 + vertical_extent(size, True)[0]
    page.text(box.x0, y, title, size, weight="bold", cls="sheet-title")
    tri = 9.0
    x, top = box.x0 + 0.2, y + 3.0
    h = tri * SQRT3 / 2
    for colour in model.all_colours:
        points = [(x + tri / 2, top), (x + tri, top + h), (x, top + h)]
        with page.group(cls="colour-key", data={"colour": colour.name}) as g:
            art.draw_triangle(g, points, colour, outline=Style(stroke=art.INK, stroke_width=0.2))
        label = colour.label.text(lang)
        page.text(x + tri + 1.5, top + h * 0.75, label, pt(8), cls="colour-key-label")
        x += tri + 6.0 + text_width(label, pt(8))
    page.text(box.x0, top + h + 5.0, note, pt(8), style=filled("#444444"), cls="sheet-note")


def front_page(model: RautinoModel, ctx: KitContext, sheet: list[Slot], number: int, count: int) -> Page:
    w = words(ctx.lang)
    page = _new_page(ctx, "stones")
    _header(page, model, piece_sheet_title(model.title.text(ctx.lang), "stones", False, number + 1, count, ctx.lang),
            f"{len(sheet)} {w['stones']} · {w['cut']}", ctx.lang)
    stones = model.stone_list
    for slot in sheet:
        colours = (model.colour(stones[slot.index][0]), model.colour(stones[slot.index][1]))
        with page.group(cls="stone", data={"stone": str(slot.index), "colours": "/".join(stones[slot.index]),
                                           "centre": _pt(slot.centre)}) as g:
            art.draw_stone(g, slot.rhombus, colours, bleed=BLEED_MM)
        # The bleed beyond the cut lines is waste: it may cross the safe area's edge.
        page.polygon(list(slot.rhombus), style=Style(stroke=None, fill=None), layer="cut", cls="stone-cut",
                     data={"stone": str(slot.index)})
    for line in cut_lines(sheet):
        page.line(*line[0], *line[1], style=CUT, layer="cut", cls="cut-line")
    return page


def _pt(p: Point) -> str:
    return f"{p[0]:.3f},{p[1]:.3f}"


def cut_lines(sheet: list[Slot]) -> list[tuple[Point, Point]]:
    """Long cut lines: one per row edge, one per slanted lattice line, each spanning every stone on it."""
    horizontal: dict[float, list[float]] = {}
    slanted: dict[float, list[Point]] = {}
    for slot in sheet:
        bl, tl, tr, br = slot.rhombus
        for a, b in ((tl, tr), (bl, br)):
            horizontal.setdefault(round(a[1], 6), []).extend([a[0], b[0]])
        for a, b in ((tl, bl), (tr, br)):
            # Points on one "/" line share x + y / sqrt(3).
            slanted.setdefault(round(a[0] + a[1] / SQRT3, 6), []).extend([a, b])
    lines = [((min(xs), y), (max(xs), y)) for y, xs in sorted(horizontal.items())]
    for _, points in sorted(slanted.items()):
        top, bottom = min(points, key=lambda p: p[1]), max(points, key=lambda p: p[1])
        lines.append((top, bottom))
    return lines


def back_page(model: RautinoModel, ctx: KitContext, sheet: list[Slot], number: int, count: int) -> Page:
    w = words(ctx.lang)
    page = _new_page(ctx, "stone backs", back=True)
    mirror = duplex_mirror(page)
    box = content_box(page)
    title = piece_sheet_title(model.title.text(ctx.lang), "stones", True, number + 1, count, ctx.lang)
    size = pt(14)
    # The back's header sits at the top right, behind the front's header (mirrored about the long edge).
    page.text(box.x1, box.y0 + vertical_extent(size, True)[0], title, size, weight="bold", anchor="end",
              cls="sheet-title")
    page.text(box.x1, box.y0 + 12.0, w["backs"], pt(8), anchor="end", style=filled("#444444"), cls="sheet-note")
    for slot in sheet:
        rhombus = [mirror.apply(*p) for p in slot.rhombus]
        draw_back(page, rhombus, model.title.text(ctx.lang), slot.index, eco=eco_ink(ctx))
    return page


def draw_back(page: Page, rhombus: list[Point], title: str, index: int, *, eco: bool = False) -> None:
    """A dark back with bleed, or with `eco` ink a white one: only its outline and name, in grey."""
    centre = art.centroid(rhombus)
    line = ECO_LINE if eco else art.BACK_LINE
    with page.group(cls="stone-back", data={"stone": str(index), "centre": _pt(centre)}) as g:
        if not eco:
            g.polygon(art.offset_convex(rhombus, BLEED_MM), style=filled(art.BACK_FILL), important=False)
        inset = art.offset_convex(rhombus, -2.2)
        g.polygon(inset, style=Style(stroke=line, stroke_width=0.35))
        size = pt(8)
        g.text(centre[0], centre[1] + size * 0.36, title, size, weight="bold", anchor="middle",
               style=filled(line))
        g.polygon(rhombus, style=Style(stroke=None, fill=None), cls="stone-back-outline",
                  data={"stone": str(index)})
