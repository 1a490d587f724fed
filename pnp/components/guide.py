"""The print and assembly guide, the first sheet of every kit (both its sides), in the kit's language.

The front says what to print: the sheets of each paper to buy, a table row for every sheet of the file
(made from the kit's own sheets and page numbers, so it cannot disagree with the file), the print jobs
grouped by paper, and how to print them, both sides by hand too. The back says how to make the kit: in
which order to cut, how to join the board, make the box and what goes into it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.components.boxfit import BOARD_HINGED, BOARD_PANELS, folded_sheet, folds_to_floor, lies_on
from pnp.components.duplex import BOOK_TURN, ONE_SIDED_TURN, Sheet, first_pages
from pnp.components.sheets import content_box, title_band
from pnp.draw.paper import Paper
from pnp.draw.scene import Line, Page, filled, stroked
from pnp.draw.text import (
    MIN_TEXT,
    Bullets,
    FlowItem,
    FlowStyle,
    Heading,
    Paragraph,
    ink_indent,
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
CALIBRATION = "calibration"
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
    "card half": {"en": "240 g/m², ½ laminate", "de": "240 g/m², ½ laminieren"},
    PLAIN: {"en": "80 g/m²", "de": "80 g/m²"},
    "blank": {"en": "(back blank)", "de": "(Rückseite leer)"},
    "print": {"en": "Printing", "de": "Drucken"},
    "jobs": {"en": "Print jobs", "de": "Druckaufträge"},
    "job": {"en": "{n}. {pages} · {paper} · {sides} · {parts}", "de": "{n}. {pages} · {paper} · {sides} · {parts}"},
    "job pages": {"en": "pages {pages}", "de": "Seiten {pages}"},
    "job page": {"en": "page {pages}", "de": "Seite {pages}"},
    "job card": {"en": "240 g/m² photo paper", "de": "Fotopapier 240 g/m²"},
    "job plain": {"en": "80 g/m² paper", "de": "Papier 80 g/m²"},
    "job two": {"en": "two-sided", "de": "beidseitig"},
    "job one": {"en": "one-sided", "de": "einseitig"},
    "need": {"en": "To print: {sheets} ({paper}).", "de": "Zu drucken: {sheets} ({paper})."},
    "need card": {"en": "{n} {sheets} of 240 g/m² photo paper", "de": "{n} {sheets} Fotopapier 240 g/m²"},
    "need plain": {"en": "{n} {sheets} of 80 g/m² paper", "de": "{n} {sheets} Papier 80 g/m²"},
    "sheet": {"en": "sheet", "de": "Bogen"},
    "sheets": {"en": "sheets", "de": "Bogen"},
    "print steps": {
        "en": ("Print at actual size (100 %), never 'fit to page'. Print job 1, the printer check, first and "
               "measure it.",
               "Type each job's pages into the print dialog. Two-sided: flip on the long edge; a back's footer "
               "names its front page. A one-sided job lists fronts only; their backs stay empty.",
               "Photo paper must take ink on both sides (matte or 'double-sided'); paper glossy on one side "
               "smears on its back."),
        "de": ("In Originalgröße (100 %) drucken, nie „an Seite anpassen“. Auftrag 1, den Druckertest, zuerst "
               "drucken und nachmessen.",
               "Die Seiten jedes Auftrags im Druckdialog eingeben. Beidseitig: an der langen Kante wenden; die "
               "Fußzeile einer Rückseite nennt ihre Vorderseite. Ein einseitiger Auftrag nennt nur Vorderseiten; "
               "ihre Rückseiten bleiben leer.",
               "Das Fotopapier muss auf beiden Seiten Farbe annehmen (matt oder „beidseitig bedruckbar“); "
               "einseitig glänzendes Papier verschmiert hinten."),
    },
    "check elsewhere": {"en": "Print at actual size (100 %), never 'fit to page'. The printer check is printed once "
                                "per print job: it is in the first kit made with this one (or alone: {command}).",
                         "de": "In Originalgröße (100 %) drucken, nie „an Seite anpassen“. Der Druckertest wird "
                               "einmal je Druckauftrag gedruckt: Er liegt dem ersten mit diesem erstellten Bausatz "
                               "bei (oder einzeln: {command})."},
    "by hand": {"en": "Two-sided without duplex", "de": "Beidseitig ohne Duplex"},
    "hand intro": {"en": "Many printers cannot print 240 g/m² card on both sides, some nothing at all. Then print "
                         "each two-sided job by hand, the printer check first:",
                   "de": "Viele Drucker können 240-g/m²-Karton nicht beidseitig drucken, manche gar nichts "
                         "beidseitig. Dann jeden beidseitigen Auftrag von Hand drucken, den Druckertest zuerst:"},
    "hand intro plain": {"en": "A printer that cannot print both sides: print each two-sided job by hand, the "
                               "printer check first:",
                         "de": "Ein Drucker, der nicht beidseitig druckt: jeden beidseitigen Auftrag von Hand "
                               "drucken, den Druckertest zuerst:"},
    "hand steps": {
        "en": ("Learn your printer with the printer check, in the tray you will feed by hand: pencil an X on a plain "
               "sheet, near the edge that goes in first, on the face that lies up (or faces you) in the tray. Print "
               "{front} on it. On the X face: your printer prints the face that lies up; on the other face: the "
               "face that lies down. The printed arrow then points at the X edge.",
               "Put the sheet back in, {turn}, and print {back}. Seen against the light, its two arrows and its "
               "two targets must cover each other.",
               "Back upside down? Feed the other edge first. Back printed over the front? Put the other face up. "
               "Print the check again that way.",
               "Then each two-sided job: print its fronts (its odd pages), put each sheet back as the check went, "
               "and print its back alone: the page after its front."),
        "de": ("Den Drucker am Druckertest kennenlernen, im Fach, das von Hand beschickt wird: auf einen Bogen "
               "Normalpapier mit Bleistift ein X zeichnen, nahe der Kante, die zuerst hineingeht, auf der Seite, die "
               "im Fach oben liegt (oder nach vorn zeigt). {front} darauf drucken. Auf der X-Seite: Der Drucker "
               "bedruckt die oben liegende Seite; auf der anderen: die unten liegende. Der gedruckte Pfeil zeigt "
               "dann zur X-Kante.",
               "Den Bogen wieder einlegen, {turn}, und {back} drucken. Gegen das Licht gehalten müssen sich seine "
               "beiden Pfeile und seine beiden Zielkreuze decken.",
               "Rückseite auf dem Kopf? Die andere Kante zuerst einlegen. Rückseite über die Vorderseite "
               "gedruckt? Die andere Seite nach oben legen. Den Test so wiederholen.",
               "Dann jeden beidseitigen Auftrag: seine Vorderseiten (seine ungeraden Seiten) drucken, jeden Bogen "
               "wie beim Test wieder einlegen und seine Rückseite einzeln drucken: die Seite nach seiner "
               "Vorderseite."),
    },
    "check front": {"en": "page {n}", "de": "Seite {n}"},
    "check alone": {"en": "page {n} of the printer check", "de": "Seite {n} des Druckertests"},
    "fronts only": {"en": "Or print only the fronts of job {n} (its odd pages): the pieces work with blank backs, "
                          "which look alike face down.",
                    "de": "Oder von Auftrag {n} nur die Vorderseiten drucken (seine ungeraden Seiten): Die Steine "
                          "gehen auch mit leeren Rückseiten, verdeckt sehen sie gleich aus."},
    "turn book": {"en": "blank face where the printer prints, top edge (the arrow's edge) first",
                  "de": "die leere Seite dorthin, wo der Drucker druckt, die Oberkante (die Pfeilkante) zuerst"},
    "making": {"en": "{game} — making the kit", "de": "{game} — basteln"},
    "order": {"en": "Cutting order", "de": "Reihenfolge beim Schneiden"},
    "step laminate": {"en": "Laminate the 240 g/m² sheets whole, before cutting them.",
                      "de": "Die Bogen mit 240 g/m² ganz laminieren, vor dem Schneiden."},
    "step tiles": {"en": "Pieces ({pages}): cut the long straight lines across the sheet first, then "
                         "the short ones between the pieces.",
                   "de": "Spielsteine ({pages}): erst die langen geraden Linien über den Bogen "
                         "schneiden, dann die kurzen zwischen den Steinen."},
    "step board panels": {"en": "Board ({pages}): cut along its outline, then along the long black lines through its "
                                "centre into {n} panels (the lines step round the start place, which stays whole).",
                          "de": "Spielplan ({pages}): am Umriss ausschneiden, dann an den langen schwarzen Linien "
                                "durch die Mitte in {n} Teile (die Linien machen um das Startfeld einen Bogen, es "
                                "bleibt ganz)."},
    "step cards": {"en": "Shape cards ({pages}): before the board, cut the {n} cards in the sheet's corners out "
                         "along their lines.",
                   "de": "Formenkarten ({pages}): vor dem Spielplan die {n} Karten in den Ecken des Bogens an "
                         "ihren Linien ausschneiden."},
    "step board hinged": {"en": "Board ({pages}): cut the laminated board out along its outline, then along the red "
                                "lines into {n} panels.",
                          "de": "Spielplan ({pages}): den laminierten Plan am Umriss ausschneiden, dann an den roten "
                                "Linien in {n} Teile."},
    "step board": {"en": "Board ({pages}): cut along its outer line.",
                   "de": "Spielplan ({pages}): an der äußeren Linie ausschneiden."},
    "step cover": {"en": "Cover ({pages}): cut at the corner marks and glue it onto the grey area of the box lid "
                         "before folding the box (the lid prints no art under it). Cut the second set of shape "
                         "cards from the laminated lower half along their lines.",
                   "de": "Deckelbild ({pages}): an den Eckmarken ausschneiden und vor dem Falten auf die graue "
                         "Fläche des Schachteldeckels kleben (der Deckel druckt darunter kein Bild). Den zweiten "
                         "Satz Formenkarten aus der laminierten unteren Hälfte an den Linien schneiden."},
    "step cover card": {"en": "Cover card ({pages}): cut it out along its line and glue it onto the grey area of "
                              "the box lid before folding the box (the lid prints no art under it).",
                        "de": "Deckelbild ({pages}): an seiner Linie ausschneiden und vor dem Falten auf die graue "
                              "Fläche des Schachteldeckels kleben (der Deckel druckt darunter kein Bild)."},
    "cover first": {"en": "{part} ({pages}), before anything is laminated: {how}. {bare}",
                    "de": "{part} ({pages}), bevor etwas laminiert wird: {how}. {bare}"},
    "cover part half": {"en": "Cover", "de": "Deckelbild"},
    "cover part gap": {"en": "Cover card", "de": "Deckelbild"},
    "cover bare half": {"en": "The cover half stays unlaminated.",
                        "de": "Die Hälfte mit dem Deckelbild bleibt unlaminiert."},
    "cover bare gap": {"en": "The card stays unlaminated.", "de": "Das Deckelbild bleibt unlaminiert."},
    "laminate rest": {"en": "Then laminate the 240 g/m² sheets whole, the rest of {pages} too, before cutting them.",
                      "de": "Dann die Bogen mit 240 g/m² ganz laminieren, auch den Rest von {pages}, vor dem "
                            "Schneiden."},
    "cover off half": {"en": "cut the sheet in half along the line across its middle",
                       "de": "den Bogen an der Linie quer durch die Mitte halbieren"},
    "cover off gap": {"en": "cut once straight across the sheet through the gap above the card",
                      "de": "einmal gerade quer über den Bogen durch die Lücke über dem Deckelbild schneiden"},
    "step scoresheet": {"en": "Score sheets ({pages}): cut apart at the line between them.",
                        "de": "Punkteblätter ({pages}): an der Linie dazwischen trennen."},
    "step box": {"en": "Box ({pages}): cut the nets last, along their solid lines.",
                 "de": "Schachtel ({pages}): die Netze zuletzt an den durchgezogenen Linien "
                       "ausschneiden."},
    "hinges": {"en": "Joining the board", "de": "Den Spielplan verbinden"},
    "hinge steps": {
        "en": ("Lay the two panels of each red bar face down, 1.5 mm apart (three laminated offcuts make a "
               "spacer), and tape the joint on the back with 25 mm cloth book-binding tape (linen tape: it holds "
               "on the film).",
               "Tape only the joints with a red bar: they chain all {n} panels. The board lies flat in play and "
               "folds panel by panel along the tapes, zig-zag, into {n} layers of {w:.0f} x {h:.0f} mm. Never fold "
               "across a panel: laminated card cracks."),
        "de": ("Die zwei Teile jedes roten Balkens mit der Rückseite nach oben und 1,5 mm Abstand hinlegen (drei "
               "laminierte Reststreifen als Abstandhalter) und die Fuge hinten mit 25 mm breitem Gewebeband "
               "(Buchbinderband: es hält auf der Folie) verbinden.",
               "Nur die Fugen mit rotem Balken kleben: Sie verbinden alle {n} Teile zu einer Kette. Der Plan liegt "
               "beim Spielen flach und faltet sich Teil für Teil an den Klebebändern zickzack zu {n} Lagen von "
               "{w:.0f} x {h:.0f} mm. Nie quer durch ein Teil falten: laminierter Karton bricht."),
    },
    "two sheets": {"en": "The board comes on {sheets} sheets, each with whole panels; the bars at their edges join "
                         "them.",
                   "de": "Der Spielplan kommt auf {sheets} Bogen, jeder mit ganzen Teilen; die Balken an ihren "
                         "Rändern verbinden sie."},
    "box": {"en": "Making the box", "de": "Die Schachtel basteln"},
    "box steps": {
        "en": ("Score the fold lines with a blunt knife along a ruler before folding.",
               "Then follow the steps printed on the net: fold with the print outside, glue each grey tab "
               "inside the wall beside it, {close}."),
        "de": ("Die Falzlinien vor dem Falten mit einem stumpfen Messer am Lineal vorritzen.",
               "Dann den Schritten auf dem Netz folgen: mit dem Druck nach außen falten, jede graue Lasche "
               "innen an die Wand daneben kleben, {close}."),
    },
    "close hinged": {"en": "close the lid and tuck in its flap", "de": "den Deckel schließen und seine Lasche "
                                                                       "einstecken"},
    "close telescoping": {"en": "slide the lid down over the tray", "de": "den Deckel über die Unterschachtel "
                                                                           "schieben"},
    "in the box": {"en": "Into the box", "de": "In die Schachtel"},
    "no board": {"en": "The pieces lie on the floor of the box.", "de": "Die Steine liegen auf dem Boden der "
                                                                        "Schachtel."},
    "board hinged": {"en": "Lay the folded board on the pieces.", "de": "Den gefalteten Plan auf die Steine legen."},
    "board panels": {"en": "Lay the {n} panels of the board (at most {w:.0f} x {h:.0f} mm) flat on the pieces.",
                     "de": "Die {n} Teile des Spielplans (höchstens {w:.0f} x {h:.0f} mm) flach auf die Steine "
                           "legen."},
    "cards in box": {"en": "The {n} shape cards ({w:.0f} x {h:.0f} mm) lie on the board.",
                     "de": "Die {n} Formenkarten ({w:.0f} x {h:.0f} mm) liegen auf dem Spielplan."},
    "board flat": {"en": "The board lies flat on the pieces.", "de": "Der Spielplan liegt flach auf den Steinen."},
    "fold papers": {"en": "Fold the {papers} in half {n}, each time across the longer side, to {w:.0f} x {h:.0f} mm, "
                          "and lay them on top (folded {fewer} they are {w2:.0f} x {h2:.0f} mm, too large for the "
                          "{fl} x {fw} mm floor).",
                    "de": "{papers} {n} in der Mitte falten, jedes Mal quer zur längeren Seite, auf {w:.0f} x "
                          "{h:.0f} mm, und obenauf legen ({fewer} gefaltet sind sie {w2:.0f} x {h2:.0f} mm, zu groß "
                          "für den Boden von {fl} x {fw} mm)."},
    "rules": {"en": "rules", "de": "Die Regeln"},
    "rules and scores": {"en": "rules and each score page", "de": "Die Regeln und jede Seite Punkteblätter"},
    "fold scores": {"en": "Fold each cut score sheet in half {n}, each time across the longer side, to {w:.0f} x "
                          "{h:.0f} mm, and lay them on top too.",
                    "de": "Jedes abgeschnittene Punkteblatt {n} in der Mitte falten, jedes Mal quer zur längeren "
                          "Seite, auf {w:.0f} x {h:.0f} mm, und ebenfalls obenauf legen."},
    "scores flat": {"en": "Lay the cut score sheets on top, unfolded.",
                    "de": "Die abgeschnittenen Punkteblätter ungefaltet obenauf legen."},
    # The command on a line of its own: typed as printed, it makes sheets that match the kit's.
    "pad": {"en": "A pad of score sheets: the box takes {m} pages. Print {m} copies of page {page}, or make the pad "
                  "at once:\n{command}",
            "de": "Ein Block Punkteblätter: Die Schachtel fasst {m} Seiten. {m} Exemplare von Seite {page} drucken "
                  "oder den Block auf einmal erzeugen:\n{command}"},
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


@dataclass(frozen=True)
class Packing:
    """What the guide says about making the kit beyond its sheets: the board as the box-fit check counts it
    (hinged panels, flat panels or None), the box, and the score pad the box counts."""

    board: Stack | None = None
    board_sheets: int = 1  # sheets of paper the board is printed on
    floor: tuple[float, float] = (0.0, 0.0)  # the box's inner floor, mm
    box_style: str = "hinged"  # as the kit's box is built: hinged or telescoping
    score_pages: int = 0  # pages of score sheets the box counts (0: the game has none)
    # The largest piece a score page is cut into at the lines between its sheets, mm (None: a page is one sheet).
    score_piece: tuple[float, float] | None = None
    cards: Stack | None = None  # cards cut from the board sheet's waste (the legend), if any
    score_command: str = ""  # the command that prints the score pad as the kit prints its score sheet
    check_command: str = "pnp calibrate"  # the command that prints the printer check on the kit's paper

    @property
    def score_cut(self) -> bool:
        """A score page holds several sheets, cut apart."""
        return self.score_piece is not None


@dataclass(frozen=True)
class PrintJob:
    """Pages printed in one go on one paper: the fronts (one-sided) or fronts and backs (two-sided)."""

    paper: str
    two_sided: bool
    pages: tuple[int, ...]
    components: tuple[str, ...]


def print_jobs(table: Sequence[Row]) -> list[PrintJob]:
    """The kit's print jobs: the printer check alone first, then card two-sided, card one-sided, paper
    two-sided, paper one-sided. A one-sided job prints its sheets' fronts only (their backs are blank)."""
    def job(chosen: list[Row], paper: str, two_sided: bool) -> PrintJob:
        pages = tuple(p for r in chosen for p in ((r.first, r.last) if two_sided else (r.first,)))
        return PrintJob(paper, two_sided, pages, tuple(dict.fromkeys(r.component for r in chosen)))

    check = [r for r in table if r.component == CALIBRATION]
    jobs = [job(check, PLAIN, True)] if check else []
    for paper in (CARD, PLAIN):
        for two_sided in (True, False):
            chosen = [r for r in table if r.component != CALIBRATION and r.paper == paper
                      and r.two_sided == two_sided]
            if chosen:
                jobs.append(job(chosen, paper, two_sided))
    return jobs


