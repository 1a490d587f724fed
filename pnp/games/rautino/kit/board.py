"""The board: the spec's hexagon of triangles at the stones' size on A4 landscape, the start
place marked, the title and a legend of every shape (a small diagram and its points) in the
free strips left and right of the hexagon."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.components.sheets import content_box
from pnp.draw.affine import BBox
from pnp.draw.scene import Page, Style, filled, stroked
from pnp.draw.text import pt, text_width, vertical_extent, wrap
from pnp.errors import LayoutError
from pnp.games.base import KitContext
from pnp.geometry import trigrid as tg
from pnp.spec import TextRoom, check_printed

from ..model import Colour, RautinoModel, Shape
from ..panels import cut_edges
from . import art
from .texts import one_player_lines, points_lines, shape_name, words

OUTLINE = Style(stroke=art.INK, stroke_width=0.6, linecap="round")
GRID = stroked(art.GRID, 0.3)
PANEL_CUT = stroked(art.INK, 0.45)  # the three long lines the board is cut along into panels
START_FILL = "#e4dccb"
LEGEND_TRI = 9.0  # triangle side of legend diagrams, mm (smaller when the strip is narrower)
MIN_STRIP_MM = 20.0  # narrowest strip beside the hexagon that still holds a legend
STRIP_GAP = 3.0  # free space between the legend and the hexagon, mm
TEXT_SIZE = pt(8)
HEAD_SIZE = pt(9.5)


TITLE_SIZE = pt(30)


def title_room(model: RautinoModel, paper: Any) -> float:
    """Width (mm) the title may take in the top-left corner the hexagon leaves free; as
    `draw_legend` places it (title, then the facts line) on `paper` in landscape."""
    page = Page.for_paper(paper.landscape(), label="board")
    layout, box = place_board(page, model)
    ascent, descent = vertical_extent(TITLE_SIZE, bold=True)
    bottom = box.y0 + ascent + descent + vertical_extent(TEXT_SIZE)[0] + 1.0
    return _hex_left(layout, model, box.y0, bottom + 2) - STRIP_GAP - box.x0


def board_pages(model: RautinoModel, ctx: KitContext) -> list[Page]:
    page = Page.for_paper(ctx.paper.landscape(), label="board")
    layout, box = place_board(page, model)
    draw_board(page, model, layout, lang=ctx.lang)
    draw_legend(page, model, layout, box, ctx.lang)
    return [page]


def place_board(page: Page, model: RautinoModel) -> tuple[tg.TriLayout, BBox]:
    """The hexagon centred in the content box at the model's triangle size; LayoutError if too big."""
    box = content_box(page)
    width, height = model.board.size_mm
    room = OUTLINE.stroke_width
    if width + room > box.width or height + room > box.height:
        raise LayoutError(
            f"rautino board: the board is {width:.0f} x {height:.0f} mm but the page leaves "
            f"{box.width:.0f} x {box.height:.0f} mm; lower board.triangle_mm in the spec"
        )
    x0 = box.x0 + (box.width - width) / 2
    y0 = box.y0 + (box.height - height) / 2
    return model.board.layout(x0, y0), box


def boundary_edges(cells: Iterable[tg.Cell]) -> list[tuple[tg.Point, tg.Point]]:
    """Edges that belong to one cell only: the region's outline."""
    count: dict[tuple[tg.Point, tg.Point], int] = {}
    for cell in cells:
        for p, q in tg.edges(cell):
            key = (min(p, q), max(p, q))
            count[key] = count.get(key, 0) + 1
    return sorted(edge for edge, n in count.items() if n == 1)


def draw_board(page: Page, model: RautinoModel, layout: tg.TriLayout, lang: str = "en") -> None:
    board = model.board
    start = set(board.start)
    for cell in board.cells:
        fill = START_FILL if cell in start else art.BOARD_FILL
        page.polygon(layout.polygon(cell), style=filled(fill, art.GRID, GRID.stroke_width), cls="board-cell",
                     data={"cell": f"{cell[0]},{cell[1]}", "side-mm": f"{layout.side:g}"})
    for p, q in cut_edges(board):  # the board goes into its box as six panels
        page.line(*layout.point(p), *layout.point(q), style=PANEL_CUT, cls="panel-cut")
    for p, q in boundary_edges(board.cells):
        page.line(*layout.point(p), *layout.point(q), style=OUTLINE, cls="board-outline")
    draw_start(page, model, layout, lang)


