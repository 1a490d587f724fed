"""Saved versions of each workspace spec, kept in the workspace as numbered snapshots
(`.pnp-history/<spec path>/0001.toml`, ...), so a designer can go back to any of them.

The first save of a spec keeps the file as it was before as version 1. Snapshots are plain TOML
files: they survive a restart and can be read without the studio. The workspace's spec list skips
hidden folders, so snapshots never show as specs themselves.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pnp.errors import PnpError

from . import specs
from .workspace import NoSuchFile, OutsideWorkspace, Workspace

FOLDER = ".pnp-history"
KEEP = 200  # snapshots per spec; the oldest go first
# ASCII digits only: '٠٠٠٩.toml' is no version; and few enough that a name is never a huge number.
_SNAPSHOT = re.compile(r"^([0-9]{4,9})\.toml$", re.ASCII)
_lock = threading.Lock()


def _folder(spec_path: str) -> str:
    return f"{FOLDER}/{spec_path}"


def _version_path(spec_path: str, number: int) -> str:
    return f"{FOLDER}/{spec_path}/{number:04d}.toml"


def _taken(workspace: Workspace, spec_path: str) -> dict[int, Path | str]:
    """Every version name of the spec's history, with its real path or why the gate refuses it
    (a symlink out of the workspace, a folder, a FIFO)."""
    entries = workspace.entries(_folder(spec_path), ".toml", limit=10 * KEEP)
    return {int(m.group(1)): found for name, found in entries if (m := _SNAPSHOT.match(name))}


def numbers(workspace: Workspace, spec_path: str) -> list[int]:
    """The spec's readable versions, oldest first."""
    return sorted(n for n, found in _taken(workspace, spec_path).items() if isinstance(found, Path))


def _read(workspace: Workspace, spec_path: str, number: int) -> str:
    data = workspace.read(_version_path(spec_path, number), specs.MAX_SPEC_BYTES)
    return data.decode("utf-8-sig", errors="replace")


@dataclass(frozen=True)
class Plan:
    """The versions a save adds, each under a name checked free before anything is written."""

    before: tuple[int, str] | None  # the file as it was, on the spec's first save
    after: tuple[int, str] | None  # the saved text, unless it is the newest version already
    prune: tuple[int, ...]  # the oldest versions beyond KEEP

    def numbers(self) -> list[int]:
        return [item[0] for item in (self.before, self.after) if item is not None]


def plan(workspace: Workspace, spec_path: str, current: str | None, text: str) -> Plan:
    """What keeping `text` as the spec's newest version writes: refused (PnpError) before anything
    is written when the history folder is no folder or a version's name is taken by something else."""
    taken = _taken(workspace, spec_path)
    good = sorted(n for n, found in taken.items() if isinstance(found, Path))
    following = max(taken, default=0) + 1
    before = None
    if not good and current is not None:
        before, following = (following, current), following + 1
    newest = before[1] if before else (_read(workspace, spec_path, good[-1]) if good else None)
    after = None if newest == text else (following, text)
    for item in (before, after):
        if item is not None and os.path.lexists(workspace.resolve_inside(_version_path(spec_path, item[0]))):
            raise PnpError(f"{_version_path(spec_path, item[0])}: already taken; nothing was saved")
    count = len(good) + sum(1 for item in (before, after) if item is not None)
    return Plan(before, after, tuple(good[: max(0, count - KEEP)]))


def _write(workspace: Workspace, spec_path: str, number: int, text: str) -> None:
    try:
        workspace.write(_version_path(spec_path, number), text.encode("utf-8"), new=True)
    except FileExistsError:
        raise specs.Conflict(f"{_version_path(spec_path, number)}: taken by another save just now; "
                             "reload the spec") from None


def _prune(workspace: Workspace, spec_path: str, old: tuple[int, ...]) -> None:
    for number in old:
        with contextlib.suppress(PnpError, OSError):
            workspace.file(_version_path(spec_path, number)).unlink()


