"""An undecided test says about how many games would decide it and names the option of the running
command that plays them: `--games` (`--skill-games` for a skill match) for a fixed number of games, and
`--max-games` under `--games auto`, in `pnp check`, `pnp sweep` and `pnp tune` alike."""

from __future__ import annotations

import json
import re

import pytest
from hostile_helpers import run

from pnp.check.confidence import share_test
from pnp.check.report import CheckReport

HINT = re.compile(r"about (\d+) games would decide it \((--[a-z-]+)\)")


def _open_share() -> object:
    return share_test("check.min_placed_share", 24, 50, 0.5, at_least=True, confidence=0.95)


@pytest.mark.parametrize(("budgeted", "option"), [(False, "--games"), (True, "--max-games")])
def test_a_threshold_names_the_option_that_plays_more_games(budgeted: bool, option: str) -> None:
    report = CheckReport("rautino", budgeted=budgeted)
    report.threshold("2 players", _open_share(), "games place", per_game=1.0)  # type: ignore[arg-type]
    (line,) = report.undecided
    assert HINT.search(line).group(2) == option  # type: ignore[union-attr]


def test_a_skill_match_counts_its_games_in_the_option_that_gives_them() -> None:
    """A fixed check's match plays --skill-games; under --games auto it plays a quarter of each look's games,
    so the budget per configuration that decides it is four times the match's games."""
    test = _open_share()
    fixed = CheckReport("rautino").undecided_clause(test, skill_match=True)  # type: ignore[arg-type]
    auto = CheckReport("rautino", budgeted=True).undecided_clause(test, skill_match=True)  # type: ignore[arg-type]
    match_games, option = HINT.search(fixed).groups()  # type: ignore[union-attr]
    budget, auto_option = HINT.search(auto).groups()  # type: ignore[union-attr]
    assert (option, auto_option) == ("--skill-games", "--max-games")
    assert int(budget) == 4 * int(match_games)


def _hints(lines: list[str]) -> set[str]:
    return {match.group(2) for line in lines if (match := HINT.search(line))}


def test_check_games_auto_names_max_games() -> None:
    result = run("check", "rautino", "--games", "auto", "--max-games", "100", "--players", "2", "--workers", "1",
                 "--json", "-q")
    assert result.exit_code in (0, 1, 3), result.output
    document = json.loads(result.output)
    assert _hints([*document["undecided"], *document["balance"].get("undecided", [])]) == {"--max-games"}


@pytest.mark.parametrize(("games", "option"), [(("--games", "30"), "--games"),
                                               (("--games", "auto", "--max-games", "50"), "--max-games")])
def test_a_sweep_names_the_option_of_its_games(games: tuple[str, ...], option: str) -> None:
    result = run("sweep", "rautino", "--vary", "game.hand_size=3,4", "--players", "2", "--skill-games", "0",
                 "--workers", "1", *games)
    assert result.exit_code in (0, 1, 3), result.output
    assert _hints(result.output.splitlines()) == {option}
    if result.exit_code == 3:  # the closing line names the same option
        assert f"more {option}" in result.output or f"a larger {option}" in result.output
