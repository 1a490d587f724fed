"""`pnp sweep`: grids of variants through the games' own loaders, their figures, the best variant and bad input."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path

import pytest
from hostile_helpers import one_line_error, run, spec_with

from pnp import games
from pnp.check.run import run_check
from pnp.sweep import results
from pnp.sweep.command import sweep
from pnp.sweep.run import SweepOptions

# A 2 x 3 grid for each game, few games, one player count (or preset) to stay quick.
GRIDS = {
    "rautino": (["shapes[Dreieck].points.1=1,2", "scoring.one_player.combo_bonus=0..2"], ["--players", "1"],
                ["placed_share", "shapes_per_game", "length", "mean_score"]),
    "zatre": (["sheet.rows=20,28", "rules.points.12=3..5"], ["--players", "2"],
              ["sheet_rows_needed", "seat_advantage", "length", "mean_score"]),
    "triomino": (["presets.seed.draw_limit=2,3", "presets.seed.bridge_bonus=20,40,60"],
                 ["--players", "2", "--preset", "seed"], ["draws", "seat_advantage", "length", "mean_score"]),
}


@pytest.mark.parametrize("game", sorted(GRIDS))
def test_a_2_by_3_sweep_checks_every_variant_with_the_games_figures(game: str) -> None:
    varies, extra, figures = GRIDS[game]
    result = run("sweep", game, *(a for v in varies for a in ("--vary", v)), "--games", "3", "--workers", "1",
                 "--json", *extra)
    assert result.exit_code in (0, 1, 3), result.output  # 3 games leave most thresholds undecided
    document = json.loads(result.output)
    assert [v["variant"] for v in document["variants"]] == [1, 2, 3, 4, 5, 6]
    first, last = document["variants"][0]["values"], document["variants"][-1]["values"]
    fields = [v.split("=")[0] for v in varies]
    assert document["fields"] == fields
    assert first == {fields[0]: int(varies[0].split("=")[1].split(",")[0]), fields[1]: first[fields[1]]}
    assert last[fields[1]] != first[fields[1]]
    for variant in document["variants"]:
        assert variant["verdict"] in ("playable", "not playable", "undecided")
        (label, measured), = variant["figures"].items()
        for key in figures:
            assert measured[key] is not None, (variant["variant"], key)
        assert variant["simulation"][label]["games"] == 3
    assert document["best"] in {v["variant"] for v in document["variants"] if v["passes"]} | {None}
    assert document["confidence"] == 0.95


def test_confidence_decides_a_variant_as_it_decides_a_check() -> None:
    """A sweep judges its variants at --confidence like `pnp check`: fewer games decide at a lower one."""
    def verdicts(confidence: str) -> list[str]:
        result = run("sweep", "rautino", "--vary", "scoring.one_player.combo_bonus=0,2", "--players", "1",
                     "--games", "40", "--workers", "1", "--json", "--confidence", confidence)
        assert result.exit_code in (0, 1, 3), result.output
        document = json.loads(result.output)
        assert document["confidence"] == float(confidence)
        return [variant["verdict"] for variant in document["variants"]]

    assert verdicts("0.5") != verdicts("0.999")


def test_a_variant_plays_the_same_games_as_check_of_its_spec(tmp_path: Path) -> None:
    """The sweep's figures of a variant are those `pnp check --spec` gives for the same spec file, at the
    same confidence."""
    done = sweep("zatre", spec=None, vary=("sheet.rows=20,28",), csv=None, report=None, write_best=None,
                 options=SweepOptions(games=4, players=2, workers=1, confidence=0.8, skill_games=0))
    variant = done.variants[0]
    spec = tmp_path / "variant.toml"
    spec.write_text(variant.spec_text, encoding="utf-8")
    alone = run_check("zatre", spec=spec, games=4, seed=1, players=2, preset=None, workers=1, log=None,
                      report=None, progress=False, skill_games=0, confidence=0.8)
    assert variant.report is not None and variant.report.to_json()["confidence"] == 0.8
    # The same games and verdict; only where the spec came from differs (a sweep's variant has no file).
    ignore = ("spec", "title")
    assert ({k: v for k, v in variant.report.to_json().items() if k not in ignore}
            == {k: v for k, v in alone.to_json().items() if k not in ignore})
    # The skill match a sweep plays is the one `pnp check` judges: the strongest player against random.
    done = sweep("zatre", spec=None, vary=("sheet.rows=20,28",), csv=None, report=None, write_best=None,
                 options=SweepOptions(games=4, players=2, workers=1, confidence=0.8, skill_games=4))
    matched = run_check("zatre", spec=spec, games=4, seed=1, players=2, preset=None, workers=1, log=None,
                        report=None, progress=False, skill_games=4, confidence=0.8)
    swept_skill = done.variants[0].report.balance["skill"]  # type: ignore[union-attr]
    (label, figures), = swept_skill.items()
    assert label == "lookahead vs random" and figures == matched.balance["skill"][label]
    assert "luck_test" in figures


def test_results_do_not_depend_on_the_worker_count_or_the_start_method(monkeypatch: pytest.MonkeyPatch) -> None:
    def figures(workers: int) -> str:
        done = sweep("rautino", spec=None, vary=("scoring.one_player.combo_bonus=0,2",), csv=None, report=None,
                     write_best=None, options=SweepOptions(games=30, players=1, workers=workers))
        return results.to_json_text(done)

    alone = figures(1)
    assert figures(2) == alone
    monkeypatch.setenv("PNP_START_METHOD", "spawn")  # nothing may depend on fork
    assert figures(2) == alone


def test_an_invalid_variant_is_reported_with_the_loaders_reason_and_the_rest_run() -> None:
    result = run("sweep", "zatre", "--vary", "tiles.size_mm=11.8,13.0", "--games", "2", "--players", "2", "--json")
    assert result.exit_code in (0, 1, 3), result.output
    valid, invalid = json.loads(result.output)["variants"]
    assert valid["verdict"] in ("playable", "undecided") and valid["simulation"]["2 players"]["games"] == 2
    assert invalid["verdict"] == "invalid" and not invalid["passes"] and invalid["simulation"] == {}
    assert invalid["reasons"] == ["tiles.size_mm: must be smaller than board.cell_mm (12.8) to leave clearance"]


def test_table_csv_and_the_best_spec(tmp_path: Path) -> None:
    table, best = tmp_path / "out" / "sweep.csv", tmp_path / "out" / "best.toml"
    # A seat-advantage limit that 300 games decide (the shipped 10 % is too close to Zatre's 9 % to call).
    spec = spec_with(tmp_path, "zatre", "max_seat_advantage = 0.10", "max_seat_advantage = 0.30")
    # Enough games that the verdicts are decided (a handful would leave them undecided).
    result = run("sweep", "zatre", "--spec", str(spec), "--vary", "sheet.rows=16,28", "--games", "300",
                 "--players", "2", "--csv", str(table), "--write-best", str(best))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split()[:4] == ["variant", "sheet.rows", "configuration", "verdict"]
    assert "zatre: 2 variants, 1 passes every threshold; best: variant 2" in result.output
    assert f"wrote {best} (variant 2)" in result.output
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    assert [(r["variant"], r["sheet.rows"], r["verdict"]) for r in rows] == [
        ("1", "16", "not playable"), ("2", "28", "playable (best)")]
    assert "needing more than the 16 printed sheet rows" in rows[0]["reason"]
    assert float(rows[1]["sheet_rows_needed"]) <= 28
    # The best spec is the designer's file with the one value changed: comments kept, loadable as --spec.
    text = best.read_text()
    assert "# edge of one printed board field" in text
    assert tomllib.loads(text)["sheet"]["rows"] == 28
    assert games.get("zatre").load(best).sheet.rows == 28
    kit = run("scoresheet", "zatre", "--spec", str(best), "--format", "svg", "-o", str(tmp_path / "kit"), "-q")
    assert kit.exit_code == 0, kit.output
    assert list((tmp_path / "kit").rglob("*.svg"))


def test_no_passing_variant_exits_1_and_writes_no_best_spec(tmp_path: Path) -> None:
    best = tmp_path / "best.toml"
    result = run("sweep", "zatre", "--vary", "sheet.rows=16,18", "--games", "4", "--players", "2",
                 "--write-best", str(best), "-q")
    assert result.exit_code == 1, result.output
    assert "no best variant" in result.output
    assert not best.exists()


def test_undecided_variants_are_not_passing_ones_and_exit_3(tmp_path: Path) -> None:
    """Thirty games leave Rautino's thresholds too close to call: no variant passes yet, none fails."""
    best, report = tmp_path / "best.toml", tmp_path / "report"
    result = run("sweep", "rautino", "--vary", "scoring.one_player.combo_bonus=0,2", "--players", "1",
                 "--games", "30", "--workers", "1", "--write-best", str(best), "--report", str(report), "-q")
    assert result.exit_code == 3, result.output
    assert "rautino: 2 variants, 0 pass every threshold, 2 undecided; no best variant yet" in result.output
    assert not best.exists()
    page = (report / "index.html").read_text(encoding="utf-8")
    assert "No variant passes every threshold yet" in page and page.count('class="undecided"') == 2
    document = json.loads(run("sweep", "rautino", "--vary", "scoring.one_player.combo_bonus=0,2", "--players", "1",
                              "--games", "30", "--workers", "1", "--json").output)
    assert [(v["verdict"], v["passes"]) for v in document["variants"]] == [("undecided", False)] * 2
    assert document["best"] is None
    # With enough games the same grid is decided and has a best variant.
    decided = run("sweep", "rautino", "--vary", "scoring.one_player.combo_bonus=0,2", "--players", "1",
                  "--games", "400", "-q")
    assert decided.exit_code == 0, decided.output
    assert "2 variants, 2 pass every threshold; best: variant" in decided.output


