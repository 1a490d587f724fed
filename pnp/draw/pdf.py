"""Pages -> one PDF via reportlab: exact paper size, embedded Vera subsets, reproducible bytes.

Everything is drawn in millimetres: each page starts with one transform from the PDF's
bottom-up point space to our top-down mm space, so strokes, dashes and font sizes given in mm
need no conversion, and SVG transforms apply unchanged.
"""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfgen import canvas as rl_canvas

from pnp.draw.primitives import (
    LAYERS,
    Circle,
    Group,
    Line,
    Path,
    Polygon,
    Polyline,
    Primitive,
    Rect,
    Style,
    Text,
)
from pnp.draw.scene import Page
from pnp.draw.text import PDF_FONT, register_fonts

MM = 72.0 / 25.4  # points per millimetre
_CAP = {"butt": 0, "round": 1, "square": 2}
_JOIN = {"miter": 0, "round": 1, "bevel": 2}


def _apply_style(c: rl_canvas.Canvas, style: Style) -> tuple[bool, bool]:
    stroke, fill = style.stroke is not None and style.stroke_width > 0, style.fill is not None
    if stroke:
        c.setStrokeColor(HexColor(style.stroke))
        c.setLineWidth(style.stroke_width)
        c.setLineCap(_CAP[style.linecap])
        c.setLineJoin(_JOIN[style.linejoin])
        if style.dash:
            c.setDash(list(style.dash), 0)
    if fill:
        c.setFillColor(HexColor(style.fill))
    if style.opacity < 1.0:
        c.setStrokeAlpha(style.opacity)
        c.setFillAlpha(style.opacity)
    return stroke, fill


def _draw(c: rl_canvas.Canvas, prim: Primitive) -> None:
    c.saveState()
    try:
        if isinstance(prim, Group):
            c.transform(*prim.transform.as_tuple())
            for child in prim.children:
                _draw(c, child)
            return
        if isinstance(prim, Text):
            if prim.style.fill is None:
                return
            _apply_style(c, prim.style.with_(stroke=None))
            c.translate(prim.x, prim.y)
            if prim.rotation:
                c.rotate(prim.rotation)
            c.scale(1, -1)  # glyphs upright again in the flipped page space
            c.setFont(PDF_FONT[prim.bold], prim.size_mm)
            c.drawString(prim.start_x - prim.x, 0, prim.text)
            return
        stroke, fill = _apply_style(c, prim.style)
        if not (stroke or fill):
            return
        if isinstance(prim, Circle):
            c.circle(prim.cx, prim.cy, prim.r, stroke=int(stroke), fill=int(fill))
            return
        if isinstance(prim, Rect):
            if prim.radius:
                c.roundRect(prim.x, prim.y, prim.w, prim.h, prim.radius, stroke=int(stroke), fill=int(fill))
            else:
                c.rect(prim.x, prim.y, prim.w, prim.h, stroke=int(stroke), fill=int(fill))
            return
        p = c.beginPath()
        if isinstance(prim, Line):
            p.moveTo(prim.x1, prim.y1)
            p.lineTo(prim.x2, prim.y2)
        elif isinstance(prim, Polyline):  # also Polygon
            p.moveTo(*prim.points[0])
            for point in prim.points[1:]:
                p.lineTo(*point)
            if isinstance(prim, Polygon):
                p.close()
        elif isinstance(prim, Path):
            for op, args in prim.cubic_segments():
                if op == "M":
                    p.moveTo(*args)
                elif op == "L":
                    p.lineTo(*args)
                elif op == "C":
                    p.curveTo(*args)
                else:
                    p.close()
        else:  # pragma: no cover
            raise TypeError(f"cannot draw {prim!r}")
        # Non-zero winding, as SVG's default fill-rule, so both outputs fill the same areas.
        c.drawPath(p, stroke=int(stroke), fill=int(fill), fillMode=rl_canvas.FILL_NON_ZERO)
    finally:
        c.restoreState()


def render_pdf(pages: list[Page], title: str = "", author: str = "pnp") -> bytes:
    if not pages:
        raise ValueError("render_pdf needs at least one page")
    register_fonts()
    buffer = io.BytesIO()
    # invariant=1: no creation date, fixed document id -> identical bytes on every run.
    c = rl_canvas.Canvas(buffer, invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setAuthor(author)
    c.setCreator("pnp")
    c.setSubject(title)
    for page in pages:
        b = page.bleed
        media = ((page.width + 2 * b) * MM, (page.height + 2 * b) * MM)
        c.setPageSize(media)
        if b:
            c.setTrimBox((b * MM, b * MM, (page.width + b) * MM, (page.height + b) * MM))
            c.setBleedBox((0, 0, *media))
        else:  # the boxes apply to following pages too; clear them
            c.setTrimBox(None)
            c.setBleedBox(None)
        c.translate(0, media[1])
        c.scale(MM, -MM)
        c.translate(b, b)
        for layer in LAYERS:
            for item in page.items:
                part = item.only(layer)
                if part is not None:
                    _draw(c, part)
        c.showPage()
    c.save()
    return buffer.getvalue()
