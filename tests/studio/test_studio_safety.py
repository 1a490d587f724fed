"""The studio's guards: workspace-only files, its own Host and Origin only, bounded requests, and
specs that two tabs edit at once never left broken."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pnp.spec import template_path
from pnp.studio.app import create_app
from pnp.studio.security import MAX_BODY_BYTES
from pnp.studio.specs import version
from pnp.studio.workspace import Workspace

PORT = 8765
ORIGIN = f"http://127.0.0.1:{PORT}"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    (folder / "mine").mkdir(parents=True)
    (folder / "mine" / "notes.txt").write_text("inside", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("outside", encoding="utf-8")
    return folder


@pytest.fixture
def client(workspace: Path) -> TestClient:
    app = create_app(Workspace.open(workspace), hosts={"127.0.0.1", "localhost"}, port_ref=lambda: PORT)
    return TestClient(app, base_url=ORIGIN)


def post(client: TestClient, path: str, body: dict, **headers: str) -> object:
    return client.post(path, json=body, headers={"origin": ORIGIN, **headers})


def test_files_inside_the_workspace_are_served(client: TestClient) -> None:
    response = client.get("/files/mine/notes.txt")
    assert response.status_code == 200
    assert response.text == "inside"


@pytest.mark.parametrize("path", [
    "/files/../secret.txt",
    "/files/mine/../../secret.txt",
    "/files/%2e%2e/secret.txt",
    "/files/mine%2F..%2F..%2Fsecret.txt",
    "/files/mine%5C..%5C..%5Csecret.txt",
    "/files//etc/passwd",
    "/files/%2Fetc%2Fpasswd",
    "/files/mine/%252e%252e/%252e%252e/secret.txt",
    "/files/C:%5Cwindows%5Cwin.ini",
])
def test_no_path_leads_out_of_the_workspace(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code in (400, 404)
    assert "outside" not in response.text


@pytest.mark.skipif(os.name != "posix", reason="symlinks")
def test_a_symlink_pointing_out_is_not_followed(client: TestClient, workspace: Path) -> None:
    (workspace / "link.txt").symlink_to(workspace.parent / "secret.txt")
    (workspace / "linkdir").symlink_to(workspace.parent)
    assert client.get("/files/link.txt").status_code == 404
    assert client.get("/files/linkdir/secret.txt").status_code == 404


@pytest.mark.parametrize("host", ["evil.example", f"evil.example:{PORT}", "127.0.0.1:9999", f"127.0.0.2:{PORT}", ""])
def test_a_foreign_host_is_refused_dns_rebinding(client: TestClient, host: str) -> None:
    response = client.get("/api/specs", headers={"host": host})
    assert response.status_code == 403
    assert "is not this studio" in response.json()["error"]


@pytest.mark.parametrize("origin", ["http://evil.example", f"http://localhost:{PORT + 1}", "null", None])
def test_a_foreign_or_missing_origin_cannot_change_anything(client: TestClient, workspace: Path,
                                                            origin: str | None) -> None:
    headers = {} if origin is None else {"origin": origin}
    response = client.post("/api/spec/save-as", json={"id": "shipped:rautino", "text": "x", "folder": "evil"},
                           headers=headers)
    assert response.status_code == 403
    assert not (workspace / "evil").exists()


def test_the_studios_own_origin_may(client: TestClient, workspace: Path) -> None:
    text = client.get("/api/spec", params={"id": "shipped:zatre"}).json()["text"]
    response = post(client, "/api/spec/save-as", {"id": "shipped:zatre", "text": text, "folder": "mine"})
    assert response.status_code == 200, response.text
    assert (workspace / "mine" / "zatre.toml").read_text(encoding="utf-8") == text


def test_large_requests_are_refused(client: TestClient) -> None:
    body = {"id": "shipped:rautino", "text": "#" * (MAX_BODY_BYTES + 10)}
    response = post(client, "/api/spec/edit", body)
    assert response.status_code == 413


def _workspace_spec(client: TestClient, workspace: Path) -> tuple[str, str]:
    text = client.get("/api/spec", params={"id": "shipped:rautino"}).json()["text"]
    saved = post(client, "/api/spec/save-as", {"id": "shipped:rautino", "text": text, "folder": "set"}).json()
    return saved["id"], text


def test_an_invalid_spec_is_never_written(client: TestClient, workspace: Path) -> None:
    spec_id, text = _workspace_spec(client, workspace)
    broken = re.sub(r'fill = "#[0-9a-fA-F]{6}"', 'fill = "reddish"', text, count=1)
    response = post(client, "/api/spec/save", {"id": spec_id, "text": broken, "version": version(text)})
    assert response.status_code == 400
    assert "colours[0].fill" in response.json()["error"]
    assert (workspace / "set" / "rautino.toml").read_text(encoding="utf-8") == text


def test_two_tabs_saving_at_once_leave_one_whole_valid_file(client: TestClient, workspace: Path) -> None:
    spec_id, text = _workspace_spec(client, workspace)
    versions = [text.replace('title = "Rautino"', f'title = "Tab {n}"') for n in range(6)]
    results: list[int] = []

    def save(body: str) -> None:
        response = post(client, "/api/spec/save", {"id": spec_id, "text": body, "version": version(text)})
        results.append(response.status_code)

    threads = [threading.Thread(target=save, args=(body,)) for body in versions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [200] + [409] * 5  # the first wins; the others were edited from an old version
    assert (workspace / "set" / "rautino.toml").read_text(encoding="utf-8") in versions
    assert not [p for p in (workspace / "set").iterdir() if p.name != "rautino.toml"]  # no temporary files


def test_the_shipped_spec_is_read_only(client: TestClient) -> None:
    text = client.get("/api/spec", params={"id": "shipped:rautino"}).json()["text"]
    response = post(client, "/api/spec/save", {"id": "shipped:rautino", "text": text})
    assert response.status_code == 400
    assert "read-only" in response.json()["error"]


@pytest.mark.parametrize("folder", ["../evil", "a/b", "", "  ", "..", "studio-output"])
def test_save_as_under_a_name_that_is_no_folder_name_is_bad_input(client: TestClient, workspace: Path,
                                                                   folder: str) -> None:
    before = sorted(workspace.rglob("*"))
    text = template_path("zatre").read_text(encoding="utf-8")
    response = post(client, "/api/spec/save-as", {"id": "shipped:zatre", "text": text, "folder": folder})
    assert response.status_code == 400, response.text
    message = response.json()["error"]
    assert len(message.splitlines()) == 1 and ("letters, digits" in message or "output folder" in message)
    assert sorted(workspace.rglob("*")) == before
