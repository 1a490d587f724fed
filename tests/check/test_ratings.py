"""Bradley-Terry ratings from head-to-head results with known answers, and the verdict on their spread."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from pnp.check.ratings import PRIOR_TIES, Result, elo_gap, fit, rating_figures
from pnp.cli import main


def test_two_players_rate_as_the_log_odds_of_their_share():
    ratings = fit(["weak", "strong"], [Result("strong", "weak", 75, 100)])
    wins, games = 75 + PRIOR_TIES / 2, 100 + PRIOR_TIES
    assert ratings.ratings[0] == 0
    assert ratings.ratings[1] == pytest.approx(400 * math.log10(wins / (games - wins)), abs=1e-6)
    # The standard error of a log-odds: 1 / sqrt(n p (1 - p)), in Elo points.
    p = wins / games
    assert ratings.errors[1] == pytest.approx(400 / math.log(10) / math.sqrt(games * p * (1 - p)), rel=1e-6)


def test_consistent_matches_give_additive_ratings():
    # 100 Elo points apart each: a wins 64 %, b wins 64 % and a wins 76 % against c (rounded shares).
    share = 1 / (1 + 10 ** (-100 / 400))
    big = 1 / (1 + 10 ** (-200 / 400))
    n = 100_000
    ratings = fit(["c", "b", "a"], [Result("b", "c", share * n, n), Result("a", "b", share * n, n),
                                    Result("a", "c", big * n, n)])
    assert ratings.ratings[1] == pytest.approx(100, abs=0.5)
    assert ratings.ratings[2] == pytest.approx(200, abs=0.5)


def test_a_player_that_never_loses_keeps_a_finite_rating_and_the_order_of_the_results_does_not_matter():
    one = fit(["random", "greedy"], [Result("greedy", "random", 50, 50)])
    other = fit(["random", "greedy"], [Result("random", "greedy", 0, 50)])
    assert math.isfinite(one.ratings[1]) and one.ratings[1] > 500
    assert one.ratings == pytest.approx(other.ratings)


def test_more_games_narrow_the_interval():
    few = fit(["a", "b"], [Result("b", "a", 60, 100)])
    many = fit(["a", "b"], [Result("b", "a", 600, 1000)])
    assert many.errors[1] == pytest.approx(few.errors[1] / math.sqrt(10), rel=0.02)


@pytest.mark.parametrize(("wins", "games", "verdict"), [
    (500, 1000, "a game of luck"),  # the spread's whole interval lies below 70 points
    (900, 1000, "skill matters"),
    (60, 100, "undecided"),
])
def test_the_verdict_reads_the_spread_and_its_interval(wins, games, verdict):
    figures = rating_figures(["random", "search"], [Result("search", "random", wins, games)], 0.6, 0.95)
    assert figures["limit"] == round(elo_gap(0.6), 1) == 70.4
    assert figures["verdict"] == verdict
    spread = figures["spread"]
    assert spread["from"] == "random" and spread["to"] == "search"
    assert spread["low"] <= spread["estimate"] <= spread["high"]


def test_the_spread_runs_to_the_strongest_declared_player_even_when_it_rates_lower():
    figures = rating_figures(["random", "greedy", "lookahead"],
                             [Result("greedy", "random", 60, 100), Result("lookahead", "random", 45, 100),
                              Result("lookahead", "greedy", 40, 100)], 0.6, 0.95)
    assert figures["spread"]["to"] == "lookahead"
    assert figures["spread"]["estimate"] < 0


def test_check_reports_ratings_with_level_names(tmp_path):
    args = ["check", "rautino", "--games", "4", "--players", "2", "--skill-games", "4", "--workers", "1", "-q"]
    result = CliRunner().invoke(main, [*args, "--json"])
    ratings = json.loads(result.output)["balance"]["ratings"]
    assert ratings["anchor"] == "random"
    assert ratings["players"]["random"] == {"rating": 0.0, "low": 0.0, "high": 0.0, "level": "beginner"}
    assert ratings["players"]["lookahead"]["level"] == "strong"
    assert ratings["verdict"] in ("skill matters", "a game of luck", "undecided")
    text = CliRunner().invoke(main, [*args, "--report", str(tmp_path / "report")]).output
    assert "ratings (Bradley-Terry, Elo points, random = 0):" in text
    assert "spread random to lookahead:" in text
    page = (tmp_path / "report" / "index.html").read_text()
    assert "<h3>Ratings</h3>" in page and "<td>beginner</td>" in page
