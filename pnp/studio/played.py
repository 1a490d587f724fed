"""The games people played at the play table, for the studio's Replay tab: each saved record of the
workspace's `played/` folder named for people (game, seats, when, finished, abandoned or in play,
scores) and stepped through on the same board as a check's games, drawn with the spec it was played with.

A game still being played is saved after each of its people's moves as a record marked abandoned
that also holds what it takes to go on (`resume`, pnp.play.sessions); the list calls it "in play",
with the scores so far: its page continues it, and it is left only by its End game button."""

from __future__ import annotations

import io
import re
import tempfile
from pathlib import Path
from typing import Any

from pnp import games as game_registry
from pnp.check.replay import ABANDONED, InvalidRecord, Optional, check_shape, parse_record
from pnp.errors import PnpError
from pnp.play.seats import seat_names
from pnp.play.sessions import MAX_RECORD_BYTES, SAVED_FOLDER

from .specs import MAX_SPEC_BYTES, load_model
from .workspace import NoSuchFile, Workspace

MAX_LISTED_PLAYED = 200  # the newest; older games stay in the folder and in `pnp replay`
MAX_SCANNED_PLAYED = 2_000  # files of played/ looked at, by name
PLAY_TABLE_SHAPE = {"seats": [str], "spec": Optional(str), "played": Optional(str)}
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,200}\.jsonl")


class NoSuchGame(PnpError):
    """A played game this workspace does not hold."""


def _first_line(workspace: Workspace, name: str) -> str:
    """The first line of a saved game's file, read through the workspace's gate (inside it, a
    regular file, at most MAX_RECORD_BYTES)."""
    data = workspace.read(f"{SAVED_FOLDER}/{name}", MAX_RECORD_BYTES)
    try:
        return data.split(b"\n", 1)[0].decode("utf-8")
    except UnicodeDecodeError:
        raise PnpError(f"{name}: not valid: not a game record (not UTF-8 text)") from None


def _record(line: str, name: str) -> dict[str, Any]:
    try:
        record = parse_record(line)
    except InvalidRecord as exc:
        raise PnpError(f"{name}: not valid: {exc}") from None
    if not isinstance(record.get("pnp_game"), str):
        raise PnpError(f"{name}: not valid: not a game record (no pnp_game)")
    try:  # what the play table writes beside what `pnp replay` checks, as the list shows it
        check_shape(record, PLAY_TABLE_SHAPE)
        if len(record["seats"]) != record.get("players"):
            raise InvalidRecord(f"seats: {len(record['seats'])} seats for {record.get('players')!r} players")
    except InvalidRecord as exc:
        raise PnpError(f"{name}: not valid: {exc}") from None
    return record


def _when(record: dict[str, Any]) -> str:
    played = record.get("played")
    if isinstance(played, str) and len(played) >= 16:
        return played[:10] + " " + played[11:16]  # 2026-12-02T00:41:07+0000 -> 2026-12-02 00:41
    return "time unknown"


def label(record: dict[str, Any]) -> str:
    """'Zatre · 2026-12-02 00:41 · you v expert · abandoned · scores when left 12 : 30', of a valid record."""
    name = record["pnp_game"]
    labels: dict[str, str] = {}
    try:
        game = game_registry.get(name)
        title, labels = game.title, game.named_presets
    except PnpError:
        title = name
    seats = " v ".join(seat_names([str(seat) for seat in record.get("seats") or []]))
    ending = status(record)
    scores = " : ".join(str(score) for score in record.get("final_scores") or [])
    heading = {"in play": "scores so far", "abandoned": "scores when left"}.get(ending, "scores")
    preset = f" ({labels.get(record['preset'], record['preset'])})" if isinstance(record.get("preset"), str) else ""
    return " · ".join(part for part in (f"{title}{preset}", _when(record), seats, ending,
                                        f"{heading} {scores}" if scores else "") if part)


def status(record: dict[str, Any]) -> str:
    """'finished', 'abandoned' (its people ended it) or 'in play' (saved to be continued)."""
    if record.get("end") != ABANDONED:
        return "finished"
    return "in play" if isinstance(record.get("resume"), dict) else "abandoned"


