"""`--ink eco|full`: every shipped game prints its darkest parts lighter with eco ink."""

from __future__ import annotations

import pytest
from drawhelp import darkness
from PIL import ImageStat

from pnp import games
from pnp.draw.paper import A4
from pnp.kit import kit_context

DARKEST = {"rautino": "tiles", "zatre": "board", "triomino": "tiles"}


@pytest.mark.parametrize("game", sorted(DARKEST))
def test_eco_ink_prints_the_darkest_part_with_at_most_half_the_ink(game) -> None:
    chosen = games.get(game)
    assert chosen.option("ink") is not None and chosen.option("ink").choices == ("eco", "full")
    model = chosen.load(None)
    draw = chosen.impl.components[DARKEST[game]]
    full = [darkness(p) for p in draw(model, kit_context(A4, ink="full"))]
    eco = [darkness(p) for p in draw(model, kit_context(A4, ink="eco"))]
    darkest = full.index(max(full))  # the same page with eco ink
    assert full[darkest] > 0.15 and eco[darkest] < full[darkest] / 2, (full, eco)
    assert all(e <= f + 1e-9 for e, f in zip(eco, full, strict=True))


def test_full_is_the_default() -> None:
    chosen = games.get("triomino")
    model = chosen.load(None)
    draw = chosen.impl.components["tiles"]
    assert darkness(draw(model, kit_context(A4))[1]) == darkness(draw(model, kit_context(A4, ink="full"))[1])


def test_the_ink_estimate_is_within_five_points_of_the_printed_page() -> None:
    import pypdfium2 as pdfium

    from pnp.components.ink import coverage
    from pnp.draw.pdf import render_pdf
    from pnp.kit import draw_kit

    for game in sorted(DARKEST):
        chosen = games.get(game)
        pages = [item.page for item in draw_kit(chosen, chosen.load(None), kit_context(A4))]
        document = pdfium.PdfDocument(render_pdf(pages))
        for index, page in enumerate(pages):
            grey = document[index].render(scale=50 / 72).to_pil().convert("L")
            printed = 1 - ImageStat.Stat(grey).mean[0] / 255
            assert abs(coverage(page) - printed) < 0.05, (game, index + 1, coverage(page), printed)
