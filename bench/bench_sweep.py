"""Sweep speed: the README's 8-variant Rautino sweep on this machine's pool and on a local Dask cluster of
two worker processes, in wall-clock seconds and as a ratio to the reference loop
(`sum(i*i for i in range(3_000_000))`) timed in the same run.

Run: python bench/bench_sweep.py [games]   (needs the cluster extra: pip install -e '.[cluster]')

Both runs play the same games (their JSON is compared); the difference is what scheduling costs: the
pool's start-up and pipes, or the cluster's start-up, the scattered models and one task per batch.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from reference import reference_seconds

from pnp.sweep import results
from pnp.sweep.command import sweep
from pnp.sweep.run import SweepOptions

VARY = ("shapes[Dreieck].points.1=1..4", "scoring.one_player.combo_bonus=0,2")


def timed(options: SweepOptions) -> tuple[float, str]:
    start = time.perf_counter()
    done = sweep("rautino", spec=None, vary=VARY, options=options, csv=None, report=None, write_best=None)
    return time.perf_counter() - start, results.to_json_text(done)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    from distributed import LocalCluster

    played = 8 * 2 * games  # two configurations (1 and 2 players) per variant
    reference = reference_seconds(clock=time.perf_counter)
    local, local_json = timed(SweepOptions(games=games, workers=2))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        on_cluster, cluster_json = timed(SweepOptions(games=games, scheduler=cluster.scheduler_address))
    after = reference_seconds(clock=time.perf_counter)
    reference = statistics.median([reference, after])
    assert cluster_json == local_json, "the cluster played other games than the pool"
    print(f"8-variant Rautino sweep, {games} games per configuration ({played} games), reference loop "
          f"{reference:.3f} s")
    for name, seconds in (("local pool, 2 workers", local), ("LocalCluster, 2 worker processes", on_cluster)):
        print(f"{name}: {seconds:.1f} s = {seconds / reference:.0f}x the reference loop, "
              f"{played / seconds:.0f} games/s")


if __name__ == "__main__":
    main()
