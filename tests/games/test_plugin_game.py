"""A game published as its own package: tests/plugins/domino, found through its entry point.

The plugin is installed the way pip lays out a distribution (the package plus a `.dist-info`
holding the entry points of its pyproject.toml) into a folder on PYTHONPATH, and `pnp` runs in a
fresh process: nothing in pnp names the game, yet it is listed, built and checked.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pluginhelp import PLUGINS, install, pnp

PLUGIN = PLUGINS / "domino"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the plugin as an installed distribution."""
    folder = tmp_path_factory.mktemp("site")
    install(PLUGIN, folder)
    return folder


def test_the_plugin_is_listed_with_its_components(site: Path, tmp_path: Path) -> None:
    top = pnp(site, "--help", cwd=tmp_path)
    assert top.returncode == 0, top.stderr
    assert "Domino" in top.stdout.split("Options:")[0]
    tiles = pnp(site, "tiles", "--help", cwd=tmp_path)
    assert "  Domino: The domino tiles, ready to cut." in tiles.stdout.splitlines()  # a line of its own


def test_pnp_kit_builds_the_plugin(site: Path, tmp_path: Path) -> None:
    result = pnp(site, "kit", "domino", "-o", "out", "--format", "pdf,svg", "-q", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "out" / "domino"
    svgs = sorted(folder.glob("domino-[0-9][0-9]-*.svg"))
    components = [path.stem.split("-", 2)[2] for path in svgs]
    printed = [c for c in components if c != "blank"]  # each one-sided page has a blank back
    assert printed == ["guide", "guide", "calibration", "calibration", "tiles", "rules", "box"]
    tiles = svgs[components.index("tiles")]
    assert tiles.read_text(encoding="utf-8").count('class="domino"') == 28
    assert (folder / "domino-kit.pdf").read_bytes().startswith(b"%PDF")


def test_pnp_check_and_replay_run_the_plugin(site: Path, tmp_path: Path) -> None:
    result = pnp(site, "check", "domino", "--games", "20", "--json", "--log", "games.jsonl", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["verdict"] == "playable"
    assert set(report["simulation"]) == {"2 players", "3 players", "4 players"}
    replayed = pnp(site, "replay", "domino", "games.jsonl", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    # 20 games of each player count, and 6 of the good player against the beginner (the skill match)
    assert replayed.stdout.count("valid domino game ") == 66
    assert "domino: 66 records replayed, 0 invalid" in replayed.stdout


def test_an_option_the_plugin_does_not_declare_is_refused(site: Path, tmp_path: Path) -> None:
    result = pnp(site, "kit", "domino", "--ink", "eco", "-o", "out", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "pnp: error: --ink: domino has no such option (its options: none)"
    assert not (tmp_path / "out").exists()


def test_pnp_init_copies_the_plugins_own_spec(site: Path, tmp_path: Path) -> None:
    result = pnp(site, "init", "domino", "variant", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "variant" / "domino.toml").read_bytes() == (PLUGIN / "pnp_domino" / "domino.toml").read_bytes()


def test_the_plugins_state_gets_the_shared_players_and_the_search(site: Path, tmp_path: Path) -> None:
    """The plugin declares only its game state: the shared greedy and search players play it, the expert
    in every seat and against the good player, and its games replay."""
    result = pnp(site, "check", "domino", "--players", "2", "--games", "4", "--skill-games", "4",
                 "--levels", "good,expert", "--seat-levels", "expert", "--workers", "1", "--json",
                 "--log", "expert.jsonl", cwd=tmp_path)
    assert result.returncode in (0, 3), result.stderr
    report = json.loads(result.stdout)
    assert set(report["simulation"]) == {"2 players", "2 players, expert in every seat"}
    assert report["simulation"]["2 players, expert in every seat"]["games"] == 4
    seats = [json.loads(line)["seats"] for line in (tmp_path / "expert.jsonl").read_text().splitlines()]
    assert ["search", "search"] in seats and ["search", "greedy"] in seats and ["greedy", "search"] in seats
    replayed = pnp(site, "replay", "domino", "expert.jsonl", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert f"domino: {len(seats)} records replayed, 0 invalid" in replayed.stdout


def test_the_plugins_exchanged_deal_pairs_its_two_seat_games(site: Path, tmp_path: Path) -> None:
    """The plugin declares the exchanged deal: with --pairs, each two-seat deal is played again with the two
    hands exchanged, and both games replay."""
    result = pnp(site, "check", "domino", "--players", "2", "--games", "4", "--skill-games", "0", "--pairs",
                 "--workers", "1", "--json", "--log", "pairs.jsonl", cwd=tmp_path)
    assert result.returncode in (0, 3), result.stderr
    records = [json.loads(line) for line in (tmp_path / "pairs.jsonl").read_text().splitlines()]
    assert [record.get("exchanged", False) for record in records] == [False, True, False, True]
    for first, second in (records[0:2], records[2:4]):
        assert first["seed"] == second["seed"]
        assert second["deal"] == first["deal"][::-1]
    replayed = pnp(site, "replay", "domino", "pairs.jsonl", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert "domino: 4 records replayed, 0 invalid" in replayed.stdout
