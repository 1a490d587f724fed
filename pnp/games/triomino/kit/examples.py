"""Worked examples for the rules sheet, found with the rules engine in the model's own tile set:
a bridge and a hexagon, each a short sequence of legal placements whose last tile earns the bonus.

Cells are fixed shapes (trigrid coordinates); the tiles are searched, so the examples follow the
spec's tiles and preset and are right by construction: the engine scores the last placement.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.geometry.trigrid import Cell

from ..engine import FitTable, Table
from ..model import Numbers, Rules, TriominoModel

# The bridge: the last tile T = (0, 0) touches (0, 1) along its base and (-1, -1) only at its apex,
# with T's two side neighbours empty; the others lead round the empty left neighbour (-1, 0).
BRIDGE_CELLS: tuple[Cell, ...] = ((0, 1), (-1, 1), (-2, 1), (-2, 0), (-3, 0), (-3, -1), (-2, -1), (-1, -1), (0, 0))
BRIDGE_POINT = (1, 0)
BRIDGE_EMPTY: tuple[Cell, ...] = ((-1, 0), (1, 0))
# The hexagon: six cells round the point (2, 1), each sharing an edge with the one before.
HEXAGON_CELLS: tuple[Cell, ...] = ((0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1))
HEXAGON_POINT = (2, 1)
SEARCH_LIMIT = 20_000  # nodes; a set too small to show an example gives up instead of searching long


@dataclass(frozen=True)
class Example:
    placements: tuple[tuple[Cell, Numbers], ...]  # numbers on the cell's corners 0, 1, 2 (clockwise)
    bonus: int  # what the last placement earns on top of its sum
    point: tuple[int, int]  # the grid point the bonus is about
    empty: tuple[Cell, ...] = ()


def find_example(model: TriominoModel, rules: Rules, kind: str) -> Example | None:
    cells = BRIDGE_CELLS if kind == "bridge" else HEXAGON_CELLS
    tiles = [t.numbers for t in model.tiles]
    fit = FitTable(tiles)
    order = list(range(len(tiles)))
    random.Random(8).shuffle(order)  # a fixed, varied order: the example is not all zeros
    nodes = 0

    def search(chosen: list[tuple[Cell, int, Numbers]]) -> list[tuple[Cell, int, Numbers]] | None:
        nonlocal nodes
        nodes += 1
        if nodes > SEARCH_LIMIT:
            return None
        used = {t for _, t, _ in chosen}
        table = Table(rules, fit)
        for cell, _, numbers in chosen:
            table.place(cell, numbers)
        if not chosen:
            options = [(t, tiles[t]) for t in order]
        else:
            cell = cells[len(chosen)]
            moves = [m for m in table.moves(t for t in order if t not in used) if m.cell == cell]
            moves.sort(key=lambda m: order.index(m.tile))
            if len(chosen) == len(cells) - 1:
                moves = [m for m in moves if _earns(table, m, kind)]
                return [*chosen, (cell, moves[0].tile, moves[0].numbers)] if moves else None
            options = [(m.tile, m.numbers) for m in moves]
        for tile, numbers in options:
            found = search([*chosen, (cells[len(chosen)], tile, numbers)])
            if found:
                return found
        return None

    found = search([])
    if found is None:
        return None
    table = Table(rules, fit)
    for cell, _, numbers in found[:-1]:
        table.place(cell, numbers)
    last = next(m for m in table.moves([found[-1][1]]) if m.cell == found[-1][0] and m.numbers == found[-1][2])
    score = table.score(last)
    bonus = score.bridge if kind == "bridge" else score.hexagon_bonus
    placements = tuple((cell, numbers) for cell, _, numbers in found)
    if kind == "bridge":
        return Example(placements, bonus, BRIDGE_POINT, BRIDGE_EMPTY)
    return Example(placements, bonus, HEXAGON_POINT)


def _earns(table: Table, move, kind: str) -> bool:
    score = table.score(move)
    return score.bridge > 0 if kind == "bridge" else score.hexagons > 0
