"""Games per second of the Rautino engine with greedy players, 1 and 2 players, one process,
and the wall time of a full `pnp check rautino` run on every core."""

from __future__ import annotations

import sys
import time

from pnp.check.protocol import Configuration, Deal, game_seed
from pnp.games.base import CheckOptions
from pnp.games.rautino.checker import check, play
from pnp.games.rautino.model import load


def main(games: int = 300, check_games: int = 1000) -> None:
    model = load(None)
    play(model, Deal(0, 0, 0, Configuration(1, ("greedy",))))  # build the tables outside the timing
    for players in (1, 2):
        configuration = Configuration(players, ("greedy",) * players)
        start = time.perf_counter()
        for index in range(games):
            play(model, Deal(index, index, game_seed(1, index), configuration))
        elapsed = time.perf_counter() - start
        print(f"{players} player{'s' if players > 1 else ''}: {games / elapsed:7.1f} games/s "
              f"(greedy, one process, with records)")
    start = time.perf_counter()
    report = check(model, CheckOptions(games=check_games, seed=1, workers=0))
    elapsed = time.perf_counter() - start
    print(f"pnp check rautino --games {check_games} (1 and 2 players, all cores): {elapsed:.1f} s, "
          f"{report.verdict}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
