"""A sweep's batches on a Dask distributed cluster (the optional `cluster` extra).

The play function, which carries every variant's model, is sent to the workers once (scattered);
each task is then one batch of game numbers. Results come back in batch order, so the tallies are
filled exactly as on this machine.
"""

from __future__ import annotations

import re
import socket
import struct
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from pnp.errors import PnpError
from pnp.extras import require_extra

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


@dataclass(frozen=True)
class Address:
    """A scheduler's address as `--scheduler` gives it: tcp://HOST:PORT or tls://HOST:PORT."""

    text: str  # as given, for messages
    scheme: str
    host: str
    port: int


def parse_address(address: str) -> Address:
    """The address, checked before anything runs: a form like tcp://HOST:8786 and a port of 1 to 65535."""
    match = re.fullmatch(r"(?:(tcp|tls)://)?(\[[0-9a-fA-F:.]+\]|[^\s:/\[\]]+):(\d{1,5})", address.strip())
    if match is None:
        raise PnpError(f"--scheduler {address}: not an address like tcp://HOST:8786")
    port = int(match.group(3))
    if not 1 <= port <= 65535:
        raise PnpError(f"--scheduler {address}: port {port} is not a port (1 to 65535)")
    return Address(address, match.group(1) or "tcp", match.group(2).strip("[]"), port)


def _dask_greeting(header: bytes) -> bool:
    """A Dask comm's first message starts with its length and its frame count (two little-endian 64-bit
    integers): a sane length and a few frames. An HTTP server or a stranger says something else or
    nothing."""
    if len(header) < 16:
        return False
    length, frames = struct.unpack("<QQ", header[:16])
    return 16 <= length <= 1 << 24 and 1 <= frames <= 64


def probe(address: str) -> None:
    """Fail within CONNECT_TIMEOUT, in one line, unless a Dask scheduler answers at the address (the Dask
    client itself retries for longer, logs each attempt, and waits minutes on a listener that is silent).
    Over TCP a Dask scheduler greets every new connection first; a TLS one is only reached."""
    parsed = parse_address(address)
    deadline = time.monotonic() + CONNECT_TIMEOUT
    try:
        with socket.create_connection((parsed.host, parsed.port), timeout=CONNECT_TIMEOUT) as connection:
            if parsed.scheme != "tcp":
                return
            header = b""
            while len(header) < 16 and (left := deadline - time.monotonic()) > 0:
                connection.settimeout(left)
                chunk = connection.recv(16 - len(header))
                if not chunk:
                    break
                header += chunk
    except TimeoutError:
        header = b""
    except OSError as exc:
        reason = exc.strerror or _first_line(exc)
        raise PnpError(f"--scheduler {address}: no Dask scheduler answers ({reason})") from None
    if not _dask_greeting(header):
        said = "said nothing" if not header else "answered, but not as a Dask scheduler"
        raise PnpError(f"--scheduler {address}: no Dask scheduler answers (something listens there but "
                       f"{said} within {CONNECT_TIMEOUT} s)")


def cluster_map(fn: Callable[[J], R], jobs: Iterable[J], address: str) -> Iterator[R]:
    """`fn(job)` for each job on the cluster whose scheduler listens at `address`, in job order.

    At most IN_FLIGHT jobs are submitted and not yet collected: enough to keep every worker busy,
    few enough that a large grid holds no list of futures."""
    probe(address)  # before importing Dask, which alone takes a second or more
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
        for job in jobs:
            waiting.append(client.submit(_apply, shared, job, pure=False))
            if len(waiting) >= IN_FLIGHT:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()
    except TimeoutError:
        raise PnpError(f"--scheduler {address}: the scheduler has no workers (start some with: "
                       f"dask worker {address})") from None
    finally:
        client.close()
