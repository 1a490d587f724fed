"""Files written whole or not at all: each goes to a temporary file beside its target and is renamed
in; a set of files is renamed in only once all of them are on disk, so a full disk leaves none."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from pnp.errors import PnpError
from pnp.files.oserrors import os_error
from pnp.files.targets import STDOUT, ensure_dir, output_file

TEMP_MARK = ".pnp-tmp-"  # in the name of every temporary file or folder pnp makes


def temp_file(target: Path, tag: str = "") -> tuple[int, Path]:
    """An open temporary file beside `target` (descriptor and path), named as pnp's own."""
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
            fd, tmp = temp_file(target)
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

