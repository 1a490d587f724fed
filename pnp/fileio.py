"""Every file pnp writes goes through here: checked targets, atomic files, all-or-nothing folders.

- A target is checked before anything is written (`output_file`): a device, FIFO or socket is
  refused, a symlink is written through to the file it names (the link itself stays), a folder or
  an input of this run (the spec, the records) is refused. `-` means standard output.
- A file is written to a temporary file beside it, then renamed: never half-written.
- A set of files (`write_files`) is written to temporary files first and renamed only when all of
  them are on disk, so a full disk leaves none of them behind.
- A kit folder (`replace_folder`) is built beside the old one and swapped in with one atomic
  rename: after a crash, a kill or a full disk the folder holds the old kit or the new one, whole.
  Leftovers of an interrupted run are removed by the next one.
- Every OSError becomes a PnpError naming the path: one line for the user, never a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from pnp.errors import PnpError
from pnp.jsontext import json_text

STDOUT = "-"  # an output path that means standard output
STDIN = "-"  # an input path that means standard input
MAX_LINE_BYTES = 1_000_000  # one line of a JSON-lines log: one game record
TEMP_MARK = ".pnp-tmp-"  # in the name of every temporary file or folder pnp makes
# Tests set it to a number of seconds to sleep after each file of a kit folder (to kill a run there).

# (device, inode) of every file the running command has read; None outside a command (library use).
# Context variables, not globals: a server thread (the studio in a test's process, say) is never
# inside a command that another thread of the process runs.
_inputs: ContextVar[set[tuple[int, int]] | None] = ContextVar("pnp_command_inputs", default=None)
# Folders the running command has created (to remove them if it fails); None outside a command
_created: ContextVar[list[Path] | None] = ContextVar("pnp_command_folders", default=None)


def os_error(path: Path | str, exc: OSError, doing: str = "cannot write") -> PnpError:
    """An OSError as the one line a user sees: the path, what failed and why."""
    return PnpError(f"{path}: {doing}: {os_reason(exc)}")


def os_reason(exc: OSError) -> str:
    """Why an OSError happened, in words; a loop of links is named as one, not as a missing file."""
    if exc.errno == errno.ELOOP:
        return "a loop of symbolic links (a link that leads back to itself)"
    return exc.strerror or str(exc)


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:  # ENAMETOOLONG, ELOOP, EACCES...
        raise os_error(path, exc, "cannot use this path") from None


def note_input(path: Path) -> None:
    """Remember a file this command reads, so that no output of the command can replace it."""
    inputs = _inputs.get()
    if inputs is None:
        return
    with contextlib.suppress(OSError):
        info = os.stat(path)
        inputs.add((info.st_dev, info.st_ino))


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


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a link to nothing"
    return "a file" if stat.S_ISREG(mode) else "not a regular file"


def output_file(path: Path | str) -> Path:
    """The regular file that writing to `path` creates or replaces, checked before anything is
    written. A symlink is followed: the file it names is written, the link stays a link."""
    if str(path) == "":
        raise PnpError("output path is empty: name a file or folder")
    path = Path(path)
    info = _lstat(path)
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
            hint = "" if stat.S_ISDIR(info.st_mode) else "; use - for standard output"
            raise PnpError(f"{path}: is {_kind(info.st_mode)}, not a file: pnp writes only regular files{hint}")
        inputs = _inputs.get()
        if inputs and (info.st_dev, info.st_ino) in inputs:
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
    if _lstat(path) is not None and not path.is_dir():
        raise PnpError(f"{path}: output path is a file, not a folder")
    missing = []  # the folders this call creates, the deepest first
    ancestor = path
    while _lstat(ancestor) is None and ancestor != ancestor.parent:
        missing.append(ancestor)
        ancestor = ancestor.parent
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        remove_empty_folders(missing)
        raise os_error(path, exc, "cannot create output folder") from None
    created = _created.get()
    if created is not None:
        created.extend(missing)
    if not os.access(path, os.W_OK | os.X_OK):
        raise PnpError(f"{path}: output folder is not writable")
    return path


def check_can_create(folder: Path) -> Path:
    """Fail now, creating nothing, if `folder` could not be made and written: before a long run
    rather than after it, and without leaving an empty folder behind when the run then fails."""
    existing = folder
    while _lstat(existing) is None and existing != existing.parent:
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
            raise PnpError(f"{folder}: output path is {_kind(mode)}, not a folder")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PnpError(f"{folder}: output folder is not writable")
    elif not is_dir:
        raise PnpError(f"{folder}: cannot create output folder: {existing} is {_kind(mode)}")
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


def _temp_file(target: Path, tag: str = "") -> tuple[int, Path]:
    try:  # os.access cannot tell everything: root passes it on /proc, a full disk fails only here
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:80]}{TEMP_MARK}{tag}", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise os_error(target, exc) from None
    return fd, Path(tmp)


def write_files(outputs: Iterable[tuple[Path | str, bytes]]) -> list[Path]:
    """Write every file or none: all go to temporary files first and are renamed in at the end.

    Every target is checked before the first byte is written. `-` writes to standard output
    (after the files). Returns the paths as given.
    """
    outputs = list(outputs)
    targets: list[Path | None] = []  # None: standard output
    for path, _ in outputs:
        target = None if str(path) == STDOUT else output_file(path)
        if target is not None and target in targets:
            raise PnpError(f"{path}: named for two outputs of this command; choose another name")
        targets.append(target)
    pending: list[tuple[Path, Path]] = []  # (temporary file, target)
    try:
        for target, (_, data) in zip(targets, outputs, strict=True):
            if target is None:
                continue
            ensure_dir(target.parent)
            fd, tmp = _temp_file(target)
            pending.append((tmp, target))
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                os.chmod(tmp, 0o644)
            except OSError as exc:
                raise os_error(target, exc) from None
        for tmp, target in pending:
            try:
                os.replace(tmp, target)
            except OSError as exc:
                raise os_error(target, exc) from None
    except BaseException:
        for tmp, _ in pending:
            tmp.unlink(missing_ok=True)
        raise
    for target, (_, data) in zip(targets, outputs, strict=True):
        if target is None:
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
    return [Path(path) for path, _ in outputs]


def atomic_write_bytes(path: Path, data: bytes) -> Path:
    return write_files([(path, data)])[0]


def atomic_write_text(path: Path, text: str) -> Path:
    return atomic_write_bytes(path, text.encode("utf-8"))


@contextlib.contextmanager
def atomic_output(path: Path | str) -> Iterator[BinaryIO]:
    """A binary stream for output written piece by piece (a log of many games): a temporary file
    renamed in when the block ends without an error, or standard output for `-`."""
    if str(path) == STDOUT:
        sys.stdout.flush()
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    target = output_file(path)
    ensure_dir(target.parent)
    fd, tmp = _temp_file(target)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise os_error(target, exc) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


# ---- all-or-nothing folders -------------------------------------------------------------------


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one atomic step (Linux renameat2); False where the system cannot."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes  # only here: most commands never swap a folder

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EPERM):  # a file system without the call
        return False
    raise OSError(code, os.strerror(code), str(b))


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


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
        if not pid.isdigit() or int(pid) == os.getpid() or _pid_alive(int(pid)):
            continue  # this run's own, or another run's that is writing there now
        info = _lstat(entry)
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
    staged = _stage_folder(target, files, keep)
    try:
        _swap_in(staged.staging, staged.target, exists=staged.exists)
    except OSError as exc:
        shutil.rmtree(staged.staging, ignore_errors=True)
        raise os_error(staged.target, exc) from None
    except BaseException:
        shutil.rmtree(staged.staging, ignore_errors=True)
        raise
    return [path for path, _ in files]


@dataclass(frozen=True)
class _Staged:
    staging: Path  # the new folder, complete, beside the target
    target: Path
    exists: bool  # whether there is an old folder to replace


def _stage_folder(target: Path, files: list[tuple[Path, bytes]], keep: Callable[[Path], bool]) -> _Staged:
    """The new content of `target` written completely into a staging folder beside it."""
    relative = [(path.relative_to(target), data) for path, data in files]
    info = _lstat(target)
    if info is not None and stat.S_ISLNK(info.st_mode) and target.is_dir():
        target = Path(os.path.realpath(target))  # a linked kit folder: the folder it names is replaced
        info = _lstat(target)
    parent = target.parent
    ensure_dir(parent)
    clean_leftovers(parent)
    if info is not None and not stat.S_ISDIR(info.st_mode):
        raise PnpError(f"{target}: is {_kind(info.st_mode)}, not a folder")
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
    return _Staged(staging, target, info is not None)


# ---- a set of folders and files replaced as one -------------------------------------------------

SET_NAME = ".pnp-set"  # the journal of a set being swapped in: `.pnp-set.pnp-tmp-<pid>-commit.json`
_COMMIT = "-commit.json"


def replace_set(parent: Path, folders: list[tuple[Path, list[tuple[Path, bytes]], Callable[[Path], bool]]],
                files: Callable[[dict[Path, Path]], list[tuple[Path, bytes]]]) -> list[Path]:
    """Replace several folders of `parent` and some files in it (a contact sheet of them) as one:
    afterwards they are all of this run, or all of the run before.

    Every folder is staged whole (see `replace_folder`) and every file written to a temporary file;
    `files` gets each target's staging folder to build its files from. Then a journal naming every
    swap is written, the swaps are made, and the journal is removed. A run stopped before the journal
    leaves the old set; one stopped during the swaps (a few renames) is completed by the next command
    that writes there (`finish_interrupted`), so the set never stays mixed.
    """
    ensure_dir(parent)
    finish_interrupted(parent)
    staged: list[_Staged] = []
    pending: list[tuple[Path, Path]] = []  # (temporary file, target)
    try:
        for target, contents, keep in folders:
            staged.append(_stage_folder(target, contents, keep))
        for target, data in files({given: item.staging for (given, _, _), item in zip(folders, staged, strict=True)}):
            target = output_file(target)
            clean_leftovers(parent)
            fd, tmp = _temp_file(target, tag=f"{os.getpid()}-")
            pending.append((tmp, target))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(tmp, 0o644)
        journal = {"folders": [[str(s.staging), str(s.target), os.stat(s.staging).st_ino] for s in staged],
                   "files": [[str(tmp), str(target)] for tmp, target in pending]}
        _write_journal(parent, journal)
    except OSError as exc:
        _discard(staged, pending)
        raise os_error(parent, exc) from None
    except BaseException:
        _discard(staged, pending)
        raise
    try:
        _apply(journal)
    except OSError as exc:  # the journal stays: the next run completes the swap
        raise os_error(parent, exc) from None
    _journal_path(parent).unlink(missing_ok=True)
    return [path for _, contents, _ in folders for path, _ in contents] + [target for _, target in pending]


def _discard(staged: list[_Staged], pending: list[tuple[Path, Path]]) -> None:
    for item in staged:
        shutil.rmtree(item.staging, ignore_errors=True)
    for tmp, _ in pending:
        tmp.unlink(missing_ok=True)


def _journal_path(parent: Path, pid: int | None = None) -> Path:
    return parent / f"{SET_NAME}{TEMP_MARK}{pid or os.getpid()}{_COMMIT}"


def _write_journal(parent: Path, journal: dict[str, Any]) -> None:
    """The journal appears whole, in one rename: its presence is the commit of the set."""
    fd, tmp = tempfile.mkstemp(prefix=f"{SET_NAME}{TEMP_MARK}{os.getpid()}-journal", suffix=".tmp", dir=parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(journal, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, _journal_path(parent))
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _apply(journal: dict[str, Any]) -> None:
    """Make every swap of the journal not yet made (a folder whose inode is the staged one is in)."""
    for staging_name, target_name, inode in journal["folders"]:
        staging, target = Path(staging_name), Path(target_name)
        try:
            current: int | None = os.stat(target).st_ino
        except FileNotFoundError:
            current = None
        if current == inode or not staging.exists():
            continue
        _swap_in(staging, target, exists=current is not None, keep_old=True)
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
        if pid.isdigit() and int(pid) != os.getpid() and _pid_alive(int(pid)):
            continue
        if "-" + rest == _COMMIT:  # one that cannot be followed: its leftovers are cleaned like any others
            with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
                _apply(json.loads(entry.read_text(encoding="utf-8")))
        entry.unlink(missing_ok=True)


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


def _swap_in(staging: Path, target: Path, exists: bool, keep_old: bool = False) -> None:
    """Put the staged folder in place of `target`; the old folder is removed, or with `keep_old`
    left at the staging path (a set removes its old folders once every swap is made)."""
    if not exists:
        os.rename(staging, target)
        return
    if _exchange(staging, target):
        if not keep_old:
            shutil.rmtree(staging, ignore_errors=True)  # now the old folder
        return
    # No atomic swap: two renames. A kill between them leaves the old folder under a name that
    # `clean_leftovers` puts back on the next run.
    old = staging.with_name(staging.name.replace("-new", "-old", 1))
    os.rename(target, old)
    os.rename(staging, target)
    shutil.rmtree(old, ignore_errors=True)


# ---- JSON lines -------------------------------------------------------------------------------


def jsonl_bytes(records: Iterable[dict[str, Any]]) -> bytes:
    """One compact JSON document per line, keys in a stable order."""
    lines = (json_text(r, compact=True) for r in records)
    return "".join(line + "\n" for line in lines).encode("utf-8")


def write_jsonl(path: Path, records: Iterable[dict[str, Any]]) -> Path:
    return atomic_write_bytes(path, jsonl_bytes(records))


def input_name(path: Path | str) -> str:
    return "standard input" if str(path) == STDIN else str(path)


def open_input(path: Path | str, expected: str) -> BinaryIO:
    """A file to read, opened without blocking on what is not a file: a FIFO or a device (which
    would hang or never end) is refused, naming the `expected` kind of file. `-` is standard input."""
    if str(path) == STDIN:
        try:
            return os.fdopen(os.dup(sys.stdin.fileno()), "rb")
        except (AttributeError, OSError, ValueError):  # a stream without a descriptor (embedded, tests)
            return sys.stdin.buffer
    try:  # O_NONBLOCK: opening a FIFO nobody writes to returns at once instead of waiting
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except (FileNotFoundError, NotADirectoryError):
        raise PnpError(f"{path}: does not exist") from None
    except OSError as exc:
        raise os_error(path, exc, "cannot read") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise PnpError(f"{path}: is {_kind(info.st_mode)}, not a regular file; {expected} "
                       "(- reads standard input)")
    os.set_blocking(fd, True)
    note_input(Path(path))
    return os.fdopen(fd, "rb")


def read_lines(path: Path | str, expected: str) -> Iterator[tuple[int, str]]:
    """The lines of a text file or standard input with their numbers (from 1), each at most
    MAX_LINE_BYTES long: a line without an end (/dev/zero through a pipe) is refused, not
    collected. A UTF-8 byte-order mark at the start is dropped, as editors on Windows write one."""
    name = input_name(path)
    handle = open_input(path, expected)
    with contextlib.nullcontext() if handle is sys.stdin.buffer else handle:
        number = 0
        while True:
            try:
                raw = handle.readline(MAX_LINE_BYTES + 1)
            except OSError as exc:
                raise os_error(name, exc, "cannot read") from None
            if not raw:
                return
            number += 1
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                raise PnpError(f"{name}:{number}: line longer than the limit of {MAX_LINE_BYTES:,} bytes "
                               "(one game record)")
            if number == 1:
                raw = raw.removeprefix(b"\xef\xbb\xbf")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise PnpError(f"{name}:{number}: cannot read: not UTF-8 text ({exc.reason} at byte {exc.start} "
                               "of the line)") from None
            yield number, line


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """The records of a JSON-lines file; a file without any is an error, not a run of nothing."""
    records = []
    for number, line in read_lines(path, "game records are a JSON-lines file"):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as exc:  # a number of more digits than Python converts is a ValueError too
            reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
            raise PnpError(f"{input_name(path)}:{number}: not a JSON record: {reason}") from None
        if not isinstance(record, dict):
            raise PnpError(f"{input_name(path)}:{number}: a record must be a JSON object")
        records.append(record)
    if not records:
        raise PnpError(f"{input_name(path)}: no game records")
    return records