@pytest.mark.parametrize(("varies", "needles"), [
    (["shapes[Quadrat].points.1=1,2"], ["shapes[Quadrat].points.1", "no item of shapes with name = 'Quadrat'"]),
    (["scoring.bogus=1"], ["no field 'bogus' in scoring"]),
    (["scoring.one_player.combo_bonus=1.5,2"], ["1.5 is not an integer"]),
    (["scoring.one_player.combo_bonus="], ["give a list such as 1,2,3"]),
    (["scoring.one_player.combo_bonus=4..1"], ["a range runs from low to high"]),
    (["scoring.one_player.combo_bonus=0..100", "shapes[Dreieck].points.1=0..100"], ["10,201 variants", "--yes"]),
    ([], ["--vary FIELD=VALUES"]),
])
def test_bad_vary_is_one_line_and_exit_2(tmp_path: Path, varies: list[str], needles: list[str]) -> None:
    report = tmp_path / "report"
    result = run("sweep", "rautino", *(a for v in varies for a in ("--vary", v)), "--games", "1",
                 "--report", str(report))
    one_line_error(result, *needles)
    assert not report.exists()


def test_a_player_count_the_base_spec_does_not_allow_is_bad_input() -> None:
    result = run("sweep", "rautino", "--vary", "scoring.one_player.combo_bonus=0,2", "--players", "3", "--games", "1")
    one_line_error(result, "rautino: --players 3: the game is for 1 or 2 players")


