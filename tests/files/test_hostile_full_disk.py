"""A full disk: every command that writes refuses in one line and leaves no folder behind, empty or not."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.files import folders

NO_SPACE = os.strerror(errno.ENOSPC)


@pytest.fixture
def disk(tmp_path, monkeypatch) -> Path:
    """A folder on a disk with no space left: a full tmpfs where this test may mount one, otherwise
    a folder where every file pnp creates fails as a full disk fails (folders can still be made)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = os.geteuid() == 0 and shutil.which("mount") and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=65536", "tmpfs", str(folder)], capture_output=True).returncode == 0
    try:
        if mounted:
            _fill(folder / "filler")
        else:
            _simulate_full(folder, monkeypatch)
        yield folder
    finally:
        if mounted:
            subprocess.run(["umount", str(folder)], check=False)


def _fill(path: Path) -> None:
    with open(path, "wb", buffering=0) as filler:
        try:
            while True:
                filler.write(b"\0" * 4096)
        except OSError:
            pass


def _simulate_full(folder: Path, monkeypatch) -> None:
    """Every file pnp creates under `folder` fails with ENOSPC; folders can still be made."""
    (folder / "filler").write_bytes(b"\0")
    real_mkstemp, real_open = tempfile.mkstemp, open

    def mkstemp(*args, dir=None, **kwargs):
        if dir is not None and str(dir).startswith(str(folder)):
            raise OSError(errno.ENOSPC, NO_SPACE, str(dir))
        return real_mkstemp(*args, dir=dir, **kwargs)

    def filling_open(path, mode="r", *args, **kwargs):
        if "w" in mode and str(path).startswith(str(folder)):
            raise OSError(errno.ENOSPC, NO_SPACE, str(path))
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(folders, "open", filling_open, raising=False)  # the staged kit files


@pytest.mark.parametrize("args", [
    ("init", "rautino", "{disk}/specs/new"),
    ("calibrate", "-o", "{disk}/cal/out", "--format", "svg"),
    ("kit", "zatre", "-o", "{disk}/kits/out", "--format", "svg", "-q"),
    ("kit", "-o", "{disk}/all/out", "--format", "svg,pdf", "-q"),  # every game: the kits as one set
    ("sweep", "rautino", "--vary", "game.hand_size=2,3", "--games", "2", "--players", "2", "--workers", "1",
     "--report", "{disk}/sweep/report", "-q"),
    ("check", "rautino", "--games", "2", "--players", "2", "--workers", "1", "--skill-games", "0",
     "--log", "-", "--report", "{disk}/check/report", "-q"),
], ids=["init", "calibrate", "kit", "kit-all", "sweep", "check"])
def test_a_full_disk_leaves_no_folder_behind(disk, args):
    result = CliRunner().invoke(main, [arg.format(disk=disk) for arg in args])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnp: error: "), result.stderr
    assert f"{disk}/" in lines[0] and NO_SPACE in lines[0], lines[0]
    assert sorted(p.name for p in disk.iterdir()) == ["filler"]
