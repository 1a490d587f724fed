"""Broken game plugins, each installed as a distribution of its own (tests/plugins/broken/): one whose
module fails at import (with a message of several lines), one whose parts() imports a module that is
not installed, one that calls sys.exit(3) and one that raises KeyboardInterrupt while imported, and one
that takes a shipped game's name. Every shipped game's commands still work (a command line naming a
shipped game does not even look the plugins up), each broken plugin is named in one line, once,
where the plugins are looked up, and only a command that names one fails, saying whose bug it is.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pluginhelp import PLUGINS, install, pnp

BROKEN = PLUGINS / "broken"
BUG = "(a bug in the plugin, not in pnp; please report it to its authors)"
SKIPPED_AT_START = [
    "pnp: warning: game plugin brokenimp (from pnp-brokenimp 1.0.6): cannot load pnp_brokenimp:GAME: "
    "ImportError: cannot start: the tables are missing reinstall me; skipped",
    "pnp: warning: game plugin exits (from pnp-exits 1.0.4): cannot load pnp_exits:GAME: it called sys.exit(3); "
    "skipped",
    "pnp: warning: game plugin interrupts (from pnp-interrupts 1.0.9): cannot load pnp_interrupts:GAME: "
    "it raised KeyboardInterrupt; skipped",
    "pnp: warning: game plugin rautino (from pnp-clash 1.0.5) is ignored: a game shipped with pnp has that name",
]
PARTS_FAIL = ("game plugin brokenparts (from pnp-brokenparts 1.0.5): its parts() failed: ModuleNotFoundError: "
              "No module named 'pnp_brokenparts_engine_not_installed'")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("broken-site")
    for project in sorted(BROKEN.iterdir()):
        install(project, folder)
    return folder


def test_help_lists_the_shipped_games_and_names_each_broken_plugin_once(site: Path, tmp_path: Path) -> None:
    done = pnp(site, "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Rautino, Triomino and Zatre" in " ".join(done.stdout.split())
    assert "Another Rautino" not in done.stdout
    assert done.stderr.splitlines() == SKIPPED_AT_START


def test_a_kit_of_all_games_skips_the_broken_plugins_and_builds_the_shipped_ones(site: Path, tmp_path: Path) -> None:
    done = pnp(site, "kit", "-o", "out", "--format", "svg", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [*SKIPPED_AT_START, f"pnp: warning: {PARTS_FAIL}; skipped"]
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["rautino", "triomino", "zatre"]
    for game in ("rautino", "triomino", "zatre"):
        assert list((tmp_path / "out" / game).glob(f"{game}-*.svg"))


@pytest.mark.parametrize("args", [
    ("init", "rautino", "specs"),
    ("init", "zatre", "specs"),
    ("rules", "triomino", "--format", "svg", "-o", "out", "-q"),
    ("check", "zatre", "--games", "4", "--players", "2", "--skill-games", "0", "-q", "--workers", "1"),
], ids=lambda args: f"{args[0]}-{args[1]}")
def test_every_shipped_games_commands_still_work(site: Path, tmp_path: Path, args: tuple[str, ...]) -> None:
    done = pnp(site, *args, cwd=tmp_path)
    assert done.returncode in (0, 3), done.stderr  # check: 4 games may leave a threshold undecided
    assert done.stderr == ""


def test_naming_a_plugin_that_cannot_be_imported_fails_in_one_line_blaming_the_plugin(site: Path,
                                                                                      tmp_path: Path) -> None:
    done = pnp(site, "kit", "brokenimp", "-o", "out", cwd=tmp_path)
    assert done.returncode == 70
    named = SKIPPED_AT_START[0].removeprefix("pnp: warning: ").removesuffix("; skipped")
    assert done.stderr.splitlines() == [*SKIPPED_AT_START[1:], f"pnp: error: {named} {BUG}"]
    assert done.stderr.count("game plugin brokenimp ") == 1
    assert not (tmp_path / "out").exists()


def test_an_error_in_a_plugins_parts_is_the_plugins_with_its_distribution(site: Path, tmp_path: Path) -> None:
    done = pnp(site, "kit", "brokenparts", "-o", "out", cwd=tmp_path)
    assert done.returncode == 70
    assert done.stderr.splitlines() == [*SKIPPED_AT_START, f"pnp: error: {PARTS_FAIL} {BUG}"]
    assert "bug in pnp" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_the_studio_lists_a_broken_plugin_apart_and_offers_the_other_games(site: Path, tmp_path: Path) -> None:
    code = (
        "from starlette.testclient import TestClient\n"
        "from pnp.studio.app import create_app\n"
        "from pnp.studio.workspace import Workspace\n"
        "import json, pathlib\n"
        "app = create_app(Workspace.open(pathlib.Path('.')), hosts={'127.0.0.1'}, port_ref=lambda: 8765)\n"
        "with TestClient(app, base_url='http://127.0.0.1:8765') as client:\n"
        "    answer = client.get('/api/games')\n"
        "    print(answer.status_code)\n"
        "    print(json.dumps(answer.json()))\n"
    )
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    status, body = done.stdout.splitlines()[-2:]
    assert status == "200"
    listing = json.loads(body)
    assert [game["name"] for game in listing["games"]] == ["brokenparts", "rautino", "triomino", "zatre"]
    assert {entry["name"] for entry in listing["broken"]} == {"brokenimp", "exits", "interrupts"}
    assert next(e for e in listing["broken"] if e["name"] == "exits")["reason"] == (
        "game plugin exits (from pnp-exits 1.0.4): cannot load pnp_exits:GAME: it called sys.exit(3)")


def test_an_error_raised_in_a_plugins_code_while_a_command_runs_is_named_as_the_plugins(tmp_path: Path) -> None:
    """tests/plugins/failing: its declaration and parts load; its spec loader divides by zero."""
    site = tmp_path / "site"
    site.mkdir()
    install(PLUGINS / "failing", site)
    done = pnp(site, "check", "failing", "--games", "2", cwd=tmp_path)
    assert done.returncode == 70
    assert done.stderr.splitlines() == [
        f"pnp: error: game plugin failing (from pnp-failing 2.0.0) failed: ZeroDivisionError: "
        f"integer division or modulo by zero {BUG}"]
    shipped = pnp(site, "check", "rautino", "--games", "2", "--players", "1", "--skill-games", "0", "-q",
                  cwd=tmp_path)
    assert shipped.returncode in (0, 3) and shipped.stderr == ""
