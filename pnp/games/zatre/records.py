"""Simulated games as JSON-ready records (the `--log` lines, after the protocol's keys), and the
players a seat can have."""

from __future__ import annotations

from typing import Any

from pnp.games.zatre.engine import GameResult, Geometry, Player
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.players import greedy_player, lookahead_player, random_player
from pnp.games.zatre.search import BUDGETS, SearchChooser, search_player
from pnp.games.zatre.state import chooser_player

PLAYERS: dict[str, Player] = {"greedy": greedy_player, "random": random_player, "lookahead": lookahead_player}


def seat_player(name: str, model: ZatreModel) -> Player:
    """A seat's player of the engine's kind for one game: a search player is made afresh (it keeps what
    its seat saw)."""
    return SearchChooser(BUDGETS[name], model) if name in BUDGETS else PLAYERS[name]


def state_player(model: ZatreModel, name: str) -> Any:
    """A seat's player of the game state (pnp.games.state); None for a name left to the shared players."""
    if name in BUDGETS:
        return search_player(name)
    return chooser_player(PLAYERS[name]) if name in PLAYERS else None


def seat_kinds(kind: str, count: int) -> list[str]:
    """`mixed` alternates greedy and random seats, greedy first."""
    if kind == "mixed":
        return ["greedy" if seat % 2 == 0 else "random" for seat in range(count)]
    return [kind] * count


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
    return {
        "game": index,
        "seed": result.seed,
        "players": len(result.sheets),
        "kinds": result.kinds,
        "bag": result.bag,
        "turns": turns,
        "rows_used": [sheet.rows_used for sheet in result.sheets],
        "tiles_left": [len(hand) for hand in result.hands],
        "minus": [sheet.minus for sheet in result.sheets],
        "final_scores": result.final_scores,
    }
