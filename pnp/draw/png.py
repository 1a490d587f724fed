"""Page -> PNG via cairosvg, rendering the same SVG the SVG renderer writes."""

from __future__ import annotations

from pnp.draw.fontconfig import ensure_fontconfig
from pnp.draw.scene import Page
from pnp.draw.svg import render_svg

DEFAULT_DPI = 100


def svg_to_png(svg: bytes, dpi: float = DEFAULT_DPI) -> bytes:
    # fontconfig must learn about Vera before cairo loads its first font.
    ensure_fontconfig()
    import cairosvg

    return cairosvg.svg2png(bytestring=svg, dpi=dpi, background_color="#ffffff")


def render_png(page: Page, dpi: float = DEFAULT_DPI) -> bytes:
    if not 10 <= dpi <= 1200:
        raise ValueError(f"dpi {dpi}: choose between 10 and 1200")
    return svg_to_png(render_svg(page), dpi)
