"""Playing through the studio's routes, without a browser: the table moves on through the engine
`pnp check` uses, hints are exactly the engine's legal places, forged moves are refused in one line
and change nothing, live games are bounded, and a finished game's record passes `pnp replay`."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from studiohelp import hinted_move, studio_client

from pnp import games as registry
from pnp.games.rautino import records
from pnp.games.rautino.model import load
from pnp.games.rautino.players import PLAYERS
from pnp.games.rautino.state import play_game
from pnp.games.rautino.table import RautinoTable
from pnp.play.sessions import IDLE_SECONDS, MAX_LIVE_GAMES, Sessions
from pnp.studio.workspace import Workspace


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    with studio_client(tmp_path) as test_client:
        yield test_client


def new(client: TestClient, **body: object) -> dict:
    response = client.post("/api/play/new", json={"game": "rautino", "seats": "human,greedy", "seed": 3, **body})
    assert response.status_code == 200, response.text
    return response.json()




@pytest.mark.parametrize("seats", [["greedy"], ["greedy", "random"], ["lookahead", "greedy"]])
def test_a_table_of_computer_seats_plays_the_game_play_game_plays(seats: list[str]) -> None:
    model = load(None)
    for seed in range(4):
        table = RautinoTable(model, seats, seed)
        while not table.over:
            table.computer_move()
        expected = play_game(model, len(seats), seed, [PLAYERS[s] for s in seats])
        assert table.record() == records.to_record(model, expected, 1)


def test_a_searching_seat_plays_the_game_play_game_plays_with_the_checks_search_player() -> None:
    from pnp.games.rautino.players import seat_player

    model = load(None)
    table = RautinoTable(model, ["search"], 2)  # the expert alone: a short game
    while not table.over:
        table.computer_move()
    expected = play_game(model, 1, 2, [seat_player("search")])
    assert table.record() == records.to_record(model, expected, 1)
    greedy = play_game(model, 1, 2, [seat_player("greedy")])
    assert records.to_record(model, greedy, 1)["moves"] != table.record()["moves"]


def test_hints_are_the_engines_legal_places_at_several_positions() -> None:
    model = load(None)
    table = RautinoTable(model, ["human", "human"], 11)
    rng = random.Random(5)
    checked = 0
    while not table.over and checked < 12:
        hand = table.hands[table.player]
        for piece, stone in enumerate(hand):
            legal = table.board.placements(stone)
            for turned in (False, True):
                side = stone[::-1] if turned else stone
                assert table.hints(piece, turned) == sorted(s for s, a, b in legal if (a, b) == side)
            # every place the hints leave out is refused, every one they name is taken
            for slot in range(len(table.board.tables.slots)):
                assert table.board.fits(slot, *stone) == (slot in table.hints(piece, False))
        checked += 1
        moves = table.board.moves(hand)
        piece, slot, a, b = moves[rng.randrange(len(moves))]
        table.move({"piece": piece, "turned": (a, b) != hand[piece], "place": slot})
    assert checked == 12


def test_a_whole_game_through_the_routes_is_saved_and_replays_with_its_scores(client: TestClient,
                                                                             tmp_path: Path) -> None:
    state = new(client)
    assert state["seats"][1] == {"seat": 2, "player": "good", "strength": "good"}
    assert state["places"] and state["places"][0]["label"].startswith("place 1, row ")
    assert state["hand"][0]["label"].endswith(" stone")
    while not state["over"]:
        response = client.post(f"/api/play/{state['id']}/move", json=hinted_move(client, state))
        assert response.status_code == 200, response.text
        state = response.json()
        assert all("text" in step for step in state["steps"])
    saved = tmp_path / state["saved"]
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["pnp_game"] == "rautino" and record["seats"] == ["human", "good"]
    assert record["final_scores"] == state["scores"]
    out = io.StringIO()
    game = registry.get("rautino")
    assert game.replay(game.load(None), saved, out) == 0
    assert f"final scores {', '.join(map(str, state['scores']))}" in out.getvalue()


def test_a_game_ended_early_is_saved_abandoned_and_replays_up_to_where_it_stopped(client: TestClient,
                                                                                  tmp_path: Path) -> None:
    state = new(client)
    for _ in range(2):
        state = client.post(f"/api/play/{state['id']}/move", json=hinted_move(client, state)).json()
    response = client.post(f"/api/play/{state['id']}/end", json={})
    assert response.status_code == 200, response.text
    ended = response.json()
    assert ended["over"] and ended["left"] and ended["end"] == "abandoned" and not ended["hand"]
    record = json.loads((tmp_path / ended["saved"]).read_text(encoding="utf-8"))
    assert record["end"] == "abandoned" and record["seats"] == ["human", "good"] and record["spec"] is None
    assert record["final_scores"] == ended["scores"] and len(record["moves"]) == 4
    out = io.StringIO()
    game = registry.get("rautino")
    assert game.replay(game.load(None), tmp_path / ended["saved"], out) == 0
    assert "abandoned, scores so far" in out.getvalue()
    # the game takes no more moves, and ending it again changes nothing
    again = client.post(f"/api/play/{state['id']}/move", json={**hinted_move(client, state),
                                                                "version": ended["version"]})
    assert again.status_code == 422 and again.json() == {"error": "the game is over"}
    assert client.post(f"/api/play/{state['id']}/end", json={}).json()["saved"] == ended["saved"]
    assert len(list((tmp_path / "played").iterdir())) == 1


def test_a_game_left_before_its_person_moved_is_not_kept(client: TestClient, tmp_path: Path) -> None:
    state = new(client)
    ended = client.post(f"/api/play/{state['id']}/end", json={}).json()
    assert ended["over"] and ended["saved"] is None
    assert not (tmp_path / "played").exists()


def test_a_game_in_play_when_the_studio_stops_is_saved_abandoned(tmp_path: Path) -> None:
    with studio_client(tmp_path) as test_client:
        state = new(test_client)
        assert not (tmp_path / "played").exists()  # nobody moved: nothing to keep
        test_client.post(f"/api/play/{state['id']}/move", json=hinted_move(test_client, state))
        assert len(list((tmp_path / "played").iterdir())) == 1  # saved as it goes
    (saved,) = (tmp_path / "played").iterdir()
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["end"] == "abandoned" and len(record["moves"]) == 2
    game = registry.get("rautino")
    assert game.replay(game.load(None), saved, io.StringIO()) == 0


def test_the_point_indicator_names_the_points_of_each_move(client: TestClient) -> None:
    state = new(client)
    state = client.post(f"/api/play/{state['id']}/move", json=hinted_move(client, state)).json()
    mine = state["steps"][0]
    assert mine["text"].startswith("move 1: player 1 lays ")
    parts = dict(mine["score"])
    assert parts["total"] == state["scores"][0] and {"stone", "combo", "total"} <= set(parts)


@pytest.mark.parametrize(("change", "status", "message"), [
    ({"place": 10_000}, 422, "place: no place 10000 on this board"),
    ({"place": -1}, 422, "place: no place -1 on this board"),
    ({"piece": 7}, 422, "piece: no stone 7 in the hand of player 1"),
    ({"piece": "0"}, 422, "piece: no stone '0' in the hand of player 1"),
    ({"turned": "yes"}, 422, "turned: true or false"),
    ({"version": 99}, 409, "version: the game has moved on since version 99 (now 0); reload it"),
])
def test_a_forged_move_is_refused_in_one_line_and_changes_nothing(client: TestClient, change: dict, status: int,
                                                                  message: str) -> None:
    state = new(client)
    before = client.get(f"/api/play/{state['id']}").json()
    response = client.post(f"/api/play/{state['id']}/move", json={**hinted_move(client, state), **change})
    assert response.status_code == status
    assert response.json() == {"error": message}
    assert client.get(f"/api/play/{state['id']}").json() == before


def test_a_place_that_does_not_fit_is_refused_with_the_rule(client: TestClient) -> None:
    state = new(client)
    legal = hinted_move(client, state)
    hints = client.get(f"/api/play/{state['id']}/hints", params={"piece": legal["piece"],
                                                                 "turned": int(legal["turned"])}).json()["places"]
    open_places = client.get(f"/api/play/{state['id']}/open").json()["open"]
    wrong = next(p for p in range(len(state["places"])) if p not in hints and p not in open_places)
    response = client.post(f"/api/play/{state['id']}/move", json={**legal, "place": wrong})
    assert response.status_code == 422
    error = response.json()["error"]
    assert "\n" not in error and ("touch" in error or "taken" in error or "off the board" in error), error
    assert client.get(f"/api/play/{state['id']}").json()["version"] == 0


def test_the_other_players_turn_and_a_finished_game_refuse_moves(client: TestClient) -> None:
    state = new(client, seats="human,human")
    move = hinted_move(client, state)
    assert client.post(f"/api/play/{state['id']}/move", json=move).status_code == 200
    # the same move again, on the state it was made on: player 2 is on turn now
    response = client.post(f"/api/play/{state['id']}/move", json=move)
    assert response.status_code == 409 and "moved on since version 0" in response.json()["error"]


def test_profi_shows_no_places(client: TestClient) -> None:
    state = new(client, profi=True)
    response = client.get(f"/api/play/{state['id']}/hints", params={"piece": 0})
    assert response.status_code == 422 and response.json() == {"error": "profi: this game shows no places"}


def test_undo_takes_back_the_persons_last_move_and_the_computers_answer(client: TestClient) -> None:
    state = new(client)
    first = client.get(f"/api/play/{state['id']}").json()
    after = client.post(f"/api/play/{state['id']}/move", json=hinted_move(client, state)).json()
    assert after["undo"] and after["scores"] != [0, 0]
    undone = client.post(f"/api/play/{state['id']}/undo", json={"version": after["version"]}).json()
    assert undone["scores"] == first["scores"] and undone["hand"] == first["hand"]
    assert undone["step"] == first["step"] and not undone["undo"]
    again = client.post(f"/api/play/{state['id']}/undo", json={"version": undone["version"]})
    assert again.status_code == 422 and again.json() == {"error": "undo: you have not moved yet"}


def test_undo_is_refused_with_a_second_person(client: TestClient) -> None:
    state = new(client, seats="human,human")
    after = client.post(f"/api/play/{state['id']}/move", json=hinted_move(client, state)).json()
    response = client.post(f"/api/play/{state['id']}/undo", json={"version": after["version"]})
    assert response.status_code == 422 and "one person" in response.json()["error"]


def test_an_unknown_game_says_the_studio_restarted(client: TestClient) -> None:
    response = client.get("/api/play/0123456789abcdef")
    assert response.status_code == 404
    assert response.json()["error"] == ("game '0123456789abcdef' is not live here and no move of it was saved "
                                        "(the studio restarted before anyone moved); start a new one")


@pytest.mark.parametrize(("body", "message"), [
    ({"seats": "human,wizard"}, "seats: 'wizard' is not a player of rautino at the play table; use human or a "
                                "strength level: beginner, good, strong, expert, master"),
    ({"seats": "human,grandmaster"}, "seats: 'grandmaster' is not a player of rautino at the play table; use "
                                     "human or a strength level: beginner, good, strong, expert, master"),
    ({"seats": "human,greedy,greedy"}, "seats: 3 seat(s), rautino is for 1 or 2 players"),
    ({"seed": -1}, "seed: a whole number from 0 to 4294967295, not -1"),
    ({"seed": 1.5}, "seed: a whole number from 0 to 4294967295, not 1.5"),
    ({"seed": True}, "seed: a whole number from 0 to 4294967295, not true"),
    ({"seed": 2**80}, "seed: a whole number from 0 to 4294967295, not 12089258196146291747..."),
    ({"spec": "../x.toml"}, "'../x.toml': not a path inside the workspace"),
    ({"game": "triomino", "preset": "fast"}, "preset: triomino has the presets seed, classic"),
    ({"game": "zatre", "seats": "human,human,human,human,human"}, "seats: 5 seat(s), zatre is for 2 or 3 or 4 "
                                                                  "players"),
])
def test_a_bad_new_game_is_refused_in_one_line(client: TestClient, body: dict, message: str) -> None:
    response = client.post("/api/play/new", json={"game": "rautino", **body})
    assert 400 <= response.status_code < 500
    assert response.json() == {"error": message}


def test_live_games_are_bounded_by_number_and_idle_time(client: TestClient, tmp_path: Path) -> None:
    """Beyond the limit the game moved in longest ago is set aside, saved; asked for, it goes on."""
    model = load(None)
    sessions = Sessions(Workspace.open(tmp_path), limit=2, idle=IDLE_SECONDS)
    made = [sessions.start("rautino", lambda: RautinoTable(model, ["human"], 1), ["human"], 1, False, "")
            for _ in range(2)]
    made[1].used -= 1
    sessions.start("rautino", lambda: RautinoTable(model, ["human"], 1), ["human"], 1, False, "")
    assert sessions.get(made[0].id) is made[0]
    with pytest.raises(Exception, match="not live here"):
        sessions.get(made[1].id)
    made[0].used -= IDLE_SECONDS + 1  # idle for longer than the limit: dropped
    with pytest.raises(Exception, match="not live here"):
        sessions.get(made[0].id)
    assert MAX_LIVE_GAMES == 16 and IDLE_SECONDS == 7200  # the numbers docs/play.md documents
    # Through the studio: more games than the limit, each moved once; the first one goes on where it was.
    moved = []
    for seed in range(MAX_LIVE_GAMES + 2):
        state = new(client, seed=seed)
        moved.append(client.post(f"/api/play/{state['id']}/move", json=hinted_move(client, state)).json())
    again = client.get(f"/api/play/{moved[0]['id']}", params={"since": -1}).json()
    assert again["version"] == 1 and again["scores"] == moved[0]["scores"] and again["hand"] == moved[0]["hand"]


def test_a_game_ended_early_makes_room_for_a_new_one_and_its_page_still_shows_its_end(tmp_path: Path) -> None:
    model = load(None)
    sessions = Sessions(Workspace.open(tmp_path), limit=2, idle=IDLE_SECONDS)
    made = [sessions.start("rautino", lambda: RautinoTable(model, ["human"], 1), ["human"], 1, False, "")
            for _ in range(2)]
    sessions.leave(made[0])
    sessions.start("rautino", lambda: RautinoTable(model, ["human"], 1), ["human"], 1, False, "")
    assert sessions.get(made[0].id).state(0)["end"] == "abandoned"
    assert sessions.get(made[1].id) is made[1]  # still live: the game ended made the room


def test_a_piece_drawing_of_colours_the_set_lacks_is_refused(client: TestClient) -> None:
    state = new(client)
    assert client.get(f"/api/play/{state['id']}/{state['hand'][0]['image']}").status_code == 200
    response = client.get(f"/api/play/{state['id']}/piece/0/99.svg")
    assert response.status_code == 422 and response.json()["error"].startswith("piece: colours 0 and 99: this set has")


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_seats_offer_the_strength_levels_the_games_check_plays_named_once(game: str) -> None:
    from pnp.play.games import playable
    from pnp.play.seats import parse_seats, strength
    from pnp.players.levels import STANDARD_LEVELS, name_of

    levels, _ = playable(game)
    counts = registry.get(game).players
    assert levels == tuple(level.name for level in registry.get(game).simulation.levels) \
        == ("beginner", "good", "strong", "expert", "master")
    assert [strength(name) for name in levels] == list(levels)
    assert strength("human") == "you" and strength("a-new-player") == "a-new-player"
    # a seat is named by its strength level, as `pnp check --levels` names it ...
    assert parse_seats("human,good", levels, counts, game)[:2] == ["human", "good"]
    assert parse_seats("strong,beginner", levels, counts, game)[:2] == ["strong", "beginner"]
    # ... and the seat player's name of an older address or record reads as its level
    assert parse_seats("expert,search-deep", levels, counts, game)[:2] == ["expert", "master"]
    assert [strength(level.player) for level in STANDARD_LEVELS] == [name_of(STANDARD_LEVELS, level.player)
                                                                     for level in STANDARD_LEVELS] == list(levels)


def test_the_point_indicator_names_shapes_in_the_pages_language() -> None:
    from pnp.games.rautino.kit.frames import frames

    model = load(None)
    german = {shape.name for shape in model.shapes} - {shape.label.text("en") for shape in model.shapes}
    english = {shape.label.text("en") for shape in model.shapes}
    named = set()
    for seed in range(6):
        result = play_game(model, 2, seed, [PLAYERS["greedy"]] * 2)
        for frame in frames(model, records.to_record(model, result, 1)):
            for part, _ in frame.score:
                if "(" in part:
                    named.add(part.split(" (")[0])
    assert named and named <= english and not named & german, named


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_a_studio_started_again_continues_a_game_from_its_record(tmp_path: Path, game: str) -> None:
    """The game goes on where it was: same board, hand, scores and moves; and a game that ended stays ended."""
    from zatre_helpers import small_spec

    small_spec(tmp_path)
    body = {"game": game, "seats": "human,greedy", "seed": 3, "preset": "classic" if game == "triomino" else None,
            "spec": "zatre.toml" if game == "zatre" else ""}
    with studio_client(tmp_path) as first:
        state = first.post("/api/play/new", json=body).json()
        for _ in range(3):
            if state["offer"]:
                move = {"version": state["version"], "choice": "highest"}
            else:
                piece, turned, places = next((p, t, places) for p in range(len(state["hand"])) for t in range(3)
                                             if (places := first.get(f"/api/play/{state['id']}/hints", params={
                                                 "piece": p, "turned": t}).json()["places"]))
                move = {"version": state["version"], "piece": piece, "place": places[0],
                        "turned": bool(turned) if game == "rautino" else turned}
            state = first.post(f"/api/play/{state['id']}/move", json=move).json()
        before = first.get(f"/api/play/{state['id']}", params={"since": -1}).json()
    with studio_client(tmp_path) as again:
        assert again.get(f"/api/play/{state['id']}/version").json() == {"version": 3, "over": False}
        after = again.get(f"/api/play/{state['id']}", params={"since": -1}).json()
        assert after == before
        ended = again.post(f"/api/play/{state['id']}/end", json={}).json()
        assert ended["saved"] and ended["left"]
    with studio_client(tmp_path) as third:
        gone = third.get(f"/api/play/{state['id']}")
        assert gone.status_code == 404 and gone.json()["error"].endswith(f"it ended, saved as {ended['saved']}")
        for wrong in ["0123", "../../etc/passwd", "*"]:
            assert third.get(f"/api/play/{wrong}").status_code == 404


@pytest.mark.parametrize(("game", "mark"), [("rautino", 'class="last-stone"'), ("triomino", 'class="last-tile"'),
                                            ("zatre", "#c62828")])
def test_the_studios_replay_of_a_played_game_marks_the_piece_just_laid(client: TestClient, game: str,
                                                                        mark: str) -> None:
    state = client.post("/api/play/new", json={"game": game, "seats": "human,greedy", "seed": 2}).json()
    for _ in range(4):  # a few moves of the person, each answered by the computer
        piece, turned, places = next((p, t, places) for p in range(len(state["hand"])) for t in range(state["turns"])
                                     if (places := client.get(f"/api/play/{state['id']}/hints", params={
                                         "piece": p, "turned": t}).json()["places"]))
        state = client.post(f"/api/play/{state['id']}/move", json={
            "version": state["version"], "piece": piece, "place": places[0],
            "turned": bool(turned) if game == "rautino" else turned}).json()
    state = client.post(f"/api/play/{state['id']}/end", json={}).json()
    name = Path(state["saved"]).name
    steps = len(client.get(f"/api/play/{state['id']}", params={"since": -1}).json()["steps"])
    marked = [mark in client.get(f"/api/played/{name}/board/{step}.svg").text for step in range(steps)]
    assert all(marked[1:-1]), marked  # every move's board, its piece outlined (not the empty one)


@pytest.mark.parametrize(("game", "seats"), [("rautino", "human,greedy"), ("triomino", "human,greedy")])
def test_hints_say_whether_a_piece_fits_some_other_way_round(client: TestClient, game: str, seats: str) -> None:
    """The page says "turn it" only where turning helps: a piece that fits no way round is to be put back."""
    for seed in range(6):
        state = new(client, game=game, seats=seats, seed=seed)
        for piece in range(len(state["hand"])):
            answers = [client.get(f"/api/play/{state['id']}/hints", params={"piece": piece, "turned": turned}).json()
                       for turned in range(state["turns"])]
            anywhere = any(answer["places"] for answer in answers)
            assert all(answer["fits_turned"] == anywhere for answer in answers), (seed, piece, answers)


def test_seats_are_named_in_any_case() -> None:
    from pnp.play.games import playable
    from pnp.play.seats import parse_seats

    levels, _ = playable("zatre")
    assert parse_seats("Human, EXPERT", levels, registry.get("zatre").players, "zatre")[:2] == ["human", "expert"]
