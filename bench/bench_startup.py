"""Start-up of the `pnp` command against bare Python, in this environment and in the same run.

Run: python bench/bench_startup.py [RUNS]   (default 31)

pnp keeps nothing between runs: every start imports the command line (pnp.cli), and a command line
that lists all games (`pnp --help`, `pnp kit --help`) asks the installed distributions for game
plugins. Each round runs `python -c pass` and then each pnp command once, so a machine that gets
busier or quieter during the run slows both sides of a pair alike; a figure is the median over the
rounds of each pair's difference (and the medians and minimums of each side), after one warm-up run
of each. The load average is printed before and after. The goal: `pnp --help` and `pnp kit --help`
at most 60 ms over `python -c pass` (median of the paired differences).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

GOAL_MS = 60.0
BARE = "python -c pass"
HELP = "pnp --help"
KIT_HELP = "pnp kit --help"
WITH_GOAL = (HELP, KIT_HELP)


def commands() -> dict[str, list[str]]:
    script = Path(sys.executable).with_name("pnp")
    return {
        BARE: [sys.executable, "-c", "pass"],
        HELP: [str(script), "--help"],
        KIT_HELP: [str(script), "kit", "--help"],
        "pnp --version": [str(script), "--version"],
        "pnp check rautino --help": [str(script), "check", "rautino", "--help"],
    }


def _wall_once(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return (time.perf_counter() - start) * 1000


def _cpu_once(command: list[str]) -> float:
    """CPU time (user + system) of the child: what a busy machine changes least."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def timings(runs: int, cpu: bool = False, only: tuple[str, ...] | None = None) -> dict[str, list[float]]:
    """Milliseconds of each command (wall-clock, or CPU time if `cpu`), `runs` of each, taken in turn:
    the i-th figures of all commands come from the same round."""
    once: Callable[[list[str]], float] = _cpu_once if cpu else _wall_once
    chosen = {label: command for label, command in commands().items() if only is None or label in only}
    for command in chosen.values():
        once(command)
    found: dict[str, list[float]] = {label: [] for label in chosen}
    for _ in range(runs):
        for label, command in chosen.items():
            found[label].append(once(command))
    return found


def paired_over_bare(found: dict[str, list[float]], label: str) -> float:
    """The median over the rounds of (command - bare Python) in the same round."""
    return statistics.median(run - bare for run, bare in zip(found[label], found[BARE], strict=True))


def startup_ms(runs: int, cpu: bool = False) -> tuple[float, float]:
    """(median ms of `python -c pass`, that plus the median paired difference of `pnp --help`)."""
    found = timings(runs, cpu, only=(BARE, HELP))
    bare = statistics.median(found[BARE])
    return bare, bare + paired_over_bare(found, HELP)


def _load() -> str:
    return ", ".join(f"{load:.2f}" for load in os.getloadavg())


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 31
    print(f"load average (1, 5, 15 min) before: {_load()}")
    for label, cpu in (("wall-clock", False), ("CPU time", True)):
        found = timings(runs, cpu)
        bare_min, bare_median = min(found[BARE]), statistics.median(found[BARE])
        print(f"{label}, {runs} rounds: {BARE} min {bare_min:.0f} ms, median {bare_median:.0f} ms")
        for name, times in found.items():
            if name == BARE:
                continue
            paired = paired_over_bare(found, name)
            verdict = f" ({'within' if paired <= GOAL_MS else 'OVER'} the {GOAL_MS:.0f} ms goal)" \
                if name in WITH_GOAL else ""
            print(f"  {name}: min {min(times):.0f} ms, median {statistics.median(times):.0f} ms; "
                  f"paired over bare Python: median {paired:+.0f} ms{verdict}")
    print(f"load average (1, 5, 15 min) after: {_load()}")


if __name__ == "__main__":
    main()
