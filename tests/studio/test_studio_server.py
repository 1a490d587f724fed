"""The studio as a real server on 127.0.0.1, attacked over raw HTTP: every bad request gets a 4xx and
one line (never a 500, never a traceback in its log), saves write only the workspace's specs, a
save as made while the studio runs can be edited, special files never block it."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.xdist_group("studio-server")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Studio:
    def __init__(self, workspace: Path, host: str = "127.0.0.1") -> None:
        self.workspace = workspace
        self.port = free_port()
        self.log = workspace.parent / f"studio-{self.port}.log"
        self._log = self.log.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pnp", "studio", "--workspace", str(workspace), "--host", host,
             "--port", str(self.port), "--no-browser"], stdout=subprocess.PIPE, stderr=self._log, text=True)
        assert self.process.stdout is not None
        self.first_line = self.process.stdout.readline()
        self.second_line = ""
        if host != "127.0.0.1":
            self.second_line = self.process.stdout.readline()
        self._wait_listening()

    def _wait_listening(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                self.request("GET", "/api/games")
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError(f"the studio did not start: {self.first_line}")

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def request(self, method: str, path: str, body: Any = None, *, raw: bytes | None = None,
                headers: dict[str, str] | None = None, timeout: float = 60) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        sent = {"origin": self.origin, "content-type": "application/json", **(headers or {})}
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        payload = response.read()
        connection.close()
        try:
            return response.status, json.loads(payload)
        except ValueError:
            return response.status, payload

    def get(self, path: str, **kwargs: Any) -> tuple[int, Any]:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body: Any, **kwargs: Any) -> tuple[int, Any]:
        return self.request("POST", path, body, **kwargs)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()


def make_workspace(root: Path) -> Path:
    workspace = root / "workspace"
    workspace.mkdir()
    subprocess.run([sys.executable, "-m", "pnp", "init", "rautino", str(workspace / "mine")], check=True,
                   capture_output=True)
    (workspace / "notes.txt").write_text("my notes", encoding="utf-8")
    (workspace / ".hidden").mkdir()
    shipped = (workspace / "mine" / "rautino.toml").read_text(encoding="utf-8")
    (workspace / ".hidden" / "rautino.toml").write_text(shipped, encoding="utf-8")
    (workspace / "broken").mkdir()
    (workspace / "broken" / "rautino.toml").write_text(shipped.replace('title = "Rautino"', 'title = "Rautino'),
                                                       encoding="utf-8")
    return workspace


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Studio]:
    server = Studio(make_workspace(tmp_path_factory.mktemp("studio")))
    try:
        yield server
    finally:
        server.stop()


def shipped(studio: Studio, game: str = "rautino") -> dict[str, Any]:
    status, spec = studio.get(f"/api/spec?id=shipped:{game}")
    assert status == 200
    return spec


def spec_of(studio: Studio, spec_id: str) -> dict[str, Any]:
    status, spec = studio.get(f"/api/spec?id={spec_id}")
    assert status == 200, spec
    return spec


def assert_one_line_4xx(status: int, body: Any) -> None:
    assert 400 <= status < 500, (status, body)
    assert isinstance(body, dict) and isinstance(body.get("error"), str), body
    assert body["error"] and "\n" not in body["error"] and "Traceback" not in body["error"]


# --- work never refused or lost ---------------------------------------------------------------

@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_a_copy_saved_as_while_the_studio_runs_takes_every_edit(studio: Studio, game: str) -> None:
    spec = shipped(studio, game)
    status, saved = studio.post("/api/spec/save-as", {"id": spec["id"], "text": spec["text"], "folder": f"copy-{game}"})
    assert status == 200, saved
    copy = spec_of(studio, saved["id"])
    for number in range(3):  # edit after edit, each saved from the version the last one wrote
        text = copy["text"].replace("title = ", f"# edit {number}\ntitle = ", 1)
        status, result = studio.post("/api/spec/save", {"id": saved["id"], "text": text, "version": copy["version"]})
        assert status == 200, result
        copy = spec_of(studio, saved["id"])
        assert copy["text"] == text
    assert (studio.workspace / f"copy-{game}" / f"{game}.toml").read_text(encoding="utf-8") == copy["text"]


def test_a_spec_with_a_toml_syntax_error_opens_with_its_error_and_can_be_fixed(studio: Studio) -> None:
    spec = spec_of(studio, "workspace:rautino:broken/rautino.toml")
    assert spec["form"] is None and not spec["validation"]["ok"]
    assert "not valid TOML" in spec["validation"]["message"]
    fixed = spec["text"].replace('title = "Rautino', 'title = "Rautino"', 1)
    status, edited = studio.post("/api/spec/edit", {"id": spec["id"], "text": fixed, "edits": []})
    assert status == 200 and edited["validation"]["ok"] and edited["form"]
    status, saved = studio.post("/api/spec/save", {"id": spec["id"], "text": fixed, "version": spec["version"]})
    assert status == 200, saved
    assert (studio.workspace / "broken" / "rautino.toml").read_text(encoding="utf-8") == fixed


def test_a_board_too_large_to_print_is_refused_with_its_limit_and_never_saved(studio: Studio) -> None:
    spec = spec_of(studio, "workspace:rautino:mine/rautino.toml")
    before = (studio.workspace / "mine" / "rautino.toml").read_text(encoding="utf-8")
    status, edited = studio.post("/api/spec/edit", {"id": spec["id"], "text": spec["text"], "edits": [
        {"op": "set", "path": "board.triangle_mm", "value": 40.0}]})
    assert status == 200 and not edited["validation"]["ok"]
    assert edited["validation"]["field"] == "board.triangle_mm"
    assert "at most 27 mm" in edited["validation"]["reason"]
    status, body = studio.post("/api/spec/save", {"id": spec["id"], "text": edited["text"], "version": spec["version"]})
    assert_one_line_4xx(status, body)
    assert (studio.workspace / "mine" / "rautino.toml").read_text(encoding="utf-8") == before
    status, kit = studio.post("/api/spec/edit", {"id": spec["id"], "text": spec["text"], "edits": [
        {"op": "set", "path": "board.triangle_mm", "value": 27.0}]})
    assert kit["validation"]["ok"]
    status, drawn = studio.post("/api/kit", {"id": spec["id"], "text": kit["text"]})
    assert status == 200 and drawn["pages"]  # the largest value the loader accepts prints


# --- saves write only the workspace's specs ---------------------------------------------------------

@pytest.mark.parametrize("path", ["notes.txt", ".hidden/rautino.toml", "elsewhere/new.toml"])
def test_a_save_writes_only_a_spec_the_workspace_holds(studio: Studio, path: str) -> None:
    text = shipped(studio)["text"]
    target = studio.workspace / path
    before = target.read_bytes() if target.exists() else None
    status, body = studio.post("/api/spec/save", {"id": f"workspace:rautino:{path}", "text": text, "version": "x"})
    assert_one_line_4xx(status, body)
    assert "not a spec of this workspace" in body["error"]
    assert (target.read_bytes() if target.exists() else None) == before


def test_a_save_without_the_version_it_was_edited_from_is_stale(studio: Studio) -> None:
    spec = spec_of(studio, "workspace:rautino:mine/rautino.toml")
    before = (studio.workspace / "mine" / "rautino.toml").read_text(encoding="utf-8")
    changed = spec["text"].replace('title = "Rautino"', 'title = "Lost"')
    status, body = studio.post("/api/spec/save", {"id": spec["id"], "text": changed})
    assert status == 409 and "version" in body["error"]
    assert (studio.workspace / "mine" / "rautino.toml").read_text(encoding="utf-8") == before


def test_two_save_as_into_one_new_folder_one_wins_the_other_is_told(studio: Studio) -> None:
    texts = [shipped(studio)["text"].replace('title = "Rautino"', f'title = "Tab {n}"') for n in range(4)]
    results: list[int] = []
    barrier = threading.Barrier(len(texts))

    def save_as(text: str) -> None:
        barrier.wait()
        results.append(studio.post("/api/spec/save-as", {"id": "shipped:rautino", "text": text, "folder": "race"})[0])

    threads = [threading.Thread(target=save_as, args=(text,)) for text in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [200, 409, 409, 409]
    assert (studio.workspace / "race" / "rautino.toml").read_text(encoding="utf-8") in texts
    assert [p.name for p in (studio.workspace / "race").iterdir()] == ["rautino.toml"]


# --- bad requests: a 4xx and one line ---------------------------------------------------------------

DEEP_KEY = "a" + ".a" * 12_000 + " = 1\n"


def bad_requests(studio: Studio) -> list[tuple[str, str, Any]]:
    text = shipped(studio)["text"]
    unclosed = text.replace('title = "Rautino"', 'title = "Rautino')
    long_name = "x" * 300 + ".toml"
    return [
        ("POST", "/api/spec/edit", {"id": "shipped:rautino", "text": "not toml [[[", "edits": [
            {"op": "set", "path": "game.title", "value": "x"}]}),
        ("POST", "/api/spec/edit", {"id": "shipped:rautino", "text": unclosed, "edits": [
            {"op": "set", "path": "game.title", "value": "x"}]}),
        ("POST", "/api/spec/edit", {"id": "shipped:rautino", "text": text, "edits": [1]}),
        ("POST", "/api/spec/edit", {"id": "shipped:rautino", "text": DEEP_KEY, "edits": [
            {"op": "set", "path": "a", "value": 1}]}),
        ("POST", "/api/kit", {"id": "shipped:rautino", "text": DEEP_KEY}),
        ("POST", "/api/kit", {"id": "shipped:rautino", "text": "not toml [[["}),
        ("POST", "/api/check", {"id": "shipped:rautino", "text": "not toml [[["}),
        ("POST", "/api/check", {"id": "shipped:rautino", "text": DEEP_KEY}),
        ("POST", "/api/spec/save", {"id": "workspace:rautino:mine/rautino.toml", "text": unclosed, "version": "x"}),
        ("GET", f"/api/spec?id=workspace:rautino:{long_name}", None),
        ("GET", f"/files/{long_name}", None),
        ("POST", "/api/spec/save", {"id": f"workspace:rautino:{long_name}", "text": text, "version": "x"}),
        ("POST", "/api/spec/save-as", {"id": "shipped:rautino", "text": text, "folder": "y" * 300}),
        ("POST", "/api/spec/save-as", {"id": "shipped:rautino", "text": text, "folder": ["a"]}),
        ("POST", "/api/spec/save-as", {"id": "shipped:rautino", "text": text, "folder": "studio-output"}),
        ("POST", "/api/spec/save", {"id": "workspace:rautino:mine/rautino.toml", "text": text, "version": 5}),
        ("POST", "/api/check", {"id": "shipped:rautino", "text": text, "confidence": "high"}),
        ("POST", "/api/check", {"id": "shipped:rautino", "text": text, "players": 0}),
        ("POST", "/api/check", {"id": "shipped:triomino", "text": text, "preset": "x" * 300}),
        ("POST", "/api/check", {"id": "shipped:triomino", "text": shipped(studio, "triomino")["text"],
                                "preset": "nosuch"}),
        ("POST", "/api/check", {"id": "shipped:rautino", "text": text, "preset": "seed"}),
    ]


def test_every_bad_request_gets_a_4xx_and_one_line(studio: Studio) -> None:
    for method, path, body in bad_requests(studio):
        status, answer = studio.request(method, path, body)
        assert_one_line_4xx(status, answer)


def test_deeply_nested_json_is_refused(studio: Studio) -> None:
    for depth in (40, 100_000):
        raw = b'{"id": "shipped:rautino", "text": "x", "edits": ' + b"[" * depth + b"]" * depth + b"}"
        status, body = studio.request("POST", "/api/spec/edit", raw=raw)
        assert_one_line_4xx(status, body)
        assert "levels deep" in body["error"]


def test_a_chunked_body_over_the_limit_is_refused(studio: Studio) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", studio.port, timeout=60)
    chunks = (b'{"text": "' + b"x" * 64 * 1024 for _ in range(20))  # 1.3 MB, no content-length
    connection.request("POST", "/api/spec/edit", body=chunks, encode_chunked=True,
                       headers={"origin": studio.origin, "content-type": "application/json"})
    response = connection.getresponse()
    body = json.loads(response.read())
    assert response.status == 413 and "larger than" in body["error"]


def wait_for(studio: Studio, job: str) -> dict[str, Any]:
    deadline = time.monotonic() + 180
    while True:
        _, state = studio.get(f"/api/check/{job}")
        if state["state"] != "running" or time.monotonic() > deadline:
            return state
        time.sleep(0.3)


def test_a_list_as_preset_starts_no_job_and_leaves_no_folder(studio: Studio) -> None:
    spec = shipped(studio, "triomino")
    checks = studio.workspace / "studio-output" / "checks"
    before = set(checks.iterdir()) if checks.exists() else set()
    for _ in range(3):  # more than the running checks allowed at once: none may hold a place
        status, body = studio.post("/api/check", {"id": spec["id"], "text": spec["text"], "preset": ["x"]})
        assert_one_line_4xx(status, body)
    assert (set(checks.iterdir()) if checks.exists() else set()) == before
    status, job = studio.post("/api/check", {"id": spec["id"], "text": spec["text"], "games": 4, "players": 2,
                                             "skill_games": 0})
    assert status == 200, job
    assert wait_for(studio, job["id"])["state"] == "done"


def test_the_games_of_a_cancelled_check_are_a_clear_refusal(studio: Studio) -> None:
    spec = shipped(studio, "triomino")
    status, job = studio.post("/api/check", {"id": spec["id"], "text": spec["text"], "games": 3000, "players": 2})
    assert status == 200, job
    studio.post(f"/api/check/{job['id']}/cancel", {})
    for path in (f"/api/check/{job['id']}/games/0", f"/api/check/{job['id']}/games/0/board/0.svg",
                 f"/api/check/{job['id']}/games"):
        status, body = studio.get(path)
        assert_one_line_4xx(status, body)
        assert "kept no games" in body["error"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_in_the_workspace_is_refused_without_blocking(studio: Studio) -> None:
    fifo = studio.workspace / "mine" / "pipe.toml"
    os.mkfifo(fifo)
    try:
        status, body = studio.get("/api/spec?id=workspace:rautino:mine/pipe.toml", timeout=10)
        assert_one_line_4xx(status, body)
        assert "not a regular file" in body["error"]
        status, listed = studio.get("/api/specs", timeout=10)
        assert status == 200 and "mine/pipe.toml" not in json.dumps(listed)
        status, body = studio.post("/api/spec/save", {"id": "workspace:rautino:mine/pipe.toml",
                                                      "text": shipped(studio)["text"], "version": "x"}, timeout=10)
        assert_one_line_4xx(status, body)  # each request answered before its timeout: none blocked
    finally:
        fifo.unlink()


def test_no_traceback_in_the_studios_log(studio: Studio) -> None:
    # the last test of the module: the requests above went to the same server
    log = studio.log.read_text(encoding="utf-8")
    assert "Traceback" not in log and "Exception in ASGI application" not in log, log


# --- stopping, restarting, listening on the network ---------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_ctrl_c_stops_the_studio_after_a_fifo_was_asked_for(tmp_path: Path) -> None:
    server = Studio(make_workspace(tmp_path))
    os.mkfifo(server.workspace / "pipe.toml")
    try:
        server.get("/api/spec?id=workspace:rautino:pipe.toml", timeout=10)
        server.process.send_signal(signal.SIGINT)
        assert server.process.wait(timeout=10) is not None
    finally:
        server.stop()


def test_ctrl_c_is_the_normal_stop_exit_0_and_one_line(tmp_path: Path) -> None:
    server = Studio(make_workspace(tmp_path))
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=15) == 0
    assert server.process.stdout is not None
    assert server.process.stdout.read().strip().splitlines()[-1] == "pnp studio: stopped"
    server.stop()
    assert "aborted" not in server.log.read_text(encoding="utf-8")


def test_the_port_is_free_again_at_once_after_a_stop(tmp_path: Path) -> None:
    from pnp.studio.server import bind

    first = bind("127.0.0.1", free_port(), fall_back=False)
    port = first.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    accepted, _ = first.accept()
    accepted.close()  # the server side closes first: its end of the connection waits in TIME-WAIT
    client.close()
    first.close()
    again = bind("127.0.0.1", port, fall_back=False)
    assert again.getsockname()[1] == port
    again.close()


def test_every_address_serves_the_printed_address_and_the_hosts_own(tmp_path: Path) -> None:
    from pnp.studio.server import own_addresses

    server = Studio(make_workspace(tmp_path), host="0.0.0.0")
    try:
        assert f"http://127.0.0.1:{server.port}/" in server.first_line
        assert "reachable from the network" in server.second_line
        for host in ["127.0.0.1", "localhost", *own_addresses()]:
            status, body = server.get("/api/games", headers={"host": f"{host}:{server.port}"})
            assert status == 200, (host, body)
        for host in ["evil.example", "0.0.0.1"]:
            status, body = server.get("/api/games", headers={"host": f"{host}:{server.port}"})
            assert status == 403, (host, body)
    finally:
        server.stop()
