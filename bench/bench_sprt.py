"""`--games auto` by ratio tests against the fixed looks it replaces, in one run: games and verdicts.

Run: nice -n 10 python bench/bench_sprt.py [--only check,sweep,simulation] [--runs 4000]

check: each shipped set with `pnp check --games auto`, once with the fixed looks (the error spent over
50, 100, ... 6400 games) and once with the ratio tests; the games each played and every test's verdict.
sweep: `pnp sweep rautino --vary scoring.two_players.seat_1_points=0,2,4,6 --players 2 --games auto`,
both ways: the games, the best variant and its seat advantage.
simulation: the ratio tests' wrong verdicts on synthetic outcomes with known figures at the zone's edges
(a share, a mean, a seat edge of paired games), RUNS runs each, against the stated rate.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from bench_sequential import decisions

from pnp import games as game_registry
from pnp.check import auto, sequential
from pnp.check.options import CheckOptions
from pnp.check.sprt import Evidence, Side, Sprt
from pnp.sweep import results
from pnp.sweep.command import sweep
from pnp.sweep.run import SweepOptions

WORKERS = 2
CONFIDENCE = 0.95


def bench_check(game: str) -> None:
    chosen = game_registry.get(game)
    assert chosen.simulation is not None
    model = chosen.load(None)
    options = CheckOptions(games=sequential.DEFAULT_MAX_GAMES, workers=WORKERS, confidence=CONFIDENCE)
    found = {}
    for method in (sequential.LOOKS, sequential.RATIO):
        start = time.perf_counter()
        report = auto.check(chosen.simulation, model, options, method=method)
        seconds = time.perf_counter() - start
        per_configuration = report.sequential["games"]
        configurations = len(report.simulation)
        skill = sum(m["games"] for m in (report.balance.get("skill") or {}).values())
        found[method] = (per_configuration * configurations + skill, per_configuration, seconds, decisions(report))
    (old, old_each, old_s, old_d), (new, new_each, new_s, new_d) = found[sequential.LOOKS], found[sequential.RATIO]
    differ = sorted(t for t in old_d if old_d[t] != new_d.get(t))
    print(f"| check {game} | looks: {old:,} games ({old_each}/configuration), {old_s:.0f} s | ratio: {new:,} games "
          f"({new_each}/configuration), {new_s:.0f} s | {old / new:.2f}x fewer | "
          f"verdicts differ: {'; '.join(f'{t} {old_d[t]} -> {new_d.get(t)}' for t in differ) or 'none'} |",
          flush=True)


def bench_sweep() -> None:
    vary = ("scoring.two_players.seat_1_points=0,2,4,6",)
    found = {}
    for method in (sequential.LOOKS, sequential.RATIO):
        options = SweepOptions(auto=True, workers=WORKERS, players=2, confidence=CONFIDENCE, method=method)
        start = time.perf_counter()
        done = sweep("rautino", spec=None, vary=vary, options=options, csv=None, report=None, write_best=None)
        seconds = time.perf_counter() - start
        best = results.best(done)
        games = sum(v.played * len(v.configurations) + v.match_played * len(v.skill_tallies) for v in done.variants)
        advantage = ""
        if best is not None and best.report is not None:
            entry = best.report.balance["configurations"]["2 players"]["seat_advantage"]
            advantage = f" (seat advantage {entry['estimate']:.1%})"
        each = ", ".join(f"{v.values['scoring.two_players.seat_1_points']} points {v.played}" for v in done.variants)
        found[method] = (games, seconds, f"{best.values['scoring.two_players.seat_1_points'] if best else None}"
                         f" points{advantage}; tied {done.race['tied'] if done.race else []}; "
                         f"games per variant: {each}")
    (old, old_s, old_t), (new, new_s, new_t) = found[sequential.LOOKS], found[sequential.RATIO]
    print(f"| sweep seat_1_points=0,2,4,6 | looks: {old:,} games, {old_s:.0f} s, best {old_t} | ratio: {new:,} "
          f"games, {new_s:.0f} s, best {new_t} | {old / new:.2f}x fewer |", flush=True)


def simulate(draw: object, sprt: Sprt, pairs: bool, budget: int, rng: random.Random) -> tuple[Side, int]:
    """One run of a ratio test on synthetic observations, looked at every 20 observations."""
    total = squares = 0.0
    count = 0
    while count < budget:
        for _ in range(20):
            value = draw(rng)  # type: ignore[operator]
            total += value
            squares += value * value
            count += 1
        mean = total / count
        if pairs:
            spread = math.sqrt(max(0.0, (squares - count * mean * mean) / (count - 1)))
            evidence = Evidence(count, (mean,), (spread,))
        else:
            evidence = Evidence(count, (mean,))
        side = sprt.side(evidence)
        if side is not Side.OPEN:
            return side, count
    return Side.OPEN, count


def bench_simulation(runs: int) -> None:
    """Wrong verdicts at the zone's edges: a share of limit 0.6 (zone 0.02), a seat edge of pairs (limit 0.1,
    zone 0.04; a pair's mean edge of two games that agree 40% of the time), a mean of a skewed count."""
    rng = random.Random(5)
    alpha = (1 - CONFIDENCE) / 2

    def share(p: float):  # type: ignore[no-untyped-def]
        return lambda r: float(r.random() < p)

    def pair_edge(edge: float):  # type: ignore[no-untyped-def]
        def draw(r: random.Random) -> float:
            first = 1.0 if r.random() < 0.5 + edge / 2 else -1.0
            second = first if r.random() < 0.4 else (1.0 if r.random() < 0.5 + edge / 2 else -1.0)
            return (first + second) / 2
        return draw

    def count_mean(mean: float):  # type: ignore[no-untyped-def]
        return lambda r: float(sum(r.random() < mean / 20 for _ in range(20)))

    cases = (("share, limit 60%", Sprt(0.58, 0.62, CONFIDENCE), False, share, (0.58, 0.62)),
             ("paired seat edge, limit 0.10", Sprt(0.06, 0.14, CONFIDENCE), True, pair_edge, (0.06, 0.14)),
             ("mean of a count, limit 5", Sprt(4.9, 5.1, CONFIDENCE), True, count_mean, (4.9, 5.1)))
    for name, sprt, pairs, maker, (low, high) in cases:
        for truth, wrong in ((low, Side.HIGH), (high, Side.LOW)):
            outcomes = [simulate(maker(truth), sprt, pairs, 6400, rng) for _ in range(runs)]
            share_wrong = sum(side is wrong for side, _ in outcomes) / runs
            mean_games = sum(n for _, n in outcomes) / runs
            still_open = sum(s is Side.OPEN for s, _ in outcomes) / runs
            print(f"| {name}, true {truth:g} | wrong {share_wrong:.2%} (stated at most {alpha:.1%}) | "
                  f"open {still_open:.2%} | average {mean_games:,.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="check,sweep,simulation")
    parser.add_argument("--runs", type=int, default=4000)
    args = parser.parse_args()
    parts = set(args.only.split(","))
    print(f"{CONFIDENCE:.0%} confidence, tolerance {sequential.DEFAULT_TOLERANCE}, budget "
          f"{sequential.DEFAULT_MAX_GAMES} per configuration, {WORKERS} workers")
    if "simulation" in parts:
        bench_simulation(args.runs)
    if "check" in parts:
        for game in ("rautino", "triomino", "zatre"):
            bench_check(game)
    if "sweep" in parts:
        bench_sweep()


if __name__ == "__main__":
    main()
