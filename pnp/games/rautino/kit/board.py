"""The board: the spec's hexagon of triangles at the stones' size on A4 landscape, the start
place marked, and a legend of every shape (a small diagram and its points) on four cards cut from
the corners the hexagon leaves free, so the legend goes into the box with the board."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.components.sheets import content_box
from pnp.draw.affine import BBox
from pnp.draw.scene import Page, Style, filled, stroked
from pnp.draw.text import pt, vertical_extent, wrap
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
LEGEND_CUT = stroked(art.INK, 0.3)  # the outline of each legend card
START_FILL = "#e4dccb"
LEGEND_TRI = 9.0  # triangle side of legend diagrams, mm (smaller when the cards are narrower)
MIN_STRIP_MM = 20.0  # narrowest card beside the hexagon that still holds a legend
CARDS = 4  # legend cards, one in each corner of the sheet
CARD_GAP = 3.0  # between a card's cut and the hexagon's, mm: two clean cuts, not one shared
CARD_PAD = 2.5  # a card's text and diagrams keep this far inside its cut
ENTRY_GAP = 3.0  # between two legend entries on a card
CARD_TITLE = 2.0  # below the game's title at the top of each card
TEXT_SIZE = pt(8)
HEAD_SIZE = pt(9.5)


def board_pages(model: RautinoModel, ctx: KitContext) -> list[Page]:
    page = Page.for_paper(ctx.paper.landscape(), label="board")
    layout, box = place_board(page, model)
    draw_board(page, model, layout, lang=ctx.lang)
    draw_legend(page, model, layout, box, ctx.lang)
    return [page]


def legend_cards(model: RautinoModel, paper: Any, lang: str) -> tuple[float, float, int]:
    """Width and height (mm) of the legend cards the board sheet on `paper` cuts, and how many."""
    cards = board_card_plan(model, paper, lang).cards
    return cards[0].width, cards[0].height, len(cards)


def place_board(page: Page, model: RautinoModel) -> tuple[tg.TriLayout, BBox]:
    """The hexagon centred in the content box at the model's triangle size; LayoutError if too big."""
    box = content_box(page)
    width, height = model.board.size_mm
    room = OUTLINE.stroke_width
    if width + room > box.width or height + room > box.height:
        raise LayoutError(
            f"makes the board {width:.0f} x {height:.0f} mm but the page leaves {box.width:.0f} x "
            f"{box.height:.0f} mm; choose a smaller triangle", "board.triangle_mm"
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


# ---- legend cards --------------------------------------------------------------------------------

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


@dataclass(frozen=True)
class CardPlan:
    """The legend cards cut from the sheet's corners: top left, bottom left, top right, bottom right
    (a card with nothing to hold is left out), and the legend entries on each."""

    cards: tuple[BBox, ...]
    entries: tuple[tuple[LegendEntry, ...], ...]
    tri: float


def hexagon_outline(model: RautinoModel, layout: tg.TriLayout) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [(layout.point(p), layout.point(q)) for p, q in boundary_edges(model.board.cells)]


def plan_cards(model: RautinoModel, layout: tg.TriLayout, box: BBox, lang: str) -> CardPlan:
    """Four legend cards, one in each corner the hexagon leaves free, all of one size: as tall as the
    fullest needs, as wide as that height allows while keeping CARD_GAP from the hexagon's cut."""
    box = box.grow(-LEGEND_CUT.stroke_width / 2)  # the cut line's ink inside the content box too
    outline = hexagon_outline(model, layout)
    hex_x0 = min(x for segment in outline for x, _ in segment)
    strip = hex_x0 - box.x0 - CARD_GAP  # a card reaching the hexagon's side corner is this wide
    if strip < MIN_STRIP_MM:
        raise LayoutError(f"leaves only {strip:.0f} mm beside the hexagon for the legend cards (at least "
                          f"{MIN_STRIP_MM:g} mm); choose a smaller triangle", "board.triangle_mm")
    tri = legend_triangle(model, strip - 2 * CARD_PAD)  # kept on wider cards: a wider card only wraps less

    def laid_out(width: float) -> tuple[list[list[LegendEntry]], float]:
        entries = [_entry(model, s, lang, width - 2 * CARD_PAD, tri) for s in model.shapes]
        if one_player_lines(model, lang) and 1 in model.players:
            entries.append(_entry(model, None, lang, width - 2 * CARD_PAD, tri))
        groups = split_evenly(entries, CARDS)
        return groups, max(_card_height(group) for group in groups)

    _, tallest = laid_out(strip)
    width = max(strip, _widest_card(outline, box, tallest))
    groups, height = laid_out(width)
    if height > box.height / 2:
        raise LayoutError(f"leaves legend cards that need {height:.0f} mm each; the sheet's corners hold "
                          f"{box.height / 2:.0f} mm; choose a smaller triangle", "board.triangle_mm")
    corners = [BBox(box.x0, box.y0, box.x0 + width, box.y0 + height),
               BBox(box.x0, box.y1 - height, box.x0 + width, box.y1),
               BBox(box.x1 - width, box.y0, box.x1, box.y0 + height),
               BBox(box.x1 - width, box.y1 - height, box.x1, box.y1)]
    kept = [(card, tuple(group)) for card, group in zip(corners, groups, strict=True) if group]
    return CardPlan(tuple(c for c, _ in kept), tuple(g for _, g in kept), tri)


def _card_height(entries: Sequence[LegendEntry]) -> float:
    if not entries:
        return 0.0
    return 2 * CARD_PAD + _title_height() + sum(e.height for e in entries) + ENTRY_GAP * (len(entries) - 1)


def _title_height() -> float:
    ascent, descent = vertical_extent(HEAD_SIZE, bold=True)
    return ascent + descent + CARD_TITLE


def split_evenly(entries: Sequence[LegendEntry], parts: int) -> list[list[LegendEntry]]:
    """The entries in order in `parts` runs (some perhaps empty), the tallest run as short as can be."""
    best: tuple[float, list[list[LegendEntry]]] | None = None

    def runs(start: int, left: int) -> Iterable[list[list[LegendEntry]]]:
        if left == 1:
            yield [list(entries[start:])]
            return
        for end in range(start, len(entries) + 1):
            for rest in runs(end, left - 1):
                yield [list(entries[start:end]), *rest]

    for option in runs(0, parts):
        tallest = max(_card_height(run) for run in option)
        if best is None or tallest < best[0] - 1e-9:
            best = (tallest, option)
    assert best is not None
    return best[1]


def _widest_card(outline: Sequence[tuple[tuple[float, float], tuple[float, float]]], box: BBox,
                 height: float) -> float:
    """The widest card of `height` in each corner of `box` that keeps CARD_GAP from the hexagon (to 0.1 mm)."""
    def clear(width: float) -> bool:
        rects = [BBox(box.x0, box.y0, box.x0 + width, box.y0 + height),
                 BBox(box.x0, box.y1 - height, box.x0 + width, box.y1),
                 BBox(box.x1 - width, box.y0, box.x1, box.y0 + height),
                 BBox(box.x1 - width, box.y1 - height, box.x1, box.y1)]
        return all(_rect_to_segment(rect, a, b) >= CARD_GAP for rect in rects for a, b in outline)

    low, high = 0.0, box.width / 2
    while high - low > 0.05:
        middle = (low + high) / 2
        low, high = (middle, high) if clear(middle) else (low, middle)
    return math.floor(low * 10) / 10


def _point_to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _crosses(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float], d: tuple[float, float]) -> bool:
    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def _rect_to_segment(rect: BBox, a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance between a rectangle and a line segment (0 where they touch or cross)."""
    if any(rect.x0 <= x <= rect.x1 and rect.y0 <= y <= rect.y1 for x, y in (a, b)):
        return 0.0
    corners = [(rect.x0, rect.y0), (rect.x1, rect.y0), (rect.x1, rect.y1), (rect.x0, rect.y1)]
    sides = list(zip(corners, [*corners[1:], corners[0]], strict=True))
    if any(_crosses(a, b, p, q) for p, q in sides):
        return 0.0
    return min([_point_to_segment(c, a, b) for c in corners] + [_point_to_segment(e, p, q) for e in (a, b)
                                                                 for p, q in sides])


def draw_legend(page: Page, model: RautinoModel, layout: tg.TriLayout, box: BBox, lang: str) -> None:
    """The legend on cards cut from the sheet's corners, so it goes into the box with the board."""
    plan = plan_cards(model, layout, box, lang)
    if plan.cards:  # the loader measured the title on A4 and Letter cards; other papers make other cards
        check_printed(model.source, "game.title", model.title,
                      [TextRoom("on the shape cards on this paper", plan.cards[0].width - 2 * CARD_PAD, HEAD_SIZE,
                                bold=True, lang=lang)], [lang])
    draw_cards(page, model, plan, plan.cards, lang)


def board_card_plan(model: RautinoModel, paper: Any, lang: str) -> CardPlan:
    """The shape cards as the board sheet on `paper` cuts them."""
    page = Page.for_paper(paper.landscape(), label="board")
    layout, box = place_board(page, model)
    return plan_cards(model, layout, box, lang)


def draw_cards(page: Page, model: RautinoModel, plan: CardPlan, places: Sequence[BBox], lang: str) -> None:
    """The plan's cards, each with its entries, at `places` (rectangles of the plan's card size)."""
    for index, (card, entries) in enumerate(zip(places, plan.entries, strict=True)):
        page.rect(card.x0, card.y0, card.width, card.height, style=LEGEND_CUT, cls="legend-card",
                  data={"card": str(index + 1)})
        ascent, _ = vertical_extent(HEAD_SIZE, bold=True)
        page.text(card.x0 + CARD_PAD, card.y0 + CARD_PAD + ascent, model.title.text(lang), HEAD_SIZE, weight="bold",
                  style=filled("#6b604c"), cls="title")
        y = card.y0 + CARD_PAD + _title_height()
        for entry in entries:
            _draw_entry(page, model, entry, card.x0 + CARD_PAD, y, plan.tri)
            y += entry.height + ENTRY_GAP


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
