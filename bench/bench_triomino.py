"""Games per second of Triomino with greedy players (2 and 4 players, both presets).

Target: 1,000 two-player games (preset `seed`) in 10 s or less on two cores.
Run: python bench/bench_triomino.py [--games N] [--workers W]
"""

from __future__ import annotations

import argparse
import functools
import time

from pnp.check.protocol import Configuration
from pnp.check.simulate import play_one
from pnp.games.triomino.checker import SIMULATION
from pnp.games.triomino.model import load
from pnp.parallel import parallel_map


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    model = load()
    for preset, players, games in [("seed", 2, args.games), ("seed", 4, args.games),
                                   ("classic", 2, args.games // 5), ("classic", 4, args.games // 5)]:
        configuration = (Configuration(players, ("greedy",) * players, preset),)
        play = functools.partial(play_one, SIMULATION, model, configuration, games, 1, True)
        start = time.perf_counter()
        rounds = sum(o.rounds for o in parallel_map(play, range(games), workers=args.workers))
        elapsed = time.perf_counter() - start
        print(f"{preset:8} {players} players: {games} games ({rounds} rounds) in {elapsed:.2f} s = "
              f"{games / elapsed:.0f} games/s, {rounds / elapsed:.0f} rounds/s ({args.workers} workers)")


if __name__ == "__main__":
    main()
