"""Each game declares the player counts of its rules once (its `Game.players`); the command line's help,
the checker, the studio and the documentation all say the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from paths import ROOT
from starlette.testclient import TestClient

from pnp import games
from pnp.check.options import CheckOptions
from pnp.cli import _count_range, main
from pnp.errors import PnpError
from pnp.studio.app import create_app
from pnp.studio.workspace import Workspace

CHECKER_PAGE = ROOT / "docs" / "checker.md"
DECLARED = {"rautino": (1, 2), "triomino": (2, 3, 4, 5, 6), "zatre": (2, 3, 4)}


def test_the_declarations_are_the_rules() -> None:
    assert {name: games.get(name).players for name in games.names()} == DECLARED


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_the_checker_judges_every_declared_count_and_refuses_the_others(name: str) -> None:
    game = games.get(name)
    model = game.load(None)
    assert game.simulation is not None
    for players in range(1, 9):
        options = CheckOptions(games=2, players=players)
        if players in game.players:
            configurations = game.simulation.configurations(model, options)  # one per preset, if any
            assert configurations and {c.players for c in configurations} == {players}
        else:
            with pytest.raises(PnpError, match=f"--players {players}"):
                game.simulation.configurations(model, options)


def test_zatre_refuses_solo_practice_in_one_line_naming_the_rules() -> None:
    result = CliRunner().invoke(main, ["check", "zatre", "--players", "1", "--games", "2"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == "pnp: error: zatre: --players 1: the rules are for 2 to 4 players"


def test_the_help_of_check_and_sweep_reads_the_declarations() -> None:
    for command in ("check", "sweep"):
        text = " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())
        assert "The rules allow: 1 or 2 (Rautino). 2 to 6 (Triomino). 2 to 4 (Zatre)." in text


def test_the_studio_offers_the_declared_counts(tmp_path: Path) -> None:
    app = create_app(Workspace.open(tmp_path), hosts={"127.0.0.1"}, port_ref=lambda: 8765)
    with TestClient(app, base_url="http://127.0.0.1:8765") as client:
        listing = client.get("/api/games").json()["games"]
    assert {game["name"]: tuple(game["players"]) for game in listing} == DECLARED


def test_the_checkers_documentation_states_the_declared_counts() -> None:
    text = " ".join(CHECKER_PAGE.read_text(encoding="utf-8").split())
    for name, counts in DECLARED.items():
        assert f"{games.get(name).title}: {_count_range(counts)} players" in text, name
