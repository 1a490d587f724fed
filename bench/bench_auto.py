"""`pnp check --games auto` over many seeds: the methods of deciding as the games come in, side by side.

Run: nice -n 10 python bench/bench_auto.py [--seeds 1-2] [--seeds-for zatre=1-3] [--games rautino,triomino,zatre]
     [--pairs-share 0.8] [--methods M0,M4,M6]

One path of games (one seed) is noise: a test near its zone stops early on a lucky path and late on an
unlucky one. For each shipped set and each seed this plays, in one run:

M0 the doubling looks 50, 100, ... 6400 at Bonferroni's level, every configuration to the same look
   (pnp.check.sequential.LOOKS, the method before the ratio test);
M1 the same looks, each test keeping its first verdict and each configuration stopping on its own
   (RATIO with no share of the error for the ratio test);
M2 the ratio test read every 50 games with a fifth of each side's error, the intervals with the rest;
M3 the same with four fifths for the ratio test;
M4 the same with half for each;
M5 RATIO at --pairs-share with paired deals (--pairs);
M6 RATIO with the ratio test's share by kind of test (pnp.check.sequential.RATIO_SHARE for shares and
   seat advantages, MEAN_RATIO_SHARE for means), no closing look;
M7 RATIO as shipped: M6 with a closing look for shares and seat advantages (CLOSING_SHARE of the error,
   taken from the intervals').

M1-M6 have no closing look.

Per method: the mean games over the seeds, the games of seed 1, how many verdicts agree with M0 on the
same seed, and every disagreement with the test's figure (the estimate of the longest run of that test
over all seeds and methods) and whether it lies inside the test's zone, where either verdict is right.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from statistics import mean
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from bench_sequential import decisions

from pnp import games as game_registry
from pnp.check import auto, sequential
from pnp.check.options import CheckOptions
from pnp.check.report import CheckReport

WORKERS = 2
CONFIDENCE = 0.95


@dataclasses.dataclass(frozen=True)
class Method:
    name: str
    what: str
    method: str
    ratio_share: float = sequential.RATIO_SHARE
    mean_ratio_share: float = sequential.MEAN_RATIO_SHARE
    pairs: bool = False
    closing_share: float = 0.0


def methods(pairs_share: float) -> list[Method]:
    return [
        Method("M0", "doubling looks, all to the same look", sequential.LOOKS),
        Method("M1", "doubling looks, per configuration, first verdict kept", sequential.RATIO, 0.0),
        Method("M2", "ratio test 20 % every 50 games + doubling looks 80 %", sequential.RATIO, 0.2, 0.2),
        Method("M3", "ratio test 80 % every 50 games + doubling looks 20 %", sequential.RATIO, 0.8, 0.8),
        Method("M4", "ratio test 50 % every 50 games + doubling looks 50 %", sequential.RATIO, 0.5, 0.5),
        Method("M5", f"ratio test {pairs_share:.0%} (means {sequential.MEAN_RATIO_SHARE:.0%}), --pairs",
               sequential.RATIO, pairs_share, pairs=True),
        Method("M6", f"ratio test {sequential.RATIO_SHARE:.0%} for shares and seat advantages, "
               f"{sequential.MEAN_RATIO_SHARE:.0%} for means, no closing look", sequential.RATIO),
        Method("M7", f"M6 with a closing look at {sequential.CLOSING_SHARE:.0%} of the error (the default)",
               sequential.RATIO, closing_share=sequential.CLOSING_SHARE),
    ]


@dataclasses.dataclass
class Run:
    games: int
    verdicts: dict[str, str]
    figures: dict[str, tuple[float, float, float, int]]  # test: (estimate, threshold, zone, games it read)
    seconds: float


def figures(report: CheckReport, tolerance: float) -> dict[str, tuple[float, float, float, int]]:
    """Every test's estimate, threshold, zone half-width and the games behind it."""
    found = {}
    for t in report.tests:
        share = 0 <= t["threshold"] <= 1 and 0 <= t["estimate"] <= 1
        zone = tolerance if share else tolerance * (abs(t["threshold"]) or 1.0)
        found[f"{t['configuration']}: {t['test']}"] = (t["estimate"], t["threshold"], zone, t["trials"])
    for label, entry in report.balance.get("configurations", {}).items():
        seat = entry.get("seat_advantage")
        if isinstance(seat, dict) and not seat.get("by_symmetry"):
            found[f"{label}: seat advantage"] = (seat["estimate"], seat["limit"], 2 * tolerance,
                                                 entry.get("games", 0))
    for label, match in report.balance.get("skill", {}).items():
        luck = match.get("luck_test")
        if luck is not None:
            found[f"{label}: luck"] = (match["win_share"]["estimate"], luck["limit"], tolerance, match["games"])
    return found


