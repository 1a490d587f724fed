"""The journal of a set of folders and files being swapped in: written whole before the first swap,
removed after the last, and followed by the next run where a run was stopped in between."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from pnp.files.atomic import TEMP_MARK
from pnp.files.swap import pid_alive, swap_in

SET_NAME = ".pnp-set"  # the journal of a set being swapped in: `.pnp-set.pnp-tmp-<pid>-commit.json`
_COMMIT = "-commit.json"


def journal_path(parent: Path, pid: int | None = None) -> Path:
    return parent / f"{SET_NAME}{TEMP_MARK}{pid or os.getpid()}{_COMMIT}"


def write_journal(parent: Path, journal: dict[str, Any]) -> None:
    """The journal appears whole, in one rename: its presence is the commit of the set."""
    fd, tmp = tempfile.mkstemp(prefix=f"{SET_NAME}{TEMP_MARK}{os.getpid()}-journal", suffix=".tmp", dir=parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(journal, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, journal_path(parent))
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def apply_journal(journal: dict[str, Any]) -> None:
    """Make every swap of the journal not yet made (a folder whose inode is the staged one is in)."""
    for staging_name, target_name, inode in journal["folders"]:
        staging, target = Path(staging_name), Path(target_name)
        try:
            current: int | None = os.stat(target).st_ino
        except FileNotFoundError:
            current = None
        if current == inode or not staging.exists():
            continue
        swap_in(staging, target, exists=current is not None, keep_old=True)
    for tmp, target in journal["files"]:
        if os.path.exists(tmp):
            os.replace(tmp, target)
    for staging_name, _, _ in journal["folders"]:  # each now holds an old folder, or nothing
        shutil.rmtree(staging_name, ignore_errors=True)


def finish_interrupted(parent: Path) -> None:
    """Complete the swaps of a set whose run was stopped after its journal was written, and drop
    journals never completed; journals of runs still going on are left to them."""
    try:
        entries = [e for e in parent.iterdir() if e.name.startswith(f"{SET_NAME}{TEMP_MARK}")]
    except OSError:
        return
    for entry in entries:
        pid, _, rest = entry.name[len(SET_NAME) + len(TEMP_MARK):].partition("-")
        if pid.isdigit() and int(pid) != os.getpid() and pid_alive(int(pid)):
            continue
        if "-" + rest == _COMMIT:  # one that cannot be followed: its leftovers are cleaned like any others
            with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
                apply_journal(json.loads(entry.read_text(encoding="utf-8")))
        entry.unlink(missing_ok=True)
