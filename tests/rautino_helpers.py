"""Shared helpers for the Rautino tests: positions laid by hand and small spec variants."""

from __future__ import annotations

from dataclasses import replace

from pnp.games.rautino import engine
from pnp.games.rautino.model import RautinoModel, StoneKind, load

RED, YELLOW, BLUE, GREEN, JOKER = 0, 1, 2, 3, 4
NAMES = ["red", "yellow", "blue", "green", "joker"]


def default_model() -> RautinoModel:
    return load(None)


def board_with(cells: dict, players: int = 1, model: RautinoModel | None = None) -> engine.Board:
    board = engine.Board(model or default_model(), players)
    board.set_cells(cells)
    return board


def slot_and_colours(board: engine.Board, cells: tuple, colours: tuple) -> tuple[int, int, int]:
    """The slot of two cells and the colours in slot order (a, b)."""
    index = board.tables.index
    first, second = index[cells[0]], index[cells[1]]
    slot = board.tables.slot_of[(first, second)]
    if board.tables.slots[slot].a == first:
        return slot, colours[0], colours[1]
    return slot, colours[1], colours[0]


def score_of(board: engine.Board, cells: tuple, colours: tuple) -> engine.Score:
    return board.score(*slot_and_colours(board, cells, colours))


def fits(board: engine.Board, cells: tuple, colours: tuple) -> bool:
    slot, ca, cb = slot_and_colours(board, cells, colours)
    return (slot, ca, cb) in board.placements((ca, cb))


def shape_points(model: RautinoModel, score: engine.Score) -> list[tuple[str, int]]:
    return sorted((model.shapes[s.shape].name, s.points) for s in score.shapes)


def with_stones(model: RautinoModel, stones: list[tuple[str, str, int]], **changes: object) -> RautinoModel:
    kinds = tuple(StoneKind((a, b), n) for a, b, n in stones)
    return replace(model, stones=kinds, **changes)
