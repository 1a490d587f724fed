"""The benchmark table: CLI start-up, kit build times and pages/s, games/s per game and player count.

Run: python bench/run.py [--games N] [--quick]     (make bench)
Prints one Markdown table, ready to paste into the README with the machine line above it.
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

from pnp import games as game_registry
from pnp.games.base import CheckOptions

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
    rows = []
    for name, players, preset in CONFIGURATIONS:
        game = game_registry.get(name)
        model = game.load(None)
        options = CheckOptions(games=games, seed=1, players=players, preset=preset, workers=0)
        start = time.perf_counter()
        game.check(model, options)
        elapsed = time.perf_counter() - start
        label = f"check {name}, {players} player{'s' if players > 1 else ''}" + (f", {preset}" if preset else "")
        rows.append((f"{label}, {games} games", f"{elapsed:.2f} s, {games / elapsed:.0f} games/s"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="simulated games per configuration")
    parser.add_argument("--quick", action="store_true", help="fewer games and runs, for a smoke test")
    args = parser.parse_args()
    games = 50 if args.quick else args.games
    runs = 3 if args.quick else 15

    pnp_cli = str(Path(sys.executable).with_name("pnp"))
    bare = median_ms([sys.executable, "-c", "pass"], runs)
    cli = median_ms([pnp_cli, "--help"], runs)
    rows = [
        ("python -c pass", f"{bare:.0f} ms"),
        ("pnp --help", f"{cli:.0f} ms ({cli - bare:+.0f} ms over bare Python)"),
    ]
    rows += kit_rows(frozenset({"pdf", "svg"}), "pdf+svg")
    rows += kit_rows(frozenset({"pdf", "svg", "png"}), "pdf+svg+png")
    rows += game_rows(games)

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.system()} {platform.release()}")
    print()
    print("| measure | result |")
    print("|---|---|")
    for measure, result in rows:
        print(f"| {measure} | {result} |")


if __name__ == "__main__":
    main()
