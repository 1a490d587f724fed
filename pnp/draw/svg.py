"""Page -> SVG bytes via svgwrite. Millimetre viewBox, one group per layer, reproducible.

Numbers are written with at most 4 decimals (0.1 um) and no trailing zeros, attributes come
out in svgwrite's stable (sorted) order, and nothing depends on time or memory addresses, so
the same page always gives the same bytes.
"""

from __future__ import annotations

import svgwrite
from svgwrite.base import BaseElement

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
from pnp.draw.text import FONT_FAMILY, glyph_offsets
from pnp.draw.webfont import font_face_css

INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"


def num(value: float, places: int = 4) -> str:
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _style_attrs(style: Style, text: bool = False) -> dict[str, str]:
    attrs: dict[str, str] = {"fill": style.fill or "none"}
    if not text:
        attrs["stroke"] = style.stroke or "none"
        if style.stroke:
            attrs["stroke-width"] = num(style.stroke_width)
            if style.dash:
                attrs["stroke-dasharray"] = " ".join(num(d) for d in style.dash)
            if style.linecap != "butt":
                attrs["stroke-linecap"] = style.linecap
            if style.linejoin != "miter":
                attrs["stroke-linejoin"] = style.linejoin
    if style.opacity < 1.0:
        attrs["opacity"] = num(style.opacity)
    return attrs


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def _path_d(path: Path) -> str:
    parts = []
    for op, *args in path.commands:
        parts.append(" ".join([op, *(num(a) for a in args)]))
    return " ".join(parts)


def _matrix(m: tuple[float, ...]) -> str:
    # The linear part gets more places: 0.866 for cos 30 degrees would shift far points by microns.
    return "matrix(" + " ".join([*(num(v, 8) for v in m[:4]), *(num(v) for v in m[4:])]) + ")"


def _element(dwg: svgwrite.Drawing, prim: Primitive, chars: dict[bool, set[str]]) -> BaseElement:
    """The SVG element of `prim`; adds the characters its text draws to `chars` (keyed by bold)."""
    el: BaseElement
    if isinstance(prim, Group):
        el = dwg.g()
        if not prim.transform.is_identity:
            el.attribs["transform"] = _matrix(prim.transform.as_tuple())
        for child in prim.children:
            el.add(_element(dwg, child, chars))
    elif isinstance(prim, Text):
        el = dwg.text(prim.text)
        chars.setdefault(prim.bold, set()).update(prim.text)
        # Every glyph is placed at its Vera advance, computed here as for the PDF: cairo would
        # otherwise round advances to device pixels (drifting several px per line) and anchor on
        # ink extents, not advance widths.
        start = prim.start_x
        xs = glyph_offsets(prim.text, prim.size_mm, prim.bold)
        el.attribs.update(
            {
                "xml:space": "preserve",
                "x": " ".join(num(start + dx) for dx in xs),
                "y": num(prim.y),
                "font-family": FONT_FAMILY,
                "font-size": num(prim.size_mm),
            }
        )
        if prim.bold:
            el.attribs["font-weight"] = "bold"
        if prim.rotation:
            el.attribs["transform"] = f"rotate({num(prim.rotation)} {num(prim.x)} {num(prim.y)})"
        el.attribs.update(_style_attrs(prim.style, text=True))
    else:
        if isinstance(prim, Line):
            el = dwg.line()
            el.attribs.update(
                {"x1": num(prim.x1), "y1": num(prim.y1), "x2": num(prim.x2), "y2": num(prim.y2)}
            )
        elif isinstance(prim, Polyline):  # Polygon too (a subclass)
            el = dwg.polygon() if isinstance(prim, Polygon) else dwg.polyline()
            # svgwrite rewrites "points" from el.points when serialising: hand it our formatting.
            points_text = _points(prim.points)
            el.points_to_string = lambda _ignored: points_text
        elif isinstance(prim, Path):
            el = dwg.path(d=_path_d(prim))  # svgwrite builds "d" from its own command list
        elif isinstance(prim, Circle):
            el = dwg.circle()
            el.attribs.update({"cx": num(prim.cx), "cy": num(prim.cy), "r": num(prim.r)})
        elif isinstance(prim, Rect):
            el = dwg.rect()
            el.attribs.update(
                {"x": num(prim.x), "y": num(prim.y), "width": num(prim.w), "height": num(prim.h)}
            )
            if prim.radius:
                el.attribs.update({"rx": num(prim.radius), "ry": num(prim.radius)})
        else:  # pragma: no cover
            raise TypeError(f"cannot draw {prim!r}")
        el.attribs.update(_style_attrs(prim.style))
    if prim.cls:
        el.attribs["class"] = prim.cls
    for key, value in prim.data.items():
        el.attribs[f"data-{key}"] = value
    return el


def render_svg(page: Page) -> bytes:
    b = page.bleed
    full_w, full_h = page.width + 2 * b, page.height + 2 * b
    dwg = svgwrite.Drawing(size=(f"{num(full_w)}mm", f"{num(full_h)}mm"), profile="full", debug=False)
    dwg.attribs["viewBox"] = f"{num(-b)} {num(-b)} {num(full_w)} {num(full_h)}"
    dwg.attribs["xmlns:inkscape"] = INKSCAPE_NS
    if page.title or page.label:
        dwg.set_desc(title=page.title or page.label)
    chars: dict[bool, set[str]] = {}
    for layer in LAYERS:
        group = dwg.g(id=f"layer-{layer}")
        group.attribs["inkscape:groupmode"] = "layer"
        group.attribs["inkscape:label"] = layer
        for item in page.items:
            part = item.only(layer)
            if part is not None:
                group.add(_element(dwg, part, chars))
        dwg.add(group)
    # The glyphs this page draws travel with it: no viewer needs Vera installed (webfont.py).
    css = font_face_css(chars)
    if css:
        dwg.defs.add(dwg.style(css))
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + dwg.tostring().encode("utf-8") + b"\n"
