"""`--games auto` against fixed game counts: games played and wall time.

Run: python bench/bench_sequential.py [--max-games N] [--tolerance T] [--only check,sweeps]
(sweeps: readme-sweep and two-player-sweep)

check: each shipped set (every configuration and the skill matches) with `--games auto`, against the
smallest fixed count that reaches the same decisions at the plain confidence. That count is found from
the same games (a fixed check of N games plays the auto run's first N games of every configuration), so
it is what a designer would have had to guess in advance; the auto run needs no guess, and its
verdicts stay valid although it looks after every batch (docs/sequential.md). With a tolerance, the
fixed count is judged with the same indifference zone at the plain confidence: the count that would
decide the same tests, at their limits too, had it been known in advance.

sweeps: the README's 8-variant Rautino sweep, and the two-player Rautino sweep over hand size 2..4 and
the stone point 0, 1 on a 5-colour set, with `--games auto` (racing, with tied variants stopped) against
the smallest fixed count among the looks whose sweep reaches the same decisions (the same best variant,
every variant the race decided in the same state), found the same way from the same games.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from pnp import games as game_registry
from pnp.check import auto, sequential
from pnp.check.report import CheckReport
from pnp.check.simulate import judge, schedule_for
from pnp.games.base import CheckOptions
from pnp.spec import template_path
from pnp.sweep import results
from pnp.sweep.command import sweep
from pnp.sweep.run import SweepOptions, advance, judge_variant
from pnp.sweep.run import plan as plan_sweep
from pnp.variants import parse_vary

CONFIDENCE = 0.95
WORKERS = 2


def decisions(report: CheckReport) -> dict[str, str]:
    """Every test of a report and its outcome: the thresholds, the seat advantages and the luck test."""
    found = {f"{t['configuration']}: {t['test']}": t["outcome"] for t in report.tests}
    for label, entry in report.balance.get("configurations", {}).items():
        if "seat_advantage" in entry:
            found[f"{label}: seat advantage"] = entry["seat_advantage"]["outcome"]
    for label, match in report.balance.get("skill", {}).items():
        if "luck_test" in match:
            found[f"{label}: luck"] = match["luck_test"]["outcome"]
    return found


def bench_check(game: str, max_games: int, tolerance: float) -> None:
    chosen = game_registry.get(game)
    simulation = chosen.simulation
    assert simulation is not None
    model = chosen.load(None)
    options = CheckOptions(games=max_games, workers=WORKERS, confidence=CONFIDENCE)
    static = CheckReport(simulation.game, confidence=CONFIDENCE)
    simulation.static(model, static)
    schedule = schedule_for(simulation, model, options)
    fixed_at: dict[int, dict[str, str]] = {}

    def as_fixed(look: int, tallies: dict[str, Any], skill: dict[Any, Any]) -> None:
        report = copy.deepcopy(static)
        report.tolerance = tolerance
        judge(simulation, model, report, schedule.configurations, tallies, look,
              {m: t for m, t in skill.items() if t.games})
        fixed_at[look] = decisions(report)

    start = time.perf_counter()
    result = auto.check(simulation, model, options, max_games, on_look=as_fixed, tolerance=tolerance)
    seconds = time.perf_counter() - start
    plan = sequential.plan(CONFIDENCE, max_games)
    played = result.sequential["games"]
    matches = len(schedule.matches)
    configurations = len(schedule.configurations)

    def games_at(look: int) -> int:
        return configurations * look + matches * plan.match_games(look)

    final = decisions(result)
    decided = {test: outcome for test, outcome in final.items() if outcome != "undecided"}
    same = next((look for look, found in sorted(fixed_at.items())
                 if {t: o for t, o in found.items() if o != "undecided"} == decided), None)
    open_tests = [test for test, outcome in final.items() if outcome == "undecided"]
    line = (f"| check {game} (shipped, {configurations} configurations, {matches} skill matches) | "
            f"auto: {games_at(played):,} games ({played} per configuration), {seconds:.0f} s; ")
    if same is None:
        line += "no fixed count up to the budget reaches the same decisions"
    else:
        fixed_seconds = _timed_fixed(game, same)
        line += (f"fixed: {games_at(same):,} games ({same} per configuration) reach the same decisions at "
                 f"{CONFIDENCE:.0%}, {fixed_seconds:.0f} s; ")
        line += (f"auto / fixed {games_at(played) / games_at(same):.1f}x" if not open_tests else
                 "no ratio: auto left tests open, which the fixed count need not decide")
    if open_tests:
        line += f"; open at the budget: {', '.join(open_tests)}"
    if result.at_limit:
        line += f"; at the limit: {'; '.join(result.at_limit)}"
    print(line + " |", flush=True)


def _timed_fixed(game: str, games: int) -> float:
    from pnp.check.run import run_check

    start = time.perf_counter()
    run_check(game, spec=None, games=games, seed=1, players=None, preset=None, workers=WORKERS, log=None,
              report=None, progress=False, confidence=CONFIDENCE)
    return time.perf_counter() - start


def five_colours(folder: Path) -> Path:
    """The shipped Rautino with a fifth colour and every stone of it (21 kinds, twice each: 42 stones) in a
    box 7 mm deeper."""
    text = template_path("rautino").read_text(encoding="utf-8")
    text = text.replace('# The white/grey joker triangle', '[[colours]]\nname = "purple"\nfill = "#7b3fa0"\n'
                        'symbol = "diamond"\n\n# The white/grey joker triangle', 1)
    colours = ["red", "yellow", "blue", "green", "purple"]
    kinds = [(a, b) for i, a in enumerate(colours) for b in colours[i:]] + [(c, "joker") for c in colours]
    kinds.append(("joker", "joker"))
    stones = "".join(f'[[stones]]\ncolours = ["{a}", "{b}"]\ncount = 2\n\n' for a, b in kinds)
    text = re.sub(r"(\[\[stones\]\]\n.*?\n\n)+(?=\[board\])", stones, text, count=1, flags=re.S)
    text = text.replace("size_mm = [130, 102, 23]", "size_mm = [130, 102, 30]")
    path = folder / "rautino-5-colours.toml"
    path.write_text(text, encoding="utf-8")
    return path


def sweep_games(done: Any) -> int:
    return sum(v.played * len(v.configurations) + v.match_played * len(v.skill_tallies) for v in done.variants)


def sweep_decisions(done: Any) -> tuple[int | None, dict[int, str]]:
    """A sweep's decisions: its best variant, and each variant's state where it is decided."""
    chosen = results.best(done)
    states = {v.number: results.state(v) for v in done.variants if results.state(v) != "undecided"}
    return (chosen.number if chosen else None), states


def fixed_sweep_for(spec: Path | None, vary: tuple[str, ...], options: SweepOptions,
                    wanted: tuple[int | None, dict[int, str]]) -> tuple[int | None, int, float]:
    """The smallest fixed game count (among the looks) whose sweep reaches the decisions `wanted` at the
    plain confidence, with the same tolerance; its games and seconds. The fixed sweeps are played one on
    top of the other: a fixed sweep of N games plays game 1..N of every configuration of every variant,
    with the seeds of the auto run, so each count adds only its new games (the seconds are those of the
    largest count tried, which are the games of a fixed sweep of that count)."""
    chosen, planned = plan_sweep("rautino", spec, [parse_vary(v) for v in vary], options)
    looks = sequential.plan(CONFIDENCE, options.max_games, tolerance=options.tolerance)
    running = [p for p, v in enumerate(planned.variants) if v.schedule is not None]
    start = time.perf_counter()
    for look in looks.looks:
        advance(chosen, planned, {p: (look, looks.match_games(look)) for p in running})
        for position in running:
            judge_variant(chosen, planned.variants[position], options, CONFIDENCE)
        best, states = sweep_decisions(planned)
        if best == wanted[0] and all(states.get(n) == state for n, state in wanted[1].items()):
            return look, sweep_games(planned), time.perf_counter() - start
    return None, sweep_games(planned), time.perf_counter() - start


def bench_sweep(title: str, spec: Path | None, vary: tuple[str, ...], players: int | None,
                max_games: int, tolerance: float) -> None:
    options = SweepOptions(auto=True, max_games=max_games, workers=WORKERS, players=players,
                           confidence=CONFIDENCE, tolerance=tolerance)
    start = time.perf_counter()
    done = sweep("rautino", spec=spec, vary=vary, options=options, csv=None, report=None, write_best=None)
    seconds = time.perf_counter() - start
    best = results.best(done)
    undecided = [v.number for v in done.variants if results.state(v) == "undecided"]
    race = done.race or {}
    tied = ""
    if race.get("tied"):
        how = "shown within the tolerance" if race["tied_within"] else "at the budget"
        tied = f", tied with it {race['tied']} ({how})"
    advantage = ""
    if best is not None and best.report is not None:
        figures = [entry["seat_advantage"] for entry in best.report.balance.get("configurations", {}).values()
                   if "seat_advantage" in entry]
        advantage = "".join(f" (seat advantage {f['estimate']:.1%}, {f['low']:.1%}-{f['high']:.1%}: "
                            f"{f['outcome']})" for f in figures)
    out = {v.number: v.played for v in done.variants if v.out}
    auto_games = sweep_games(done)
    line = (f"| {title} | auto: {auto_games:,} games, {seconds:.0f} s; best {best.number if best else 'none'}"
            f"{advantage}{tied}; undecided {undecided or 'none'}; out (games played) {out or 'none'}; ")
    fixed, fixed_games, fixed_seconds = fixed_sweep_for(spec, vary, options, sweep_decisions(done))
    if fixed is None:
        line += (f"no fixed count up to the budget reaches the same decisions ({fixed_games:,} games at "
                 f"{max_games} per configuration, {fixed_seconds:.0f} s)")
    else:
        line += (f"fixed: {fixed_games:,} games ({fixed} per configuration) reach the same decisions, "
                 f"{fixed_seconds:.0f} s; ")
        line += (f"auto / fixed {auto_games / fixed_games:.2f}x" if not undecided else
                 "no ratio: auto left variants undecided, which the fixed count need not decide")
    print(line + " |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-games", type=int, default=1600)
    parser.add_argument("--tolerance", type=float, default=sequential.DEFAULT_TOLERANCE)
    parser.add_argument("--only", default="check,sweeps")
    args = parser.parse_args()
    parts = set(args.only.split(","))
    print(f"budget {args.max_games} games per configuration, {CONFIDENCE:.0%} confidence, tolerance "
          f"{args.tolerance}, {WORKERS} workers")
    if "check" in parts:
        for game in ("rautino", "zatre", "triomino"):
            bench_check(game, args.max_games, args.tolerance)
    if parts & {"sweeps", "readme-sweep"}:
        bench_sweep("README sweep (8 variants)", None,
                    ("shapes[Dreieck].points.1=1..4", "scoring.one_player.combo_bonus=0,2"), None,
                    args.max_games, args.tolerance)
    if parts & {"sweeps", "two-player-sweep"}:
        with tempfile.TemporaryDirectory() as folder:
            bench_sweep("2-player sweep, 5 colours (6 variants)", five_colours(Path(folder)),
                        ("game.hand_size=2..4", "scoring.two_players.stone_point=0,1"), 2,
                        args.max_games, args.tolerance)


if __name__ == "__main__":
    main()
