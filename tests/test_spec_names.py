"""A spec names its game in `[game] name`: every command and the studio take the game from there,
not from a guess at its tables, and a spec written before the field still loads as the game named."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hostile_helpers import one_line_error, spec_with

from pnp import games
from pnp.spec import template_path
from pnp.studio.specs import list_specs
from pnp.studio.workspace import Workspace

SHIPPED = ("rautino", "zatre", "triomino")
NAME_LINE = {game: f'name = "{game}"' for game in SHIPPED}


@pytest.mark.parametrize("game", SHIPPED)
def test_every_shipped_spec_names_its_game(game: str) -> None:
    text = template_path(game).read_text(encoding="utf-8")
    assert f'[game]\n{NAME_LINE[game]}' in text


@pytest.mark.parametrize("game", SHIPPED)
def test_a_spec_written_before_the_name_loads_as_the_game_the_command_names(tmp_path: Path, game: str) -> None:
    spec = spec_with(tmp_path, game, NAME_LINE[game], "")
    shipped = games.get(game).load(None)
    assert dataclasses.replace(games.get(game).load(spec), source=shipped.source) == shipped


@pytest.mark.parametrize(("game", "other", "command"), [
    ("zatre", "rautino", "check"), ("triomino", "zatre", "kit"), ("rautino", "triomino", "sweep")])
def test_a_spec_naming_another_game_is_refused_before_its_tables_are_read(tmp_path, run_pnp, game, other,
                                                                          command) -> None:
    # One game's tables under another's name: the name decides, not the tables.
    spec = spec_with(tmp_path, game, NAME_LINE[game], f'name = "{other}"')
    extra = ("--vary", "game.hand_size=2,3") if command == "sweep" else ()
    result = run_pnp(command, game, "--spec", str(spec), *extra)
    assert one_line_error(result) == (f"pnp: error: {spec}: this is a {other.capitalize()} spec; "
                                      f"use pnp {command} {other}")


def test_a_spec_naming_a_game_that_is_not_installed_says_so(tmp_path, run_pnp) -> None:
    spec = spec_with(tmp_path, "zatre", NAME_LINE["zatre"], 'name = "zatr"')
    line = one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"))
    assert line == (f"pnp: error: {spec}: game.name: names the game 'zatr', which is not installed; "
                    "the zatre spec names 'zatre'")


@pytest.mark.parametrize("value", ["3", '""', "[\"zatre\"]"])
def test_a_name_that_is_not_a_games_name_is_refused(tmp_path, run_pnp, value: str) -> None:
    spec = spec_with(tmp_path, "zatre", NAME_LINE["zatre"], f"name = {value}")
    line = one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"))
    assert line.startswith(f"pnp: error: {spec}: game.name: must be the name of a game, not ")


def test_a_triomino_spec_with_its_title_at_the_top_is_told_where_it_goes(tmp_path, run_pnp) -> None:
    spec = spec_with(tmp_path, "triomino", "[game]\n", 'name = "Old set"\n\n[game]\n')
    line = one_line_error(run_pnp("check", "triomino", "--spec", str(spec), "--games", "1"))
    assert line.startswith(f"pnp: error: {spec}: name: the set's title is [game] title now")


def test_the_studio_lists_a_spec_under_the_game_it_names_whatever_its_file_is_called(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_bytes(template_path("zatre").read_bytes())
    # Named after one game, naming another: the name inside wins.
    (tmp_path / "rautino.toml").write_bytes(template_path("triomino").read_bytes())
    # Written before the name: listed under the game its file is called after.
    old = template_path("zatre").read_text(encoding="utf-8").replace(NAME_LINE["zatre"], "")
    (tmp_path / "zatre.toml").write_text(old, encoding="utf-8")
    # Neither named nor called after a game: not a spec the studio can tell the game of.
    (tmp_path / "notes.toml").write_text(old, encoding="utf-8")
    listed = {spec["label"]: spec["game"] for spec in list_specs(Workspace.open(tmp_path))}
    assert {label: game for label, game in listed.items() if "shipped" not in label} == {
        "mine.toml": "zatre", "rautino.toml": "triomino", "zatre.toml": "zatre"}


def test_the_studio_names_a_spec_of_another_game_or_of_none_installed() -> None:
    from pnp.studio.specs import validate

    text = template_path("zatre").read_text(encoding="utf-8")
    other = validate("rautino", text, "mine.toml")
    assert not other.ok and other.message == "mine.toml: this is a Zatre spec; use it with the game zatre"
    typo = validate("zatre", text.replace(NAME_LINE["zatre"], 'name = "zatr"'), "mine.toml")
    assert not typo.ok and typo.field == "game.name" and "'zatr', which is not installed" in typo.message


@pytest.mark.parametrize(("game", "line", "typo", "field"), [
    ("zatre", "tiles_per_turn = ", "tiles_per_trun = ", "rules.tiles_per_turn"),
    ("rautino", "[board]", "[bored]", "board")])
def test_a_missing_field_beside_a_misspelt_one_is_named_as_a_typo(tmp_path, run_pnp, game, line, typo, field) -> None:
    spec = spec_with(tmp_path, game, line, typo)
    found = typo.strip("[] =")
    assert one_line_error(run_pnp("check", game, "--spec", str(spec), "--games", "1")) == \
        f"pnp: error: {spec}: {field}: missing; found {found}: a typo?"
