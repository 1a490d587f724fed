"""The board goes into its box without a crease or cut across a place a piece lies on, and the
print guide says what the box-fit check counts."""

from __future__ import annotations

import math

import pytest

from pnp import games
from pnp.components.boxfit import BOARD_HINGED, BOARD_PANELS, inner_space
from pnp.draw.paper import A4, LETTER
from pnp.draw.scene import Text
from pnp.kit import draw_kit, kit_context


def largest_panel(plan) -> tuple[float, float]:
    """The largest panel of a board's plan, width and height."""
    sizes = [p.size_mm(plan.cell_mm) for p in plan.panels]
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def open_joints(plan) -> list[tuple[bool, int, tuple[int, int]]]:
    """Joints between neighbouring panels that are not taped (vertical?, at, span): they only butt."""
    from pnp.games.zatre.folds import joint_between

    taped = {(h.vertical, h.at, h.span) for h in plan.hinges}
    out = []
    for a in plan.panels:
        for b in plan.panels:
            joint = joint_between(a, b)
            if joint is not None and joint not in taped and joint not in out:
                out.append(joint)
    return out


def floor(model) -> tuple[float, float]:
    box = model.box
    length, width, _ = inner_space(box.size, box.paper_thickness, None if box.style == "auto" else box.style)
    return length, width


def fits(stack, model) -> bool:
    length, width = floor(model)
    return (stack.width <= length and stack.depth <= width) or (stack.width <= width and stack.depth <= length)


