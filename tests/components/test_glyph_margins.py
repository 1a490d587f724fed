"""Every printed letter of every kit lies at least the safe margin (8 mm) inside the sheet's edge, read back
from the PDF: pdfium's box of each character is the glyph's own outline, so a J's hook or a T's bar that
reaches past its advance box counts where it prints. Only the printer check's edge scale, drawn to show how
close to the edge a printer reaches, is left out (the page marks it as not mattering)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from kithelp import IDS, KITS

from pnp.draw.affine import BBox
from pnp.draw.paper import SAFE_MARGIN_MM
from pnp.draw.scene import Text
from pnp.games.base import BoxOptions, KitContext
from pnp.kit import KitJob, draw_job, render_job

MM_PER_PT = 25.4 / 72


def _unimportant_ink(page) -> list[BBox]:
    """The ink boxes of the page's texts that may leave the safe area (the printer check's edge scale)."""
    return [box for prim, m, important in page.leaves()
            if isinstance(prim, Text) and not important and (box := prim.ink_bbox(m)) is not None]


def _inside(box: BBox, x: float, y: float, slack: float = 0.05) -> bool:
    return box.x0 - slack <= x <= box.x1 + slack and box.y0 - slack <= y <= box.y1 + slack


@pytest.mark.parametrize(("game", "paper", "lang", "preset", "values"), KITS, ids=IDS)
def test_every_printed_letter_is_inside_the_safe_margin(tmp_path, game, paper, lang, preset, values) -> None:
    job = KitJob(game, None, None, KitContext(paper, lang, preset, BoxOptions(), values), frozenset({"pdf"}), 100,
                 tmp_path)
    drawn = draw_job(job)
    (_, pdf), = render_job(job, drawn)
    document = pdfium.PdfDocument(pdf)
    assert len(document) == len(drawn.pages)
    letters, worst = 0, (float("inf"), "")
    for number, item in enumerate(drawn.pages, 1):
        page = item.page
        assert page.bleed == 0  # every kit page is printed on its sheet as drawn, so PDF and page share a frame
        free = _unimportant_ink(page)
        pdf_page = document[number - 1]
        width, height = (v * MM_PER_PT for v in pdf_page.get_size())
        assert (width, height) == pytest.approx((page.width, page.height), abs=0.01)
        text = pdf_page.get_textpage()
        for index in range(text.count_chars()):
            left, bottom, right, top = (v * MM_PER_PT for v in text.get_charbox(index))
            if right - left <= 0 or top - bottom <= 0:  # a space: nothing printed
                continue
            x0, y0, x1, y1 = left, height - top, right, height - bottom  # y down, as pages are drawn
            if any(_inside(box, (x0 + x1) / 2, (y0 + y1) / 2) for box in free):
                continue
            letters += 1
            distance = min(x0, y0, width - x1, height - y1)
            if distance < worst[0]:
                worst = (distance, f"page {number} ({item.component}): {text.get_text_range(index, 1)!r}")
    assert letters > 500
    assert worst[0] >= SAFE_MARGIN_MM, f"{worst[1]} prints {worst[0]:.3f} mm from the sheet's edge"
