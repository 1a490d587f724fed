"""Saved versions of each workspace spec, kept in the workspace as numbered snapshots
(`.pnp-history/<spec path>/0001.toml`, ...), so a designer can go back to any of them.

The first save of a spec keeps the file as it was before as version 1. Snapshots are plain TOML
files: they survive a restart and can be read without the studio. The workspace's spec list skips
hidden folders, so snapshots never show as specs themselves.
"""

from __future__ import annotations

import datetime
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pnp.errors import PnpError
from pnp.fileio import atomic_write_bytes

from . import specs
from .workspace import OutsideWorkspace, Workspace

FOLDER = ".pnp-history"
KEEP = 200  # snapshots per spec; the oldest go first
_SNAPSHOT = re.compile(r"^(\d{4,})\.toml$")
_lock = threading.Lock()
T = TypeVar("T")


def _folder(workspace: Workspace, spec_path: str) -> Path:
    return workspace.resolve_inside(f"{FOLDER}/{spec_path}")


def numbers(workspace: Workspace, spec_path: str) -> list[int]:
    folder = _folder(workspace, spec_path)
    if not folder.is_dir():
        return []
    return sorted(int(m.group(1)) for p in folder.iterdir() if (m := _SNAPSHOT.match(p.name)) and p.is_file())


def _read(folder: Path, number: int) -> str:
    return (folder / f"{number:04d}.toml").read_bytes().decode("utf-8-sig", errors="replace")


def record(workspace: Workspace, spec_path: str, text: str) -> int:
    """Keep `text` as the spec's newest version (unless it is the newest already); its number."""
    folder = _folder(workspace, spec_path)
    with _lock:
        have = numbers(workspace, spec_path)
        if have and _read(folder, have[-1]) == text:
            return have[-1]
        number = (have[-1] + 1) if have else 1
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(folder / f"{number:04d}.toml", text.encode("utf-8"))
        for old in have[: max(0, len(have) + 1 - KEEP)]:
            (folder / f"{old:04d}.toml").unlink(missing_ok=True)
        return number


def saving(workspace: Workspace, spec_path: str | None, write: Callable[[], T], text: str) -> T:
    """Run a save of `text` to the spec, keeping the file as it was first (on the spec's first
    save) and the saved text after. A shipped spec (no path) keeps no history."""
    if spec_path is None:
        return write()
    target = workspace.resolve_inside(spec_path)
    if not numbers(workspace, spec_path) and target.is_file():
        record(workspace, spec_path, target.read_bytes().decode("utf-8-sig", errors="replace"))
    result = write()
    record(workspace, spec_path, text)
    return result


def versions(workspace: Workspace, spec_path: str) -> list[dict[str, Any]]:
    folder = _folder(workspace, spec_path)
    result = []
    for number in numbers(workspace, spec_path):
        path = folder / f"{number:04d}.toml"
        saved = datetime.datetime.fromtimestamp(path.stat().st_mtime).astimezone()
        result.append({"number": number, "saved": saved.isoformat(timespec="seconds"),
                       "version": specs.version(_read(folder, number))})
    return result


def version_text(workspace: Workspace, spec_path: str, number: int) -> str:
    if number not in numbers(workspace, spec_path):
        raise PnpError(f"{spec_path}: no saved version {number}")
    return _read(_folder(workspace, spec_path), number)


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
