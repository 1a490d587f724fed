"""Helpers shared by the tests that make whole kits and read their pages back."""

from __future__ import annotations

from pnp.draw.affine import IDENTITY, Affine
from pnp.draw.paper import A4, LETTER
from pnp.draw.scene import Group, Page

# Every kit a person may make: each game with its kit options, on A4 and Letter, in both languages.
KITS = [(game, paper, lang, preset, values)
        for game, preset, values in (("rautino", None, {}), ("rautino", None, {"cover": True}),
                                     ("zatre", None, {}), ("zatre", None, {"board_sheets": 2}),
                                     ("zatre", None, {"ink": "eco"}), ("triomino", None, {}),
                                     ("triomino", "classic", {}))
        for paper in (A4, LETTER) for lang in ("en", "de")]
IDS = [f"{g}-{p.name}-{lang}-{pr or ''}{'-'.join(f'{k}={v}' for k, v in vals.items())}"
       for g, p, lang, pr, vals in KITS]


def piece_centres(page: Page, classes: set[str]) -> list[tuple[float, float]]:
    """The centre of every piece group of the given classes, on the page."""
    found: list[tuple[float, float]] = []

    def visit(prim: object, m: Affine) -> None:
        if not isinstance(prim, Group):
            return
        if prim.cls in classes:
            box = prim.bbox(m)
            found.append(((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2))
            return
        for child in prim.children:
            visit(child, m @ prim.transform)

    for item in page.items:
        visit(item, IDENTITY)
    return found
