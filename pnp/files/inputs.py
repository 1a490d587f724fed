"""What the running command reads and creates: its inputs, which no output may replace, and its new
folders, removed again (if still empty) when it fails."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path

# (device, inode) of every file the running command has read; None outside a command (library use).
# Context variables, not globals: a server thread (the studio in a test's process, say) is never
# inside a command that another thread of the process runs.
_inputs: ContextVar[set[tuple[int, int]] | None] = ContextVar("pnp_command_inputs", default=None)
# Folders the running command has created (to remove them if it fails); None outside a command
_created: ContextVar[list[Path] | None] = ContextVar("pnp_command_folders", default=None)


def note_input(path: Path) -> None:
    """Remember a file this command reads, so that no output of the command can replace it."""
    inputs = _inputs.get()
    if inputs is None:
        return
    with contextlib.suppress(OSError):
        info = os.stat(path)
        inputs.add((info.st_dev, info.st_ino))


def is_input(info: os.stat_result) -> bool:
    """Whether the file of this status is one the running command has read."""
    inputs = _inputs.get()
    return bool(inputs) and (info.st_dev, info.st_ino) in inputs


def note_created(folders: list[Path]) -> None:
    """Remember folders this command has created, to remove them if it fails."""
    created = _created.get()
    if created is not None:
        created.extend(folders)


@contextlib.contextmanager
def command_inputs() -> Iterator[None]:
    """While a command runs, the files it reads are its inputs, which no output may replace; and
    the folders it creates are removed again, if still empty, when it fails (a full disk refuses
    the first file after its folder was made: the folder must not stay behind)."""
    created: list[Path] = []
    inputs_token, created_token = _inputs.set(set()), _created.set(created)
    try:
        yield
    except SystemExit as exc:
        if exc.code not in (0, None):
            remove_empty_folders(created)
        raise
    except BaseException:
        remove_empty_folders(created)
        raise
    finally:
        _inputs.reset(inputs_token)
        _created.reset(created_token)


def remove_empty_folders(folders: list[Path]) -> None:
    """Remove the folders of `folders` that are empty, the deepest first; others stay as they are."""
    for folder in sorted(folders, key=lambda p: len(p.parts), reverse=True):
        with contextlib.suppress(OSError):
            folder.rmdir()  # fails, as it should, on a folder that holds anything


@contextlib.contextmanager
def outside_command() -> Iterator[None]:
    """A service a command starts (the studio) reads and writes files for many requests over its
    life: they are not inputs of one run, so the guard is off until the service stops."""
    token = _inputs.set(None)
    try:
        yield
    finally:
        _inputs.reset(token)