def record(workspace: Workspace, spec_path: str, text: str) -> int | None:
    """Keep `text` as the spec's newest version (unless it is the newest already); its number."""
    with _lock:
        steps = plan(workspace, spec_path, None, text)
        if steps.after is not None:
            _write(workspace, spec_path, *steps.after)
        _prune(workspace, spec_path, steps.prune)
        return steps.after[0] if steps.after else (numbers(workspace, spec_path) or [None])[-1]


@dataclass(frozen=True)
class Saved:
    version: str  # the saved text's version, as the page sends it back with its next save
    kept: list[int]  # the history versions this save added

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "kept": self.kept}


def save(workspace: Workspace, ref: specs.SpecRef, text: str, base_version: str | None) -> Saved:
    """Save `text` to the workspace spec `ref`, keeping its history: everything is checked first
    (the spec's size and validity, that the file is a spec of the workspace, that the page edited
    the version the file holds, that the history's next names are free) and only then are the
    file as it was (on the spec's first save), the file and its new version written."""
    path = specs.check_save(workspace, ref, text)
    assert ref.path is not None
    with specs.file_lock(path), _lock:
        current = specs.current(workspace, ref, base_version)
        steps = plan(workspace, ref.path, current, text)
        if steps.before is not None:
            _write(workspace, ref.path, *steps.before)
        workspace.write(ref.path, text.encode("utf-8"))
        if steps.after is not None:
            _write(workspace, ref.path, *steps.after)
        _prune(workspace, ref.path, steps.prune)
    return Saved(specs.version(text), steps.numbers())


def versions(workspace: Workspace, spec_path: str) -> list[dict[str, Any]]:
    """Every version of the spec's history, oldest first; one the gate refuses, or too large to
    read, is listed with why."""
    result: list[dict[str, Any]] = []
    for number, found in sorted(_taken(workspace, spec_path).items()):
        if not isinstance(found, Path):
            result.append({"number": number, "error": found})
            continue
        try:
            text = _read(workspace, spec_path, number)
            saved = datetime.datetime.fromtimestamp(found.stat().st_mtime).astimezone()
        except (PnpError, OSError) as exc:
            result.append({"number": number, "error": str(exc)})
            continue
        result.append({"number": number, "saved": saved.isoformat(timespec="seconds"),
                       "version": specs.version(text)})
    return result


def version_text(workspace: Workspace, spec_path: str, number: int) -> str:
    if number not in _taken(workspace, spec_path):
        raise NoSuchFile(f"{spec_path}: no saved version {number}")
    return _read(workspace, spec_path, number)


def _workspace_ref(value: str) -> specs.SpecRef:
    ref = specs.SpecRef.parse(value)
    if ref.path is None:
        raise PnpError("the shipped spec has no saved versions: 'save as' copies it into the workspace")
    return ref


def routes(workspace: Workspace) -> list[Route]:
    def answer(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def route(request: Request) -> Response:
            try:
                return JSONResponse(await handler(request))
            except OutsideWorkspace as exc:
                return JSONResponse({"error": str(exc)}, status_code=404)
            except PnpError as exc:
                return JSONResponse({"error": str(exc)}, status_code=400)

        return route

    async def list_versions(request: Request) -> dict[str, Any]:
        ref = _workspace_ref(request.query_params.get("id", ""))
        return {"id": ref.id, "versions": await run_in_threadpool(versions, workspace, ref.path)}

    async def one_version(request: Request) -> dict[str, Any]:
        ref = _workspace_ref(request.query_params.get("id", ""))
        number = int(request.path_params["number"])
        text = await run_in_threadpool(version_text, workspace, ref.path, number)
        try:
            form = specs.describe(text)
        except ValueError:
            form = None
        return {"id": ref.id, "number": number, "text": text, "version": specs.version(text), "form": form}

    return [Route("/api/history", answer(list_versions)),
            Route("/api/history/{number:int}", answer(one_version))]
