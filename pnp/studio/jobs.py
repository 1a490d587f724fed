"""Checks run by the studio: `pnp check` itself in a child process, its progress read as it goes,
cancellable at any moment (SIGTERM, which the CLI turns into a clean exit)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import tomllib
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.budget import DEFAULT_MAX_GAMES, DEFAULT_TOLERANCE, MAX_GAMES
from pnp.errors import PnpError
from pnp.files.atomic import atomic_write_bytes
from pnp.numbers import CONFIDENCE, SEED, TOLERANCE, bounded
from pnp.players.levels import STANDARD_LEVELS

from .replays import MAX_LOGGED_GAMES
from .words import details, headline, sweep_words, tone

MAX_JOBS_KEPT = 10  # checks whose folder (spec, report, games) stays; older ones are removed
MAX_RUNNING = 2
MAX_PLAYERS = 12
_PRESET = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


@dataclass(frozen=True)
class CheckSettings:
    """What the studio's check form sets; refused here, before any job or folder exists."""

    games: int | None = None  # None: --games auto, decided as the games come in
    seed: int = 1
    players: int | None = None
    preset: str | None = None
    confidence: float = 0.95
    skill_games: int | None = None  # None: the check's default (a quarter of the games)
    strict: bool = False
    tolerance: float = DEFAULT_TOLERANCE  # each test's indifference zone under --games auto, as the CLI's
    max_games: int = DEFAULT_MAX_GAMES  # the budget per configuration under --games auto
    seat_levels: tuple[str, ...] = ()  # levels also played in every seat (`pnp check --seat-levels`)

    def __post_init__(self) -> None:
        known = [level.name for level in STANDARD_LEVELS]
        for name in self.seat_levels:
            if name not in known:
                raise PnpError(f"seat levels: {name[:40]!r} is not a level; levels: {', '.join(known)}")
        if self.games is not None and not 1 <= self.games <= MAX_GAMES:
            raise PnpError(f"games: between 1 and {MAX_GAMES:,}, or auto; got {self.games}")
        if not 1 <= self.max_games <= MAX_GAMES:
            raise PnpError(f"At most: between 1 and {MAX_GAMES:,} games; got {self.max_games}")
        if self.players is not None and not 1 <= self.players <= MAX_PLAYERS:
            raise PnpError(f"players: between 1 and {MAX_PLAYERS}; got {self.players}")
        if self.preset is not None and not _PRESET.match(self.preset):
            raise PnpError(f"preset: {self.preset[:40]!r} is not a preset name")
        bounded("confidence", self.confidence, CONFIDENCE)  # as the command line's options
        bounded("seed", self.seed, SEED)
        if self.skill_games is not None and not 0 <= self.skill_games <= MAX_GAMES:
            raise PnpError(f"skill games: between 0 and {MAX_GAMES:,}; got {self.skill_games}")
        bounded("tolerance", self.tolerance, TOLERANCE)

    def arguments(self) -> list[str]:
        games = ["--games", "auto", "--max-games", str(self.max_games)] if self.games is None \
            else ["--games", str(self.games)]
        args = [*games, "--seed", str(self.seed), "--confidence", repr(self.confidence),
                "--tolerance", repr(self.tolerance)]
        if self.players:
            args += ["--players", str(self.players)]
        if self.preset:
            args += ["--preset", self.preset]
        if self.skill_games is not None:
            args += ["--skill-games", str(self.skill_games)]
        if self.strict:
            args.append("--strict")
        if self.seat_levels:
            args += ["--seat-levels", ",".join(self.seat_levels)]
        return args


MAX_SWEEP_FIELDS = 3
_FIELD = re.compile(r'^[A-Za-z0-9_.\[\]"\- ]{1,120}$')
_VALUES = re.compile(r"^[A-Za-z0-9_.,:#\- ]{1,200}$")


