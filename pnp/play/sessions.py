"""Live games of the play page: a bounded number, each dropped after an idle time.

A session holds one table, its seats and seed, and the moves its people made, so a person's last
move can be taken back by playing the game again from its seed without it (the computer seats
draw from the same seeded random numbers, so they play again as they did). A finished game is
saved in the workspace as one record of the log format, which `pnp replay` checks; so is a game its
people left before its end (the End game button, a new game started over it), marked abandoned, once
one of them has moved. Every ended game's record can also be downloaded from its page, so a game
whose record cannot be written to the workspace (its `played` is no folder) is not lost.

A game in play is saved too, after every move of its people: a record marked abandoned that also holds
what it takes to go on (`resume`: the people's moves, the rules preset, profi). A studio started again
on the same workspace continues such a game from it when its page asks for it by id (so does a studio
that set the game aside, idle or beyond the number of live games): the seed and the moves play the same
game again.

A game of computers only plays out inside the request that starts it: it may seat only the quick
levels, and it is not written to `played/` (which lists people's games); its record is downloaded.
Profi mode gives no help: no places are shown, and a move once made is not taken back.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pnp.check.replay import ABANDONED, PLAYED_FOLDER
from pnp.errors import PnpError
from pnp.players.levels import DEFAULT_MATRIX, STANDARD_LEVELS
from pnp.studio.workspace import Workspace

from .seats import HUMAN, seat_names
from .table import Refused, Table

MAX_LIVE_GAMES = 16  # games kept in memory at once; beyond it the least recently used is set aside
IDLE_SECONDS = 2 * 60 * 60  # a game nobody moved in for this long is dropped
SAVED_FOLDER = PLAYED_FOLDER  # in the workspace: one JSON-lines record per game
MAX_RECORD_BYTES = 4 * 1024 * 1024  # a played game's record is a few KB
# The levels that move at once (no search): the only ones a game without a person may seat, as
# such a game is played to its end inside the request that starts it.
QUICK_LEVELS = frozenset(DEFAULT_MATRIX)

GAME_ID = re.compile(r"[0-9a-f]{16}")  # a game's id: 8 random bytes in hex, part of its record's file name


class GoneGame(PnpError):
    """A game id this server does not know and cannot continue from a record."""


class Stale(Refused):
    """A move made on a state of the game that is no longer the current one."""


@dataclass
class Session:
    id: str
    game: str
    new_table: Callable[[], Table]
    seats: list[str]
    seed: int
    profi: bool
    spec: str  # what the page shows of the spec played
    spec_path: str | None = None  # the spec's path in the workspace; None: the game's shipped spec
    preset: str | None = None  # the rules preset, for a game that has presets
    table: Table = field(init=False)
    moves: list[dict[str, Any]] = field(default_factory=list)  # the people's moves, in order
    version: int = 0
    used: float = field(default_factory=time.monotonic)
    saved: str | None = None  # the record's path in the workspace once the game is over
    unsaved: str = ""  # why an ended game's record is not in the workspace (it is offered as a download)
    ended_record: str | None = None  # the record's JSON line once the game has ended
    left: bool = False  # its people ended it before the rules did
    lock: threading.Lock = field(default_factory=threading.Lock)
    record_name: str = ""  # its record's file name in the played folder, the same all game long
    written: bool = False  # its record is in the played folder (later saves replace it)

    def __post_init__(self) -> None:
        self.record_name = self.record_name or f"{self.game}-{time.strftime('%Y%m%d-%H%M%S')}-{self.id}.jsonl"
        self.table = self.new_table()
        self._computers()

    @property
    def people(self) -> int:
        return sum(1 for seat in self.seats if seat == HUMAN)

    def _computers(self) -> None:
        table = self.table
        while not table.over and table.seats[table.player] != HUMAN:
            table.computer_move()

    @property
    def over(self) -> bool:
        return self.table.over or self.left

    def play(self, version: Any, move: dict[str, Any]) -> None:
        if version != self.version:
            raise Stale(f"version: the game has moved on since version {version!r} (now {self.version}); reload it")
        if self.over:
            raise Refused("the game is over")
        self.table.move(move)  # Refused: nothing changed
        self.moves.append(move)
        self._computers()
        self.version += 1

    def undo(self, version: Any) -> None:
        if version != self.version:
            raise Stale(f"version: the game has moved on since version {version!r} (now {self.version}); reload it")
        if self.profi:
            raise Refused("undo: not in profi mode, which gives no help: a move once made stands")
        if self.people != 1:
            raise Refused("undo: only in a game with one person (the other person would lose a move)")
        if self.over:
            raise Refused("undo: the game is over")
        if not self.moves:
            raise Refused("undo: you have not moved yet")
        kept = self.moves[:-1]
        table = self.new_table()
        self.table = table
        self._computers()
        for move in kept:
            table.move(move)
            self._computers()
        self.moves = kept
        self.version += 1

    def state(self, since: int) -> dict[str, Any]:
        table = self.table
        record = table.record()
        frames = table.frames(record)
        since = max(-1, min(since, len(frames) - 1))  # -1: from the first frame (a game's opening)
        steps = [{**frame.to_json(), "step": n, "last": table.last_cells(frame.record)}
                 for n, frame in enumerate(frames) if n > since]
        return {
            "id": self.id, "game": self.game, "spec": self.spec, "version": self.version, "profi": self.profi,
            "seats": [{"seat": i + 1, "player": seat, "strength": name}
                      for i, (seat, name) in enumerate(zip(self.seats, seat_names(self.seats), strict=True))],
            "people": self.people,
            "player": table.player, "over": self.over, "left": self.left, "scores": list(table.scores),
            "hand": [] if self.over or self.seats[table.player] != HUMAN else table.hand(table.player),
            "piece_word": table.piece_word, "pile": table.pile(),
            "step": len(frames) - 1, "steps": steps,
            "last": table.last_cells(record), "end": ABANDONED if self.left else table.ending(),
            "note": "" if self.over else table.note(), "offer": None if self.over else table.offer(),
            "sheets": table.sheets(), "legend": table.legend(), "turns": table.turns, "crop": table.crop,
            "overlap": table.overlap, "mark_mm": table.mark_mm,
            "places": table.places(),
            "undo": self.people == 1 and not self.profi and bool(self.moves) and not self.over,
            "saved": self.saved, "unsaved": self.unsaved,
            "record": f"/api/play/{self.id}/record.jsonl" if self.ended_record is not None else None,
        }


class Sessions:
    def __init__(self, workspace: Workspace, limit: int = MAX_LIVE_GAMES, idle: float = IDLE_SECONDS) -> None:
        self.workspace = workspace
        self.limit = limit
        self.idle = idle
        self._live: dict[str, Session] = {}
        self._starting = 0  # games being set up: they hold their place in the limit already
        self._lock = threading.Lock()

    def start(self, game: str, make: Callable[[], Table], seats: list[str], seed: int, profi: bool,
              spec: str, spec_path: str | None = None, preset: str | None = None) -> Session:
        if HUMAN not in seats and not set(seats) <= QUICK_LEVELS:
            quick = ", ".join(level.name for level in STANDARD_LEVELS if level.name in QUICK_LEVELS)
            raise PnpError(f"seats: a game without a person plays out at once, so only the quick levels ({quick}) "
                           "may play it; seat a person, or study stronger levels with pnp check --levels")
        with self._lock:
            self._room()
            self._starting += 1
        try:
            session = Session(secrets.token_hex(8), game, make, seats, seed, profi, spec, spec_path, preset)
            self._save_if_over(session)
            with self._lock:
                self._live[session.id] = session
        finally:
            with self._lock:
                self._starting -= 1
        return session

    def make(self, game: str, make: Callable[[], Table], seats: list[str], seed: int, profi: bool,
             spec: str, spec_path: str | None = None, preset: str | None = None) -> Session:
        """A game set up as `start` sets it up, not live yet (to be continued from its record)."""
        return Session("0" * 16, game, make, seats, seed, profi, spec, spec_path, preset)

    def _room(self) -> None:
        """Room for one more live game: beyond the limit, the game nobody moved in for the longest
        is set aside (its record holds it; its page continues it from there when asked)."""
        self._drop_idle()
        self._drop_ended()
        if self._starting >= self.limit:  # only games in memory can be set aside, not those being set up
            raise PnpError(f"{self.limit} games are live (the most at once), all being set up now; "
                           "try again in a moment")
        live = sorted((s for s in self._live.values() if not s.over), key=lambda s: s.used)
        for session in live[:max(0, len(live) + self._starting - self.limit + 1)]:  # games being set up hold a place
            with session.lock:
                self.after_move(session)
            del self._live[session.id]

    def get(self, game_id: str, restore: Callable[[dict[str, Any]], Session] | None = None) -> Session:
        """The live game `game_id`; or, with `restore` (which sets a game up as its record's `resume`
        says), the game continued from its record in the workspace."""
        with self._lock:
            self._drop_idle()
            session = self._live.get(game_id)
            if session is None:
                session = self._restored(game_id, restore)
            session.used = time.monotonic()
            return session

    def _restored(self, game_id: str, restore: Callable[[dict[str, Any]], Session] | None) -> Session:
        gone = f"game {game_id[:32]!r} is not live here"
        if restore is None or not GAME_ID.fullmatch(game_id):
            raise GoneGame(f"{gone}; start a new one")
        try:  # read through the workspace's gate: its played folder, regular files, not too large
            named = self.workspace.entries(SAVED_FOLDER, f"-{game_id}.jsonl", limit=2)
        except PnpError as exc:
            raise GoneGame(f"{gone}: {exc}") from None
        if len(named) != 1:
            raise GoneGame(f"{gone} and no move of it was saved (the studio restarted before anyone moved); "
                           "start a new one")
        name = named[0][0]
        try:
            record = json.loads(self.workspace.read(f"{SAVED_FOLDER}/{name}", MAX_RECORD_BYTES))
        except (PnpError, ValueError) as exc:
            raise GoneGame(f"{gone}: its record {SAVED_FOLDER}/{name} cannot be read ({exc})") from None
        resume = record.get("resume") if isinstance(record, dict) else None
        if not isinstance(resume, dict) or not isinstance(resume.get("moves"), list):
            raise GoneGame(f"{gone}: it ended, saved as {SAVED_FOLDER}/{name}")
        self._room()
        try:
            session = restore(record)
            session.id, session.record_name, session.written = game_id, name, True
            for move in resume["moves"]:
                session.play(session.version, move)
        except (PnpError, TypeError, ValueError) as exc:  # Refused among them: a move this set does not take
            raise GoneGame(f"{gone}: its record {SAVED_FOLDER}/{name} does not continue here ({exc})") from None
        self._live[game_id] = session
        return session

    def _drop_idle(self) -> None:
        now = time.monotonic()
        for key in [k for k, s in self._live.items() if now - s.used > self.idle]:
            del self._live[key]

    def _drop_ended(self) -> None:
        """Games that are over (finished or left) do not count as live; the most recent of them
        are kept, as many as the limit, so their pages still show their end."""
        ended = sorted((s for s in self._live.values() if s.over), key=lambda s: s.used)
        for session in ended[:max(0, len(ended) - self.limit)]:
            del self._live[session.id]

    def after_move(self, session: Session) -> None:
        """Save the game: its record when it is over, else the record to continue it from."""
        if session.table.over:
            self._save_if_over(session)
        elif session.moves and not session.left:
            self._save(session, {**session.table.left_record(), "resume": {
                "profi": session.profi, "preset": session.preset, "moves": session.moves}}, done=False)

    def leave(self, session: Session) -> None:
        """End a game before the rules do; its record is saved, marked abandoned, once one of its
        people has moved (a game left untouched is dropped). Ending a game that is over changes nothing."""
        with session.lock:
            if session.over:
                return
            session.left = True
            session.version += 1
            if session.moves:
                self._save(session, session.table.left_record())

    def save_all(self) -> None:
        """Every live game saved as it is, as when the studio stops: a studio started again continues it."""
        with self._lock:
            live = list(self._live.values())
        for session in live:
            with session.lock:
                self.after_move(session)

    def _save_if_over(self, session: Session) -> None:
        if session.table.over and session.ended_record is None:
            self._save(session, session.table.record())

    def _save(self, session: Session, record: dict[str, Any], done: bool = True) -> None:
        """Write the game's record to the workspace's `played/` (a game of people), in place of the one
        saved before; `done`: the game has ended, and its record is kept for its download too. When
        the workspace cannot take an ended game's record, say why: the game is over either way."""
        head = {"pnp_game": session.game, "game": 1, "seed": session.seed, "players": len(session.seats),
                "seats": list(session.seats), "played": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "spec": session.spec_path}
        record = head | {k: v for k, v in record.items() if k not in head}
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
        if done:
            session.ended_record = line
        if not session.people:
            if done:
                session.unsaved = f"a game of computers only is not kept in {SAVED_FOLDER}/; download its record"
            return
        relative = f"{SAVED_FOLDER}/{session.record_name}"
        try:  # the game's first record takes a new name, never another's file; later ones replace it
            self.workspace.write(relative, line.encode("utf-8"), new=not session.written)
        except (PnpError, OSError) as exc:  # OutsideWorkspace is a PnpError; FileExistsError an OSError
            if done:
                reason = str(exc) if isinstance(exc, PnpError) else f"{relative}: already exists"
                session.unsaved = f"not saved in the workspace ({reason}); download its record instead"
            return
        session.written = True
        if done:
            session.saved = relative
