"""Hostile input against the studio's files and the play server: every path stays in the workspace
(symlinks at any level, FIFOs, folders where files belong), a refused save writes nothing, a finished
game is never lost, bad requests and bad records get a 4xx and one line, and what a route reads or
computes is bounded. Each answer is checked for its status, its one line, and that nothing outside
the workspace was read or written."""

from __future__ import annotations

import io
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from studiohelp import hinted_move

from pnp.errors import PnpError
from pnp.play.sessions import MAX_LIVE_GAMES, Sessions
from pnp.spec import template_path
from pnp.studio.app import create_app
from pnp.studio.specs import version
from pnp.studio.workspace import Workspace

PORT = 8765
ORIGIN = f"http://127.0.0.1:{PORT}"
SECRET = "root:x:0:0:the secret outside"
SPEC = "set/rautino.toml"
SPEC_ID = f"workspace:rautino:{SPEC}"


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    (folder / "set").mkdir(parents=True)
    (folder / SPEC).write_text(template_path("rautino").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "passwd").write_text(SECRET, encoding="utf-8")
    return folder


@pytest.fixture
def client(ws: Path) -> Iterator[TestClient]:
    app = create_app(Workspace.open(ws), hosts={"127.0.0.1"}, port_ref=lambda: PORT)
    with TestClient(app, base_url=ORIGIN, headers={"origin": ORIGIN}) as test_client:
        yield test_client


def refused(response, *needles: str, status: int | None = None) -> str:
    """The one line of a 4xx answer naming every needle, that shows nothing of the secret."""
    assert 400 <= response.status_code < 500, (response.status_code, response.text)
    if status is not None:
        assert response.status_code == status, response.text
    assert SECRET not in response.text
    error = response.json()["error"]
    assert "\n" not in error and "Traceback" not in error
    for needle in needles:
        assert needle in error, error
    return error


def outside(ws: Path) -> dict[str, bytes]:
    """What the folder beside the workspace holds (to show nothing was written there)."""
    return {p.name: p.read_bytes() for p in (ws.parent / "outside").iterdir()}


def save(client: TestClient, text: str, base: str | None, spec_id: str = SPEC_ID):
    return client.post("/api/spec/save", json={"id": spec_id, "text": text, "version": base})


def history_files(ws: Path) -> list[str]:
    folder = ws / ".pnp-history"
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")) if folder.exists() else []


def edited(ws: Path) -> tuple[str, str]:
    original = (ws / SPEC).read_text(encoding="utf-8")
    return original, original.replace("hand_size = 3 ", "hand_size = 4 ")


def play_to_end(client: TestClient, **body: object) -> dict:
    """A person's game against the computer, played to its end with the first legal move each turn."""
    state = client.post("/api/play/new", json={"game": "rautino", "seats": "human,greedy", "seed": 3, **body}).json()
    assert "id" in state, state
    while not state["over"]:
        state = client.post(f"/api/play/{state['id']}/move", json=hinted_move(client, state)).json()
    return state




# --- every route that touches a file: a symlink out of the workspace is refused ---------------

def test_a_history_version_linked_out_of_the_workspace_is_never_read(client: TestClient, ws: Path) -> None:
    original, changed = edited(ws)
    assert save(client, changed, version(original)).status_code == 200
    version_2 = ws / ".pnp-history" / SPEC / "0002.toml"
    version_2.unlink()
    version_2.symlink_to(ws.parent / "outside" / "passwd")
    refused(client.get("/api/history/2", params={"id": SPEC_ID}), "0002.toml", "outside the workspace", status=404)
    listed = client.get("/api/history", params={"id": SPEC_ID}).json()["versions"]
    assert [v["number"] for v in listed] == [1, 2] and "outside the workspace" in listed[1]["error"]
    assert SECRET not in json.dumps(listed)


