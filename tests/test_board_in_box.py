"""The board goes into its box without a crease or cut across a place a piece lies on, and the
print guide says what the box-fit check counts."""

from __future__ import annotations

import itertools
import math

import pytest

from pnp import games
from pnp.components.boxfit import BOARD_FOLDED, BOARD_PANELS, inner_space
from pnp.draw.paper import A4, LETTER
from pnp.draw.scene import Line, Text
from pnp.kit import draw_kit, kit_context


def floor(model) -> tuple[float, float]:
    box = model.box
    length, width, _ = inner_space(box.size, box.paper_thickness, None if box.style == "auto" else box.style)
    return length, width


def fits(stack, model) -> bool:
    length, width = floor(model)
    return (stack.width <= length and stack.depth <= width) or (stack.width <= width and stack.depth <= length)


def test_rautino_board_is_cut_along_grid_lines_into_six_panels_that_fit_the_box() -> None:
    from pnp.games.rautino.panels import cut_edges, panel_of
    from pnp.geometry import trigrid as tg

    game = games.get("rautino")
    model = game.load(None)
    board = model.board
    panels = panel_of(board)
    assert sorted({p: list(panels.values()).count(p) for p in set(panels.values())}.values()) == [16] * 6
    cells_at = {}
    for cell in board.cells:
        for p, q in tg.edges(cell):
            cells_at.setdefault((min(p, q), max(p, q)), []).append(cell)
    for edge in cut_edges(board):  # a cut runs between two places, across none
        assert len(cells_at[edge]) == 2 and panels[cells_at[edge][0]] != panels[cells_at[edge][1]]
    (stack,) = [s for s in game.box_contents(model) if s.name == BOARD_PANELS]
    assert stack.count == 6 and fits(stack, model)
    assert (round(stack.width), round(stack.depth)) == (104, 90)


def test_zatre_board_folds_only_on_field_edges_into_a_panel_that_fits_the_box() -> None:
    game = games.get("zatre")
    model = game.load(None)
    (stack,) = [s for s in game.box_contents(model) if s.name == BOARD_FOLDED]
    assert fits(stack, model) and stack.count == 6
    (page,) = game.impl.components["board"](model, kit_context(A4))
    fields = [p for g in page.items if g.cls == "board" for p in g.children if p.cls == "field"]
    xs = sorted({round(f.x, 6) for f in fields} | {round(f.x + f.w, 6) for f in fields})
    ys = sorted({round(f.y, 6) for f in fields} | {round(f.y + f.h, 6) for f in fields})
    folds = [p for p in page.items if isinstance(p, Line) and p.cls == "fold-line"]
    assert len(folds) == 3
    for line in folds:  # on a field edge, never across a field
        if line.x1 == line.x2:
            assert round(line.x1, 6) in xs
        else:
            assert round(line.y1, 6) in ys
    # The panels between the folds are no larger than the stack the box-fit check counts.
    cuts_x = sorted({xs[0], xs[-1], *(round(f.x1, 6) for f in folds if f.x1 == f.x2)})
    cuts_y = sorted({ys[0], ys[-1], *(round(f.y1, 6) for f in folds if f.y1 == f.y2)})
    assert max(b - a for a, b in itertools.pairwise(cuts_x)) <= stack.width + 1e-6
    assert max(b - a for a, b in itertools.pairwise(cuts_y)) <= stack.depth + 1e-6


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("game", "name"), [("rautino", BOARD_PANELS), ("zatre", BOARD_FOLDED)])
def test_the_guide_says_what_the_box_fit_check_counts(game, name, lang) -> None:
    chosen = games.get(game)
    model = chosen.load(None)
    (stack,) = [s for s in chosen.box_contents(model) if s.name == name]
    for paper in (A4, LETTER):
        guide = draw_kit(chosen, model, kit_context(paper, lang))[0].page
        words = " ".join(t.text for t in guide.items if isinstance(t, Text))
        assert f"{stack.count} {'Teile' if name == BOARD_PANELS else 'Lagen'}" in words if lang == "de" else \
            f"{stack.count} {'panels' if name == BOARD_PANELS else 'layers'}" in words
        assert f"{stack.width:.0f} x {stack.depth:.0f} mm" in words
        assert not math.isclose(stack.width, 0)


def test_zatre_two_sheet_board_glued_folds_on_field_edges_into_what_the_guide_and_the_box_count() -> None:
    from pnp.components.boxfit import pieces_fit
    from pnp.games.zatre.kit.tiles import tile_size

    game = games.get("zatre")
    model = game.load(None)
    ctx = kit_context(A4, board_sheets=2)
    contents = game.kit_box_contents(model, ctx)
    (stack,) = [s for s in contents if s.name == BOARD_FOLDED]
    (tiles,) = [s for s in contents if s.name == "tiles"]
    assert fits(stack, model) and stack.count == 6 and (stack.width, stack.depth) == (128, 80)
    assert tiles.width == tile_size(model, ctx) == model.board.large_cell_mm - model.tiles.clearance_mm
    assert pieces_fit(model.box.size, model.box.paper_thickness, contents).fits
    assert game.kit_box_contents(model, kit_context(A4)) == game.box_contents(model)  # one sheet: as checked
    sheets = game.impl.components["board"](model, ctx)
    assert len(sheets) == 2
    # The split keeps the big page's coordinates inside each sheet's piece: the glued board, reassembled.
    children = [c for page in sheets for g in page.items if g.cls == "split-piece" for c in g.children]
    fields = [c for c in children if c.cls == "field"]
    folds = [c for c in children if isinstance(c, Line) and c.cls == "fold-line"]
    assert {f.data.get("after-column") for f in folds} - {None} == {"8"}
    xs = sorted({round(f.x, 6) for f in fields} | {round(f.x + f.w, 6) for f in fields})
    ys = sorted({round(f.y, 6) for f in fields} | {round(f.y + f.h, 6) for f in fields})
    for line in folds:  # on a field edge, never across a field; each piece of a line on one sheet
        if line.x1 == line.x2:
            assert round(line.x1, 6) in xs
        else:
            assert round(line.y1, 6) in ys and round(line.x2 - line.x1, 6) == model.board.large_cell_mm
    cuts_x = sorted({xs[0], xs[-1], *(round(f.x1, 6) for f in folds if f.x1 == f.x2)})
    cuts_y = sorted({ys[0], ys[-1], *(round(f.y1, 6) for f in folds if f.y1 == f.y2)})
    assert max(b - a for a, b in itertools.pairwise(cuts_x)) <= stack.width + 1e-6
    assert max(b - a for a, b in itertools.pairwise(cuts_y)) <= stack.depth + 1e-6
    for lang, words in (("en", ("2 sheets", "6 layers", "128 x 80 mm")), ("de", ("2 Bogen", "6 Lagen", "128 x 80 mm"))):
        guide = draw_kit(game, model, kit_context(LETTER, lang, board_sheets=2))[0].page
        text = " ".join(t.text for t in guide.items if isinstance(t, Text))
        assert all(word in text for word in words), text
