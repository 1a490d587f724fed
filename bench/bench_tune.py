"""`pnp tune rautino`: a two-player Rautino variant with a seat advantage within 5 %.

Run: python bench/bench_tune.py [--trials N] [--max-games N]   (needs the tune extra: pip install -e '.[tune]')

Searches the points seat 1 starts with (scoring.two_players.seat_1_points, the compensation `pnp check`
proposes), hand size and the two-player stone point; prints every trial, the trials and games it took,
and the best trial (every target met: the seat advantage's whole interval at or below 5 %) or, when none
is decided yet, the closest one with its interval. `--space rules` searches the rules alone instead
(hand size, stone point, combo bonus, matching, joker overbuild, the big triangle's points).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from pnp.tune import report
from pnp.tune.search import TuneOptions, tune
from pnp.tune.space import parse_dimension
from pnp.tune.targets import parse_target

SPACES = {
    "compensation": ("scoring.two_players.seat_1_points=0..8", "game.hand_size=2..5",
                     "scoring.two_players.stone_point=0..2"),
    "rules": ("game.hand_size=2..5", "scoring.two_players.stone_point=0..3", "scoring.two_players.combo_bonus=0..4",
              "rules.matching=strict,loose", "rules.two_players.joker_overbuild=true,false",
              "shapes[Dreieck].points.1=1..4"),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=12)
    parser.add_argument("--max-games", type=int, default=6400)
    parser.add_argument("--space", choices=sorted(SPACES), default="compensation")
    parser.add_argument("--confidence", type=float, default=0.95)
    args = parser.parse_args()
    options = TuneOptions(trials=args.trials, players=2, workers=2, max_games=args.max_games,
                          confidence=args.confidence)
    start = time.perf_counter()
    space = [parse_dimension(d) for d in SPACES[args.space]]
    done = tune("rautino", None, space, [parse_target("seat_advantage<=0.05")], options)
    seconds = time.perf_counter() - start
    print(report.to_text(done))
    games = sum(t.games for t in done.trials)
    first_met = next((t for t in done.trials if t.meets_all), None)
    print(f"{len(done.trials)} trials, {games:,} games, {seconds:.0f} s; first trial meeting the target: "
          f"{first_met.number if first_met else 'none'}"
          + (f" after {sum(t.games for t in done.trials[:first_met.number]):,} games" if first_met else ""))


if __name__ == "__main__":
    main()
