"""Worked examples for the rules sheet, found with the rules engine in the model's own tile set:
a bridge and a hexagon, each a short sequence of legal placements whose last tile earns the bonus.

Cells are fixed shapes (trigrid coordinates); the tiles are searched, so the examples follow the
spec's tiles and preset and are right by construction: the engine scores the last placement.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from pnp.geometry.trigrid import Cell

from ..engine import FitTable, Move, Table
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
    """The first placement sequence (in a fixed, varied tile order) whose last tile builds the figure.

    A bridge is a bridge whatever the rules pay for it: the search scores with a bridge worth 1
    point when the rules pay nothing, so a bonus of 0 still finds the figure (what counts as a
    bridge does not depend on its bonus).
    """
    cells = BRIDGE_CELLS if kind == "bridge" else HEXAGON_CELLS
    tiles = [t.numbers for t in model.tiles]
    probe = replace(rules, bridge_bonus=rules.bridge_bonus or 1)
    table = Table(probe, FitTable(tiles))
    order = list(range(len(tiles)))
    random.Random(8).shuffle(order)  # a fixed, varied order: the example is not all zeros
    rank = {tile: position for position, tile in enumerate(order)}
    chosen: list[tuple[int, Numbers]] = []
    nodes = 0

    def builds(move: Move) -> bool:
        score = table.score(move)
        return score.bridge != 0 if kind == "bridge" else score.hexagons > 0

    def search() -> Move | None:
        """Extends `chosen` to every cell but the last; returns the last move, the table left as found."""
        nonlocal nodes
        nodes += 1
        if nodes > SEARCH_LIMIT:
            return None
        used = {tile for tile, _ in chosen}
        cell = cells[len(chosen)]
        if not chosen:
            options = [(tile, tiles[tile]) for tile in order]
        else:
            moves = sorted((m for m in table.moves(t for t in order if t not in used) if m.cell == cell),
                           key=lambda m: rank[m.tile])
            if len(chosen) == len(cells) - 1:
                return next((m for m in moves if builds(m)), None)
            options = [(m.tile, m.numbers) for m in moves]
        before = table.checkpoint()
        for tile, numbers in options:
            table.place(cell, numbers)
            chosen.append((tile, numbers))
            last = search()
            if last is not None:
                return last
            chosen.pop()
            table.rewind(before)
        return None

    last = search()
    if last is None:
        return None
    placements = (*((cell, numbers) for cell, (_, numbers) in zip(cells, chosen, strict=False)),
                  (last.cell, last.numbers))
    if kind == "bridge":
        return Example(placements, rules.bridge_bonus, BRIDGE_POINT, BRIDGE_EMPTY)
    return Example(placements, table.score(last).hexagon_bonus, HEXAGON_POINT)
