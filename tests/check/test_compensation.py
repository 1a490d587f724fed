"""A compensation for the seat behind: exact on hand-made score differences, proposed where a seat
advantage holds, and measured on the games of the strongest players in every seat."""

from __future__ import annotations

from dataclasses import replace

from pnp.check.balance import judge_balance
from pnp.check.compensation import DIFFERENCE, compensation_html, propose, seat_wins_with_bonus
from pnp.check.limits import BalanceLimits
from pnp.check.measures import game_measures
from pnp.check.protocol import Configuration, Outcome
from pnp.check.replay import problem
from pnp.check.report import CheckReport, balance_lines
from pnp.check.stats import Histogram, Tally


def _differences(values: list[int]) -> Histogram:
    histogram = Histogram()
    for value in values:
        histogram.add(value)
    return histogram


def test_a_bonus_turns_games_closer_than_it_and_ties_those_it_equals():
    differences = _differences([3, 5, -2, 4, 0])  # seat 2 less seat 1
    assert seat_wins_with_bonus(differences, 0, 0) == [1.5, 3.5]  # today: 0 is a tie
    assert seat_wins_with_bonus(differences, 0, 4) == [3.5, 1.5]  # 3, -2, 0 won, 4 tied, 5 lost
    assert seat_wins_with_bonus(differences, 1, 2) == [0.0 + 0.5, 4.5]  # seat 2 gets 2: only -2 ties


def test_the_proposal_is_the_smallest_bonus_that_balances_the_seats():
    # Seat 2 wins 60 of 100 games by 1 or 2 points; seat 1 wins 40 by 5. One point ties the
    # 20 one-point games: 50 % each; two points would give seat 1 the 40 two-point games as well.
    differences = _differences([1] * 20 + [2] * 40 + [-5] * 40)
    proposal = propose(differences, seat_wins_with_bonus(differences, 0, 0), 0.1, 0.95)
    assert proposal is not None
    assert (proposal["seat"], proposal["points"]) == (1, 1)
    assert proposal["rule"] == "seat 1 starts with 1 point"
    assert proposal["seat_win_shares"][0]["estimate"] == 0.5
    assert proposal["seat_advantage"]["estimate"] == 0.0
    balanced = _differences([1, -1] * 50)
    assert propose(balanced, seat_wins_with_bonus(balanced, 0, 0), 0.1, 0.95) is None


def _tally(differences: list[int]) -> Tally:
    tally = Tally(2)
    for difference in differences:
        final = [50, 50 + difference]
        tally.add_game(Outcome({}, final, 10, 1, 10, game_measures([final], final, 0)))
    return tally


def test_the_balance_section_proposes_a_compensation_and_measures_it_with_the_strongest_players():
    spec = Configuration(2, ("greedy", "greedy"))
    strongest = replace(spec, seats=("search", "search"), level="expert")
    tallies = {spec.label: _tally([2] * 700 + [-3] * 300),  # seat 2 wins 70 % by 2 points
               strongest.label: _tally([1] * 650 + [-4] * 350)}  # 65 % by 1 point
    report = CheckReport("test")
    judge_balance(report, (spec, strongest), tallies, {}, BalanceLimits(0.1, 0.6))
    entry = report.balance["configurations"]["2 players"]
    assert tallies[spec.label].histogram(DIFFERENCE).count == 1000
    # Two points tie the 700 two-point games: seat 1 wins 300 + 350 of 1000 (one point: 30 %, three: 100 %).
    assert entry["compensation"]["points"] == 2
    assert entry["compensation"]["seat_win_shares"][0]["estimate"] == 0.65
    comparison = report.balance["seats_by_level"][0]
    assert comparison["configuration"] == "2 players" and comparison["level"] == "expert"
    assert comparison["seat_finding"] == "holds for both"
    # The strongest players' games with the same 2 points: seat 1 wins the 650 one-point games too.
    after = comparison["compensation_effect"]
    assert after["seat_win_shares"][0]["estimate"] == 1.0
    text = "\n".join(balance_lines(report.balance))
    assert "proposed compensation: seat 1 starts with 2 points" in text
    assert "with expert players in every seat: holds for both" in text
    assert "the proposed compensation with expert players: advantage" in text
    page = compensation_html(report.balance)
    assert "proposed compensation <strong>seat 1 starts with 2 points</strong>" in page
    assert "<strong>holds for both</strong>" in page


def _rautino_with_seat_points(tmp_path, points: int):
    from pnp.games.rautino.model import load
    from pnp.spec import template_path

    text = template_path("rautino").read_text(encoding="utf-8")
    assert "seat_1_points = 0" in text  # the shipped spec declares the field, so sweeps and tune can vary it
    path = tmp_path / f"rautino-{points}.toml"
    path.write_text(text.replace("seat_1_points = 0", f"seat_1_points = {points}"), encoding="utf-8")
    return load(path)


def test_rautino_seat_1_points_start_the_first_seat_with_a_lead_and_change_no_move(tmp_path):
    """`scoring.two_players.seat_1_points`: seat 1 starts with them in a two-player game (not alone); the
    greedy players play the same moves, so every final score differs by exactly those points; a record of
    such a game replays as valid, and the printed rules say so."""
    from pnp.games.rautino import records, replay
    from pnp.games.rautino.checker import score_track
    from pnp.games.rautino.kit.rules import _texts
    from pnp.games.rautino.players import greedy_player
    from pnp.games.rautino.state import play_game

    plain, given = _rautino_with_seat_points(tmp_path, 0), _rautino_with_seat_points(tmp_path, 4)
    assert given.two_players.seat_1_points == 4 and given.start_scores(2) == [4, 0] and given.start_scores(1) == [0]
    for seed in range(5):
        before = play_game(plain, 2, seed, greedy_player)
        after = play_game(given, 2, seed, greedy_player)
        assert [t.slot for t in after.turns] == [t.slot for t in before.turns]
        assert after.scores == [before.scores[0] + 4, before.scores[1]]
        assert score_track(after)[-1] == after.scores
        assert problem(replay.REPLAY, given, records.to_record(given, after, seed)) is None
        assert problem(replay.REPLAY, plain, records.to_record(given, after, seed)) is not None  # the other spec's sums
    alone = play_game(given, 1, 1, greedy_player)
    assert alone.scores == play_game(plain, 1, 1, greedy_player).scores
    words = str(_texts(given, "en")["columns"])
    assert "the first player starts with 4 points" in words
    assert "starts with" not in str(_texts(plain, "en")["columns"])


def test_rautino_seat_1_points_out_of_range_is_one_line(tmp_path):
    import pytest

    from pnp.errors import SpecError

    with pytest.raises(SpecError) as caught:
        _rautino_with_seat_points(tmp_path, 101)
    assert "seat_1_points" in str(caught.value) and "100" in str(caught.value)
