"""Report charts: equal bins with the gaps shown, and axis titles clear of their tick labels."""

from __future__ import annotations

import re

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.check.charts import bar_chart, binned, binned_counts
from pnp.draw.text import PDF_FONT, register_fonts


def test_gaps_in_a_histogram_stay_as_empty_bins() -> None:
    assert binned_counts({0: 3, 1: 5, 4: 2}) == {"0": 3, "1": 5, "2": 0, "3": 0, "4": 2}


def test_wide_histograms_get_bins_of_equal_width_with_empty_ones() -> None:
    counts = binned_counts({0: 1, 3: 2, 95: 4})
    widths = {int(high) - int(low) for low, high in (label.split("-") for label in counts)}
    assert len(widths) == 1
    assert next(iter(counts.values())) == 3
    assert list(counts.values())[-1] == 4
    assert 0 in counts.values()
    assert sum(counts.values()) == 7


def test_binned_values_agree_with_binned_counts() -> None:
    assert binned([1.0, 1.5, 4.2]) == binned_counts({1: 2, 4: 1})


def test_count_axis_title_clears_five_digit_tick_labels() -> None:
    register_fonts()
    svg = bar_chart("Shapes formed", {"Dreieck": 48_213, "Figur": 1_204}, "shape", "times formed")
    title = re.search(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="middle" font-size="12"[^>]*rotate', svg)
    assert title is not None
    title_right = float(title.group(1)) + 12 / 2  # rotated: its height becomes its width
    for x, label in re.findall(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="end" font-size="11"[^>]*>(\d+)<', svg):
        left_edge = float(x) - stringWidth(label, PDF_FONT[False], 11)
        assert left_edge > title_right + 2, (label, left_edge, title_right)