def _rautino_board_svg(paper, lang="en"):
    """The Rautino board sheet read back from its SVG: cells (cell -> corner points), panel cut segments,
    the start place's cells, the start label's box, and the legend cards (x0, y0, x1, y1)."""
    from drawhelp import svg_root

    from pnp.draw.svg import render_svg

    game = games.get("rautino")
    (page,) = game.impl.components["board"](game.load(None), kit_context(paper, lang))
    root = svg_root(render_svg(page))
    cells, cuts, cards, start, label = {}, [], [], None, None
    for el in root.iter():
        cls = el.get("class")
        if cls == "board-cell":
            points = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
            cells[tuple(map(int, el.get("data-cell").split(",")))] = points
        elif cls == "panel-cut":
            cuts.append(((float(el.get("x1")), float(el.get("y1"))), (float(el.get("x2")), float(el.get("y2")))))
        elif cls == "start":
            start = [tuple(map(int, c.split(","))) for c in el.get("data-cells").split(";")]
        elif cls == "start-label":
            xs, size, base = [float(v) for v in el.get("x").split()], float(el.get("font-size")), float(el.get("y"))
            label = (xs[0], base - 0.75 * size, xs[-1] + 0.7 * size, base + 0.2 * size)
        elif cls == "legend-card":
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            cards.append((x, y, x + w, y + h))
    return cells, cuts, start, label, cards


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["A4", "Letter"])
def test_rautino_board_is_cut_along_grid_lines_into_six_panels_that_keep_the_start_whole_and_fit_the_box(paper):
    """Read back from the printed SVG: the panel cuts run along triangle edges, never across one; they cut
    the board into six panels that fit the box floor; the start place lies whole on one panel and no cut
    runs through the word Start; the stone places that lie across a joint are counted."""
    cells, cuts, start, label, _ = _rautino_board_svg(paper)
    edge_cells: dict = {}
    for cell, points in cells.items():
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            key = tuple(sorted((tuple(round(v, 3) for v in a), tuple(round(v, 3) for v in b))))
            edge_cells.setdefault(key, []).append(cell)
    for a, b in cuts:  # each cut segment is one inner edge between two triangles
        key = tuple(sorted((tuple(round(v, 3) for v in a), tuple(round(v, 3) for v in b))))
        assert len(edge_cells.get(key, [])) == 2, (a, b)
    cut_keys = {tuple(sorted((tuple(round(v, 3) for v in a), tuple(round(v, 3) for v in b)))) for a, b in cuts}
    panel = {cell: {cell} for cell in cells}
    for key, pair in edge_cells.items():
        if len(pair) == 2 and key not in cut_keys and panel[pair[0]] is not panel[pair[1]]:
            merged = panel[pair[0]] | panel[pair[1]]
            for cell in merged:
                panel[cell] = merged
    panels = {frozenset(p) for p in panel.values()}
    assert len(panels) == 6
    game = games.get("rautino")
    model = game.load(None)
    length, width = floor(model)
    for cells_of in panels:
        xs = [x for c in cells_of for x, _ in cells[c]]
        ys = [y for c in cells_of for _, y in cells[c]]
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        assert (w <= length and h <= width) or (w <= width and h <= length), (w, h)
    # The start place whole on one panel, the word Start clear of every cut.
    assert panel[start[0]] is panel[start[1]]
    x0, y0, x1, y1 = label
    for (ax, ay), (bx, by) in cuts:
        for t in (i / 50 for i in range(51)):
            x, y = ax + t * (bx - ax), ay + t * (by - ay)
            assert not (x0 <= x <= x1 and y0 <= y <= y1), "a cut runs through the word Start"
    # Stone places (two triangles sharing an edge) that lie across a joint: 24 of 132, none the start.
    places = [pair for pair in edge_cells.values() if len(pair) == 2]
    across = [pair for pair in places if panel[pair[0]] is not panel[pair[1]]]
    assert (len(across), len(places)) == (24, 132)
    assert sorted(start) not in [sorted(pair) for pair in across]
    (stack,) = [s for s in game.box_contents(model) if s.name == BOARD_PANELS]
    assert stack.count == 6 and fits(stack, model)
    assert (round(stack.width), round(stack.depth)) == (104, 90)


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["A4", "Letter"])
def test_rautino_legend_cards_are_cut_from_the_board_sheet_clear_of_the_board_and_fit_the_box(paper) -> None:
    """The legend goes into the box: four cards in the sheet's corners, each at least 3 mm from the hexagon's
    outline (two clean cuts), inside the printable area, and small enough for the box floor."""
    from pnp.components.boxfit import LEGEND_CARDS

    cells, _, _, _, cards = _rautino_board_svg(paper)
    assert len(cards) == 4
    edges = [edge for points in cells.values() for edge in zip(points, points[1:] + points[:1], strict=True)]

    def dist_to_rect(x, y, rect):
        rx0, ry0, rx1, ry1 = rect
        return math.hypot(max(rx0 - x, 0, x - rx1), max(ry0 - y, 0, y - ry1))

    sheet = paper.landscape()
    for rect in cards:  # every triangle edge sampled: the nearest is on the outline
        nearest = min(dist_to_rect(ax + t * (bx - ax), ay + t * (by - ay), rect)
                      for (ax, ay), (bx, by) in edges for t in (i / 40 for i in range(41)))
        assert nearest >= 3.0 - 0.01, (rect, nearest)
        assert rect[0] >= 8.0 and rect[1] >= 8.0 and rect[2] <= sheet.width - 8.0 and rect[3] <= sheet.height - 8.0
    game = games.get("rautino")
    model = game.load(None)
    (stack,) = [s for s in game.kit_box_contents(model, kit_context(paper, "en")) if s.name == LEGEND_CARDS]
    w, h = cards[0][2] - cards[0][0], cards[0][3] - cards[0][1]
    assert (stack.count, round(stack.width, 1), round(stack.depth, 1)) == (4, round(w, 1), round(h, 1))
    assert fits(stack, model)


