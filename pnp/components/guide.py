"""The print and assembly guide, the first page of every kit, in the kit's language.

Its table has a row for every sheet of paper the kit prints, made from the kit's own sheets and
page numbers, so it cannot disagree with the file. Below it: how to print, in which order to cut,
how to make the box and how the board goes into it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.components.boxfit import BOARD_HINGED, BOARD_PANELS
from pnp.components.duplex import Sheet, first_pages
from pnp.components.sheets import content_box, title_band
from pnp.draw.paper import Paper
from pnp.draw.scene import Page, filled, stroked
from pnp.draw.text import (
    Bullets,
    FlowStyle,
    Heading,
    Paragraph,
    layout_flow,
    pt,
    text_width,
    vertical_extent,
    wrap,
)
from pnp.i18n import KIT, Texts, times

if TYPE_CHECKING:
    from pnp.components.boxfit import Stack

GUIDE = "guide"
CARD = "card"  # 240 g/m² photo paper, laminated after printing
PLAIN = "plain"  # 80 g/m² paper
CARD_PARTS = frozenset({"board", "tiles", "cover"})

WORDS = Texts({
    "title": {"en": "{game} — how to print and make the kit", "de": "{game} — drucken und basteln"},
    "subtitle": {"en": "Read this page first: it lists every sheet of this file.",
                 "de": "Diese Seite zuerst lesen: Sie nennt jeden Bogen dieser Datei."},
    "pages": {"en": "Pages", "de": "Seiten"},
    "page": {"en": "page {n}", "de": "Seite {n}"},
    "pages n": {"en": "pages {n}", "de": "Seiten {n}"},
    "part": {"en": "Part", "de": "Teil"},
    "paper": {"en": "Paper", "de": "Papier"},
    "sides": {"en": "Printed", "de": "Druck"},
    "cut": {"en": "Cut", "de": "Schneiden"},
    "ink": {"en": "Ink", "de": "Deckung"},
    "ink note": {"en": "Ink: the share of the page the printer covers, front / back (estimated from the drawing).",
                 "de": "Deckung: der Anteil der Seite, den der Drucker mit Farbe bedeckt, vorne / hinten "
                       "(aus der Zeichnung geschätzt)."},
    "sparse": {"en": "Sheet used under a quarter — {part}: {count} of {capacity} places ({share} %), because the "
                     "set has {total} pieces; {whole} would fill whole sheets.",
               "de": "Bogen zu weniger als einem Viertel genutzt — {part}: {count} von {capacity} Plätzen "
                     "({share} %), weil der Satz {total} Steine hat; {whole} füllten ganze Bogen."},
    "or": {"en": "or", "de": "oder"},
    "one side": {"en": "one side", "de": "einseitig"},
    "two sides": {"en": "both sides", "de": "beidseitig"},
    CARD: {"en": "240 g/m², laminate", "de": "240 g/m², laminieren"},
    PLAIN: {"en": "80 g/m²", "de": "80 g/m²"},
    "blank": {"en": "(back blank)", "de": "(Rückseite leer)"},
    "print": {"en": "Printing", "de": "Drucken"},
    "print steps": {
        "en": ("Print at actual size (100 %), never 'fit to page'. Print the printer check first and "
               "measure it.",
               "Two-sided printer: print the whole file two-sided, flip on the long edge. Every back "
               "lands behind its front; a back's footer names its front page. Pages that say they are "
               "blank leave a sheet's back empty.",
               "Card and paper: print pages {card} on 240 g/m² photo paper, the other pages on 80 g/m² "
               "paper (each range two-sided).",
               "One-sided printer: print the odd pages of a range, put the printed stack back into the "
               "tray turned as the printer check shows, then print its even pages. Without backs the "
               "pieces work too: then print the odd pages only."),
        "de": ("In Originalgröße (100 %) drucken, nie „an Seite anpassen“. Zuerst den Druckertest "
               "drucken und nachmessen.",
               "Drucker mit Duplex: die ganze Datei beidseitig drucken, an der langen Kante wenden. Jede "
               "Rückseite liegt dann hinter ihrer Vorderseite; die Fußzeile einer Rückseite nennt ihre "
               "Vorderseite. Seiten, die sagen, dass sie leer sind, lassen die Rückseite frei.",
               "Karton und Papier: Seiten {card} auf Fotopapier mit 240 g/m² drucken, die übrigen auf "
               "Papier mit 80 g/m² (jeden Bereich beidseitig).",
               "Drucker ohne Duplex: die ungeraden Seiten eines Bereichs drucken, den Stapel so wieder "
               "einlegen, wie der Druckertest es zeigt, dann die geraden Seiten drucken. Ohne Rückseiten "
               "gehen die Teile auch: dann nur die ungeraden Seiten drucken."),
    },
    "check elsewhere": {"en": "Print at actual size (100 %), never 'fit to page'. The printer check is printed once "
                                "per print job: it is in the first kit made with this one (or alone: pnp calibrate).",
                         "de": "In Originalgröße (100 %) drucken, nie „an Seite anpassen“. Der Druckertest wird "
                               "einmal je Druckauftrag gedruckt: Er liegt dem ersten mit diesem erstellten Bausatz "
                               "bei (oder einzeln: pnp calibrate)."},
    "order": {"en": "Cutting order", "de": "Reihenfolge beim Schneiden"},
    "step laminate": {"en": "Laminate the 240 g/m² sheets before cutting them.",
                      "de": "Die Bogen mit 240 g/m² vor dem Schneiden laminieren."},
    "step tiles": {"en": "Pieces ({pages}): cut the long straight lines across the sheet first, then "
                         "the short ones between the pieces.",
                   "de": "Spielsteine ({pages}): erst die langen geraden Linien über den Bogen "
                         "schneiden, dann die kurzen zwischen den Steinen."},
    "step board panels": {"en": "Board ({pages}): cut along its outline, then along the three long black lines "
                                "through its centre.",
                          "de": "Spielplan ({pages}): am Umriss ausschneiden, dann an den drei langen schwarzen "
                                "Linien durch die Mitte."},
    "step board": {"en": "Board ({pages}): cut along its outer line.",
                   "de": "Spielplan ({pages}): an der äußeren Linie ausschneiden."},
    "step cover": {"en": "Cover ({pages}): cut at the corner marks and glue it onto the lid.",
                   "de": "Deckelbild ({pages}): an den Eckmarken ausschneiden und auf den Deckel "
                         "kleben."},
    "step scoresheet": {"en": "Score sheets ({pages}): cut apart at the line between them, if any.",
                        "de": "Punkteblätter ({pages}): an der Linie dazwischen trennen, falls "
                              "vorhanden."},
    "step box": {"en": "Box ({pages}): cut the nets last, along their solid lines.",
                 "de": "Schachtel ({pages}): die Netze zuletzt an den durchgezogenen Linien "
                       "ausschneiden."},
    "box": {"en": "Making the box", "de": "Die Schachtel basteln"},
    "box steps": {
        "en": ("Score the fold lines with a blunt knife along a ruler before folding.",
               "Then follow the steps printed on the net: fold with the print outside, glue each grey tab "
               "inside the wall beside it, close the lid."),
        "de": ("Die Falzlinien vor dem Falten mit einem stumpfen Messer am Lineal vorritzen.",
               "Dann den Schritten auf dem Netz folgen: mit dem Druck nach außen falten, jede graue Lasche "
               "innen an die Wand daneben kleben, den Deckel schließen."),
    },
    "in the box": {"en": "Into the box", "de": "In die Schachtel"},
    "no board": {"en": "The pieces lie on the floor of the box, the folded rules and score sheets on top.",
                 "de": "Die Steine liegen auf dem Boden der Schachtel, gefaltete Regeln und "
                       "Punkteblätter obenauf."},
    "board folds": {"en": "Fold the board in half {n}, each time across its longer side, and lay it on the "
                          "pieces with the folded rules.",
                    "de": "Den Spielplan {n} in der Mitte falten, jedes Mal quer zur längeren Seite, und "
                          "mit den gefalteten Regeln auf die Steine legen."},
    "board panels": {"en": "Cut the board out along its outline, then along the three long black lines through its "
                           "centre: {n} panels of {w:.0f} x {h:.0f} mm that butt together to the board in play. No "
                           "place a stone lies on is cut or creased. Lay them flat on the pieces, the folded rules "
                           "on top.",
                     "de": "Den Spielplan am Umriss ausschneiden, dann an den drei langen schwarzen Linien durch "
                           "die Mitte: {n} Teile von {w:.0f} x {h:.0f} mm, die beim Spielen aneinandergelegt den "
                           "Spielplan ergeben. Kein Platz eines Steins wird zerschnitten oder geknickt. Flach auf "
                           "die Steine legen, die gefalteten Regeln obenauf."},
    "board zigzag": {"en": "Cut the board out along its outer line and fold it only along the red dash-dot lines "
                           "between fields, zig-zag: {n} layers of {w:.0f} x {h:.0f} mm. No field is creased. Lay it "
                           "on the pieces with the folded score sheets and rules.",
                     "de": "Den Spielplan an seiner äußeren Linie ausschneiden und nur an den rot gestrichelten "
                           "Falzlinien zwischen den Feldern zickzack falten: {n} Lagen von {w:.0f} x {h:.0f} mm. Kein "
                           "Feld wird geknickt. Mit den gefalteten Punkteblättern und Regeln auf die Steine legen."},
    "board glued zigzag": {"en": "The board comes on {sheets} sheets: cut and glue them into one as their notes say "
                                 "(the triangles meet at the seam). Then fold it only along the red dash-dot lines "
                                 "between fields, zig-zag: {n} layers of {w:.0f} x {h:.0f} mm. No field is creased. "
                                 "Lay it on the pieces with the folded score sheets and rules.",
                           "de": "Der Spielplan kommt auf {sheets} Bogen: sie ausschneiden und zu einem kleben, wie "
                                 "ihre Hinweise sagen (die Dreiecke treffen sich an der Naht). Dann nur an den rot "
                                 "gestrichelten Falzlinien zwischen den Feldern zickzack falten: {n} Lagen von "
                                 "{w:.0f} x {h:.0f} mm. Kein Feld wird geknickt. Mit den gefalteten Punkteblättern "
                                 "und Regeln auf die Steine legen."},
    "board flat": {"en": "The board lies flat on the pieces, the folded rules on top.",
                   "de": "Der Spielplan liegt flach auf den Steinen, die gefalteten Regeln obenauf."},
})

STYLE = FlowStyle(body=pt(8.5), h1=pt(12), h2=pt(10.5), gap=1.2)
ROW_SIZE = pt(8)


@dataclass(frozen=True)
class Row:
    """One line of the sheet table: the pages of a sheet and how it is printed and cut."""

    first: int
    last: int  # the back's page number; == first + 1 always (a one-sided sheet's back is blank)
    component: str
    number: int  # of this component's sheets, from 1
    of: int
    two_sided: bool

    @property
    def paper(self) -> str:
        return CARD if self.component in CARD_PARTS else PLAIN


def rows(layout: Sequence[Sheet]) -> list[Row]:
    """The table of `layout` (the kit's sheets in printed order, the guide's own first)."""
    counts: dict[str, int] = {}
    for sheet in layout:
        counts[sheet.component] = counts.get(sheet.component, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for sheet, first in zip(layout, first_pages(layout), strict=True):
        seen[sheet.component] = seen.get(sheet.component, 0) + 1
        out.append(Row(first, first + 1, sheet.component, seen[sheet.component], counts[sheet.component],
                       sheet.two_sided))
    return out


def _into_the_box(board: Stack | None, lang: str, sheets: int = 1) -> str:
    """How the board goes into the box; `sheets`: the board's sheets of paper, glued into one."""
    if board is None:
        return WORDS(lang, "no board")
    if board.name == BOARD_PANELS:
        return WORDS(lang, "board panels", n=board.count, w=board.width, h=board.depth)
    if board.name == BOARD_HINGED:
        return WORDS(lang, "board zigzag" if sheets == 1 else "board glued zigzag", n=board.count, w=board.width,
                     h=board.depth, sheets=sheets)
    folds = round(math.log2(board.count))
    if folds == 0:
        return WORDS(lang, "board flat")
    return WORDS(lang, "board folds", n=times(folds, lang))


