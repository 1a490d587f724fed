"""`pnp kit` of every game replaces the kits and their contact sheet as one set: killed at any moment,
the output folder holds every kit and index.html of one run, never Rautino in English beside Zatre
in German."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from slowhelp import slowed_pnp

from pnp.files import sets as set_files
from pnp.files.atomic import TEMP_MARK
from pnp.files.folders import clean_leftovers
from pnp.files.journal import SET_NAME, finish_interrupted
from pnp.files.oserrors import os_error

KIT = ("kit", "-q")  # every game
# The old set in German without previews, the new one in English with them: every kit and the
# contact sheet (whose thumbnails are the previews when there are any) differ between the two.
OLD = (*KIT, "--lang", "de", "--format", "svg,pdf")
NEW = (*KIT, "--lang", "en", "--format", "svg,pdf,png")
GAMES = ("rautino", "triomino", "zatre")


def kit_files(out: Path) -> dict[str, bytes]:
    """Every file of the set under `out` (kits and index.html), temporary files of a run left out."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and not any(TEMP_MARK in part or part.startswith(SET_NAME)
                                       for part in p.relative_to(out).parts)}


def leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.rglob("*") if TEMP_MARK in p.name)


@pytest.fixture(scope="module")
def sets(tmp_path_factory, run_pnp) -> dict[str, dict[str, bytes]]:
    """Every kit in German (the set already there in every test) and in English (the new one)."""
    base = tmp_path_factory.mktemp("sets")
    found = {}
    for lang, args in (("de", OLD), ("en", NEW)):
        result = run_pnp(*args, "-o", str(base / lang))
        assert result.exit_code == 0, result.output
        found[lang] = kit_files(base / lang)
    assert {name.split("/")[0] for name in found["de"]} == {*GAMES, "index.html"}
    assert found["de"]["index.html"] != found["en"]["index.html"]
    for game in GAMES:  # each kit differs between the languages, so a mix would show
        assert found["de"][f"{game}/{game}-kit.pdf"] != found["en"][f"{game}/{game}-kit.pdf"]
    return found


def which_set(out: Path, sets: dict[str, dict[str, bytes]]) -> str:
    now = kit_files(out)
    for lang, files in sets.items():
        if now == files:
            return lang
    mixed = {game: [lang for lang, files in sets.items() if now.get(f"{game}/{game}-kit.pdf")
                    == files[f"{game}/{game}-kit.pdf"]] for game in GAMES}
    raise AssertionError(f"the kits are of different runs: {mixed}")


def lay_out(out: Path, files: dict[str, bytes]) -> None:
    shutil.rmtree(out, ignore_errors=True)
    for name, data in files.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)


def staging(out: Path) -> list[Path]:
    return [p for p in out.iterdir() if TEMP_MARK in p.name and p.is_dir()]


def journal(out: Path) -> bool:
    return any(p.name.startswith(SET_NAME) and p.name.endswith("-commit.json") for p in out.iterdir())


def staged_files(folders: list[Path]) -> int:
    count = 0
    for folder in folders:
        with contextlib.suppress(FileNotFoundError):  # swapped in while counted
            count += sum(1 for p in folder.rglob("*") if p.is_file())
    return count


MOMENTS = {  # when to kill the run: a test of what the output folder shows
    "drawing": lambda out: time.sleep(1.0) or True,
    "first kit staged": lambda out: staged_files(staging(out)) >= 2,
    "third kit staged": lambda out: len(staging(out)) == 3,
    "swapping": journal,
}


@pytest.mark.slow
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_a_killed_kit_of_every_game_leaves_one_runs_set(tmp_path, sets, moment):
    out = tmp_path / "out"
    lay_out(out, sets["de"])
    process = subprocess.Popen(slowed_pnp(0.05, *NEW, "-o", str(out)),  # slow staging and swaps, to kill between
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    reached = False
    try:
        deadline = time.monotonic() + 180
        while process.poll() is None and time.monotonic() < deadline:
            if MOMENTS[moment](out):
                reached = True
                break
            time.sleep(0.005)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    assert reached, f"the run ended before {moment}"
    if journal(out):  # stopped among its renames: the next command that writes here completes them
        assert moment == "swapping"
        finish_interrupted(out)
        assert which_set(out, sets) == "en"
    else:
        assert which_set(out, sets) == ("en" if moment == "swapping" else "de")
    clean_leftovers(out)  # what the next run does first
    assert leftovers(out) == []
    assert which_set(out, sets) in ("de", "en")


def test_a_failed_set_leaves_the_old_set_whole(tmp_path, sets, monkeypatch, run_pnp):
    """The disk fills up while the third kit is staged: every kit and the contact sheet stay German."""
    out = tmp_path / "out"
    lay_out(out, sets["de"])
    real = set_files.stage_folder
    calls = {"n": 0}

    def third_fails(target, files, keep):
        calls["n"] += 1
        if calls["n"] == 3:
            raise os_error(target, OSError(28, os.strerror(28)))
        return real(target, files, keep)

    monkeypatch.setattr(set_files, "stage_folder", third_fails)
    result = run_pnp(*NEW, "-o", str(out))
    assert result.exit_code == 2 and "No space left on device" in result.output, result.output
    assert which_set(out, sets) == "de"
    assert leftovers(out) == [] and not journal(out)
