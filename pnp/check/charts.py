"""Bar charts as small standalone SVG documents, for check reports.

Hand-written SVG keeps reports free of plotting dependencies and byte-stable between runs.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from html import escape

WIDTH, HEIGHT = 560, 260
LEFT, RIGHT, TOP, BOTTOM = 52, 16, 30, 48
BAR = "#4a78b5"
FONT = "font-family=\"Bitstream Vera Sans, DejaVu Sans, sans-serif\""


def binned(values: Iterable[float], max_bins: int = 16) -> dict[str, int]:
    """Counts of values in equal bins with round edges, labelled 'low-high'."""
    return binned_counts(Counter(math.floor(v) for v in values), max_bins)


def binned_counts(counts: Mapping[int, int], max_bins: int = 16) -> dict[str, int]:
    """A histogram (integer value -> how many) in bins of equal width, empty bins included, so a
    gap in the data shows as a gap in the chart rather than collapsing."""
    present = [value for value, count in counts.items() if count]
    if not present:
        return {}
    low, high = min(present), max(present)
    if high - low + 1 <= max_bins:
        return {str(v): counts.get(v, 0) for v in range(low, high + 1)}
    width = _nice_step((high - low + 1) / max_bins)
    start = low // width * width
    binned_: dict[str, int] = {f"{edge}-{edge + width - 1}": 0 for edge in range(start, high + 1, width)}
    for value in present:
        edge = start + (value - start) // width * width
        binned_[f"{edge}-{edge + width - 1}"] += counts[value]
    return binned_


def _nice_step(raw: float) -> int:
    magnitude = 10 ** max(0, math.floor(math.log10(max(raw, 1))))
    for factor in (1, 2, 5, 10):
        if factor * magnitude >= raw:
            return int(factor * magnitude)
    return int(10 * magnitude)


def bar_chart(title: str, counts: dict[str, int], x_label: str, y_label: str = "games") -> str:
    """An SVG bar chart: one bar per category in the given order, with a labelled count axis."""
    labels = list(counts)
    peak = max(counts.values(), default=0) or 1
    step = _nice_step(peak / 5)
    top_value = math.ceil(peak / step) * step
    # The count axis grows with its widest tick label (about 6.5 px a digit at 11 px), so the
    # rotated axis title left of it never runs into five-digit counts.
    left = max(LEFT, 30 + math.ceil(len(str(top_value)) * 6.5) + 8)
    plot_w, plot_h = WIDTH - left - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / max(len(labels), 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}">',
        f'<text x="{WIDTH / 2:.1f}" y="18" text-anchor="middle" font-size="14" font-weight="bold" '
        f'{FONT}>{escape(title)}</text>',
    ]
    for tick in range(0, top_value + 1, step):
        y = TOP + plot_h - tick / top_value * plot_h
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11" {FONT}>'
                     f"{tick}</text>")
    label_every = max(1, math.ceil(len(labels) / 12))
    for index, label in enumerate(labels):
        value = counts[label]
        h = value / top_value * plot_h
        x = left + index * slot
        parts.append(
            f'<rect x="{x + slot * 0.1:.1f}" y="{TOP + plot_h - h:.1f}" width="{slot * 0.8:.1f}" '
            f'height="{h:.1f}" fill="{BAR}"><title>{escape(label)}: {value}</title></rect>'
        )
        if index % label_every == 0:
            parts.append(f'<text x="{x + slot / 2:.1f}" y="{TOP + plot_h + 15}" text-anchor="middle" '
                         f'font-size="10" {FONT}>{escape(label)}</text>')
    parts += [
        f'<line x1="{left}" y1="{TOP + plot_h}" x2="{WIDTH - RIGHT}" y2="{TOP + plot_h}" stroke="#333"/>',
        f'<text x="{left + plot_w / 2:.1f}" y="{HEIGHT - 8}" text-anchor="middle" font-size="12" {FONT}>'
        f"{escape(x_label)}</text>",
        f'<text x="14" y="{TOP + plot_h / 2:.1f}" text-anchor="middle" font-size="12" {FONT} '
        f'transform="rotate(-90 14 {TOP + plot_h / 2:.1f})">{escape(y_label)}</text>',
        "</svg>",
    ]
    return "\n".join(parts)


def interval_chart(title: str, rows: list[tuple[str, float, float, float]], reference: float | None = None,
                   x_label: str = "win share") -> str:
    """An SVG chart of shares (0 to 1): one horizontal bar per row with its interval as a whisker,
    and a dashed line at `reference` (the fair share) when given."""
    row_h, top, left, right = 30, 30, 120, 24
    height = top + row_h * len(rows) + 40
    plot_w = WIDTH - left - right

    def x(value: float) -> float:
        return left + max(0.0, min(1.0, value)) * plot_w

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}">',
        f'<text x="{WIDTH / 2:.1f}" y="18" text-anchor="middle" font-size="14" font-weight="bold" '
        f'{FONT}>{escape(title)}</text>',
    ]
    bottom = top + row_h * len(rows)
    for tick in range(0, 101, 20):
        tx = x(tick / 100)
        parts.append(f'<line x1="{tx:.1f}" y1="{top}" x2="{tx:.1f}" y2="{bottom}" stroke="#ddd"/>')
        parts.append(f'<text x="{tx:.1f}" y="{bottom + 14}" text-anchor="middle" font-size="11" {FONT}>'
                     f"{tick}%</text>")
    for index, (label, estimate, low, high) in enumerate(rows):
        y = top + index * row_h
        middle = y + row_h / 2
        parts.append(
            f'<rect x="{left}" y="{y + 6}" width="{x(estimate) - left:.1f}" height="{row_h - 12}" fill="{BAR}">'
            f"<title>{escape(label)}: {estimate:.1%} ({low:.1%}-{high:.1%})</title></rect>")
        parts.append(f'<line x1="{x(low):.1f}" y1="{middle:.1f}" x2="{x(high):.1f}" y2="{middle:.1f}" '
                     f'stroke="#222" stroke-width="1.5"/>')
        for end in (low, high):
            parts.append(f'<line x1="{x(end):.1f}" y1="{middle - 6:.1f}" x2="{x(end):.1f}" y2="{middle + 6:.1f}" '
                         f'stroke="#222" stroke-width="1.5"/>')
        parts.append(f'<text x="{left - 8}" y="{middle + 4:.1f}" text-anchor="end" font-size="12" {FONT}>'
                     f"{escape(label)}</text>")
    if reference is not None:
        rx = x(reference)
        parts.append(f'<line x1="{rx:.1f}" y1="{top - 4}" x2="{rx:.1f}" y2="{bottom + 2}" stroke="#c0392b" '
                     f'stroke-dasharray="5 3" stroke-width="1.5"><title>fair share {reference:.1%}</title></line>')
    parts += [
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 8}" text-anchor="middle" font-size="12" {FONT}>'
        f"{escape(x_label)}</text>",
        "</svg>",
    ]
    return "\n".join(parts)