def test_an_unreachable_scheduler_is_named_in_one_line(tmp_path: Path) -> None:
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    result = run("sweep", "zatre", "--vary", "sheet.rows=20,28", "--games", "1", "--scheduler", address)
    one_line_error(result, f"--scheduler {address}: no Dask scheduler answers")
    malformed = run("sweep", "zatre", "--vary", "sheet.rows=20", "--games", "1", "--scheduler", "no address")
    one_line_error(malformed, "--scheduler no address: not an address like tcp://HOST:8786")


def test_the_report_charts_every_figure_against_the_fields_and_marks_the_best(tmp_path: Path) -> None:
    two = tmp_path / "two"
    # 30 games at 50 % confidence decide every verdict here (4 games would leave the 28-row sheets undecided),
    # under a seat-advantage limit that 30 games can decide.
    spec = spec_with(tmp_path, "zatre", "max_seat_advantage = 0.10", "max_seat_advantage = 0.50")
    decided = ("--spec", str(spec), "--games", "30", "--confidence", "0.5")
    result = run("sweep", "zatre", "--vary", "sheet.rows=16,28", "--vary", "rules.points.12=3,4", *decided,
                 "--players", "2", "--workers", "1", "--report", str(two), "-q")
    assert result.exit_code == 0, result.output
    page = (two / "index.html").read_text()
    figures = ["seat advantage", "skill signal", "turns per game", "mean score", "sheet rows needed"]
    # Two fields: one heat map per figure, a cell per variant, ticks for the passing ones, the best framed.
    assert page.count("<svg") == len(figures)
    for title in figures:
        assert f"{title}, 2 players</text>" in page
    assert page.count("\u2713</tspan>") == 2 * len(figures) and page.count("\u2717</tspan>") == 2 * len(figures)
    assert page.count('stroke-width="3"/>') == len(figures)
    assert "Best: variant 4 (sheet.rows = 28, rules.points.12 = 4)" in page
    assert page.count('<tr class="best pass">') == 1 and page.count('<tr class="fail">') == 2

    one = tmp_path / "one"
    result = run("sweep", "zatre", "--vary", "sheet.rows=16,20,28", *decided, "--players", "2",
                 "--workers", "1", "--report", str(one), "-q")
    assert result.exit_code == 0, result.output
    page = (one / "index.html").read_text()
    # One field: a chart per figure with a dot per variant, filled when it passes, hollow when not, the best ringed.
    assert page.count("<svg") == len(figures)
    assert page.count('r="4.5" fill="#2e7d32"') == len(figures)
    assert page.count('r="4.5" fill="white"') == 2 * len(figures)
    assert page.count('r="8" fill="none"') == len(figures)


