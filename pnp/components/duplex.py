"""The order of a kit's pages for printing the whole PDF two-sided, flipped on the long edge.

A duplex printer puts page 2k on the back of page 2k-1. So every sheet of paper gets two pages:
a front with its back (a page drawn with `back=True` follows its front), or a one-sided page with
a blank that says it is blank on purpose. A back's footer names the page it belongs behind, so a
sheet printed on its own still finds its front.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.draw.paper import Paper
from pnp.draw.scene import Page, filled
from pnp.draw.text import pt
from pnp.errors import LayoutError
from pnp.i18n import KIT, Texts

BLANK = "blank"

# How a sheet printed on one side goes through the printer again for its back, as the guide and the
# printer check tell it: turned over its long edge like the page of a book, so the same (top) edge goes
# in first again. Turned end over end instead, every back lands upside down, rotated 180 degrees.
BOOK_TURN = "book"
END_OVER_END = "end over end"
ONE_SIDED_TURN = BOOK_TURN


WORDS = Texts({
    "blank": {"en": "This page is intentionally blank.", "de": "Diese Seite bleibt absichtlich leer."},
    "blank why": {"en": "It keeps every back of this kit behind its front when the whole file is "
                        "printed two-sided.",
                  "de": "So liegt jede Rückseite dieses Bausatzes hinter ihrer Vorderseite, wenn die "
                        "ganze Datei beidseitig gedruckt wird."},
    "back of": {"en": "back of page {n}", "de": "Rückseite von Seite {n}"},
})


@dataclass(frozen=True)
class Sheet:
    """One sheet of paper: a component's front page and the page printed on its back, if any."""

    component: str
    front: Page
    back: Page | None

    @property
    def two_sided(self) -> bool:
        return self.back is not None


def sheets(pages: Sequence[tuple[str, Page]]) -> list[Sheet]:
    """(component, page) in drawing order, grouped into sheets: a back joins the page before it."""
    out: list[Sheet] = []
    for index, (component, page) in enumerate(pages):
        if not page.back:
            out.append(Sheet(component, page, None))
            continue
        before = out[-1] if out else None
        if before is None or before.back is not None or before.component != component \
                or before.front.back or pages[index - 1][1] is not before.front:
            raise LayoutError(f"{component}: page {index + 1} is a back but follows no front of its own")
        out[-1] = Sheet(component, before.front, page)
    return out


def first_pages(layout: Sequence[Sheet]) -> list[int]:
    """The page number of each sheet's front in the printed order: 1, 3, 5..."""
    return [2 * index + 1 for index in range(len(layout))]


def printed_order(layout: Sequence[Sheet], paper: Paper, lang: str) -> list[tuple[str, Page, int | None]]:
    """(component, page, number of the page it lies behind or None) for every page, blanks included."""
    out: list[tuple[str, Page, int | None]] = []
    for sheet, first in zip(layout, first_pages(layout), strict=True):
        out.append((sheet.component, sheet.front, None))
        if sheet.back is not None:
            out.append((sheet.component, sheet.back, first))
        else:
            size = Paper(paper.name, sheet.front.width, sheet.front.height)
            out.append((BLANK, blank_page(size, lang), first))
    return out


def blank_page(paper: Paper, lang: str) -> Page:
    """The back of a one-sided sheet: says it is empty on purpose, in small grey type."""
    page = Page.for_paper(paper, label=BLANK, back=True)
    y = page.height / 2
    page.text(page.width / 2, y, WORDS(lang, "blank"), pt(11), anchor="middle", cls="blank-note",
              style=filled("#777777"))
    page.text(page.width / 2, y + 6, WORDS(lang, "blank why"), pt(7.5), anchor="middle", cls="blank-why",
              style=filled("#999999"))
    return page


def back_part(part: str, front: int, lang: str) -> str:
    """A back page's footer part: its part name and the page it belongs behind."""
    return f"{KIT.get(lang, part, part)} · {WORDS(lang, 'back of', n=front)}"
