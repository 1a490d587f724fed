"""SVG pages carry their own font: subsets of Vera as `@font-face` data URIs, one per weight used.

The Chromium test opens a text-heavy German rules sheet in a browser that has no Vera-like font
at all and compares its screenshot with the PDF's raster, pixel by pixel with a tolerance of one
pixel's shift (two renderers place the same glyph a fraction of a pixel apart, which adds up on a
page dense with small text). A control without the embedded faces must fail the same comparison, so a
pass shows the glyphs came from the SVG. Every other page of the three German kits (boards,
stones and tiles, backs, covers, score sheets, boxes) must pass the same comparison, each at its
own paper size.
"""

from __future__ import annotations

import base64
import io
import re
import subprocess
from pathlib import Path

import pytest
from browserhelp import CHROMIUM
from click.testing import CliRunner
from drawhelp import SVG_NS, pdf_png, shift_tolerant_diff, svg_root
from fontTools.ttLib import TTFont
from PIL import Image

from pnp.cli import main
from pnp.draw.paper import A4
from pnp.draw.scene import Page
from pnp.draw.svg import render_svg

_FACE = re.compile(r"@font-face\{[^}]*font-weight:(\w+);[^}]*base64,([A-Za-z0-9+/=]+)")
# At 300 dpi the measure separates cleanly: about 0.3 with the embedded font on the densest page (the
# German Zatre guide), 2.3 without it.
DPI = 300
THRESHOLD = 1.0


def faces(svg: bytes) -> dict[str, TTFont]:
    return {weight: TTFont(io.BytesIO(base64.b64decode(data))) for weight, data in _FACE.findall(svg.decode())}


def test_each_weight_used_is_embedded_with_exactly_the_page_characters() -> None:
    page = Page.for_paper(A4)
    page.text(20, 20, "Grüße aus Köln", 5)
    page.text(20, 40, "Straße 12", 5, weight="bold")
    embedded = faces(render_svg(page))
    assert set(embedded) == {"normal", "bold"}
    for weight, text in [("normal", "Grüße aus Köln"), ("bold", "Straße 12")]:
        font = embedded[weight]
        assert font.flavor == "woff"
        assert set(font.getBestCmap()) == {ord(ch) for ch in text}
    assert "Bold" in embedded["bold"]["name"].getDebugName(2)


def test_a_page_without_text_embeds_no_font() -> None:
    page = Page.for_paper(A4)
    page.rect(20, 20, 50, 50)
    svg = render_svg(page)
    assert b"@font-face" not in svg and not svg_root(svg).findall(f".//{SVG_NS}style")


def test_embedded_fonts_are_byte_reproducible() -> None:
    def page() -> Page:
        p = Page.for_paper(A4)
        p.text(20, 20, "Jeder Spieler zieht drei Steine", 4)
        p.text(20, 30, "Ende", 4, weight="bold")
        return p

    assert render_svg(page()) == render_svg(page())


def _fonts_without_vera(tmp: Path) -> Path:
    """A fontconfig file for a machine without Vera: the system's fonts minus Vera and its look-alike
    DejaVu Sans, so a glyph not drawn from the embedded face comes out visibly different."""
    conf = tmp / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n'
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        f"  <cachedir>{tmp / 'fontcache'}</cachedir>\n"
        "  <selectfont><rejectfont>\n"
        "    <pattern><patelt name=\"family\"><string>Bitstream Vera Sans</string></patelt></pattern>\n"
        "    <pattern><patelt name=\"family\"><string>DejaVu Sans</string></patelt></pattern>\n"
        "  </rejectfont></selectfont>\n</fontconfig>\n",
        encoding="utf-8",
    )
    return conf


def _screenshot(svg: Path, png: Path, tmp: Path, dpi: float,
                size_mm: tuple[float, float] = (A4.width, A4.height)) -> Image.Image:
    conf = _fonts_without_vera(tmp)
    width_px, height_px = (round(mm / 25.4 * 96) for mm in size_mm)  # CSS px
    profile = tmp / f"profile-{png.stem}"
    done = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", f"--user-data-dir={profile}", f"--screenshot={png}",
         f"--window-size={width_px},{height_px}", f"--force-device-scale-factor={dpi / 96}",
         svg.resolve().as_uri()],
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp), "FONTCONFIG_FILE": str(conf)},
        capture_output=True, text=True, timeout=180,
    )
    assert done.returncode == 0 and png.exists(), done.stderr[-2000:]
    return Image.open(png).convert("L")


@pytest.mark.browser
def test_german_rules_sheet_in_chromium_matches_the_pdf(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["rules", "rautino", "--lang", "de", "--format", "svg,pdf",
                                       "-o", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    svg = tmp_path / "rautino" / "rautino-rules.svg"
    pdf = pdf_png((tmp_path / "rautino" / "rautino-rules.pdf").read_bytes(), 0, DPI)

    shot = _screenshot(svg, tmp_path / "embedded.png", tmp_path, DPI)
    assert abs(shot.width - pdf.width) <= 1 and abs(shot.height - pdf.height) <= 1
    assert shift_tolerant_diff(shot, pdf) < THRESHOLD

    bare = tmp_path / "bare.svg"
    bare.write_bytes(re.sub(rb"<defs><style.*?</style></defs>", b"", svg.read_bytes(), flags=re.S))
    assert b"@font-face" not in bare.read_bytes()
    assert shift_tolerant_diff(_screenshot(bare, tmp_path / "bare.png", tmp_path, DPI), pdf) > THRESHOLD


@pytest.mark.browser
@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_every_page_of_a_german_kit_in_chromium_matches_the_pdf(tmp_path: Path, game: str) -> None:
    """Each page at its own size (a board sheet may be landscape), in Chromium without Vera. The
    printer-check pages are the same in every kit: Rautino's stand for them."""
    result = CliRunner().invoke(main, ["kit", game, "--lang", "de", "--format", "svg,pdf", "-o", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / game
    pdf = (folder / f"{game}-kit.pdf").read_bytes()
    pages = sorted(folder.glob(f"{game}-[0-9][0-9]-*.svg"))
    assert len(pages) >= 7
    for index, svg in enumerate(pages):
        if game != "rautino" and "-calibration" in svg.name:
            continue
        root = svg_root(svg.read_bytes())
        size_mm = tuple(float(root.get(side).removesuffix("mm")) for side in ("width", "height"))
        shot = _screenshot(svg, tmp_path / f"{svg.stem}.png", tmp_path, DPI, size_mm)
        reference = pdf_png(pdf, index, DPI)
        assert abs(shot.width - reference.width) <= 1 and abs(shot.height - reference.height) <= 1, svg.name
        difference = shift_tolerant_diff(shot, reference)
        assert difference < THRESHOLD, f"{svg.name}: {difference:.2f}"
