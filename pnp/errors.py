"""Errors that reach the user as one line and a non-zero exit, never as a traceback."""

from __future__ import annotations

import unicodedata
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
        super().__init__(f"{self.path}: {self.detail}")

    @property
    def detail(self) -> str:
        """The field and the reason; the reason alone where the whole file is meant (field "-")."""
        return self.reason if self.field in ("-", "") else f"{self.field}: {self.reason}"


class LayoutError(PnpError):
    """Something that matters would be drawn outside the printable safe area or off the paper.

    `field` is the spec field whose value the layout cannot hold ("board.cell_mm"), where one is the cause:
    the layout knows the field, not the file; the kit says the error with the spec file, or with the option
    that gave the field its value (pnp.kit.naming_the_source). The message then reads as the field's reason.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


# Characters a message must not carry raw: control characters (a terminal obeys them), format
# characters (a right-to-left override reverses the rest of the line), lone surrogates (which no
# encoder writes) and line or paragraph separators (a message is one line).
UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def printable(text: str, keep: str = "") -> str:
    """`text` safe to print on a terminal or a page: every control, format or bidirectional
    character and every lone surrogate written as a visible escape (\\u202e), except those in `keep`."""
    if text.isprintable():  # the usual case: nothing to escape
        return text
    out = []
    for char in text:
        if char in keep or unicodedata.category(char) not in UNSAFE_CATEGORIES:
            out.append(char)
            continue
        code = ord(char)
        out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)
