"""Zatre checker, game records and replay through the independent validator."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from zatre_helpers import model_with

import pnp.cli
from pnp.check.log import record_line
from pnp.check.options import CheckOptions
from pnp.check.simulate import records as played_records
from pnp.check.stats import Histogram
from pnp.games.zatre import GAME
from pnp.games.zatre.checker import SIMULATION, rows_that_suffice
from pnp.games.zatre.model import load
from pnp.games.zatre.replay import replay

MODEL = load()


OPTIONS = CheckOptions(games=4, seed=7, players=2, workers=1)


def write_log(path: Path, records) -> Path:
    """A game log as `pnp check --log` writes it."""
    path.write_text("".join(record_line(record) for record in records), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def two_player_report():
    return GAME.check(MODEL, OPTIONS)


@pytest.fixture(scope="module")
def two_player_records():
    return list(played_records(SIMULATION, MODEL, OPTIONS))


def test_default_sheet_passes_and_report_has_the_figures(two_player_report) -> None:
    report = two_player_report
    assert report.playable, report.reasons
    figures = report.simulation["2 players"]
    for key in ("final_scores", "turns_per_game", "tiles_left_per_player", "sheet_rows_used",
                "sheet_rows_histogram", "sheet_overflow_share", "rows_that_suffice"):
        assert key in figures
    assert report.static["tiles"] == 121 and report.static["board_fields"] == 193
    assert report.static["turns_with_the_standard_draw"] == 60


def test_records_hold_what_a_replay_needs(two_player_records) -> None:
    record = two_player_records[0]
    for key in ("game", "seed", "players", "final_scores", "bag", "turns", "rows_used", "minus"):
        assert key in record
    assert len(record["bag"]) == 121 and len(record["final_scores"]) == 2
    first = record["turns"][0]
    assert set(first) >= {"player", "drawn", "tiles", "rows", "crosses", "kept", "sheet"}
    json.dumps(record)  # JSON-ready
    assert [r["game"] for r in two_player_records] == list(range(len(two_player_records)))
    matches = len(SIMULATION.players) * (len(SIMULATION.players) - 1) // 2
    assert len(two_player_records) == 4 + OPTIONS.games_per_match * matches  # and the head-to-head games


def test_simulated_games_replay_valid_with_filled_sheets(tmp_path: Path, two_player_records) -> None:
    path = write_log(tmp_path / "games.jsonl", two_player_records)
    out = io.StringIO()
    assert replay(MODEL, path, out) == 0
    text = out.getvalue()
    assert "INVALID" not in text
    assert "turn   1 P1: drew" in text
    assert "sheet of player 2:" in text and "total:" in text


def _tampered(tmp_path: Path, records, change) -> str:
    record = copy.deepcopy(records[0])
    change(record)
    path = write_log(tmp_path / "bad.jsonl", [record])
    out = io.StringIO()
    assert replay(MODEL, path, out) == 1
    line = next(x for x in out.getvalue().splitlines() if x.startswith("INVALID"))
    assert line.startswith("INVALID zatre game 0 (line 1): ")
    return line


def _first_scoring_turn(record) -> dict:
    return next(t for t in record["turns"] if t["sheet"])


def test_replay_names_a_wrong_sheet_entry(tmp_path: Path, two_player_records) -> None:
    def change(record) -> None:
        _first_scoring_turn(record)["sheet"][0][2] += 1

    assert "score sheet" in _tampered(tmp_path, two_player_records, change)


def test_replay_checks_the_bag_against_the_seed(tmp_path: Path, two_player_records) -> None:
    def change(record) -> None:
        turn = record["turns"][1]
        turn["drawn"] = [6, 6]
        record["bag"][3:5] = [6, 6]

    line = _tampered(tmp_path, two_player_records, change)
    assert "bag" in line  # the bag no longer follows the seed


def test_replay_names_the_turn_and_rule(tmp_path: Path, two_player_records) -> None:
    def change(record) -> None:
        record["turns"][1]["tiles"][0][1:] = [0, 0]  # not a field

    line = _tampered(tmp_path, two_player_records, change)
    assert "turn 2" in line and "not a free field" in line

    def skip_draw(record) -> None:
        record["turns"][2]["drawn"] = []

    assert "draw rule" in _tampered(tmp_path, two_player_records, skip_draw)

    def wrong_score(record) -> None:
        record["final_scores"][0] += 5

    assert "final score" in _tampered(tmp_path, two_player_records, wrong_score)


def test_too_few_sheet_rows_fail_with_the_rows_that_suffice(tmp_path: Path) -> None:
    model = model_with(tmp_path, sheet={"rows": 16})
    report = GAME.check(model, CheckOptions(games=6, seed=1, players=2, workers=1))
    assert not report.playable
    reason = report.reasons[0]
    assert reason.startswith("2 players:") and "16 printed sheet rows" in reason
    suffice = report.simulation["2 players"]["rows_that_suffice"]
    assert suffice > 16 and f"{suffice} rows would suffice" in reason


def _histogram(values: list[int]) -> Histogram:
    counts = Histogram()
    for value in values:
        counts.add(value)
    return counts


def test_rows_that_suffice() -> None:
    assert rows_that_suffice(_histogram([10] * 99 + [30]), 0.01) == 10  # 1 of 100 may overflow (fail: "more")
    assert rows_that_suffice(_histogram([10] * 98 + [30, 30]), 0.01) == 30
    assert rows_that_suffice(_histogram([10] * 200 + [30] * 3), 0.01) == 30  # 2 of 203 may overflow
    assert rows_that_suffice(_histogram(list(range(1, 101))), 0.05) == 95


def test_cli_check_json_and_replay(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    runner = CliRunner()
    args = ["check", "zatre", "--games", "2", "--players", "3", "--workers", "1", "--skill-games", "0", "--json",
            "--log", str(log)]
    result = runner.invoke(pnp.cli.main, args)
    assert result.exit_code in (0, 3), result.output
    document = json.loads(result.output)
    assert document["verdict"] != "not playable" and "3 players" in document["simulation"]
    assert len(log.read_text().splitlines()) == 2
    result = runner.invoke(pnp.cli.main, ["replay", "zatre", str(log)])
    assert result.exit_code == 0, result.output
    assert "sheet of player 3:" in result.output
    record = json.loads(log.read_text().splitlines()[0])
    record["turns"][0]["crosses"] += 1
    log.write_text(json.dumps(record) + "\n")
    result = runner.invoke(pnp.cli.main, ["replay", "zatre", str(log)])
    assert result.exit_code == 1
    assert "INVALID zatre game 0 (line 1): turn 1:" in result.output


def test_cli_check_fails_with_exit_1_for_a_short_sheet(tmp_path: Path) -> None:
    from zatre_helpers import spec_data, write_spec

    data = spec_data()
    data["sheet"]["rows"] = 16
    path = write_spec(tmp_path, data)
    result = CliRunner().invoke(pnp.cli.main, ["check", "zatre", "--spec", str(path), "--games", "3",
                                               "--players", "2", "--workers", "1"])
    assert result.exit_code == 1
    assert "NOT PLAYABLE" in result.output and "rows would suffice" in result.output


@pytest.mark.parametrize(("field", "change"), [
    ("points", lambda r: _first_scoring_turn(r)["rows"][0].__setitem__("points", 9)),
    ("rows used", lambda r: r["rows_used"].__setitem__(0, r["rows_used"][0] - 1)),
    ("tiles left", lambda r: r["tiles_left"].__setitem__(1, r["tiles_left"][1] + 1)),
    ("minus", lambda r: r["minus"].__setitem__(0, r["minus"][0] + 3)),
])
def test_replay_checks_the_figures_the_checker_counts(tmp_path: Path, two_player_records, field, change) -> None:
    # The checker's verdict rests on rows_used; the report on tiles_left and minus.
    assert field in _tampered(tmp_path, two_player_records, change)
