"""Ctrl-C and SIGTERM end every command as docs/usage.md says: one line (`pnp: aborted`, exit 130;
`pnp: terminated`, exit 143), whatever the process was doing when the signal came, and the output
folder holds the old result or the new one.

The signal is sent at a moment the test chooses: the child patches cairo's PNG writer so that its
first write sends the signal to the process itself, from inside cairo's write callback, where the
exception the handler raises is swallowed by cffi and cairo fails with a write error instead."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PnpRun
from hostile_helpers import snapshot

from pnp.files.atomic import TEMP_MARK

INSIDE_CAIRO = """
import os, signal, sys
import cairocffi

signum = int(sys.argv.pop(1))
plain_write_to_png = cairocffi.ImageSurface.write_to_png


class Stopping:
    \"\"\"A PNG target whose first write receives the signal: inside cairo's write callback.\"\"\"

    def __init__(self, target):
        self.target, self.sent = target, False

    def write(self, data):
        if not self.sent:
            self.sent = True
            os.kill(os.getpid(), signum)  # the handler runs before the next line, inside the callback
        return self.target.write(data)


def write_to_png(self, target=None):
    return plain_write_to_png(self, Stopping(target))


cairocffi.ImageSurface.write_to_png = write_to_png
from pnp.cli import main

main(sys.argv[1:])
"""

AFTER_THE_END = """
import atexit, os, signal, sys

signum = int(sys.argv.pop(1))
atexit.register(os.kill, os.getpid(), signum)  # after the command's outcome is said, as the process ends
sys.argv[0] = "pnp"
from pnp.cli import main

main()
"""

STOPS = {signal.SIGINT: ("pnp: aborted", 130), signal.SIGTERM: ("pnp: terminated", 143)}


def run_child(script: str, signum: int, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", script, str(int(signum)), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def assert_stopped(done: subprocess.CompletedProcess[str], signum: int) -> None:
    line, code = STOPS[signum]
    assert (done.returncode, done.stderr.strip()) == (code, line), done.stderr


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
@pytest.mark.parametrize("command", [("kit", "rautino", "--lang", "de"), ("tiles", "rautino")],
                         ids=["kit", "tiles"])
def test_a_stop_inside_cairos_write_callback_is_the_stop(tmp_path: Path, run_pnp: PnpRun, command: tuple[str, ...],
                                                         signum: int) -> None:
    out = tmp_path / "out"
    made = run_pnp(*command, "--format", "svg,png", "-q", "-o", str(out))
    assert made.exit_code == 0, made.output
    before = snapshot(out)
    done = run_child(INSIDE_CAIRO, signum, *command, "--format", "svg,png", "-o", str(out), "--lang", "en",
                     cwd=tmp_path)
    assert_stopped(done, signum)
    assert done.stdout == ""
    assert snapshot(out) == before  # the old result, whole
    assert [p for p in tmp_path.rglob("*") if TEMP_MARK in p.name] == []


def test_a_stop_inside_cairo_without_an_output_folder(tmp_path: Path) -> None:
    """`pnp kit rautino` writes into ./output: a stop there leaves no folder behind."""
    done = run_child(INSIDE_CAIRO, signal.SIGINT, "kit", "rautino", "--format", "png", cwd=tmp_path)
    assert_stopped(done, signal.SIGINT)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_stop_after_the_outcome_was_said_changes_nothing(tmp_path: Path, signum: int) -> None:
    """A signal that comes while the process ends, its outcome said, neither kills it nor adds a line."""
    done = run_child(AFTER_THE_END, signum, "calibrate", "--format", "svg", "-o", str(tmp_path / "out"),
                     cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.startswith("wrote ")
    failed = run_child(AFTER_THE_END, signum, "calibrate", "--format", "gif", cwd=tmp_path)
    assert failed.returncode == 2 and len(failed.stderr.strip().splitlines()) == 1, failed.stderr
