"""The benchmark table: CLI start-up, kit build times and pages/s, simulation speed per game and
configuration, and the checker's peak memory.

Run: python bench/run.py [--games N] [--rss-games 1000,100000] [--only kits,games,rss] [--quick]
(make bench). Prints one Markdown table, ready to paste into the README with the machine line above
it. Times are also given as a ratio to a reference loop timed in the same run
(`sum(i*i for i in range(3_000_000))`), which says more than seconds on a shared or unknown machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from bench_startup import startup_ms
from reference import reference_seconds

from pnp import games as game_registry
from pnp.check.options import CheckOptions

# Configurations measured: the smallest and the largest common table, and each Triomino preset.
CONFIGURATIONS: list[tuple[str, int, str | None]] = [
    ("rautino", 1, None), ("rautino", 2, None),
    ("zatre", 2, None), ("zatre", 4, None),
    ("triomino", 2, "seed"), ("triomino", 4, "seed"), ("triomino", 2, "classic"), ("triomino", 4, "classic"),
]


def median_ms(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def kit_rows(formats: frozenset[str], label: str) -> list[tuple[str, str]]:
    from pnp.kit import build_kits

    rows = []
    total_pages = 0
    total_time = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        build_kits(["rautino"], output=Path(tmp) / "warm", formats=frozenset({"svg"}))  # fonts, imports
        for name in game_registry.names():
            start = time.perf_counter()
            written = build_kits([name], output=Path(tmp) / label, formats=formats)
            elapsed = time.perf_counter() - start
            pages = sum(1 for p in written if p.suffix == ".svg") or len(written)
            total_pages += pages
            total_time += elapsed
            rows.append((f"kit {name} ({label})", f"{elapsed:.2f} s, {pages} pages, {pages / elapsed:.0f} pages/s"))
        start = time.perf_counter()
        build_kits(None, output=Path(tmp) / f"all-{label}", formats=formats)
        rows.append((f"all three kits ({label})", f"{time.perf_counter() - start:.2f} s"))
    return rows


def game_rows(games: int) -> list[tuple[str, str]]:
    """Games/s and placements/s of each configuration, one process (engine speed, not core count).
    CPU time of this process, like the reference loop: other work on a busy machine skews it less.
    The configuration's games only, records and tallies included: the head-to-head skill matches
    (`--skill-games`, lookahead players) are runs of their own and would be timed with them."""
    rows = []
    for name, players, preset in CONFIGURATIONS:
        game = game_registry.get(name)
        model = game.load(None)
        options = CheckOptions(games=games, seed=1, players=players, preset=preset, workers=1, skill_games=0)
        reference = reference_seconds()
        start = time.process_time()
        report = game.check(model, options)
        elapsed = time.process_time() - start
        (figures,) = report.simulation.values()
        placements = figures["placements_per_game"]["mean"] * games
        per_thousand = elapsed * 1000 / games
        label = f"check {name}, {players} player{'s' if players > 1 else ''}" + (f", {preset}" if preset else "")
        rows.append((f"{label}, {games} games, CPU of 1 process",
                     f"{games / elapsed:.0f} games/s, {placements / elapsed:.0f} placements/s; "
                     f"{per_thousand:.2f} s per 1,000 games = {per_thousand / reference:.1f}x the reference"))
    return rows


def peak_rss_mb(command: list[str]) -> float:
    """Peak resident memory of `command` and the worker processes it waits for, in MB."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed")
    return usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)  # bytes there, KB here


def rss_rows(counts: list[int]) -> list[tuple[str, str]]:
    """`pnp check GAME --games N --players 2 --skill-games 0` for each N, one subprocess each.

    One configuration and no head-to-head matches keep 100,000 games within reach of a small machine;
    what the checker holds per configuration and per match (a tally of integer histograms) is the
    same whatever the game count, so more of them add a constant, not a slope."""
    rows = []
    for name in game_registry.names():
        peaks = [peak_rss_mb([sys.executable, "-m", "pnp", "check", name, "--games", str(n), "--players", "2",
                              "--skill-games", "0", "-q"]) for n in counts]
        text = ", ".join(f"{n:,} games {mb:.0f} MB" for n, mb in zip(counts, peaks, strict=True))
        rows.append((f"peak RSS, pnp check {name} --players 2", f"{text} ({peaks[-1] / peaks[0]:.2f}x)"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="simulated games per configuration")
    parser.add_argument("--rss-games", default="1000,100000", help="--games values whose peak RSS is measured")
    parser.add_argument("--only", default="kits,games,rss", help="parts to run: kits, games, rss")
    parser.add_argument("--quick", action="store_true", help="fewer games and runs, for a smoke test")
    args = parser.parse_args()
    games = 50 if args.quick else args.games
    runs = 3 if args.quick else 15
    rss_games = [100, 1000] if args.quick else [int(n) for n in args.rss_games.split(",")]
    parts = set(args.only.split(","))

    reference = reference_seconds()
    bare, cli = startup_ms(runs)  # alternating runs, so load on the machine slows both alike
    rows = [
        ("reference loop `sum(i*i for i in range(3_000_000))`", f"{reference:.3f} s CPU"),
        ("python -c pass", f"{bare:.0f} ms"),
        ("pnp --help", f"{cli:.0f} ms ({cli - bare:+.0f} ms over bare Python)"),
    ]
    if "kits" in parts:
        rows += kit_rows(frozenset({"pdf", "svg"}), "pdf+svg")
        rows += kit_rows(frozenset({"pdf", "svg", "png"}), "pdf+svg+png")
    if "games" in parts:
        rows += game_rows(games)
    if "rss" in parts:
        rows += rss_rows(rss_games)

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.system()} {platform.release()}")
    print()
    print("| measure | result |")
    print("|---|---|")
    for measure, result in rows:
        print(f"| {measure} | {result} |")


if __name__ == "__main__":
    main()
