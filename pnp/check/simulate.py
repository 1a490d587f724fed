"""Seeds of simulated games, and running them on every core."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from pnp.parallel import parallel_map

J = TypeVar("J")
R = TypeVar("R")


def game_seed(base_seed: int, index: int) -> int:
    """A seed per game, derived from the run's seed, so game i is the same in every run."""
    return random.Random(f"{base_seed}:{index}").getrandbits(48)


def run_games(play: Callable[[J], R], jobs: Sequence[J], *, workers: int = 0, label: str = "simulating",
              show_progress: bool = False) -> list[R]:
    """`play` on every job on all cores, results in job order (`play` must pickle: see parallel_map)."""
    return list(parallel_map(play, jobs, workers=workers, label=label, show_progress=show_progress))
