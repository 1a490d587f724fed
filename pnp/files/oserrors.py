"""OSErrors as the one line a user sees, and what kind of thing a path is, in words."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from pnp.errors import PnpError


def os_error(path: Path | str, exc: OSError, doing: str = "cannot write") -> PnpError:
    """An OSError as the one line a user sees: the path, what failed and why."""
    return PnpError(f"{path}: {doing}: {os_reason(exc)}")


def os_reason(exc: OSError) -> str:
    """Why an OSError happened, in words; a loop of links is named as one, not as a missing file."""
    if exc.errno == errno.ELOOP:
        return "a loop of symbolic links (a link that leads back to itself)"
    return exc.strerror or str(exc)


def lstat_or_none(path: Path) -> os.stat_result | None:
    """The path's own status (a link is not followed), None where nothing is there."""
    try:
        return os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:  # ENAMETOOLONG, ELOOP, EACCES...
        raise os_error(path, exc, "cannot use this path") from None


def wrong_kind(mode: int, wanted: str, hint: str = "") -> str:
    """Why a path cannot be used, as every command says it: it names something else than the `wanted`
    "file" (a regular one) or "folder"; `hint` says what to name instead."""
    return f"is {kind_of(mode)}, not a {wanted}" + (f"; {hint}" if hint else "")


def not_found(wanted: str) -> str:
    """Why a path to read cannot be used, as every command says it: nothing is there ("file not found")."""
    return f"{wanted} not found"


def kind_of(mode: int) -> str:
    """What a file of this mode is, as a message names it ("a FIFO")."""
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
