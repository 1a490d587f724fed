"""A staged folder put in place of its target: one atomic exchange where the system has one, two
renames where it has not (the next run puts an old folder back if a kill fell between them)."""

from __future__ import annotations

import errno
import os
import shutil
import sys
from pathlib import Path


def exchange(a: Path, b: Path) -> bool:
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


def swap_in(staging: Path, target: Path, exists: bool, keep_old: bool = False) -> None:
    """Put the staged folder in place of `target`; the old folder is removed, or with `keep_old`
    left at the staging path (a set removes its old folders once every swap is made)."""
    if not exists:
        os.rename(staging, target)
        return
    if exchange(staging, target):
        if not keep_old:
            shutil.rmtree(staging, ignore_errors=True)  # now the old folder
        return
    # No atomic swap: two renames. A kill between them leaves the old folder under a name that
    # `clean_leftovers` puts back on the next run.
    old = staging.with_name(staging.name.replace("-new", "-old", 1))
    os.rename(target, old)
    os.rename(staging, target)
    shutil.rmtree(old, ignore_errors=True)


def pid_alive(pid: int) -> bool:
    """Whether a process of this id runs (the run that left a staging folder may still be writing)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True
