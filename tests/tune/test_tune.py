"""`pnp tune`: the search space and targets as typed, a search that meets its targets, and the extra."""

from __future__ import annotations

import json
import math
import re
import sys
import tomllib
from pathlib import Path

import pytest
from hostile_helpers import one_line_error

from pnp.check.confidence import Interval
from pnp.variants import VariantError

pytest.importorskip("optuna")

from pnp.tune.search import Trial
from pnp.tune.space import Dimension, parse_dimension
from pnp.tune.targets import parse_target


def test_ranges_decimals_and_choices() -> None:
    assert parse_dimension("game.hand_size=2..5") == Dimension("game.hand_size", "int", 2, 5)
    assert parse_dimension("board.triangle_mm=24.5..27") == Dimension("board.triangle_mm", "float", 24.5, 27.0)
    assert parse_dimension("stones[colours=red+joker].count=1,2,3").choices == (1, 2, 3)
    with pytest.raises(VariantError, match="a range runs from low to high"):
        parse_dimension("game.hand_size=5..2")


def test_targets_read_as_written_and_judge_intervals() -> None:
    fair = parse_target("seat_advantage<=0.05")
    assert (fair.low, fair.high) == (-math.inf, 0.05)
    assert fair.verdict(Interval(0.02, 0.0, 0.04)) == "met"
    assert fair.verdict(Interval(0.04, 0.01, 0.07)) == "open"
    assert fair.verdict(Interval(0.09, 0.06, 0.12)) == "missed"
    assert fair.distance(0.1) == pytest.approx(1.0) and fair.distance(0.03) == 0
    # The pruner's figure: how far the whole interval lies outside (0 while the target is plausible).
    assert fair.gap(Interval(0.12, 0.02, 0.2)) == 0
    assert fair.gap(Interval(0.1, 0.08, 0.12)) == pytest.approx(0.6)
    length = parse_target("turns_per_game=30..40")
    assert (length.low, length.high) == (30, 40) and length.distance(44) == pytest.approx(0.1)
    assert parse_target("skill_share>=0.6").low == 0.6


@pytest.mark.parametrize(("text", "needle"), [
    ("fairness<=0.05", "no figure 'fairness'"),
    ("seat_advantage<0.05", "write FIGURE<=VALUE"),
    ("turns_per_game=40..30", "a range runs from low to high"),
])
def test_bad_targets_are_one_line(text: str, needle: str, run_pnp) -> None:
    result = run_pnp("tune", "zatre", "--vary", "sheet.rows=20..28", "--target", text, "--trials", "1")
    one_line_error(result, f"--target {text}", needle)


def test_a_field_of_the_wrong_type_is_refused_before_any_game(run_pnp) -> None:
    result = run_pnp("tune", "zatre", "--vary", "sheet.rows=20.5..28", "--target", "turns_per_game=50..70")
    one_line_error(result, "sheet.rows", "is not an integer")


def test_a_search_meets_a_length_target_and_writes_the_best_spec(tmp_path: Path, run_pnp) -> None:
    """Zatre's two-player games last about 62 turns: every trial meets 40..90, the best is written."""
    best = tmp_path / "best.toml"
    result = run_pnp("tune", "zatre", "--vary", "sheet.rows=24..30", "--target", "turns_per_game=40..90",
                     "--players", "2", "--trials", "3", "--max-games", "100", "--confidence", "0.5",
                     "--workers", "1", "--json", "--write-best", str(best), "--spec", str(_lenient_zatre(tmp_path)))
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert len(document["trials"]) == 3 and document["best"] is not None
    chosen = document["trials"][document["best"] - 1]
    assert chosen["targets"] == {"turns_per_game=40..90": "met"}
    assert chosen["figures"]["turns_per_game"]["low"] >= 40 and chosen["figures"]["turns_per_game"]["high"] <= 90
    assert tomllib.loads(best.read_text())["sheet"]["rows"] == chosen["values"]["sheet.rows"]


def _lenient_zatre(tmp_path: Path) -> Path:
    """The shipped Zatre with a seat-advantage limit that a hundred games decide."""
    from hostile_helpers import spec_with

    return spec_with(tmp_path, "zatre", "max_seat_advantage = 0.10", "max_seat_advantage = 0.50")