def _board_sheets(model, paper, sheets: int):
    """Each printed sheet of the board read back from its SVG: fields (cell -> x0, y0, x1, y1), the red
    panel cut lines and the hinge bars, in the sheet's own mm."""
    from drawhelp import SVG_NS, svg_root

    from pnp.draw.svg import render_svg

    out = []
    for page in games.get("zatre").impl.components["board"](model, kit_context(paper, board_sheets=sheets)):
        root = svg_root(render_svg(page))
        fields, cuts, bars = {}, [], []
        for el in root.iter():
            cls = el.get("class")
            if cls == "field" and el.tag == f"{SVG_NS}rect":
                x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
                r, c = map(int, el.get("data-cell").split(","))
                fields[(r, c)] = (x, y, x + w, y + h)
            elif cls == "panel-cut":
                cuts.append(tuple(float(el.get(k)) for k in ("x1", "y1", "x2", "y2")))
            elif cls == "hinge-mark":
                x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
                bars.append((x + w / 2, y + h / 2, w, h))
        out.append((fields, cuts, bars))
    return out


def _panels_from_cuts(fields, cuts) -> list[frozenset]:
    """The fields grouped as the red lines cut them: two neighbours share a panel unless a line runs
    along their common edge."""
    def cut_between(a, b) -> bool:
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = fields[a], fields[b]
        if a[0] == b[0]:  # side by side: a vertical edge at x
            x = ax1 if ax1 <= bx0 + 1e-6 else bx1
            return any(abs(x1 - x) < 1e-6 and abs(x2 - x) < 1e-6 and min(y1, y2) <= ay0 + 1e-6
                       and max(y1, y2) >= ay1 - 1e-6 for x1, y1, x2, y2 in cuts)
        y = ay1 if ay1 <= by0 + 1e-6 else by1
        return any(abs(y1 - y) < 1e-6 and abs(y2 - y) < 1e-6 and min(x1, x2) <= ax0 + 1e-6
                   and max(x1, x2) >= ax1 - 1e-6 for x1, y1, x2, y2 in cuts)

    panel = {cell: {cell} for cell in fields}
    for (r, c) in fields:
        for other in ((r + 1, c), (r, c + 1)):
            if other in fields and not cut_between((r, c), other) and panel[(r, c)] is not panel[other]:
                merged = panel[(r, c)] | panel[other]
                for cell in merged:
                    panel[cell] = merged
    return sorted({frozenset(p) for p in panel.values()}, key=min)


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["A4", "Letter"])
@pytest.mark.parametrize("sheets", [1, 2])
def test_zatre_board_is_cut_on_field_edges_into_hinged_panels_that_fold_flat_into_the_box(paper, sheets) -> None:
    """Laminated card cracks at a fold: the board is cut between fields into panels, hinged by tape, and the
    folded stack of laminated layers (0.45 mm each) fits the box floor with room to lift it out."""
    from pnp.components.boxfit import pieces_fit
    from pnp.games.zatre.box import board_plan
    from pnp.games.zatre.folds import LAMINATED_MM, ROOM_MM, folded_extent

    game = games.get("zatre")
    model = game.load(None)
    plan = board_plan(model, sheets)
    cell = plan.cell_mm
    printed = _board_sheets(model, paper, sheets)
    assert len(printed) == sheets
    every = [cell_ for fields, _, _ in printed for cell_ in fields]
    assert sorted(every) == sorted(model.board.fields)  # each field printed once, on one sheet
    panels = []
    for fields, cuts, bars in printed:
        edges_x = {round(v, 6) for box in fields.values() for v in (box[0], box[2])}
        edges_y = {round(v, 6) for box in fields.values() for v in (box[1], box[3])}
        for x1, y1, x2, y2 in cuts:  # along a field edge, never across a field
            assert (x1 == x2 and round(x1, 6) in edges_x) or (y1 == y2 and round(y1, 6) in edges_y)
            for fx0, fy0, fx1, fy1 in fields.values():
                crosses = fx0 + 1e-6 < x1 < fx1 - 1e-6 if x1 == x2 else fy0 + 1e-6 < y1 < fy1 - 1e-6
                assert not crosses
        for x, y, _, _ in bars:  # every bar on a cut line
            assert any((x1 == x2 and abs(x - x1) < 1e-6 and min(y1, y2) < y < max(y1, y2))
                       or (y1 == y2 and abs(y - y1) < 1e-6 and min(x1, x2) < x < max(x1, x2))
                       for x1, y1, x2, y2 in cuts)
        panels += _panels_from_cuts(fields, cuts)
    # The panels as cut are the plan's, each whole on one sheet.
    planned = sorted((frozenset(f for f in model.board.fields if p.row0 <= f[0] < p.row1 and p.col0 <= f[1] < p.col1)
                      for p in plan.panels), key=min)
    assert sorted(panels, key=min) == planned
    assert len(plan.panels) == (6 if sheets == 1 else 9)
    # The hinges chain every panel once: a path, so the board folds panel by panel.
    assert len(plan.hinges) == len(plan.panels) - 1
    bars_seen = sum(len(bars) for _, _, bars in printed)
    seam_bars = sum(1 for h in plan.hinges if h.vertical and sheets == 2
                    and h.at in {p.col0 for p in plan.panels if p.sheet == 1} - {0})
    assert bars_seen == len(plan.hinges) + seam_bars  # a hinge at the sheets' seam is marked on both
    # Folded along the chain, the stack fits the floor with room, laminated layers and tape counted.
    left, top, right, bottom = folded_extent(plan)
    assert (right - left, bottom - top) == largest_panel(plan)
    (stack,) = [s for s in game.kit_box_contents(model, kit_context(paper, board_sheets=sheets))
                if s.name == BOARD_HINGED]
    length, width = floor(model)
    assert stack.width >= largest_panel(plan)[0] and stack.depth >= largest_panel(plan)[1]
    assert max(stack.width, stack.depth) <= length - ROOM_MM and min(stack.width, stack.depth) <= width - ROOM_MM
    assert stack.count == plan.layers and stack.height >= plan.layers * LAMINATED_MM
    contents = game.kit_box_contents(model, kit_context(paper, board_sheets=sheets))
    assert pieces_fit(model.box.size, model.box.paper_thickness, contents).fits
    for style in ("hinged", "telescoping"):  # the Letter tray of a telescoping box too
        assert pieces_fit(model.box.size, model.box.paper_thickness, contents, style).fits
    assert cell == (model.board.cell_mm if sheets == 1 else model.board.large_cell_mm)


