"""The simulation protocol shared by every game: seeds and game numbers, the statistics' JSON keys,
the streamed log, the player counts a game supports, and the same results under every start method."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from paths import ROOT

from pnp import games
from pnp.check import simulate
from pnp.check.options import CheckOptions
from pnp.check.protocol import game_seed
from pnp.check.stats import Histogram, quantile
from pnp.cli import main

GAMES = ["rautino", "zatre", "triomino"]
ONE_CONFIGURATION = {"rautino": ["--players", "2"], "zatre": ["--players", "2"],
                     "triomino": ["--players", "2", "--preset", "seed"]}
SHARED_KEYS = ("first_game", "games", "seat_wins", "seat_win_shares", "tie_share", "seat_mean_scores",
               "final_scores", "winning_scores", "turns_per_game", "rounds_per_game", "placements_per_game")
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")


def check_log(tmp_path: Path, game: str, *args: str, name: str = "log.jsonl") -> tuple[dict, list[dict]]:
    log = tmp_path / name
    result = CliRunner().invoke(main, ["check", game, "--json", "-q", "--skill-games", "0", "--log", str(log),
                                       *args])
    assert result.exit_code in (0, 1, 3), result.output
    return json.loads(result.output), [json.loads(line) for line in log.read_text().splitlines()]


def without_number(record: dict) -> dict:
    return {k: v for k, v in record.items() if k != "game"}


# --- seeds and game numbers ---------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_game_i_is_the_same_game_whatever_else_the_run_plays(tmp_path: Path, game: str) -> None:
    """The rule: game i of every configuration has seed game_seed(--seed, i); the numbers count on
    across configurations. So a configuration's games do not depend on the others or on workers."""
    _, alone = check_log(tmp_path, game, "--games", "3", "--seed", "5", "--workers", "1",
                         *ONE_CONFIGURATION[game], name="alone.jsonl")
    document, everything = check_log(tmp_path, game, "--games", "3", "--seed", "5", "--workers", "2",
                                     name="all.jsonl")
    assert [r["game"] for r in everything] == list(range(len(everything)))  # unique across the run
    assert [r["seed"] for r in alone] == [game_seed(5, i) for i in range(3)]
    label = next(iter(json.loads(json.dumps(document))["simulation"]))  # configurations in run order
    assert document["simulation"][label]["first_game"] == 0
    same = [r for r in everything if r["players"] == 2 and r.get("preset") in (None, "seed")]
    assert [without_number(r) for r in same] == [without_number(r) for r in alone]
    for position, figures in enumerate(document["simulation"].values()):
        assert figures["first_game"] == 3 * position
        block = everything[3 * position:3 * position + 3]
        assert [r["seed"] for r in block] == [game_seed(5, i) for i in range(3)]


def test_records_start_with_the_protocol_keys(tmp_path: Path) -> None:
    _, records = check_log(tmp_path, "triomino", "--games", "1", "--workers", "1", *ONE_CONFIGURATION["triomino"])
    assert list(records[0])[:6] == ["pnp_game", "game", "seed", "players", "preset", "seats"]
    assert records[0]["pnp_game"] == "triomino" and records[0]["seats"] == ["greedy", "greedy"]


# --- statistics ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_json_keys_are_snake_case_and_the_shared_figures_are_there(game: str) -> None:
    result = CliRunner().invoke(main, ["check", game, "--games", "2", "--workers", "1", "--json"])
    document = json.loads(result.output)
    assert all(SNAKE.match(key) for key in document)
    assert all(SNAKE.match(key) for key in document["static"])
    for label, figures in document["simulation"].items():
        assert re.match(r"^\d+ players?(, \w+)?$", label)
        assert all(SNAKE.match(key) for key in figures), [k for k in figures if not SNAKE.match(k)]
        for key in SHARED_KEYS:
            assert key in figures
        seats = int(label.split()[0])
        assert len(figures["seat_wins"]) == len(figures["seat_mean_scores"]) == seats
        assert sum(figures["seat_wins"]) == pytest.approx(figures["games"])


def test_the_protocol_document_names_every_shared_key() -> None:
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    for key in (*SHARED_KEYS, "pnp_game", "game", "seed", "players", "preset", "seats"):
        assert f"`{key}`" in text


