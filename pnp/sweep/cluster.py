"""A sweep's batches on a Dask distributed cluster (the optional `cluster` extra).

The play function, which carries every variant's model, is sent to the workers once (scattered);
each task is then one batch of game numbers. Results come back in batch order, so the tallies are
filled exactly as on this machine.
"""

from __future__ import annotations

import re
import socket
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from pnp.errors import PnpError
from pnp.extras import require_extra
from pnp.progress import progress

J = TypeVar("J")
R = TypeVar("R")

# Jobs submitted ahead of the one collected next.
IN_FLIGHT = 1000
# How long to wait for a scheduler to answer before giving up, in seconds.
CONNECT_TIMEOUT = 3


def _apply(fn: Callable[[Any], Any], job: Any) -> Any:
    return fn(job)


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def _probe(address: str) -> None:
    """Fail within CONNECT_TIMEOUT, in one line, when nothing listens at the address (the Dask client
    itself retries for longer and logs each attempt)."""
    match = re.fullmatch(r"(?:(tcp|tls)://)?(\[[0-9a-fA-F:.]+\]|[^\s:/\[\]]+):(\d{1,5})", address.strip())
    if match is None:
        raise PnpError(f"--scheduler {address}: not an address like tcp://HOST:8786")
    host, port = match.group(2).strip("[]"), int(match.group(3))
    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT).close()
    except OSError as exc:
        reason = exc.strerror or _first_line(exc)
        raise PnpError(f"--scheduler {address}: no Dask scheduler answers ({reason})") from None


def cluster_map(fn: Callable[[J], R], jobs: Iterable[J], total: int, address: str, *,
                show_progress: bool = False) -> Iterator[R]:
    """`fn(job)` for each of `total` jobs on the cluster whose scheduler listens at `address`, in job order.

    At most IN_FLIGHT jobs are submitted and not yet collected: enough to keep every worker busy,
    few enough that a large grid holds no list of futures."""
    _probe(address)  # before importing Dask, which alone takes a second or more
    Client = require_extra("distributed", "cluster", f"--scheduler {address}").Client
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except Exception as exc:  # OSError, TimeoutError: a scheduler that stopped answering just now
        raise PnpError(f"--scheduler {address}: no Dask scheduler answers ({_first_line(exc)})") from None
    try:
        if not client.scheduler_info().get("workers"):
            client.wait_for_workers(1, timeout=30)
        shared = client.scatter(fn, broadcast=True, hash=False)
        waiting: deque[Any] = deque()
        with progress(total, "sweep", show_progress) as advance:
            for job in jobs:
                waiting.append(client.submit(_apply, shared, job, pure=False))
                if len(waiting) >= IN_FLIGHT:
                    yield waiting.popleft().result()
                    advance(1)
            while waiting:
                yield waiting.popleft().result()
                advance(1)
    except TimeoutError:
        raise PnpError(f"--scheduler {address}: the scheduler has no workers (start some with: "
                       f"dask worker {address})") from None
    finally:
        client.close()
