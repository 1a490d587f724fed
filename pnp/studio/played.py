"""The games people played at the play table, for the studio's Replay tab: each saved record of the
workspace's `played/` folder named for people (game, seats, when, finished or abandoned, scores) and
stepped through on the same board as a check's games, drawn with the spec it was played with."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pnp import games as game_registry
from pnp.check.replay import ABANDONED
from pnp.errors import PnpError
from pnp.play.seats import strength
from pnp.play.sessions import SAVED_FOLDER

from .workspace import Workspace

MAX_LISTED_PLAYED = 200  # the newest; older games stay in the folder and in `pnp replay`
MAX_RECORD_BYTES = 4 * 1024 * 1024  # a played game's record is a few KB
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,200}\.jsonl")


class NoSuchGame(PnpError):
    """A played game this workspace does not hold."""


def _read(path: Path) -> dict[str, Any]:
    """The record of one saved game (its first line), or PnpError naming the file and why."""
    if path.stat().st_size > MAX_RECORD_BYTES:
        raise PnpError(f"{path.name}: larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB, not a played game")
    with path.open(encoding="utf-8") as handle:
        line = handle.readline()
    try:
        record = json.loads(line)
    except ValueError:
        raise PnpError(f"{path.name}: not a game record (not JSON)") from None
    if not isinstance(record, dict) or not isinstance(record.get("pnp_game"), str):
        raise PnpError(f"{path.name}: not a game record (no pnp_game)")
    return record


def _when(record: dict[str, Any]) -> str:
    played = record.get("played")
    if isinstance(played, str) and len(played) >= 16:
        return played[:10] + " " + played[11:16]  # 2026-12-02T00:41:07+0000 -> 2026-12-02 00:41
    return "time unknown"


def label(record: dict[str, Any]) -> str:
    """'Zatre · 2026-12-02 00:41 · you v expert · abandoned · scores 12 : 30'."""
    name = record["pnp_game"]
    try:
        title = game_registry.get(name).title
    except PnpError:
        title = name
    seats = " v ".join(strength(str(seat)) for seat in record.get("seats") or [])
    ending = "abandoned" if record.get("end") == ABANDONED else "finished"
    scores = " : ".join(str(score) for score in record.get("final_scores") or [])
    preset = f" ({record['preset']})" if isinstance(record.get("preset"), str) else ""
    return " · ".join(part for part in (f"{title}{preset}", _when(record), seats, ending,
                                        f"scores {scores}" if scores else "") if part)


def played_games(workspace: Workspace) -> dict[str, Any]:
    """The newest played games of the workspace, newest first; a file that is no game record is
    left out (and counted)."""
    folder = workspace.root / SAVED_FOLDER
    files = sorted(folder.glob("*.jsonl"), key=lambda p: (p.stat().st_mtime, p.name), reverse=True) \
        if folder.is_dir() else []
    listed, unreadable = [], 0
    for path in files:
        if len(listed) >= MAX_LISTED_PLAYED:
            break
        try:
            record = _read(path)
        except (PnpError, OSError, UnicodeDecodeError):
            unreadable += 1
            continue
        listed.append({"file": path.name, "game": record["pnp_game"], "label": label(record),
                       "abandoned": record.get("end") == ABANDONED})
    return {"games": listed, "count": len(files), "listed": MAX_LISTED_PLAYED, "unreadable": unreadable}


def played_record(workspace: Workspace, name: str) -> tuple[Any, Any, dict[str, Any]]:
    """(game, model, record) of one played game: the model of the spec it was played with (the
    game's shipped spec when it names none)."""
    if not NAME.fullmatch(name):
        raise NoSuchGame(f"{name[:40]!r}: not the name of a played game")
    path = workspace.resolve_inside(f"{SAVED_FOLDER}/{name}")
    if not path.is_file():
        raise NoSuchGame(f"{name}: no such played game in {SAVED_FOLDER}/")
    record = _read(path)
    game = game_registry.get(record["pnp_game"])
    spec = record.get("spec")
    if spec is not None and not isinstance(spec, str):
        raise PnpError(f"{name}: spec: a path inside the workspace")
    model = game.load(workspace.resolve_inside(spec) if spec else None)
    return game, model, record
