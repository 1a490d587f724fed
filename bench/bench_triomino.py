"""Games per second of Triomino with greedy players (2 and 4 players, both presets).

Target: 1,000 two-player games (preset `seed`) in 10 s or less on two cores.
Run: python bench/bench_triomino.py [--games N] [--workers W]
"""

from __future__ import annotations

import argparse
import functools
import time

from pnp.check.simulate import game_seed, run_games
from pnp.games.triomino.checker import play_one
from pnp.games.triomino.model import load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    model = load()
    for preset, players, games in [("seed", 2, args.games), ("seed", 4, args.games),
                                   ("classic", 2, args.games // 5), ("classic", 4, args.games // 5)]:
        seeds = [game_seed(1, i) for i in range(games)]
        play = functools.partial(play_one, model, preset, players, "greedy")
        start = time.perf_counter()
        records = run_games(play, seeds, workers=args.workers)
        elapsed = time.perf_counter() - start
        rounds = sum(len(r["rounds"]) for r in records)
        print(f"{preset:8} {players} players: {games} games ({rounds} rounds) in {elapsed:.2f} s = "
              f"{games / elapsed:.0f} games/s, {rounds / elapsed:.0f} rounds/s ({args.workers} workers)")


if __name__ == "__main__":
    main()
