"""Zatre simulation speed: greedy games per second for 2 and 4 players.

Run: python bench/bench_zatre.py [games]   (target: 1,000 two-player games in 10 s on 2 cores)
"""

from __future__ import annotations

import sys
import time
from functools import partial

from pnp.check.protocol import Configuration, Deal, game_seed
from pnp.games.zatre.checker import play
from pnp.games.zatre.model import ZatreModel, load
from pnp.parallel import parallel_map


def final_scores(model: ZatreModel, players: int, seed: int) -> list[int]:
    """A whole game with its record built, as `pnp check` plays it; only the scores come back."""
    return play(model, Deal(0, 0, seed, Configuration(players, ("greedy",) * players))).scores


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    model = load()
    seeds = [game_seed(1, i) for i in range(games)]
    for players in (2, 4):
        for workers in (1, 2):
            started, cpu = time.perf_counter(), time.process_time()
            list(parallel_map(partial(final_scores, model, players), seeds, workers=workers))
            elapsed = time.perf_counter() - started
            # CPU time per game (one worker) does not depend on what else the machine runs.
            per_game = f", {1000 * (time.process_time() - cpu) / games:.1f} ms CPU per game" \
                if workers == 1 else ""
            print(f"{players} players, greedy, {workers} worker(s): {games} games in {elapsed:.2f} s "
                  f"= {games / elapsed:.0f} games/s{per_game}")


if __name__ == "__main__":
    main()
