"""The game's spec loader: the model, then every text the kit prints measured where the kit prints it.

The model itself knows nothing of the kit's layout; the game's declaration (pnp.games.rautino) hands this
loader to every command, so what loads is what prints.
"""

from __future__ import annotations

import contextlib
import math
from pathlib import Path

from pnp.components.sheets import content_box
from pnp.draw.paper import A4, LETTER
from pnp.draw.scene import Page
from pnp.draw.text import pt, vertical_extent
from pnp.errors import LayoutError, SpecError
from pnp.games.rautino.model import RautinoModel, colour_field
from pnp.games.rautino.model import load as load_model
from pnp.i18n import LANGS
from pnp.spec import TextRoom, check_printed

from . import board


def load(path: Path | None) -> RautinoModel:
    model = load_model(path)
    check_board_prints(model)
    check_printed_texts(model)
    return model


def check_board_prints(model: RautinoModel) -> None:
    """The board's hexagon must fit its page on A4 and Letter landscape, as the kit places it."""
    largest = largest_printable_triangle(model)
    triangle_mm = model.board.triangle_mm
    if triangle_mm > largest:
        width, height = model.board.size_mm
        raise SpecError(model.source, "board.triangle_mm",
                        f"{triangle_mm:g} mm makes the board {width:.0f} x {height:.0f} mm, larger than A4 and "
                        f"Letter landscape print; at most {largest:g} mm for hexagon_side {model.board.hexagon_side}")


def largest_printable_triangle(model: RautinoModel) -> float:
    """The largest triangle side (mm, to 0.1 mm) at which the board fits the board page on both
    A4 and Letter landscape, its outline's width included."""
    width, height = model.board.size_mm
    room = board.OUTLINE.stroke_width
    scale = min(min((box.width - room) / width, (box.height - room) / height)
                for box in (content_box(Page.for_paper(paper.landscape())) for paper in (A4, LETTER)))
    return math.floor(model.board.triangle_mm * scale * 10) / 10


def check_printed_texts(model: RautinoModel) -> None:
    """Every text of the spec that the kit prints must fit where it is printed (A4 and Letter)."""
    rooms = []
    for paper in (A4, LETTER):
        for lang in LANGS:  # each language's cards hold its shape names, and so have their own width
            with contextlib.suppress(LayoutError):  # a board too large for the paper: the kit names triangle_mm
                width = board.legend_cards(model, paper, lang)[0]
                rooms.append(TextRoom("on the shape cards", width - 2 * board.CARD_PAD, board.HEAD_SIZE, bold=True,
                                      lang=lang))
    # Stone backs: centred in the rhombus less its 2.2 mm inner outline; its sides slant at 60°.
    back = pt(8)
    inner = model.board.triangle_mm - 2 * 2.2 / math.sin(math.pi / 3) - vertical_extent(back, True)[0] / math.sqrt(3)
    rooms.append(TextRoom("on the stone backs", inner, back, bold=True))
    lid_w, lid_h = model.lid_mm
    unit = min(lid_w / 130, lid_h / 102)  # as the cover scales its type
    rooms.append(TextRoom("on the cover", lid_w - 12 * unit, 17 * unit, bold=True))
    check_printed(model.source, "game.title", model.title, rooms)
    # The colour key above the stones: a triangle and the name on the key line (how many colours
    # fit on that line is the stone sheet's own check).
    key_width = min(content_box(Page.for_paper(p.portrait())).width for p in (A4, LETTER)) - (9.0 + 1.5)
    for index, colour in enumerate(model.all_colours):
        check_printed(model.source, colour_field(model.all_colours, index), colour.label,
                      [TextRoom("in the stone sheets' colour key", key_width, pt(8))])
    for index, shape in enumerate(model.shapes):
        check_printed(model.source, f"shapes[{index}].name", shape.name, [])
        check_printed(model.source, f"shapes[{index}].label", shape.label, [])
