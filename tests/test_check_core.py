"""Generic checker parts: seeds, parallel simulation order, statistics, reports."""

from __future__ import annotations

import json
from functools import partial

from pnp.check.report import CheckReport
from pnp.check.simulate import game_seed, run_games
from pnp.check.stats import histogram, quantile, summary


def square_plus(offset: int, seed: int) -> int:
    return seed * seed + offset


def test_game_seeds_are_stable_and_distinct():
    seeds = [game_seed(7, i) for i in range(1000)]
    assert seeds == [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert game_seed(7, 0) != game_seed(8, 0)


def test_parallel_results_keep_seed_order():
    seeds = list(range(200))
    serial = run_games(partial(square_plus, 3), seeds, workers=1)
    parallel = run_games(partial(square_plus, 3), seeds, workers=2)
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
