"""The printer check: one sheet, front and back, to print before a kit.

Front: 100 mm bars across and down, a 50 mm square, marks 3, 5 and 8 mm from every edge (to
see where the printer stops) and the instruction to print at actual size. Back: the duplex
target at the mirrored position, so holding the sheet to the light shows whether long-edge
duplex lines fronts up with backs.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from pnp import __version__
from pnp.draw.affine import Affine
from pnp.draw.paper import Paper
from pnp.draw.primitives import HAIRLINE, Style, filled
from pnp.draw.scene import Page, footer, scale_bar
from pnp.draw.text import Bullets, Heading, layout_flow, pt, text_width
from pnp.errors import LayoutError
from pnp.i18n import Texts

COMPONENT = "printer check"
MIN_SIZE = (150.0, 250.0)  # portrait mm: two 100 mm bars and the square; the notes need more (minimum_size)
EDGE_MARKS = (3.0, 5.0, 8.0)
GREY = "#6b6b6b"
TINT = "#eeeeee"
TARGET_Y = 172.0  # duplex target centre, mm from the top
TARGET_DX = 38.0  # and from the vertical centre line (right on the front, left on the back)
FEED_X = 16.0  # the feed arrow's shaft, mm from the left edge of the front (from the right on the back)
FEED_TIP_Y = 10.0  # its tip, mm below the top edge: the edge that goes into the printer first
FEED_LENGTH = 14.0


WORDS = Texts({
    "title": {"en": "Printer check", "de": "Druckertest"},
    "paper": {"en": "pnp print-and-play · paper {paper}", "de": "pnp · Papier {paper}"},
    "actual size": {"en": "Print at 100 % / actual size — do not 'fit to page'",
                    "de": "Mit 100 % / in Originalgröße drucken — nicht „an Seite anpassen“"},
    "bars": {"en": "Both bars must measure exactly 100 mm with a ruler.",
             "de": "Beide Balken müssen mit dem Lineal gemessen genau 100 mm lang sein."},
    "every side": {"en": "every side 50 mm", "de": "jede Seite 50 mm"},
    "duplex": {"en": "Duplex check", "de": "Duplextest"},
    "front steps": {"en": ("Print the next page on the", "back, flip on the long edge.",
                           "By hand: put the sheet back", "blank face where the printer",
                           "prints, arrow edge first, then", "print. Hold to the light: the",
                           "targets should overlap."),
                    "de": ("Die nächste Seite auf die", "Rückseite drucken, an der", "langen Kante wenden. Von",
                           "Hand: den Bogen so einlegen,", "dass der Drucker die leere", "Seite bedruckt, Pfeilkante",
                           "zuerst; dann drucken. Gegen", "das Licht: die Zielkreuze", "sollen sich decken.")},
    "how to read": {"en": "How to read this sheet", "de": "So liest du diesen Bogen"},
    "notes": {"en": ("Measure both bars from 0 to 100. If they are off by more than 1 mm, switch off "
                     "'fit to page' or 'shrink oversized pages' in the print dialog and print again.",
"Edge marks: the lines 3, 5 and 8 mm from each edge show where your printer stops. "
                     "Every kit keeps its pieces 8 mm inside the edge, so the 8 mm lines must print.",
                     "Duplex: if the targets do not overlap, note the offset; flip on the short edge "
                     "instead if the back came out upside down."),
              "de": ("Beide Balken von 0 bis 100 messen. Weichen sie um mehr als 1 mm ab, im Druckdialog "
                     "„An Seite anpassen“ oder „Übergroße Seiten verkleinern“ ausschalten und neu drucken.",
"Randmarken: Die Linien 3, 5 und 8 mm vom Rand zeigen, wie weit dein Drucker druckt. "
                     "Jeder Bausatz hält seine Teile 8 mm vom Rand entfernt, die 8-mm-Linien müssen also "
                     "zu sehen sein.",
                     "Duplex: Decken sich die Zielkreuze nicht, den Versatz notieren; steht die Rückseite "
                     "auf dem Kopf, stattdessen an der kurzen Kante wenden.")},
    "back title": {"en": "Printer check — back", "de": "Druckertest — Rückseite"},
    "back note": {"en": "This side is for the duplex check only.", "de": "Diese Seite dient nur dem Duplextest."},
    "back steps": {"en": ("Seen against the light, this", "target should cover the one",
                          "on the front. Each ring is 2 mm."),
                   "de": ("Gegen das Licht gehalten soll", "dieses Zielkreuz das auf der", "Vorderseite decken.",
                          "Die Ringe liegen 2 mm auseinander.")},
    "feed": {"en": ("This edge into", "the printer first"), "de": ("Diese Kante zuerst", "in den Drucker")},
    "feed back": {"en": ("The same edge", "went in first"), "de": ("Dieselbe Kante", "ging zuerst hinein")},
    # A sheet printed one side at a time goes in again blank face where the printer prints, the same (top)
    # edge first: turned over like the page of a book. What went wrong shows on this side, and how to fix it.
    "turn": {"en": ("Printed one side at a time? The sheet went back in blank face where the printer prints,",
                    "this edge first. The arrow on the back must cover the front's, pointing up too.",
                    "Arrow at the bottom? The sheet went in bottom edge first: feed the next one this edge first.",
                    "Printed over the front? It lay the wrong face up: put the next one in the other face up."),
             "de": ("Seitenweise gedruckt? Der Bogen kam mit der leeren Seite dorthin, wo der Drucker druckt,",
                    "diese Kante zuerst. Der Pfeil hinten muss den vorderen decken und auch nach oben zeigen.",
                    "Pfeil unten? Der Bogen ging mit der Unterkante zuerst hinein: den nächsten mit dieser Kante "
                    "zuerst einlegen.",
                    "Auf die Vorderseite gedruckt? Er lag falsch herum: den nächsten mit der anderen Seite nach "
                    "oben einlegen.")},
    "front": {"en": "FRONT", "de": "VORNE"},
    "back": {"en": "BACK", "de": "HINTEN"},
})


def calibration_pages(paper: Paper, lang: str = "en") -> list[Page]:
    """The two pages of the check, without footers: a kit numbers them as its own first pages."""
    sheet = paper.portrait()
    if sheet.width < MIN_SIZE[0] or sheet.height < MIN_SIZE[1] or not _fits(sheet.width, sheet.height, lang):
        width, height = minimum_size(lang)
        raise LayoutError(f"{COMPONENT}: paper {sheet} is too small; the check needs at least "
                          f"{width:g} x {height:g} mm")
    return [_front(sheet, lang), _back(sheet, lang)]


def calibration_sheet(paper: Paper, lang: str = "en") -> list[Page]:
    """The check on its own, as `pnp calibrate` prints it: pages 1/2 and 2/2."""
    pages = calibration_pages(paper, lang)
    for number, page in enumerate(pages, 1):
        footer(page, "pnp", "calibration", number, len(pages), __version__, lang)
    return pages


def _fits(width: float, height: float, lang: str) -> bool:
    sheet = Paper("", width, height)
    try:
        for page in (_front(sheet, lang), _back(sheet, lang)):
            page.check_safe_area(page.label)
    except LayoutError:
        return False
    return True


@functools.cache
def minimum_size(lang: str = "en") -> tuple[float, float]:
    """The smallest portrait paper (whole mm) the sheet fits, found by drawing it: the narrowest
    width on tall paper, then the lowest height at that width."""
    def smallest(low: int, high: int, fits: Callable[[int], bool]) -> int:
        while low < high:
            middle = (low + high) // 2
            low, high = (low, middle) if fits(middle) else (middle + 1, high)
        return low

    width = smallest(int(MIN_SIZE[0]), 600, lambda w: _fits(w, 600, lang))
    return float(width), float(smallest(int(MIN_SIZE[1]), 600, lambda h: _fits(width, h, lang)))


def _front(paper: Paper, lang: str) -> Page:
    page = Page.for_paper(paper, label=f"{COMPONENT} (front)")
    cx = paper.width / 2
    words = WORDS.of(lang)

    page.text(cx, 22, words["title"], pt(20), weight="bold", anchor="middle")
    page.text(cx, 29, WORDS(lang, "paper", paper=paper), pt(9), anchor="middle", style=_grey())

    # The one instruction that matters most, in a tinted box sized to the text.
    warning = words["actual size"]
    size = pt(12)
    while text_width(warning, size, bold=True) > paper.width - 2 * page.safe_margin - 12:
        size *= 0.95
    box_w = text_width(warning, size, bold=True) + 12
    page.rect(cx - box_w / 2, 35, box_w, 13, radius=2, style=filled(TINT, stroke="#000000", width=0.4))
    page.text(cx, 43.3, warning, size, weight="bold", anchor="middle", cls="print-at-100")

    # Horizontal 100 mm bar, centred.
    page.text(cx, 58, words["bars"], pt(9), anchor="middle")
    scale_bar(page, cx - 50, 78, 100, detail=True)

    # Vertical 100 mm bar on the left, the 50 mm square to its right.
    scale_bar(page, cx - 62, 95, 100, vertical=True, detail=True)
    sq_x, sq_y = cx - 20, 95
    page.rect(
        sq_x,
        sq_y,
        50,
        50,
        style=Style(stroke="#000000", stroke_width=0.3, fill="#f6f6f6"),
        cls="calibration-square",
        data={"size-mm": "50"},
        label="50 mm square",
    )
    page.text(sq_x + 25, sq_y + 24, "50 × 50 mm", pt(12), weight="bold", anchor="middle")
    page.text(sq_x + 25, sq_y + 30, words["every side"], pt(8), anchor="middle", style=_grey())

    _duplex_target(page, cx + TARGET_DX, TARGET_Y, "front", words["front"])
    page.text(cx - 20, TARGET_Y - 4, words["duplex"], pt(10), weight="bold")
    for i, line in enumerate(words["front steps"]):
        page.text(cx - 20, TARGET_Y + 1 + i * 4.2, line, pt(8.5))

    _feed_mark(page, FEED_X, "front", words["feed"])
    notes = [Heading(words["how to read"], level=2), Bullets(words["notes"])]
    block = layout_flow(notes, cx - 70, 208, 140, paper.height - 208 - 16, component=COMPONENT)
    page.extend(block.primitives)

    _edge_marks(page)
    return page


def _back(paper: Paper, lang: str) -> Page:
    page = Page.for_paper(paper, label=f"{COMPONENT} (back)", back=True)
    cx = paper.width / 2
    words = WORDS.of(lang)
    page.text(cx, 22, words["back title"], pt(16), weight="bold", anchor="middle")
    page.text(cx, 29, words["back note"], pt(9), anchor="middle", style=_grey())
    # The back goes through the printer again: its scale is worth checking too.
    scale_bar(page, cx - 50, 78, 100, detail=True)
    # Long-edge duplex mirrors left and right: the front target at cx + d lands here at cx - d.
    x = paper.width - (cx + TARGET_DX)
    _duplex_target(page, x, TARGET_Y, "back", words["back"])
    page.text(cx - 8, TARGET_Y - 4, words["duplex"], pt(10), weight="bold")
    for i, line in enumerate(words["back steps"]):
        page.text(cx - 8, TARGET_Y + 1 + i * 4.2, line, pt(8.5))
    # Turned like a book page the sheet still goes in top edge first: the front's arrow lands here.
    _feed_mark(page, paper.width - FEED_X, "back", words["feed back"])
    for i, line in enumerate(words["turn"]):
        page.text(cx, 40 + i * 4.2, line, pt(8.5), anchor="middle", cls="turn-note")
    return page


def _feed_mark(page: Page, x: float, side: str, words: tuple[str, ...]) -> None:
    """An arrow pointing at the top edge, the one that goes into the printer first, and its label beside
    it: right of it on the front, left of it on the back (where the front's arrow shows through)."""
    with page.group(cls="feed-mark", data={"side": side, "x-mm": f"{x:g}", "tip-mm": f"{FEED_TIP_Y:g}"},
                    label="feed arrow") as g:
        head = 3.0
        g.polygon([(x, FEED_TIP_Y), (x - head / 1.6, FEED_TIP_Y + head), (x + head / 1.6, FEED_TIP_Y + head)],
                  style=filled("#000000"), cls="feed-arrow")
        g.line(x, FEED_TIP_Y + head, x, FEED_TIP_Y + FEED_LENGTH, style=Style(stroke="#000000", stroke_width=0.8),
               cls="feed-arrow")
        right = side == "front"
        for i, line in enumerate(words):
            g.text(x + (4.0 if right else -4.0), FEED_TIP_Y + 3.5 + i * 4.0, line, pt(9), weight="bold",
                   anchor="start" if right else "end")


def _grey() -> Style:
    return Style(stroke=None, fill=GREY)


def _duplex_target(page: Page, x: float, y: float, side: str, name: str) -> None:
    """Rings 2 mm apart and a cross hair: the offset between front and back reads off directly."""
    with page.group(
        Affine.translate(x, y), cls="duplex-mark", data={"side": side}, label="duplex target"
    ) as g:
        for r in (2.0, 4.0, 6.0, 8.0):
            g.circle(0, 0, r, style=Style(stroke="#000000", stroke_width=0.3 if r == 8.0 else 0.15))
        g.line(-11, 0, 11, 0, style=HAIRLINE)
        g.line(0, -11, 0, 11, style=HAIRLINE)
        g.text(0, 15, name, pt(9), weight="bold", anchor="middle")


def _edge_marks(page: Page) -> None:
    """Short lines parallel to each edge, staggered so their labels never collide."""
    w, h = page.width, page.height
    mark = Style(stroke="#000000", stroke_width=0.2)
    label = pt(6.5)
    for i, d in enumerate(EDGE_MARKS):
        half = 15.0 - 4.0 * i
        common = {"style": mark, "layer": "marks", "cls": "edge-mark", "data": {"inset-mm": f"{d:g}"}}
        tcommon = {"layer": "marks", "cls": "edge-mark-label", "anchor": "middle"}
        # top and bottom: horizontal lines centred on the sheet
        for y in (d, h - d):
            page.line(w / 2 - half, y, w / 2 + half, y, **common)
            page.text(w / 2 - half - 2.0, y + label * 0.36, f"{d:g}", label, **tcommon)
        # left and right: vertical lines centred on the sheet
        for x in (d, w - d):
            page.line(x, h / 2 - half, x, h / 2 + half, **common)
            page.text(x, h / 2 - half - 1.0, f"{d:g}", label, **tcommon)
