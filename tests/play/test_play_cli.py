"""`pnp play`: bad input is refused in one line with exit code 2 before any server starts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, cwd=cwd, timeout=60)


@pytest.mark.parametrize(("args", "message"), [
    (["rautino", "--seats", "human,wizard"],
     "seats: 'wizard' is not a player of rautino at the play table; use human or a strength level: "
     "beginner, good, strong, expert, master"),
    (["zatre", "--seats", "human,grandmaster"],
     "seats: 'grandmaster' is not a player of zatre at the play table; use human or a strength level: "
     "beginner, good, strong, expert, master"),
    (["rautino", "--seats", "human,greedy,greedy"], "seats: 3 seat(s), rautino is for 1 or 2 players"),
    (["rautino", "--preset", "classic"], "--preset classic: rautino has no rule presets"),
    (["rautino", "--spec", "/etc/hostname"], "--spec /etc/hostname: must lie inside the workspace"),
    (["rautino", "--spec", "missing.toml"], "missing.toml: file not found"),
    (["triomino", "--preset", "fast"], "--preset fast: triomino has the presets seed, classic"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    result = pnp("play", *args, "--no-browser", "--workspace", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_bad_spec_is_refused_before_the_server_starts(tmp_path: Path) -> None:
    spec = tmp_path / "rautino.toml"
    spec.write_text("[game]\nhand_size = 99\n", encoding="utf-8")
    result = pnp("play", "rautino", "--spec", "rautino.toml", "--no-browser", "--workspace", str(tmp_path),
                 cwd=tmp_path)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "rautino.toml" in result.stderr


@pytest.mark.parametrize(("plant", "message"), [
    ("fifo", "spec.toml: is a FIFO, not a file; a spec is a TOML file"),
    ("empty", "--spec spec.toml: the file is empty"),
    ("null", "/dev/null: is a device, not a file"),
])
def test_a_spec_that_is_no_regular_file_says_what_it_is(tmp_path: Path, plant: str, message: str) -> None:
    import os

    name = "spec.toml"
    if plant == "fifo":
        os.mkfifo(tmp_path / name)
    elif plant == "empty":
        (tmp_path / name).write_bytes(b"")
    else:
        name = "/dev/null"
    result = pnp("play", "rautino", "--spec", name, "--no-browser", "--workspace", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "not found" not in lines[0], result.stderr


def test_pnp_replay_of_a_played_game_uses_the_spec_its_record_names(tmp_path: Path) -> None:
    from starlette.testclient import TestClient
    from zatre_helpers import small_spec

    from pnp.studio.app import create_app
    from pnp.studio.workspace import Workspace

    (tmp_path / "set").mkdir()
    small_spec(tmp_path / "set")
    origin = "http://127.0.0.1:8765"
    app = create_app(Workspace.open(tmp_path), hosts={"127.0.0.1"}, port_ref=lambda: 8765)
    with TestClient(app, base_url=origin, headers={"origin": origin}) as client:
        state = client.post("/api/play/new", json={"game": "zatre", "seats": "human,greedy", "seed": 2,
                                                   "spec": "set/zatre.toml"}).json()
        while not state["over"]:
            piece, places = next((p, places) for p in range(len(state["hand"])) if (places := client.get(
                f"/api/play/{state['id']}/hints", params={"piece": p}).json()["places"]))
            state = client.post(f"/api/play/{state['id']}/move",
                                json={"version": state["version"], "piece": piece, "place": places[0]}).json()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = pnp("replay", "zatre", str(tmp_path / state["saved"]), cwd=elsewhere)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"spec: {tmp_path / 'set' / 'zatre.toml'} (named by the record" in result.stdout
    assert f"final scores {', '.join(map(str, state['scores']))}" in result.stdout
    (tmp_path / "set" / "zatre.toml").unlink()
    result = pnp("replay", "zatre", str(tmp_path / state["saved"]), cwd=elsewhere)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "the record was played with 'set/zatre.toml'" in result.stderr and "--spec" in result.stderr
