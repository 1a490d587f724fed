"""The studio's form in a designer's words: declared fields, help from the shipped spec, new rows
the loader accepts at once, and saved versions kept in the workspace."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pnp import games as game_registry
from pnp.errors import PnpError
from pnp.games.rautino import fields as rautino_fields
from pnp.games.rautino import model as rautino_model
from pnp.spec import template_path
from pnp.studio import designer, history, specs
from pnp.studio.app import create_app
from pnp.studio.workspace import Workspace


def scalar_paths(data: dict, prefix: str = "") -> list[str]:
    found = []
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            found += [path, *scalar_paths(value, path)]
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            found.append(path)
            for row in value:
                found += scalar_paths(row, f"{path}[0]")
        else:
            found.append(path)
    return found


@pytest.mark.parametrize("game", game_registry.names())
def test_every_field_of_the_shipped_spec_has_a_label_in_both_languages(game: str) -> None:
    declared = game_registry.get(game).fields
    data = tomllib.loads(template_path(game).read_text(encoding="utf-8"))
    missing = [p for p in scalar_paths(data) if declared.find(p) is None]
    assert missing == []
    for field in declared.fields:
        assert field.en and field.de and field.en != field.path


def test_fixed_choices_are_the_loaders() -> None:
    assert rautino_fields.SYMBOLS == rautino_model.SYMBOLS
    assert rautino_fields.MATCHING == rautino_model.MATCHING
    assert rautino_fields.NEW_STONE == rautino_model.NEW_STONE_RULES
    found = game_registry.get("rautino").fields.find
    assert found("rules.matching").choices == ("strict", "loose")
    assert found("colours[2].symbol").choices == rautino_model.SYMBOLS
    assert found("shapes[1].cells").widget == "trigrid-cells"
    triomino = game_registry.get("triomino").fields
    assert triomino.find("presets.classic.last_draw_penalty_is").choices == ("total", "extra")


def test_help_comes_from_the_shipped_specs_comments() -> None:
    json = designer.fields_json("rautino", "de")
    by_path = {f["path"]: f for f in json["fields"]}
    assert by_path["game.hand_size"]["help"] == "stones each player holds"
    assert by_path["game.hand_size"]["label"] == "Steine auf der Hand"
    assert by_path["board.triangle_mm"]["unit"] == "mm"
    assert json["rows"]["stones"] == "Stein"
    zatre = {f["path"]: f for f in designer.fields_json("zatre", "en")["fields"]}
    assert zatre["tiles.size_mm"]["help"].startswith("edge of one square tile")


@pytest.mark.parametrize("rows", ["colours", "stones", "shapes"])
def test_a_new_row_is_valid_at_once(rows: str) -> None:
    text = template_path("rautino").read_text(encoding="utf-8")
    for _ in range(3):  # each new row differs from the ones before it, the added ones too
        edits = designer.new_row_edits("rautino", text, rows)
        text = specs.apply_edits(text, edits)
        result = specs.validate("rautino", text, "rautino.toml")
        assert result.ok, result.message
    if rows == "stones":  # a kind the set lacks, not a copy of the last (joker/joker)
        text = template_path("rautino").read_text(encoding="utf-8")
        text = specs.apply_edits(text, [{"op": "remove_row", "path": "stones[5]"}])  # red/blue
        text = specs.apply_edits(text, designer.new_row_edits("rautino", text, rows))
        assert tomllib.loads(text)["stones"][-1] == {"colours": ["red", "blue"], "count": 1}
    else:  # the plain copy of the last row is refused by the loader (a name twice)
        shipped = template_path("rautino").read_text(encoding="utf-8")
        copied = specs.apply_edits(shipped, [{"op": "add_row", "path": rows}])
        assert not specs.validate("rautino", copied, "rautino.toml").ok


@pytest.mark.parametrize(("rows", "last"), [("colours", 'name = "green"'), ("shapes", 'label = "big rhombus"')])
def test_a_new_row_after_a_label_per_language_is_valid_at_once(rows: str, last: str) -> None:
    """A new row copies the last; where that row's printed label is a text per language, the new row's label is
    one too, its own, so the loader takes it (a string in its place would be refused by the form's type check)."""
    text = template_path("rautino").read_text(encoding="utf-8")
    labelled = 'label = { en = "lime", de = "hellgrün" }' if rows == "colours" else \
        'label = { en = "big rhombus", de = "große Raute" }'
    text = text.replace(last, f"{last}\n{labelled}" if rows == "colours" else labelled, 1)
    for _ in range(2):
        text = specs.apply_edits(text, designer.new_row_edits("rautino", text, rows))
        result = specs.validate("rautino", text, "rautino.toml")
        assert result.ok, result.message
    added = tomllib.loads(text)[rows][-1]
    assert set(added["label"]) == {"en", "de"} and added["label"]["en"] == added["name"]


def test_saves_keep_numbered_versions_in_the_workspace(tmp_path: Path) -> None:
    workspace = Workspace.open(tmp_path)
    (tmp_path / "set").mkdir()
    original = template_path("rautino").read_text(encoding="utf-8")
    (tmp_path / "set" / "rautino.toml").write_text(original, encoding="utf-8")
    ref = specs.SpecRef("rautino", "set/rautino.toml")
    edited = original.replace("hand_size = 3 ", "hand_size = 4 ")
    saved = history.save(workspace, ref, edited, specs.version(original))
    assert saved.kept == [1, 2]
    assert history.numbers(workspace, ref.path) == [1, 2]
    assert history.version_text(workspace, ref.path, 1) == original
    assert history.version_text(workspace, ref.path, 2) == edited
    assert (tmp_path / ".pnp-history" / "set" / "rautino.toml" / "0002.toml").is_file()
    assert workspace.specs() == ["set/rautino.toml"]  # snapshots are not specs of the workspace
    # The same text again keeps no new version; a refused save keeps none.
    history.record(workspace, ref.path, edited)
    with pytest.raises(specs.Conflict):
        history.save(workspace, ref, original, "stale")
    assert history.numbers(workspace, ref.path) == [1, 2]


def test_an_edit_of_another_type_is_refused_in_words() -> None:
    text = template_path("rautino").read_text(encoding="utf-8")
    with pytest.raises(PnpError, match=r"^game\.hand_size: must be a whole number, not 3\.5$"):
        specs.apply_edits(text, [{"op": "set", "path": "game.hand_size", "value": 3.5}])
    with pytest.raises(PnpError, match=r"^rules\.overbuild_both_triangles: must be true or false, not 'yes'$"):
        specs.apply_edits(text, [{"op": "set", "path": "rules.overbuild_both_triangles", "value": "yes"}])


def test_only_the_newest_versions_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history, "KEEP", 3)
    workspace = Workspace.open(tmp_path)
    for number in range(5):
        history.record(workspace, "set/rautino.toml", f"# version {number}\n")
    assert history.numbers(workspace, "set/rautino.toml") == [3, 4, 5]
    assert history.version_text(workspace, "set/rautino.toml", 5) == "# version 4\n"
    with pytest.raises(PnpError, match="no saved version 1"):
        history.version_text(workspace, "set/rautino.toml", 1)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Workspace.open(tmp_path), hosts={"127.0.0.1"}, port_ref=lambda: 8765)
    origin = "http://127.0.0.1:8765"
    with TestClient(app, base_url=origin, headers={"origin": origin}) as test_client:
        yield test_client


