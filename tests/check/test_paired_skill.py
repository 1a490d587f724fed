"""The skill share's paired interval: the pairs of a match's two seatings of one deal, and what it says
when every pair went one way."""

from __future__ import annotations

import math
import random

import pytest

from pnp.check.balance import paired_skill_test
from pnp.check.confidence import wilson
from pnp.check.stats import Histogram, Tally


def match_tally(pair_scores: list[int]) -> Tally:
    """A match's tally from its pairs' scores (the player's wins less the opponent's over a pair, -2 to 2)."""
    tally = Tally(seats=2, games=2 * len(pair_scores))
    tally.seat_wins = [sum(2 + s for s in pair_scores) / 2, sum(2 - s for s in pair_scores) / 2]
    tally.pairs = Histogram()
    for score in pair_scores:
        tally.pairs.add(score)
    return tally


def test_a_match_won_in_every_game_keeps_an_interval_as_wide_as_its_pairs_allow() -> None:
    test = paired_skill_test(match_tally([2] * 250), 0.55, 0.95)
    assert test is not None
    interval = test.interval
    assert interval.estimate == 1.0 and interval.high == 1.0
    # 500 games all won: no spread in the pairs, yet the share is not known to be 1. Its low end lies between
    # the binomial one of the 500 games (games independent) and that of the 250 pairs (a pair's games lost
    # together): losses the pairs did not show are not ruled out.
    games_low = wilson(500, 500, 0.95).low
    pairs_low = wilson(250, 250, 0.95).low
    assert pairs_low - 0.002 <= interval.low < games_low + 0.002
    assert interval.low < 0.995


def test_pairs_of_one_deal_narrow_the_interval_where_the_seatings_share_the_luck() -> None:
    rng = random.Random(3)
    # The deal decides much: the stronger player wins both seatings of a good deal, one of a middling one.
    scores = [rng.choice((2, 2, 0, 0, 0, -2)) for _ in range(400)]
    test = paired_skill_test(match_tally(scores), 0.55, 0.95)
    assert test is not None
    binomial = wilson(sum(2 + s for s in scores) / 2, 800, 0.95)
    assert test.interval.high - test.interval.low < binomial.high - binomial.low


def covered(share: float, pairs: int, together: float, runs: int, seed: int) -> tuple[float, float]:
    """The shares of runs whose 95 % interval lies wholly above / below the true win share, for games won
    with `share` each, a pair's second game repeating the first's result with chance `together`."""
    rng = random.Random(seed)
    above = below = 0
    for _ in range(runs):
        scores = []
        for _ in range(pairs):
            first = rng.random() < share
            second = first if rng.random() < together else rng.random() < share
            scores.append(2 * (first + second) - 2)
        test = paired_skill_test(match_tally(scores), 0.55, 0.95)
        assert test is not None
        above += test.interval.low > share
        below += test.interval.high < share
    return above / runs, below / runs


@pytest.mark.parametrize("share", [0.5, 0.8, 0.99, 0.998])
@pytest.mark.parametrize("together", [0.0, 0.5])
def test_the_paired_interval_misses_the_true_share_at_most_its_stated_rate_a_side(share: float,
                                                                                  together: float) -> None:
    runs = 600
    above, below = covered(share, 100, together, runs, seed=int(share * 1000) + int(together * 10))
    allowed = 0.025 + 3 * math.sqrt(0.025 * 0.975 / runs)
    assert above <= allowed and below <= allowed