def test_ties_are_split_between_the_tied_seats() -> None:
    from pnp.check.protocol import Outcome
    from pnp.check.stats import Tally

    tally = Tally(3)
    tally.add_game(Outcome({}, [5, 5, 1], turns=10, rounds=1, placements=9))
    tally.add_game(Outcome({}, [1, 2, 3], turns=12, rounds=2, placements=11))
    figures = tally.shared_figures()
    assert figures["seat_wins"] == [0.5, 0.5, 1.0] and figures["tie_share"] == 0.5
    assert figures["seat_mean_scores"] == [3.0, 3.5, 2.0]
    assert figures["turns_per_game"]["mean"] == 11 and figures["rounds_per_game"]["max"] == 2
    assert figures["placements_per_game"]["median"] == 10


def test_histogram_quantiles_are_exact() -> None:
    values = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
    counts = Histogram()
    for value in values:
        counts.add(value)
    for q in (0, 0.1, 0.25, 0.5, 0.75, 0.9, 1):
        assert counts.quantile(q) == pytest.approx(quantile(sorted(values), q))
    assert counts.mean == pytest.approx(sum(values) / len(values))


# --- player counts ------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "players", "words"), [
    ("zatre", "1", "2 to 4 players"),
    ("zatre", "5", "2 to 4 players"),
    ("rautino", "3", "1 or 2 players"),
    ("triomino", "1", "2 to"),
])
def test_a_player_count_the_game_does_not_support_is_one_line(tmp_path: Path, game: str, players: str,
                                                             words: str) -> None:
    log = tmp_path / "log.jsonl"
    result = CliRunner().invoke(main, ["check", game, "--players", players, "--games", "2", "--log", str(log)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnp: error: ") and words in lines[0]
    assert list(tmp_path.iterdir()) == []


# --- the log is streamed, and atomic ------------------------------------------------------------

def _failing_after(count: int, error: BaseException):
    real = games.get("zatre")
    from pnp.games.zatre import checker

    played = []

    def start(model, deal):
        if len(played) == count:
            raise error
        played.append(deal.number)
        return checker.start(model, deal)

    return real, checker, start


@pytest.mark.parametrize("error", [RuntimeError("engine broke"), KeyboardInterrupt()])
def test_a_run_that_fails_leaves_the_old_log_and_no_temporary_file(tmp_path: Path, monkeypatch, error) -> None:
    from dataclasses import replace

    game, checker, start = _failing_after(3, error)
    monkeypatch.setattr(checker, "SIMULATION", replace(checker.SIMULATION, start=start))
    log = tmp_path / "log.jsonl"
    log.write_text("the previous log\n")
    options = CheckOptions(games=5, players=2, workers=1, log=log)
    with pytest.raises(type(error)):
        checker.check(game.load(None), options)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.jsonl"]
    assert log.read_text() == "the previous log\n"


def test_records_reach_the_log_while_the_run_goes_on(tmp_path: Path, monkeypatch) -> None:
    """Every game is in the temporary file as soon as it is played, not kept for the end."""
    from dataclasses import replace

    from pnp.games.zatre import checker

    seen: list[int] = []

    def start(model, deal):
        temporary = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        assert len(temporary) == 1 and not (tmp_path / "log.jsonl").exists()
        seen.append(temporary[0].stat().st_size)
        return checker.start(model, deal)

    monkeypatch.setattr(checker, "SIMULATION", replace(checker.SIMULATION, start=start))
    checker.check(games.get("zatre").load(None), CheckOptions(games=3, players=2, workers=1, skill_games=0,
                                                               log=tmp_path / "log.jsonl"))
    assert seen[0] == 0 and seen[1] > 0 and seen[2] > seen[1]
    assert len((tmp_path / "log.jsonl").read_text().splitlines()) == 3


@pytest.mark.parametrize("games", ["6", "auto"])
def test_log_games_keeps_the_first_games_of_each_configuration_and_match(tmp_path: Path, games: str) -> None:
    """`--log-games N`: the log holds games 0..N-1 of every configuration and of every skill match, with
    the verdict still on all games (fixed and auto numbering alike)."""
    log = tmp_path / "log.jsonl"
    result = CliRunner().invoke(main, ["check", "rautino", "--json", "-q", "--players", "2", "--games", games,
                                       "--max-games", "50", "--skill-games", "4", "--log", str(log),
                                       "--log-games", "2"])
    assert result.exit_code in (0, 1, 3), result.output
    report = json.loads(result.output)
    played = report["sequential"]["games"] if games == "auto" else 6
    per_configuration = 50 if games == "auto" else 6  # game c * per_configuration + i
    numbers = [json.loads(line)["game"] for line in log.read_text().splitlines()]
    assert numbers[:2] == [0, 1]
    assert all(n >= per_configuration for n in numbers[2:])  # then only skill-match games
    matches = len(numbers[2:]) // 2
    assert matches >= 1 and len(numbers) == 2 + 2 * matches
    assert report["simulation"]["2 players"]["games"] == played


def test_a_log_folder_that_cannot_be_made_leaves_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = CliRunner().invoke(main, ["check", "zatre", "--games", "2", "--players", "2",
                                       "--log", str(blocker / "sub" / "log.jsonl")])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_the_report_keeps_only_the_games_it_draws() -> None:
    report = games.get("rautino").check(games.get("rautino").load(None),
                                        CheckOptions(games=6, players=2, workers=1, keep_games=True))
    assert [kind for kind, _ in report.games_drawn] == ["best", "worst"]
    best, worst = (record for _, record in report.games_drawn)
    assert max(best["final_scores"]) == report.simulation["2 players"]["winning_scores"]["max"]
    assert max(worst["final_scores"]) == report.simulation["2 players"]["winning_scores"]["min"]
    assert not hasattr(report, "records")


def test_records_is_the_games_check_plays() -> None:
    from pnp.games.rautino.checker import SIMULATION

    model = games.get("rautino").load(None)
    options = CheckOptions(games=2, seed=4, workers=1, skill_games=2)
    played = list(simulate.records(SIMULATION, model, options))
    # The configurations' games, then each head-to-head match: deal j // 2, seats swapped for odd j.
    matches = len(SIMULATION.players) * (len(SIMULATION.players) - 1) // 2
    assert [r["game"] for r in played] == list(range(4 + 2 * matches))
    assert [r["players"] for r in played] == [1, 1, 2, 2] + [2] * 2 * matches
    first, second = played[4:6]
    assert first["seed"] == second["seed"] == game_seed(4, 0)
    assert first["seats"] == second["seats"][::-1] and first["seats"][0] == SIMULATION.players[-1]


BUILT: list[int] = []  # the games whose record was built, by number


def _lazy_outcome(model, deal, state):
    """Rautino's outcome with its record handed over as a function, counting the records built."""
    from pnp.games.rautino.checker import outcome as rautino_outcome

    outcome = rautino_outcome(model, deal, state)

    def build() -> dict:
        BUILT.append(deal.number)
        return outcome.full_record()

    return dataclasses.replace(outcome, record=build)


def test_a_record_given_as_a_function_is_built_only_when_it_is_read(tmp_path: Path) -> None:
    from pnp.games.rautino.checker import SIMULATION

    lazy = dataclasses.replace(SIMULATION, outcome=_lazy_outcome)
    model = games.get("rautino").load(None)
    options = CheckOptions(games=5, seed=3, players=1, workers=1, skill_games=0)
    BUILT.clear()
    simulate.check(lazy, model, options)
    assert BUILT == []  # nobody read a record
    simulate.check(lazy, model, dataclasses.replace(options, log=tmp_path / "lazy.jsonl"))
    assert BUILT == [0, 1, 2, 3, 4]
    simulate.check(SIMULATION, model, dataclasses.replace(options, log=tmp_path / "plain.jsonl"))
    assert (tmp_path / "lazy.jsonl").read_bytes() == (tmp_path / "plain.jsonl").read_bytes()


# --- fork, spawn and one worker agree ---------------------------------------------------------------

def _run(tmp_path: Path, name: str, workers: str, method: str | None) -> tuple[str, str]:
    env = dict(os.environ)
    env.pop("PNP_START_METHOD", None)
    if method:
        env["PNP_START_METHOD"] = method
    log = tmp_path / f"{name}.jsonl"
    done = subprocess.run([sys.executable, "-m", "pnp", "check", "zatre", "--games", "4", "--json",
                           "--workers", workers, "--log", str(log)],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
    assert done.returncode in (0, 3), done.stderr
    return done.stdout, log.read_text()


def test_spawn_fork_and_one_worker_give_the_same_check(tmp_path: Path) -> None:
    serial = _run(tmp_path, "serial", "1", None)
    assert _run(tmp_path, "spawn", "2", "spawn") == serial
    assert _run(tmp_path, "fork", "2", "fork") == serial


def test_the_log_writes_through_a_symlink_and_refuses_a_device(tmp_path: Path) -> None:
    target = tmp_path / "real.jsonl"
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    args = ["check", "zatre", "--games", "1", "--players", "2", "--workers", "1", "--skill-games", "0", "-q"]
    assert CliRunner().invoke(main, [*args, "--log", str(link)]).exit_code in (0, 3)
    assert link.is_symlink() and json.loads(target.read_text())["pnp_game"] == "zatre"
    result = CliRunner().invoke(main, [*args, "--log", os.devnull])
    assert result.exit_code == 2 and "not a file" in result.output
    assert Path(os.devnull).is_char_device()
