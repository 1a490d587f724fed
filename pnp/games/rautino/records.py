"""Game records: one JSON-ready dict per simulated game, enough to replay it from scratch.

Format (documented in docs/rautino.md), after the protocol's pnp_game, game, seed, players, seats:
    exchanged (only when true: the seed's deal with the two seats' shares exchanged), matching,
    stack (the shuffled stones, first = start stone), start {stone, cells}, moves [...], end, placed, final_scores
A move is either a placement
    {turn, player, stone, cells, colours, score {stone, shapes [{shape, cells, colours, points}],
     combo, total}, drawn}
or a skip (two players, no held stone fits)
    {turn, player, skip: true, returned, drawn}.
Stones are [colour, colour]; cells are [column, row]; `colours[i]` lies on `cells[i]`.
"""

from __future__ import annotations

from typing import Any

from .engine import GameResult, Stone, Turn
from .model import RautinoModel


def to_record(model: RautinoModel, result: GameResult, game_index: int) -> dict[str, Any]:
    names = [c.name for c in model.all_colours]
    assert result.board is not None
    tables = result.board.tables

    def stone(s: Stone) -> list[str]:
        return [names[s[0]], names[s[1]]]

    def cell(index: int) -> list[int]:
        return list(tables.cells[index])

    moves = [_move(model, names, turn, number, stone, cell, tables)
             for number, turn in enumerate(result.turns, 1)]
    record: dict[str, Any] = {"game": game_index, "seed": result.seed}
    if result.exchanged:  # only then: the records of plain deals keep their bytes
        record["exchanged"] = True
    return record | {
        "players": result.players,
        "matching": model.matching,
        "stack": [stone(s) for s in result.stack],
        "start": {"stone": stone(result.stack[0]), "cells": [list(c) for c in model.board.start]},
        "moves": moves,
        "end": result.end,
        "placed": result.placed,
        "final_scores": list(result.scores),
    }


def _move(model: RautinoModel, names: list[str], turn: Turn, number: int, stone: Any, cell: Any,
          tables: Any) -> dict[str, Any]:
    if turn.stone is None:
        return {"turn": number, "player": turn.player, "skip": True,
                "returned": [stone(s) for s in turn.returned], "drawn": [stone(s) for s in turn.drawn]}
    assert turn.score is not None
    slot = tables.slots[turn.slot]
    shapes = [{"shape": model.shapes[s.shape].name,
               "cells": [list(tables.cells[c]) for c in tables.instance_cells[s.instance]],
               "colours": s.colours, "points": s.points} for s in turn.score.shapes]
    return {
        "turn": number,
        "player": turn.player,
        "stone": stone(turn.stone),
        "cells": [cell(slot.a), cell(slot.b)],
        "colours": [names[turn.colours[0]], names[turn.colours[1]]],
        "score": {"stone": turn.score.stone, "shapes": shapes, "combo": turn.score.combo,
                  "total": turn.score.total},
        "drawn": [stone(s) for s in turn.drawn],
    }