def test_a_history_folder_linked_out_of_the_workspace_is_never_read_nor_written(client: TestClient,
                                                                              ws: Path) -> None:
    (ws / ".pnp-history" / "set").mkdir(parents=True)
    (ws / ".pnp-history" / SPEC).symlink_to(ws.parent / "outside", target_is_directory=True)
    before_out, before_spec = outside(ws), (ws / SPEC).read_bytes()
    refused(client.get("/api/history", params={"id": SPEC_ID}), "outside the workspace", status=404)
    original, changed = edited(ws)
    refused(save(client, changed, version(original)), "outside the workspace", status=404)
    assert outside(ws) == before_out and (ws / SPEC).read_bytes() == before_spec


@pytest.mark.parametrize("route", ["/api/spec?id=workspace:rautino:link.toml", "/files/link.toml"])
def test_a_spec_or_file_linked_out_is_refused(client: TestClient, ws: Path, route: str) -> None:
    (ws / "link.toml").symlink_to(ws.parent / "outside" / "passwd")
    refused(client.get(route), "outside the workspace", status=404)


def test_a_save_to_a_spec_linked_out_writes_nothing_there(client: TestClient, ws: Path) -> None:
    secret = ws.parent / "outside" / "rautino.toml"
    secret.write_text(template_path("rautino").read_text(encoding="utf-8"), encoding="utf-8")
    (ws / "link.toml").symlink_to(secret)
    before = outside(ws)
    text = secret.read_text(encoding="utf-8")
    refused(save(client, text.replace("hand_size = 3 ", "hand_size = 4 "), version(text),
                 "workspace:rautino:link.toml"), "outside the workspace")
    refused(client.post("/api/play/new", json={"game": "rautino", "spec": "link.toml"}), "outside the workspace")
    assert outside(ws) == before and history_files(ws) == []


def test_save_as_into_a_folder_linked_out_writes_nothing_there(client: TestClient, ws: Path) -> None:
    (ws / "away").symlink_to(ws.parent / "outside", target_is_directory=True)
    before = outside(ws)
    text = template_path("rautino").read_text(encoding="utf-8")
    refused(client.post("/api/spec/save-as", json={"id": "shipped:rautino", "folder": "away", "text": text}),
            "outside the workspace")
    assert outside(ws) == before


def test_played_linked_out_of_the_workspace_is_neither_written_nor_listed(client: TestClient, ws: Path) -> None:
    (ws / "played").symlink_to(ws.parent / "outside", target_is_directory=True)
    (ws.parent / "outside" / "old.jsonl").write_text('{"pnp_game": "rautino"}\n', encoding="utf-8")
    before = outside(ws)
    state = play_to_end(client)
    assert state["saved"] is None and "outside the workspace" in state["unsaved"]
    assert "\n" not in state["unsaved"]
    assert outside(ws) == before  # the record went nowhere outside
    refused(client.get("/api/played"), "outside the workspace", status=404)
    refused(client.get("/api/played/old.jsonl"), "outside the workspace")


def test_a_played_record_linked_out_is_listed_as_not_valid_and_never_read(client: TestClient, ws: Path) -> None:
    (ws / "played").mkdir()
    (ws / "played" / "x.jsonl").symlink_to(ws.parent / "outside" / "passwd")
    listed = client.get("/api/played").json()
    assert listed["games"] == [{"file": "x.jsonl", "game": None, "abandoned": False, "in_play": False,
                                "label": "x.jsonl: not valid: leads outside the workspace (through a symlink); "
                                         "not followed",
                                "invalid": "leads outside the workspace (through a symlink); not followed"}]
    refused(client.get("/api/played/x.jsonl"), "outside the workspace")
    refused(client.get("/api/played/x.jsonl/board/0.svg"), "outside the workspace")


@pytest.mark.parametrize("route", ["/api/spec?id=workspace:rautino:fifo.toml", "/files/fifo.toml"])
def test_a_fifo_is_refused_without_waiting_for_a_writer(client: TestClient, ws: Path, route: str) -> None:
    os.mkfifo(ws / "fifo.toml")
    refused(client.get(route), "FIFO")
    refused(client.post("/api/play/new", json={"game": "rautino", "spec": "fifo.toml"}), "FIFO", status=400)


