"""Rautino engine speed: greedy games per second and stones placed per second, one process.

Run: python bench/bench_rautino.py [games]   (default 1,000 games per configuration)

Each configuration plays `games` seeded games with greedy players (the engine and the player,
no records), in ten rounds. Times are CPU time of this process. Each round is followed by one run
of the reference loop `sum(i*i for i in range(3_000_000))`, and the round's time per 1,000 games is
divided by it: the median of these ratios is what the machine's load disturbs least
(goal: at most 3x).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from reference import reference_seconds

from pnp.games.rautino.model import RautinoModel, load
from pnp.games.rautino.players import greedy_player
from pnp.games.rautino.state import play_game

ROUNDS = 10


def play(model: RautinoModel, players: int, seeds: range) -> tuple[float, int]:
    """CPU seconds for greedy games with these seeds and the stones they placed."""
    placed = 0
    start = time.process_time()
    for seed in seeds:
        placed += play_game(model, players, seed, greedy_player).placed
    return time.process_time() - start, placed


def main(games: int = 1000) -> None:
    model = load(None)
    play(model, 1, range(3))  # build the per-model tables outside the timing
    per_round = max(1, games // ROUNDS)
    for players in (1, 2):
        elapsed = placed = 0.0
        ratios, references = [], []
        for index in range(ROUNDS):
            seconds, stones = play(model, players, range(index * per_round, (index + 1) * per_round))
            reference = reference_seconds()
            elapsed += seconds
            placed += stones
            references.append(reference)
            ratios.append(seconds * 1000 / per_round / reference)
        total = per_round * ROUNDS
        print(f"{players} player{'s' if players > 1 else ' '}, greedy: {total / elapsed:5.0f} games/s, "
              f"{placed / elapsed:6.0f} placements/s, {elapsed * 1000 / total:.2f} s CPU per 1,000 games "
              f"= {statistics.median(ratios):.1f}x the reference loop "
              f"(median of {ROUNDS}; reference {statistics.median(references):.3f} s)")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
