"""The shared parallel map: the same results under every start method, and no worker outlives its parent."""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnp.parallel import START_METHOD_ENV, parallel_map

ROOT = Path(__file__).resolve().parents[1]
METHODS = ["fork", "spawn"] if sys.platform != "win32" else ["spawn"]


def affine(a: int, b: int, x: int) -> int:
    return a * x + b


def fails_on_seven(x: int) -> int:
    if x == 7:
        raise ValueError("seven")
    return x


@pytest.mark.parametrize("method", METHODS)
def test_results_in_job_order_under_every_start_method(method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(START_METHOD_ENV, method)
    jobs = list(range(200))
    expected = [3 * x + 4 for x in jobs]
    assert list(parallel_map(functools.partial(affine, 3, 4), jobs, workers=2)) == expected
    assert list(parallel_map(functools.partial(affine, 3, 4), jobs, workers=1)) == expected


@pytest.mark.parametrize("method", METHODS)
def test_an_error_in_a_worker_reaches_the_caller(method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(START_METHOD_ENV, method)
    with pytest.raises(ValueError, match="seven"):
        list(parallel_map(fails_on_seven, range(20), workers=2))


def blocked_signals(_: int) -> list[int]:
    """The signals this worker had blocked when it started its first job (read, not changed)."""
    return sorted(int(number) for number in signal.pthread_sigmask(signal.SIG_BLOCK, []))


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
@pytest.mark.parametrize("method", METHODS)
def test_workers_are_born_deaf_to_stop_signals_until_their_handlers_are_set(
        method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A SIGTERM from the pool reaching a worker before its own handlers are set would run the
    parent's handler in the child; so workers start with the stop signals blocked, the initializer
    sets the handlers and unblocks them, and the parent's mask is as it was."""
    import pnp.parallel as parallel

    monkeypatch.setenv(START_METHOD_ENV, method)
    before = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    # Once a worker is set up, the stop signals reach it again; the parent's mask is as it was.
    for result in parallel_map(blocked_signals, range(4), workers=2):
        assert signal.SIGTERM not in result and signal.SIGINT not in result
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == before
    # While the pool starts, the stop signals are blocked: what a worker is born with.
    born: list[int] = []

    def mask_at_birth() -> None:
        born.extend(signal.pthread_sigmask(signal.SIG_BLOCK, []))

    with parallel._born_deaf():
        mask_at_birth()
    assert signal.SIGTERM in born and signal.SIGINT in born
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == before


def test_an_unknown_start_method_is_one_clear_error(tmp_path: Path) -> None:
    env = {**os.environ, START_METHOD_ENV: "teleport"}
    done = subprocess.run([sys.executable, "-m", "pnp", "check", "rautino", "--games", "4", "--workers", "2"],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().startswith(f"pnp: error: {START_METHOD_ENV}=teleport: not a start method")


def test_check_gives_the_same_json_under_spawn_fork_and_one_worker() -> None:
    outputs = []
    for method, workers in [("spawn", 2), ("fork", 2), ("spawn", 1)]:
        env = {**os.environ, START_METHOD_ENV: method}
        done = subprocess.run([sys.executable, "-m", "pnp", "check", "triomino", "--games", "12", "--players", "2",
                               "--workers", str(workers), "--json"], capture_output=True, text=True, env=env)
        assert done.returncode in (0, 1), done.stderr
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1] == outputs[2]


# A parent that starts two workers which would run for a minute, and says their pids.
PARENT = """
import os, sys, time
from pathlib import Path
from pnp.parallel import parallel_map
def slow(x):
    (Path(sys.argv[1]) / str(os.getpid())).write_text("running")
    time.sleep(60)
    return x
if __name__ == "__main__":
    for _ in parallel_map(slow, range(4), workers=2):
        pass
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(")")[-1].split()[0] == "Z")  # a zombie has ended


def _start_workers(tmp_path: Path, method: str) -> tuple[subprocess.Popen[str], list[int]]:
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    pids_folder = tmp_path / "pids"
    pids_folder.mkdir()
    env = {**os.environ, START_METHOD_ENV: method, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen([sys.executable, str(script), str(pids_folder)], env=env, cwd=tmp_path)
    deadline = time.monotonic() + 60
    while len(list(pids_folder.iterdir())) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    pids = [int(path.name) for path in pids_folder.iterdir()]
    assert len(pids) == 2, "the workers did not start"
    return parent, pids


@pytest.mark.skipif(os.name != "posix", reason="signals and /proc")
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_no_worker_outlives_a_killed_parent(tmp_path: Path, method: str, sig: signal.Signals) -> None:
    parent, workers = _start_workers(tmp_path, method)
    assert all(_alive(pid) for pid in workers)
    parent.send_signal(sig)
    parent.wait(timeout=10)
    # Workers notice within a fifth of a second; the margin is for a machine under heavy load.
    deadline = time.monotonic() + 3.0
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [pid for pid in workers if _alive(pid)] == []


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_sigterm_ends_a_check_like_ctrl_c(tmp_path: Path) -> None:
    """One line, the conventional 128 + 15, no traceback, and the workers end with it."""
    check = subprocess.Popen([sys.executable, "-m", "pnp", "check", "zatre", "--games", "100000", "--workers", "2",
                              "--log", str(tmp_path / "games.jsonl")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    deadline = time.monotonic() + 30
    children: list[int] = []
    while time.monotonic() < deadline and len(children) < 2:
        time.sleep(0.2)
        tasks = Path(f"/proc/{check.pid}/task")
        children = [int(pid) for task in tasks.iterdir()
                    for pid in (task / "children").read_text().split()] if tasks.exists() else []
    assert len(children) >= 2, "the check did not start its workers"
    time.sleep(0.5)
    check.send_signal(signal.SIGTERM)
    _out, err = check.communicate(timeout=20)
    assert check.returncode == 143
    assert err.strip().splitlines()[-1] == "pnp: terminated"
    assert "Traceback" not in err
    time.sleep(1.0)
    assert [pid for pid in children if _alive(pid)] == []
    assert list(tmp_path.iterdir()) == []  # no log, no temporary file


# A parent that takes stop signals as the command line does, with two workers that have done their jobs
# and wait for more while the parent takes a minute over the first result.
IDLE_WORKERS = """
import sys, time
from pathlib import Path
from pnp import stops
from pnp.parallel import parallel_map
def mark(x):
    (Path(sys.argv[1]) / str(x)).write_text("done")
    return x
if __name__ == "__main__":
    stops.watch()
    try:
        for _ in parallel_map(mark, [1, 2], workers=2):
            time.sleep(60)
    except BaseException as exc:
        print(type(exc).__name__, flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="process groups")
@pytest.mark.parametrize("method", METHODS)
def test_sigterm_to_the_whole_group_while_workers_wait_for_jobs(tmp_path: Path, method: str) -> None:
    """`timeout`, `kill -- -PGID` and service managers send SIGTERM to every process of the group. A worker
    waiting for a job holds the job queue's lock: it must let go of it as it ends, or the parent, ending
    the pool, waits for that lock for ever."""
    script = tmp_path / "parent.py"
    script.write_text(IDLE_WORKERS)
    marks = tmp_path / "marks"
    marks.mkdir()
    env = {**os.environ, START_METHOD_ENV: method, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen([sys.executable, str(script), str(marks)], env=env, cwd=tmp_path, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while len(list(marks.iterdir())) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(list(marks.iterdir())) == 2, "the jobs were not done"
        time.sleep(0.5)  # the workers are back waiting for the next job
        os.killpg(parent.pid, signal.SIGTERM)
        out, err = parent.communicate(timeout=20)
    finally:
        if parent.poll() is None:
            os.killpg(parent.pid, signal.SIGKILL)
            parent.wait()
    assert out == "Terminated\n", err
    assert "Traceback" not in err, err
