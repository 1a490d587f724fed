"""The --log file, written as games come in: one JSON record per line into a temporary file in the
target folder, renamed over the target only when the run ends well, removed on an error or Ctrl-C.
`--log -` streams the records to standard output."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.files.atomic import TEMP_MARK
from pnp.files.targets import STDOUT, ensure_dir, output_file
from pnp.jsontext import json_text

RecordWriter = Callable[[dict[str, Any]], None]


def record_line(record: dict[str, Any]) -> str:
    """One compact JSON document and a newline."""
    return json_text(record, compact=True) + "\n"


@contextmanager
def record_log(path: Path | None) -> Iterator[RecordWriter]:
    """A function that appends a record to `path`; nothing at all when `path` is None."""
    if path is None:
        yield lambda record: None
        return
    if str(path) == STDOUT:
        yield lambda record: sys.stdout.write(record_line(record))
        return
    path = output_file(path)  # a symlink is written through; a device, FIFO or folder is refused
    ensure_dir(path.parent)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:80]}{TEMP_MARK}", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise PnpError(f"{path}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            yield lambda record: handle.write(record_line(record))
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise PnpError(f"{path}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