def stone_outline(layout: tg.TriLayout, cells: Sequence[tg.Cell]) -> list[tuple[float, float]]:
    """The rhombus of two edge-adjacent cells, corners in order around it."""
    a, b = cells
    shared = set(tg.corners(a)) & set(tg.corners(b))
    far_a = next(p for p in tg.corners(a) if p not in shared)
    far_b = next(p for p in tg.corners(b) if p not in shared)
    s1, s2 = sorted(shared)
    return [layout.point(p) for p in (far_a, s1, far_b, s2)]


def draw_start(page: Page, model: RautinoModel, layout: tg.TriLayout, lang: str) -> None:
    cells = model.board.start
    rhombus = stone_outline(layout, cells)
    page.polygon(rhombus, style=Style(stroke=art.INK, stroke_width=0.5, dash=(2.0, 1.2)), cls="start",
                 data={"cells": ";".join(f"{c},{r}" for c, r in cells)})
    cx, cy = art.centroid(rhombus)
    size = pt(11)
    page.text(cx, cy + size * 0.36, words(lang)["start"], size, weight="bold", anchor="middle",
              style=filled("#6b604c"), cls="start-label")


# ---- legend ------------------------------------------------------------------------------------

@dataclass
class LegendEntry:
    """One block of the legend, measured before it is placed."""

    shape: Shape | None
    title: list[str]
    lines: list[str]
    width: float
    height: float
    diagram: tuple[float, float] = (0.0, 0.0)


def _entry(model: RautinoModel, shape: Shape | None, lang: str, width: float, tri: float) -> LegendEntry:
    w = words(lang)
    if shape is None:
        title, lines, diagram = w["one_player"], one_player_lines(model, lang), (0.0, 0.0)
    else:
        cells = art.shape_cells_for_diagram(shape)
        extra = [w[shape.new_stone]] if shape.new_stone in ("both", "one") else []
        title = shape_name(shape, lang)
        lines = [*extra, *points_lines(shape, lang)]
        diagram = art.diagram_size(cells | set(art.new_stone_in(shape, cells)), tri)
    wrapped = [part for line in lines for part in wrap(line, width, TEXT_SIZE)]
    heads = wrap(title, width, HEAD_SIZE, bold=True)
    height = (diagram[1] + 2.0 if diagram[1] else 0.0) + HEAD_SIZE * 1.3 * len(heads) + TEXT_SIZE * 1.3 * len(wrapped)
    return LegendEntry(shape, heads, wrapped, width, height, diagram)


def _hex_left(layout: tg.TriLayout, model: RautinoModel, y0: float, y1: float) -> float:
    """The hexagon's leftmost x over the rows y0..y1 (the region is symmetric left/right)."""
    xs = []
    for cell in model.board.cells:
        pts = layout.polygon(cell)
        top, bottom = min(y for _, y in pts), max(y for _, y in pts)
        if bottom > y0 and top < y1:
            xs.append(min(x for x, _ in pts))
    return min(xs) if xs else float("inf")


def draw_legend(page: Page, model: RautinoModel, layout: tg.TriLayout, box: BBox, lang: str) -> None:
    w = words(lang)
    hex_x0 = min(x for cell in model.board.cells for x, _ in layout.polygon(cell))
    strip = hex_x0 - box.x0 - STRIP_GAP
    if strip < MIN_STRIP_MM:
        raise LayoutError(f"rautino board: only {strip:.0f} mm beside the hexagon for the legend; "
                          "lower board.triangle_mm in the spec")
    tri = legend_triangle(model, strip)
    # Title block top left, in the corner the hexagon leaves free.
    title_size = TITLE_SIZE
    ascent, descent = vertical_extent(title_size, bold=True)
    y = box.y0 + ascent
    page.text(box.x0, y, model.title, title_size, weight="bold", cls="title")
    y += descent + vertical_extent(TEXT_SIZE)[0] + 1.0
    page.text(box.x0, y, w["facts"], TEXT_SIZE, style=filled("#555555"), cls="subtitle")
    room = _hex_left(layout, model, box.y0, y + 2) - STRIP_GAP - box.x0
    check_printed(model.source, "game.title", model.title, [TextRoom("on the board on this paper", room, title_size,
                                                                     bold=True)])
    if text_width(w["facts"], TEXT_SIZE) > room:
        raise LayoutError("rautino board: the title runs into the hexagon")
    top_left = y + 8.0

    entries = [_entry(model, s, lang, strip, tri) for s in model.shapes]
    half = (len(entries) + 1) // 2
    left, right = entries[:half], entries[half:]
    if one_player_lines(model, lang) and 1 in model.players:
        right.append(_entry(model, None, lang, strip, tri))
    columns = [(left, box.x0 + 0.5, top_left), (right, page.width - box.x0 - strip, box.y0)]
    page.text(box.x0, top_left - 2.0, w["shapes"], pt(12), weight="bold", cls="legend-heading")
    for index, (column, x, top) in enumerate(columns):
        used = sum(e.height for e in column)
        room = box.y1 - top
        if used > room:
            raise LayoutError(f"rautino board: the legend needs {used:.0f} mm, the strip has {room:.0f} mm")
        gap = (room - used) / max(len(column), 1)
        y = top + (gap / 2 if index else gap / 3)
        for entry in column:
            _draw_entry(page, model, entry, x, y, tri)
            y += entry.height + gap


