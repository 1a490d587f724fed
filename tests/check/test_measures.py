"""Measures of a good game on hand-made score sequences with known answers, and as a check reports them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import games
from pnp.check.confidence import wilson
from pnp.check.measures import (
    PREFIX,
    comeback,
    decisiveness,
    drama,
    game_measures,
    lead_changes,
    margin,
    measure_figures,
)
from pnp.check.protocol import Configuration, Deal, Outcome, game_seed
from pnp.check.simulate import play_deal
from pnp.check.stats import Tally
from pnp.cli import main

# Seat 1 leads, seat 2 takes over, seat 1 again, a tie for the lead, seat 2 wins.
SWAYING = [[1, 0], [1, 2], [3, 2], [3, 3], [3, 5]]
# Seat 2 trails by 8 after two turns and wins.
LATE = [[5, 0], [10, 2], [10, 12], [11, 15]]


def test_lead_changes_count_changes_of_the_sole_leader_only():
    assert lead_changes(SWAYING) == 3  # 1 -> 2 -> 1, the tie changes nothing, -> 2
    assert lead_changes([[0, 0], [0, 0]]) == 0
    assert lead_changes([[4, 1], [6, 1], [9, 2]]) == 0
    assert lead_changes([[1, 0, 0], [1, 2, 0], [1, 2, 3]]) == 2


def test_drama_is_the_winners_deepest_deficit():
    assert drama(LATE, winner=1) == 8
    assert drama(SWAYING, winner=1) == 1
    assert drama([[0, 3], [1, 9]], winner=1) == 0


def test_decisiveness_is_the_share_of_the_game_before_the_winner_led_for_good():
    assert decisiveness(LATE, winner=1) == 0.5  # led alone from the third of four turns
    assert decisiveness([[0, 1], [0, 3]], winner=1) == 0.0  # led from the first turn
    assert decisiveness([[2, 1], [2, 2], [2, 3]], winner=1) == pytest.approx(2 / 3)
    assert decisiveness(SWAYING, winner=1) == 0.8  # the tie at turn 4 is no lead


def test_comeback_is_a_winner_behind_at_half_time():
    assert comeback(LATE, winner=1)  # half time is after turn 2: 10 to 2
    assert not comeback([[0, 1], [2, 3], [9, 4], [9, 10]], winner=1)  # ahead at half time (turn 2)
    assert comeback([[3, 0], [3, 2], [3, 9]], winner=1)  # three turns: half time is after turn 2
    assert not comeback([[3, 3], [3, 4]], winner=1)  # level at half time is not behind


def test_margin_is_the_winner_less_the_runner_up():
    assert margin([10, 7, 9]) == 1
    assert margin([5, 5]) == 0
    assert margin([12]) == 0


def test_game_measures_close_the_track_with_the_final_scores():
    # An end bonus turns the game: seat 2 wins only with it.
    measures = game_measures([[10, 5]], [10, 12], blocked=2)
    assert measures == {PREFIX + "blocked_turns": 2, PREFIX + "lead_changes": 1, PREFIX + "margin": 2,
                        PREFIX + "drama": 5, PREFIX + "decisiveness": 500, PREFIX + "comeback": 1,
                        PREFIX + "score_difference": 2}


def test_a_tied_game_has_no_winner_measures_and_a_solo_game_only_its_blocked_turns():
    tied = game_measures([[1, 0], [1, 1]], [1, 1], blocked=0)
    assert tied == {PREFIX + "blocked_turns": 0, PREFIX + "lead_changes": 0, PREFIX + "margin": 0,
                    PREFIX + "score_difference": 0}
    assert game_measures([[3], [5]], [5], blocked=1) == {PREFIX + "blocked_turns": 1}


def test_a_swapped_outcome_swaps_its_score_track():
    outcome = Outcome({}, [3, 5], 2, 1, 2, {}, [[3, 0], [3, 5]], 0)
    assert outcome.scores_seated(True).score_track == [[0, 3], [5, 3]]


def test_figures_give_each_measure_with_its_interval():
    tally = Tally(2)
    for track, final in ((LATE, [11, 15]), ([[0, 1], [0, 3]], [0, 3]), ([[1, 0], [1, 1]], [1, 1])):
        tally.add_game(Outcome({}, final, len(track), 1, len(track), game_measures(track, final, 1)))
    figures = measure_figures(tally, 0.95)
    assert figures["decided_games"] == 2  # the tie has no winner
    assert figures["lead_changes_per_game"]["estimate"] == pytest.approx(1 / 3, abs=0.01)
    assert figures["drama"]["estimate"] == 4.0  # 8 and 0
    assert figures["decisiveness"]["estimate"] == 0.25  # 0.5 and 0
    assert figures["comeback_share"] == wilson(1, 2, 0.95).to_json()
    assert figures["winning_margin"]["histogram"] == {"0": 1, "3": 1, "4": 1}
    assert figures["blocked_turns_per_game"]["estimate"] == 1.0
    assert figures["drama"]["low"] >= 0  # counts: the interval stops at 0


PRESET = {"triomino": "seed"}


@pytest.mark.parametrize("game", sorted(games.names()))
def test_each_game_reports_a_score_track_that_ends_in_its_final_scores(game):
    chosen = games.get(game)
    model = chosen.load(None)
    for index in range(3):
        outcome = play_deal(chosen.simulation, model, Deal(index, index, game_seed(2, index),
                                                     Configuration(2, ("greedy", "greedy"), PRESET.get(game))))
        record = outcome.full_record()
        track = outcome.score_track
        assert len(track) == outcome.turns
        last = track[-1]
        if game == "rautino":
            assert last == outcome.scores
        elif game == "zatre":
            assert [a - b for a, b in zip(last, record["minus"], strict=True)] == outcome.scores
        else:
            final_round = record["rounds"][-1]
            assert [a + b for a, b in zip(last, final_round["end"]["bonus"], strict=True)] == outcome.scores
        assert outcome.blocked_turns is not None and outcome.blocked_turns >= 0


def test_check_reports_the_measures_in_json_text_and_html(tmp_path: Path):
    args = ["check", "rautino", "--games", "12", "--players", "2", "--skill-games", "0", "--workers", "1", "-q"]
    as_json = CliRunner().invoke(main, [*args, "--json"])
    measures = json.loads(as_json.output)["balance"]["configurations"]["2 players"]["measures"]
    assert set(measures) >= {"lead_changes_per_game", "drama", "decisiveness", "comeback_share", "winning_margin",
                             "blocked_turns_per_game", "games_with_a_blocked_turn", "decided_games"}
    assert sum(measures["winning_margin"]["histogram"].values()) == 12
    text = CliRunner().invoke(main, [*args, "--report", str(tmp_path / "report")]).output
    assert "lead changes per game:" in text and "comeback share" in text
    page = (tmp_path / "report" / "index.html").read_text()
    for title in ("Lead changes per game", "Drama: how far behind the winner fell", "Decisiveness", "Comebacks",
                  "Winning margin", "Turns a player could not place"):
        assert f"{title}" in page, title
