"""The level of the intervals of `--games auto`: one z for every look, so that a figure's interval ever
misses it, on one given side, at most `error` of the time over all the looks of the plan.

A figure's estimate after n games is (to the normal approximation every interval here rests on) a
Brownian motion read at the looks: its standardised error at one look is correlated with the next by
sqrt(n_k / n_k+1). The chance that it ever exceeds z at one of the looks is computed by following the
density of the standardised error from look to look on a grid, taking away what crossed (the numerical
integration of Armitage, McPherson and Rowe), and z is found by bisection. Bonferroni's bound, which
spends `error / looks` at each look as if they were independent, asks for a larger z the more looks
there are; the exact level grows only with the logarithm of the budget's span, so the looks can come
every eighth of the games so far.
"""

from __future__ import annotations

import functools
import itertools
import math
from statistics import NormalDist

GRID = 96  # cells of the standardised error between FLOOR and z: the level to about 0.002
FLOOR = -7.0  # below this the density is negligible (under 1e-11), where no crossing starts


def crossing_chance(looks: tuple[int, ...], z: float) -> float:
    """The chance that a standard Brownian motion read at `looks` (information, e.g. games) is, at some
    look, above z times the square root of its time."""
    width = (z - FLOOR) / GRID
    centres = [FLOOR + (i + 0.5) * width for i in range(GRID)]
    density = [NormalDist().pdf(x) * width for x in centres]  # mass per cell below z at the first look
    for before, after in itertools.pairwise(looks):
        shrink = math.sqrt(before / after)
        spread = math.sqrt(1 - before / after)
        moved = [0.0] * GRID
        for mass, x in zip(density, centres, strict=True):
            if mass < 1e-14:
                continue
            mean = x * shrink
            # The cell masses at the next look: differences of the normal distribution function at the edges.
            edges = [_phi((FLOOR + i * width - mean) / spread) for i in range(GRID + 1)]
            for i in range(GRID):
                moved[i] += mass * (edges[i + 1] - edges[i])
        density = moved
    return 1 - sum(density) - NormalDist().cdf(FLOOR)


@functools.lru_cache(maxsize=32)
def level(looks: tuple[int, ...], error: float) -> float:
    """The z of every look whose one-sided crossing chance over `looks` is `error` (bisection to 1e-3)."""
    low, high = NormalDist().inv_cdf(1 - error), NormalDist().inv_cdf(1 - error / len(looks))
    while high - low > 1e-3:
        middle = (low + high) / 2
        if crossing_chance(looks, middle) > error:
            low = middle
        else:
            high = middle
    return high


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))
