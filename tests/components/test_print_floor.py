"""Nothing a kit prints is smaller than 6.5 pt: font sizes read back from every written SVG page,
scaled by the transforms they sit in (both languages, both Triomino presets, the two-sheet board)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from drawhelp import SVG_NS

MIN_PT = 6.5
MM_PER_PT = 25.4 / 72
SCALE = re.compile(r"matrix\(([-\d.e]+) ([-\d.e]+) ([-\d.e]+) ([-\d.e]+) [-\d.e]+ [-\d.e]+\)")


@pytest.fixture(scope="module")
def svg_pages(tmp_path_factory, pnp_ok) -> list[Path]:
    out = tmp_path_factory.mktemp("svg")
    for lang in ("en", "de"):
        pnp_ok("kit", "-o", str(out / lang), "-q", "--format", "svg", "--lang", lang)
        pnp_ok("kit", "triomino", "--preset", "classic", "-o", str(out / lang / "classic"), "-q", "--format", "svg",
            "--lang", lang)
        pnp_ok("kit", "zatre", "--board-sheets", "2", "-o", str(out / lang / "large"), "-q", "--format", "svg",
            "--lang", lang)
        pnp_ok("calibrate", "-o", str(out / lang / "check"), "-q", "--format", "svg", "--lang", lang)
    return sorted(out.rglob("*.svg"))


def scale_of(transform: str | None) -> float:
    """How much a transform enlarges text (the square root of its determinant)."""
    match = SCALE.search(transform or "")
    if not match:
        return 1.0
    a, b, c, d = (float(v) for v in match.groups())
    return abs(a * d - b * c) ** 0.5


def text_sizes(element: ET.Element, scale: float = 1.0):
    scale *= scale_of(element.get("transform"))
    if element.tag == f"{SVG_NS}text" and element.get("font-size"):
        yield "".join(element.itertext()), float(element.get("font-size").removesuffix("px")) * scale / MM_PER_PT
    for child in element:
        yield from text_sizes(child, scale)


def test_no_text_is_smaller_than_the_floor(svg_pages) -> None:
    assert len(svg_pages) > 40
    smallest = {}
    for path in svg_pages:
        for text, size in text_sizes(ET.parse(path).getroot()):
            if size < MIN_PT - 1e-3:
                smallest[(path.name, text)] = round(size, 2)
    assert not smallest, f"text below {MIN_PT} pt: {smallest}"


def test_the_reader_finds_a_small_text_in_a_scaled_group() -> None:
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg"><g transform="matrix(0.5 0 0 0.5 10 10)">'
           f'<text font-size="{8 * MM_PER_PT:.4f}">x2</text></g></svg>')
    ((text, size),) = list(text_sizes(ET.fromstring(svg)))
    assert text == "x2" and size == pytest.approx(4.0, abs=0.01)
