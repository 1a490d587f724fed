"""Ctrl-C and SIGTERM: how a command notices a stop and how it ends.

One handler for both signals records the first that came and raises it as an exception
(KeyboardInterrupt, Terminated) that unwinds the command: temporary files are removed, workers ended.
The record outlives the exception. Code that swallows it cannot turn the stop into another outcome:
cairo's write callback, for one, runs under cffi, which reports the exception as ignored, and cairo
then fails with a write error; the command line reads the record and says the stop instead.
"""

from __future__ import annotations

import signal
import sys
import threading
from dataclasses import dataclass
from typing import Any


class Terminated(BaseException):
    """SIGTERM (`kill`, `timeout`, a service manager) as an exception, so it unwinds like Ctrl-C.
    A BaseException, so no `except Exception` on the way swallows it."""


@dataclass(frozen=True)
class Stop:
    """How a stopped command ends: its one line and its exit code (128 + the signal, as a shell has it)."""

    line: str
    exit_code: int


STOPS = {signal.SIGINT: Stop("pnp: aborted", 128 + signal.SIGINT),
         signal.SIGTERM: Stop("pnp: terminated", 128 + signal.SIGTERM)}


class _Record:
    received: int | None = None  # the first stop signal of this command


_record = _Record()


def _stop_here(signum: int, frame: Any) -> None:
    if _record.received is None:
        _record.received = signum
    raise KeyboardInterrupt if signum == signal.SIGINT else Terminated


def _quiet_about_stops(previous: Any) -> Any:
    """An unraisablehook that says nothing of a stop's exception once the stop is recorded (the
    command line says it, in one line), and passes anything else on."""

    def hook(unraisable: Any) -> None:
        if _record.received is not None and issubclass(unraisable.exc_type, (KeyboardInterrupt, Terminated)):
            return
        previous(unraisable)

    hook.quiet_about_stops = True  # type: ignore[attr-defined]
    return hook


def watch() -> None:
    """Take Ctrl-C and SIGTERM with the recording handler, the record empty: at the start of a command.
    Signal handlers live in the main thread only; elsewhere a command is stopped by the main thread's."""
    _watch(dict.fromkeys(STOPS, _stop_here))


def watch_worker() -> None:
    """In a worker process: Ctrl-C and SIGTERM are ignored. They are its parent's to handle, which gets
    them too (a terminal's Ctrl-C, `timeout` and `kill -- -PGID` signal the whole process group) and
    ends the pool (pnp.parallel ends its workers by SIGKILL). A worker that died of SIGTERM at once could
    die holding the lock of the queue of jobs, which an idle worker holds while it waits for the next:
    the parent ending the pool would wait for that lock for ever."""
    _watch(dict.fromkeys(STOPS, signal.SIG_IGN))


def _watch(handlers: dict[signal.Signals, Any]) -> None:
    _record.received = None
    if threading.current_thread() is not threading.main_thread():
        return
    for signum, handler in handlers.items():
        signal.signal(signum, handler)
    if not getattr(sys.unraisablehook, "quiet_about_stops", False):
        sys.unraisablehook = _quiet_about_stops(sys.unraisablehook)


def forget() -> None:
    """The stop was the command's normal end (a server stopped with Ctrl-C): no longer a stop to say."""
    _record.received = None


def stop_of(exc: BaseException | None) -> Stop | None:
    """The stop a command ended by: the recorded signal's, whatever `exc` the command ended with (the
    follow-on error of a swallowed stop); else the stop `exc` stands for; else None."""
    if _record.received is not None:
        return STOPS[signal.Signals(_record.received)]
    if isinstance(exc, Terminated):
        return STOPS[signal.SIGTERM]
    if isinstance(exc, KeyboardInterrupt):
        return STOPS[signal.SIGINT]
    return None


def ignore() -> None:
    """Ignore further stops: the process's outcome is decided and is being said as it ends. A signal
    now would only kill it between its line and its exit, or print a traceback from its exit handlers."""
    if threading.current_thread() is threading.main_thread():
        for signum in STOPS:
            signal.signal(signum, signal.SIG_IGN)
