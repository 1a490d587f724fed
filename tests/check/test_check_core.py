"""Generic checker parts: seeds, parallel simulation order, statistics, reports."""

from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path

from pnp.check.protocol import game_seed
from pnp.check.report import CheckReport
from pnp.check.stats import histogram, quantile, summary
from pnp.parallel import parallel_map


def square_plus(offset: int, seed: int) -> int:
    return seed * seed + offset


def test_game_seeds_are_stable_and_distinct():
    seeds = [game_seed(7, i) for i in range(1000)]
    assert seeds == [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert game_seed(7, 0) != game_seed(8, 0)


def test_parallel_results_keep_seed_order():
    seeds = list(range(200))
    serial = list(parallel_map(partial(square_plus, 3), seeds, workers=1))
    parallel = list(parallel_map(partial(square_plus, 3), seeds, workers=2))
    assert serial == parallel == [s * s + 3 for s in seeds]


def test_summary_and_quantiles():
    assert quantile([1, 2, 3, 4], 0.5) == 2.5
    s = summary([4, 1, 3, 2, 5])
    assert (s["min"], s["q1"], s["median"], s["q3"], s["max"], s["mean"]) == (1, 2, 3, 4, 5, 3)
    assert summary([]) == {"count": 0}
    assert histogram([3, 1, 3]) == {"1": 1, "3": 2}


def test_report_verdict_and_json():
    report = CheckReport(game="demo", static={"tiles": 30}, simulation={"1 player": {"games": 10}})
    assert report.playable and report.verdict == "playable"
    report.fail("colour red cannot connect")
    doc = json.loads(report.to_json_text())
    assert doc["verdict"] == "not playable"
    assert doc["reasons"] == ["colour red cannot connect"]
    text = report.to_text()
    assert "NOT PLAYABLE" in text and "colour red cannot connect" in text and "tiles: 30" in text


def test_long_lists_wrap_to_the_terminal_keeping_each_pair_whole():
    pairs = {f"{a}-{b}": a + b for a in range(6) for b in range(6)}
    report = CheckReport(game="demo", static={"edge_pairs": pairs, "tiles_per_number": {"0": 21, "1": 21}})
    lines = report.to_text().splitlines()
    start = lines.index(next(line for line in lines if line.startswith("  edge_pairs: 0-0 0, 0-1 1,")))
    block = [lines[start]] + [line for line in lines[start + 1:] if line.startswith("      ")]
    assert 2 <= len(block) <= 4 and all(len(line) <= 110 for line in block)
    assert sum(line.count(",") for line in block) == len(pairs) - 1  # every pair once
    for line in block[1:]:
        assert re.match(r"^      \d-\d \d+,", line)  # a continuation starts with a whole pair
    assert "  tiles_per_number: 0 21, 1 21" in lines


def test_distributions_read_as_one_aligned_table_where_the_first_stands():
    scores = {"count": 80, "mean": 227.075, "min": -146, "q1": 214.75, "median": 247.5, "q3": 273.0, "max": 310}
    turns = {"count": 40, "mean": 64.425, "min": 60, "q1": 60.0, "median": 60.0, "q3": 63.25, "max": 113}
    figures = {"games": 40, "final_scores": scores, "tie_share": 0.025, "turns_per_game": turns,
               "never_seen": {"count": 0}}
    lines = CheckReport(game="demo", simulation={"2 players": figures}).to_text().splitlines()
    start = lines.index("    games: 40") + 1
    header, first, second, empty = lines[start:start + 4]
    assert header.split() == ["count", "mean", "min", "q1", "median", "q3", "max"]
    assert first.split() == ["final_scores", "80", "227.07", "-146", "214.75", "247.50", "273.00", "310"]
    assert second.split() == ["turns_per_game", "40", "64.42", "60", "60.00", "60.00", "63.25", "113"]
    assert empty.split() == ["never_seen", "0", "-", "-", "-", "-", "-", "-"]
    assert lines[start + 4] == "    tie_share: 0.025"  # other figures keep their own lines, in order
    # Right-aligned columns: every row ends where the header ends, each column under its name.
    assert len({len(line) for line in (header, first, second, empty)}) == 1
    assert header.index("median") + len("median") == first.index("247.50") + len("247.50")


def _processes(field: int, value: int) -> list[int]:
    """Live processes whose /proc stat field (3: parent, 4: process group) is `value`; no procps needed."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[field - 2]) == value:
            found.append(int(stat.parent.name))
    return found


def test_ctrl_c_stops_the_workers_quietly(tmp_path):
    """Ctrl-C reaches every process of the terminal's group: one line, no worker tracebacks, none left."""
    import os
    import signal
    import subprocess
    import sys
    import time

    log = tmp_path / "games.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "pnp", "check", "zatre", "--players", "2", "--games", "100000", "--workers", "2",
         "-q", "--log", str(log)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # wait until both workers play
            children = _processes(3, proc.pid)
            if len(children) >= 2:
                break
            time.sleep(0.1)
        assert len(children) >= 2
        time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    stderr = err.decode()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert stderr.strip().splitlines()[-1] == "pnp: aborted"
    assert not log.exists()
    time.sleep(0.3)
    assert _processes(4, proc.pid) == []
