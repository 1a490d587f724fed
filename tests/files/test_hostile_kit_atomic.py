"""All-or-nothing kits: after a kill or a full disk the folder holds the old kit or the new one, whole."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import PnpRun
from hostile_helpers import one_line_error, snapshot
from slowhelp import slowed_pnp

from pnp.files import atomic, folders, swap
from pnp.files.atomic import TEMP_MARK

GAME = "zatre"
KIT = ("kit", GAME, "--format", "svg", "-q")  # SVG only: the fastest whole kit to write


def build(run_pnp: PnpRun, out: Path, lang: str) -> dict[str, bytes]:
    result = run_pnp(*KIT, "--lang", lang, "-o", str(out))
    assert result.exit_code == 0, result.output
    return snapshot(out / GAME)


@pytest.fixture(scope="module")
def kits(tmp_path_factory, run_pnp) -> dict[str, dict[str, bytes]]:
    """The German kit (the old one in every test) and the English one (the new one)."""
    base = tmp_path_factory.mktemp("kits")
    return {lang: build(run_pnp, base / lang, lang) for lang in ("de", "en")}


def temp_leftovers(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if TEMP_MARK in p.name or p.name.endswith(".tmp")]


def assert_one_whole_kit(out: Path, kits: dict[str, dict[str, bytes]]) -> str:
    """The folder holds exactly one of the kits, every file of it and nothing else; returns which."""
    now = snapshot(out / GAME)
    matches = [lang for lang, files in kits.items() if now == files]
    assert matches, sorted(set(now) ^ set(kits["de"]))[:5]
    return matches[0]


def start_kit(out: Path, delay: float) -> subprocess.Popen:
    return subprocess.Popen(slowed_pnp(delay, *KIT, "--lang", "en", "-o", str(out)),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def staged_files(out: Path) -> int:
    """Files the running kit has written into its staging folder so far (-1: no staging folder yet)."""
    while True:
        staging = [p for p in out.iterdir() if p.name.startswith(f".{GAME}{TEMP_MARK}")]
        try:
            return sum(1 for p in staging[0].rglob("*") if p.is_file()) if staging else -1
        except FileNotFoundError:  # the run swapped its staging folder in while we counted: look again
            continue


@pytest.mark.parametrize("moment", ["before writing", "first file", "half way", "last file", "after the swap"])
def test_a_killed_kit_leaves_the_old_kit_or_the_new_one(tmp_path, kits, moment, run_pnp):
    out = tmp_path / "out"
    for name, data in kits["de"].items():
        (out / GAME / name).parent.mkdir(parents=True, exist_ok=True)
        (out / GAME / name).write_bytes(data)
    (out / GAME / "zatre-board.pdf").write_bytes(b"%PDF- a component drawn on its own")  # not part of the kit
    kits = {lang: {**files, "zatre-board.pdf": b"%PDF- a component drawn on its own"} for lang, files in kits.items()}
    total = len(kits["en"]) - 1
    target = {"before writing": None, "first file": 1, "half way": total // 2, "last file": total}.get(moment)
    process = start_kit(out, delay=0.15)
    deadline = time.monotonic() + 120
    reached = False  # the kill came at the moment asked for, not after the run had ended
    try:
        while process.poll() is None and time.monotonic() < deadline:
            staged = staged_files(out)
            if moment == "before writing" and staged < 0:
                time.sleep(0.3)  # the process is starting up or drawing
                reached = staged_files(out) < 0
                break
            if target is not None and staged >= target:
                reached = True
                break
            if moment == "after the swap" and snapshot(out / GAME).get("zatre-01-guide.svg") == \
                    kits["en"]["zatre-01-guide.svg"]:
                reached = True
                break
            time.sleep(0.005)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    assert reached or moment in ("before writing", "after the swap"), f"the run ended before {moment}"
    assert_one_whole_kit(out, kits)
    assert run_pnp(*KIT, "--lang", "en", "-o", str(out)).exit_code == 0  # the next run cleans up
    assert assert_one_whole_kit(out, kits) == "en"
    assert temp_leftovers(out) == []


def test_a_kit_killed_at_random_moments_never_mixes(tmp_path, kits, run_pnp):
    out = tmp_path / "out"
    for name, data in kits["de"].items():
        (out / GAME / name).parent.mkdir(parents=True, exist_ok=True)
        (out / GAME / name).write_bytes(data)
    for pause in (0.4, 1.1, 1.9, 2.6):
        process = start_kit(out, delay=0.05)
        time.sleep(pause)
        process.send_signal(signal.SIGKILL)
        process.wait()
        assert_one_whole_kit(out, kits)
    assert run_pnp(*KIT, "--lang", "en", "-o", str(out)).exit_code == 0
    assert assert_one_whole_kit(out, kits) == "en"
    assert temp_leftovers(out) == []


def _mount_tmpfs(folder: Path, size: int) -> bool:
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True)
    return done.returncode == 0


def test_a_full_disk_keeps_the_old_kit(tmp_path, kits, monkeypatch, run_pnp):
    size = sum(len(data) for data in kits["de"].values())
    disk = tmp_path / "disk"
    mounted = _mount_tmpfs(disk, int(size * 1.5))  # room for the old kit, not for a second one beside it
    try:
        if not mounted:  # no tmpfs here: the disk fills up after the third file of the new kit
            disk.mkdir(exist_ok=True)
            writes = {"n": 0}
            real_open = open

            def filling_open(path, mode="r", *args, **kwargs):
                if "w" in mode and TEMP_MARK in str(path):
                    writes["n"] += 1
                    if writes["n"] > 3:
                        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
                return real_open(path, mode, *args, **kwargs)

            monkeypatch.setattr(folders, "open", filling_open, raising=False)
        out = disk / "out"
        for name, data in kits["de"].items():
            (out / GAME / name).parent.mkdir(parents=True, exist_ok=True)
            (out / GAME / name).write_bytes(data)
        result = run_pnp(*KIT, "--lang", "en", "-o", str(out))
        one_line_error(result, f"{out / GAME}: cannot write: No space left on device")
        assert assert_one_whole_kit(out, kits) == "de"
        assert temp_leftovers(out) == []
    finally:
        if mounted:
            subprocess.run(["umount", str(disk)], check=False)


def test_a_failed_component_write_leaves_no_file(tmp_path, monkeypatch, run_pnp):
    """Outside a kit folder, a set of files is all-or-nothing too: every file or none."""
    real_replace = os.replace
    calls = {"n": 0}

    def failing_replace(src, dst):
        calls["n"] += 1
        if calls["n"] == 1:  # the write phase renames only once every file is on disk
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(dst))
        return real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", failing_replace)
    result = run_pnp("calibrate", "-o", str(tmp_path / "out"), "--format", "svg,pdf")
    one_line_error(result, "cannot write: Input/output error")
    assert [p for p in (tmp_path / "out").rglob("*") if p.is_file()] == []


def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_a_run_stopped_between_two_renames_gets_the_old_kit_back(tmp_path, kits):
    """Where the system has no atomic swap, the old folder is renamed aside first: the next run
    puts it back before anything else, so the folder is never lost."""
    aside = tmp_path / f".{GAME}{TEMP_MARK}{_dead_pid()}-oldx1y2"
    for name, data in kits["de"].items():
        (aside / name).parent.mkdir(parents=True, exist_ok=True)
        (aside / name).write_bytes(data)
    half_built = tmp_path / f".{GAME}{TEMP_MARK}{_dead_pid()}-newz3"
    half_built.mkdir()
    (half_built / "zatre-kit.pdf").write_bytes(b"%PDF-1.4 half")
    folders.clean_leftovers(tmp_path)
    assert snapshot(tmp_path / GAME) == kits["de"]
    assert temp_leftovers(tmp_path) == []


def test_without_an_atomic_swap_the_kit_is_still_replaced_whole(tmp_path, kits, monkeypatch, run_pnp):
    monkeypatch.setattr(swap, "exchange", lambda a, b: False)
    out = tmp_path / "out"
    build(run_pnp, out, "de")
    assert build(run_pnp, out, "en") == kits["en"]
    assert temp_leftovers(out) == []
