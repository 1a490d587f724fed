"""Triomino engine speed: greedy games with their records, one process, both presets, 2 and 4 players.

Prints games/s and placements/s per configuration, and the time of 1,000 games as a multiple of
the reference loop `sum(i*i for i in range(3_000_000))` timed in the same run (goal: 3x or less).
Both are measured in CPU time of this process, so other work on a busy machine skews them less.
Run: python bench/bench_triomino.py [--games N]
"""

from __future__ import annotations

import argparse
import time

from reference import reference_seconds

from pnp.games.triomino.engine import FitTable
from pnp.games.triomino.model import load
from pnp.games.triomino.players import seat_choosers
from pnp.games.triomino.state import play_game

CONFIGURATIONS = [("seed", 2), ("seed", 4), ("classic", 2), ("classic", 4)]


def placements(record: dict) -> int:
    return sum(turn["tile"] is not None for rnd in record["rounds"] for turn in rnd["turns"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per configuration")
    args = parser.parse_args()
    model = load()
    fit = FitTable([t.numbers for t in model.tiles])
    reference = reference_seconds()
    print(f"reference loop: {reference:.3f} s")
    for preset, players in CONFIGURATIONS:
        rules = model.rules(preset)
        choosers = seat_choosers("greedy", players)
        placed = 0
        start = time.process_time()
        for seed in range(args.games):
            placed += placements(play_game(model, rules, choosers, seed, fit))
        elapsed = time.process_time() - start
        ratio = elapsed * 1000 / args.games / reference
        print(f"{preset:8} {players} players: {args.games / elapsed:6.0f} games/s, {placed / elapsed:8.0f} "
              f"placements/s, 1,000 games = {ratio:4.1f}x the reference")


if __name__ == "__main__":
    main()
