"""Every kit PDF printed whole, two-sided and flipped on the long edge: each back lands on its front.

The printer puts page 2k on the back of page 2k-1, mirrored about the long edge. For every kit
(each game, A4 and Letter, both languages, both Triomino presets, a 42-stone and a 5-colour
Rautino set) the PDF is read back for its pages and their footers, and the drawn pages it was
rendered from give every piece's place: each back piece, mirrored, must lie on a front piece of
the page before it within 0.2 mm, and no back may lie on a page that is not a tile front.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from kithelp import piece_centres
from pypdf import PdfReader

from pnp.components.sheets import duplex_mirror
from pnp.draw.paper import A4, LETTER
from pnp.games.base import BoxOptions, KitContext
from pnp.kit import KitJob, draw_job, render_job
from pnp.spec import template_path

FRONTS = {"tile", "stone"}  # the groups a front page draws a piece in
BACKS = {"tile-back", "stone-back"}
TOLERANCE_MM = 0.2
MM_PER_PT = 25.4 / 72


def _spec_42_stones(folder: Path) -> Path:
    text = template_path("rautino").read_text(encoding="utf-8")
    path = folder / "rautino-42.toml"
    path.write_text(text.replace("count = 2", "count = 3", 12), encoding="utf-8")
    return path


def _spec_5_colours(folder: Path) -> Path:
    text = template_path("rautino").read_text(encoding="utf-8")
    extra = ('[[colours]]\nname = "violet"\nfill = "#7b3fa0"\nsymbol = "heart"\n\n[joker]')
    stones = "".join(f'\n[[stones]]\ncolours = ["violet", "{other}"]\ncount = 2\n'
                     for other in ("violet", "red", "yellow", "blue", "green", "joker"))
    path = folder / "rautino-5.toml"
    path.write_text(text.replace("[joker]", extra, 1) + stones, encoding="utf-8")
    return path


SPECS = {"42 stones": _spec_42_stones, "5 colours": _spec_5_colours}
KITS = [
    *[("rautino", paper, lang, None, None) for paper in (A4, LETTER) for lang in ("en", "de")],
    *[("rautino", A4, lang, None, spec) for spec in SPECS for lang in ("en", "de")],
    *[("zatre", paper, lang, None, None) for paper in (A4, LETTER) for lang in ("en", "de")],
    *[("triomino", paper, lang, preset, None) for paper in (A4, LETTER) for lang in ("en", "de")
      for preset in ("seed", "classic")],
]



@pytest.mark.parametrize(("game", "paper", "lang", "preset", "spec"), KITS,
                         ids=[f"{g}-{p.name}-{lang}-{pr or s or 'shipped'}" for g, p, lang, pr, s in KITS])
def test_long_edge_duplex_lands_every_back_on_its_front(tmp_path, game, paper, lang, preset, spec) -> None:
    spec_path = SPECS[spec](tmp_path) if spec else None
    ctx = KitContext(paper, lang, preset, BoxOptions(), {})
    job = KitJob(game, None, spec_path, ctx, frozenset({"pdf"}), 100, tmp_path)
    drawn = draw_job(job)
    (_, pdf), = render_job(job, drawn)
    pages = [item.page for item in drawn[1]]
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == len(pages) and len(pages) % 2 == 0
    back_word = {"en": "back of page", "de": "Rückseite von Seite"}[lang]
    tile_sheets = 0
    for k in range(1, len(pages) // 2 + 1):
        front, back = pages[2 * k - 2], pages[2 * k - 1]
        pdf_front, pdf_back = reader.pages[2 * k - 2], reader.pages[2 * k - 1]
        # A sheet's two sides are the same size in the file, and the back names its front.
        assert [round(float(v), 2) for v in pdf_front.mediabox] == [round(float(v), 2) for v in pdf_back.mediabox]
        assert (round(float(pdf_back.mediabox.width) * MM_PER_PT, 1),
                round(float(pdf_back.mediabox.height) * MM_PER_PT, 1)) == (round(back.width, 1),
                                                                          round(back.height, 1))
        assert f"{back_word} {2 * k - 1}" in pdf_back.extract_text()
        assert f"{back_word} {2 * k - 1}" not in pdf_front.extract_text()
        assert back.back and not front.back
        fronts, backs = piece_centres(front, FRONTS), piece_centres(back, BACKS)
        out_of_order = piece_centres(front, BACKS) or piece_centres(back, FRONTS)
        assert not out_of_order, f"page {2 * k - 1}: a side out of order"
        if not backs:
            continue
        assert fronts, f"page {2 * k}: backs lie on page {2 * k - 1}, which has no tile fronts"
        tile_sheets += 1
        mirror = duplex_mirror(back)
        landed = [mirror.apply(x, y) for x, y in backs]
        assert len(landed) == len(fronts)
        for x, y in landed:
            nearest = min(math.dist((x, y), f) for f in fronts)
            assert nearest <= TOLERANCE_MM, f"page {2 * k}: a back lands {nearest:.3f} mm from its front"
        for f in fronts:  # and every front has its back
            assert min(math.dist(f, p) for p in landed) <= TOLERANCE_MM
    assert tile_sheets >= 1
