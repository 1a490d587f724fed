"""A run killed while it wrote leaves hidden staging folders and temporary files (`.NAME.pnp-tmp-PID-...`)
in the output folder; the next run that writes there clears them, whatever they were staged for, once
the run that made them is gone. It touches nothing else: not another run's, not a link of that name
(nor what it points to), nothing outside the output folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main
from pnp.files.atomic import TEMP_MARK


def _dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    return int(done.stdout)


def test_the_next_run_clears_what_a_killed_run_left(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    dead = _dead_pid()
    stale = [out / f".zatre{TEMP_MARK}{dead}-newab12", out / f".triomino{TEMP_MARK}{dead}-newcd34"]
    for folder in stale:
        (folder / "preview").mkdir(parents=True)
        (folder / "preview" / "page.png").write_bytes(b"png")
    stale_file = out / f".index.html{TEMP_MARK}{dead}-x1.tmp"
    stale_file.write_text("half", encoding="utf-8")
    live = out / f".zatre{TEMP_MARK}{os.getppid()}-newef56"  # a run still going on (this one's parent)
    live.mkdir()
    outside = tmp_path / "keep"
    outside.mkdir()
    (outside / "precious.txt").write_text("keep", encoding="utf-8")
    link = out / f".rules{TEMP_MARK}{dead}-newgh78"
    link.symlink_to(outside, target_is_directory=True)
    mine = out / "notes.txt"
    mine.write_text("mine", encoding="utf-8")

    done = CliRunner().invoke(main, ["kit", "rautino", "-o", str(out), "--format", "svg", "-q"])
    assert done.exit_code == 0, done.output

    assert not any(path.exists() for path in [*stale, stale_file])
    assert live.is_dir()
    assert link.is_symlink() and (outside / "precious.txt").read_text(encoding="utf-8") == "keep"
    assert mine.read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in out.iterdir()) == sorted([live.name, link.name, "notes.txt", "rautino"])
