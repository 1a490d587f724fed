"""Start-up of the `pnp` command against bare Python, both in this environment and in the same run.

Run: python bench/bench_startup.py [RUNS]   (default 21)

The two commands are run alternately, so a machine that gets busier or quieter during the run slows
both alike; each figure is the median of RUNS runs after one warm-up run of each (which also renews
the plugin index, pnp.games.plugins, if the installation changed). The goal: `pnp --help` at most
50 ms over `python -c pass`.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

GOAL_MS = 50.0


def _once(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return (time.perf_counter() - start) * 1000


def _cpu_once(command: list[str]) -> float:
    """CPU time (user + system) of the child: what a busy machine changes least."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def startup_ms(runs: int, cpu: bool = False) -> tuple[float, float]:
    """(median ms of `python -c pass`, median ms of `pnp --help`): wall-clock, or CPU time if `cpu`."""
    once = _cpu_once if cpu else _once
    bare_command = [sys.executable, "-c", "pass"]
    pnp_command = [str(Path(sys.executable).with_name("pnp")), "--help"]
    once(bare_command)
    once(pnp_command)
    bare, cli = [], []
    for _ in range(runs):
        bare.append(once(bare_command))
        cli.append(once(pnp_command))
    return statistics.median(bare), statistics.median(cli)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    for label, cpu in (("wall-clock", False), ("CPU time", True)):
        bare, cli = startup_ms(runs, cpu=cpu)
        verdict = "within" if cli - bare <= GOAL_MS else "OVER"
        print(f"{label}: python -c pass {bare:.0f} ms; pnp --help {cli:.0f} ms ({cli - bare:+.0f} ms over bare "
              f"Python, {verdict} the {GOAL_MS:.0f} ms goal; medians of {runs} alternating runs)")


if __name__ == "__main__":
    main()
