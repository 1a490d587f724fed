"""Zatre engine speed: greedy games for 2 and 4 players in one process.

Prints games/s and placements/s per configuration, and the time of 1,000 games as a multiple of the
reference loop `sum(i*i for i in range(3_000_000))` timed in the same run (goal: at most 3x).
Records are not built here: this measures the engine and its players.

Run: python bench/bench_zatre.py [games]
"""

from __future__ import annotations

import sys
import time

from reference import reference_seconds

from pnp.games.zatre.engine import Geometry
from pnp.games.zatre.model import load
from pnp.games.zatre.players import greedy_player
from pnp.games.zatre.state import play_game


def main(games: int = 1000) -> None:
    model = load()
    geo = Geometry(model)
    reference = reference_seconds()
    print(f"reference loop: {reference:.3f} s CPU")
    for players in (2, 4):
        seats = [greedy_player] * players
        kinds = ["greedy"] * players
        placements = 0
        started = time.process_time()
        for seed in range(games):
            result = play_game(model, geo, seats, kinds, seed)
            placements += sum(len(turn.placements) for turn in result.turns)
        cpu = time.process_time() - started
        per_thousand = cpu * 1000 / games
        print(f"{players} players, greedy: {games / cpu:7.1f} games/s, {placements / cpu:9.0f} placements/s, "
              f"1,000 games {per_thousand:.2f} s CPU = {per_thousand / reference:.1f}x the reference loop")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