def legend_triangle(model: RautinoModel, strip: float) -> float:
    """Triangle side of the legend diagrams: LEGEND_TRI, or less so the widest diagram fits the strip."""
    widest = max((art.diagram_size(cells | set(art.new_stone_in(shape, cells)), 1.0)[0]
                  for shape in model.shapes for cells in [art.shape_cells_for_diagram(shape)]), default=0.0)
    return min(LEGEND_TRI, (strip - 0.5) / widest) if widest else LEGEND_TRI


def _draw_entry(page: Page, model: RautinoModel, entry: LegendEntry, x: float, y: float, tri: float) -> None:
    data = {"shape": entry.shape.name if entry.shape else "one-player"}
    with page.group(cls="legend-entry", data=data) as g:
        if entry.shape is not None:
            colour = model.colours[model.shapes.index(entry.shape) % len(model.colours)]
            draw_shape_diagram(g, model, entry.shape, x, y, tri, colour)
            y += entry.diagram[1] + 2.0
        for line in entry.title:
            y += HEAD_SIZE * 1.3
            g.text(x, y - HEAD_SIZE * 0.3, line, HEAD_SIZE, weight="bold", cls="legend-title")
        for line in entry.lines:
            y += TEXT_SIZE * 1.3
            g.text(x, y - TEXT_SIZE * 0.3, line, TEXT_SIZE, cls="legend-text")


def draw_shape_diagram(b: art.Builder, model: RautinoModel, shape: Shape, x: float, y: float, tri: float,
                       colour: Colour, other: Colour | None = None) -> tuple[float, float]:
    """The shape in one colour, symbols included, with the last-placed stone outlined boldly; for shapes
    that count one triangle of the new stone, its other triangle is drawn just outside. Returns the size."""
    cells = art.shape_cells_for_diagram(shape)
    stone = art.new_stone_in(shape, cells)
    everything = cells | set(stone)
    layout = art.diagram_layout(everything, tri, x, y)
    outside = other or model.colours[(model.colours.index(colour) + 1) % len(model.colours)]
    painted = dict.fromkeys(cells, colour)
    painted.update({cell: outside for cell in stone if cell not in cells})
    art.draw_cells(b, layout, painted, line=stroked(art.INK, 0.2))
    b.polygon(stone_outline(layout, stone), style=Style(stroke=art.INK, stroke_width=0.7, linejoin="round"),
              cls="new-stone")
    return art.diagram_size(everything, tri)


def draw_placed(page: Page, model: RautinoModel, layout: tg.TriLayout,
                placements: Sequence[tuple[Sequence[tg.Cell], Sequence[str]]]) -> None:
    """Stones lying on the board, in order (a later stone covers an earlier joker)."""
    for cells, colours in placements:
        tris = [(cell, model.colour(name)) for cell, name in zip(cells, colours, strict=True)]
        with page.group(cls="placed-stone", data={"cells": ";".join(f"{c},{r}" for c, r in cells)}) as g:
            for cell, colour in tris:
                art.draw_triangle(g, layout.polygon(cell), colour, outline=stroked(art.INK, 0.15))
            g.polygon(stone_outline(layout, list(cells)), style=stroked(art.INK, 0.6))


def record_placements(record: dict[str, Any]) -> list[tuple[list[tg.Cell], list[str]]]:
    start = record["start"]
    out = [([tuple(c) for c in start["cells"]], list(start["stone"]))]
    for move in record["moves"]:
        if not move.get("skip"):
            out.append(([tuple(c) for c in move["cells"]], list(move["colours"])))
    return out  # type: ignore[return-value]