def play(game: str, seed: int, method: Method) -> Run:
    chosen = game_registry.get(game)
    assert chosen.simulation is not None
    model = chosen.load(None)
    options = CheckOptions(games=sequential.DEFAULT_MAX_GAMES, workers=WORKERS, confidence=CONFIDENCE,
                           seed=seed, pairs=method.pairs)
    start = time.perf_counter()
    report = auto.check(chosen.simulation, model, options, method=method.method, ratio_share=method.ratio_share,
                        mean_ratio_share=method.mean_ratio_share, closing_share=method.closing_share)
    seconds = time.perf_counter() - start
    return Run(report.sequential["games_played"], decisions(report),
               figures(report, sequential.DEFAULT_TOLERANCE), seconds)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", default="1-2", help="first-last: the seeds of every game")
    parser.add_argument("--seeds-for", default="", help="game=first-last,...: other seeds for a game")
    parser.add_argument("--games", default="rautino,triomino,zatre")
    parser.add_argument("--pairs-share", type=float, default=sequential.RATIO_SHARE)
    parser.add_argument("--no-pairs", action="store_true")
    parser.add_argument("--methods", default="", help="M0,M3,...: only these methods (M0 is always played)")
    args = parser.parse_args()
    only = set(args.methods.split(",")) | {"M0"} if args.methods else None
    chosen = [m for m in methods(args.pairs_share)
              if not (args.no_pairs and m.pairs) and (only is None or m.name in only)]
    each = dict(item.split("=") for item in args.seeds_for.split(",") if item)
    print(f"{CONFIDENCE:.0%} confidence, tolerance {sequential.DEFAULT_TOLERANCE}, budget "
          f"{sequential.DEFAULT_MAX_GAMES} per configuration, {WORKERS} workers")
    for m in chosen:
        print(f"- {m.name}: {m.what}")
    totals: dict[str, list[int]] = {m.name: [] for m in chosen}
    for game in args.games.split(","):
        seeds = _seeds(each.get(game, args.seeds))
        runs: dict[tuple[str, int], Run] = {}
        for seed in seeds:
            for m in chosen:
                runs[m.name, seed] = run = play(game, seed, m)
                print(f"  {game} seed {seed} {m.name}: {run.games:,} games, {run.seconds:.0f} s", flush=True)
        _table(game, seeds, chosen, runs)
        for m in chosen:
            totals[m.name].append(round(mean(runs[m.name, s].games for s in seeds)))
    print("\n| method | " + " | ".join(args.games.split(",")) + " | sum of the means |")
    print("|---|" + "---|" * (len(args.games.split(",")) + 1))
    for m in chosen:
        print(f"| {m.name} | " + " | ".join(f"{g:,}" for g in totals[m.name]) + f" | {sum(totals[m.name]):,} |")


def _seeds(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def _table(game: str, seeds: list[int], chosen: list[Method], runs: dict[tuple[str, int], Run]) -> None:
    reference: dict[str, tuple[float, float, float, int]] = {}
    for run in runs.values():  # each test's figure: the estimate of its longest run
        for test, figure in run.figures.items():
            if test not in reference or figure[3] > reference[test][3]:
                reference[test] = figure
    print(f"\n{game}, seeds {seeds[0]}-{seeds[-1]}:\n")
    print("| method | mean games | min-max | seed 1 | verdicts as M0 | differing (figure, zone) |")
    print("|---|---|---|---|---|---|")
    for m in chosen:
        games = [runs[m.name, s].games for s in seeds]
        same = total = 0
        differ: dict[str, list[str]] = {}
        for s in seeds:
            base, ours = runs["M0", s].verdicts, runs[m.name, s].verdicts
            for test, verdict in base.items():
                total += 1
                if ours.get(test) == verdict:
                    same += 1
                else:
                    differ.setdefault(test, []).append(f"{verdict}->{ours.get(test)}")
        notes = "; ".join(f"{test} x{len(flips)} ({_where(reference.get(test))})" for test, flips in differ.items())
        first = runs[m.name, seeds[0]].games
        print(f"| {m.name} | {mean(games):,.0f} | {min(games):,}-{max(games):,} | {first:,} | {same}/{total} | "
              f"{notes or 'none'} |", flush=True)


def _where(figure: Any) -> str:
    if figure is None:
        return "?"
    estimate, threshold, zone, games = figure
    inside = abs(estimate - threshold) <= zone
    return (f"{estimate:.3g} at {games:,} games, zone {threshold - zone:.3g}-{threshold + zone:.3g}: "
            f"{'inside' if inside else 'OUTSIDE'}")


if __name__ == "__main__":
    main()
