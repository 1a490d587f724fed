"""The studio's routes without a browser: form edits keep comments, checks report progress and
can be cancelled, replays give frames, and `pnp check` speaks JSON progress to programs."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from studiohelp import studio_client


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    with studio_client(tmp_path) as test_client:
        yield test_client


def test_form_edits_keep_the_designers_comments(client: TestClient) -> None:
    spec = client.get("/api/spec", params={"id": "shipped:rautino"}).json()
    edited = client.post("/api/spec/edit", json={"id": spec["id"], "text": spec["text"], "edits": [
        {"op": "set", "path": "shapes[Dreieck].points.1", "value": 3},
        {"op": "add_row", "path": "stones"},
    ]}).json()
    assert edited["validation"]["ok"]
    assert 'points = { "1" = 3 }' in edited["text"]
    assert "# Shapes that score, as data." in edited["text"]
    rows = next(item for item in edited["form"] if item["path"] == "stones")["rows"]
    assert len(rows) == 16


def test_a_bad_value_names_the_field_the_form_shows(client: TestClient) -> None:
    spec = client.get("/api/spec", params={"id": "shipped:zatre"}).json()
    result = client.post("/api/spec/edit", json={"id": spec["id"], "text": spec["text"], "edits": [
        {"op": "set", "path": "board.cell_mm", "value": -3}]}).json()
    assert not result["validation"]["ok"]
    assert result["validation"]["field"] == "board.cell_mm"
    paths = json.dumps(result["form"])
    assert '"path": "board.cell_mm"' in paths


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_the_form_knows_each_number_fields_limit_before_a_value_is_refused(client: TestClient, game: str) -> None:
    spec = client.get("/api/spec", params={"id": f"shipped:{game}"}).json()
    limits = spec["validation"]["limits"]
    form_paths = set(re.findall(r'"path": "([^"]+)"', json.dumps(spec["form"])))
    assert limits and set(limits) <= form_paths  # each limit belongs to a field the form shows
    for limit in limits.values():
        assert limit["text"] and (limit["min"] is not None or limit["max"] is not None)


def test_a_refused_value_and_its_limit_agree(client: TestClient) -> None:
    spec = client.get("/api/spec", params={"id": "shipped:zatre"}).json()
    limit = spec["validation"]["limits"]["sheet.rows"]
    assert (limit["min"], limit["max"], limit["text"]) == (1, 200, "1 to 200")
    result = client.post("/api/spec/edit", json={"id": spec["id"], "text": spec["text"], "edits": [
        {"op": "set", "path": "sheet.rows", "value": limit["max"] + 1}]}).json()
    assert result["validation"]["field"] == "sheet.rows"
    assert result["validation"]["reason"] == "must be between 1 and 200"
    assert result["validation"]["limits"]["sheet.rows"] == limit  # still shown while the value is wrong


def test_a_whole_number_in_a_decimal_field_keeps_it_decimal_for_the_next_edit(client: TestClient) -> None:
    """The form sends 12 for a typed "12": written as 12.0, the tile edge stays a decimal field and 11.8 fits."""
    spec = client.get("/api/spec", params={"id": "shipped:zatre"}).json()
    first = client.post("/api/spec/edit", json={"id": spec["id"], "text": spec["text"], "edits": [
        {"op": "set", "path": "board.cell_mm", "value": 13}]}).json()
    assert first["validation"]["ok"] and "cell_mm = 13.0" in first["text"]
    second = client.post("/api/spec/edit", json={"id": spec["id"], "text": first["text"], "edits": [
        {"op": "set", "path": "board.cell_mm", "value": 12.8}]})
    assert second.status_code == 200, second.json()
    assert "cell_mm = 12.8" in second.json()["text"]


def test_an_edit_of_a_field_the_spec_lacks_names_it_without_command_line_words(client: TestClient) -> None:
    spec = client.get("/api/spec", params={"id": "shipped:rautino"}).json()
    response = client.post("/api/spec/edit", json={"id": spec["id"], "text": spec["text"], "edits": [
        {"op": "set", "path": "stones[99].count", "value": 2}]})
    assert response.status_code == 400
    assert response.json()["error"] == "stones[99].count: stones has 15 items, no [99]"


def test_a_check_can_be_cancelled_and_stops_its_processes(client: TestClient) -> None:
    spec = client.get("/api/spec", params={"id": "shipped:zatre"}).json()
    job = client.post("/api/check", json={"id": spec["id"], "text": spec["text"], "games": 100000}).json()
    deadline = time.monotonic() + 60
    while client.get(f"/api/check/{job['id']}").json()["done"] == 0 and time.monotonic() < deadline:
        time.sleep(0.2)
    status = client.get(f"/api/check/{job['id']}").json()
    assert status["state"] == "running" and 0 < status["done"] < status["total"]
    assert client.post(f"/api/check/{job['id']}/cancel").json()["state"] == "cancelled"
    deadline = time.monotonic() + 20
    while client.get(f"/api/check/{job['id']}").json()["exit_code"] is None and time.monotonic() < deadline:
        time.sleep(0.2)
    assert client.get(f"/api/check/{job['id']}").json()["exit_code"] == 143


def test_a_finished_check_gives_its_report_and_replay_frames(client: TestClient) -> None:
    spec = client.get("/api/spec", params={"id": "shipped:triomino"}).json()
    job = client.post("/api/check", json={"id": spec["id"], "text": spec["text"], "games": 6, "players": 2}).json()
    deadline = time.monotonic() + 120
    while client.get(f"/api/check/{job['id']}").json()["state"] == "running" and time.monotonic() < deadline:
        time.sleep(0.3)
    status = client.get(f"/api/check/{job['id']}").json()
    assert status["state"] == "done", status
    assert "check report" in client.get(status["report"]).text
    picks = client.get(f"/api/check/{job['id']}/games").json()
    assert picks["count"] >= 6 and picks["highlights"][0]["label"].startswith("best game")
    game = picks["highlights"][0]["game"]
    steps = client.get(f"/api/check/{job['id']}/games/{game}").json()["steps"]
    assert steps[0]["text"].startswith("round 1, turn 1: player")
    board = client.get(f"/api/check/{job['id']}/games/{game}/board/{len(steps) - 1}.svg")
    assert board.headers["content-type"].startswith("image/svg+xml") and b"<svg" in board.content


def test_check_reports_progress_as_json_lines_for_programs(tmp_path: Path) -> None:
    env = {**os.environ, "PNP_PROGRESS": "json"}
    done = subprocess.run([sys.executable, "-m", "pnp", "check", "triomino", "--games", "40", "--players", "2"],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    lines = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    assert lines and lines[-1]["done"] == lines[-1]["total"]
    assert all(0 <= line["done"] <= line["total"] for line in lines)  # from the start: 0 of them
    # One bar for the whole run: 40 games of the configuration and a quarter as many for each of 3 skill matches.
    assert {(line["label"], line["total"], line["unit"]) for line in lines} == {("triomino check", 110, "games")}


def test_the_studio_and_the_command_line_take_the_same_most_games(client: TestClient) -> None:
    from click.testing import CliRunner

    from pnp.budget import MAX_GAMES
    from pnp.cli import main
    from pnp.studio.jobs import CheckSettings

    assert client.get("/api/games").json()["max_games"] == MAX_GAMES == 1_000_000
    CheckSettings(games=MAX_GAMES, skill_games=MAX_GAMES)  # accepted, as by the command line
    with pytest.raises(Exception, match=f"between 1 and {MAX_GAMES:,}"):
        CheckSettings(games=MAX_GAMES + 1)
    refused = CliRunner().invoke(main, ["check", "zatre", "--games", str(MAX_GAMES + 1)])
    assert refused.exit_code == 2 and f"1<=x<={MAX_GAMES}" in refused.output