def test_a_fifo_as_a_history_version_or_a_played_record_is_named_not_read(client: TestClient, ws: Path) -> None:
    (ws / ".pnp-history" / SPEC).mkdir(parents=True)
    os.mkfifo(ws / ".pnp-history" / SPEC / "0001.toml")
    (ws / "played").mkdir()
    os.mkfifo(ws / "played" / "f.jsonl")
    refused(client.get("/api/history/1", params={"id": SPEC_ID}), "FIFO", status=400)
    assert "FIFO" in client.get("/api/history", params={"id": SPEC_ID}).json()["versions"][0]["error"]
    assert "FIFO" in client.get("/api/played").json()["games"][0]["invalid"]
    refused(client.get("/api/played/f.jsonl"), "FIFO")


# --- a save is checked whole before anything is written ----------------------------------------

def test_a_refused_save_writes_no_history(client: TestClient, ws: Path) -> None:
    original, changed = edited(ws)
    (ws / "notes.txt").write_text("notes", encoding="utf-8")
    huge = original + "#" * (300 * 1024)
    refused(save(client, huge, version(original)), "larger than 256 KB", status=400)
    refused(save(client, changed, version(original), "workspace:rautino:notes.txt"), "not a spec", status=404)
    refused(save(client, changed, "stale"), "changed since it was opened", status=409)
    refused(save(client, changed, version(original), "workspace:rautino:missing.toml"), "not a spec",
            status=404)
    assert history_files(ws) == [] and (ws / SPEC).read_text(encoding="utf-8") == original
    assert save(client, changed, version(original)).json()["kept"] == [1, 2]
    again = version(changed)
    refused(save(client, original, again, f"workspace:rautino:.pnp-history/{SPEC}/0001.toml"), "not a spec")
    assert history_files(ws) == ["set", "set/rautino.toml", "set/rautino.toml/0001.toml",
                                 "set/rautino.toml/0002.toml"]


def test_a_folder_named_like_the_next_version_is_passed_by_and_the_answer_says_what_was_kept(
        client: TestClient, ws: Path) -> None:
    original, changed = edited(ws)
    assert save(client, changed, version(original)).json()["kept"] == [1, 2]
    (ws / ".pnp-history" / SPEC / "0003.toml").mkdir()
    answer = save(client, original, version(changed)).json()
    assert answer["kept"] == [4] and (ws / SPEC).read_text(encoding="utf-8") == original
    assert (ws / ".pnp-history" / SPEC / "0004.toml").read_text(encoding="utf-8") == original


def test_a_history_folder_that_is_a_file_refuses_the_save_before_it_writes(client: TestClient, ws: Path) -> None:
    (ws / ".pnp-history" / "set").mkdir(parents=True)
    (ws / ".pnp-history" / SPEC).write_text("in the way", encoding="utf-8")
    original, changed = edited(ws)
    refused(save(client, changed, version(original)), ".pnp-history/set/rautino.toml: a file, not a folder",
            status=400)
    refused(client.get("/api/history", params={"id": SPEC_ID}), "not a folder", status=400)
    assert (ws / SPEC).read_text(encoding="utf-8") == original


def test_versions_named_with_other_digits_are_no_versions(client: TestClient, ws: Path) -> None:
    (ws / ".pnp-history" / SPEC).mkdir(parents=True)
    (ws / ".pnp-history" / SPEC / "٠٠٠٩.toml").write_text("x = 1\n", encoding="utf-8")
    (ws / ".pnp-history" / SPEC / ("9" * 5000 + ".toml")[:250]).write_text("x = 1\n", encoding="utf-8")
    assert client.get("/api/history", params={"id": SPEC_ID}).json()["versions"] == []
    refused(client.get("/api/history/9", params={"id": SPEC_ID}), "no saved version 9", status=404)


def test_a_spec_id_naming_a_folder_is_refused_in_one_line(client: TestClient, ws: Path) -> None:
    (ws / "sub").mkdir()
    refused(client.get("/api/spec", params={"id": "workspace:rautino:sub"}), "sub: a folder", status=400)


