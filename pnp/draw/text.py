"""Line wrapping and a small flow layout, measured with the one font (pnp.draw.font).

The font's names are importable from here too, where most pages have always taken them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.draw.font import (
    FONT_FAMILY,
    MIN_TEXT,
    PDF_FONT,
    PT_MM,
    font_dir,
    font_path,
    glyph_offsets,
    ink_indent,
    missing_glyphs,
    pt,
    register_fonts,
    text_width,
    vertical_extent,
)
from pnp.draw.primitives import Text
from pnp.errors import LayoutError

__all__ = [
    "FONT_FAMILY",
    "MIN_TEXT",
    "PDF_FONT",
    "PT_MM",
    "Bullets",
    "Figure",
    "FlowItem",
    "FlowStyle",
    "Heading",
    "Paragraph",
    "TextBlock",
    "font_dir",
    "font_path",
    "glyph_offsets",
    "ink_indent",
    "layout_flow",
    "missing_glyphs",
    "pt",
    "register_fonts",
    "text_width",
    "vertical_extent",
    "wrap",
]


def wrap(text: str, width_mm: float, size_mm: float, bold: bool = False) -> list[str]:
    """Greedy word wrap; a newline forces a break; a word wider than the line is split."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, size_mm, bold) <= width_mm:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            # A long word (a URL, a compound noun) is broken where it must; better than overflowing.
            while text_width(word, size_mm, bold) > width_mm:
                cut = _longest_fitting_prefix(word, width_mm, size_mm, bold)
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _longest_fitting_prefix(word: str, width_mm: float, size_mm: float, bold: bool) -> int:
    cut = 1
    while cut < len(word) and text_width(word[: cut + 1], size_mm, bold) <= width_mm:
        cut += 1
    return cut


# ---- flow layout for rules sheets -------------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 1  # 1 or 2


@dataclass(frozen=True)
class Paragraph:
    text: str
    bold: bool = False


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Figure:
    """Reserved space of a given height; the caller draws the figure into `TextBlock.figures`."""

    height: float
    name: str = ""


FlowItem = Heading | Paragraph | Bullets | Figure


@dataclass(frozen=True)
class FlowStyle:
    body: float = pt(10)
    h1: float = pt(16)
    h2: float = pt(12)
    leading: float = 1.3  # line height / font size
    gap: float = 2.0  # mm after a paragraph, list or figure
    bullet_indent: float = 4.5
    bullet: str = "•"


@dataclass
class TextBlock:
    """Result of layout_flow: primitives to add to a page and the rectangles kept for figures."""

    primitives: list = field(default_factory=list)
    figures: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)  # x, y, w, h
    bottom: float = 0.0  # y below the last item, in mm


def layout_flow(
    items: list[FlowItem],
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    component: str = "text",
    style: FlowStyle | None = None,
) -> TextBlock:
    """Lay out headings, paragraphs, bullet lists and figure spaces top-down in a column.

    A line whose first letter's ink reaches left of its start (J, T, Y) moves right by that much, so
    the printed letters, not their advance boxes, line up on the column's left edge.
    Raises LayoutError naming `component` and by how many mm the content is too tall.
    """
    s = style or FlowStyle()
    block = TextBlock()
    cursor = y
    gap = 0.0  # space after the last item; it may hang below the column
    for number, item in enumerate(items):
        if isinstance(item, Heading):
            size = s.h1 if item.level <= 1 else s.h2
            if number:
                cursor += size * 0.4  # headings sit closer to what follows than to what precedes
            for line in wrap(item.text, width, size, bold=True):
                cursor += size * s.leading
                block.primitives.append(Text(x + ink_indent(line, size, bold=True), cursor - size * (s.leading - 1),
                                             line, size, weight="bold"))
            gap = s.gap * 0.5
            cursor += gap
        elif isinstance(item, Paragraph):
            for line in wrap(item.text, width, s.body, item.bold):
                cursor += s.body * s.leading
                block.primitives.append(
                    Text(
                        x + ink_indent(line, s.body, item.bold),
                        cursor - s.body * (s.leading - 1),
                        line,
                        s.body,
                        weight="bold" if item.bold else "regular",
                    )
                )
            gap = s.gap
            cursor += gap
        elif isinstance(item, Bullets):
            for entry in item.items:
                lines = wrap(entry, width - s.bullet_indent, s.body)
                for index, line in enumerate(lines):
                    cursor += s.body * s.leading
                    baseline = cursor - s.body * (s.leading - 1)
                    if index == 0:
                        block.primitives.append(Text(x + 1.0, baseline, s.bullet, s.body))
                    block.primitives.append(Text(x + s.bullet_indent, baseline, line, s.body))
            gap = s.gap
            cursor += gap
        elif isinstance(item, Figure):
            block.figures[item.name or f"figure-{number}"] = (x, cursor, width, item.height)
            gap = s.gap
            cursor += item.height + gap
        else:  # pragma: no cover - guarded by the type
            raise TypeError(f"not a flow item: {item!r}")
    block.bottom = cursor
    overflow = cursor - gap - (y + height)
    if overflow > 1e-6:
        raise LayoutError(f"{component}: text overflows the page by {overflow:.1f} mm")
    return block
