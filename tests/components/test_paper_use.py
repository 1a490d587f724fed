"""The card a kit prints, read back from the written PDF and SVG files: Zatre's tile sheet carries the box
lid's cover card, Rautino's cover is half a sheet with a second set of shape cards on the other half, a lid
under a card cover prints no art of its own, and Letter Triomino prints its 56 tiles on one card sheet."""

from __future__ import annotations

import dataclasses
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp import games
from pnp.components.boxfit import pieces_fit
from pnp.components.boxspec import settings_for
from pnp.components.margins import sheet_margins
from pnp.draw.paper import A4, LETTER, SAFE_MARGIN_MM
from pnp.kit import build_kits, kit_context

SVG_NS = "{http://www.w3.org/2000/svg}"
MARK_MM = 2.0  # the kit's least distance of a mark to a cut line
LID = (130.0, 102.0)  # the shipped specs' box lid
TRANSLATE = re.compile(r"matrix\(1 0 0 1 ([-\d.]+) ([-\d.]+)\)")


def _kit(tmp_path: Path, game: str, paper, lang: str = "en", **values) -> tuple[list[str], dict[str, ET.Element]]:
    """The kit's PDF page texts, and its SVG pages by file name."""
    out = tmp_path / "out"
    build_kits([game], output=out, formats=frozenset({"pdf", "svg"}), paper=paper, lang=lang, values=values)
    reader = PdfReader(out / game / f"{game}-kit.pdf")
    pages = {path.stem: ET.parse(path).getroot() for path in sorted((out / game).glob(f"{game}-*.svg"))}
    return [page.extract_text() for page in reader.pages], pages


def _one(pages: dict[str, ET.Element], part: str) -> ET.Element:
    (page,) = [root for name, root in pages.items() if name.endswith(f"-{part}")]
    return page


def _box(pages: dict[str, ET.Element]) -> ET.Element:
    """The box's pages (one hinged net, or a telescoping box's tray and lid) as one tree."""
    tree = ET.Element("box")
    tree.extend(root for name, root in pages.items() if name.endswith("-box"))
    return tree


def _of_class(root: ET.Element, cls: str, tag: str | None = None) -> list[ET.Element]:
    return [el for el in root.iter() if el.get("class") == cls and (tag is None or el.tag == f"{SVG_NS}{tag}")]


def _size(root: ET.Element) -> tuple[float, float]:
    _, _, width, height = map(float, root.get("viewBox").split())
    return width, height


def _front_pages(pages: dict[str, ET.Element], part: str) -> list[ET.Element]:
    """A part's front pages: a sheet is two pages, its front on the odd page number (game-NN-part)."""
    return [root for name, root in pages.items() if name.endswith(f"-{part}") and int(name.split("-")[1]) % 2]


@pytest.mark.parametrize(("paper", "lang"), [(A4, "en"), (LETTER, "de")])
def test_zatre_tile_card_carries_the_lid_cover_and_the_lid_prints_none(tmp_path, paper, lang) -> None:
    texts, pages = _kit(tmp_path, "zatre", paper, lang)
    (tiles,) = _front_pages(pages, "tiles")
    (cut,) = _of_class(tiles, "cover-cut", "rect")
    trim = [float(cut.get(k)) for k in ("x", "y", "width", "height")]
    assert tuple(trim[2:]) == LID
    width, height = _size(tiles)
    # Every tile's crop mark ends the kit's margin above the cover's cut line; the card lies in the safe area.
    marks = [max(float(m.get("y1")), float(m.get("y2"))) for m in _of_class(tiles, "crop-mark", "line")]
    assert trim[1] - max(marks) >= SAFE_MARGIN_MM - 1e-6
    assert trim[0] >= SAFE_MARGIN_MM and trim[0] + trim[2] <= width - SAFE_MARGIN_MM
    # The card's picture and name keep the mark margin inside its cut.
    (art,) = _of_class(tiles, "cover-art", "g")
    fields = [r for r in art.iter(f"{SVG_NS}rect") if r.get("class") == "field"]
    dx, dy = map(float, TRANSLATE.fullmatch(art.get("transform")).groups())
    for field in fields:
        x, y = dx + float(field.get("x")), dy + float(field.get("y"))
        assert x - trim[0] >= MARK_MM and trim[0] + trim[2] - (x + float(field.get("width"))) >= MARK_MM
        assert y - trim[1] >= MARK_MM and trim[1] + trim[3] - (y + float(field.get("height"))) >= MARK_MM
    # The tiles and the card use twice as much of the card sheet as the tiles alone did (27 %).
    tile_mm = float(_of_class(tiles, "tile", "g")[0].get("data-size-mm"))
    used = (len(_of_class(tiles, "tile", "g")) * tile_mm ** 2 + trim[2] * trim[3]) / (width * height)
    assert len(_of_class(tiles, "tile", "g")) == 121 and used >= 0.45
    # The box lid prints where the card goes, not the art again; the kit prints no more sheets than before.
    box = _box(pages)
    assert len(_of_class(box, "cover-frame-glue")) == 1 and not _of_class(box, "cover-art")
    assert len(texts) == (14 if paper is A4 else 16)
    guide = " ".join(" ".join(texts[:2]).split())  # the guide, both sides of its sheet
    assert ("Cover card (page 7), before anything is laminated" if lang == "en"
            else "Deckelbild (Seite 7), bevor etwas laminiert wird") in guide
    assert ("glue it onto the grey area" if lang == "en" else "auf die graue Fläche des Schachteldeckels") in guide


