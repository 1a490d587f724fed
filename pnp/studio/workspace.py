"""The studio's workspace: the one folder whose files it lists, reads, writes and serves.

Every path a request names goes through `resolve_inside`, which refuses anything that would leave
the folder: `..`, absolute paths, drive letters, backslashes and encoded separators, and symlinks
whose target lies outside.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from pnp.errors import PnpError

# A spec in the workspace is any TOML file up to this deep below it, named after its game or not.
MAX_DEPTH = 3
MAX_SPECS = 500
MAX_PATH_BYTES = 1024
MAX_NAME_BYTES = 255  # one file or folder name, on every common file system
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$")


class OutsideWorkspace(PnpError):
    """A path that names something outside the workspace, or no proper file name at all."""


@dataclass(frozen=True)
class Workspace:
    root: Path

    @classmethod
    def open(cls, folder: Path) -> Workspace:
        root = folder.expanduser().resolve()
        if not root.is_dir():
            raise PnpError(f"{folder}: workspace folder not found")
        return cls(root)

    def resolve_inside(self, relative: str) -> Path:
        """The absolute path of `relative` (forward slashes), or OutsideWorkspace."""
        if not relative or "\\" in relative or "\x00" in relative or "%" in relative or ":" in relative:
            raise OutsideWorkspace(f"{relative!r}: not a path inside the workspace")
        pure = PurePosixPath(relative)
        if pure.is_absolute() or any(part in ("..", ".", "") for part in pure.parts):
            raise OutsideWorkspace(f"{relative!r}: not a path inside the workspace")
        if len(relative.encode("utf-8")) > MAX_PATH_BYTES or any(
                len(part.encode("utf-8")) > MAX_NAME_BYTES for part in pure.parts):
            raise OutsideWorkspace(f"{relative[:40]!r}...: names longer than {MAX_NAME_BYTES} bytes "
                                   f"(or paths longer than {MAX_PATH_BYTES}) are not workspace files")
        candidate = self.root.joinpath(*pure.parts)
        try:
            resolved = candidate.resolve()
        except (OSError, RuntimeError) as exc:  # a symlink loop, a name the system refuses
            raise OutsideWorkspace(f"{relative!r}: not a path inside the workspace ({exc})") from None
        if not resolved.is_relative_to(self.root):
            raise OutsideWorkspace(f"{relative!r}: leads outside the workspace")
        return resolved

    def relative(self, path: Path) -> str:
        return path.resolve().relative_to(self.root).as_posix()

    def holds_spec(self, relative: str) -> bool:
        """Whether `relative` is a spec `specs` lists: a regular TOML file at most MAX_DEPTH folders
        down, outside hidden folders and the studio's own output (checked without listing them all)."""
        path = self.resolve_inside(relative)
        parts = PurePosixPath(relative).parts
        return (len(parts) <= MAX_DEPTH + 1 and relative.endswith(".toml")
                and not any(part.startswith(".") for part in parts) and parts[0] not in ("studio-output", ".venv")
                and path.is_file())

    def specs(self) -> list[str]:
        """TOML files of the workspace (relative paths), nearest first, skipping hidden folders and
        the studio's own output."""
        found: list[str] = []
        for depth in range(MAX_DEPTH + 1):
            pattern = "/".join(["*"] * depth + ["*.toml"])
            for path in sorted(self.root.glob(pattern)):
                parts = path.relative_to(self.root).parts
                if any(part.startswith(".") for part in parts) or parts[0] in ("studio-output", ".venv"):
                    continue
                if path.is_file() and path.resolve().is_relative_to(self.root):
                    found.append(path.relative_to(self.root).as_posix())
                if len(found) >= MAX_SPECS:
                    return found
        return found


def read_regular(path: Path, label: str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. A FIFO or a device is refused without
    waiting for a writer (opened non-blocking, checked before a byte is read)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise PnpError(f"{label}: cannot read: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise PnpError(f"{label}: not a regular file (a FIFO, a device or a folder); the studio reads files only")
        if info.st_size > limit:
            raise PnpError(f"{label}: larger than {limit // 1024} KB; not a spec")
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise PnpError(f"{label}: cannot read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise PnpError(f"{label}: larger than {limit // 1024} KB; not a spec")
    return data


def safe_name(name: str) -> str:
    """A folder or file name a user typed ("save as"): letters, digits, space, dot, dash, underscore."""
    name = name.strip()
    if not _SAFE_NAME.match(name) or name in (".", ".."):  # bad input (400), not a missing file
        raise PnpError(f"{name!r}: use 1-64 letters, digits, spaces, dots, dashes or underscores")
    return name
