"""Paired deals against unpaired ones: the variance of the two-player seat advantage and the games its test
needs, side by side in one run, for Rautino and Zatre.

Run: nice -n 10 python bench/bench_pairs.py [--games 4000] [--runs 8] [--only rautino,zatre]

variance: `pnp check GAME --players 2 --games N` with and without `--pairs` (seed 1): seat 1's edge over
seat 2 (win share less win share, ties split) and one game's variance of it: the unpaired run's, the
paired run's read per pair, and the same paired games read one by one (the pairing's own effect, on the
same games); the ratios, and the games a fixed check would need to decide the seat test at the runs'
pooled estimate (they scale with the variance).
sequential: RUNS runs of `--games auto` (seeds 1 to RUNS, 2 players, no skill games, the default
tolerance), each stopped at the first look where the seat advantage test is decided: the games it took
per run, paired against unpaired, and the verdicts.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from pnp import games as game_registry
from pnp.budget import DEFAULT_TOLERANCE
from pnp.check import auto, balance, sequential, simulate
from pnp.check.confidence import z_value
from pnp.check.limits import BalanceLimits
from pnp.check.options import CheckOptions
from pnp.check.report import CheckReport
from pnp.check.stats import Tally

WORKERS = 2
CONFIDENCE = 0.95
LABEL = "2 players"
GAMES = {"rautino": 4000, "zatre": 2000}


def games_needed(edge: float, spread: float, limit: float, confidence: float) -> int:
    """Games for a fixed check's interval of an advantage `edge` to clear `limit` (normal approximation)."""
    gap = abs(abs(edge) - limit)
    return math.ceil((z_value(confidence) * spread / gap) ** 2) if gap else 0


def one_by_one(tally: Tally) -> Tally:
    """The games of a tally read as independent ones."""
    return Tally(2, games=tally.games, seat_wins=tally.seat_wins, ties=tally.ties)


def bench_variance(game: str, games: int) -> None:
    chosen = game_registry.get(game)
    model = chosen.load(None)
    limit = chosen.simulation.balance_limits(model).max_seat_advantage
    tallies, seconds = {}, {}
    for pairs in (False, True):
        start = time.perf_counter()
        options = CheckOptions(games=games, seed=1, players=2, workers=WORKERS, skill_games=0, pairs=pairs)
        tallies[pairs] = simulate.check(chosen.simulation, model, options).tallies[LABEL]
        seconds[pairs] = time.perf_counter() - start
    unpaired, paired = tallies[False].seat_edge(), tallies[True].seat_edge()
    same = one_by_one(tallies[True]).seat_edge()
    pooled = (unpaired.mean + paired.mean) / 2
    need = {name: games_needed(pooled, math.sqrt(edge.variance), limit, CONFIDENCE)
            for name, edge in (("unpaired", unpaired), ("paired", paired))}
    print(f"| {game} | {games:,} games each | unpaired: edge {unpaired.mean:+.4f}, variance {unpaired.variance:.4f} "
          f"({seconds[False]:.0f} s) | paired: edge {paired.mean:+.4f}, variance {paired.variance:.4f} "
          f"({seconds[True]:.0f} s; the same games one by one {same.variance:.4f}) | "
          f"ratio {unpaired.variance / paired.variance:.2f}x (same games {same.variance / paired.variance:.2f}x) | "
          f"games to decide at the pooled edge {pooled:+.3f}, limit {limit}: unpaired {need['unpaired']:,}, "
          f"paired {need['paired']:,} ({1 - need['paired'] / need['unpaired']:.0%} fewer) |", flush=True)


class SeatTestDecided(Exception):
    """Ends a sequential run at the look where the seat advantage test has its verdict."""

    def __init__(self, games: int, outcome: str) -> None:
        super().__init__(games, outcome)
        self.games, self.outcome = games, outcome


def seat_outcome(game: str, tally: Tally, limits: BalanceLimits, plan: sequential.Plan) -> str:
    """The seat advantage test's outcome at a look, judged as the check judges it."""
    report = CheckReport(game, confidence=plan.look_confidence)
    report.tolerance = plan.tolerance
    return balance.fairness(report, LABEL, tally, limits)["seat_advantage"]["outcome"]


def bench_sequential(game: str, runs: int) -> None:
    chosen = game_registry.get(game)
    model = chosen.load(None)
    limits = chosen.simulation.balance_limits(model)
    plan = sequential.plan(CONFIDENCE, sequential.DEFAULT_MAX_GAMES, tolerance=DEFAULT_TOLERANCE)
    found: dict[bool, list[tuple[int, str]]] = {False: [], True: []}
    start = time.perf_counter()
    for seed in range(1, runs + 1):
        for pairs in (False, True):
            def look(games: int, tallies: dict[str, Tally], _skill: Any) -> None:
                outcome = seat_outcome(game, tallies[LABEL], limits, plan)
                if outcome != "undecided" or games >= plan.looks[-1]:
                    raise SeatTestDecided(games, outcome)

            options = CheckOptions(games=plan.looks[-1], seed=seed, players=2, workers=WORKERS, skill_games=0,
                                   pairs=pairs, confidence=CONFIDENCE)
            try:
                auto.check(chosen.simulation, model, options, plan.looks[-1], on_look=look,
                           tolerance=DEFAULT_TOLERANCE)
            except SeatTestDecided as decided:
                found[pairs].append((decided.games, decided.outcome))
    seconds = time.perf_counter() - start

    def summary(pairs: bool) -> str:
        played = [games for games, _ in found[pairs]]
        verdicts = [outcome for _, outcome in found[pairs]]
        return (f"mean {statistics.mean(played):,.0f} games ({', '.join(map(str, played))}); "
                f"{', '.join(f'{verdicts.count(v)} {v}' for v in sorted(set(verdicts)))}")

    unpaired = statistics.mean(g for g, _ in found[False])
    paired = statistics.mean(g for g, _ in found[True])
    print(f"| {game} | {runs} runs of --games auto, 2 players, seat test only | unpaired: {summary(False)} | "
          f"paired: {summary(True)} | {1 - paired / unpaired:.0%} fewer games | {seconds:.0f} s |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="games of each fixed run (default: 4000 Rautino, "
                                                                "2000 Zatre)")
    parser.add_argument("--runs", type=int, default=8, help="sequential runs per game and method")
    parser.add_argument("--only", default="rautino,zatre", help="games, comma separated")
    parser.add_argument("--parts", default="variance,sequential", help="variance, sequential")
    args = parser.parse_args()
    parts = args.parts.split(",")
    for game in args.only.split(","):
        if "variance" in parts:
            bench_variance(game, args.games or GAMES[game])
        if "sequential" in parts:
            bench_sequential(game, args.runs)


if __name__ == "__main__":
    main()
