"""The studio's workspace: the one folder whose files it lists, reads, writes and serves.

Every path a request names goes through the Workspace's gate (`file`, `folder`, `read`, `entries`,
`write`, all built on `resolve_inside`), which refuses anything that would leave the folder: `..`,
absolute paths, drive letters, backslashes and encoded separators, and symlinks at any level whose
target lies outside; and anything that is not a regular file where a file is read or replaced.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from pnp.errors import PnpError
from pnp.files.atomic import TEMP_MARK
from pnp.files.oserrors import kind_of

# A spec in the workspace is any TOML file up to this deep below it, named after its game or not.
MAX_DEPTH = 3
MAX_SPECS = 500
MAX_PATH_BYTES = 1024
MAX_NAME_BYTES = 255  # one file or folder name, on every common file system
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$")


class OutsideWorkspace(PnpError):
    """A path the studio does not follow: one that leaves the workspace (by name or through a symlink
    at any level), no proper file name, or a name the workspace holds no file under."""


class NoSuchFile(OutsideWorkspace):
    """A path inside the workspace where there is no file."""


@dataclass(frozen=True)
class Workspace:
    """The one gate of every file the studio reads, writes or lists: each path is resolved (every
    symlink followed) and refused unless its real path lies inside `root`; a file read or replaced
    must be a regular file, checked without opening it in a way that could wait (a FIFO)."""

    root: Path

    @classmethod
    def open(cls, folder: Path) -> Workspace:
        from pnp.files.reading import existing

        return cls(existing(folder.expanduser(), "folder").resolve())

    def resolve_inside(self, relative: str) -> Path:
        """The real path of `relative` (forward slashes), or OutsideWorkspace. Nothing need exist."""
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
            raise OutsideWorkspace(f"{relative}: leads outside the workspace (through a symlink); not followed")
        return resolved

    def file(self, relative: str) -> Path:
        """The real path of the regular file `relative` names: NoSuchFile when nothing is there,
        PnpError when it is a folder, a FIFO, a device or a dangling symlink (seen with lstat, never opened)."""
        path = self.resolve_inside(relative)
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            if os.path.lexists(self.root.joinpath(*PurePosixPath(relative).parts)):
                raise PnpError(f"{relative}: a symlink to nothing; not a file") from None
            raise NoSuchFile(f"{relative}: no such file in the workspace") from None
        except OSError as exc:
            raise PnpError(f"{relative}: cannot read: {exc.strerror or exc}") from None
        if not stat.S_ISREG(info.st_mode):
            raise PnpError(f"{relative}: {kind_of(info.st_mode)}, not a regular file; the studio reads files only")
        return path

    def folder(self, relative: str) -> Path | None:
        """The real path of the folder `relative` names, None when there is none; PnpError when
        something else (a file, a FIFO, a dangling symlink) stands there."""
        path = self.resolve_inside(relative)
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            if os.path.lexists(self.root.joinpath(*PurePosixPath(relative).parts)):
                raise PnpError(f"{relative}: a symlink to nothing, not a folder") from None
            return None
        except OSError as exc:
            raise PnpError(f"{relative}: cannot read: {exc.strerror or exc}") from None
        if not stat.S_ISDIR(info.st_mode):
            raise PnpError(f"{relative}: {kind_of(info.st_mode)}, not a folder")
        return path

    def read(self, relative: str, limit: int) -> bytes:
        """The bytes of the regular file `relative`, at most `limit` of them (more is refused)."""
        return read_regular(self.file(relative), relative, limit)

    def entries(self, relative: str, suffix: str, limit: int) -> list[tuple[str, Path | str]]:
        """The names in folder `relative` ending in `suffix` (at most `limit`, by name), each with
        its real path or, for one the gate refuses, the reason."""
        folder = self.folder(relative)
        if folder is None:
            return []
        try:
            names = sorted(entry.name for entry in os.scandir(folder) if entry.name.endswith(suffix)
                           and not entry.name.startswith("."))[:limit]
        except OSError as exc:
            raise PnpError(f"{relative}: cannot list: {exc.strerror or exc}") from None
        found: list[tuple[str, Path | str]] = []
        for name in names:
            try:
                found.append((name, self.file(f"{relative}/{name}")))
            except PnpError as exc:
                found.append((name, str(exc)))
        return found

    def write(self, relative: str, data: bytes, *, new: bool = False) -> Path:
        """Write `data` to `relative` in one step (a reader sees the old file or the new one), making
        its folders. The real path must stay inside; what stands there must be a regular file (a
        folder, a FIFO or a link to nothing is refused); with `new`, anything there is refused
        (FileExistsError), even a file written by a racing writer."""
        target = self.resolve_inside(relative)
        parent_relative = PurePosixPath(relative).parent.as_posix()
        if parent_relative != ".":
            self.make_folder(parent_relative)
        if os.path.lexists(target) or os.path.lexists(self.root.joinpath(*PurePosixPath(relative).parts)):
            if new:
                raise FileExistsError(relative)
            self.file(relative)  # a regular file is replaced; anything else refused
        try:
            fd, temporary = tempfile.mkstemp(prefix=TEMP_MARK, dir=target.parent)
        except OSError as exc:
            raise PnpError(f"{relative}: cannot write: {exc.strerror or exc}") from None
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temporary, 0o644)
            if new:
                os.link(temporary, target)  # a link never replaces a name a racing writer took
            else:
                os.replace(temporary, target)
        except FileExistsError:
            raise
        except OSError as exc:
            raise PnpError(f"{relative}: cannot write: {exc.strerror or exc}") from None
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        return target

    def make_folder(self, relative: str) -> Path:
        """The folder `relative`, made (with its parents) when missing; PnpError when a file, a FIFO
        or a dangling symlink stands where one of them should be."""
        parts = PurePosixPath(relative).parts
        for depth in range(1, len(parts) + 1):
            step = "/".join(parts[:depth])
            if self.folder(step) is None:
                try:
                    self.resolve_inside(step).mkdir()
                except FileExistsError:
                    if self.folder(step) is None:  # raced by something that is no folder
                        raise PnpError(f"{step}: cannot make the folder") from None
                except OSError as exc:
                    raise PnpError(f"{step}: cannot make the folder: {exc.strerror or exc}") from None
        return self.resolve_inside(relative)

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


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"


def read_regular(path: Path, label: str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. A FIFO or a device is refused without
    waiting for a writer (opened non-blocking, checked before a byte is read); a symlink put in
    place of a checked file is refused, not followed."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise PnpError(f"{label}: cannot read: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise PnpError(f"{label}: {kind_of(info.st_mode)}, not a regular file; the studio reads files only")
        if info.st_size > limit:
            raise PnpError(f"{label}: larger than {_size(limit)}, more than the studio reads")
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise PnpError(f"{label}: cannot read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise PnpError(f"{label}: larger than {_size(limit)}, more than the studio reads")
    return data


def safe_name(name: str) -> str:
    """A folder or file name a user typed ("save as"): letters, digits, space, dot, dash, underscore."""
    name = name.strip()
    if not _SAFE_NAME.match(name) or name in (".", ".."):  # bad input (400), not a missing file
        raise PnpError(f"{name!r}: use 1-64 letters, digits, spaces, dots, dashes or underscores")
    return name