def sparse_sheets(layout: Sequence[Sheet], lang: str, parts: dict[str, str],
                  limits: dict[str, str] | None = None) -> list[str]:
    """A line for each piece sheet used under a quarter, saying why: the set's size, and what limits a
    sheet of that component (`limits`, from the game, in `lang`)."""
    from pnp.components.margins import pieces

    by_component: dict[str, list[int]] = {}
    for sheet in layout:
        if sheet.two_sided:
            by_component.setdefault(sheet.component, []).append(len(pieces(sheet.front)))
    lines = []
    for component, counts in by_component.items():
        capacity, total = max(counts), sum(counts)
        for number, count in enumerate(counts, 1):
            if capacity and 0 < count < capacity / 4:
                part = KIT.get(lang, parts.get(component, component), component)
                whole = [str(capacity * n) for n in (total // capacity, total // capacity + 1) if n]
                lines.append(WORDS(lang, "sparse", part=f"{part} {number}/{len(counts)}", count=count,
                                   capacity=capacity, share=round(100 * count / capacity), total=total,
                                   whole=f" {WORDS(lang, 'or')} ".join(whole))
                             + (f" {limits[component]}" if limits and component in limits else ""))
    return lines


@dataclass(frozen=True)
class KitSummary:
    """What the guide says about a kit's paper and ink, for the terminal after the kit is written."""

    title: str
    sheets: int
    two_sided: int
    ink: tuple[tuple[float, float | None], ...]  # per sheet, as the guide's table: front, back (None: blank)
    warnings: tuple[str, ...]  # sheets used under a quarter, with why

    def lines(self) -> list[str]:
        """One line for the kit, then one per warning."""
        inks = ", ".join(ink_cell(front, back).removesuffix(" %").replace(" / ", "/") for front, back in self.ink)
        head = (f"{self.title}: {self.sheets} sheets ({self.two_sided} two-sided); "
                f"ink per sheet, front/back %: {inks}")
        return [head, *(f"{self.title}: warning: {line[:1].lower()}{line[1:]}" for line in self.warnings)]


def kit_summary(title: str, layout: Sequence[Sheet], parts: dict[str, str],
                ink: Sequence[tuple[float, float | None]], limits: dict[str, str] | None = None) -> KitSummary:
    """The summary of the kit whose sheets are `layout` (the guide's first), with the guide's own ink figures
    and its warnings in English (`limits` in English too)."""
    return KitSummary(title, len(layout), sum(sheet.two_sided for sheet in layout), tuple(ink),
                      tuple(sparse_sheets(layout, "en", parts, limits)))


def ink_cell(front: float, back: float | None) -> str:
    """A sheet's ink coverage as the guide prints it: '12 %' or '31 / 34 %'."""
    return f"{100 * front:.0f} %" if back is None else f"{100 * front:.0f} / {100 * back:.0f} %"


def page_ranges(numbers: Sequence[int]) -> str:
    """1, 2, 3, 5, 6 -> '1–3, 5–6'."""
    spans: list[list[int]] = []
    for n in sorted(numbers):
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in spans)


def guide_page(paper: Paper, title: str, layout: Sequence[Sheet], lang: str, *, board: Stack | None,
               parts: dict[str, str], ink: Sequence[tuple[float, float | None]],
               limits: dict[str, str] | None = None) -> Page:
    """The guide for the kit whose sheets are `layout` (its own sheet first).

    `parts` maps a component to the word its footers print; `board` is the board as the box-fit check
    counts it (panels, or a sheet folded into layers; None: no board); `ink` is each sheet's ink coverage,
    front and back (None: a blank back); `limits` says why a component's sheet takes no more pieces.
    """
    words = WORDS.of(lang)
    page = Page.for_paper(paper.portrait(), label=GUIDE)
    top = title_band(page, WORDS(lang, "title", game=title), words["subtitle"], size=pt(16))
    box = content_box(page)
    table = rows(layout)
    y = _table(page, table, box.x0, top, box.width, lang, parts, ink,
               panels=board is not None and board.name == BOARD_PANELS)
    for line in [words["ink note"], *sparse_sheets(layout, lang, parts, limits)]:
        size = pt(7)
        for part in wrap(line, box.width, size):
            y += size * 1.35
            note = line == words["ink note"]
            page.text(box.x0, y, part, size, style=filled("#555555" if note else "#9a3412"),
                      cls="guide-note" if note else "guide-warning")

    def pages_of(component: str) -> str:
        numbers = [p for r in table if r.component == component
                   for p in ((r.first, r.last) if r.two_sided else (r.first,))]
        return WORDS(lang, "page" if len(numbers) == 1 else "pages n", n=page_ranges(numbers))

    card = page_ranges([p for r in table if r.paper == CARD for p in (r.first, r.last)])
    steps = [words["step laminate"]] if card else []
    for component in ("tiles", "board", "cover", "scoresheet", "box"):
        if any(r.component == component for r in table):
            key = "step board panels" if component == "board" and board is not None \
                and board.name == BOARD_PANELS else f"step {component}"
            steps.append(WORDS(lang, key, pages=pages_of(component)))
    print_steps = [s.replace("{card}", card or "–") for s in words["print steps"]]
    if not any(r.component == "calibration" for r in table):
        print_steps[0] = words["check elsewhere"]
    if not card:
        print_steps = [s for s in print_steps if "240" not in s]
    into = _into_the_box(board, lang, sum(r.component == "board" for r in table))
    items = [Heading(words["print"], level=2), Bullets(tuple(print_steps)),
             Heading(words["order"], level=2), *(Paragraph(f"{n}. {s}") for n, s in enumerate(steps, 1)),
             Heading(words["box"], level=2), Bullets(words["box steps"]),
             Heading(words["in the box"], level=2), Paragraph(into)]
    block = layout_flow(items, box.x0, y + 4, box.width, box.y1 - y - 4, component=f"{GUIDE} ({lang})", style=STYLE)
    page.extend(block.primitives)
    return page


def _table(page: Page, table: Sequence[Row], x: float, y: float, width: float, lang: str,
           parts: dict[str, str], ink: Sequence[tuple[float, float | None]], panels: bool = False) -> float:
    """The sheet table from (x, y); returns the y below it. `panels`: the board is cut into panels."""
    words = WORDS.of(lang)
    heads = (words["pages"], words["part"], words["paper"], words["sides"], words["cut"], words["ink"])
    shares = (0.17, 0.23, 0.19, 0.11, 0.19, 0.11)
    columns = [x + width * sum(shares[:i]) for i in range(len(shares))]
    ascent, descent = vertical_extent(ROW_SIZE, bold=True)
    line = ascent + descent + 1.6
    baseline = y + ascent + 0.8
    for column, head in zip(columns, heads, strict=True):
        page.text(column + 1, baseline, head, ROW_SIZE, weight="bold", cls="guide-head")
    page.line(x + 0.2, y + line, x + width - 0.2, y + line, style=stroked("#000000", 0.3))
    for index, row in enumerate(table):
        top = y + line * (index + 1)
        if index % 2:
            page.rect(x, top, width, line, style=filled("#f2f2f2"), cls="guide-stripe")
        part = KIT.get(lang, parts.get(row.component, row.component), row.component)
        if row.of > 1:
            part += f" {row.number}/{row.of}"
        pages = f"{row.first}–{row.last}" if row.two_sided else f"{row.first} {words['blank']}"
        front, back = ink[index]
        cells = (pages, part, words[row.paper], words["two sides" if row.two_sided else "one side"],
                 _cut("board panels" if row.component == "board" and panels else row.component, lang),
                 ink_cell(front, back))
        for column, share, text in zip(columns, shares, cells, strict=True):
            size = ROW_SIZE
            while text_width(text, size) > width * share - 2 and size > pt(6.5):
                size *= 0.96
            page.text(column + 1, top + ascent + 0.8, text, size, cls="guide-cell",
                      data={"row": str(index), "component": row.component, "first": str(row.first),
                            "two-sided": "yes" if row.two_sided else "no"} if column == columns[0] else {})
    bottom = y + line * (len(table) + 1)
    page.line(x + 0.2, bottom, x + width - 0.2, bottom, style=stroked("#000000", 0.3))
    return bottom


CUTS = Texts({
    "tiles": {"en": "every line", "de": "alle Linien"},
    "board": {"en": "outer line", "de": "äußere Linie"},
    "board panels": {"en": "outline, 3 lines", "de": "Umriss, 3 Linien"},
    "cover": {"en": "corner marks", "de": "Eckmarken"},
    "box": {"en": "solid lines", "de": "durchgezogene Linien"},
    "scoresheet": {"en": "middle line, if any", "de": "Mittellinie, falls da"},
    "none": {"en": "—", "de": "—"},
})


def _cut(component: str, lang: str) -> str:
    return CUTS.get(lang, component, CUTS(lang, "none"))