def test_without_the_extra_the_command_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, run_pnp) -> None:
    monkeypatch.setitem(sys.modules, "optuna", None)  # as if the extra were not installed
    result = run_pnp("tune", "zatre", "--vary", "sheet.rows=20..28", "--target", "turns_per_game=50..70")
    one_line_error(result, "pnp tune needs the 'tune' extra (optuna is not installed): "
                           "pip install 'pnp-tilekit[tune]'")


def test_values_the_sampler_returns_to_are_not_played_again(tmp_path: Path, run_pnp) -> None:
    result = run_pnp("tune", "zatre", "--vary", "sheet.rows=27..28", "--target", "turns_per_game=40..90",
                     "--players", "2", "--trials", "4", "--max-games", "50", "--confidence", "0.5",
                     "--workers", "1", "--json", "--tolerance", "0", "--spec", str(_lenient_zatre(tmp_path)))
    assert result.exit_code == 0, result.output
    trials = json.loads(result.output)["trials"]
    played = [t for t in trials if t["state"] != "repeat"]
    assert len({t["values"]["sheet.rows"] for t in played}) == len(played) <= 2
    assert all(t["games"] == 0 for t in trials if t["state"] == "repeat") and len(trials) == 4


def test_tune_uses_the_default_tolerance_of_games_auto_and_takes_its_own(tmp_path: Path, run_pnp) -> None:
    from pnp.budget import DEFAULT_TOLERANCE
    from pnp.tune.search import TuneOptions

    assert TuneOptions().tolerance == DEFAULT_TOLERANCE > 0
    assert TuneOptions(tolerance=0.05).sweep_options().tolerance == 0.05
    for given, expected in (((), DEFAULT_TOLERANCE), (("--tolerance", "0.05"), 0.05)):
        result = run_pnp("tune", "zatre", "--vary", "sheet.rows=27..28", "--target", "turns_per_game=40..90",
                     "--players", "2", "--trials", "1", "--max-games", "50", "--confidence", "0.5", "--workers",
                     "1", "--json", "--spec", str(_lenient_zatre(tmp_path)), *given)
        assert result.exit_code in (0, 1), result.output  # 50 games may leave a ratio test open: no trial meets all
        assert json.loads(result.output)["tolerance"] == expected
    one_line_error(run_pnp("tune", "zatre", "--vary", "sheet.rows=27..28", "--target", "turns_per_game=40..90",
                       "--tolerance", "0.9"), "--tolerance")


def _trial(number: int, verdicts: dict[str, str], check: str = "pass", state: str = "complete",
           repeat_of: int | None = None) -> Trial:
    """A trial whose check is `check` (pass, undecided or fail) and whose targets are `verdicts`."""
    from pnp.check.protocol import Configuration
    from pnp.check.report import CheckReport
    from pnp.sweep.run import Variant

    report = CheckReport("zatre")
    if check == "fail":
        report.findings.append("seat advantage, 2 players: broken")
    elif check == "undecided":
        report.undecided.append("2 players: open")
    variant = Variant(number, {"sheet.rows": 20 + number}, "", report=report,
                      configurations=(Configuration(2, ("greedy", "greedy")),), played=50)
    return Trial(number, {"sheet.rows": 20 + number}, variant, state=state, objective=0.1 * number,
                 verdicts=verdicts, repeat_of=repeat_of)


