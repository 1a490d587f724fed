"""Games played at the play table in the studio's Replay list: each named for people (game, seats,
date and time, finished or abandoned, scores), stepped through on the kit's board with the spec it
was played with; a name that is no played game of the workspace is refused in one line."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from studiohelp import hinted_move
from zatre_helpers import small_spec

from pnp.studio.app import create_app
from pnp.studio.workspace import Workspace

PORT = 8765
ORIGIN = f"http://127.0.0.1:{PORT}"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    small_spec(tmp_path)
    app = create_app(Workspace.open(tmp_path), hosts={"127.0.0.1"}, port_ref=lambda: PORT)
    with TestClient(app, base_url=ORIGIN, headers={"origin": ORIGIN}) as test_client:
        yield test_client


def play(client: TestClient, game: str, moves: int | None, **body: object) -> dict:
    """A game with a person and the computer: `moves` of the person's, then End game; None: to the end."""
    state = client.post("/api/play/new", json={"game": game, "seats": "human,greedy", "seed": 3, **body}).json()
    made = 0
    while not state["over"] and (moves is None or made < moves):
        move = hinted_move(client, state)
        state = client.post(f"/api/play/{state['id']}/move", json=move).json()
        made += 1
    if not state["over"]:
        state = client.post(f"/api/play/{state['id']}/end", json={}).json()
    assert state["saved"], state
    return state




def test_played_games_are_listed_newest_first_named_for_people(client: TestClient, tmp_path: Path) -> None:
    assert client.get("/api/played").json() == {"games": [], "count": 0, "listed": 200, "unreadable": 0}
    finished = play(client, "zatre", None, spec="zatre.toml")
    left = play(client, "rautino", 2)
    (tmp_path / "played" / "notes.jsonl").write_text("not a record\n", encoding="utf-8")
    listed = client.get("/api/played").json()
    assert listed["count"] == 3 and listed["unreadable"] == 1
    notes, newest, older = listed["games"]  # newest first, the file that is no record too
    assert notes == {"file": "notes.jsonl", "game": None, "abandoned": False, "in_play": False,
                     "label": "notes.jsonl: not valid: not a JSON record: Expecting value",
                     "invalid": "not a JSON record: Expecting value"}
    assert newest["file"] == Path(left["saved"]).name and older["file"] == Path(finished["saved"]).name
    when = r"\d{4}-\d\d-\d\d \d\d:\d\d"
    assert re.fullmatch(rf"Rautino · {when} · you v good · abandoned · scores when left "
                        rf"{left['scores'][0]} : {left['scores'][1]}", newest["label"]), newest["label"]
    assert re.fullmatch(rf"Zatre · {when} · you v good · finished · scores "
                        rf"{finished['scores'][0]} : {finished['scores'][1]}", older["label"]), older["label"]
    assert newest["abandoned"] and not older["abandoned"]
    assert not newest["in_play"] and not older["in_play"]


def test_a_game_still_being_played_is_listed_in_play_with_its_scores_so_far(client: TestClient) -> None:
    state = client.post("/api/play/new", json={"game": "rautino", "seats": "human,greedy", "seed": 3}).json()
    for _ in range(2):
        state = client.post(f"/api/play/{state['id']}/move", json=hinted_move(client, state)).json()
    assert not state["over"]
    (listed,) = client.get("/api/played").json()["games"]
    assert " · you v good · in play · scores so far " in listed["label"], listed["label"]
    assert listed["in_play"] and not listed["abandoned"]
    client.post(f"/api/play/{state['id']}/end", json={})
    (listed,) = client.get("/api/played").json()["games"]
    assert " · abandoned · scores when left " in listed["label"] and listed["abandoned"], listed



def test_a_hot_seat_game_names_its_people_in_one_word_in_the_list_and_at_the_table(client: TestClient) -> None:
    """Two people at one table are each "person", never "you": the play page's word, in the Replay list too."""
    state = client.post("/api/play/new", json={"game": "rautino", "seats": "human,human", "seed": 3}).json()
    assert [seat["strength"] for seat in state["seats"]] == ["person", "person"]
    state = client.post(f"/api/play/{state['id']}/move", json=hinted_move(client, state)).json()
    client.post(f"/api/play/{state['id']}/end", json={})
    (listed,) = client.get("/api/played").json()["games"]
    assert " · person v person · abandoned · " in listed["label"], listed["label"]
    alone = client.post("/api/play/new", json={"game": "rautino", "seats": "human,greedy", "seed": 3}).json()
    assert [seat["strength"] for seat in alone["seats"]] == ["you", "good"]


def test_a_played_game_steps_through_on_the_board_of_the_spec_it_was_played_with(client: TestClient,
                                                                                 tmp_path: Path) -> None:
    state = play(client, "zatre", 5, spec="zatre.toml")
    name = Path(state["saved"]).name
    record = json.loads((tmp_path / state["saved"]).read_text(encoding="utf-8"))
    assert record["spec"] == "zatre.toml" and record["end"] == "abandoned"
    steps = client.get(f"/api/played/{name}").json()["steps"]
    assert len(steps) == 1 + len(record["turns"]) >= 4  # the empty board, then each whole turn
    assert steps[-1]["totals"] == state["scores"]
    board = client.get(f"/api/played/{name}/board/{len(steps) - 1}.svg")
    assert board.status_code == 200 and board.headers["content-type"].startswith("image/svg+xml")
    scores = ", ".join(map(str, state["scores"]))
    assert f"scores when left {scores}" in board.text and "final scores" not in board.text
    assert client.get(f"/api/played/{name}/board/{len(steps)}.svg").status_code == 400


def test_a_record_changed_after_it_was_viewed_is_shown_as_it_is_now(client: TestClient, tmp_path: Path) -> None:
    state = play(client, "zatre", 5, spec="zatre.toml")
    name = Path(state["saved"]).name
    assert client.get(f"/api/played/{name}").status_code == 200
    path = tmp_path / state["saved"]
    record = json.loads(path.read_text(encoding="utf-8"))
    record["final_scores"] = [score + 1 for score in record["final_scores"]]
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    for route in (f"/api/played/{name}", f"/api/played/{name}/board/0.svg"):
        response = client.get(route)
        assert response.status_code == 400 and "not valid" in response.json()["error"], (route, response.text)


@pytest.mark.parametrize("name", ["zatre.toml", "nothing-here.jsonl", ".hidden.jsonl", "..jsonl"])
def test_a_name_that_is_no_played_game_is_refused_in_one_line(client: TestClient, name: str) -> None:
    response = client.get(f"/api/played/{name}")
    assert response.status_code == 404
    error = response.json()["error"]
    assert "\n" not in error and ("not the name of a played game" in error or "no such played game" in error)
