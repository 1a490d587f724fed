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


# The smallest text any printed part may use (mm): below it a home printer's letters blur
MIN_TEXT = pt(6.5)


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


@functools.cache
def _glyph_shapes(bold: bool) -> tuple[dict[int, tuple[tuple[float, float], ...]], dict[int, tuple[int, int, int, int]],
                                       float]:
    """Per character code: the glyph's outline points and its (xMin, yMin, xMax, yMax) in font units.

    Read from the TTF's glyf table (fontTools): the ink of a glyph, which may reach past its advance
    box (the hook of J, the bar of T). TrueType curves lie within the hull of their points.
    """
    from fontTools.ttLib import TTFont

    font = TTFont(str(font_path(bold)))
    glyf = font["glyf"]
    points, bounds = {}, {}
    for code, name in font.getBestCmap().items():
        glyph = glyf[name]
        if glyph.numberOfContours == 0:  # a space: no ink
            continue
        points[code] = tuple((float(x), float(y)) for x, y in glyph.getCoordinates(glyf)[0])
        bounds[code] = (glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax)
    return points, bounds, float(font["head"].unitsPerEm)


def glyph_outline_points(text: str, size_mm: float, bold: bool = False) -> list[tuple[float, float]]:
    """The outline points of every glyph of a line, in mm from its start on the baseline (y down)."""
    points, _, units = _glyph_shapes(bold)
    scale = size_mm / units
    return [(offset + gx * scale, -gy * scale)
            for char, offset in zip(text, glyph_offsets(text, size_mm, bold), strict=True)
            for gx, gy in points.get(ord(char), ())]


@functools.lru_cache(maxsize=8192)
def ink_extent(text: str, size_mm: float, bold: bool = False) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) of a line's glyphs in mm from its start on the baseline (y down), or None
    for a line with no ink. Unlike the advance box, this is where the printed letters really are."""
    _, bounds, units = _glyph_shapes(bold)
    scale = size_mm / units
    boxes = []
    for char, offset in zip(text, glyph_offsets(text, size_mm, bold), strict=True):
        if (glyph := bounds.get(ord(char))) is not None:
            x0, y0, x1, y1 = glyph
            boxes.append((offset + x0 * scale, -y1 * scale, offset + x1 * scale, -y0 * scale))
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def ink_indent(text: str, size_mm: float, bold: bool = False) -> float:
    """How far to move a left-aligned line right so its first letter's ink (J, T, Y) starts at the line's x."""
    extent = ink_extent(text, size_mm, bold)
    return max(0.0, -extent[0]) if extent else 0.0


def ink_outdent(text: str, size_mm: float, bold: bool = False) -> float:
    """How far the ink of a line reaches past its advance width on the right (a right-aligned line moves left)."""
    extent = ink_extent(text, size_mm, bold)
    return max(0.0, extent[2] - text_width(text, size_mm, bold)) if extent else 0.0
