"""`pnp check --report DIR`: one HTML page with the verdict, the figures and SVG charts, plus the
final boards of the best and the worst simulated game drawn with the kit's own artwork."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from pnp.check.charts import bar_chart, binned_counts
from pnp.check.protocol import Configuration
from pnp.check.report import CheckReport
from pnp.games.base import Figure, Game

STYLE = """
body { font-family: 'Bitstream Vera Sans', 'DejaVu Sans', sans-serif; margin: 2em auto; max-width: 1200px;
       color: #222; padding: 0 1em; }
.verdict { padding: .6em 1em; border-radius: 6px; font-size: 1.3em; font-weight: bold; }
.ok { background: #dff3e0; color: #1f5f24; } .bad { background: #fbe0dc; color: #8a1c10; }
table { border-collapse: collapse; margin: .5em 0 1.5em; } td, th { border-bottom: 1px solid #ddd;
       padding: .25em .8em; text-align: left; vertical-align: top; } th { background: #f4f4f4; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; } .chart { flex: 0 0 auto; }
.note { color: #555; font-size: .9em; max-width: 560px; }
.boards { display: flex; flex-wrap: wrap; gap: 2em; }
.boards img { max-width: 560px; border: 1px solid #ccc; }
"""


def configuration(record: dict[str, Any]) -> str:
    """How a record was played: '2 players', or '2 players, classic' with a preset."""
    return Configuration(record["players"], tuple(record.get("seats", ())), record.get("preset")).label


def score_figures(report: CheckReport) -> list[Figure]:
    """One score histogram per configuration: one-player and two-player scores do not mix."""
    return [Figure(f"Final scores, {label}", binned_counts(tally.histogram("final_scores").counts), "points",
                   "player-games", "Every player's final score in every simulated game of this configuration.")
            for label, tally in report.tallies.items()]


def render_report(game: Game, model: Any, report: CheckReport, folder: Path) -> list[tuple[Path, bytes]]:
    """The report's files in memory (index.html first), so a board that fails to draw writes nothing."""
    figures = score_figures(report)
    if game.figures is not None:
        figures += game.figures(model, report)
    boards: list[tuple[Path, bytes]] = []
    boards_html = []
    if game.final_board is not None:
        from pnp.draw.svg import render_svg

        for kind, record in report.games_drawn:
            name = f"{kind}-game.svg"
            board = game.final_board(model, record)
            board.check_safe_area(board.label)
            boards.append((folder / name, render_svg(board)))
            scores = ", ".join(str(s) for s in record["final_scores"])
            boards_html.append(
                f'<figure><img src="{name}" alt="final board of the {kind} game">'
                f"<figcaption>{kind.title()} game: game {record.get('game')} (seed {record.get('seed')}, "
                f"{escape(configuration(record))}), final scores {escape(scores)}</figcaption></figure>"
            )
    charts = "".join(
        f'<div class="chart">{bar_chart(f.title, f.counts, f.x_label, f.y_label)}'
        f'<p class="note">{escape(f.note)}</p></div>'
        for f in figures if f.counts
    )
    verdict_class = "ok" if report.playable else "bad"
    reasons = "".join(f"<li>{escape(r)}</li>" for r in report.reasons)
    warnings = "".join(f"<li>{escape(w)}</li>" for w in report.warnings)
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(game.title)}: check report</title>
<style>{STYLE}</style></head><body>
<h1>{escape(game.title)}: check report</h1>
<p class="verdict {verdict_class}">{escape(report.verdict.upper())}</p>
{f"<h2>Reasons</h2><ul>{reasons}</ul>" if reasons else ""}
{f"<h2>Warnings</h2><ul>{warnings}</ul>" if warnings else ""}
<h2>Charts</h2><div class="charts">{charts}</div>
{f'<h2>Final boards</h2><div class="boards">{"".join(boards_html)}</div>' if boards_html else ""}
<h2>Static checks</h2>{_table(report.static)}
<h2>Simulation</h2>{_table(report.simulation)}
</body></html>
"""
    return [(folder / "index.html", page.encode("utf-8")), *boards]


def _table(data: dict[str, Any]) -> str:
    if not data:
        return "<p>none</p>"
    rows = "".join(f"<tr><th>{escape(str(k))}</th><td>{_cell(v)}</td></tr>" for k, v in data.items())
    return f"<table>{rows}</table>"


def _cell(value: Any) -> str:
    if isinstance(value, dict):
        return _table(value)
    if isinstance(value, list):
        return escape(", ".join(str(v) for v in value))
    return escape(str(value))
