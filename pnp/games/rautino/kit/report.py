"""What the check report shows of Rautino: shapes formed, and final boards drawn with the kit's art."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.check.charts import binned_counts
from pnp.draw.scene import Page, stroked
from pnp.games.base import Figure

from ..model import RautinoModel
from .board import draw_board, draw_placed, record_placements, stone_outline
from .texts import shape_name

MARGIN_MM = 4.0
LAST_STONE = "#111111"  # the outline of the stone the record laid last, as Zatre frames its last turn


def figures(model: RautinoModel, report: Any) -> list[Figure]:
    formed: Counter[str] = Counter({shape_name(shape, "en"): 0 for shape in model.shapes})  # the report's English
    per_game: Counter[int] = Counter()
    for tally in report.tallies.values():
        for shape in model.shapes:
            formed[shape_name(shape, "en")] += tally.histogram(f"shape:{shape.name}").total
        per_game.update(tally.histogram("shapes").counts)
    return [
        Figure("Shapes formed", dict(formed), "shape", "times formed",
               "A shape that never forms is dead weight in the legend; one that forms every move is too easy."),
        Figure("Shapes formed per game", binned_counts(per_game), "shapes in one game", "games",
               "Most games should form a few shapes: that is where the points come from."),
    ]


def final_board(model: RautinoModel, record: dict[str, Any]) -> Page:
    """The board at the end of a recorded game; one triangle of room around it for 2P overhangs."""
    side = model.board.triangle_mm
    width, height = model.board.size_mm
    room = side + MARGIN_MM
    page = Page(width + 2 * room, height + 2 * room, safe_margin=MARGIN_MM / 2,
                label=f"rautino game {record.get('game', '')}")
    layout = model.board.layout(room, room)
    draw_board(page, model, layout)
    draw_placed(page, model, layout, record_placements(record))
    laid = [move for move in record.get("moves", []) if not move.get("skip") and move.get("cells")]
    if laid:  # the stone just laid, outlined: a replay shows where each move went
        cells = [(int(c), int(r)) for c, r in laid[-1]["cells"]]
        outline = stone_outline(layout, cells)
        page.polygon(outline, style=stroked("#ffffff", 1.4))  # a white band: the mark shows on every colour
        page.polygon(outline, style=stroked(LAST_STONE, 0.8, dash=(2.0, 1.0)), cls="last-stone")
    return page
