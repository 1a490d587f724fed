"""`pnp check GAME --report DIR`: an HTML page with the verdict, SVG charts and the final boards."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from pnp.check.charts import bar_chart, binned
from pnp.cli import main


@pytest.mark.parametrize(("game", "players", "chart"), [
    ("rautino", "1", "Shapes formed"),
    ("zatre", "2", "rows"),
    ("triomino", "2", "Draws"),
])
def test_report_has_verdict_charts_and_boards(tmp_path, game, players, chart):
    folder = tmp_path / "report"
    result = CliRunner().invoke(main, ["check", game, "--games", "6", "--players", players, "--workers", "1",
                                       "--report", str(folder), "-q"])
    assert result.exit_code in (0, 1, 3), result.output
    html = (folder / "index.html").read_text(encoding="utf-8")
    verdict, style = {0: ("PLAYABLE", "ok"), 1: ("NOT PLAYABLE", "bad"), 3: ("UNDECIDED", "open")}[result.exit_code]
    assert f'class="verdict {style}">{verdict}<' in html
    assert f"Final scores, {players} player" in html
    assert chart.lower() in html.lower()
    assert html.count("<svg") >= 2
    for link in re.findall(r'src="([^"]+)"', html):
        board = folder / link
        assert board.is_file()
        ET.parse(board)  # a well-formed SVG drawn with the kit's artwork
    assert {"best-game.svg", "worst-game.svg"} <= {p.name for p in folder.iterdir()}
    # The simulation's distributions read as one table: a column per figure, a row per distribution.
    table = re.search(r'<table class="distributions">(.*?)</table>', html).group(1)
    header, *rows = re.findall(r"<tr>(.*?)</tr>", table)
    assert re.findall(r'<th class="number">(\w+)</th>', header) == ["count", "mean", "min", "q1", "median", "q3",
                                                                    "max"]
    names = [re.match(r"<th>(\w+)</th>", row).group(1) for row in rows]
    assert {"final_scores", "turns_per_game", "placements_per_game"} <= set(names)
    assert all(row.count('<td class="number">') == 7 for row in rows)
    # Counts by short keys (histograms, pieces per number) read along a line, each pair kept whole.
    assert len(re.findall(r'<span class="pair"><b>[^<]+</b> [\d.]+</span>', html)) >= 3


def test_bar_chart_has_one_bar_per_category():
    counts = binned([1, 2, 2, 3, 40, 41])
    svg = ET.fromstring(bar_chart("Scores", counts, "points"))
    bars = list(svg.iter("{http://www.w3.org/2000/svg}rect"))
    assert len(bars) == len(counts)
    assert sum(counts.values()) == 6


def test_the_skill_matrix_shows_each_match_from_both_sides_with_its_interval() -> None:
    from pnp.check.html import balance_html

    share = {"estimate": 0.625, "low": 0.386, "high": 0.815}
    html = balance_html({"confidence": 0.95, "findings": [], "skill": {"lookahead vs greedy": {
        "player": "lookahead", "opponent": "greedy", "win_share": share, "games": 16, "tie_share": 0.0}}})
    assert "62.5%<br><small>38.6% to 81.5%, 16 games</small>" in html
    assert '<td class="mirror">37.5%<br><small>18.5% to 61.4%, the same games</small>' in html
