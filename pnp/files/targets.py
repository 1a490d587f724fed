"""Output paths checked before anything is written: a target that pnp may not or cannot write is
refused at once, creating nothing, rather than after a long run."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pnp.errors import PnpError
from pnp.files.inputs import is_input, note_created, remove_empty_folders
from pnp.files.oserrors import kind_of, lstat_or_none, os_error, wrong_kind

STDOUT = "-"  # an output path that means standard output


def output_file(path: Path | str) -> Path:
    """The regular file that writing to `path` creates or replaces, checked before anything is
    written. A symlink is followed: the file it names is written, the link stays a link."""
    if str(path) == "":
        raise PnpError("output path is empty: name a file or folder")
    path = Path(path)
    info = lstat_or_none(path)
    if info is not None and stat.S_ISLNK(info.st_mode):
        if _links_to_a_stream(path):
            raise PnpError(f"{path}: is a link to a stream of a process, not a file; use - for standard output")
        try:
            info = os.stat(path)  # what the link names
        except FileNotFoundError:
            info = None  # a dangling link: the file it names is created
        except OSError as exc:
            raise os_error(path, exc, "cannot use this path") from None
        if info is None or stat.S_ISREG(info.st_mode):
            path = Path(os.path.realpath(path))
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            hint = "name the file to write" if stat.S_ISDIR(info.st_mode) else \
                "pnp writes only regular files; use - for standard output"
            raise PnpError(f"{path}: {wrong_kind(info.st_mode, 'file', hint)}")
        if is_input(info):
            raise PnpError(f"{path}: is an input of this command; choose another output file")
    check_can_create(path.parent)
    return path


def _links_to_a_stream(path: Path) -> bool:
    """Whether a chain of links passes through /proc or /dev/fd (as /dev/stdout does): what it names
    is an open stream of some process, which a rename would silently detach."""
    for _ in range(40):
        try:
            link = os.readlink(path)
        except OSError:
            return False
        path = Path(os.path.join(os.path.dirname(path), link))
        if str(path).startswith(("/proc/", "/dev/fd/")):
            return True
    return False


def output_folder(path: Path | str) -> Path:
    """A folder to write into, checked before anything is written (it need not exist yet)."""
    if str(path) == "":
        raise PnpError("output folder is empty: name a folder (. for the current one)")
    return check_can_create(Path(path))


def ensure_dir(path: Path) -> Path:
    """The folder `path`, created with its missing parents (which a failing command removes again)."""
    info = lstat_or_none(path)
    if info is not None and not path.is_dir():
        raise PnpError(f"{path}: {wrong_kind(info.st_mode, 'folder')}")
    missing = []  # the folders this call creates, the deepest first
    ancestor = path
    while lstat_or_none(ancestor) is None and ancestor != ancestor.parent:
        missing.append(ancestor)
        ancestor = ancestor.parent
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        remove_empty_folders(missing)
        raise os_error(path, exc, "cannot create output folder") from None
    note_created(missing)
    if not os.access(path, os.W_OK | os.X_OK):
        raise PnpError(f"{path}: output folder is not writable")
    return path


def check_can_create(folder: Path) -> Path:
    """Fail now, creating nothing, if `folder` could not be made and written: before a long run
    rather than after it, and without leaving an empty folder behind when the run then fails."""
    existing = folder
    while lstat_or_none(existing) is None and existing != existing.parent:
        existing = existing.parent
    try:
        mode = os.stat(existing).st_mode
    except FileNotFoundError:  # a dangling link
        mode = os.lstat(existing).st_mode
    except OSError as exc:
        raise os_error(existing, exc, "cannot use this path") from None
    is_dir = stat.S_ISDIR(mode)
    if existing == folder:
        if not is_dir:
            raise PnpError(f"{folder}: {wrong_kind(mode, 'folder')}")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PnpError(f"{folder}: output folder is not writable")
    elif not is_dir:
        raise PnpError(f"{folder}: cannot create output folder: {existing} is {kind_of(mode)}")
    elif not os.access(existing, os.W_OK | os.X_OK):
        raise PnpError(f"{folder}: cannot create output folder: {existing} is not writable")
    return folder


def refuse_foreign(path: Path, marker: bytes) -> None:
    """An existing file at `path` is replaced only if it holds `marker`: a file of the same kind
    (a check report's index.html, not a kit's contact sheet or a page of the user's own)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
    except (FileNotFoundError, NotADirectoryError):
        return
    except OSError as exc:
        raise os_error(path, exc, "cannot read") from None
    if marker not in head:
        raise PnpError(f"{path}: exists and was not made by this command; choose another folder")
