"""Replays in the studio agree with the record: every step's board heading, move panel and totals;
the configurations' games listed apart from the skill matches', best and worst as the report picks them."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pnp.players.levels import STANDARD_LEVELS, name_of
from pnp.studio.app import create_app
from pnp.studio.workspace import Workspace

PORT = 8765
ORIGIN = f"http://127.0.0.1:{PORT}"
pytestmark = pytest.mark.xdist_group("studio-replay")


class Studio:
    def __init__(self, client: TestClient, root: Path) -> None:
        self.client, self.root = client, root

    def check(self, game: str, **settings: Any) -> dict[str, Any]:
        spec = self.client.get("/api/spec", params={"id": f"shipped:{game}"}).json()
        job = self.client.post("/api/check", json={"id": spec["id"], "text": spec["text"], **settings}).json()
        assert "id" in job, job
        deadline = time.monotonic() + 240
        while (status := self.client.get(f"/api/check/{job['id']}").json())["state"] == "running":
            assert time.monotonic() < deadline
            time.sleep(0.3)
        assert status["state"] == "done", status
        return status

    def records(self, job: str) -> list[dict[str, Any]]:
        log = self.root / "studio-output" / "checks" / job / "games.jsonl"
        return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Studio]:
    root = tmp_path_factory.mktemp("ws")
    app = create_app(Workspace.open(root), hosts={"127.0.0.1"}, port_ref=lambda: PORT)
    with TestClient(app, base_url=ORIGIN, headers={"origin": ORIGIN}) as client:
        yield Studio(client, root)


HEADING = re.compile(r"scores (-?[0-9]+(?:, -?[0-9]+)*)")


def heading_scores(svg: str) -> list[int] | None:
    """The scores the board's heading prints, or None when it prints none."""
    texts = " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg))
    found = HEADING.search(texts)
    return [int(n) for n in found.group(1).split(", ")] if found else None


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_every_step_of_a_whole_game_shows_the_records_scores(studio: Studio, game: str) -> None:
    status = studio.check(game, games=3, players=2, skill_games=0)
    job = status["id"]
    for record in studio.records(job)[:2]:
        number = record["game"]
        steps = studio.client.get(f"/api/check/{job}/games/{number}").json()["steps"]
        assert steps[-1]["totals"] == record["final_scores"]  # the move panel's last totals are the game's
        for index, step in enumerate(steps):
            svg = studio.client.get(f"/api/check/{job}/games/{number}/board/{index}.svg").text
            shown = heading_scores(svg)
            # a heading with scores shows the panel's totals (Rautino's board has no heading; Zatre's
            # scores are added up at the end, its heading shows them after the last turn only)
            if game == "triomino" or (game == "zatre" and index == len(steps) - 1):
                assert shown == step["totals"], (index, step["text"], shown, step["totals"])
            else:
                assert shown is None or shown == step["totals"], (index, step["text"], shown, step["totals"])
        if game == "triomino":  # each round's end shows the round's totals from the record
            ends = [step["totals"] for step in steps if " ends: " in step["text"]]
            assert ends == [game_round["totals"] for game_round in record["rounds"]]


def test_configuration_games_and_skill_games_are_listed_apart_with_their_seats(studio: Studio) -> None:
    status = studio.check("rautino", games=6, players=2, skill_games=4)
    listing = studio.client.get(f"/api/check/{status['id']}/games").json()
    records = studio.records(status["id"])
    configuration = [r for r in records if len(set(r["seats"])) == 1]
    skill = [r for r in records if len(set(r["seats"])) > 1]
    assert listing["configuration_count"] == len(configuration) == 6
    assert listing["skill_count"] == len(skill) > 0 and listing["count"] == len(records)
    assert [g["game"] for g in listing["configuration"]] == [r["game"] for r in configuration]
    assert [g["game"] for g in listing["skill"]] == [r["game"] for r in skill]
    for entry, record in zip(listing["skill"], skill, strict=True):
        first, second = (name_of(STANDARD_LEVELS, seat) for seat in record["seats"])
        assert f"seat 1 {first}, seat 2 {second}" in entry["label"]  # by strength level, as --levels names them
        assert "greedy" not in entry["label"]
    # best and worst as the report defines them: the configurations' games only, top score, first on ties
    tops = [(max(r["final_scores"]), r["game"]) for r in configuration]
    best = next(game for top, game in tops if top == max(t for t, _ in tops))
    worst = next(game for top, game in tops if top == min(t for t, _ in tops))
    assert [h["game"] for h in listing["highlights"]] == [best, worst]
    assert listing["highlights"][0]["label"].startswith("best game")
