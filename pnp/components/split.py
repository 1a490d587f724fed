"""Spread a page that is larger than the paper over several sheets, to be taped together.

The page is cut at seams: lines that no important drawing crosses (a board's field edges, say).
Every top-level item goes whole onto the sheet its centre lies on, moved by that sheet's offset,
so nothing is clipped. Each sheet but the last carries a tinted overlap strip of `overlap` mm just
past its seam; the next sheet is cut along its own seam line and laid on that strip. Triangles
above and below the content point at the seam on both sheets and meet when the sheets are aligned.

Offsets are kept on each sheet's piece group (`data-dx`, `data-dy`): subtracting them gives back
the coordinates of the one big page, which is how the tests reassemble the sheets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from pnp.components.sheets import content_box
from pnp.draw.affine import Affine, BBox, union_all
from pnp.draw.paper import Paper
from pnp.draw.scene import CUT, GLUE, Group, Page, Primitive, filled
from pnp.draw.text import pt, vertical_extent
from pnp.errors import LayoutError
from pnp.i18n import Texts

TOLERANCE_MM = 0.5  # strokes shared by neighbouring shapes may poke this far over a seam
MARK_MM = 4.0
ALIGN_BAND_MM = MARK_MM + 2.0  # room above and below the content for the alignment triangles
INK = "#000000"
WORDS = Texts({
    "first": {"en": "sheet {n} of {m}: glue sheet {next} onto the tinted strip; the triangles meet at the seam",
              "de": "Bogen {n} von {m}: Bogen {next} auf den getönten Streifen kleben; die Dreiecke treffen sich "
                    "an der Naht"},
    "middle": {"en": "sheet {n} of {m}: cut along the left line, lay it on sheet {prev}; glue sheet {next} "
                     "onto the strip",
               "de": "Bogen {n} von {m}: an der linken Linie schneiden, auf Bogen {prev} legen; Bogen {next} "
                     "auf den Streifen kleben"},
    "last": {"en": "sheet {n} of {m}: cut along the left line and lay it on the strip of sheet {prev}",
             "de": "Bogen {n} von {m}: an der linken Linie schneiden und auf den Streifen von Bogen {prev} legen"},
    "strip": {"en": "glue · sheet {next} here", "de": "kleben · Bogen {next} hierauf"},
})


@dataclass(frozen=True)
class Piece:
    start: float  # seam (or content edge) on the big page where this sheet's part begins
    end: float
    dx: float  # big page -> sheet
    dy: float


def _extent(item: Primitive) -> BBox | None:
    return item.bbox()


def _crosses(items: Sequence[tuple[Primitive, BBox]], seam: float) -> bool:
    return any(bool(item.important) and box.x0 < seam - TOLERANCE_MM and box.x1 > seam + TOLERANCE_MM
               for item, box in items)


def choose_seams(items: Sequence[tuple[Primitive, BBox]], content: BBox, room: float, overlap: float,
                 candidates: Sequence[float] | None = None) -> list[float]:
    """Seams no important item crosses, as evenly spaced as the room on a sheet allows."""
    options = sorted(set(candidates if candidates is not None
                         else [v for _, box in items for v in (box.x0, box.x1)]))
    clean = [s for s in options if content.x0 < s < content.x1 and not _crosses(items, s)]
    # Greedy from the left tells how many sheets are needed at least.
    seams: list[float] = []
    start = content.x0
    while content.x1 - start > room + 1e-9:
        fitting = [s for s in clean if s > start + 1e-9 and s - start + overlap <= room + 1e-9]
        if not fitting:
            raise LayoutError(f"split: no seam within {room - overlap:.0f} mm of {start:.0f} mm that crosses "
                              f"nothing; the page cannot be spread over sheets of this paper")
        seams.append(fitting[-1])
        start = seams[-1]
    # Then the same number of seams, each nearest to an even share, if every part still fits.
    count = len(seams) + 1
    even = [min(clean, key=lambda s, i=i: abs(s - (content.x0 + i * content.width / count)))
            for i in range(1, count)]
    edges = [content.x0, *even, content.x1]
    fits = all(b - a + (overlap if i < count - 1 else 0) <= room + 1e-9 and b > a
               for i, (a, b) in enumerate(pairwise(edges)))
    return even if fits else seams


def split_page(page: Page, paper: Paper, *, overlap: float = 15.0, seams: Sequence[float] | None = None,
               lang: str = "en") -> list[Page]:
    """The page's content spread left to right over sheets of `paper`, with overlap strips and marks."""
    sheet_box = content_box(Page.for_paper(paper))
    items = [(item, box) for item in page.items if (box := _extent(item)) is not None]
    content = union_all(box for _, box in items)
    if content is None:
        raise LayoutError(f"split: {page.label or 'page'} is empty")
    band = ALIGN_BAND_MM
    if content.height + 2 * band > sheet_box.height:
        raise LayoutError(f"split: {page.label or 'page'} content is {content.height:.0f} mm tall; "
                          f"{paper} leaves {sheet_box.height - 2 * band:.0f} mm")
    cuts = choose_seams(items, content, sheet_box.width, overlap, seams)
    edges = [content.x0, *cuts, content.x1]
    dy = sheet_box.y0 + (sheet_box.height - content.height) / 2 - content.y0
    pieces = []
    for index, (start, end) in enumerate(pairwise(edges)):
        width = end - start + (overlap if index < len(cuts) else 0)
        pieces.append(Piece(start, end, sheet_box.x0 + (sheet_box.width - width) / 2 - start, dy))
    sheets = []
    for index, piece in enumerate(pieces):
        last = index == len(pieces) - 1
        mine = [item for item, box in items
                if piece.start <= (box.x0 + box.x1) / 2 < piece.end or (last and (box.x0 + box.x1) / 2 >= piece.end)]
        sheets.append(_sheet(page, paper, mine, piece, index, len(pieces), overlap, content, lang))
    return sheets