class _Models:
    """The models of the specs one listing's records were played with, each loaded once."""

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self._loaded: dict[tuple[str, str | None], Any] = {}

    def get(self, game: Any, spec: Any) -> Any:
        if spec is not None and not isinstance(spec, str):
            raise PnpError("spec: a path inside the workspace")
        key = (game.name, spec)
        if key not in self._loaded:
            if spec:
                text = self.workspace.read(spec, MAX_SPEC_BYTES).decode("utf-8-sig", errors="replace")
                self._loaded[key] = load_model(game.name, text, spec.rpartition("/")[2])
            else:
                self._loaded[key] = game.load(None)
        return self._loaded[key]


def _checked(workspace: Workspace, name: str, models: _Models) -> tuple[Any, Any, dict[str, Any]]:
    """(game, model, record) of one saved game, checked as `pnp replay` checks it with the spec it
    was played with; PnpError 'NAME: not valid: REASON' when the file, its spec or its moves fail."""
    line = _first_line(workspace, name)
    record = _record(line, name)
    try:
        game = game_registry.get(record["pnp_game"])
        model = models.get(game, record.get("spec"))
    except PnpError as exc:
        raise PnpError(f"{name}: not valid: {exc}") from None
    reason = replay_problem(game, model, line)
    if reason is not None:
        raise PnpError(f"{name}: not valid: {reason}")
    return game, model, record


def replay_problem(game: Any, model: Any, line: str) -> str | None:
    """What `pnp replay` says is wrong with the record `line` (None: valid), through the game's own replay."""
    with tempfile.TemporaryDirectory(prefix="pnp-played-") as folder:
        path = Path(folder) / "record.jsonl"
        path.write_text(line + "\n", encoding="utf-8")
        out = io.StringIO()
        if not game.replay(model, path, out):
            return None
    invalid = next((row for row in out.getvalue().splitlines() if row.startswith("INVALID ")), "")
    return invalid.partition("): ")[2] or "the record does not replay"


def played_games(workspace: Workspace) -> dict[str, Any]:
    """The newest played games of the workspace, newest first; each one that is no valid game record
    (not readable, a link out of the workspace, tampered, or its spec changed since) is listed
    with why, as `pnp replay` would say it."""
    entries = workspace.entries(SAVED_FOLDER, ".jsonl", limit=MAX_SCANNED_PLAYED)
    good = [(name, found) for name, found in entries if isinstance(found, Path)]
    bad = [(name, found) for name, found in entries if not isinstance(found, Path)]

    def newest(item: tuple[str, Path]) -> tuple[float, str]:
        try:
            return item[1].stat().st_mtime, item[0]
        except OSError:
            return 0.0, item[0]

    good.sort(key=newest, reverse=True)
    models = _Models(workspace)
    listed: list[dict[str, Any]] = []
    for name, _ in good[:MAX_LISTED_PLAYED]:
        try:
            game, _model, record = _checked(workspace, name, models)
        except PnpError as exc:
            listed.append(_invalid(name, str(exc)))
            continue
        ending = status(record)
        listed.append({"file": name, "game": game.name, "label": label(record),
                       "abandoned": ending == "abandoned", "in_play": ending == "in play"})
    listed.extend(_invalid(name, reason) for name, reason in bad)
    invalid = sum(1 for item in listed if "invalid" in item)
    return {"games": listed, "count": len(entries), "listed": MAX_LISTED_PLAYED, "unreadable": invalid}


def _invalid(name: str, reason: str) -> dict[str, Any]:
    why = reason.removeprefix(f"{SAVED_FOLDER}/").removeprefix(f"{name}: ").removeprefix("not valid: ")
    return {"file": name, "game": None, "label": f"{name}: not valid: {why}", "invalid": why, "abandoned": False,
            "in_play": False}


def played_record(workspace: Workspace, name: str) -> tuple[Any, Any, dict[str, Any]]:
    """(game, model, record) of one played game: the model of the spec it was played with (the
    game's shipped spec when it names none); a record `pnp replay` refuses is refused the same way."""
    if not NAME.fullmatch(name):
        raise NoSuchGame(f"{name[:40]!r}: not the name of a played game")
    try:
        workspace.file(f"{SAVED_FOLDER}/{name}")
    except NoSuchFile:
        raise NoSuchGame(f"{name}: no such played game in {SAVED_FOLDER}/") from None
    return _checked(workspace, name, _Models(workspace))