def test_the_readmes_field_path_with_an_equals_sign_sweeps() -> None:
    result = run("sweep", "rautino", "--vary", "stones[colours=red+joker].count=1,2", "--players", "1",
                 "--games", "2", "--workers", "1", "--json")
    assert result.exit_code in (0, 1, 3), result.output
    document = json.loads(result.output)
    assert document["fields"] == ["stones[colours=red+joker].count"]
    assert [v["values"] for v in document["variants"]] == [{"stones[colours=red+joker].count": n} for n in (1, 2)]


def test_a_port_out_of_range_is_refused_as_the_option_is_read() -> None:
    result = run("sweep", "zatre", "--vary", "sheet.rows=20", "--games", "1", "--scheduler", "tcp://127.0.0.1:99999")
    one_line_error(result, "--scheduler tcp://127.0.0.1:99999: port 99999 is not a port (1 to 65535)")


def _serve(greeting: bytes | None):
    """A listener on a free port that accepts and says `greeting` (None: nothing), as long as the test runs."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    accepted = []

    def serve() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            accepted.append(connection)
            if greeting is not None:
                connection.sendall(greeting)

    threading.Thread(target=serve, daemon=True).start()
    return server


@pytest.mark.parametrize(("greeting", "said"), [
    (None, "said nothing"),
    (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "not as a Dask scheduler"),
])
def test_a_silent_or_foreign_listener_is_refused_within_5_seconds(greeting: bytes | None, said: str) -> None:

    server = _serve(greeting)
    try:
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
        result = run("sweep", "zatre", "--vary", "sheet.rows=20,28", "--games", "1", "--scheduler", address)
    finally:
        server.close()
    one_line_error(result, f"--scheduler {address}: no Dask scheduler answers", said)


def test_an_http_server_is_no_scheduler(tmp_path: Path) -> None:
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    server = ThreadingHTTPServer(("127.0.0.1", 0), SimpleHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        address = f"tcp://127.0.0.1:{server.server_address[1]}"
        result = run("sweep", "zatre", "--vary", "sheet.rows=20,28", "--games", "1", "--scheduler", address)
    finally:
        server.shutdown()
        server.server_close()
    one_line_error(result, f"--scheduler {address}: no Dask scheduler answers")


@pytest.mark.parametrize("outputs", [
    ("--csv", "x.out", "--write-best", "x.out"),
    ("--csv", "out/index.html", "--report", "out"),
    ("--write-best", "./x.out", "--csv", "x.out"),
])
def test_two_outputs_on_one_file_are_refused_before_any_game(tmp_path: Path, monkeypatch, outputs) -> None:
    monkeypatch.chdir(tmp_path)
    played = []
    monkeypatch.setattr("pnp.sweep.command.run_fixed", lambda *args: played.append(args))
    result = run("sweep", "zatre", "--vary", "sheet.rows=16,18", "--games", "4", "--players", "2", *outputs)
    one_line_error(result, "named by both")
    assert not played
    assert list(tmp_path.iterdir()) == []
