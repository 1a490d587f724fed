"""`pnp sweep --report DIR`: one HTML page with the best variant, every figure charted against every
varied field (a heat map for a grid of two fields), and the table of all variants."""

from __future__ import annotations

from html import escape
from pathlib import Path

from pnp.check.html import STYLE
from pnp.sweep import results
from pnp.sweep.charts import Point, heat_map, strip_chart
from pnp.sweep.run import Sweep, Variant

REPORT_MARK = b": sweep of "  # in the title of every sweep report's index.html
EXTRA_STYLE = """
tr.pass td:first-child { border-left: 4px solid #2e7d32; } tr.fail td:first-child { border-left: 4px solid #c62828; }
tr.undecided td:first-child { border-left: 4px dashed #b26a00; }
tr.best { font-weight: bold; background: #f1f8f1; } td:last-child { min-width: 24em; }
"""


def _values(sweep: Sweep, field: str) -> list[str]:
    """The field's values in grid order, as the charts label them."""
    seen: dict[str, None] = {}
    for variant in sweep.variants:
        seen.setdefault(results.cell(variant.values[field]), None)
    return list(seen)


def _labels(sweep: Sweep) -> list[str]:
    seen: dict[str, None] = {}
    for variant in sweep.variants:
        for label in results.variant_figures(variant):
            seen.setdefault(label, None)
    return list(seen)


def _point(variant: Variant, label: str, key: str, best: Variant | None) -> Point | None:
    value = results.variant_figures(variant).get(label, {}).get(key)
    return None if value is None else Point(value, results.state(variant), variant is best)


def charts(sweep: Sweep) -> list[str]:
    best = results.best(sweep)
    drawn = []
    for label in _labels(sweep):
        for figure in results.shown_figures(sweep):
            title = f"{figure.title}, {label}"
            if len(sweep.fields) == 2:
                rows_field, columns_field = sweep.fields
                cells = {(results.cell(v.values[rows_field]), results.cell(v.values[columns_field])): point
                         for v in sweep.variants if (point := _point(v, label, figure.key, best)) is not None}
                if cells:
                    drawn.append(heat_map(title, rows_field, _values(sweep, rows_field), columns_field,
                                          _values(sweep, columns_field), cells, figure.better))
                continue
            for field in sweep.fields:
                points: dict[str, list[Point]] = {}
                for variant in sweep.variants:
                    if (point := _point(variant, label, figure.key, best)) is not None:
                        points.setdefault(results.cell(variant.values[field]), []).append(point)
                if points:
                    drawn.append(strip_chart(title, field, _values(sweep, field), points))
    return drawn


def _games_text(sweep: Sweep) -> str:
    if sweep.race is not None:
        return results.race_text(sweep.race)
    return f"{sweep.options.games} games per configuration"


def _values_text(sweep: Sweep, variant: Variant) -> str:
    return ", ".join(f"{field} = {results.cell(variant.values[field])}" for field in sweep.fields)


def _at_limit_html(sweep: Sweep) -> str:
    """The variants with a test decided by the tolerance, and those tests in words ('' when none)."""
    limited = results.at_limit(sweep)
    if not limited:
        return ""
    items = "".join(f'<li id="at-limit-{variant.number}">Variant {variant.number} '
                    f'({escape(_values_text(sweep, variant))})<ul>'
                    + "".join(f"<li>{escape(test)}</li>" for test in tests) + "</ul></li>"
                    for variant, tests in limited)
    return (f"<h2>At the limit</h2><p>Tests decided by the tolerance ({sweep.options.tolerance:g}, "
            "--tolerance): each figure lies within it of its limit, so its verdict could have gone either way "
            f"there.</p><ul>{items}</ul>")


def render_report(sweep: Sweep, folder: Path) -> list[tuple[Path, bytes]]:
    best = results.best(sweep)
    header, body = results.rows(sweep)
    numbers = {variant.number: variant for variant in sweep.variants}
    table_rows = []
    for row in body:
        variant = numbers[int(row[0])]
        kind = "best" if variant is best else ""
        kind += " " + results.state(variant)
        cells = "".join(f"<td>{escape(cell)}</td>" for cell in row)
        table_rows.append(f'<tr class="{kind.strip()}">{cells}</tr>')
    head = "".join(f"<th>{escape(cell)}</th>" for cell in header)
    if best is not None:
        values = _values_text(sweep, best)
        verdict = f'<p class="verdict ok">Best: variant {best.number} ({escape(values)})</p>'
    elif results.exit_code(sweep) == 3:
        verdict = ('<p class="verdict open">No variant passes every threshold yet: more games would decide '
                   'the undecided ones</p>')
    else:
        verdict = '<p class="verdict bad">No variant passes every threshold</p>'
    drawn = "".join(f'<div class="chart">{svg}</div>' for svg in charts(sweep))
    title = f"{sweep.game}: sweep of {len(sweep.variants)} variants"
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>{STYLE}{EXTRA_STYLE}</style></head><body>
<h1>{escape(title)}</h1>
{verdict}
<p>{escape(results.summary(sweep))}; {escape(_games_text(sweep))}, seed
{sweep.options.seed}, {sweep.options.confidence:.0%} confidence. The best variant: {escape(results.BEST_RULE)}.</p>
<p class="note">Green filled dots and ticks: the variant passes every threshold; hollow amber dots and question
marks: undecided (no threshold failed, some still too close to call: more games would decide); hollow red dots
and crosses: it fails one; ringed dot or framed cell: the best variant. Heat-map cells are darker where the
figure is better (each map says which way that is), or for larger values of a figure neither way better.</p>
{_at_limit_html(sweep)}
<h2>Charts</h2><div class="charts">{drawn}</div>
<h2>Variants</h2><div style="overflow-x: auto"><table><tr>{head}</tr>{"".join(table_rows)}</table></div>
</body></html>
"""
    return [(folder / "index.html", page.encode("utf-8"))]