def test_a_planted_huge_history_version_is_not_read(client: TestClient, ws: Path) -> None:
    original, changed = edited(ws)
    save(client, changed, version(original))
    with (ws / ".pnp-history" / SPEC / "0002.toml").open("ab") as handle:
        handle.truncate(50 * 1024 * 1024)
    response = client.get("/api/history/2", params={"id": SPEC_ID})
    refused(response, "larger than 256 KB", status=400)
    assert len(response.content) < 1000
    listed = client.get("/api/history", params={"id": SPEC_ID})
    assert len(listed.content) < 2000 and "larger than 256 KB" in listed.json()["versions"][1]["error"]


# --- finished games are never lost -----------------------------------------------------------

@pytest.mark.parametrize("plant", ["file", "fifo", "dangling"])
def test_a_finished_game_that_played_cannot_take_stays_downloadable(client: TestClient, ws: Path, tmp_path: Path,
                                                                  plant: str) -> None:
    from pnp import games

    played = ws / "played"
    if plant == "file":
        played.write_text("in the way", encoding="utf-8")
    elif plant == "fifo":
        os.mkfifo(played)
    else:
        played.symlink_to(ws / "nowhere" / "at-all")
    state = play_to_end(client)
    assert state["saved"] is None
    assert state["unsaved"].startswith("not saved in the workspace (played") and "\n" not in state["unsaved"]
    assert "download its record" in state["unsaved"]
    download = client.get(state["record"])
    assert download.status_code == 200 and "attachment" in download.headers["content-disposition"]
    (tmp_path / "kept.jsonl").write_bytes(download.content)
    game = games.get("rautino")
    assert game.replay(game.load(None), tmp_path / "kept.jsonl", io.StringIO()) == 0
    assert not (ws / "nowhere").exists()


# --- bad requests are 4xx in one line ----------------------------------------------------------

@pytest.mark.parametrize("body", [b'{"game": "rautino", "seed": Infinity}', b'{"game": "rautino", "seed": NaN}',
                                  b'{"game": "rautino", "seed": 1e400}'])
def test_a_seed_that_is_no_whole_number_is_refused(client: TestClient, body: bytes) -> None:
    refused(client.post("/api/play/new", content=body, headers={"content-type": "application/json"}),
            status=400)


@pytest.mark.parametrize("route", ["/api/play/new", "move", "undo"])
def test_a_deeply_nested_body_is_refused_in_one_line(client: TestClient, route: str) -> None:
    if route != "/api/play/new":
        state = client.post("/api/play/new", json={"game": "rautino", "seed": 3}).json()
        route = f"/api/play/{state['id']}/{route}"
    body = b'{"a":' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    refused(client.post(route, content=body, headers={"content-type": "application/json"}), "nests more than",
            status=400)



@pytest.mark.parametrize("route", ["move", "undo", "end"])
@pytest.mark.parametrize("body", [b"{broken", b"", b"[1, 2]", b'{"version": NaN}'])
def test_a_body_that_is_no_json_object_is_refused_and_the_game_goes_on(client: TestClient, route: str,
                                                                       body: bytes) -> None:
    state = client.post("/api/play/new", json={"game": "rautino", "seats": "human,greedy", "seed": 3}).json()
    refused(client.post(f"/api/play/{state['id']}/{route}", content=body, headers={"content-type": "application/json"}),
            "the request body", status=400)
    now = client.get(f"/api/play/{state['id']}/version").json()
    assert now == {"version": state["version"], "over": False}  # nothing was played, nothing ended


def test_get_on_new_game_says_the_method_is_wrong(client: TestClient) -> None:
    response = client.get("/api/play/new")
    refused(response, "POST", status=405)
    assert response.headers["allow"] == "POST"


# --- one bad record never breaks the played list ----------------------------------------------

