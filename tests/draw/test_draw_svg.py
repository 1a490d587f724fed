"""The SVG renderer: millimetre size, layers, stable ids and attributes, reproducible bytes."""

from __future__ import annotations

import re

from drawhelp import SVG_NS, svg_root

from pnp.draw.affine import Affine
from pnp.draw.paper import A4, LETTER
from pnp.draw.primitives import CUT, FOLD_MOUNTAIN, FOLD_VALLEY, GLUE
from pnp.draw.scene import Page
from pnp.draw.svg import num, render_svg


def test_root_is_paper_size_in_mm_with_mm_viewbox() -> None:
    root = svg_root(render_svg(Page.for_paper(A4)))
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    assert root.get("viewBox") == "0 0 210 297"
    letter = svg_root(render_svg(Page.for_paper(LETTER)))
    assert (letter.get("width"), letter.get("height")) == ("215.9mm", "279.4mm")
    assert letter.get("viewBox") == "0 0 215.9 279.4"


def test_bleed_extends_the_viewbox_around_the_trim() -> None:
    root = svg_root(render_svg(Page(100, 50, bleed=3)))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("106mm", "56mm", "-3 -3 106 56")


def test_one_group_per_layer_in_drawing_order() -> None:
    page = Page.for_paper(A4)
    page.line(20, 20, 40, 20, layer="cut", style=CUT)
    page.line(20, 30, 40, 30, layer="fold", style=FOLD_VALLEY)
    page.rect(20, 40, 10, 10, style=GLUE)
    root = svg_root(render_svg(page))
    groups = [g.get("id") for g in root.findall(f"{SVG_NS}g")]
    assert groups == ["layer-art", "layer-fold", "layer-cut", "layer-marks"]
    cut = root.find(f"{SVG_NS}g[@id='layer-cut']")
    assert [el.get("x1") for el in cut] == ["20"]


def test_group_split_across_layers_keeps_its_transform_and_data() -> None:
    page = Page.for_paper(A4)
    with page.group(Affine.translate(50, 60), cls="tile", data={"tile": "0-1-2"}) as g:
        g.polygon([(0, 0), (10, 0), (5, 8)], layer="cut")
        g.text(5, 5, "3", 3, anchor="middle")
    root = svg_root(render_svg(page))
    tiles = root.findall(f".//{SVG_NS}g[@data-tile='0-1-2']")
    assert len(tiles) == 2  # one in the art layer (text), one in the cut layer (outline)
    assert {t.get("transform") for t in tiles} == {"matrix(1 0 0 1 50 60)"}
    assert all(t.get("class") == "tile" for t in tiles)


def test_fold_styles_are_distinguishable_dashes() -> None:
    page = Page.for_paper(A4)
    page.line(20, 20, 60, 20, style=FOLD_VALLEY, layer="fold")
    page.line(20, 30, 60, 30, style=FOLD_MOUNTAIN, layer="fold")
    dashes = [el.get("stroke-dasharray") for el in svg_root(render_svg(page)).iter(f"{SVG_NS}line")]
    assert dashes[0] and dashes[1] and dashes[0] != dashes[1]
    assert len(dashes[1].split()) == 4  # dash-dot


def test_text_uses_vera_and_places_every_glyph() -> None:
    page = Page.for_paper(A4)
    page.text(105, 50, "Straße", 5, anchor="middle", weight="bold")
    text = next(svg_root(render_svg(page)).iter(f"{SVG_NS}text"))
    assert text.get("font-family") == "Bitstream Vera Sans"
    assert text.get("font-weight") == "bold"
    assert text.text == "Straße"
    xs = [float(v) for v in text.get("x").split()]
    assert len(xs) == len("Straße") and xs == sorted(xs)
    assert xs[0] < 105 < xs[-1]


def test_numbers_have_no_float_noise() -> None:
    assert [num(v) for v in (210.0, 0.1 + 0.2, -0.0, 1 / 3, 1e-7)] == ["210", "0.3", "0", "0.3333", "0"]
    svg = render_svg(Page.for_paper(LETTER)).decode()
    assert not re.search(r"\d\.\d{5,}", svg)


def test_second_render_is_byte_identical_and_has_no_timestamps() -> None:
    def build() -> Page:
        page = Page.for_paper(A4, label="same")
        page.circle(50, 50, 10, data={"b": "2", "a": "1"})
        page.text(20, 20, "hello", 4)
        return page

    first = render_svg(build())
    assert render_svg(build()) == first
    assert first.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    assert not re.search(rb"20\d\d-\d\d-\d\d", first)


def test_polygons_and_polylines_keep_their_points():
    import xml.etree.ElementTree as ET

    from pnp.draw.scene import Page
    from pnp.draw.svg import render_svg

    page = Page(100, 100)
    page.polygon([(10, 10), (50.125, 10), (30, 40)])
    page.polyline([(1, 2), (3, 4), (5, 2)])
    root = ET.fromstring(render_svg(page))
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f".//{ns}polygon").get("points") == "10,10 50.125,10 30,40"
    assert root.find(f".//{ns}polyline").get("points") == "1,2 3,4 5,2"
