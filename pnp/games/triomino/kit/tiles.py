"""Tile sheets: every tile of the set in strips of alternating up and down triangles, each front
sheet followed by its back sheet.

The tiles of a sheet lie on one triangular grid, so every cut line is a grid line running
straight across the block: the horizontal lines first turn the sheet into strips, then the two
families of slanted lines cut the strips into tiles. Short guides continue each line into the
margin so the ruler still finds it after the first cuts. Backs are mirrored for long-edge duplex
(`sheets.back_point`) and printed with 3 mm bleed around every tile, so a slightly shifted back
shows no white edge.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from pnp.components.sheets import back_point, content_box, piece_sheet_title
from pnp.draw.scene import CUT, Page, Polygon, Style, Text, filled, stroked
from pnp.draw.text import MIN_TEXT, pt, text_width, vertical_extent
from pnp.errors import LayoutError
from pnp.games.base import KitContext, eco_ink
from pnp.geometry.trigrid import Cell, TriLayout, corners

from ..model import TriominoModel
from ..options import MIN_TILE_EDGE_MM, TILE_EDGE
from .art import centroid, tile_group
from .texts import TEXTS

BACK_BLEED = 3.0
GUIDE_GAP, GUIDE_LENGTH = 1.5, 4.0
HEADER_GAP = 7.0  # header text to the block: room for the cut guides
BACK_COLOUR = "#2f5d62"  # dark teal: about 35 % grey, distinct from white fronts in any print
BACK_INK_SAVER = "#ffffff"
EDGE_STEP_MM = 0.5  # `--tile-edge fit` tries edges this far apart below the spec's


@dataclass(frozen=True)
class SheetLayout:
    """How many tiles a sheet takes: `per_strip` triangles in each of `strips` strips."""

    portrait: bool
    per_strip: int
    strips: int

    @property
    def per_sheet(self) -> int:
        return self.per_strip * self.strips


def header_height() -> float:
    above, below = vertical_extent(pt(12), bold=True)
    return above + below + 1.0 + sum(vertical_extent(pt(8))) + HEADER_GAP


def fit_layout(width: float, height: float, side: float, portrait: bool) -> SheetLayout:
    """Strips of n triangles are (n + 1) / 2 sides wide and one triangle height tall."""
    usable_w = width - 2 * (GUIDE_GAP + GUIDE_LENGTH)
    usable_h = height - header_height() - (GUIDE_GAP + GUIDE_LENGTH) * math.sqrt(3) / 2
    per_strip = max(0, math.floor(2 * usable_w / side) - 1)
    strips = max(0, math.floor(usable_h / (side * math.sqrt(3) / 2)))
    return SheetLayout(portrait, per_strip, strips)


def strip_shortfall(width: float, height: float, side: float) -> float:
    """How many mm of height one more strip needs beyond what `fit_layout` leaves."""
    usable_h = height - header_height() - (GUIDE_GAP + GUIDE_LENGTH) * math.sqrt(3) / 2
    strip = side * math.sqrt(3) / 2
    return (math.floor(usable_h / strip) + 1) * strip - usable_h


def sheet_count(ctx: KitContext, side: float, count: int) -> int:
    return math.ceil(count / choose_sheet(ctx, side, count).per_sheet)


def tile_edge(model: TriominoModel, ctx: KitContext) -> float:
    """The edge the kit prints: the spec's, or with `--tile-edge fit` (the default) the largest edge
    down to MIN_TILE_EDGE_MM, in EDGE_STEP_MM steps, that puts the set on fewer sheets than the spec's."""
    side, count = model.side_mm, len(model.tiles)
    if ctx.option(TILE_EDGE) == "spec":
        return side
    needed = sheet_count(ctx, side, count)
    smaller = side - EDGE_STEP_MM
    while needed > 1 and smaller >= min(MIN_TILE_EDGE_MM, side) - 1e-9:
        if sheet_count(ctx, smaller, count) < needed:
            return smaller
        smaller -= EDGE_STEP_MM
    return side


def sheet_limit(model: TriominoModel, ctx: KitContext, component: str) -> str | None:
    """Why a tile sheet takes no more tiles: the strips that fit the printable area at the tiles' size."""
    if component != "tiles":
        return None
    side = tile_edge(model, ctx)
    layout = choose_sheet(ctx, side, len(model.tiles))
    paper = ctx.paper.portrait() if layout.portrait else ctx.paper.landscape()
    box = content_box(Page.for_paper(paper))
    return TEXTS(ctx.lang, "sheet limit", paper=ctx.paper.name, n=layout.per_sheet, side=side,
                 strips=layout.strips, per=layout.per_strip,
                 way=TEXTS(ctx.lang, "portrait" if layout.portrait else "landscape"),
                 short=f"{strip_shortfall(box.width, box.height, side):.1f}".replace(
                     ".", "," if ctx.lang == "de" else "."))


