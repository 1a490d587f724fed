"""Intervals and threshold tests of the checker's verdict."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.check.confidence import (
    Outcome,
    histogram_mean_test,
    share_test,
    wilson,
    z_value,
)
from pnp.check.stats import Histogram


def test_z_value_of_95_percent() -> None:
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    with pytest.raises(ValueError):
        z_value(1.0)


@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    (8, 10, 0.4902, 0.9433),   # textbook values of the Wilson score interval
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
])
def test_wilson_matches_published_values(successes: int, trials: int, low: float, high: float) -> None:
    interval = wilson(successes, trials)
    assert interval.low == pytest.approx(low, abs=1e-4)
    assert interval.high == pytest.approx(high, abs=1e-4)


@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_contains_the_share_and_stays_in_zero_one(successes: int, trials: int) -> None:
    successes = min(successes, trials)
    interval = wilson(successes, trials)
    assert 0.0 <= interval.low <= successes / trials <= interval.high <= 1.0


def test_wilson_covers_the_true_share_about_95_percent_of_the_time() -> None:
    rng = random.Random(5)
    covered = 0
    for _ in range(2000):
        hits = sum(rng.random() < 0.3 for _ in range(60))
        interval = wilson(hits, 60)
        covered += interval.low <= 0.3 <= interval.high
    assert 0.92 <= covered / 2000 <= 0.98


def test_histogram_mean_and_variance_agree_with_the_textbook_and_merge() -> None:
    values = [3, 5, 9, 1, 7, 7]
    whole = Histogram()
    for v in values:
        whole.add(v)
    left, right = Histogram(), Histogram()
    for v in values[:2]:
        left.add(v)
    for v in values[2:]:
        right.add(v)
    left.merge(right)
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    for acc in (whole, left):
        assert acc.count == 6
        assert acc.mean == pytest.approx(mean)
        assert acc.variance == pytest.approx(variance)


def test_share_test_outcomes_and_games_to_decide() -> None:
    clear_pass = share_test("check.min_first_move_share", 990, 1000, 0.9, at_least=True)
    clear_fail = share_test("check.min_first_move_share", 700, 1000, 0.9, at_least=True)
    unsure = share_test("check.min_first_move_share", 26, 30, 0.8, at_least=True)
    assert clear_pass.outcome is Outcome.PASS
    assert clear_fail.outcome is Outcome.FAIL
    assert unsure.outcome is Outcome.UNDECIDED
    needed = unsure.games_to_decide()
    assert needed is not None and needed > 30
    # With that many games and the same share, the test decides.
    assert share_test("x", needed * 26 / 30, needed, 0.8, at_least=True).outcome is Outcome.PASS


def test_upper_limit_tests_pass_below_and_fail_above() -> None:
    assert share_test("check.max_blocked_share", 5, 1000, 0.05, at_least=False).outcome is Outcome.PASS
    assert share_test("check.max_blocked_share", 200, 1000, 0.05, at_least=False).outcome is Outcome.FAIL


def test_mean_test_needs_more_than_one_game() -> None:
    acc = Histogram()  # shares in hundredths: a histogram holds integers
    acc.add(90)
    test = histogram_mean_test("check.min_placed_share", acc, 0.5, at_least=True, scale=0.01)
    assert test.outcome is Outcome.UNDECIDED
    for v in (85, 95, 90, 88):
        acc.add(v)
    test = histogram_mean_test("check.min_placed_share", acc, 0.5, at_least=True, scale=0.01)
    assert test.outcome is Outcome.PASS


def test_a_mean_on_its_threshold_is_never_decided() -> None:
    acc = Histogram()
    for v in (40, 60, 50, 50):
        acc.add(v)
    test = histogram_mean_test("check.min_placed_share", acc, 0.5, at_least=True, scale=0.01)
    assert test.outcome is Outcome.UNDECIDED
    assert test.games_to_decide() is None
