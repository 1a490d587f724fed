"""Atomic file output: a temporary file in the target folder, then a rename.

A crash or an error never leaves a half-written file where a user expects a finished one.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pnp.errors import PnpError


def ensure_dir(path: Path) -> Path:
    if path.exists() and not path.is_dir():
        raise PnpError(f"{path}: output path is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError(f"{path}: cannot create output folder: {exc.strerror or exc}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise PnpError(f"{path}: output folder is not writable")
    return path


def check_can_create(folder: Path) -> Path:
    """Fail now, creating nothing, if `folder` could not be made and written: before a long run
    rather than after it, and without leaving an empty folder behind when the run then fails."""
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if existing == folder:
        if not folder.is_dir():
            raise PnpError(f"{folder}: output path is a file, not a folder")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PnpError(f"{folder}: output folder is not writable")
    elif not existing.is_dir():
        raise PnpError(f"{folder}: cannot create output folder: {existing} is a file")
    elif not os.access(existing, os.W_OK | os.X_OK):
        raise PnpError(f"{folder}: cannot create output folder: {existing} is not writable")
    return folder


def atomic_write_bytes(path: Path, data: bytes) -> Path:
    ensure_dir(path.parent)
    try:  # os.access cannot tell everything: root passes it on /proc, a full disk fails only here
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise PnpError(f"{path}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise PnpError(f"{path}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def atomic_write_text(path: Path, text: str) -> Path:
    return atomic_write_bytes(path, text.encode("utf-8"))


def jsonl_bytes(records: Iterable[dict[str, Any]]) -> bytes:
    """One compact JSON document per line, keys in a stable order."""
    lines = (json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in records)
    return "".join(line + "\n" for line in lines).encode("utf-8")


def write_jsonl(path: Path, records: Iterable[dict[str, Any]]) -> Path:
    return atomic_write_bytes(path, jsonl_bytes(records))


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """The records of a JSON-lines file; a file without any is an error, not a run of nothing."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise PnpError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise PnpError(f"{path}: cannot read: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    records = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise PnpError(f"{path}:{number}: not a JSON record: {exc.msg}") from None
        if not isinstance(record, dict):
            raise PnpError(f"{path}:{number}: a record must be a JSON object")
        records.append(record)
    if not records:
        raise PnpError(f"{path}: no game records")
    return records