@dataclass(frozen=True)
class SweepSettings:
    """A studio sweep: a few fields of the form and the values each takes (as `pnp sweep --vary`)."""

    vary: tuple[tuple[str, str], ...]  # (field path, values such as "2,3,4" or "1..4")
    games: int | None = None  # None: --games auto, the variants race
    seed: int = 1
    players: int | None = None
    preset: str | None = None
    confidence: float = 0.95
    tolerance: float = DEFAULT_TOLERANCE
    max_games: int = DEFAULT_MAX_GAMES

    def __post_init__(self) -> None:
        self._check()  # the same limits as a check
        if not 1 <= len(self.vary) <= MAX_SWEEP_FIELDS:
            raise PnpError(f"pick a field to vary and its values (Field 1 to Field {MAX_SWEEP_FIELDS})")
        for path, values in self.vary:
            if not _FIELD.match(path):
                raise PnpError(f"field {path[:40]!r}: not a field of the form")
            if not _VALUES.match(values):
                raise PnpError(f"{path}: values like 2,3,4 or 1..4 or 10..20:5")

    def _check(self) -> CheckSettings:
        return CheckSettings(games=self.games, seed=self.seed, players=self.players, preset=self.preset,
                             confidence=self.confidence, tolerance=self.tolerance, max_games=self.max_games)

    def arguments(self) -> list[str]:
        args = self._check().arguments()
        for path, values in self.vary:
            args += ["--vary", f"{path}={values}"]
        return args


@dataclass
class CheckJob:
    id: str
    game: str
    folder: Path
    games: int | None  # None: auto
    numbering: int  # game i of configuration c is game c * numbering + i: the games, or auto's budget
    state: str = "running"  # running, done, cancelled, failed
    done: int = 0  # games played so far
    total: int = 0  # of every game the run plays, or under games auto the most it may play (`up_to`)
    up_to: bool = False
    label: str = ""
    step: str = ""  # the look the run is at ("look 3 of 128")
    result: dict[str, Any] | None = None
    error: str | None = None
    exit_code: int | None = None
    started: float = field(default_factory=time.monotonic)
    source: str = ""  # the spec as the studio names it: its workspace path, or the shipped one
    kind: str = "check"  # or "sweep"
    _process: subprocess.Popen[bytes] | None = None

    def to_json(self) -> dict[str, Any]:
        done = self.state == "done" and self.result is not None and self.kind == "check"
        result = sweep_words(self.result) if self.result is not None and self.kind == "sweep" else self.result
        return {"id": self.id, "game": self.game, "state": self.state, "done": self.done, "total": self.total,
                "up_to": self.up_to, "label": self.label, "step": self.step, "error": self.error,
                "exit_code": self.exit_code, "result": result,
                "games": self.games if self.games is not None else "auto", "kind": self.kind,
                "headline": headline(self.result) if done and self.result else None,
                "tone": tone(self.result) if done and self.result else None,
                "details": details(self.result) if done and self.result else [],
                "report": f"/api/check/{self.id}/report/index.html" if self.state == "done" else None}

    @property
    def log(self) -> Path:
        return self.folder / "games.jsonl"

    @property
    def spec(self) -> Path:
        return self.folder / f"{self.game}.toml"


