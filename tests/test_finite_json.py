"""Every JSON document pnp writes is JSON: an interval that a tiny sample cannot bound (the mean of one
game) is written with null bounds, never as -Infinity, Infinity or NaN, which no JSON reader takes;
and a writer refuses a number that is not finite rather than write one."""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from pnp.check import report as check_report
from pnp.check.confidence import Interval, histogram_mean_test
from pnp.check.stats import Histogram
from pnp.cli import main
from pnp.jsontext import json_text
from pnp.studio.app import create_app
from pnp.studio.workspace import Workspace


def _strict(text: str) -> Any:
    def refuse(constant: str) -> None:
        raise AssertionError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


def _bounds(value: Any) -> list[Any]:
    """Every value of a 'low' or 'high' key in the document."""
    if isinstance(value, dict):
        return [v for key, v in value.items() if key in ("low", "high")] + \
            [b for v in value.values() for b in _bounds(v)]
    if isinstance(value, list):
        return [b for v in value for b in _bounds(v)]
    return []


def test_an_interval_nothing_bounds_is_written_with_null_bounds() -> None:
    values = Histogram()
    values.add(7)
    test = histogram_mean_test("check.min_turns", values, 5, at_least=True)
    assert test.outcome.value == "undecided"
    assert test.interval.to_json() == {"estimate": 7.0, "low": None, "high": None}
    assert "inf" not in str(test.interval)
    _strict(json_text(check_report.test_json("1 player", test)))


def test_the_json_writer_refuses_a_number_that_is_not_finite() -> None:
    for bad in (math.inf, -math.inf, math.nan):
        with pytest.raises(ValueError):
            json_text({"low": bad})
    assert Interval(0.5, -math.inf, math.inf).to_json()["low"] is None


@pytest.mark.parametrize("game", ["rautino", "triomino", "zatre"])
def test_a_check_of_one_game_writes_json(game: str, tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    done = CliRunner().invoke(main, ["check", game, "--games", "1", "--json", "-q", "--workers", "1",
                                     "--log", str(log)])
    assert done.exit_code in (0, 1, 3), done.output
    document = _strict(done.stdout)
    if game == "rautino":  # its placed share is a mean over games: one game does not bound it
        assert None in _bounds(document)
    assert all(b is None or math.isfinite(b) for b in _bounds(document))
    for line in log.read_text(encoding="utf-8").splitlines():
        _strict(line)


def test_a_sweep_of_one_game_a_variant_writes_json() -> None:
    done = CliRunner().invoke(main, ["sweep", "rautino", "--vary", "game.hand_size=5,6", "--games", "1",
                                     "--skill-games", "0", "--players", "2", "--json", "-q", "--workers", "1"])
    assert done.exit_code in (0, 1, 3), done.output
    _strict(done.stdout)


def test_the_studio_answers_every_poll_of_a_check_of_one_game(tmp_path: Path) -> None:
    origin = "http://127.0.0.1:8765"
    app = create_app(Workspace.open(tmp_path), hosts={"127.0.0.1"}, port_ref=lambda: 8765)
    with TestClient(app, base_url=origin, headers={"origin": origin}) as client:
        spec = client.get("/api/spec", params={"id": "shipped:rautino"}).json()
        job = client.post("/api/check", json={"id": spec["id"], "text": spec["text"], "games": 1,
                                               "players": 2, "skill_games": 0}).json()
        assert "id" in job, job
        deadline = time.monotonic() + 240
        while True:
            answer = client.get(f"/api/check/{job['id']}")
            assert answer.status_code == 200, answer.text
            status = _strict(answer.text)
            if status["state"] != "running":
                break
            assert time.monotonic() < deadline
            time.sleep(0.3)
    assert status["state"] == "done", status
