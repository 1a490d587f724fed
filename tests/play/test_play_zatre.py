"""Zatre at the play table: the same game as `play_game`, tiles laid one by one towards a legal turn
of the engine, rows over the limit refused with the rule, the score sheet filled as the rules fill
it, and a finished game's record passing `pnp replay`."""

from __future__ import annotations

import io
import json
import random
from itertools import pairwise, permutations
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from studiohelp import studio_client
from zatre_helpers import model_with, small_spec

from pnp import games as registry
from pnp.games.zatre.engine import Geometry, IllegalTurn, apply_turn, legal_turns
from pnp.games.zatre.model import load
from pnp.games.zatre.records import to_record
from pnp.games.zatre.seats import PLAYERS, seat_player
from pnp.games.zatre.state import play_game
from pnp.games.zatre.table import ZatreTable


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    small_spec(tmp_path)
    with studio_client(tmp_path) as test_client:
        yield test_client


@pytest.mark.parametrize("seats", [["greedy", "greedy"], ["greedy", "random", "lookahead"]])
def test_a_table_of_computer_seats_plays_the_game_play_game_plays(seats: list[str]) -> None:
    model = load(None)
    geo = Geometry(model)
    for seed in range(3):
        table = ZatreTable(model, seats, seed)
        while not table.over:
            table.computer_move()
        expected = play_game(model, geo, [PLAYERS[s] for s in seats], seats, seed)
        assert table.record() == to_record(expected, geo, 1)


def test_a_searching_seat_plays_the_game_play_game_plays_with_the_checks_search_player(tmp_path: Path) -> None:
    model = load(small_spec(tmp_path))  # a set of 18 tiles: a short game
    geo = Geometry(model)
    seats = ["search", "greedy"]  # expert and good
    table = ZatreTable(model, seats, 2)
    while not table.over:
        table.computer_move()
    expected = play_game(model, geo, [seat_player(s, model) for s in seats], seats, 2)
    assert table.record() == to_record(expected, geo, 1)
    greedy = play_game(model, geo, [seat_player("greedy", model)] * 2, seats, 2)
    assert to_record(greedy, geo, 1)["turns"] != table.record()["turns"]  # the expert played its own game


def completes(table: ZatreTable, laid: list[tuple[int, int]]) -> bool:
    """Brute force: some rest of the hand, in some order, makes a turn `apply_turn` takes."""
    here = table.pos.copy()
    rest = table.hands[table.player][:]
    for pips, cell in laid:
        if not here.fits(cell, pips):
            return False
        here.place(cell, pips)
        rest.remove(pips)
    for more in legal_turns(here, rest):
        for order in permutations([*laid, *more]):
            try:
                apply_turn(table.pos.copy(), table.hands[table.player][:], list(order))
            except IllegalTurn:
                continue
            return True
    return False


def test_hints_are_the_fields_from_which_the_engine_takes_a_whole_turn_at_several_positions() -> None:
    model = load(None)
    table = ZatreTable(model, ["human", "human"], 8)
    rng = random.Random(2)
    fields = [i for i in range(table.geo.size) if table.geo.is_field[i]]
    for _ in range(10):
        assert not table.over
        held = table.held()
        for piece, pips in enumerate(held):
            expected = [cell for cell in fields if completes(table, [*table.pending, (pips, cell)])]
            assert table.hints(piece, False) == expected
        choices = [(piece, cell) for piece in range(len(held)) for cell in table.hints(piece, False)]
        piece, cell = choices[rng.randrange(len(choices))]
        table.move({"piece": piece, "place": cell})


def test_a_row_over_the_limit_is_refused_with_the_rule_and_changes_nothing(client: TestClient) -> None:
    state = client.post("/api/play/new", json={"game": "zatre", "seats": "human,greedy", "seed": 1,
                                               "spec": "zatre.toml"}).json()
    start = next(p["place"] for p in state["places"] if p["label"].startswith("place ")
                 and client.get(f"/api/play/{state['id']}/hints", params={"piece": 0}).json()["places"] == [p["place"]])
    wrong = next(p["place"] for p in state["places"] if p["place"] != start)
    response = client.post(f"/api/play/{state['id']}/move", json={"version": 0, "piece": 0, "place": wrong})
    assert response.status_code == 422 and response.json() == {"error": "the first tile goes on the start field"}
    assert client.get(f"/api/play/{state['id']}").json()["version"] == 0


