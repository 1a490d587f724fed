"""Inputs read safely: a FIFO or a device is refused rather than waited on, `-` is standard input,
and a line is read up to a limit (a line without an end is refused, not collected)."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from pnp.errors import PnpError
from pnp.files.inputs import note_input
from pnp.files.oserrors import not_found, os_error, wrong_kind

STDIN = "-"  # an input path that means standard input
MAX_LINE_BYTES = 1_000_000  # one line of a JSON-lines log: one game record


def input_name(path: Path | str) -> str:
    return "standard input" if str(path) == STDIN else str(path)


def existing(path: Path, wanted: str, hint: str = "") -> Path:
    """`path` if it names a `wanted` "file" (a regular one, a link followed) or "folder" that is there now;
    else the one line every command gives for the mistake, `hint` saying what to name instead."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        raise PnpError(f"{path}: {not_found(wanted)}") from None
    except OSError as exc:
        raise os_error(path, exc, "cannot read") from None
    if stat.S_ISDIR(mode) if wanted == "folder" else stat.S_ISREG(mode):
        return path
    raise PnpError(f"{path}: {wrong_kind(mode, wanted, hint)}")


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
        raise PnpError(f"{path}: {not_found('file')}") from None
    except OSError as exc:
        raise os_error(path, exc, "cannot read") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise PnpError(f"{path}: {wrong_kind(info.st_mode, 'file', f'{expected} (- reads standard input)')}")
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
