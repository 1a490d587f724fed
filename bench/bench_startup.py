"""Start-up of the `pnp` command against bare Python, in this environment and in the same run.

Run: python bench/bench_startup.py [RUNS]   (default 31)

`pnp --help`, `pnp --version` and `pnp kit --help` are answered by the launcher (pnp.launcher) from
the copy it keeps in the cache folder; "pnp --help, command line" runs pnp.cli itself, with the same
sys.path, as every start did before the launcher (and as one does whose copy is out of date). The
commands are run in turn, round after round, so a machine that gets busier or quieter during the run
slows all alike; each figure is the minimum and the median of RUNS runs, after one warm-up run of
each (which also writes the copies and renews the plugin index, if the installation changed). The
load average is printed before and after. The goal: `pnp --help` at most 50 ms over `python -c pass`.
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

GOAL_MS = 50.0
BARE = "python -c pass"
HELP = "pnp --help"


def commands() -> dict[str, list[str]]:
    script = Path(sys.executable).with_name("pnp")
    without_launcher = f"import sys; sys.path[0] = {str(script.parent)!r}; from pnp.cli import main; main()"
    return {
        BARE: [sys.executable, "-c", "pass"],
        HELP: [str(script), "--help"],
        "pnp --version": [str(script), "--version"],
        "pnp kit --help": [str(script), "kit", "--help"],
        "pnp --help, command line": [sys.executable, "-c", without_launcher, "--help"],
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
    """Milliseconds of each command (wall-clock, or CPU time if `cpu`), `runs` of each, taken in turn."""
    once: Callable[[list[str]], float] = _cpu_once if cpu else _wall_once
    chosen = {label: command for label, command in commands().items() if only is None or label in only}
    for command in chosen.values():
        once(command)
    found: dict[str, list[float]] = {label: [] for label in chosen}
    for _ in range(runs):
        for label, command in chosen.items():
            found[label].append(once(command))
    return found


def startup_ms(runs: int, cpu: bool = False) -> tuple[float, float]:
    """(median ms of `python -c pass`, median ms of `pnp --help`): wall-clock, or CPU time if `cpu`."""
    found = timings(runs, cpu, only=(BARE, HELP))
    return statistics.median(found[BARE]), statistics.median(found[HELP])


def _load() -> str:
    return ", ".join(f"{load:.2f}" for load in os.getloadavg())


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 31
    print(f"load average (1, 5, 15 min) before: {_load()}")
    for label, cpu in (("wall-clock", False), ("CPU time", True)):
        found = timings(runs, cpu)
        bare_min, bare_median = min(found[BARE]), statistics.median(found[BARE])
        print(f"{label}, {runs} runs of each: {BARE} min {bare_min:.0f} ms, median {bare_median:.0f} ms")
        for name, times in found.items():
            if name == BARE:
                continue
            low, median = min(times), statistics.median(times)
            verdict = f" ({'within' if median - bare_median <= GOAL_MS else 'OVER'} the {GOAL_MS:.0f} ms goal)" \
                if name == HELP else ""
            print(f"  {name}: min {low:.0f} ms ({low - bare_min:+.0f}), median {median:.0f} ms "
                  f"({median - bare_median:+.0f} over bare Python){verdict}")
    print(f"load average (1, 5, 15 min) after: {_load()}")


if __name__ == "__main__":
    main()
