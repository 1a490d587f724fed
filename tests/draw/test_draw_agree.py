"""SVG (via cairosvg) and PDF (via pdfium) renderings of the same page must agree pixel for pixel."""

from __future__ import annotations

import io

from drawhelp import common_crop, mean_diff, pdf_png, svg_png
from PIL import Image, ImageChops

from pnp.draw.affine import Affine
from pnp.draw.paper import A4
from pnp.draw.pdf import render_pdf
from pnp.draw.png import render_png
from pnp.draw.primitives import FOLD_MOUNTAIN, FOLD_VALLEY, GLUE, Style, filled
from pnp.draw.scene import Page, footer, scale_bar

# Measured at 100 dpi: 2.3-3.0 on text-heavy pages (anti-aliasing differences only); shifting one
# rendering by a single pixel raises it above 6, so 4 catches any real drift.
THRESHOLD = 4.0


def mixed_page() -> Page:
    page = Page.for_paper(A4, label="mixed")
    page.text(20, 25, "Spielregeln — Grüße aus Köln, Straße ÄÖÜ", 6, weight="bold")
    for i in range(6):
        page.text(20, 40 + 6 * i, "Jeder Spieler zieht drei Steine aus dem Beutel und legt sie an.", 3.5)
    page.text(190, 90, "right aligned", 5, anchor="end")
    page.text(105, 105, "rotated and centred", 5, anchor="middle", rotation=-15)
    page.rect(20, 120, 60, 40, radius=4, style=filled("#3366aa", stroke="#000000", width=0.5))
    page.circle(120, 140, 18, style=Style(stroke="#aa0000", stroke_width=1.0, fill="#ffdd88"))
    page.path(
        ("M", 150, 125),
        ("Q", 170, 100, 185, 125),
        ("C", 190, 140, 160, 160, 150, 125),
        ("Z",),
        style=filled("#88cc88", stroke="#000000"),
    )
    page.line(20, 175, 190, 175, style=FOLD_VALLEY, layer="fold")
    page.line(20, 180, 190, 180, style=FOLD_MOUNTAIN, layer="fold")
    page.rect(20, 185, 170, 10, style=GLUE)
    with page.group(Affine.rotate(30, 105, 230) @ Affine.translate(80, 215)) as g:
        g.polygon(
            [(0, 30), (25, 0), (50, 30)], style=filled("#ffffff", stroke="#000000", width=0.4), layer="cut"
        )
        g.text(25, 22, "3", 8, anchor="middle", weight="bold")
    scale_bar(page, 20, 260, detail=True)
    footer(page, "test", "agreement", 1, 1, "0.1.0")
    page.check_safe_area()
    return page


def test_svg_and_pdf_rasters_agree() -> None:
    page = mixed_page()
    a, b = svg_png(page, 100), pdf_png(render_pdf([page]), 0, 100)
    assert abs(a.width - b.width) <= 1 and abs(a.height - b.height) <= 1
    assert mean_diff(a, b) < THRESHOLD


def test_text_lines_end_where_the_pdf_ends_them() -> None:
    """Per-glyph placement: long lines must not drift (cairo's hinted advances once drifted 6 px)."""
    page = mixed_page()
    a, b = common_crop(svg_png(page, 100), pdf_png(render_pdf([page]), 0, 100))
    for top_mm, bottom_mm in [(19, 27), (35, 42), (85, 92)]:
        band = (0, int(top_mm / 25.4 * 100), a.width, int(bottom_mm / 25.4 * 100))
        box_a = ImageChops.invert(a.crop(band)).getbbox()
        box_b = ImageChops.invert(b.crop(band)).getbbox()
        assert box_a and box_b
        assert abs(box_a[0] - box_b[0]) <= 1 and abs(box_a[2] - box_b[2]) <= 1


def test_png_has_the_dpi_size_and_a_white_background() -> None:
    image = Image.open(io.BytesIO(render_png(Page(100, 50), dpi=254)))
    assert image.size == (1000, 500)
    assert image.convert("L").getextrema() == (255, 255)


def test_png_is_reproducible() -> None:
    page = mixed_page()
    assert render_png(page, 50) == render_png(page, 50)
