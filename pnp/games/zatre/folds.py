"""Where the one-sheet board folds to go into its box: only along the lines between fields.

A fold along a field's edge creases no place a tile lies on. The board's columns and rows are
split into the fewest runs whose folded panel fits the box floor (either way round); the board
folds zig-zag at each split, into columns x rows layers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .model import Board


@dataclass(frozen=True)
class FoldPlan:
    columns: tuple[int, ...]  # field columns after which the board folds
    rows: tuple[int, ...]  # field rows after which the board folds
    panel_mm: tuple[float, float]  # width and height of the folded board
    layers: int


def _splits(count: int, parts: int) -> tuple[int, ...]:
    """Split points of `count` fields into `parts` runs, the longest runs first."""
    size = math.ceil(count / parts)
    return tuple(min(count, size * k) for k in range(1, parts))


def fold_plan(board: Board, floor_mm: tuple[float, float], cell_mm: float | None = None) -> FoldPlan:
    """The fewest folds that fold the board (of fields of `cell_mm`, default the spec's one-sheet
    field) into a panel lying on a floor of `floor_mm`."""
    long_side, short_side = max(floor_mm), min(floor_mm)
    cell = board.cell_mm if cell_mm is None else cell_mm
    best: FoldPlan | None = None
    for across, down in ((long_side, short_side), (short_side, long_side)):
        parts_x = next((p for p in range(1, board.width + 1) if math.ceil(board.width / p) * cell <= across), None)
        parts_y = next((p for p in range(1, board.height + 1) if math.ceil(board.height / p) * cell <= down), None)
        if parts_x is None or parts_y is None:
            continue
        plan = FoldPlan(_splits(board.width, parts_x), _splits(board.height, parts_y),
                        (math.ceil(board.width / parts_x) * cell, math.ceil(board.height / parts_y) * cell),
                        parts_x * parts_y)
        if best is None or plan.layers < best.layers:
            best = plan
    if best is None:  # no field fits the floor: the check reports the board as it is
        return FoldPlan((), (), (board.width * cell, board.height * cell), 1)
    return best