def test_the_sum_rule_in_one_line() -> None:
    model = load(None)
    table = ZatreTable(model, ["human", "greedy"], 1)
    geo = table.geo
    start = geo.start
    table.pos.place(start, 6)
    table.pos.place(start + 1, 5)
    table._legal = None
    assert table._why(4, start + 2) == "the row across through this field would sum to 15; a row may sum to at most 12"
    row, col = geo.cell(start)
    table.pos.place(geo.index((row + 1, col)), 5)  # below the start: a row down of 6 and 5
    assert table._why(4, geo.index((row + 2, col))) == (
        "the row down through this field would sum to 15; a row may sum to at most 12")


def test_a_whole_game_is_saved_with_its_sheets_and_replays_with_its_scores(client: TestClient,
                                                                         tmp_path: Path) -> None:
    state = client.post("/api/play/new", json={"game": "zatre", "seats": "human,greedy", "seed": 2,
                                               "spec": "zatre.toml"}).json()
    tiles_laid = 0
    while not state["over"]:
        for piece in range(len(state["hand"])):
            places = client.get(f"/api/play/{state['id']}/hints", params={"piece": piece}).json()["places"]
            if places:
                break
        response = client.post(f"/api/play/{state['id']}/move",
                               json={"version": state["version"], "piece": piece, "place": places[0]})
        assert response.status_code == 200, response.text
        state = response.json()
        tiles_laid += 1
    assert tiles_laid >= 4
    sheets = state["sheets"]
    assert [s["total"] for s in sheets] == state["scores"]
    assert sheets[0]["columns"] == ["x2", "10 (1)", "11 (2)", "12 (4)", "Bonus", "Σ"]  # as the kit prints them
    assert len(sheets[0]["offered"]) == len(sheets[0]["rows"]) and sheets[0]["offered"][0] > 0  # printed bonus
    assert state["end"] == "the bag is empty: every tile has been drawn and played or kept"
    steps = client.get(f"/api/play/{state['id']}", params={"since": -1}).json()["steps"]
    for before, step in pairwise(steps):  # each turn with what it adds to its player's total
        total, *parts = step["score"]
        assert total[0] == "total" and total[1] == sum(v for _, v in parts if isinstance(v, int)), step
        assert total[1] == step["totals"][step["seat"]] - before["totals"][step["seat"]], step
    assert steps[-1]["totals"] == state["scores"]
    saved = tmp_path / state["saved"]
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["pnp_game"] == "zatre" and record["final_scores"] == state["scores"]
    out = io.StringIO()
    game = registry.get("zatre")
    assert game.replay(game.load(tmp_path / "zatre.toml"), saved, out) == 0, out.getvalue()
    assert f"final scores {', '.join(map(str, state['scores']))}" in out.getvalue()


def test_the_point_indicator_words_a_doubled_row_apart_from_points() -> None:
    from pnp.games.zatre.kit.frames import frames

    model = load(None)
    record = {"players": 1, "turns": [
        {"player": 0, "tiles": [[3, 0, 0]], "sheet": [["10", 0, 1]]},
        {"player": 0, "tiles": [[4, 0, 1]], "sheet": [["12", 0, 4], ["x2", 0, 1]]},
        {"player": 0, "tiles": [[5, 1, 1]], "sheet": [["12", 1, 4], ["x2", 1, 1]]}]}
    first, second, third = frames(model, record)[1:]
    assert first.score == [("total", 1), ("row of 10", 1)]
    assert second.score == [("total", 9), ("row of 12, 4 points, doubled (sheet row 1 has x2)", 8),
                            ("x2 crossed on sheet row 1: doubles its 1 point", 1)]
    assert third.score[:2] == [("total", 8), ("row of 12, 4 points, doubled (sheet row 2 has x2)", 8)]
    assert [first.totals, second.totals, third.totals] == [[1], [10], [18]]


@pytest.mark.parametrize("rules", [{}, {"bonus_doubled": False, "double_incomplete_rows": False}])
def test_the_points_a_turn_shows_are_what_it_adds_to_the_score_table(tmp_path: Path, rules: dict) -> None:
    model = model_with(tmp_path, rules=rules) if rules else load(None)
    turns = parts_seen = 0
    for seed in range(6):
        table = ZatreTable(model, ["greedy", "random"], seed)
        before = table.scores
        while not table.over:
            seat = table.player
            table.computer_move()
            frame = table.frames(table.record())[-1]
            total, *parts = frame.score
            assert total == ("total", table.scores[seat] - before[seat]), (seed, frame.text, frame.score)
            assert total[1] == sum(v for _, v in parts if isinstance(v, int))
            assert frame.totals == table.scores
            before = table.scores
            turns += 1
            parts_seen |= any("doubled" in k or "doubles" in k for k, _ in parts)
    assert turns > 100 and parts_seen  # doubled rows among them
