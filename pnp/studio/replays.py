"""Stepping through a check's simulated games: frames from each game's own record reader, boards
drawn with the kit's artwork by the game's `final_board`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pnp import games as game_registry
from pnp.errors import PnpError
from pnp.players.levels import STANDARD_LEVELS, name_of

# Games of each player count (and of each skill match) a studio check keeps for replay; the verdict is on all.
MAX_LOGGED_GAMES = 2_000
MAX_LISTED = 200


def _records(log: Path) -> Any:
    with log.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def _no_log() -> PnpError:
    return PnpError("this check kept no games to replay (a cancelled or failed check keeps none)")


def _seats(record: dict[str, Any]) -> str:
    """Each seat by its strength level, the name `--levels` and the play page use ("good", not "greedy")."""
    seats = [name_of(STANDARD_LEVELS, str(seat)) for seat in record.get("seats") or []]
    return ", ".join(f"seat {n} {seat}" for n, seat in enumerate(seats, 1))


def _label(record: dict[str, Any]) -> str:
    scores = " : ".join(str(score) for score in record.get("final_scores") or [])
    seats = _seats(record)
    return f"game {record['game']}" + (f" · {seats}" if seats else "") + (f" · scores {scores}" if scores else "")


def picks(log: Path, configuration_games: int) -> dict[str, Any]:
    """The games of a check for its replay list: the configurations' games (the first
    `configuration_games` of the log) apart from the skill matches' games, each with its seats.
    Best and worst are the report's: among the configurations' games, the highest and the lowest
    top score, the first such game on ties."""
    if not log.is_file():
        raise _no_log()
    best: tuple[int, dict[str, Any]] | None = None
    worst: tuple[int, dict[str, Any]] | None = None
    groups: dict[str, list[dict[str, Any]]] = {"configuration": [], "skill": []}
    counts = {"configuration": 0, "skill": 0}
    for record in _records(log):
        kind = "configuration" if record["game"] < configuration_games else "skill"
        counts[kind] += 1
        if kind == "configuration":
            top = max(record.get("final_scores") or [0])
            if best is None or top > best[0]:
                best = (top, record)
            if worst is None or top < worst[0]:
                worst = (top, record)
        if len(groups[kind]) < MAX_LISTED:
            groups[kind].append({"game": record["game"], "label": _label(record)})
    highlights = []
    if best is not None and worst is not None:
        highlights = [{"game": best[1]["game"], "label": f"best game: {_label(best[1])}"},
                      {"game": worst[1]["game"], "label": f"worst game: {_label(worst[1])}"}]
    return {"count": counts["configuration"] + counts["skill"], "configuration_count": counts["configuration"],
            "skill_count": counts["skill"], "listed": MAX_LISTED, "highlights": highlights,
            "configuration": groups["configuration"], "skill": groups["skill"]}


Frames = tuple[Any, Any, list[Any]]  # the game, its model and the frames of one record


def played_frames(workspace: Any, name: str) -> Frames:
    """A game played at the play table (`pnp.studio.played`), as frames on the kit's board. Read from
    the record each time: what is shown is what the file holds now."""
    from .played import played_record

    game, model, record = played_record(workspace, name)  # a record pnp replay refuses is refused
    if game.frames is None:
        raise PnpError(f"{game.name} cannot step through its games")
    return game, model, game.frames(model, record)


def check_frames(game: str, spec: Path, log: Path, number: int) -> Frames:
    """Game `number` of a check's log, as frames on the kit's board."""
    if not log.is_file():
        raise _no_log()
    chosen = game_registry.get(game)
    model = chosen.load(spec)
    record = next((r for r in _records(log) if r.get("game") == number), None)
    if record is None:
        raise PnpError(f"no game {number} in this check")
    if chosen.frames is None:
        raise PnpError(f"{game} cannot step through its games")
    return chosen, model, chosen.frames(model, record)


def board_svg(entry: Frames, step: int) -> bytes:
    from pnp.draw.svg import render_svg

    game, model, frames = entry
    if not 0 <= step < len(frames):
        raise PnpError(f"step {step}: the game has steps 0 to {len(frames) - 1}")
    if game.final_board is None:
        raise PnpError(f"{game.name} draws no boards")
    return render_svg(game.final_board(model, frames[step].record))
