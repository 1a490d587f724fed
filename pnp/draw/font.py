"""The one font of every output and its metrics.

All three renderers use Bitstream Vera Sans, regular and bold, from the TTFs that reportlab
ships: the PDF embeds them, and the PNG renderer points fontconfig at the same files (see
fontconfig.py), so widths measured here are the widths printed everywhere.

Font sizes are in millimetres (`size_mm` is the em size: 10 pt = 3.528 mm). Pages are laid out
in mm, so mm sizes avoid a pt/mm conversion in every layout formula. This module imports nothing
of pnp's drawing: the primitives measure their text here, and the flow layout (pnp.draw.text)
builds primitives.
"""

from __future__ import annotations

import functools
from pathlib import Path

FONT_FAMILY = "Bitstream Vera Sans"
PT_MM = 25.4 / 72.0

_FILES = {False: "Vera.ttf", True: "VeraBd.ttf"}
# Names the PDF renderer registers the TTFs under.
PDF_FONT = {False: "PnpVera", True: "PnpVera-Bold"}


def pt(points: float) -> float:
    """Font size in points -> mm."""
    return points * PT_MM


def font_dir() -> Path:
    import reportlab

    return Path(reportlab.__file__).resolve().parent / "fonts"


def font_path(bold: bool = False) -> Path:
    return font_dir() / _FILES[bold]


@functools.cache
def _font(bold: bool):  # -> reportlab TTFont, registered with pdfmetrics
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font = TTFont(PDF_FONT[bold], str(font_path(bold)))
    pdfmetrics.registerFont(font)
    return font


def register_fonts() -> None:
    _font(False)
    _font(True)


@functools.lru_cache(maxsize=8192)  # pages measure the same labels over and over
def text_width(text: str, size_mm: float, bold: bool = False) -> float:
    """Advance width of `text` in mm: the same number reportlab uses to place it in the PDF."""
    return _font(bold).stringWidth(text, size_mm)


def glyph_offsets(text: str, size_mm: float, bold: bool = False) -> list[float]:
    """x of each character from the start of the line, in mm (reportlab does not kern either)."""
    font = _font(bold)
    offsets, x = [], 0.0
    for ch in text:
        offsets.append(x)
        x += font.stringWidth(ch, size_mm)
    return offsets


def vertical_extent(size_mm: float, bold: bool = False) -> tuple[float, float]:
    """(above, below) the baseline in mm: the font's bounding box, so every glyph (Ä, g) fits."""
    bbox = _font(bold).face.bbox  # units of 1/1000 em
    return bbox[3] / 1000.0 * size_mm, -bbox[1] / 1000.0 * size_mm


def missing_glyphs(text: str, bold: bool = False) -> list[str]:
    """Characters the font cannot draw: they would be boxes in the PDF and another font in SVG."""
    cmap = _font(bold).face.charToGlyph
    return sorted({ch for ch in text if ord(ch) not in cmap and not ch.isspace()})
