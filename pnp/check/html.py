"""`pnp check --report DIR`: one HTML page with the verdict, the figures and SVG charts, plus the
final boards of the best and the worst simulated game drawn with the kit's own artwork."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from pnp.check.charts import bar_chart, binned_counts, interval_chart
from pnp.check.compensation import compensation_html
from pnp.check.measures import CHARTS, PREFIX
from pnp.check.protocol import Configuration
from pnp.check.ratings import ratings_html
from pnp.check.report import SUMMARY_COLUMNS, CheckReport, is_summary, level_text, summary_cells
from pnp.games.base import Figure, Game

# The seat advantage's note when the check played its two-seat deals in pairs (`--pairs`).
PAIRED_NOTE = ", read from pairs of deals, each played as dealt and with the seats' hands and draws exchanged"

STYLE = """
body { font-family: 'Bitstream Vera Sans', 'DejaVu Sans', sans-serif; margin: 2em auto; max-width: 1200px;
       color: #222; padding: 0 1em; }
.verdict { padding: .6em 1em; border-radius: 6px; font-size: 1.3em; font-weight: bold; }
.ok { background: #dff3e0; color: #1f5f24; } .bad { background: #fbe0dc; color: #8a1c10; }
.open { background: #fdf3d0; color: #6b4e00; } .source { color: #555; margin-top: -.6em; }
table { border-collapse: collapse; margin: .5em 0 1.5em; } td, th { border-bottom: 1px solid #ddd;
       padding: .25em .8em; text-align: left; vertical-align: top; } th { background: #f4f4f4; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; } .chart { flex: 0 0 auto; }
.note { color: #555; font-size: .9em; max-width: 560px; }
.boards { display: flex; flex-wrap: wrap; gap: 2em; }
.boards img { max-width: 560px; border: 1px solid #ccc; }
td.mirror { color: #666; }
.pair { display: inline-block; margin: 0 1.1em .15em 0; white-space: nowrap; }
.number { text-align: right; font-variant-numeric: tabular-nums; }
table.distributions { margin: .2em 0 .4em; }
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
    figures = score_figures(report) + measure_charts(report)
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
    verdict_class = {"playable": "ok", "not playable": "bad"}.get(report.verdict, "open")
    reasons = "".join(f"<li>{escape(r)}</li>" for r in report.reasons)
    undecided = "".join(f"<li>{escape(u)}</li>" for u in report.undecided)
    warnings = "".join(f"<li>{escape(w)}</li>" for w in report.warnings)
    title = report.title or game.title
    source = f'<p class="source">{escape(game.title)} set checked from {escape(report.spec_file)}</p>' \
        if report.spec_file else ""
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}: check report</title>
<style>{STYLE}</style></head><body>
<h1>{escape(title)}: check report</h1>
{source}
<p class="verdict {verdict_class}">{escape(report.verdict.upper())}</p>
{f"<h2>Reasons</h2><ul>{reasons}</ul>" if reasons else ""}
{f"<h2>Undecided</h2><ul>{undecided}</ul>" if undecided else ""}
{f"<h2>Warnings</h2><ul>{warnings}</ul>" if warnings else ""}
{balance_html(report.balance)}
<h2>Charts</h2><div class="charts">{charts}</div>
{f'<h2>Final boards</h2><div class="boards">{"".join(boards_html)}</div>' if boards_html else ""}
<h2>Static checks</h2>{_table(report.static)}
<h2>Simulation</h2>{_table(report.simulation)}
</body></html>
"""
    return [(folder / "index.html", page.encode("utf-8")), *boards]


def _table(data: dict[str, Any]) -> str:
    """Figures as rows; the distributions of a level as one table where the first of them stands."""
    if not data:
        return "<p>none</p>"
    distributions = {key: value for key, value in data.items() if is_summary(value)}
    rows = []
    for key, value in data.items():
        if key not in distributions:
            rows.append(f"<tr><th>{escape(str(key))}</th><td>{_cell(value)}</td></tr>")
        elif key == next(iter(distributions)):
            rows.append(f'<tr><td colspan="2">{_distribution_table(distributions)}</td></tr>')
    return f"<table>{''.join(rows)}</table>"


def _distribution_table(distributions: dict[str, dict[str, float]]) -> str:
    head = "".join(f'<th class="number">{column}</th>' for column in SUMMARY_COLUMNS)
    body = "".join(f"<tr><th>{escape(name)}</th>"
                   + "".join(f'<td class="number">{text}</td>' for text in summary_cells(row)) + "</tr>"
                   for name, row in distributions.items())
    return f'<table class="distributions"><tr><th></th>{head}</tr>{body}</table>'


def _cell(value: Any) -> str:
    if isinstance(value, dict) and _is_tally(value):
        return "".join(f'<span class="pair"><b>{escape(str(k))}</b> {escape(str(v))}</span>' for k, v in value.items())
    if isinstance(value, dict):
        return _table(value)
    if isinstance(value, list):
        return escape(", ".join(str(v) for v in value))
    return escape(str(value))


def _is_tally(value: dict[str, Any]) -> bool:
    """Counts by short keys (a histogram, tiles per number): read along a line, not down a column."""
    return bool(value) and all(len(str(k)) <= 12 and isinstance(v, int | float) and not isinstance(v, bool)
                               for k, v in value.items())


def balance_html(balance: dict[str, Any]) -> str:
    """The balance section: findings, seat win shares with interval bars, the skill matrix, length."""
    if not balance:
        return ""
    confidence = level_text(balance["confidence"])
    findings = "".join(f"<li>{escape(f)}</li>" for f in balance["findings"]) or "<li>none</li>"
    undecided = "".join(f"<li>{escape(u)}</li>" for u in balance.get("undecided", []))
    charts = []
    length_rows = []
    for label, entry in balance.get("configurations", {}).items():
        shares = entry.get("seat_win_shares")
        if shares:
            rows = [(f"seat {seat + 1}", s["estimate"], s["low"], s["high"]) for seat, s in enumerate(shares)]
            advantage = entry["seat_advantage"]
            charts.append(
                f'<div class="chart">{interval_chart(f"Seat win shares, {label}", rows, 1 / len(shares))}'
                f'<p class="note">Ties split. Bars: {confidence} intervals; dashed: the fair share. Seat advantage '
                f'{advantage["estimate"]:.1%} ({advantage["low"]:.1%} to {advantage["high"]:.1%}), limit '
                f'{advantage["limit"]:.0%}: {escape(advantage["outcome"])}'
                f'{PAIRED_NOTE if advantage.get("pairs") else ""}'
                f'. Mean score per seat: '
                f'{escape(", ".join(str(s) for s in entry["seat_mean_scores"]))}.</p></div>')
        turns = entry["turns_per_game"]
        rounds = entry.get("rounds_per_game")
        length_rows.append(
            f"<tr><td>{escape(label)}</td><td>{entry['games']}</td>{_quartile_cells(turns)}"
            f"{_quartile_cells(rounds) if rounds else '<td colspan=4>one round</td>'}</tr>")
    skill = balance.get("skill", {})
    skill_table = ""
    if skill:
        players = sorted({m["player"] for m in skill.values()} | {m["opponent"] for m in skill.values()},
                         key=lambda name: sum(m["player"] == name for m in skill.values()))
        cells = {(m["player"], m["opponent"]): m for m in skill.values()}
        head = "".join(f"<th>against {escape(p)}</th>" for p in players)
        body = ""
        for player in reversed(players):
            row = ""
            for opponent in players:
                match = cells.get((player, opponent))
                if match:
                    w = match["win_share"]
                    row += (f"<td>{w['estimate']:.1%}<br><small>{w['low']:.1%} to {w['high']:.1%}, "
                            f"{match['games']} games</small></td>")
                else:
                    reverse = cells.get((opponent, player))  # the same games from the other side
                    if reverse:
                        w = reverse["win_share"]
                        row += (f"<td class=\"mirror\">{1 - w['estimate']:.1%}<br><small>{1 - w['high']:.1%} to "
                                f"{1 - w['low']:.1%}, the same games</small></td>")
                    else:
                        row += "<td>-</td>"
            body += f"<tr><th>{escape(player)}</th>{row}</tr>"
        skill_table = (f"<h3>Skill matrix</h3><p class=\"note\">Win share of the row's player in head-to-head "
                       f"games, each deal played twice with the seats swapped (ties split), {confidence} "
                       f"intervals. A strongest player that barely beats the random one marks a game of "
                       f"luck.</p><table><tr><th></th>{head}</tr>{body}</table>")
    length = ("<h3>Length</h3><table><tr><th>configuration</th><th>games</th><th colspan=4>turns per game: "
              "mean, q1, median, q3</th><th colspan=4>rounds per game</th></tr>" + "".join(length_rows)
              + "</table>")
    return (f"<h2>Balance</h2><p class=\"note\">Reported apart from the verdict; <code>--strict</code> makes "
            f"findings fail the check.</p><h3>Findings</h3><ul>{findings}</ul>"
            f"{f'<h3>Undecided</h3><ul>{undecided}</ul>' if undecided else ''}"
            f'<h3>Seat fairness</h3><div class="charts">{"".join(charts) or "<p>one-player games only</p>"}</div>'
            f"{compensation_html(balance)}{skill_table}{ratings_html(balance.get('ratings'))}{length}")


def _quartile_cells(figure: dict[str, float]) -> str:
    return "".join(f"<td>{figure[key]}</td>" for key in ("mean", "q1", "median", "q3"))


def measure_charts(report: CheckReport) -> list[Figure]:
    """A bar chart per measure and configuration for the HTML report."""
    charts = []
    for measure, title, x_label, note in CHARTS:
        for label, tally in report.tallies.items():
            values = tally.histogram(PREFIX + measure)
            if values.count:
                charts.append(Figure(f"{title}, {label}", binned_counts(values.counts), x_label, "games", note))
    return charts
