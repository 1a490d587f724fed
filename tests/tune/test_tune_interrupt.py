"""Ctrl-C during `pnp tune` ends it as it ends every command: the one line "pnp: aborted" and exit 130,
with no traceback of the tuning library that ran the trial."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("optuna")


def test_ctrl_c_during_a_tuning_is_one_line(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pnp", "tune", "rautino", "--vary", "game.hand_size=2..6",
               "--target", "seat_advantage<=0.001", "--trials", "10000", "--workers", "1", "-q"]
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)  # a group of its own, as a terminal's foreground job
    time.sleep(8)  # well into the trials: Python, Optuna and the first games are loaded
    assert process.poll() is None, process.communicate()
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C sends: the whole group
    out, err = process.communicate(timeout=120)
    # click ends the line the terminal echoed ^C on, then pnp says its one line
    assert (process.returncode, err.lstrip("\n")) == (130, "pnp: aborted\n"), err
    assert out == ""