class CheckJobs:
    def __init__(self, root: Path) -> None:
        self.root = root
        self._jobs: dict[str, CheckJob] = {}
        self._lock = threading.Lock()

    def start(self, game: str, text: str, settings: CheckSettings | SweepSettings, source: str = "") -> CheckJob:
        """A check (or a sweep) of `text` in a child process; refused before any job or folder exists
        when its settings are bad or too many run already."""
        from pnp import games as game_registry

        _check_preset(game_registry.get(game), text, settings.preset)
        with self._lock:
            self._reap()
            running = sum(1 for job in self._jobs.values() if job.state == "running")
            if running >= MAX_RUNNING:
                raise PnpError(f"{running} checks are running; wait for one or cancel it")
            job_id = uuid.uuid4().hex[:12]
            kind = "sweep" if isinstance(settings, SweepSettings) else "check"
            job = CheckJob(job_id, game, self.root / "checks" / job_id, settings.games,
                           settings.games or settings.max_games, source=source, kind=kind)
            self._prune(keep=MAX_JOBS_KEPT - 1)
            try:
                atomic_write_bytes(job.spec, text.encode("utf-8"))
                job._process = subprocess.Popen(self._command(job, settings), stdout=subprocess.PIPE,
                                                stderr=subprocess.PIPE, env={**os.environ, "PNP_PROGRESS": "json"})
            except (OSError, PnpError) as exc:
                shutil.rmtree(job.folder, ignore_errors=True)  # no job, no folder
                raise PnpError(f"the check could not start: {exc}") from None
            self._jobs[job.id] = job
        threading.Thread(target=self._follow, args=(job,), daemon=True, name=f"check-{job.id}").start()
        return job

    @staticmethod
    def _command(job: CheckJob, settings: CheckSettings | SweepSettings) -> list[str]:
        command = [sys.executable, "-m", "pnp", job.kind, job.game, "--spec", str(job.spec), *settings.arguments(),
                   "--json", "--report", str(job.folder / "report")]
        if job.kind == "sweep":
            return command  # a sweep keeps no games to replay
        # The first games of each configuration are kept to replay; the verdict is on all of them.
        return [*command, "--log", str(job.log), "--log-games", str(MAX_LOGGED_GAMES)]

    def _reap(self) -> None:
        """A job whose process is gone without its follower having said so (killed from outside,
        never started) is not running: it must not hold one of the running places."""
        for job in self._jobs.values():
            if job.state != "running":
                continue
            process = job._process
            if process is None or (process.poll() is not None and not _following(job)):
                job.state = "failed"
                job.error = job.error or "the check's process ended without a result"

    def _prune(self, keep: int) -> None:
        """Keep the folders (and the entries) of the newest `keep` checks besides the running ones,
        including folders left by earlier runs of the studio."""
        folder = self.root / "checks"
        try:
            found = [p for p in folder.iterdir() if p.is_dir() and not p.is_symlink()]
        except OSError:
            return
        running = {job.id for job in self._jobs.values() if job.state == "running"}
        others = sorted((p for p in found if p.name not in running), key=_mtime, reverse=True)
        for old in others[keep:]:
            shutil.rmtree(old, ignore_errors=True)
            self._jobs.pop(old.name, None)

    def _follow(self, job: CheckJob) -> None:
        process = job._process
        assert process is not None and process.stderr is not None and process.stdout is not None
        errors: list[str] = []
        for raw in process.stderr:
            line = raw.decode("utf-8", "replace").strip()
            try:
                update = json.loads(line)
                job.done, job.total, job.label = int(update["done"]), int(update["total"]), str(update["label"])
                job.up_to, job.step = bool(update.get("up_to")), str(update.get("step", ""))
            except (ValueError, KeyError, TypeError):
                if line:
                    errors.append(line)
        output = process.stdout.read()
        job.exit_code = process.wait()
        if job.state == "cancelled":
            return
        try:
            job.result = json.loads(output) if output.strip() else None
        except ValueError:
            job.result = None
        if job.result is not None and job.exit_code in (0, 1, 3):
            job.state = "done"
        else:
            job.state = "failed"
            # The command's own line, without the prefix a terminal shows: the page names no command.
            job.error = errors[-1].removeprefix("pnp: error: ") if errors \
                else f"the check ended with exit code {job.exit_code}"

    def get(self, job_id: str) -> CheckJob:
        with self._lock:
            if job_id not in self._jobs:
                raise PnpError(f"no check {job_id!r}")
            return self._jobs[job_id]

    def cancel(self, job_id: str) -> CheckJob:
        job = self.get(job_id)
        if job.state == "running" and job._process is not None:
            job.state = "cancelled"
            job._process.terminate()  # SIGTERM: the CLI ends its workers and writes nothing
        elif job.state == "running":
            job.state = "cancelled"
        return job

    def shutdown(self) -> None:
        for job in list(self._jobs.values()):
            if job.state == "running" and job._process is not None:
                job._process.terminate()


def _following(job: CheckJob) -> bool:
    return any(thread.name == f"check-{job.id}" and thread.is_alive() for thread in threading.enumerate())


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _check_preset(game: Any, text: str, preset: str | None) -> None:
    """A preset must be one of the game's or one the spec adds (its [presets] tables)."""
    game.check_preset(preset)
    if preset is None:
        return
    try:
        added = tomllib.loads(text).get("presets", {})
    except (tomllib.TOMLDecodeError, RecursionError):
        added = {}
    known = dict.fromkeys([*game.presets, *(added if isinstance(added, dict) else {})])
    if preset not in known:
        raise PnpError(f"preset: {preset!r} is not a rule preset of this spec; the presets are {', '.join(known)}")
