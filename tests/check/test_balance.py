"""The balance section: seat fairness with intervals, head-to-head skill matches, game length,
findings apart from the verdict, --strict, and the confidence-aware verdict across seeds."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest
from click.testing import CliRunner

from pnp import games
from pnp.check import simulate
from pnp.check.balance import Match, matches
from pnp.check.confidence import seat_advantage_test
from pnp.check.limits import BalanceLimits
from pnp.check.options import CheckOptions
from pnp.check.protocol import Outcome
from pnp.check.replay import problem
from pnp.check.report import CheckReport
from pnp.check.stats import Tally
from pnp.cli import main

GAMES = ["rautino", "zatre", "triomino"]


def _tally(scores: list[list[int]], turns: int = 20) -> Tally:
    tally = Tally(len(scores[0]))
    for game in scores:
        tally.add_game(Outcome({}, game, turns, 1, turns))
    return tally


def test_two_seat_advantage_is_twice_the_leading_share_minus_one() -> None:
    test = seat_advantage_test("check.max_seat_advantage", [600.0, 400.0], 1000, 0.1)
    assert test.interval.estimate == pytest.approx(0.2)
    # Wilson for 600 of 1000 at 95 %: 0.5690 to 0.6303.
    assert test.interval.low == pytest.approx(2 * 0.5690 - 1, abs=1e-3)
    assert test.interval.high == pytest.approx(2 * 0.6303 - 1, abs=1e-3)
    assert test.outcome.value == "fail"
    few = seat_advantage_test("check.max_seat_advantage", [2.0, 0.0], 2, 0.1)
    assert few.outcome.value == "undecided"  # two games decide nothing, however lopsided


def test_seat_finding_and_strict(tmp_path) -> None:
    from pnp.check.balance import judge_balance
    from pnp.check.protocol import Configuration

    configuration = Configuration(2, ("greedy", "greedy"))
    lopsided = _tally([[10, 5]] * 700 + [[5, 10]] * 300)
    for strict in (False, True):
        report = CheckReport("test", strict=strict)
        judge_balance(report, (configuration,), {configuration.label: lopsided}, {}, BalanceLimits(0.1, 0.6))
        entry = report.balance["configurations"]["2 players"]
        assert entry["seat_win_shares"][0]["estimate"] == 0.7
        assert entry["seat_advantage"]["outcome"] == "fail"
        assert entry["seat_mean_scores"] == [8.5, 6.5]
        assert len(report.findings) == 1 and report.findings[0].startswith("seat advantage, 2 players: seat 1 wins")
        assert report.playable is not strict  # findings fail the check only with --strict
        assert report.exit_code == (1 if strict else 0)


def test_even_seats_give_no_finding() -> None:
    from pnp.check.balance import judge_balance
    from pnp.check.protocol import Configuration

    configuration = Configuration(2, ("greedy", "greedy"))
    report = CheckReport("test")
    judge_balance(report, (configuration,), {configuration.label: _tally([[10, 5], [5, 10]] * 1000)}, {},
                  BalanceLimits(0.1, 0.6))
    assert report.findings == []
    assert report.balance["configurations"]["2 players"]["seat_advantage"]["outcome"] == "pass"


def test_seats_that_win_alike_are_named_apart() -> None:
    from pnp.check.balance import judge_balance
    from pnp.check.protocol import Configuration

    configuration = Configuration(2, ("greedy", "greedy"))
    report = CheckReport("test")
    judge_balance(report, (configuration,), {configuration.label: _tally([[10, 5], [5, 10]] * 20)}, {},
                  BalanceLimits(0.1, 0.6))
    (undecided,) = report.balance["undecided"]
    assert "seat 1 wins 50.0%, seat 2 50.0%: advantage 0.0%" in undecided


def test_length_has_mean_and_quartiles() -> None:
    from pnp.check.balance import length

    tally = Tally(1)
    for turns in (10, 20, 30, 40):
        tally.add_game(Outcome({}, [1], turns, 1, turns))
    assert length(tally) == {"turns_per_game": {"mean": 25.0, "q1": 17.5, "median": 25.0, "q3": 32.5}}


def test_matches_put_the_strongest_against_random_first() -> None:
    assert matches(("random", "greedy", "lookahead")) == [
        Match("lookahead", "random"), Match("lookahead", "greedy"), Match("greedy", "random")]
    assert matches(("random", "greedy")) == [Match("greedy", "random")]


@pytest.mark.parametrize("game", GAMES)
def test_json_balance_section(game: str) -> None:
    result = CliRunner().invoke(main, ["check", game, "--games", "4", "--players", "2", "--workers", "1",
                                       "--skill-games", "4", "--json"])
    assert result.exit_code in (0, 1, 3), result.output
    document = json.loads(result.output)
    balance = document["balance"]
    assert balance["confidence"] == 0.95 and isinstance(balance["findings"], list)
    for entry in balance["configurations"].values():
        assert {"games", "seat_win_shares", "seat_advantage", "seat_mean_scores", "turns_per_game"} <= set(entry)
        assert {"estimate", "low", "high", "limit", "outcome", "games_to_decide"} <= set(entry["seat_advantage"])
        assert {"mean", "q1", "median", "q3"} == set(entry["turns_per_game"])
    skill = balance["skill"]
    assert "greedy vs random" in skill
    for match in skill.values():
        assert match["games"] == 4 and {"estimate", "low", "high"} <= set(match["win_share"])
    assert document["verdict"] in ("playable", "not playable", "undecided")
    assert all(test["outcome"] in ("pass", "fail", "undecided") for test in document["tests"])


def test_strict_turns_a_finding_into_exit_1() -> None:
    model = games.get("rautino").load(None)
    loose = simulate.check(_simulation("rautino"), model, CheckOptions(games=40, players=2, workers=1,
                                                                        skill_games=0))
    # No real set is this even: a limit of 0 makes any measured seat advantage a finding.
    strict_model = replace(model, balance=BalanceLimits(max_seat_advantage=0.0))
    strict = simulate.check(_simulation("rautino"), strict_model,
                            CheckOptions(games=40, players=2, workers=1, skill_games=0, strict=True))
    if strict.balance["configurations"]["2 players"]["seat_advantage"]["outcome"] == "fail":
        assert strict.exit_code == 1 and any(r.startswith("balance (--strict)") for r in strict.reasons)
    else:
        assert strict.exit_code == 3 and any(u.startswith("balance (--strict)") for u in strict.undecided)
    assert not any(r.startswith("balance") for r in loose.reasons)


def _simulation(game: str):
    import importlib

    return importlib.import_module(f"pnp.games.{game}.checker").SIMULATION


@pytest.mark.parametrize("game", GAMES)
def test_head_to_head_games_of_every_player_replay_valid(game: str) -> None:
    """The skill matrix's games (the stronger players' too) pass the independent validators."""
    import importlib

    simulation = _simulation(game)
    replayer = importlib.import_module(f"pnp.games.{game}.replay").REPLAY
    model = games.get(game).load(None)
    options = CheckOptions(games=1, players=2, seed=11, skill_games=2,
                           preset="seed" if game == "triomino" else None)
    records = list(simulate.records(simulation, model, options))
    head_to_head = records[1:]
    assert len(head_to_head) == 2 * len(matches(simulation.players))
    assert {seat for record in head_to_head for seat in record["seats"]} == set(simulation.players)
    for record in records:
        assert problem(replayer, model, record, io.StringIO()) is None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(1, 21))
def test_thirty_games_never_call_a_shipped_set_not_playable(game: str, seed: int) -> None:
    """At --games 30 a shipped set is playable or undecided, never NOT PLAYABLE, for 20 seeds."""
    model = games.get(game).load(None)
    report = games.get(game).check(model, CheckOptions(games=30, seed=seed, workers=1, skill_games=0))
    assert report.verdict != "not playable", report.reasons