def test_a_hinge_chain_folds_onto_its_first_panel() -> None:
    from pnp.games.zatre.folds import PanelPlan, folded_extent, snake

    chain = snake([(0, 8), (8, 15)], [(0, 5), (5, 10), (10, 15)], {})
    plan = PanelPlan(chain.columns, chain.rows, 10.0, chain.panels, chain.hinges)
    assert [(p.col0, p.row0) for p in plan.panels] == [(0, 0), (0, 5), (0, 10), (8, 10), (8, 5), (8, 0)]
    assert [(h.vertical, h.at, h.span) for h in plan.hinges] == [
        (False, 5, (0, 8)), (False, 10, (0, 8)), (True, 8, (10, 15)), (False, 10, (8, 15)), (False, 5, (8, 15))]
    assert open_joints(plan) == [(True, 8, (0, 5)), (True, 8, (5, 10))]
    assert folded_extent(plan) == (0.0, 0.0, 80.0, 50.0)  # every panel ends on the first one's place


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("game", "name"), [("rautino", BOARD_PANELS), ("zatre", BOARD_HINGED)])
def test_the_guide_says_what_the_box_fit_check_counts(game, name, lang) -> None:
    chosen = games.get(game)
    model = chosen.load(None)
    (stack,) = [s for s in chosen.box_contents(model) if s.name == name]
    for paper in (A4, LETTER):
        guide = [item.page for item in draw_kit(chosen, model, kit_context(paper, lang)) if item.component == "guide"]
        words = " ".join(t.text for page in guide for t in page.items if isinstance(t, Text))
        assert f"{stack.count} {'Teile' if name == BOARD_PANELS else 'Lagen'}" in words if lang == "de" else \
            f"{stack.count} {'panels' if name == BOARD_PANELS else 'layers'}" in words
        assert f"{stack.width:.0f} x {stack.depth:.0f} mm" in words
        assert not math.isclose(stack.width, 0)
