"""The reference loop every benchmark reports its figures against, timed in the same run.

Machines differ and a shared machine's load comes and goes; a figure given as a multiple of this
loop, timed moments before, says more than seconds.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

LOOP = "sum(i*i for i in range(3_000_000))"


def reference_seconds(runs: int = 5, clock: Callable[[], float] = time.process_time) -> float:
    """The loop's median time on `clock`: CPU time of this process (for work done here), or
    `time.perf_counter` (for work that runs in other processes)."""
    times = []
    for _ in range(runs):
        start = clock()
        sum(i * i for i in range(3_000_000))
        times.append(clock() - start)
    return statistics.median(times)