def cover_cuts(layout: Sequence[Sheet]) -> dict[int, str]:
    """The sheets (by index) that carry a cover for the box lid beside other parts, and how it is parted from
    them before the card is laminated: "half" (a line across the sheet's middle) or "gap" (a cover card below
    pieces)."""
    out = {}
    for index, sheet in enumerate(layout):
        classes = {item.cls for item in sheet.front.items}
        if "half-cut" in classes:
            out[index] = "half"
        elif "cover-cut" in classes:
            out[index] = "gap"
    return out


def dialog_pages(numbers: Sequence[int]) -> str:
    """Pages as a print dialog takes them: 1, 3-4, 9."""
    return page_ranges(numbers).replace("–", "-")


def _board_words(packing: Packing, lang: str) -> tuple[list[str], str]:
    """The hinge steps (none unless the board is hinged) and how the board goes into the box."""
    board = packing.board
    if board is None:
        return [], WORDS(lang, "no board")
    if board.name == BOARD_PANELS:
        return [], WORDS(lang, "board panels", n=board.count, w=board.width, h=board.depth)
    if board.name == BOARD_HINGED:
        steps = [WORDS(lang, "hinge steps")[0], WORDS(lang, "hinge steps")[1].format(n=board.count, w=board.width,
                                                                                    h=board.depth)]
        if packing.board_sheets > 1:
            steps.insert(0, WORDS(lang, "two sheets", sheets=packing.board_sheets))
        return steps, WORDS(lang, "board hinged")
    return [], WORDS(lang, "board flat")


