"""`pnp sweep --levels` and `--seat-levels`: a sweep's variants play the strength levels named, as
`pnp check` does with the same options."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile_helpers import one_line_error, run

from pnp.check.run import run_check
from pnp.sweep.command import sweep
from pnp.sweep.run import SweepOptions

# Triomino's seed games are the shortest of the search player's: a cheap grid of two variants.
VARY = ("presets.seed.bridge_bonus=20,40",)
SMALL = ["--players", "2", "--preset", "seed", "--games", "2", "--skill-games", "2", "--workers", "1"]


def test_a_variant_plays_the_levels_named_the_games_check_plays(tmp_path: Path) -> None:
    done = sweep("triomino", spec=None, vary=VARY, csv=None, report=None, write_best=None,
                 options=SweepOptions(games=2, players=2, preset="seed", workers=1, skill_games=2,
                                      levels=("good", "expert"), seat_levels=("expert",)))
    variant = done.variants[1]
    spec = tmp_path / "variant.toml"
    spec.write_text(variant.spec_text, encoding="utf-8")
    alone = run_check("triomino", spec=spec, games=2, seed=1, players=2, preset="seed", workers=1, log=None,
                      report=None, progress=False, skill_games=2, levels=("good", "expert"),
                      seat_levels=("expert",))
    assert variant.report is not None
    swept = variant.report.to_json()
    # The judged match is the strongest level named against the weakest: the expert's search player
    # against the good (greedy) one, with the figures of the check's same match.
    (label, figures), = variant.report.balance["skill"].items()
    assert (label, figures["player"], figures["opponent"], figures["games"]) == ("search vs greedy", "search",
                                                                                 "greedy", 2)
    assert figures == alone.balance["skill"][label]
    # Every configuration again with the expert in every seat, the same games as the check's.
    expert = "2 players, seed, expert in every seat"
    assert list(swept["simulation"]) == ["2 players, seed", expert]
    assert swept["simulation"][expert] == alone.to_json()["simulation"][expert]


def test_the_json_and_the_table_name_the_players_that_played() -> None:
    document = json.loads(run("sweep", "triomino", "--vary", VARY[0], *SMALL, "--levels", "good,expert",
                              "--seat-levels", "expert", "--json").output)
    for variant in document["variants"]:
        assert [(m["player"], m["opponent"], m["games"]) for m in variant["skill"].values()] == [
            ("search", "greedy", 2)]
        assert variant["simulation"]["2 players, seed, expert in every seat"]["games"] == 2
    text = run("sweep", "triomino", "--vary", VARY[0], *SMALL, "--levels", "good,expert").output
    assert "skill_signal: the win share of search (expert) against greedy (good)" in text
    assert "expert in every seat" not in text  # only with --seat-levels
    default = run("sweep", "triomino", "--vary", VARY[0], *SMALL).output
    assert "skill_signal: the win share of lookahead (strong) against random (beginner)" in default


@pytest.mark.parametrize(("option", "value", "needles"), [
    ("--levels", "good,wizard", ["--levels", "unknown strength level 'wizard'",
                                 "choose from beginner, expert, good, master, strong"]),
    ("--seat-levels", "grandmaster", ["--seat-levels", "unknown strength level 'grandmaster'",
                                      "choose from beginner, expert, good, master, strong"]),
    ("--levels", "expert", ["--levels", "at least two different strength levels"]),
])
def test_bad_levels_are_one_line_before_any_game(tmp_path: Path, option: str, value: str,
                                                 needles: list[str]) -> None:
    report = tmp_path / "report"
    result = run("sweep", "triomino", "--vary", VARY[0], *SMALL, option, value, "--report", str(report))
    one_line_error(result, *needles)
    assert not report.exists()
