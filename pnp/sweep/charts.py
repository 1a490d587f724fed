"""Sweep charts as small standalone SVG documents: a figure against one varied field (a dot per variant),
or against two fields at once (a heat map). Hand-written like pnp/check/charts.py: no plotting library.

Heat-map cells are darker where a figure is better (seat advantage: lower; skill signal: higher), or for
larger values of a figure that is neither way better; each heat map says which under its title.

Marks: a variant that passes every threshold is a filled green dot (a heat-map cell with a tick), one
still undecided a hollow amber dot (a cell with a question mark), one that fails a hollow red dot (a cell
with a cross); the best variant is ringed (a cell with a thick frame).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from pnp.check.charts import FONT

WIDTH, HEIGHT = 560, 260
LEFT, RIGHT, TOP, BOTTOM = 60, 16, 30, 52
PASS, FAIL, BEST, AXIS = "#2e7d32", "#c62828", "#222", "#999"
OPEN = "#b26a00"  # undecided
LABEL_CHAR_WIDTH = 6.6  # px per character of an 11 px label, a little over the widest font's average
INK = {"pass": PASS, "undecided": OPEN, "fail": FAIL}
MARK = {"pass": "\u2713", "undecided": "?", "fail": "\u2717"}
LIGHT_MARK = {"pass": "#b9f6ca", "undecided": "#ffe0a3", "fail": "#ffcdd2"}  # on dark cells


@dataclass(frozen=True)
class Point:
    """One variant's value of a figure."""

    value: float
    state: str  # "pass", "undecided" or "fail" (pnp.sweep.results.state)
    best: bool


def _number(value: float) -> str:
    return f"{value:.4g}"


def _scale(values: list[float]) -> tuple[float, float]:
    """A value range with a little room, never empty."""
    low, high = min(values), max(values)
    if math.isclose(low, high):
        pad = abs(low) * 0.1 or 1.0
        return low - pad, high + pad
    pad = (high - low) * 0.08
    return low - pad, high + pad


def strip_chart(title: str, field: str, columns: list[str], points: dict[str, list[Point]]) -> str:
    """The figure of every variant (y) at its value of one field (x, in grid order)."""
    values = [p.value for column in columns for p in points.get(column, [])]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    low, high = _scale(values) if values else (0.0, 1.0)

    def y(value: float) -> float:
        return TOP + plot_h - (value - low) / (high - low) * plot_h

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" {FONT} font-size="11">',
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
             f'<text x="{WIDTH / 2}" y="18" text-anchor="middle" font-size="13" font-weight="bold">'
             f'{escape(title)}</text>',
             f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}" stroke="{AXIS}"/>',
             f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="{AXIS}"/>']
    for tick in range(5):
        value = low + (high - low) * tick / 4
        parts.append(f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{_number(value)}</text>')
        parts.append(f'<line x1="{LEFT}" y1="{y(value):.1f}" x2="{LEFT + plot_w}" y2="{y(value):.1f}" '
                     f'stroke="#eee"/>')
    slot = plot_w / max(len(columns), 1)
    for index, column in enumerate(columns):
        x = LEFT + slot * (index + 0.5)
        parts.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">{escape(column)}</text>')
        for point in points.get(column, []):
            cy = y(point.value)
            colour = INK[point.state]
            fill = colour if point.state == "pass" else "white"
            parts.append(f'<circle cx="{x:.1f}" cy="{cy:.1f}" r="4.5" fill="{fill}" stroke="{colour}" '
                         f'stroke-width="1.5"><title>{_number(point.value)}</title></circle>')
            if point.best:
                parts.append(f'<circle cx="{x:.1f}" cy="{cy:.1f}" r="8" fill="none" stroke="{BEST}" '
                             f'stroke-width="1.5"/>')
    parts.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 12}" text-anchor="middle">{escape(field)}</text>')
    parts.append("</svg>")
    return "".join(parts)


SHADE_NOTE = {"low": "darker: better (lower)", "high": "darker: better (higher)", "": "darker: larger"}


