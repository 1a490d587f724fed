"""Helpers shared by the drawing tests: rasterise pages from the SVG and from the PDF."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pypdfium2 as pdfium
from PIL import Image, ImageChops, ImageFilter, ImageStat

SVG_NS = "{http://www.w3.org/2000/svg}"


def svg_png(page, dpi: float) -> Image.Image:
    from pnp.draw.png import render_png

    return Image.open(io.BytesIO(render_png(page, dpi))).convert("L")


def pdf_png(pdf: bytes, index: int, dpi: float) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    return document[index].render(scale=dpi / 72).to_pil().convert("L")


def common_crop(a: Image.Image, b: Image.Image) -> tuple[Image.Image, Image.Image]:
    # cairosvg truncates 1169.3 px to 1169, pdfium rounds up to 1170: compare the common area.
    w, h = min(a.width, b.width), min(a.height, b.height)
    return a.crop((0, 0, w, h)), b.crop((0, 0, w, h))


def mean_diff(a: Image.Image, b: Image.Image) -> float:
    a, b = common_crop(a, b)
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


def shift_tolerant_diff(a: Image.Image, b: Image.Image) -> float:
    """The mean of how far each pixel of `a` lies outside the range of `b` within one pixel around it:
    two renderers placing the same glyphs a fraction of a pixel apart score near 0 however dense the
    text, while another font's shapes and widths still score high."""
    a, b = common_crop(a, b)
    above = ImageChops.subtract(a, b.filter(ImageFilter.MaxFilter(3)))
    below = ImageChops.subtract(b.filter(ImageFilter.MinFilter(3)), a)
    return ImageStat.Stat(ImageChops.add(above, below)).mean[0]


def svg_root(svg: bytes) -> ET.Element:
    return ET.fromstring(svg)


def darkness(page) -> float:
    """The share of ink a page prints: 0 white, 1 black all over (at 30 dpi, grey)."""
    return 1 - ImageStat.Stat(svg_png(page, 30)).mean[0] / 255
