"""`pnp cover GAME --bleed-pdf`: the cover alone for a print shop, trim size plus bleed, boxes set."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

MM = 72 / 25.4


@pytest.mark.parametrize("lang", ["en", "de"])
def test_bleed_cover_has_trim_and_bleed_boxes(tmp_path, lang, run_pnp) -> None:
    result = run_pnp("cover", "rautino", "--bleed-pdf", "--lang", lang, "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    (pdf,) = (tmp_path / "rautino").glob("*.pdf")
    assert pdf.name == "rautino-cover-bleed.pdf"
    reader = PdfReader(pdf)
    (page,) = reader.pages
    lid_w, lid_h, bleed = 130.0, 102.0, 3.0  # the spec's box lid and the cover's bleed
    media = [float(v) / MM for v in page.mediabox]
    trim = [float(v) / MM for v in page.trimbox]
    assert media == pytest.approx([0, 0, lid_w + 2 * bleed, lid_h + 2 * bleed], abs=0.01)
    assert trim == pytest.approx([bleed, bleed, bleed + lid_w, bleed + lid_h], abs=0.01)
    assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox])
    text = page.extract_text()
    assert "Rautino" in text
    assert ("Spieler" if lang == "de" else "players") in text
    assert "page" not in text and "Seite" not in text and "crop" not in text  # no footer, no notes


def test_bleed_background_fills_the_bleed() -> None:
    from pnp.draw.paper import A4
    from pnp.games.rautino import GAME
    from pnp.kit import kit_context

    model = GAME.load(None)
    (page,) = GAME.impl.components["cover"](model, kit_context(A4, "en", bleed_pdf=True))
    assert (page.width, page.height, page.bleed) == (130.0, 102.0, 3.0)
    background, transform = next((p, t) for p, t, _ in page.leaves() if p.cls == "cover-background")
    box = background.bbox(transform)
    assert (box.x0, box.y0, box.x1, box.y1) == pytest.approx((-3, -3, 133, 105))
    page.check_safe_area("cover")


def test_a_game_without_a_cover_is_refused_and_writes_nothing(tmp_path, run_pnp) -> None:
    result = run_pnp("cover", "triomino", "--bleed-pdf", "-o", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "triomino has no cover" in result.output
    assert not (tmp_path / "out").exists()
