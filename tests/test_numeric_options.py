"""Numeric options are checked one way (pnp.numbers) by the command line and the studio: nan, inf, a
value out of its limits and a number too long to read are refused with exit 2 and one line naming the
option, the limits and the value, before any game is played or file written."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hostile_helpers import one_line_error

from pnp.errors import PnpError
from pnp.studio.jobs import CheckSettings, SweepSettings

VARY = ("--vary", "game.hand_size=2..3")
TARGET = ("--target", "seat_advantage<=0.1")
COMMANDS = {"check": ("check", "rautino", "--games", "2"), "sweep": ("sweep", "rautino", *VARY, "--games", "2"),
            "tune": ("tune", "rautino", *VARY, *TARGET, "--trials", "1")}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("option", "value", "needle"), [
    ("--confidence", "nan", "--confidence: between 0.5 and 0.999; got nan"),
    ("--confidence", "inf", "--confidence: between 0.5 and 0.999; got inf"),
    ("--tolerance", "nan", "--tolerance: between 0 and 0.5; got nan"),
    ("--tolerance", "-inf", "--tolerance: between 0 and 0.5; got -inf"),
    ("--seed", "-1", "--seed: between 0 and 4294967295; got -1"),
    ("--seed", str(2**80), "--seed: between 0 and 4294967295; got 1208925819614629174706176"),
    ("--seed", "9" * 5000, "--seed: between 0 and 4294967295; got a number of more than 30 digits"),
])
def test_a_numeric_option_out_of_its_limits_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        command: str, option: str, value: str, needle: str,
                                                        run_pnp) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_pnp(*COMMANDS[command], option, value, "-q")
    assert one_line_error(result, needle) == f"pnp: error: {needle}"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("vary", "needle"), [
    (f"game.hand_size=1..{'9' * 5000}", "--vary game.hand_size: a number of more than 30 digits (at most 30)"),
    (f"board.triangle_mm=0.5..{'9' * 400}.0", "--vary board.triangle_mm: a number of more than 30 digits"),
])
def test_a_tune_range_with_a_number_too_long_is_one_line(vary: str, needle: str, run_pnp) -> None:
    one_line_error(run_pnp("tune", "rautino", "--vary", vary, *TARGET), needle)


@pytest.mark.parametrize("value", ["nan", "inf", "1e999"])
def test_a_sweep_value_that_is_not_finite_is_one_line(value: str, run_pnp) -> None:
    one_line_error(run_pnp("sweep", "rautino", "--vary", f"board.triangle_mm=0.5,{value}", "--games", "2"),
                   "every number must be finite")


@pytest.mark.parametrize(("settings", "needle"), [
    ({"confidence": math.nan}, "confidence: between 0.5 and 0.999; got nan"),
    ({"tolerance": math.nan}, "tolerance: between 0 and 0.5; got nan"),
    ({"tolerance": math.inf}, "tolerance: between 0 and 0.5; got inf"),
    ({"seed": -1}, "seed: between 0 and 4294967295; got -1"),
    ({"seed": 2**80}, "seed: between 0 and 4294967295; got 1208925819614629174706176"),
])
def test_the_studio_refuses_the_same_values_in_the_same_words(settings: dict, needle: str) -> None:
    with pytest.raises(PnpError) as refused:
        CheckSettings(**settings)
    assert str(refused.value) == needle
    with pytest.raises(PnpError) as refused:
        SweepSettings((("game.hand_size", "2,3"),), **settings)
    assert str(refused.value) == needle
