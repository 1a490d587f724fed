"""Triomino at the play table: the same game as `run_game` in both presets, hints exactly the
engine's legal places, draws made for a person whose tiles fit nowhere, forged moves refused in one
line, and a finished game's record passing `pnp replay` with its final scores."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from studiohelp import hinted_move, studio_client

from pnp import games as registry
from pnp.games.triomino.checker import fit_table
from pnp.games.triomino.engine import cell_id
from pnp.games.triomino.model import load
from pnp.games.triomino.players import CHOOSERS
from pnp.games.triomino.state import run_game
from pnp.games.triomino.table import TriominoTable


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    with studio_client(tmp_path) as test_client:
        yield test_client


@pytest.mark.parametrize("preset", ["seed", "classic"])
@pytest.mark.parametrize("seats", [["greedy", "greedy"], ["random", "lookahead", "greedy"]])
def test_a_table_of_computer_seats_plays_the_game_run_game_plays(preset: str, seats: list[str]) -> None:
    model = load(None)
    for seed in range(3):
        table = TriominoTable(model, seats, seed, preset)
        while not table.over:
            table.computer_move()
        expected = run_game(model, model.rules(preset), [CHOOSERS[s] for s in seats], seed, fit_table(model))
        assert table.record() == expected.record()


@pytest.mark.parametrize("preset", ["seed", "classic"])
def test_hints_are_the_engines_legal_places_at_several_positions(preset: str) -> None:
    model = load(None)
    table = TriominoTable(model, ["human", "human"], 4, preset)
    rng = random.Random(3)
    for _ in range(15):
        assert not table.over
        if table.offer():  # a person holding 0-0-0 chooses the opening first
            table.move({"choice": rng.choice(["zero", "highest"])})
            continue
        offered = table.offered()
        for piece, tile in enumerate(offered):
            legal = table.table.moves([tile])
            for turned in range(3):
                assert table.hints(piece, turned) == sorted({cell_id(m.cell) for m in legal if m.rotation == turned})
        choices = [(piece, turned, place) for piece in range(len(offered)) for turned in range(3)
                   for place in table.hints(piece, turned)]
        assert choices  # the table never leaves a person on turn with nothing to play
        piece, turned, place = choices[rng.randrange(len(choices))]
        table.move({"piece": piece, "turned": turned, "place": place})


def play_through(client: TestClient, preset: str, seed: int) -> dict:
    state = client.post("/api/play/new", json={"game": "triomino", "seats": "human,greedy", "seed": seed,
                                               "preset": preset}).json()
    shown = [step["step"] for step in state["steps"]]
    while not state["over"]:
        if state["offer"]:  # the person holds 0-0-0: open with it
            state = client.post(f"/api/play/{state['id']}/move", json={"version": state["version"],
                                                                          "choice": "zero"}).json()
            continue
        move = None
        for piece in range(len(state["hand"])):
            for turned in range(3):
                places = client.get(f"/api/play/{state['id']}/hints",
                                    params={"piece": piece, "turned": turned}).json()["places"]
                if places:
                    move = {"version": state["version"], "piece": piece, "turned": turned, "place": places[0]}
                    break
            if move:
                break
        response = client.post(f"/api/play/{state['id']}/move", json=move)
        assert response.status_code == 200, response.text
        state = response.json()
        shown += [step["step"] for step in state["steps"]]
    assert shown == list(range(len(shown)))  # every step shown once, the rounds' ends too
    return state


@pytest.mark.parametrize(("preset", "rounds"), [("seed", 1), ("classic", 2)])
def test_a_whole_game_is_saved_and_replays_with_its_scores(client: TestClient, tmp_path: Path, preset: str,
                                                           rounds: int) -> None:
    state = play_through(client, preset, 1)
    saved = tmp_path / state["saved"]
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["preset"] == preset and len(record["rounds"]) >= rounds
    assert record["final_scores"] == state["scores"]
    out = io.StringIO()
    game = registry.get("triomino")
    assert game.replay(game.load(None), saved, out) == 0, out.getvalue()
    assert f"final scores {', '.join(map(str, state['scores']))}" in out.getvalue()
    target = 400 if preset == "classic" else 0
    assert state["end"] == (f"a player reached {target} points after {len(record['rounds'])} rounds" if target
                            else "1 round played, as the rules have it")


def test_a_forged_move_is_refused_in_one_line_and_changes_nothing(client: TestClient) -> None:
    state = client.post("/api/play/new", json={"game": "triomino", "seats": "human,greedy", "seed": 2}).json()
    before = client.get(f"/api/play/{state['id']}").json()
    hints = {turned: client.get(f"/api/play/{state['id']}/hints", params={"piece": 0, "turned": turned}).json()
             ["places"] for turned in range(3)}
    open_places = client.get(f"/api/play/{state['id']}/open").json()["open"]
    wrong = next(((turned, place) for turned in range(3) for place in open_places if place not in hints[turned]),
                 None)
    forged = [({"piece": 0, "turned": 0, "place": 123456789},
               "a tile must touch a tile on the table along an edge, where some tile can still fit"),
              ({"piece": 99, "turned": 0, "place": 0}, "piece: no tile 99 among the tiles player 1 may play"),
              ({"piece": 0, "turned": 5, "place": 0}, "turned: 0, 1 or 2 (thirds of a turn)")]
    assert wrong is not None
    forged.append(({"piece": 0, "turned": wrong[0], "place": wrong[1]}, "touching corners must match"))
    for move, message in forged:
        response = client.post(f"/api/play/{state['id']}/move", json={"version": state["version"], **move})
        assert response.status_code == 422
        assert message in response.json()["error"] and "\n" not in response.json()["error"]
    assert client.get(f"/api/play/{state['id']}").json() == before


@pytest.mark.parametrize(("game", "body"), [("triomino", {"preset": "classic"}), ("zatre", {})])
def test_undo_takes_back_a_persons_last_move(client: TestClient, game: str, body: dict) -> None:
    state = client.post("/api/play/new", json={"game": game, "seats": "human,greedy", "seed": 5, **body}).json()
    first = client.get(f"/api/play/{state['id']}").json()
    move = None
    for piece in range(len(state["hand"])):
        for turned in range(3):
            places = client.get(f"/api/play/{state['id']}/hints", params={"piece": piece, "turned": turned}).json()
            if places["places"]:
                move = {"version": state["version"], "piece": piece, "turned": turned, "place": places["places"][0]}
                break
        if move:
            break
    after = client.post(f"/api/play/{state['id']}/move", json=move).json()
    assert after["undo"] and after["hand"] != first["hand"]
    undone = client.post(f"/api/play/{state['id']}/undo", json={"version": after["version"]}).json()
    assert {k: v for k, v in undone.items() if k not in ("version", "steps")} == \
        {k: v for k, v in first.items() if k not in ("version", "steps")}


def test_a_person_whose_tiles_fit_nowhere_draws_and_may_play_only_the_drawn_tile() -> None:
    model = load(None)
    for seed in range(40):
        table = TriominoTable(model, ["human", "human"], seed, "seed")
        rng = random.Random(seed)
        while not table.over and table.phase != "drawn":
            offered = table.offered()
            choices = [(piece, turned, place) for piece in range(len(offered)) for turned in range(3)
                       for place in table.hints(piece, turned)]
            piece, turned, place = choices[rng.randrange(len(choices))]
            table.move({"piece": piece, "turned": turned, "place": place})
        if table.phase == "drawn":
            break
    assert table.phase == "drawn"
    hand = table.hands[table.player]
    assert not table.table.can_place(hand[:-len(table.drawn)])  # nothing of the hand fitted
    assert table.offered() == [table.drawn[-1]] and table.table.can_place(table.offered())
    assert "you drew" in table.note()
    with pytest.raises(Exception, match="piece: no tile 1 among the tiles player"):
        table.move({"piece": 1, "turned": 0, "place": 0})


def test_a_new_game_shows_the_opening_as_played_and_no_end_of_the_round(client: TestClient) -> None:
    for seed in range(1, 5):
        state = client.post("/api/play/new", json={"game": "triomino", "seats": "human,greedy", "seed": seed}).json()
        texts = [step["text"] for step in state["steps"]]
        assert texts and "opens with" in texts[0], texts
        assert state["steps"][0]["step"] == 0 and dict(state["steps"][0]["score"])["total"] > 0
        assert not any("ends" in text for text in texts), texts
        assert state["end"] == ""


def test_the_board_heading_counts_one_tile_in_the_singular() -> None:
    table = TriominoTable(load(None), ["human", "greedy"], 1, "seed")
    record = table.record()
    opening = {**record, "rounds": [{**record["rounds"][0], "turns": record["rounds"][0]["turns"][:1]}]}
    words = [e.text for e in table.board_page(opening).items if getattr(e, "cls", "") == "board-title"]
    assert words and words[0].startswith("Round 1: 1 tile ·"), words


def test_an_expert_seat_plays_the_search_players_move_as_pnp_check_makes_it(client: TestClient) -> None:
    from pnp.games.triomino.players import seat_player
    from pnp.play.games import playable
    from pnp.play.seats import parse_seats

    model = load(None)
    players, make = playable("triomino")
    seats = parse_seats("human,expert", players, registry.get("triomino").players, "triomino")
    assert seats == ["human", "expert"]
    seed = 1  # the person's seat opens with its highest tile; the expert makes the first choice
    table = make(model, seats, seed, "classic")
    assert table.starter == 0 and table.player == 1 and not table.over
    table.computer_move()
    chosen = table.record()["rounds"][0]["turns"][1]
    assert chosen["player"] == 1

    def first_choice(second: str) -> dict:
        game = run_game(model, model.rules("classic"), [seat_player("greedy"), seat_player(second)], seed,
                        fit_table(model))
        return game.record()["rounds"][0]["turns"][1]

    assert chosen == first_choice("search") != first_choice("greedy")
    # and a whole game with a searching seat is the engine's, told the same of the game every turn
    table = make(model, ["greedy", "search"], seed, "classic")
    while not table.over:
        table.computer_move()
    expected = run_game(model, model.rules("classic"), [seat_player("greedy"), seat_player("search")], seed,
                        fit_table(model))
    assert table.record() == expected.record()
    # the route plays the same: seat 2 is the expert, and its move is the first one after the opening
    state = client.post("/api/play/new", json={"game": "triomino", "seats": "human,expert", "seed": seed,
                                               "preset": "classic"}).json()
    assert state["seats"][1] == {"seat": 2, "player": "expert", "strength": "expert"}
    assert state["steps"][1]["seat"] == 1 and state["player"] == 0


def test_computer_moves_run_off_the_servers_event_loop(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    on_loop: list[bool] = []
    computer_move = TriominoTable.computer_move

    def watched(self: TriominoTable) -> None:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:
            on_loop.append(False)
        computer_move(self)

    monkeypatch.setattr(TriominoTable, "computer_move", watched)
    state = client.post("/api/play/new", json={"game": "triomino", "seats": "human,expert", "seed": 1}).json()
    piece, turned, place = next((p, t, c) for p in range(len(state["hand"])) for t in range(3)
                                for c in client.get(f"/api/play/{state['id']}/hints",
                                                    params={"piece": p, "turned": t}).json()["places"])
    response = client.post(f"/api/play/{state['id']}/move", json={"version": state["version"], "piece": piece,
                                                                   "turned": turned, "place": place})
    assert response.status_code == 200, response.text
    assert len(on_loop) >= 2 and not any(on_loop), on_loop


@pytest.mark.parametrize(("seed", "opener"), [(17, 1), (22, 0)])
@pytest.mark.parametrize("choice", ["zero", "highest"])
def test_a_person_holding_0_0_0_chooses_the_opening_and_replay_accepts_either(
        client: TestClient, tmp_path: Path, seed: int, opener: int, choice: str) -> None:
    state = client.post("/api/play/new", json={"game": "triomino", "seats": "human,greedy", "seed": seed,
                                               "preset": "classic"}).json()
    offer = state["offer"]
    assert offer["question"].startswith("You hold 0-0-0") and [o["choice"] for o in offer["options"]] == [
        "zero", "highest"]
    assert offer["options"][0]["label"] == "Open with 0-0-0 for 40 points"
    assert state["steps"] == [] and state["scores"] == [0, 0]  # nothing laid or scored before the choice
    wrong = client.post(f"/api/play/{state['id']}/move", json={"version": state["version"], "piece": 0,
                                                                "turned": 0, "place": 0})
    assert wrong.status_code == 422 and wrong.json()["error"].startswith("choice: first choose how the round opens")
    state = client.post(f"/api/play/{state['id']}/move", json={"version": state["version"], "choice": choice}).json()
    assert state["offer"] is None
    assert state["steps"][0]["step"] == 0 and ("0-0-0" in state["steps"][0]["text"]) == (choice == "zero")
    opening = client.get(f"/api/play/{state['id']}", params={"since": -1}).json()["steps"][0]
    assert ("0-0-0" in opening["text"]) == (choice == "zero")
    assert opening["seat"] == (0 if choice == "zero" else opener)
    client.post(f"/api/play/{state['id']}/end", json={})
    saved = tmp_path / client.get(f"/api/play/{state['id']}").json()["saved"]
    game = registry.get("triomino")
    out = io.StringIO()
    assert game.replay(game.load(None), saved, out) == 0, out.getvalue()  # the person's choice, either way
    record = json.loads(saved.read_text(encoding="utf-8"))
    record["seats"] = ["greedy", "greedy"]  # the same opening by a computer seat: only the larger score
    forged = tmp_path / "forged.jsonl"
    forged.write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert game.replay(game.load(None), forged, io.StringIO()) == (choice == "highest")


def test_a_game_saved_with_the_0_0_0_choice_pending_continues_and_the_choice_made_too(tmp_path: Path) -> None:
    """The studio saves a game after every move and rebuilds it from its seed and the people's moves:
    the second round's opening choice, pending when the studio stops, is still offered when it starts
    again, and once made it continues the same after another restart."""
    body = {"game": "triomino", "seats": "human,greedy", "seed": 2, "preset": "classic"}

    with studio_client(tmp_path) as first:
        state = first.post("/api/play/new", json=body).json()
        while not state["offer"]:  # the first tile that fits, until the person holds 0-0-0 at an opening
            state = first.post(f"/api/play/{state['id']}/move", json=hinted_move(first, state)).json()
        assert state["steps"][-1]["text"].startswith("round 1 ends")  # round 2 dealt, nothing laid
        pending = first.get(f"/api/play/{state['id']}", params={"since": -1}).json()
    assert pending["steps"][-1]["text"].startswith("round 1 ends")
    with studio_client(tmp_path) as again:
        assert again.get(f"/api/play/{state['id']}", params={"since": -1}).json() == pending
        state = again.post(f"/api/play/{state['id']}/move", json={"version": state["version"],
                                                                   "choice": "highest"}).json()
        assert state["offer"] is None and "0-0-0" not in state["steps"][0]["text"]
        if not state["over"] and state["player"] == 0:
            state = again.post(f"/api/play/{state['id']}/move", json=hinted_move(again, state)).json()
        made = again.get(f"/api/play/{state['id']}", params={"since": -1}).json()
    with studio_client(tmp_path) as third:
        assert third.get(f"/api/play/{state['id']}", params={"since": -1}).json() == made


def test_a_game_left_at_the_0_0_0_choice_is_saved_without_the_opening_nobody_chose(tmp_path: Path) -> None:
    """Left while the person holding 0-0-0 chooses how round 2 opens: the saved game is round 1 and the
    scores after it, left between two rounds, and `pnp replay` accepts it."""
    with studio_client(tmp_path) as client:
        state = client.post("/api/play/new", json={"game": "triomino", "seats": "human,greedy", "seed": 2,
                                                   "preset": "classic"}).json()
        while not state["offer"]:
            state = client.post(f"/api/play/{state['id']}/move", json=hinted_move(client, state)).json()
        after_round_one = state["scores"]
        client.post(f"/api/play/{state['id']}/end", json={})
        saved = tmp_path / client.get(f"/api/play/{state['id']}").json()["saved"]
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["end"] == "abandoned" and len(record["rounds"]) == 1 and "end" in record["rounds"][0]
    assert record["final_scores"] == after_round_one
    game = registry.get("triomino")
    out = io.StringIO()
    assert game.replay(game.load(None), saved, out) == 0, out.getvalue()
    assert "abandoned after round 1" in out.getvalue()


def test_a_game_that_ended_is_not_taken_as_left_between_rounds(tmp_path: Path) -> None:
    """The referee: "abandoned" after a whole round holds only while the game goes on after it."""
    model = load(None)
    table = TriominoTable(model, ["greedy", "greedy"], 3, "classic")
    while not table.over:
        table.computer_move()
    game = registry.get("triomino")
    record = {**table.record(), "seats": ["greedy", "greedy"], "end": "abandoned"}
    forged = tmp_path / "ended.jsonl"
    forged.write_text(json.dumps(record) + "\n", encoding="utf-8")
    out = io.StringIO()
    assert game.replay(game.load(None), forged, out) != 0
    assert "that round ended the game" in out.getvalue()


def test_the_rules_preset_seed_is_named_for_players_apart_from_the_shuffles_seed(client: TestClient) -> None:
    """The pages name the preset `seed` after the rules text it plays; the spec and the command line keep `seed`."""
    for route in ("/api/play/games", "/api/games"):
        (triomino,) = [g for g in client.get(route).json()["games"] if g["name"] == "triomino"]
        assert triomino["presets"] == ["seed", "classic"], route
        assert triomino["preset_labels"] == {"seed": "Basic rules", "classic": "Classic rules"}, route
        assert all("seed" not in label.lower() for label in triomino["preset_labels"].values())
    state = client.post("/api/play/new", json={"game": "triomino", "seats": "human,greedy", "seed": 5,
                                               "preset": "seed"}).json()
    client.post(f"/api/play/{state['id']}/move", json=hinted_move(client, state))
    (listed,) = client.get("/api/played").json()["games"]
    assert listed["label"].startswith("Triomino (Basic rules) · "), listed["label"]


def test_a_refusal_names_the_corner_as_the_board_shows_it_and_the_preview_draws_that_number_there() -> None:
    from pnp.games.triomino.engine import cell_at, oriented, pattern_of
    from pnp.games.triomino.table import SCREEN_CORNERS_DOWN, SCREEN_CORNERS_UP
    from pnp.geometry import trigrid as tg

    table = TriominoTable(load(None), ["human", "greedy"], 3, "seed")
    while table.seats[table.player] != "human":
        table.computer_move()
    hand = table.hand(table.player)
    checked = 0
    for place in table.places():
        cell = cell_at(place["place"])
        names = SCREEN_CORNERS_UP if tg.is_up(cell) else SCREEN_CORNERS_DOWN
        ys = [y for _, y in place["points"]]
        top = ys.index(min(ys))  # the place's outline as the page draws it: the name of each point
        assert (names[top] in ("top", "upper left", "upper right")) and (min(ys) == ys[top])
        for piece in hand:
            for turned in range(3):
                shown = [piece["numbers"][(turned + k) % 3] for k in range(3)]  # what the preview draws
                assert tuple(shown) == oriented(table.tiles[table.offered()[piece["piece"]]], turned)
                if place["place"] in table.hints(piece["piece"], turned):
                    continue
                message = table._why(table.offered()[piece["piece"]], turned, place["place"])
                if "touching corners" not in message:
                    continue
                name, want, have = re.match(r"the (.+) corner touches a (\d); this tile, turned so, shows (\d)",
                                            message).groups()
                corner = names.index(name)
                assert shown[corner] == int(have) and pattern_of(table.table.codes[place["place"]])[corner] == int(want)
                checked += 1
    assert checked