def _sheet(page: Page, paper: Paper, items: list[Primitive], piece: Piece, index: int, count: int,
           overlap: float, content: BBox, lang: str) -> Page:
    sheet = Page.for_paper(paper, label=f"{page.label or 'page'} {index + 1}/{count}")
    sheet.add(Group(children=tuple(items), transform=Affine.translate(piece.dx, piece.dy), cls="split-piece",
                    data={"piece": str(index), "of": str(count), "dx": f"{piece.dx:.4f}", "dy": f"{piece.dy:.4f}",
                          "from": f"{piece.start:.4f}", "to": f"{piece.end:.4f}", "overlap-mm": f"{overlap:g}"}))
    top, bottom = content.y0 + piece.dy, content.y1 + piece.dy
    words = WORDS.of(lang)
    if index < count - 1:  # the overlap strip the next sheet is glued onto, and triangles at its seam
        x = piece.end + piece.dx
        sheet.rect(x, top, overlap, bottom - top, style=GLUE, cls="overlap-strip",
                   data={"overlap-mm": f"{overlap:g}", "seam": f"{piece.end:.4f}"})
        sheet.text(x + overlap / 2 + pt(8) * 0.36, (top + bottom) / 2, words["strip"].format(next=index + 2),
                   pt(8), anchor="middle", rotation=90, style=filled("#555555"))
        _triangles(sheet, x, top, bottom, pointing=1, seam=piece.end)
    if index > 0:  # this sheet is cut at its seam and laid on the previous sheet's strip
        x = piece.start + piece.dx
        sheet.line(x, top - MARK_MM - 1.5, x, bottom + MARK_MM + 1.5, style=CUT, cls="seam-cut",
                   data={"seam": f"{piece.start:.4f}"})
        _triangles(sheet, x, top, bottom, pointing=-1, seam=piece.start)
    key = "first" if index == 0 else "last" if index == count - 1 else "middle"
    note = words[key].format(n=index + 1, m=count, next=index + 2, prev=index)
    safe = content_box(sheet)
    descent = vertical_extent(pt(7))[1]  # the note's lowest glyphs stay above the footer band
    sheet.text(safe.x0, safe.y1 - descent - 0.2, note, pt(7), style=filled("#444444"), cls="split-note")
    return sheet


def _triangles(sheet: Page, x: float, top: float, bottom: float, pointing: int, seam: float) -> None:
    """Two filled triangles whose tips touch the seam line at x, above and below the content."""
    for y in (top - MARK_MM / 2 - 1.0, bottom + MARK_MM / 2 + 1.0):
        back = x - pointing * MARK_MM
        sheet.polygon([(x, y), (back, y - MARK_MM / 2), (back, y + MARK_MM / 2)], style=filled(INK),
                      cls="align-mark", data={"seam": f"{seam:.4f}", "side": "before" if pointing > 0 else "after"})