def cut_piece(page: Page) -> tuple[float, float] | None:
    """The largest piece `page` falls into when cut at its straight cut lines right across it (class
    "cut-line"), paper edges included (None: the page has no such line)."""
    lines = [item for item in page.items if isinstance(item, Line) and item.cls == "cut-line"]
    if not lines:
        return None

    def longest(cuts: list[float], length: float) -> float:
        edges = sorted({0.0, length, *cuts})
        return max(b - a for a, b in itertools.pairwise(edges))

    return (longest([line.x1 for line in lines if line.x1 == line.x2], page.width),
            longest([line.y1 for line in lines if line.y1 == line.y2], page.height))


def _decimal(value: float, lang: str) -> str:
    """One decimal, with the language's decimal mark: 128.4 / 128,4."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang == "de" else text


def _papers_words(paper: Paper, packing: Packing, table: Sequence[Row], lang: str) -> list[str]:
    """How the rules and the score sheets fold to fit the box (a score page whole with the rules, a page cut
    into sheets as the pieces the person holds), and how many score pages the box takes."""
    out = []
    room = min(packing.floor) > 0
    sheet = paper.portrait()
    folds = folds_to_floor((sheet.width, sheet.height), packing.floor) if room else None
    score_rows = [r for r in table if r.component == "scoresheet"]
    if folds is not None:
        folded, fewer = folds
        count = round(math.log2(folded.count))
        whole_scores = bool(score_rows) and not packing.score_cut
        out.append(WORDS(lang, "fold papers", papers=WORDS(lang, "rules and scores" if whole_scores else "rules"),
                         n=times(count, lang), w=max(folded.width, folded.depth), h=min(folded.width, folded.depth),
                         fewer=times(count - 1, lang), w2=max(fewer.width, fewer.depth),
                         h2=min(fewer.width, fewer.depth), fl=_decimal(max(packing.floor), lang),
                         fw=_decimal(min(packing.floor), lang)))
    if score_rows and packing.score_piece is not None and room:
        pieces = folds_to_floor(packing.score_piece, packing.floor)
        if pieces is not None:
            folded = pieces[0]
            out.append(WORDS(lang, "fold scores", n=times(round(math.log2(folded.count)), lang),
                             w=max(folded.width, folded.depth), h=min(folded.width, folded.depth)))
        elif lies_on(folded_sheet("paper", *packing.score_piece, 0.1, 0), packing.floor):
            out.append(WORDS(lang, "scores flat"))
    if packing.score_pages and score_rows and packing.score_command:
        out.append(WORDS(lang, "pad", m=packing.score_pages, page=score_rows[0].first, command=packing.score_command))
    return out


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


def guide_pages(paper: Paper, title: str, layout: Sequence[Sheet], lang: str, *, packing: Packing,
                parts: dict[str, str], ink: Sequence[tuple[float, float | None]],
                limits: dict[str, str] | None = None) -> tuple[Page, Page]:
    """The guide for the kit whose sheets are `layout` (its own sheet first), on the two sides of its sheet:
    the front says what to print and how, the back how to make the kit from the printed sheets.

    `parts` maps a component to the word its footers print; `packing` says how the board, the box and the
    score pad are made; `ink` is each sheet's ink coverage, front and back (None: a blank back); `limits`
    says why a component's sheet takes no more pieces.
    """
    table = rows(layout)
    return (_printing_page(paper, title, layout, table, lang, packing, parts, ink, limits),
            _making_page(paper, title, layout, table, lang, packing))


def sheets_to_print(jobs: Sequence[PrintJob]) -> dict[str, int]:
    """The sheets of each paper the print jobs take: a two-sided job's pages are two to a sheet."""
    out: dict[str, int] = {}
    for job in jobs:
        out[job.paper] = out.get(job.paper, 0) + (len(job.pages) // 2 if job.two_sided else len(job.pages))
    return out


def _need(page: Page, jobs: Sequence[PrintJob], paper: Paper, y: float, lang: str) -> float:
    """The sheets to buy and print, per paper, centred under the title; returns the y below."""
    counts = sheets_to_print(jobs)
    sheets = ", ".join(WORDS(lang, f"need {kind}", n=counts[kind], sheets=WORDS(lang, "sheet" if counts[kind] == 1
                                                                                  else "sheets"))
                       for kind in (CARD, PLAIN) if counts.get(kind))
    named = paper.name if paper.name in ("A4", "Letter") else f"{paper.width:g} x {paper.height:g} mm"
    size = pt(10)
    box = content_box(page)
    ascent, descent = vertical_extent(size, bold=True)
    for line in wrap(WORDS(lang, "need", sheets=sheets, paper=named), box.width, size, bold=True):
        y += ascent
        page.text(page.width / 2, y, line, size, weight="bold", anchor="middle", cls="guide-need",
                  data={kind: str(count) for kind, count in counts.items()})
        y += descent + 0.6
    return y + 2.0


def _printing_page(paper: Paper, title: str, layout: Sequence[Sheet], table: Sequence[Row], lang: str,
                   packing: Packing, parts: dict[str, str], ink: Sequence[tuple[float, float | None]],
                   limits: dict[str, str] | None) -> Page:
    """The guide's front: the sheets to print, the sheet table, the print jobs and how to print them."""
    words = WORDS.of(lang)
    page = Page.for_paper(paper.portrait(), label=GUIDE)
    top = title_band(page, WORDS(lang, "title", game=title), words["subtitle"], size=pt(16))
    box = content_box(page)
    jobs = print_jobs(table)
    top = _need(page, jobs, paper, top - 2.0, lang)
    board = packing.board
    panels = board is not None and board.name == BOARD_PANELS
    hinged = board is not None and board.name == BOARD_HINGED
    y = _table(page, table, box.x0, top, box.width, lang, parts, ink, board="board panels" if panels
               else "board hinged" if hinged else "board", score_cut=packing.score_cut)
    for line in [words["ink note"], *sparse_sheets(layout, lang, parts, limits)]:
        size = pt(7)
        for part in wrap(line, box.width, size):
            y += size * 1.35
            note = line == words["ink note"]
            page.text(box.x0 + ink_indent(part, size), y, part, size, style=filled("#555555" if note else "#9a3412"),
                      cls="guide-note" if note else "guide-warning")
    y = _jobs(page, table, box.x0, y + 2.5, box.width, lang, parts)
    block = layout_flow(_printing_items(table, jobs, packing, lang), box.x0, y + 2, box.width, box.y1 - y - 2,
                        component=f"{GUIDE} ({lang})", style=STYLE)
    page.extend(block.primitives)
    return page


def _printing_items(table: Sequence[Row], jobs: Sequence[PrintJob], packing: Packing, lang: str) -> list[FlowItem]:
    """How to print: at actual size, job by job, and both sides by hand on a printer that prints one side."""
    words = WORDS.of(lang)
    card = any(r.paper == CARD for r in table)
    print_steps = list(words["print steps"] if card else words["print steps"][:2])
    check = next((r for r in table if r.component == CALIBRATION), None)
    if check is None:
        print_steps[0] = WORDS(lang, "check elsewhere", command=packing.check_command)
        front, back = (WORDS(lang, "check alone", n=n) for n in (1, 2))
    else:
        front, back = (WORDS(lang, "check front", n=n) for n in (check.first, check.last))
    turn = {BOOK_TURN: words["turn book"]}[ONE_SIDED_TURN]
    hand = [step.format(front=front, back=back, turn=turn) for step in words["hand steps"]]
    items: list[FlowItem] = [Heading(words["print"], level=2), Bullets(tuple(print_steps)),
                             Heading(words["by hand"], level=2), Paragraph(words["hand intro" if card
                                                                                 else "hand intro plain"]),
                             *(Paragraph(f"{n}. {step}") for n, step in enumerate(hand, 1))]
    pieces = [n for n, job in enumerate(jobs, 1) if job.paper == CARD and job.two_sided]
    if pieces:
        items.append(Paragraph(WORDS(lang, "fronts only", n=pieces[0])))
    return items


def _making_page(paper: Paper, title: str, layout: Sequence[Sheet], table: Sequence[Row], lang: str,
                 packing: Packing) -> Page:
    """The guide's back: the cutting steps in the order they are done, the board's joints, the box and what
    goes into it."""
    words = WORDS.of(lang)
    page = Page.for_paper(paper.portrait(), label=f"{GUIDE} (back)", back=True)
    y = title_band(page, WORDS(lang, "making", game=title), size=pt(16))
    box = content_box(page)
    hinge_steps, into = _board_words(packing, lang)
    if packing.cards is not None:
        cards = packing.cards
        into += " " + WORDS(lang, "cards in box", n=cards.count, w=cards.width, h=cards.depth)
    box_steps = [s.replace("{close}", words[f"close {packing.box_style}"]) for s in words["box steps"]]
    items: list[FlowItem] = [Heading(words["order"], level=2),
                             *(Paragraph(f"{n}. {s}") for n, s in enumerate(cut_steps(layout, table, packing, lang),
                                                                           1))]
    if hinge_steps:
        items += [Heading(words["hinges"], level=2), Bullets(tuple(hinge_steps))]
    items += [Heading(words["box"], level=2), Bullets(tuple(box_steps)),
              Heading(words["in the box"], level=2),
              Bullets((into, *_papers_words(paper, packing, table, lang)))]
    block = layout_flow(items, box.x0, y, box.width, box.y1 - y, component=f"{GUIDE} back ({lang})", style=STYLE)
    page.extend(block.primitives)
    return page


def cut_steps(layout: Sequence[Sheet], table: Sequence[Row], packing: Packing, lang: str) -> list[str]:
    """The cutting steps in the order they are done: a cover that stays bare is cut off its card sheet
    first, then the card is laminated, then each part is cut out, the box nets last."""
    words = WORDS.of(lang)
    board = packing.board
    panels = board is not None and board.name == BOARD_PANELS
    hinged = board is not None and board.name == BOARD_HINGED

    def pages_of(component: str) -> str:
        numbers = [p for r in table if r.component == component
                   for p in ((r.first, r.last) if r.two_sided else (r.first,))]
        return WORDS(lang, "page" if len(numbers) == 1 else "pages n", n=page_ranges(numbers))

    covers = cover_cuts(layout)  # row index -> how the cover is parted from the rest of its card sheet
    steps = [WORDS(lang, "cover first", part=words[f"cover part {how}"], pages=WORDS(lang, "page", n=table[i].first),
                   how=words[f"cover off {how}"], bare=words[f"cover bare {how}"]) for i, how in covers.items()]
    if any(r.paper == CARD for r in table):
        steps.append(WORDS(lang, "laminate rest", pages=", ".join(WORDS(lang, "page", n=table[i].first)
                                                                   for i in covers))
                     if covers else words["step laminate"])
    for index, how in covers.items():
        if how == "gap":  # a cover card on a sheet of pieces: trimmed and glued in a step of its own
            steps.append(WORDS(lang, "step cover card", pages=WORDS(lang, "page", n=table[index].first)))
    for component in ("tiles", "board", "cover", "scoresheet", "box"):
        if component == "scoresheet" and not packing.score_cut:
            continue
        if any(r.component == component for r in table):
            key = f"step board {'panels' if panels else 'hinged'}" if component == "board" and (panels or hinged) \
                else f"step {component}"
            if component == "board" and packing.cards is not None:
                on_board = sum(item.cls == "legend-card" for sheet in layout if sheet.component == "board"
                               for item in sheet.front.items)
                steps.append(WORDS(lang, "step cards", pages=pages_of(component), n=on_board or packing.cards.count))
            steps.append(WORDS(lang, key, pages=pages_of(component), n=board.count if board else 0))
    return steps


def _jobs(page: Page, table: Sequence[Row], x: float, y: float, width: float, lang: str,
          parts: dict[str, str]) -> float:
    """The print jobs, one line each (the job's pages in `data-pages`); returns the y below them."""
    words = WORDS.of(lang)
    ascent, descent = vertical_extent(pt(10.5), bold=True)
    y += ascent
    page.text(x + ink_indent(words["jobs"], pt(10.5), bold=True), y, words["jobs"], pt(10.5), weight="bold",
              cls="guide-jobs")
    y += descent + 0.8
    size = pt(8.5)
    for number, job in enumerate(print_jobs(table), 1):
        names = ", ".join(KIT.get(lang, parts.get(c, c), c) for c in job.components)
        line = WORDS(lang, "job", n=number,
                     pages=WORDS(lang, "job page" if len(job.pages) == 1 else "job pages",
                                 pages=dialog_pages(job.pages)),
                     paper=words[f"job {job.paper}"], sides=words["job two" if job.two_sided else "job one"],
                     parts=names)
        for index, part in enumerate(wrap(line, width, size)):
            y += size * 1.35
            page.text(x + (ink_indent(part, size) if index == 0 else 3.0), y, part, size, cls="guide-job",
                      data={"job": str(number), "pages": " ".join(map(str, job.pages)), "paper": job.paper,
                            "two-sided": "yes" if job.two_sided else "no"} if index == 0 else {})
    return y + descent


def _table(page: Page, table: Sequence[Row], x: float, y: float, width: float, lang: str,
           parts: dict[str, str], ink: Sequence[tuple[float, float | None]], board: str = "board",
           score_cut: bool = False) -> float:
    """The sheet table from (x, y); returns the y below it. `board`: how the board is cut (its CUTS key);
    `score_cut`: a score page holds several sheets to cut apart."""
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
        paper_cell = words["card half" if row.component == "cover" else row.paper]
        cells = (pages, part, paper_cell, words["two sides" if row.two_sided else "one side"],
                 _cut(board if row.component == "board" else "none" if row.component == "scoresheet" and not score_cut
                      else row.component, lang),
                 ink_cell(front, back))
        for column, share, text in zip(columns, shares, cells, strict=True):
            size = ROW_SIZE
            while text_width(text, size) > width * share - 2 and size > MIN_TEXT:
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
    "board panels": {"en": "cards, outline, lines", "de": "Karten, Umriss, Linien"},
    "board hinged": {"en": "outline, red lines", "de": "Umriss, rote Linien"},
    "cover": {"en": "middle, marks, cards", "de": "Mitte, Marken, Karten"},
    "box": {"en": "solid lines", "de": "durchgezogene Linien"},
    "scoresheet": {"en": "middle line", "de": "Mittellinie"},
    "none": {"en": "—", "de": "—"},
})


def _cut(component: str, lang: str) -> str:
    return CUTS.get(lang, component, CUTS(lang, "none"))
