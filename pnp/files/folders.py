"""All-or-nothing folders: a kit folder is built whole beside the old one and swapped in with one
atomic rename, so after a crash, a kill or a full disk it holds the old kit or the new one, whole.
Leftovers of an interrupted run are removed by the next one."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import PnpError
from pnp.files.atomic import TEMP_MARK
from pnp.files.journal import SET_NAME, finish_interrupted
from pnp.files.oserrors import kind_of, lstat_or_none, os_error
from pnp.files.swap import pid_alive, swap_in
from pnp.files.targets import ensure_dir


def clean_leftovers(folder: Path) -> None:
    """Remove what interrupted runs left in `folder` (`.NAME.pnp-tmp-PID-...` staging folders and
    temporary files, whatever they were for), and restore an old folder if a run on a system without
    atomic swaps was stopped between its two renames. A set of folders an interrupted run had begun to
    swap in is completed first. What a run still going on is writing stays; a link is never followed
    nor removed (pnp makes none), and nothing but such entries of `folder` itself is touched."""
    finish_interrupted(folder)
    try:
        entries = list(folder.iterdir()) if folder.is_dir() else []
    except OSError:
        return
    for entry in entries:
        name, mark, rest = entry.name[1:].partition(TEMP_MARK)
        if not entry.name.startswith(".") or not mark or not name or f".{name}" == SET_NAME:
            continue  # not a run's leftover (a set's journal is finish_interrupted's)
        pid, _, role = rest.partition("-")
        if not pid.isdigit() or int(pid) == os.getpid() or pid_alive(int(pid)):
            continue  # this run's own, or another run's that is writing there now
        info = lstat_or_none(entry)
        if info is None or stat.S_ISLNK(info.st_mode):
            continue
        if stat.S_ISDIR(info.st_mode):
            if role.startswith("old") and not os.path.lexists(folder / name):
                with contextlib.suppress(OSError):
                    os.rename(entry, folder / name)
                    continue
            shutil.rmtree(entry, ignore_errors=True)
        elif stat.S_ISREG(info.st_mode):
            with contextlib.suppress(OSError):
                entry.unlink()


def replace_folder(target: Path, files: list[tuple[Path, bytes]],
                   keep: Callable[[Path], bool] = lambda relative: True) -> list[Path]:
    """Make `target` hold `files` (paths inside `target`) in one atomic step.

    Files of the old folder that `keep` accepts (by path relative to `target`) and that are not
    written anew are carried over as hard links; temporary files of interrupted runs never are.
    Returns the paths written.
    """
    staged = stage_folder(target, files, keep)
    try:
        swap_in(staged.staging, staged.target, exists=staged.exists)
    except OSError as exc:
        shutil.rmtree(staged.staging, ignore_errors=True)
        raise os_error(staged.target, exc) from None
    except BaseException:
        shutil.rmtree(staged.staging, ignore_errors=True)
        raise
    return [path for path, _ in files]


@dataclass(frozen=True)
class Staged:
    staging: Path  # the new folder, complete, beside the target
    target: Path
    exists: bool  # whether there is an old folder to replace


def stage_folder(target: Path, files: list[tuple[Path, bytes]], keep: Callable[[Path], bool]) -> Staged:
    """The new content of `target` written completely into a staging folder beside it."""
    relative = [(path.relative_to(target), data) for path, data in files]
    info = lstat_or_none(target)
    if info is not None and stat.S_ISLNK(info.st_mode) and target.is_dir():
        target = Path(os.path.realpath(target))  # a linked kit folder: the folder it names is replaced
        info = lstat_or_none(target)
    parent = target.parent
    ensure_dir(parent)
    clean_leftovers(parent)
    if info is not None and not stat.S_ISDIR(info.st_mode):
        raise PnpError(f"{target}: is {kind_of(info.st_mode)}, not a folder")
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}{TEMP_MARK}{os.getpid()}-new", dir=parent))
    except OSError as exc:
        raise os_error(target, exc) from None
    try:
        new = {rel for rel, _ in relative}
        if info is not None:
            _carry_over(target, staging, lambda rel: rel not in new and TEMP_MARK not in rel.name
                        and not rel.name.endswith(".tmp") and keep(rel))
        for rel, data in relative:
            destination = staging / rel
            destination.parent.mkdir(parents=True, exist_ok=True)
            with open(destination, "wb") as handle:
                handle.write(data)
        os.chmod(staging, 0o755)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise os_error(target, exc) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return Staged(staging, target, info is not None)


def _carry_over(old: Path, new: Path, wanted: Callable[[Path], bool]) -> None:
    for source in old.rglob("*"):
        relative = source.relative_to(old)
        if source.is_dir() or not wanted(relative):
            continue
        destination = new / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(source, destination)
        except OSError:
            shutil.copy2(source, destination)