def choose_sheet(ctx: KitContext, side: float, count: int) -> SheetLayout:
    """Portrait or landscape, whichever needs fewer sheets (portrait on a tie)."""
    best: SheetLayout | None = None
    for portrait in (True, False):
        paper = ctx.paper.portrait() if portrait else ctx.paper.landscape()
        box = content_box(Page.for_paper(paper))
        layout = fit_layout(box.width, box.height, side, portrait)
        if layout.per_sheet == 0:
            continue
        if best is None or math.ceil(count / layout.per_sheet) < math.ceil(count / best.per_sheet):
            best = layout
    if best is None:
        raise LayoutError(f"a {side:g} mm tile does not fit on {ctx.paper}", "tiles.side_mm")
    return best


def slot_cell(slot: int, per_strip: int) -> Cell:
    """Cell of the slot-th tile on a sheet: row by row, up and down triangles alternating."""
    return slot % per_strip, slot // per_strip


def tile_pages(model: TriominoModel, ctx: KitContext) -> list[Page]:
    tiles = model.tiles
    side = tile_edge(model, ctx)
    layout = choose_sheet(ctx, side, len(tiles))
    paper = ctx.paper.portrait() if layout.portrait else ctx.paper.landscape()
    sheets = math.ceil(len(tiles) / layout.per_sheet)
    underline = model.high >= 6 or model.low > 6  # a 6 can be read as a 9 only if 6s or 9s exist
    pages: list[Page] = []
    for sheet in range(sheets):
        chunk = tiles[sheet * layout.per_sheet:(sheet + 1) * layout.per_sheet]
        front = Page.for_paper(paper, label=f"tiles {sheet + 1} front")
        grid = _grid(front, side, layout, len(chunk))
        _header(front, ctx, sheet, sheets, back=False)
        cells = [slot_cell(slot, layout.per_strip) for slot in range(len(chunk))]
        for slot, (cell, tile) in enumerate(zip(cells, chunk, strict=True)):
            front.add(tile_group(grid.polygon(cell), tile.numbers, underline_69=underline,
                                 data={"slot": str(slot), "sheet": str(sheet + 1), "side-mm": f"{side:g}"}))
        _cut_lines(front, grid, cells)
        back = Page.for_paper(paper, label=f"tiles {sheet + 1} back", back=True)
        _header(back, ctx, sheet, sheets, back=True)
        _backs(back, front, grid, cells, chunk_labels=[t.label for t in chunk],
               ink_saver=eco_ink(ctx), name=model.name.text(ctx.lang))
        pages += [front, back]
    return pages


def _grid(page: Page, side: float, layout: SheetLayout, count: int) -> TriLayout:
    """The block of strips, centred across the content box, below the header."""
    box = content_box(page)
    per_strip = min(layout.per_strip, count)
    strips = math.ceil(count / layout.per_strip)
    width = (per_strip + 1) / 2 * side
    height = strips * side * math.sqrt(3) / 2
    top = box.y0 + header_height()
    spare = box.y1 - top - height - (GUIDE_GAP + GUIDE_LENGTH) * math.sqrt(3) / 2
    return TriLayout(side, box.x0 + (box.width - width) / 2, top + max(0.0, spare) / 3)


def _header(page: Page, ctx: KitContext, sheet: int, sheets: int, back: bool) -> None:
    box = content_box(page)
    size = pt(12)
    y = box.y0 + vertical_extent(size, bold=True)[0]
    title = piece_sheet_title("Triomino", "tiles", back, sheet + 1, sheets, ctx.lang)
    page.text(page.width / 2, y, title, size, weight="bold", anchor="middle", cls="sheet-title")
    note = TEXTS(ctx.lang, "backs_note") if back else TEXTS(ctx.lang, "fronts_note")
    y += vertical_extent(size, bold=True)[1] + 1.0 + vertical_extent(pt(8))[0]
    size = pt(8)
    while text_width(note, size) > box.width and size > MIN_TEXT:
        size *= 0.97  # long German notes get a little smaller rather than leave the safe area
    page.text(page.width / 2, y, note, size, anchor="middle", style=filled("#444444"), cls="sheet-note")


