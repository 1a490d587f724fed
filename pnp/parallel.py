"""Run one function over many jobs on worker processes, with results in job order.

Kits and simulations share this one helper. It works under every start method (fork, spawn,
forkserver), so it runs the same on Linux, macOS and Windows, and its workers never outlive the
process that started them.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.pool
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sized
from typing import Any, TypeVar

from pnp import stops

J = TypeVar("J")
R = TypeVar("R")

# Set this to fork, spawn or forkserver to force a start method (tests use it to prove that
# nothing depends on fork); otherwise the platform's default is used.
START_METHOD_ENV = "PNP_START_METHOD"
# How often a worker looks whether its parent still runs, in seconds.
_PARENT_POLL = 0.2

# The function a worker applies to its jobs: sent once per worker through the initializer rather
# than with every chunk of jobs, because it usually carries a whole game model.
_worker_fn: Callable[[Any], Any] | None = None


def worker_count(requested: int, jobs: int) -> int:
    """`requested` processes (0: one per core), never more than there are jobs."""
    cores = os.cpu_count() or 1
    wanted = requested if requested > 0 else cores
    return max(1, min(wanted, jobs))


def start_method() -> str:
    chosen = os.environ.get(START_METHOD_ENV, "").strip().lower()
    if chosen and chosen not in multiprocessing.get_all_start_methods():
        from pnp.errors import PnpError

        known = ", ".join(multiprocessing.get_all_start_methods())
        raise PnpError(f"{START_METHOD_ENV}={chosen}: not a start method of this platform; known: {known}")
    return chosen or multiprocessing.get_start_method()


def _init_worker(fn: Callable[[Any], Any]) -> None:
    global _worker_fn
    _worker_fn = fn
    stops.watch_worker()
    if hasattr(signal, "pthread_sigmask"):  # born with them blocked (see _born_deaf); now they may come
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), name="pnp-parent-watch", daemon=True).start()


_STOP_SIGNALS = set(stops.STOPS)


@contextlib.contextmanager
def _born_deaf() -> Iterator[None]:
    """Block Ctrl-C and SIGTERM in this thread while the pool starts its workers and threads.

    A worker forked before its initializer runs still has the parent's handlers: a SIGTERM from
    `pool.terminate()` in that moment would raise the parent's exception in the child, outside the
    code that ends a worker, and the child would carry on as a copy of the parent. Born with the
    signals blocked, a worker receives them only once its own handlers are set. The pool's threads
    inherit the mask too, so the workers they start later are born the same way."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _exit_with_parent(first_ppid: int) -> None:
    """End this worker as soon as the parent is gone (killed, even by SIGKILL, which no handler sees).

    The parent's sentinel becomes ready when it exits on every platform; on POSIX a changed parent
    pid says the same and also covers workers of a fork server, whose direct parent is the server.
    """
    parent = multiprocessing.parent_process()
    while True:
        if parent is not None and parent.sentinel is not None:
            from multiprocessing.connection import wait

            if wait([parent.sentinel], timeout=_PARENT_POLL):
                os._exit(1)
        else:
            threading.Event().wait(_PARENT_POLL)
        if os.name == "posix" and os.getppid() != first_ppid:
            os._exit(1)


class _KilledWorkers:
    """A start method's context whose processes end by SIGKILL when their pool terminates them: a worker
    ignores SIGTERM (see stops.watch_worker), and the pool sends its signal only once it holds the lock
    of the queue of jobs, so no worker dies holding it."""

    def __init__(self, context: Any) -> None:
        self.context = context

    def __getattr__(self, name: str) -> Any:
        return getattr(self.context, name)

    def Process(self, *args: Any, **kwargs: Any) -> Any:  # the name multiprocessing.pool.Pool calls
        process = self.context.Process(*args, **kwargs)
        process.terminate = process.kill
        return process


def _apply(job: Any) -> Any:
    assert _worker_fn is not None
    return _worker_fn(job)


def parallel_map(fn: Callable[[J], R], jobs: Iterable[J], *, workers: int = 0,
                 total: int | None = None) -> Iterator[R]:
    """`fn(job)` for every job on up to `workers` processes (0: one per core), yielded in job order.

    `fn` must pickle (a module-level function, or `functools.partial` of one with picklable
    arguments) because spawned workers receive it by value. With one worker, or one job, everything
    runs in this process. `total` is the number of jobs when `jobs` has no length (for the chunks).
    The caller counts the results as they come, for its run's progress bar (pnp.progress).
    Closing the iterator early ends the workers.
    """
    count_jobs = total if total is not None else (len(jobs) if isinstance(jobs, Sized) else 0)
    count = worker_count(workers, max(count_jobs, 1))
    if count == 1:
        for job in jobs:
            yield fn(job)
        return
    context = multiprocessing.get_context(start_method())
    # Chunks amortise the pipe traffic; small enough that the bar moves and work stays balanced.
    chunk = max(1, min(32, count_jobs // (count * 8) or 1))
    with _born_deaf():
        pool = multiprocessing.pool.Pool(count, initializer=_init_worker, initargs=(fn,),
                                         context=_KilledWorkers(context))
    try:
        yield from pool.imap(_apply, jobs, chunksize=chunk)
        pool.close()
    finally:
        pool.terminate()  # on an error, Ctrl-C, SIGTERM or an abandoned iterator: no worker lingers
        pool.join()