@pytest.mark.parametrize(("trial", "shown"), [
    (_trial(1, {"seat_advantage<=0.05": "open"}), "open"),  # the check passes, the target is open: not a pass
    (_trial(1, {"seat_advantage<=0.05": "met"}), "pass"),
    (_trial(1, {"seat_advantage<=0.05": "met"}, check="undecided"), "open"),
    (_trial(1, {"seat_advantage<=0.05": "missed"}), "missed"),
    (_trial(1, {"seat_advantage<=0.05": "missed"}, check="undecided"), "missed"),
    (_trial(1, {"seat_advantage<=0.05": "met"}, check="fail"), "fail"),
    (_trial(1, {"seat_advantage<=0.05": "open"}, state="pruned"), "pruned"),
    (_trial(2, {"seat_advantage<=0.05": "met"}, state="repeat", repeat_of=1), "repeat of 1"),
])
def test_a_trials_state_tells_its_targets_and_limits(trial: Trial, shown: str) -> None:
    from pnp.tune.report import to_json, to_text
    from pnp.tune.search import TuneOptions, Tuning

    tuning = Tuning("zatre", [parse_dimension("sheet.rows=20..30")], [parse_target("seat_advantage<=0.05")],
                    TuneOptions(), [trial])
    assert trial.outcome == shown
    header, row = to_text(tuning).splitlines()[:2]
    assert row[header.index("state"):].startswith(shown + " ")
    assert to_json(tuning)["trials"][0]["outcome"] == shown
    assert (tuning.best is trial) == (shown == "pass")


def test_an_open_hint_names_max_games_and_the_shown_trial_says_why_it_stopped(tmp_path: Path, run_pnp) -> None:
    """Each trial plays the looks of --games auto: an open test names --max-games, the option tune has."""
    result = run_pnp("tune", "zatre", "--vary", "sheet.rows=24..30", "--target", "seat_advantage<=0.02",
                     "--players", "2", "--trials", "2", "--max-games", "50", "--workers", "1", "-q")
    assert result.exit_code in (0, 1), result.output
    assert "(--games)" not in result.output
    assert re.search(r"about \d+ games would decide it \(--max-games\)", result.output), result.output
    assert re.search(r"\n  (stopped|decided) after 50 games per configuration", result.output), result.output


def test_tunes_confidence_speaks_of_its_trials_not_of_games_auto(run_pnp) -> None:
    help_text = " ".join(run_pnp("tune", "--help").output.split())
    confidence = help_text[help_text.index("--confidence"):help_text.index("--json")]
    assert "--games" not in confidence and "trial" in confidence


@pytest.mark.parametrize(("vary", "trials", "suggested"), [
    (("sheet.rows=24..30",), "4", True),  # 7 variants: a sweep checks every one
    (("sheet.rows=24..30", "rules.first_turn_tiles=2,3"), "4", False),  # 14: more than twice the trials
    (("sheet.rows=24..30", "board.cell_mm=12.5..13.5"), "40", False),  # a decimal range has no grid
])
def test_a_space_small_enough_for_a_sweep_says_so(vary: tuple[str, ...], trials: str, suggested: bool) -> None:
    from pnp.tune.space import sweep_instead

    dimensions = [parse_dimension(text) for text in vary]
    command = sweep_instead("zatre", None, dimensions, int(trials), ["--players", "2"])
    assert (command is not None) == suggested
    if command is not None:
        assert command == "pnp sweep zatre --vary sheet.rows=24..30 --players 2 --games auto"
        assert sweep_instead("zatre", Path("my spec.toml"), dimensions, 4, []) == \
            "pnp sweep zatre --spec 'my spec.toml' --vary sheet.rows=24..30 --games auto"


def test_the_sweep_note_comes_before_the_trials_and_in_the_json(tmp_path: Path) -> None:
    import subprocess

    command = [sys.executable, "-m", "pnp", "tune", "zatre", "--vary", "sheet.rows=27..28", "--target",
               "turns_per_game=40..90", "--players", "2", "--trials", "1", "--max-games", "50", "--workers", "1",
               "--spec", str(_lenient_zatre(tmp_path))]
    text = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False)
    assert text.returncode in (0, 1), text.stderr
    (note,) = [line for line in text.stderr.splitlines() if "pnp sweep" in line]
    assert "2 variants" in note and "--vary sheet.rows=27..28" in note and "--max-games 50" in note
    document = json.loads(subprocess.run([*command, "--json"], capture_output=True, text=True, cwd=tmp_path,
                                         timeout=300, check=False).stdout)
    assert document["sweep_instead"] == note[note.index("pnp sweep"):]
    quiet = subprocess.run([*command, "-q"], capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False)
    assert "pnp sweep" not in quiet.stderr
