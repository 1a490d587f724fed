"""The progress bar of a long command: one bar for the whole run, in games (or the command's own unit,
named), up to the budget where the end is not known in advance and finished when the run decides early;
drawn on a terminal only, never with --quiet; JSON lines for programs (PNP_PROGRESS=json)."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.progress import PROGRESS_ENV, progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PROGRESS_ENV, raising=False)
    monkeypatch.setenv("COLUMNS", "100")


@contextmanager
def on_stderr(stream: io.StringIO) -> Iterator[io.StringIO]:
    """Standard error replaced in the test's own body (pytest's capture sets it afresh for each phase)."""
    saved = sys.stderr
    sys.stderr = stream
    try:
        yield stream
    finally:
        sys.stderr = saved


def _last_line(screen: Terminal) -> str:
    return screen.getvalue().split("\r")[-1].rstrip()


def test_one_bar_counts_the_whole_run_in_its_unit() -> None:
    with on_stderr(Terminal()) as terminal, progress(3500, "rautino check", True) as bar:
        for _ in range(35):
            bar(100)
    shown = terminal.getvalue()
    assert shown.endswith("\n") and shown.count("\n") == 1  # one bar, ended once
    assert _last_line(terminal).startswith("rautino check  [") and "3,500/3,500 games" in _last_line(terminal)


def test_a_budget_is_up_to_and_the_bar_finishes_when_the_run_decides_early() -> None:
    with on_stderr(Terminal()) as terminal, progress(12800, "rautino check", True, up_to=True) as bar:
        bar.step("look 3 of 128")
        bar(3450)  # and the run decides
    final = _last_line(terminal)
    assert "3,450 of up to 12,800 games  look 3 of 128" in final  # the games played, not the budget
    filled = re.search(r"\[([^\]]*)\]", final).group(1)  # type: ignore[union-attr]
    assert filled and set(filled) == {"#"}  # the bar itself runs to its end


def test_a_part_of_a_run_moves_the_bar_by_its_whole_share() -> None:
    """Each trial of `pnp tune` has its budget: a trial that stops early moves the bar past the rest of it."""
    with on_stderr(Terminal()), progress(200, "zatre tune", True, up_to=True) as bar:
        with bar.part(100):
            bar(30)
        assert bar.position == 100 and bar.done == 30
        with bar.part(100):
            bar(150)  # more than the part's share: the bar stays within it
        assert bar.position == 200 and bar.done == 180


def test_no_bar_off_a_terminal_or_when_quiet() -> None:
    with on_stderr(Terminal()) as terminal, progress(10, "x", False) as bar:
        bar(10)
    assert terminal.getvalue() == ""
    with on_stderr(io.StringIO()) as pipe, progress(10, "x", True) as bar:
        bar(10)
    assert pipe.getvalue() == ""


@pytest.mark.parametrize("columns", ["40", "80", "200"])
def test_the_line_fits_the_terminal(monkeypatch: pytest.MonkeyPatch, columns: str) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    with on_stderr(Terminal()) as terminal, progress(1_000_000, "triomino sweep", True, up_to=True) as bar:
        bar.step("look 120 of 128, 12 variants")
        bar(123_456)
    assert all(len(line) < int(columns) for line in re.split(r"[\r\n]", terminal.getvalue()))


def _json_progress(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[Any, list[dict[str, Any]]]:
    monkeypatch.setenv(PROGRESS_ENV, "json")
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code in (0, 1, 3), result.output
    return result, [json.loads(line) for line in result.stderr.splitlines() if line.startswith("{")]


def _one_bar(lines: list[dict[str, Any]], label: str) -> dict[str, Any]:
    assert lines, "no progress"
    assert {(line["label"], line["total"], line["unit"], line["up_to"]) for line in lines} == \
        {(label, lines[0]["total"], lines[0]["unit"], lines[0]["up_to"])}  # one bar for the whole run
    assert [line["done"] for line in lines] == sorted(line["done"] for line in lines)
    return lines[-1]


def test_check_counts_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    _, lines = _json_progress(monkeypatch, "check", "rautino", "--games", "30", "--players", "2",
                              "--skill-games", "0", "--workers", "1")
    last = _one_bar(lines, "rautino check")
    assert (last["done"], last["total"], last["unit"], last["up_to"]) == (30, 30, "games", False)


def test_check_games_auto_runs_up_to_its_budget_with_its_looks_named(monkeypatch: pytest.MonkeyPatch) -> None:
    result, lines = _json_progress(monkeypatch, "check", "zatre", "--games", "auto", "--max-games", "100",
                                   "--players", "2", "--skill-games", "0", "--workers", "1", "--json")
    last = _one_bar(lines, "zatre check")
    played = json.loads(result.stdout)["sequential"]["games_played"]
    assert (last["total"], last["up_to"], last["done"]) == (100, True, played)
    looks = json.loads(result.stdout)["sequential"]["looks"]
    assert {line["step"] for line in lines} >= {f"look 1 of {len(looks)}"}


@pytest.mark.parametrize("games", [("--games", "30"), ("--games", "auto", "--max-games", "100")])
def test_a_sweep_counts_games_not_batches(monkeypatch: pytest.MonkeyPatch, games: tuple[str, ...]) -> None:
    result, lines = _json_progress(monkeypatch, "sweep", "zatre", "--vary", "sheet.rows=26,28", "--players", "2",
                                   "--skill-games", "0", "--workers", "1", "--json", *games)
    last = _one_bar(lines, "zatre sweep")
    played = sum(v["games"] for v in json.loads(result.stdout)["variants"])
    auto = "auto" in games
    assert (last["unit"], last["up_to"], last["total"], last["done"]) == ("games", auto, 200 if auto else 60, played)
    if auto:
        assert any(re.fullmatch(r"look \d+ of \d+, [12] variants?", line["step"]) for line in lines)


def test_tune_runs_up_to_its_trials_budget_trial_by_trial(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("optuna")
    result, lines = _json_progress(monkeypatch, "tune", "zatre", "--vary", "sheet.rows=26..28", "--target",
                                   "turns_per_game=40..90", "--players", "2", "--trials", "3", "--max-games", "50",
                                   "--workers", "1", "--json")
    last = _one_bar(lines, "zatre tune")
    document = json.loads(result.stdout)
    assert last["up_to"] and last["done"] == document["games"] <= last["total"]
    assert {line["step"] for line in lines} - {""} <= {"trial 1 of 3", "trial 2 of 3", "trial 3 of 3"}
    assert "trial 3 of 3" in {line["step"] for line in lines}


def test_a_kit_counts_its_files(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    _, lines = _json_progress(monkeypatch, "tiles", "triomino", "-o", str(tmp_path), "--format", "svg")
    last = _one_bar(lines, "triomino kit")
    assert (last["unit"], last["done"], last["total"]) == ("files", last["total"], last["total"])


def _on_a_terminal(tmp_path: Any, *args: str) -> str:
    """What `pnp ARGS` shows on a terminal's standard error (a pseudo-terminal of 100 columns)."""
    import os
    import pty
    import subprocess

    leader, follower = pty.openpty()
    done = subprocess.run([sys.executable, "-m", "pnp", *args], stdout=subprocess.DEVNULL, stderr=follower,
                          cwd=tmp_path, timeout=300, check=False, env={**os.environ, "COLUMNS": "100"})
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end is closed: all is read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert done.returncode in (0, 1, 3)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize(("command", "label"), [
    (("check", "rautino", "--max-games", "200"), "rautino check"),
    (("sweep", "rautino", "--vary", "game.hand_size=3,4", "--max-games", "100"), "rautino sweep"),
])
def test_games_auto_on_a_terminal_is_one_bar_up_to_the_budget(tmp_path: Any, command: tuple[str, ...],
                                                             label: str) -> None:
    """Not a bar a look: one line redrawn, which says the look, the games so far and the budget, and ends full."""
    shown = _on_a_terminal(tmp_path, *command, "--games", "auto", "--players", "2", "--skill-games", "0",
                           "--workers", "1", "--seed", "3")
    assert shown.replace("\r\n", "\n").count("\n") == 1, shown[-500:]  # one bar, one line
    drawn = [text for text in re.split(r"[\r\n]+", shown) if text.strip()]
    assert all(text.startswith(f"{label}  [") for text in drawn)
    assert all(len(text) < 100 for text in drawn)
    assert any(re.search(r"look 2 of \d+", text) for text in drawn)
    final = drawn[-1]
    assert re.search(r"\[#+\]  [\d,]+ of up to [\d,]+ games", final), final
