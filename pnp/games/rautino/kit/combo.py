"""The seed's worked combo example, laid out of whole stones and scored by the rules engine.

One yellow-blue stone closes a two-coloured hexagon with its yellow triangle and, with the same
triangle, a big yellow triangle: two shapes in one move. The position is fixed; what it scores
(shapes, combo bonus, the point for the stone, the two-player total) comes from the engine, so the
rules sheet prints what the game really pays. A spec whose shapes or colours do not produce the
example gets no example rather than a wrong one.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.geometry import trigrid as tg

from ..engine import Board, Score
from ..model import RautinoModel

Stone = tuple[tuple[tg.Cell, tg.Cell], tuple[str, str]]

# Around the point (1, 0): a blue-yellow and a yellow-blue stone above, a yellow stone right; the new
# stone's yellow triangle fills the hexagon's last place and the big triangle (1,-1) (0,0) (1,0) (2,0).
FIRST, SECOND = "yellow", "blue"
LAID = (((-1, 0), (-1, -1)), (FIRST, SECOND)), (((0, -1), (1, -1)), (SECOND, FIRST)), \
    (((1, 0), (2, 0)), (FIRST, FIRST))
NEW = (((0, 0), (0, 1)), (FIRST, SECOND))
REGION = frozenset({(c, r) for r in (-1, 0, 1) for c in range(-2, 4)})


@dataclass(frozen=True)
class ComboExample:
    laid: tuple[Stone, ...]
    new: Stone
    solo: Score  # the move's score with one player
    duo: Score  # and with two


def combo_example(model: RautinoModel) -> ComboExample | None:
    names = [c.name for c in model.colours]
    if FIRST not in names or SECOND not in names:
        return None
    solo, duo = _score(model, 1), _score(model, 2)
    if solo is None or duo is None or len(solo.shapes) < 2:
        return None
    return ComboExample(LAID, NEW, solo, duo)


def _score(model: RautinoModel, players: int) -> Score | None:
    board = Board(model, players)
    index = {c.name: i for i, c in enumerate(model.all_colours)}
    if any(cell not in board.tables.index for stone in (*LAID, NEW) for cell in stone[0]):
        return None
    board.set_cells({cell: index[name] for cells, names in LAID for cell, name in zip(cells, names, strict=True)})
    (a, b), (colour_a, colour_b) = NEW
    first, second = board.tables.index[a], board.tables.index[b]
    slot = board.tables.slot_of.get((first, second))
    if slot is None:
        return None
    ca, cb = index[colour_a], index[colour_b]
    if board.tables.slots[slot].a != first:
        ca, cb = cb, ca
    if (slot, ca, cb) not in board.placements((ca, cb)):
        return None
    return board.score(slot, ca, cb)