def test_bad_records_are_listed_with_why_and_the_good_ones_still_show(client: TestClient, ws: Path) -> None:
    spec = ws / "colours.toml"
    spec.write_text(template_path("rautino").read_text(encoding="utf-8"), encoding="utf-8")
    good = play_to_end(client)
    with_spec = play_to_end(client, spec="colours.toml")
    record = json.loads((ws / good["saved"]).read_text(encoding="utf-8"))
    tampered = {
        "seats.jsonl": {**record, "seats": 5},
        "scores.jsonl": {**record, "final_scores": 7},
        "start.jsonl": {k: v for k, v in record.items() if k != "start"},
        "player.jsonl": {**record, "moves": [{**record["moves"][0], "player": "x"}, *record["moves"][1:]]},
        "moves.jsonl": {**record, "moves": "all of them"},
    }
    for name, value in tampered.items():
        (ws / "played" / name).write_text(json.dumps(value) + "\n", encoding="utf-8")
    (ws / "played" / "deep.jsonl").write_text('{"a":' + "[" * 50_000 + "]" * 50_000 + "}\n", encoding="utf-8")
    (ws / "played" / "dangling.jsonl").symlink_to(ws / "played" / "gone.jsonl")
    spec.write_text(spec.read_text(encoding="utf-8").replace('"red"', '"crimson"'), encoding="utf-8")
    games = {item["file"]: item for item in client.get("/api/played").json()["games"]}
    assert not games[Path(good["saved"]).name].get("invalid")
    reasons = {name: item.get("invalid") for name, item in games.items()}
    assert reasons["seats.jsonl"] and reasons["scores.jsonl"] and reasons["start.jsonl"]
    assert reasons["player.jsonl"] and reasons["moves.jsonl"]
    assert "nested too deeply" in reasons["deep.jsonl"]
    assert "symlink to nothing" in reasons["dangling.jsonl"]
    assert reasons[Path(with_spec["saved"]).name]  # its spec no longer has the colour red
    for name, reason in reasons.items():
        if reason:
            assert games[name]["label"] == f"{name}: not valid: {reason}" and "\n" not in reason
            refused(client.get(f"/api/played/{name}"), "not valid" if name != "dangling.jsonl" else "nothing")


# --- what a route computes is bounded ---------------------------------------------------------

def test_simultaneous_starts_never_pass_the_live_game_limit(ws: Path) -> None:
    from pnp.games.rautino.model import load
    from pnp.games.rautino.table import RautinoTable

    sessions, model = Sessions(Workspace.open(ws)), load(None)
    barrier, started, refusals = threading.Barrier(40), [], []

    def start() -> None:
        barrier.wait()
        try:
            started.append(sessions.start("rautino", lambda: RautinoTable(model, ["human", "greedy"], 1),
                                          ["human", "greedy"], 1, False, "shipped"))
        except PnpError as exc:
            refusals.append(str(exc))

    threads = [threading.Thread(target=start) for _ in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Beyond the limit the game moved in longest ago is set aside (its record holds it), so games
    # keep starting; those in memory never pass the limit, and a start beyond what can be set aside
    # is refused in one line.
    live = [session for session in sessions._live.values() if not session.over]
    assert len(live) <= MAX_LIVE_GAMES and len(started) + len(refusals) == 40 and started
    assert all("games are live (the most at once)" in reason for reason in refusals)


def test_a_game_of_searching_computers_only_is_refused_at_once(client: TestClient, ws: Path) -> None:
    refused(client.post("/api/play/new", json={"game": "zatre", "seats": "master,master", "seed": 1}),
            "only the quick levels (beginner, good, strong)", status=400)
    quick = client.post("/api/play/new", json={"game": "zatre", "seats": "good,strong", "seed": 1}).json()
    assert quick["over"] and quick["saved"] is None and "computers only" in quick["unsaved"]
    assert client.get(quick["record"]).status_code == 200
    assert not (ws / "played").exists()  # a computer game fills no folder


# --- profi gives no help --------------------------------------------------------------------

def test_undo_is_refused_in_profi_mode(client: TestClient) -> None:
    state = client.post("/api/play/new", json={"game": "rautino", "seats": "human,greedy", "seed": 3,
                                               "profi": True}).json()
    plain = client.post("/api/play/new", json={"game": "rautino", "seats": "human,greedy", "seed": 3}).json()
    move = hinted_move(client, plain)
    after = client.post(f"/api/play/{state['id']}/move", json={**move, "version": state["version"]}).json()
    assert after["undo"] is False
    refused(client.post(f"/api/play/{state['id']}/undo", json={"version": after["version"]}), "profi", status=422)
