"""Rautino engine speed: greedy games per second and stones placed per second, one process.

Run: python bench/bench_rautino.py [games]   (default 1,000 games per configuration)

Each configuration plays `games` seeded games with greedy players (the engine and the player,
no records). The time is CPU time of this process, so other work on the machine disturbs it
little, and it is also printed as a ratio to the reference loop
`sum(i*i for i in range(3_000_000))` timed in the same run (goal: at most 3x per 1,000 games).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from pnp.games.rautino.engine import play_game
from pnp.games.rautino.model import RautinoModel, load
from pnp.games.rautino.players import greedy_player


def reference_seconds(runs: int = 5) -> float:
    """CPU seconds of the reference loop: the fastest of a few runs."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        sum(i * i for i in range(3_000_000))
        best = min(best, time.process_time() - start)
    return best


def play(model: RautinoModel, players: int, games: int) -> tuple[float, int]:
    """CPU seconds for `games` greedy games and the stones they placed."""
    placed = 0
    start = time.process_time()
    for seed in range(games):
        placed += play_game(model, players, seed, greedy_player).placed
    return time.process_time() - start, placed


def main(games: int = 1000) -> None:
    model = load(None)
    play(model, 1, 3)  # build the per-model tables outside the timing
    reference = reference_seconds()
    print(f"reference loop: {reference:.3f} s CPU")
    for players in (1, 2):
        elapsed, placed = play(model, players, games)
        per_thousand = elapsed * 1000 / games
        print(f"{players} player{'s' if players > 1 else ' '}, greedy: {games / elapsed:7.0f} games/s, "
              f"{placed / elapsed:8.0f} placements/s, {per_thousand:.2f} s per 1,000 games "
              f"= {per_thousand / reference:.1f}x the reference loop")
    print(f"reference loop again: {reference_seconds():.3f} s CPU")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
