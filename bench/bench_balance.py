"""The balance figures the README quotes: per game, two-player seat win shares and the skill matrix.

    .venv/bin/python bench/bench_balance.py [GAMES]      (default 400 games per configuration and match)

Every figure comes from `pnp check GAME --players 2 --games N --skill-games N --seed 1` (Triomino
with its spec's preset), so anyone can reproduce one line with that command. The CPU time of each
game's run is printed as a ratio to the reference loop timed in the same run.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from reference import reference_seconds

from pnp import games
from pnp.check.options import CheckOptions


def share(figure: dict[str, float]) -> str:
    return f"{figure['estimate']:.1%} ({figure['low']:.1%}-{figure['high']:.1%})"


def main(count: int = 400) -> None:
    for name in ("rautino", "zatre", "triomino"):
        game = games.get(name)
        model = game.load(None)
        preset = getattr(model, "default_preset", None)
        reference = reference_seconds(clock=time.perf_counter)
        start = time.perf_counter()
        report = game.check(model, CheckOptions(games=count, players=2, preset=preset, skill_games=count, seed=1))
        elapsed = time.perf_counter() - start
        balance = report.balance
        print(f"{name}: {elapsed:.1f} s wall = {elapsed / reference:.0f}x the reference loop "
              f"({reference:.3f} s); verdict {report.verdict}")
        for label, entry in balance["configurations"].items():
            seats = ", ".join(f"seat {i + 1} {share(s)}" for i, s in enumerate(entry["seat_win_shares"]))
            advantage = entry["seat_advantage"]
            figure = "0 by the rules" if advantage.get("by_symmetry") else share(advantage)
            print(f"  {label}: {seats}; ties {entry['tie_share']:.1%}; advantage {figure} "
                  f"limit {advantage['limit']:.0%}: {advantage['outcome']}")
        for label, match in balance.get("skill", {}).items():
            print(f"  {label}: {share(match['win_share'])} over {match['games']} games")
        for finding in balance["findings"]:
            print(f"  finding: {finding}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
