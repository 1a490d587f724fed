"""The PDF renderer: exact page sizes, embedded fonts, reproducible bytes, readable text."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from paths import ROOT
from pypdf import PdfReader

from pnp.draw.paper import A4, LETTER, Paper
from pnp.draw.pdf import render_pdf
from pnp.draw.scene import Page, footer, scale_bar

UMLAUTS = "Grüße aus Köln: ÄÖÜ äöü ß"


def sample_page(paper: Paper, bleed: float = 0.0) -> Page:
    page = Page.for_paper(paper, bleed=bleed, label="sample")
    page.text(20, 40, UMLAUTS, 5)
    page.text(20, 50, "Bold line", 5, weight="bold")
    scale_bar(page, 20, 80)
    footer(page, "test", "sample", 1, 1, "0.1.0")
    return page


@pytest.mark.parametrize(
    ("paper", "size_pt"),
    [(A4, (595.276, 841.890)), (LETTER, (612.0, 792.0)), (Paper("300x400", 300, 400), (850.394, 1133.858))],
)
def test_media_box_is_the_paper_in_points(paper: Paper, size_pt: tuple[float, float]) -> None:
    reader = PdfReader(io.BytesIO(render_pdf([sample_page(paper)])))
    box = reader.pages[0].mediabox
    assert float(box.left) == 0 and float(box.bottom) == 0
    assert float(box.width) == pytest.approx(size_pt[0], abs=0.01)
    assert float(box.height) == pytest.approx(size_pt[1], abs=0.01)


def test_pages_of_different_sizes_in_one_file() -> None:
    reader = PdfReader(io.BytesIO(render_pdf([sample_page(A4), sample_page(A4.landscape())])))
    sizes = [(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in reader.pages]
    assert sizes == [(595.28, 841.89), (841.89, 595.28)]


def test_bleed_grows_media_box_and_sets_trim_and_bleed_boxes() -> None:
    reader = PdfReader(io.BytesIO(render_pdf([sample_page(A4, bleed=3.0), sample_page(A4)])))
    first, second = reader.pages
    mm = 72 / 25.4
    assert float(first.mediabox.width) == pytest.approx((210 + 6) * mm, abs=0.01)
    trim = [float(v) for v in first.trimbox]
    assert trim == pytest.approx([3 * mm, 3 * mm, 213 * mm, 300 * mm], abs=0.01)
    assert [float(v) for v in first.bleedbox] == pytest.approx([float(v) for v in first.mediabox], abs=0.01)
    # The boxes do not leak onto the next page, which has no bleed.
    assert "/TrimBox" not in second and "/BleedBox" not in second


def test_fonts_are_embedded_truetype_subsets() -> None:
    reader = PdfReader(io.BytesIO(render_pdf([sample_page(A4)])))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    names = []
    for ref in fonts.values():
        font = ref.get_object()
        descriptor = font.get("/FontDescriptor")
        if descriptor is None:  # reportlab wraps subsets; check the descendant if any
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        descriptor = descriptor.get_object()
        assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
        names.append(str(font["/BaseFont"]))
    assert any("BitstreamVeraSans-Roman" in n for n in names)
    assert any("BitstreamVeraSans-Bold" in n for n in names)


def test_umlauts_survive_text_extraction() -> None:
    reader = PdfReader(io.BytesIO(render_pdf([sample_page(A4)])))
    assert UMLAUTS in reader.pages[0].extract_text()


def test_second_render_is_byte_identical() -> None:
    pages = [sample_page(A4), sample_page(LETTER, bleed=3)]
    first = render_pdf(pages, title="Same")
    assert render_pdf(pages, title="Same") == first
    assert b"CreationDate" not in first or b"D:20000101000000" in first  # reportlab's invariant date


def test_identical_bytes_in_a_fresh_process() -> None:
    code = (
        "import sys, hashlib\n"
        "sys.path[:0] = ['tests', 'tests/draw']\n"  # as pytest finds the test modules and their helpers
        "from test_draw_pdf import sample_page\n"
        "from pnp.draw.paper import A4\n"
        "from pnp.draw.pdf import render_pdf\n"
        "print(hashlib.sha256(render_pdf([sample_page(A4)])).hexdigest())\n"
    )
    root = ROOT
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    import hashlib

    assert out.stdout.strip() == hashlib.sha256(render_pdf([sample_page(A4)])).hexdigest()


def test_title_metadata_without_dates() -> None:
    reader = PdfReader(io.BytesIO(render_pdf([sample_page(A4)], title="Zatre kit")))
    assert reader.metadata.title == "Zatre kit"
    assert reader.metadata.author == "pnp"
