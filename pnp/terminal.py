"""The terminal's width, as the command line's help texts and the progress bar fit it."""

from __future__ import annotations

import os
import sys
from typing import TextIO


def terminal_columns(stream: TextIO | None = None) -> int:
    """The width of the terminal `stream` writes to (standard output when None), as
    shutil.get_terminal_size finds it (COLUMNS, else the terminal, else 80), without importing shutil,
    which loads the compression modules on its way."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size((stream or sys.__stdout__).fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80