@pytest.mark.parametrize(("paper", "lang"), [(A4, "en"), (A4, "de"), (LETTER, "en")])
def test_rautino_cover_is_half_a_sheet_with_shape_cards_on_the_other_half(tmp_path, paper, lang) -> None:
    texts, pages = _kit(tmp_path, "rautino", paper, lang, cover=True)
    cover = _one(pages, "cover")
    _, height = _size(cover)
    (background,) = _of_class(cover, "cover-background", "rect")
    (art,) = _of_class(cover, "cover-art", "g")
    assert (float(art.get("data-width-mm")), float(art.get("data-height-mm"))) == LID
    _, top = map(float, TRANSLATE.fullmatch(art.get("transform")).groups())
    bleed_bottom = top + float(background.get("y")) + float(background.get("height"))
    marks = [max(float(m.get("y1")), float(m.get("y2"))) for m in _of_class(cover, "crop-mark", "line")]
    (half,) = _of_class(cover, "half-cut", "line")
    assert float(half.get("y1")) == float(half.get("y2")) == pytest.approx(height / 2)
    assert max(bleed_bottom, *marks) < height / 2  # the cover and its marks: the top half
    # The lower half: the board's shape cards again, each whole below the middle line.
    cards = _of_class(cover, "legend-card", "rect")
    assert len(cards) == len(_of_class(_one(pages, "board"), "legend-card", "rect")) == 4
    assert all(float(c.get("y")) > height / 2 + MARK_MM for c in cards)
    assert all(float(c.get("y")) + float(c.get("height")) <= height - SAFE_MARGIN_MM for c in cards)
    # With the cover the lid prints a glue area; without it the lid prints the art (the default).
    box = _box(pages)
    assert len(_of_class(box, "cover-frame-glue")) == 1 and not _of_class(box, "cover-art")
    _, plain = _kit(tmp_path / "plain", "rautino", paper, lang)
    assert not any(name.endswith("-cover") for name in plain)
    box = _box(plain)
    assert len(_of_class(box, "cover-art")) == 1 and not _of_class(box, "cover-frame-glue")
    guide = " ".join(" ".join(texts[:2]).split())  # the guide, both sides of its sheet
    assert ("cut the sheet in half along the line across its middle" if lang == "en"
            else "den Bogen an der Linie quer durch die Mitte halbieren") in guide
    assert ("stays unlaminated" if lang == "en" else "bleibt unlaminiert") in guide
    # Eight shape cards go into the box and still fit.
    game = games.get("rautino")
    model = game.load(None)
    contents = game.kit_box_contents(model, kit_context(paper, lang, cover=True))
    assert next(s for s in contents if s.name == "legend cards").count == 8
    settings = settings_for(model)
    assert pieces_fit(settings.size, settings.paper_thickness, contents).fits


def _tile_sides(root: ET.Element) -> list[float]:
    sides = []
    for tile in _of_class(root, "tile", "g"):
        face = next(p for p in tile.iter(f"{SVG_NS}polygon"))
        points = [tuple(map(float, pair.split(","))) for pair in face.get("points").split()]
        sides += [math.dist(a, b) for a, b in zip(points, [*points[1:], points[0]], strict=True)]
    return sides


@pytest.mark.parametrize(("paper", "edge", "values", "sheets", "side"), [
    (LETTER, "fit", {}, 1, 38.5), (LETTER, "spec", {"tile_edge": "spec"}, 2, 40.0), (A4, "fit", {}, 1, 40.0),
    (A4, "spec", {"tile_edge": "spec"}, 1, 40.0)])
def test_triomino_tiles_take_the_fewest_card_sheets_at_a_playable_edge(tmp_path, paper, edge, values, sheets,
                                                                       side) -> None:
    texts, pages = _kit(tmp_path, "triomino", paper, **values)
    fronts = _front_pages(pages, "tiles")
    assert len(fronts) == sheets
    assert sum(len(_of_class(front, "tile", "g")) for front in fronts) == 56
    assert all(s == pytest.approx(side, abs=1e-3) for front in fronts for s in _tile_sides(front))
    assert sum(1 for text in texts if "Triomino · tiles" in text) == 2 * sheets  # fronts and backs, by footer
    game = games.get("triomino")
    model = game.load(None)
    settings = settings_for(model)
    contents = game.kit_box_contents(model, kit_context(paper, tile_edge=edge))
    assert contents[0].width == side and pieces_fit(settings.size, settings.paper_thickness, contents).fits


def test_the_smallest_triomino_edge_still_cuts_safely_and_is_never_undercut() -> None:
    from pnp.games.triomino.kit.tiles import sheet_count, tile_edge
    from pnp.games.triomino.options import MIN_TILE_EDGE_MM

    game = games.get("triomino")
    model = game.load(None)
    smallest = dataclasses.replace(model, side_mm=MIN_TILE_EDGE_MM)
    pages = game.impl.components["tiles"](smallest, kit_context(LETTER, tile_edge="spec"))
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        margins = sheet_margins(front, back)
        assert margins.inside_mm >= MARK_MM and margins.cover_mm >= 3.0 - 0.002
    for side in (30.0, 40.0, 44.0, 50.0):
        for count in (1, 4):
            bigger = dataclasses.replace(model, side_mm=side, tiles=model.tiles * count)
            ctx = kit_context(LETTER)
            chosen = tile_edge(bigger, ctx)
            n = len(bigger.tiles)
            # The spec's edge, or a smaller one no smaller than the floor that needs fewer sheets.
            assert chosen == side or (MIN_TILE_EDGE_MM <= chosen < side
                                      and sheet_count(ctx, chosen, n) < sheet_count(ctx, side, n))
