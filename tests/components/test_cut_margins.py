"""Safe cuts, measured on every tile sheet: marks 2 mm inside the cut, backs 3 mm past it."""

from __future__ import annotations

import pytest

from pnp import games
from pnp.components.margins import Piece, mark_distance, sheet_margins
from pnp.draw.affine import IDENTITY
from pnp.draw.paper import A4, LETTER
from pnp.draw.scene import Circle, Text
from pnp.kit import kit_context

MARK_MM = 2.0  # every number, symbol and pip at least this far inside its cut line
BLEED_MM = 3.0  # every back's colour at least this far past its front's cut line

CASES = [(game, paper, preset, values) for paper in (A4, LETTER) for game, preset, values in (
    ("rautino", None, {}), ("zatre", None, {}), ("zatre", None, {"board_sheets": 2}),
    ("triomino", "seed", {}), ("triomino", "classic", {}))]


@pytest.mark.parametrize(("game", "paper", "preset", "values"), CASES,
                         ids=[f"{g}-{p.name}-{pr or ''}{'-'.join(map(str, v.values()))}" for g, p, pr, v in CASES])
def test_marks_stay_inside_and_backs_cover_past_every_cut(game, paper, preset, values) -> None:
    chosen = games.get(game)
    pages = chosen.impl.components["tiles"](chosen.load(None), kit_context(paper, preset=preset, **values))
    assert len(pages) % 2 == 0
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        margins = sheet_margins(front, back)
        assert margins.pieces > 0
        assert margins.inside_mm >= MARK_MM, f"{front.label}: a mark {margins.inside_mm:.2f} mm from its cut"
        assert margins.cover_mm is not None and margins.cover_mm >= BLEED_MM - 0.002, \
            f"{back.label}: colour only {margins.cover_mm:.2f} mm past the cut"


def test_the_measure_sees_a_mark_near_the_cut() -> None:
    square = ((0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (0.0, 20.0))
    pip = Piece(square, ((Circle(3.0, 10.0, 1.0), IDENTITY),))
    assert mark_distance(pip) == pytest.approx(2.0)
    # A digit's own outline, not its type box: "1" set 1 mm from the left edge starts at about 1 mm.
    digit = Piece(square, ((Text(1.0, 10.0, "1", 5.0), IDENTITY),))
    assert 1.0 < mark_distance(digit) < 2.0