def heat_map(title: str, row_field: str, rows: list[str], column_field: str, columns: list[str],
             cells: dict[tuple[str, str], Point], better: str = "") -> str:
    """The figure for each pair of values of two fields: a cell per variant, darker where the figure is
    better (`better` "low" or "high"), or darker for larger values of a figure neither way better. The
    chart says which under its title."""
    cell_w = max(56.0, min(90.0, (WIDTH - LEFT - RIGHT) / max(len(columns), 1)))
    cell_h = max(22.0, min(40.0, 200 / max(len(rows), 1)))
    left = LEFT + 18  # room for the rows' field name, written upwards
    width = max(380.0, left + RIGHT + cell_w * len(columns))
    top = TOP + 34
    height = top + cell_h * len(rows) + 16
    values = [cell.value for cell in cells.values()]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    span = (high - low) or 1.0
    # The rows' field name runs upwards beside the rows; a long name on a short grid gets the room it
    # needs below them rather than running off the chart.
    name_length = LABEL_CHAR_WIDTH * len(row_field)
    middle_y = max(top + cell_h * len(rows) / 2, name_length / 2 + 4)
    height = max(height, middle_y + name_length / 2 + 4)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}" {FONT} font-size="11">',
             f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
             f'<text x="{width / 2:.1f}" y="18" text-anchor="middle" font-size="13" font-weight="bold">'
             f'{escape(title)}</text>',
             f'<text x="{width / 2:.1f}" y="32" text-anchor="middle" fill="#555">{SHADE_NOTE[better]}</text>',
             f'<text x="{left + cell_w * len(columns) / 2:.1f}" y="{top - 20}" text-anchor="middle" '
             f'fill="#555">{escape(column_field)}</text>',
             f'<text x="14" y="{middle_y:.1f}" text-anchor="middle" fill="#555" '
             f'transform="rotate(-90 14 {middle_y:.1f})">{escape(row_field)}</text>']
    for c, column in enumerate(columns):
        parts.append(f'<text x="{left + cell_w * (c + 0.5):.1f}" y="{top - 6}" text-anchor="middle">'
                     f'{escape(column)}</text>')
    for r, row in enumerate(rows):
        y = top + cell_h * r
        parts.append(f'<text x="{left - 6}" y="{y + cell_h / 2 + 4:.1f}" text-anchor="end">{escape(row)}</text>')
        for c, column in enumerate(columns):
            x = left + cell_w * c
            cell = cells.get((row, column))
            if cell is None:  # an invalid variant: no figure
                parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell_w:.1f}" height="{cell_h:.1f}" '
                             f'fill="#f4f4f4" stroke="white"/><text x="{x + cell_w / 2:.1f}" '
                             f'y="{y + cell_h / 2 + 4:.1f}" text-anchor="middle" fill="#888">invalid</text>')
                continue
            shade = (cell.value - low) / span
            if better == "low":
                shade = 1 - shade
            light = round(96 - 56 * shade)  # lightness: the better (or larger) values darker
            mark = MARK[cell.state]
            dark = light < 62
            mark_ink = LIGHT_MARK[cell.state] if dark else INK[cell.state]
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell_w:.1f}" height="{cell_h:.1f}" '
                         f'fill="hsl(212, 55%, {light}%)" stroke="white"><title>{_number(cell.value)}</title></rect>')
            parts.append(f'<text x="{x + cell_w / 2:.1f}" y="{y + cell_h / 2 + 4:.1f}" text-anchor="middle" '
                         f'fill="{"white" if dark else "#222"}">{_number(cell.value)} '
                         f'<tspan fill="{mark_ink}" font-weight="bold">{mark}</tspan></text>')
            if cell.best:
                parts.append(f'<rect x="{x + 1.5:.1f}" y="{y + 1.5:.1f}" width="{cell_w - 3:.1f}" '
                             f'height="{cell_h - 3:.1f}" fill="none" stroke="{BEST}" stroke-width="3"/>')
    parts.append("</svg>")
    return "".join(parts)
