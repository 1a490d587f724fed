"""Checks run by the studio: `pnp check` itself in a child process, its progress read as it goes,
cancellable at any moment (SIGTERM, which the CLI turns into a clean exit)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.fileio import atomic_write_bytes

from .replays import MAX_LOGGED_GAMES

MAX_JOBS_KEPT = 20
MAX_RUNNING = 2
MAX_GAMES = 100_000


@dataclass
class CheckJob:
    id: str
    game: str
    folder: Path
    games: int
    state: str = "running"  # running, done, cancelled, failed
    done: int = 0
    total: int = 0
    label: str = ""
    result: dict[str, Any] | None = None
    error: str | None = None
    exit_code: int | None = None
    started: float = field(default_factory=time.monotonic)
    _process: subprocess.Popen[bytes] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "state": self.state, "done": self.done, "total": self.total,
                "label": self.label, "error": self.error, "exit_code": self.exit_code, "result": self.result,
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

    def start(self, game: str, text: str, *, games: int, seed: int, players: int | None,
              preset: str | None) -> CheckJob:
        if not 1 <= games <= MAX_GAMES:
            raise PnpError(f"games: between 1 and {MAX_GAMES:,}; got {games}")
        with self._lock:
            running = sum(1 for job in self._jobs.values() if job.state == "running")
            if running >= MAX_RUNNING:
                raise PnpError(f"{running} checks are running; wait for one or cancel it")
            job_id = uuid.uuid4().hex[:12]
            job = CheckJob(job_id, game, self.root / "checks" / job_id, games)
            self._jobs[job.id] = job
            self._forget_old()
        atomic_write_bytes(job.spec, text.encode("utf-8"))
        command = [sys.executable, "-m", "pnp", "check", game, "--spec", str(job.spec), "--games", str(games),
                   "--seed", str(seed), "--json", "--report", str(job.folder / "report")]
        if games <= MAX_LOGGED_GAMES:
            command += ["--log", str(job.log)]
        if players:
            command += ["--players", str(players)]
        if preset:
            command += ["--preset", preset]
        env = {**os.environ, "PNP_PROGRESS": "json"}
        job._process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        threading.Thread(target=self._follow, args=(job,), daemon=True, name=f"check-{job.id}").start()
        return job

    def _follow(self, job: CheckJob) -> None:
        process = job._process
        assert process is not None and process.stderr is not None and process.stdout is not None
        errors: list[str] = []
        for raw in process.stderr:
            line = raw.decode("utf-8", "replace").strip()
            try:
                update = json.loads(line)
                job.done, job.total, job.label = int(update["done"]), int(update["total"]), str(update["label"])
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
            job.error = errors[-1] if errors else f"the check ended with exit code {job.exit_code}"

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
        return job

    def _forget_old(self) -> None:
        finished = [job for job in self._jobs.values() if job.state != "running"]
        for job in finished[: max(0, len(self._jobs) - MAX_JOBS_KEPT)]:
            del self._jobs[job.id]

    def shutdown(self) -> None:
        for job in list(self._jobs.values()):
            if job.state == "running" and job._process is not None:
                job._process.terminate()
