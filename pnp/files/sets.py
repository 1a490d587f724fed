"""A set of folders and files replaced as one (every game's kit and the contact sheet): afterwards
they are all of this run, or all of the run before."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

from pnp.files.atomic import temp_file
from pnp.files.folders import Staged, clean_leftovers, stage_folder
from pnp.files.journal import apply_journal, finish_interrupted, journal_path, write_journal
from pnp.files.oserrors import os_error
from pnp.files.targets import ensure_dir, output_file


def replace_set(parent: Path, folders: list[tuple[Path, list[tuple[Path, bytes]], Callable[[Path], bool]]],
                files: Callable[[dict[Path, Path]], list[tuple[Path, bytes]]]) -> list[Path]:
    """Replace several folders of `parent` and some files in it (a contact sheet of them) as one.

    Every folder is staged whole (see `replace_folder`) and every file written to a temporary file;
    `files` gets each target's staging folder to build its files from. Then a journal naming every
    swap is written, the swaps are made, and the journal is removed. A run stopped before the journal
    leaves the old set; one stopped during the swaps (a few renames) is completed by the next command
    that writes there (`finish_interrupted`), so the set never stays mixed.
    """
    ensure_dir(parent)
    finish_interrupted(parent)
    staged: list[Staged] = []
    pending: list[tuple[Path, Path]] = []  # (temporary file, target)
    try:
        for target, contents, keep in folders:
            staged.append(stage_folder(target, contents, keep))
        for target, data in files({given: item.staging for (given, _, _), item in zip(folders, staged, strict=True)}):
            target = output_file(target)
            clean_leftovers(parent)
            fd, tmp = temp_file(target, tag=f"{os.getpid()}-")
            pending.append((tmp, target))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(tmp, 0o644)
        journal = {"folders": [[str(s.staging), str(s.target), os.stat(s.staging).st_ino] for s in staged],
                   "files": [[str(tmp), str(target)] for tmp, target in pending]}
        write_journal(parent, journal)
    except OSError as exc:
        _discard(staged, pending)
        raise os_error(parent, exc) from None
    except BaseException:
        _discard(staged, pending)
        raise
    try:
        apply_journal(journal)
    except OSError as exc:  # the journal stays: the next run completes the swap
        raise os_error(parent, exc) from None
    journal_path(parent).unlink(missing_ok=True)
    return [path for _, contents, _ in folders for path, _ in contents] + [target for _, target in pending]


def _discard(staged: list[Staged], pending: list[tuple[Path, Path]]) -> None:
    for item in staged:
        shutil.rmtree(item.staging, ignore_errors=True)
    for tmp, _ in pending:
        tmp.unlink(missing_ok=True)
