"""How much paper each kit prints and how much of each 240 g/m² card sheet its parts use.

For every kit (each game, A4 and Letter, English and German; Rautino also with `--cover`, Triomino also
with `--tile-edge spec`): the sheets of paper the kit prints, the card sheets among them, and for each card
sheet the share of the page its cut parts cover. A part's area is read from the drawn page: tiles and stones
by their cut outlines (pnp.components.margins), board fields and cells, shape cards and a cover by their
trim. Run it on a checkout before and after a layout change to compare.

Run: python bench/bench_paper.py [--out FILE] (prints a Markdown table).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from pnp.components.guide import CARD, rows
from pnp.components.margins import pieces
from pnp.draw.affine import IDENTITY, Affine
from pnp.draw.paper import A4, LETTER
from pnp.draw.scene import Group, Page, Polygon, Primitive, Rect
from pnp.games.base import BoxOptions, KitContext
from pnp.kit import KitJob, draw_job

KITS: tuple[tuple[str, dict[str, bool | int | str]], ...] = (
    ("rautino", {}), ("rautino", {"cover": True}), ("zatre", {}), ("triomino", {}),
    ("triomino", {"tile_edge": "spec"}),
)
PART_RECTS = {"legend-card", "cover-cut", "field"}  # a shape card, a cover card's trim, a board field
PART_POLYGONS = {"board-cell"}


def _walk(prim: Primitive, m: Affine) -> Iterator[tuple[Primitive, Affine]]:
    """Every primitive, but not inside a cover's picture (its fields and tiles are art, not parts)."""
    yield prim, m
    if isinstance(prim, Group) and prim.cls != "cover-art":
        for child in prim.children:
            yield from _walk(child, m @ prim.transform)


def _polygon_area(points: list[tuple[float, float]]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True))) / 2


def used_share(page: Page) -> float:
    """The share of the page its cut parts cover: pieces, board fields or cells, shape cards, a cover."""
    area = sum(_polygon_area(list(piece.outline)) for piece in pieces(page))
    for item in page.items:
        for prim, m in _walk(item, IDENTITY):
            if isinstance(prim, Rect) and prim.cls in PART_RECTS:
                area += prim.w * prim.h * abs(m.a * m.d - m.b * m.c)
            elif isinstance(prim, Polygon) and prim.cls in PART_POLYGONS:
                area += _polygon_area([m.apply(x, y) for x, y in prim.points])
            elif isinstance(prim, Group) and prim.cls == "cover-art" and "width-mm" in prim.data:
                area += float(prim.data["width-mm"]) * float(prim.data["height-mm"])
    return area / (page.width * page.height)


def measure(game: str, paper: object, lang: str, values: dict[str, bool | int | str]) -> tuple[int, list[str]]:
    job = KitJob(game, None, None, KitContext(paper, lang, None, BoxOptions(), values), frozenset({"pdf"}), 100,
                 Path("."))
    pages = draw_job(job).pages
    sheets = len(pages) // 2
    from pnp.components.duplex import Sheet

    layout = [Sheet(pages[i].component, pages[i].page, None) for i in range(0, len(pages), 2)]
    cards = [f"{sheet.component} {100 * used_share(sheet.front):.0f} %"
             for sheet, row in zip(layout, rows(layout), strict=True) if row.paper == CARD]
    return sheets, cards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="also write the table to this file")
    args = parser.parse_args()
    lines = ["| kit | paper | lang | sheets | card sheets | card sheets used (% of the page) |",
             "|---|---|---|---|---|---|"]
    for game, values in KITS:
        for paper in (A4, LETTER):
            for lang in ("en", "de"):
                sheets, cards = measure(game, paper, lang, values)
                name = game + "".join(f" --{k.replace('_', '-')}" + ("" if v is True else f" {v}")
                                      for k, v in values.items())
                lines.append(f"| {name} | {paper.name} | {lang} | {sheets} | {len(cards)} | {', '.join(cards)} |")
    table = "\n".join(lines)
    print(table)
    if args.out:
        args.out.write_text(table + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
