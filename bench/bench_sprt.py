"""`--games auto`: the ratio test at every batch against the doubling looks, paired races against
independent ones.

Run: nice -n 10 python bench/bench_sprt.py [--only check,sweep,simulation] [--runs 4000]
     [--shares 0.5,0.8 --mean-shares 0.5,0.5 --closing-shares 0,0.1]

check: each shipped set with `pnp check --games auto`, once as before (the doubling looks 50, 100, ... 6400
at Bonferroni's level, every configuration to the same look) and once with the ratio test read every 50
games and the intervals at the doubling looks, each configuration stopping on its own
(pnp.check.sequential.RATIO, the default); the games each played and every test's verdict.
sweep: `pnp sweep rautino --vary scoring.two_players.seat_1_points=0,2,4,6 --players 2 --games auto`,
racing with independent intervals, with paired comparisons on the same deals without the near-best rule
(the race before it) and with it (the default): the games, the best variant and its seat advantage.
race: the near-best rule on synthetic paired data, RUNS / 4 races per case, against its stated error.
simulation: the steps' wrong verdicts on synthetic outcomes with known figures at the zone's edges (a
share, two seats' advantage, a skewed mean), RUNS runs each, against the stated rate, and the games a figure
in the middle of its zone takes (its mean and 90th percentile), where the closing look stops it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from bench_sequential import decisions

from pnp import games as game_registry
from pnp.check import auto, sequential
from pnp.check.options import CheckOptions
from pnp.sweep import race, results
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
        each = report.sequential["games_per_configuration"]
        skill = sum(m["games"] for m in (report.balance.get("skill") or {}).values())
        found[method] = (sum(each.values()) + skill, each, skill, seconds, decisions(report))
    (old, old_each, old_skill, old_s, old_d) = found[sequential.LOOKS]
    (new, new_each, new_skill, new_s, new_d) = found[sequential.RATIO]
    differ = sorted(t for t in old_d if old_d[t] != new_d.get(t))
    print(f"| check {game} | doubling looks (before): {old:,} games ({_each(old_each)}; skill {old_skill}), "
          f"{old_s:.0f} s | ratio test every 50 games: {new:,} games ({_each(new_each)}; skill {new_skill}), "
          f"{new_s:.0f} s | {old / new:.2f}x fewer | "
          f"verdicts differ: {'; '.join(f'{t} {old_d[t]} -> {new_d.get(t)}' for t in differ) or 'none'} |",
          flush=True)


def _each(games: dict[str, int]) -> str:
    return ", ".join(f"{label} {n}" for label, n in games.items())


def bench_sweep() -> None:
    vary = ("scoring.two_players.seat_1_points=0,2,4,6",)
    found = {}
    rule = race.near_confidence
    for name, method, near in (("independent", sequential.UNPAIRED, False), ("paired", sequential.LOOKS, False),
                               ("paired + near best", sequential.LOOKS, True)):
        options = SweepOptions(auto=True, workers=WORKERS, players=2, confidence=CONFIDENCE, method=method)
        race.near_confidence = rule if near else (lambda plan, variants: None)  # the race before the rule
        start = time.perf_counter()
        try:
            done = sweep("rautino", spec=None, vary=vary, options=options, csv=None, report=None, write_best=None)
        finally:
            race.near_confidence = rule
        seconds = time.perf_counter() - start
        best = results.best(done)
        games = sum(v.played * len(v.configurations) + v.match_played * len(v.skill_tallies) for v in done.variants)
        advantage = ""
        if best is not None and best.report is not None:
            entry = best.report.balance["configurations"]["2 players"]["seat_advantage"]
            advantage = f" (seat advantage {entry['estimate']:.1%})"
        each = ", ".join(f"{v.values['scoring.two_players.seat_1_points']} points {v.played}" for v in done.variants)
        found[name] = (games, seconds, f"{best.values['scoring.two_players.seat_1_points'] if best else None}"
                       f" points{advantage}; tied {done.race['tied'] if done.race else []}"
                       f"{' (near best shown)' if done.near_best else ''}; games per variant: {each}")
    for name, (games, seconds, text) in found.items():
        print(f"| sweep seat_1_points=0,2,4,6, {name} | {games:,} games, {seconds:.0f} s | best {text} |", flush=True)


def bench_race(runs: int) -> None:
    """The near-best rule on synthetic paired data (tests/sweep/test_sweep_race.py's cases), `runs` races each."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "sweep"))
    import test_sweep_race as cases

    for truths in cases.NEAR_CASES:
        found = [cases.near_run(random.Random(seed), truths) for seed in range(runs)]
        undecided = sum(named is None for named, _ in found) / runs
        print(f"| signed seat advantages {', '.join(f'{t:+g}' for t in truths)} | wrong "
              f"{cases.near_wrong(found, truths):.2%} (stated at most 5%) | budget reached {undecided:.1%} | "
              f"average games per variant {sum(n for _, n in found) / runs:,.0f} |", flush=True)


def bench_simulation(runs: int, shares: list[float], mean_shares: list[float], closing: list[float]) -> None:
    """The zone-edge cases of tests/check/test_sequential.py under the ratio plan with each of `shares` of
    a share's or a seat advantage's error for the ratio test and the matching ones of `mean_shares` of a
    mean's and of `closing` for the closing look (pnp.check.sequential.RATIO_SHARE, MEAN_RATIO_SHARE and
    CLOSING_SHARE ship), `runs` runs each; then a share and a seat advantage in the middle of their zone."""
    tests = Path(__file__).resolve().parents[1] / "tests"
    sys.path[:0] = [str(tests), str(tests / "check")]  # its helpers, then the cases
    import test_sequential as cases

    middle = [(cases.share_case, 0.60, None), (cases.seat_case, 0.10, None)]
    for share, mean_share, closing_share in zip(shares, mean_shares, closing, strict=True):
        plan = sequential.plan(CONFIDENCE, sequential.DEFAULT_MAX_GAMES, tolerance=sequential.DEFAULT_TOLERANCE,
                               method=sequential.RATIO, ratio_share=share, mean_ratio_share=mean_share,
                               closing_share=closing_share)
        for case, truth, wrong in [*cases.RATIO_CASES, *middle]:
            draw, test = case(truth)
            found = [cases._ratio_run(random.Random(seed), draw, test, plan) for seed in range(runs)]
            undecided = sum(outcome.value == "undecided" for outcome, _ in found) / runs
            games = sorted(n for _, n in found)
            what = (case.__doc__ or "").splitlines()[0]
            verdict = ("either verdict right" if wrong is None
                       else f"wrong {cases._wrong_share(found, wrong):.2%} (stated at most 2.5%)")
            print(f"| ratio share {share:g}, means {mean_share:g}, closing {closing_share:g} | {what} true {truth:g} "
                  f"| {verdict} | undecided {undecided:.2%} | average {sum(games) / runs:,.0f}, 90th percentile "
                  f"{games[int(0.9 * runs)]:,} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="check,sweep,simulation,race")
    parser.add_argument("--runs", type=int, default=4000)
    parser.add_argument("--shares", default=str(sequential.RATIO_SHARE),
                        help="the ratio test's shares of a share's or seat advantage's error to simulate, "
                             "e.g. 0,0.2,0.5,0.8")
    parser.add_argument("--mean-shares", default="",
                        help="the ratio test's shares of a mean's error, one for each of --shares "
                             f"(default: {sequential.MEAN_RATIO_SHARE:g} each)")
    parser.add_argument("--closing-shares", default="",
                        help="the closing look's shares of a share's or seat advantage's error, one for each of "
                             f"--shares (default: {sequential.CLOSING_SHARE:g} each)")
    args = parser.parse_args()
    parts = set(args.only.split(","))
    print(f"{CONFIDENCE:.0%} confidence, tolerance {sequential.DEFAULT_TOLERANCE}, budget "
          f"{sequential.DEFAULT_MAX_GAMES} per configuration, {WORKERS} workers")
    if "simulation" in parts:
        shares = [float(share) for share in args.shares.split(",")]
        means = [float(share) for share in args.mean_shares.split(",")] if args.mean_shares else \
            [sequential.MEAN_RATIO_SHARE] * len(shares)
        closing = [float(share) for share in args.closing_shares.split(",")] if args.closing_shares else \
            [sequential.CLOSING_SHARE] * len(shares)
        bench_simulation(args.runs, shares, means, closing)
    if "check" in parts:
        for game in ("rautino", "triomino", "zatre"):
            bench_check(game)
    if "sweep" in parts:
        bench_sweep()
    if "race" in parts:
        bench_race(args.runs // 4)


if __name__ == "__main__":
    main()