def test_the_routes_answer_bad_requests_with_one_line(client: TestClient, tmp_path: Path) -> None:
    bad = [
        client.get("/api/fields", params={"game": "chess"}),
        client.get("/api/fields", params={"game": "rautino", "lang": "fr"}),
        client.post("/api/spec/new-row", content=b"not json", headers={"content-type": "application/json"}),
        client.post("/api/spec/new-row", json={"id": "shipped:rautino", "text": "x = [", "path": "stones"}),
        client.post("/api/spec/new-row", json={"id": "shipped:rautino", "text": "a = 1", "path": "a"}),
        client.get("/api/history", params={"id": "shipped:rautino"}),
        client.get("/api/history/1", params={"id": "workspace:rautino:set/rautino.toml"}),
        client.get("/api/history", params={"id": "workspace:rautino:../rautino.toml"}),
    ]
    assert [r.status_code for r in bad] == [400, 400, 400, 400, 400, 400, 404, 404]
    assert all(set(r.json()) == {"error"} and "\n" not in r.json()["error"] for r in bad)
    assert not (tmp_path / ".pnp-history").exists()


def test_a_save_through_the_app_keeps_versions(client: TestClient, tmp_path: Path) -> None:
    (tmp_path / "set").mkdir()
    original = template_path("zatre").read_text(encoding="utf-8")
    (tmp_path / "set" / "zatre.toml").write_text(original, encoding="utf-8")
    spec_id = "workspace:zatre:set/zatre.toml"
    edited = original.replace("rows = 28", "rows = 30")
    saved = client.post("/api/spec/save", json={"id": spec_id, "text": edited, "version": specs.version(original)})
    assert saved.status_code == 200
    listed = client.get("/api/history", params={"id": spec_id}).json()["versions"]
    assert [v["number"] for v in listed] == [1, 2]
    assert [v["version"] for v in listed] == [specs.version(original), specs.version(edited)]
    first = client.get("/api/history/1", params={"id": spec_id}).json()
    assert first["text"] == original and first["form"][0]["path"] == "game"
