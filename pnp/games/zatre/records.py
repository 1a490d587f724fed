"""Simulated games as JSON-ready records (the `--log` lines, after the protocol's keys)."""

from __future__ import annotations

from typing import Any

from pnp.games.zatre.engine import GameResult, Geometry


def to_record(result: GameResult, geo: Geometry, index: int) -> dict[str, Any]:
    """`index` is the game's number in its run."""
    turns = []
    cells = geo.cells
    for turn in result.turns:
        outcome = turn.result
        turns.append({
            "player": turn.player,
            "drawn": turn.drawn,
            "tiles": [[pips, *cells[cell]] for pips, cell in turn.placements],
            "rows": [{"sum": row.total, "points": row.points, "cells": [list(c) for c in row.cells]}
                     for row in outcome.rows],
            "crosses": outcome.crosses,
            "last_resort": [list(cells[c]) for c in outcome.last_resort],
            "kept": turn.kept,
            "sheet": [entry.to_json() for entry in turn.entries],
        })
    record: dict[str, Any] = {"game": index, "seed": result.seed}
    if result.exchanged:  # only then: the records of plain deals keep their bytes
        record["exchanged"] = True
    return record | {
        "players": len(result.sheets),
        "kinds": result.kinds,
        "bag": result.bag,
        "turns": turns,
        "rows_used": [sheet.rows_used for sheet in result.sheets],
        "tiles_left": [len(hand) for hand in result.hands],
        "minus": [sheet.minus for sheet in result.sheets],
        "final_scores": result.final_scores,
    }
