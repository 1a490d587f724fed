"""Errors that reach the user as one line and a non-zero exit, never as a traceback."""

from __future__ import annotations

from pathlib import Path


class PnpError(Exception):
    """A problem the user can fix: bad input, a page that does not fit, an unwritable folder."""

    exit_code = 2


class SpecError(PnpError):
    """A spec file that is broken; the message names the file, the field and the reason."""

    def __init__(self, path: Path | str | None, field: str, reason: str) -> None:
        self.path = str(path) if path is not None else "<spec>"
        self.field = field
        self.reason = reason
        super().__init__(f"{self.path}: {field}: {reason}")


class LayoutError(PnpError):
    """Something that matters would be drawn outside the printable safe area or off the paper."""