def _cut_lines(page: Page, grid: TriLayout, cells: list[Cell]) -> None:
    """Every grid line through the block as one straight cut, plus guides beyond both ends."""
    for (kind, _), (start, end) in _merged_lines(cells):
        (x1, y1), (x2, y2) = grid.point(start), grid.point(end)
        page.line(x1, y1, x2, y2, style=CUT, layer="cut", cls="cut-line", data={"direction": kind})
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        for (ex, ey), sign in (((x1, y1), -1), ((x2, y2), 1)):
            a, b = GUIDE_GAP, GUIDE_GAP + GUIDE_LENGTH
            page.line(ex + sign * ux * a, ey + sign * uy * a, ex + sign * ux * b, ey + sign * uy * b,
                      style=stroked(width=0.2), layer="marks", cls="cut-guide")


Line_ = tuple[str, int]  # direction and which line of that direction


def _merged_lines(cells: list[Cell]) -> list[tuple[Line_, tuple[tuple[int, int], tuple[int, int]]]]:
    """The cells' edges joined into maximal straight runs, as grid-point pairs."""
    runs: dict[Line_, set[tuple[tuple[int, int], tuple[int, int]]]] = defaultdict(set)
    for cell in cells:
        pts = corners(cell)
        for i in range(3):
            p, q = sorted((pts[i], pts[(i + 1) % 3]), key=lambda v: (v[1], v[0]))
            if p[1] == q[1]:
                runs[("horizontal", p[1])].add((p, q))
            elif q[0] > p[0]:
                runs[("falling", p[0] - p[1])].add((p, q))
            else:
                runs[("rising", p[0] + p[1])].add((p, q))
    merged = []
    for key in sorted(runs):
        segments = sorted(runs[key], key=lambda s: (s[0][1], s[0][0]))
        start, end = segments[0]
        for p, q in segments[1:]:
            if p == end:
                end = q
            else:
                merged.append((key, (start, end)))
                start, end = p, q
        merged.append((key, (start, end)))
    return merged


def _backs(page: Page, front: Page, grid: TriLayout, cells: list[Cell], chunk_labels: list[str],
           ink_saver: bool, name: str) -> None:
    """Each back at the mirror image of its front's place, so long-edge duplex puts it behind it."""
    colour = BACK_INK_SAVER if ink_saver else BACK_COLOUR
    motif = "#9a9a9a" if ink_saver else "#ffffff"
    shapes = []
    for slot, (cell, label) in enumerate(zip(cells, chunk_labels, strict=True)):
        points = tuple(back_point(front, x, y) for x, y in grid.polygon(cell))
        shapes.append((slot, label, points))
    if not ink_saver:
        # Bleed: each strip's box 3 mm larger on every side, so a shifted back shows no white edge.
        strips: dict[float, list[tuple[float, float]]] = defaultdict(list)
        for _, _, points in shapes:
            strips[round(min(y for _, y in points), 6)] += points
        boxes: list[list[float]] = []
        for points in strips.values():
            xs, ys = [x for x, _ in points], [y for _, y in points]
            box = [min(xs) - BACK_BLEED, min(ys) - BACK_BLEED, max(xs) + BACK_BLEED, max(ys) + BACK_BLEED]
            if boxes and boxes[-1][0] == box[0] and boxes[-1][2] == box[2]:
                boxes[-1][3] = box[3]  # same width as the strip above: one rectangle, no seam
            else:
                boxes.append(box)
        for x0, y0, x1, y1 in boxes:
            page.rect(x0, y0, x1 - x0, y1 - y0, style=filled(colour), important=False, cls="back-bleed")
    for slot, label, points in shapes:
        gx, gy = centroid(points)
        inner = tuple((gx + (x - gx) * 0.7, gy + (y - gy) * 0.7) for x, y in points)
        # The set's name across the inner triangle's middle (0.47 of the side wide there), shrunk to fit.
        size = min(grid.side * 0.065, 0.38 * grid.side / max(text_width(name.upper(), 1.0, bold=True), 1e-9))
        with page.group(cls="tile-back", data={"slot": str(slot), "tile": label}) as g:
            g.add(Polygon(points, style=Style(stroke=None, stroke_width=0, fill=colour), cls="back-face"))
            g.add(Polygon(inner, style=Style(stroke=motif, stroke_width=grid.side * 0.012, fill=None),
                          cls="back-motif"))
            g.add(Text(gx, gy + size * 0.36, name.upper(), size, weight="bold", anchor="middle",
                       style=filled(motif), cls="back-name"))
