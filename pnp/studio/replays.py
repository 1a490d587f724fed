"""Stepping through a check's simulated games: frames from each game's own record reader, boards
drawn with the kit's artwork by the game's `final_board`."""

from __future__ import annotations

import importlib
import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from pnp import games as game_registry
from pnp.errors import PnpError

# Games a studio check keeps for replay; larger checks are judged without a log.
MAX_LOGGED_GAMES = 2_000
MAX_LISTED = 200


def _records(log: Path) -> Any:
    with log.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def picks(log: Path) -> dict[str, Any]:
    """The best and the worst game (by top score) and the first games by number."""
    if not log.is_file():
        raise PnpError(f"this check kept no games (checks of more than {MAX_LOGGED_GAMES:,} games are not logged)")
    best = worst = None
    numbers: list[int] = []
    count = 0
    for record in _records(log):
        count += 1
        top = max(record.get("final_scores") or [0])
        if best is None or top > best[0]:
            best = (top, record["game"])
        if worst is None or top < worst[0]:
            worst = (top, record["game"])
        if len(numbers) < MAX_LISTED:
            numbers.append(record["game"])
    listed = []
    if best and worst:
        listed += [{"game": best[1], "label": f"best game (#{best[1]}, top score {best[0]})"},
                   {"game": worst[1], "label": f"worst game (#{worst[1]}, top score {worst[0]})"}]
    listed += [{"game": n, "label": f"game {n}"} for n in numbers]
    return {"count": count, "picks": listed}


class Replays:
    def __init__(self) -> None:
        self._frames: OrderedDict[tuple[str, int], tuple[Any, Any, list[Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def frames(self, job_id: str, game: str, spec: Path, log: Path, number: int) -> tuple[Any, Any, list[Any]]:
        key = (job_id, number)
        with self._lock:
            if key in self._frames:
                return self._frames[key]
        chosen = game_registry.get(game)
        model = chosen.load(spec)
        record = next((r for r in _records(log) if r.get("game") == number), None)
        if record is None:
            raise PnpError(f"no game {number} in this check")
        reader = importlib.import_module(f"pnp.games.{game}.kit.frames")
        entry = (chosen, model, reader.frames(model, record))
        with self._lock:
            self._frames[key] = entry
            while len(self._frames) > 8:
                self._frames.popitem(last=False)
        return entry

    def board_svg(self, entry: tuple[Any, Any, list[Any]], step: int) -> bytes:
        from pnp.draw.svg import render_svg

        game, model, frames = entry
        if not 0 <= step < len(frames):
            raise PnpError(f"step {step}: the game has steps 0 to {len(frames) - 1}")
        if game.final_board is None:
            raise PnpError(f"{game.name} draws no boards")
        return render_svg(game.final_board(model, frames[step].record))
