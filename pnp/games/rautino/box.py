"""What goes into Rautino's box: the stones, the board in six panels, its legend cards and the folded rules."""

from __future__ import annotations

import math

from pnp.components.boxfit import BOARD_PANELS, LEGEND_CARDS, Stack
from pnp.components.boxspec import CARD_THICKNESS_MM, printed_sheet
from pnp.draw.paper import A4, LETTER
from pnp.games.base import KitContext
from pnp.games.rautino.kit.board import legend_cards
from pnp.games.rautino.model import RautinoModel
from pnp.games.rautino.panels import PANELS, panel_size_mm


def box_contents(model: RautinoModel, cards: tuple[float, float, int] | None = None) -> list[Stack]:
    """`cards`: width, height and number of the legend cards as printed (default: the largest any
    paper and language of the kit cuts)."""
    side = model.board.triangle_mm
    # A 60° rhombus of side s lies in an s·√3 x s rectangle.
    stones = Stack("stones", side * math.sqrt(3), side, model.stone_count, model.box.piece_thickness)
    # The board is cut into six panels along grid lines (see panels.py): they lie flat, uncreased.
    width, depth = panel_size_mm(model.board)
    board = Stack(BOARD_PANELS, width, depth, PANELS, CARD_THICKNESS_MM, on_top=True)
    if cards is None:
        printed = [legend_cards(model, paper, lang) for paper in (A4, LETTER) for lang in ("en", "de")]
        cards = max(printed, key=lambda c: c[0] * c[1])
    card_w, card_h, count = cards
    legend = Stack(LEGEND_CARDS, card_w, card_h, count, CARD_THICKNESS_MM, on_top=True)
    return [stones, board, legend, printed_sheet("rules", 3)]


def kit_box_contents(model: RautinoModel, ctx: KitContext) -> list[Stack]:
    """As this kit prints them: the cover's sheet adds a second set of shape cards."""
    from pnp.games.rautino.options import COVER

    width, height, count = legend_cards(model, ctx.paper, ctx.lang)
    return box_contents(model, (width, height, count * (2 if ctx.option(COVER) else 1)))
