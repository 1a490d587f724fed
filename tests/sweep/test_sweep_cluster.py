"""`pnp sweep --scheduler`: the same games on a Dask cluster of worker processes give the same JSON."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli import main

distributed = pytest.importorskip("distributed")


def sweep_json(*extra: str) -> dict:
    result = CliRunner().invoke(main, ["sweep", "rautino", "--vary", "shapes[Dreieck].points.1=1,3",
                                       "--vary", "scoring.one_player.combo_bonus=0,2", "--games", "20",
                                       "--json", *extra])
    assert result.exit_code in (0, 1, 3), result.output  # 20 games may leave verdicts undecided
    return json.loads(result.output)


def test_a_local_cluster_of_two_worker_processes_gives_the_local_json() -> None:
    local = sweep_json("--workers", "2")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        on_cluster = sweep_json("--scheduler", cluster.scheduler_address)
        # Every batch ran on the cluster's worker processes, not in this one.
        with distributed.Client(cluster.scheduler_address) as client:
            ran = client.run(lambda dask_worker: len(dask_worker.data) + dask_worker.state.executed_count)
    assert len(ran) == 2 and sum(ran.values()) > 0
    assert on_cluster == local
    assert [v["simulation"]["2 players"]["games"] for v in on_cluster["variants"]] == [20] * 4
