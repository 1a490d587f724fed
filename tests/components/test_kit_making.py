"""Making a kit at a kitchen table from its guide alone: the print jobs are the kit's pages by paper, a
printer that prints one side at a time still puts every back on its front when the sheet is turned as
the guide says (and the printer check shows the wrong turn), the rules fold to fit the box, and the guide
answers what a newcomer asks."""

from __future__ import annotations

import io
import math
import re

import pytest
from kithelp import IDS, KITS, piece_centres
from pypdf import PdfReader

from pnp.components.boxfit import folded_sheet
from pnp.components.duplex import BOOK_TURN, END_OVER_END, ONE_SIDED_TURN
from pnp.draw.paper import A4, LETTER
from pnp.draw.scene import Group, Polygon
from pnp.games.base import BoxOptions, KitContext
from pnp.kit import KitJob, draw_job, render_job

CARD_WORDS = {"en": ("board", "tiles", "stones", "cover"), "de": ("Spielplan", "Spielsteine", "Deckelbild")}
BLANK = {"en": "This page is intentionally blank.", "de": "Diese Seite bleibt absichtlich leer."}
CHECK = {"en": "printer check", "de": "Druckertest"}
JOB = re.compile(r"(\d+)\. (?:pages?|Seiten?) ([\d, -]+) · (240 g/m² photo paper|80 g/m² paper|Fotopapier 240 g/m²|"
                 r"Papier 80 g/m²) · (two-sided|one-sided|beidseitig|einseitig)")


def landing(turn: str, width: float, height: float, x: float, y: float) -> tuple[float, float]:
    """Where the point (x, y) of a back page lands, in the front page's coordinates (seen from the front),
    when a portrait sheet of width x height mm, fed top edge first for its front, is turned `turn` and fed
    again for its back. A printer draws each page from its top edge, the edge that goes in first."""
    if turn == BOOK_TURN:
        return width - x, y  # the top edge leads again; left and right swap
    if turn == END_OVER_END:
        return x, height - y  # the bottom edge leads: the back is upside down
    raise ValueError(f"unknown turn {turn!r}")


def _kit(tmp_path, game, paper, lang, preset, values):
    job = KitJob(game, None, None, KitContext(paper, lang, preset, BoxOptions(), values), frozenset({"pdf"}), 100,
                 tmp_path)
    drawn = draw_job(job)
    (_, pdf), = render_job(job, drawn)
    return drawn, PdfReader(io.BytesIO(pdf))


def _footer(text: str) -> str:
    """A page's footer line: 'Zatre · tiles · back of page 7'."""
    return next(line for line in reversed(text.splitlines()) if " · " in line and "/" not in line)


@pytest.mark.parametrize(("game", "paper", "lang", "preset", "values"), KITS, ids=IDS)
def test_the_guides_print_jobs_are_the_kits_pages_by_paper(tmp_path, game, paper, lang, preset, values) -> None:
    _, reader = _kit(tmp_path, game, paper, lang, preset, values)
    texts = [page.extract_text() for page in reader.pages]
    # What the file holds, read from its pages: the paper of each page from its footer, blanks left out.
    expected: dict[str, set[int]] = {"check": set(), "card": set(), "plain": set()}
    for number, text in enumerate(texts, 1):
        if BLANK[lang] in text:
            continue
        part = _footer(text).split(" · ")[1]
        kind = "check" if part == CHECK[lang] else "card" if part in CARD_WORDS[lang] else "plain"
        expected[kind].add(number)
    guide = " ".join(texts[0].split())
    jobs = JOB.findall(guide)
    assert [int(n) for n, *_ in jobs] == list(range(1, len(jobs) + 1))
    printed: dict[str, set[int]] = {"check": set(), "card": set(), "plain": set()}
    for number, pages, paper_words, sides in jobs:
        numbers = {p for part in pages.split(", ")
                   for p in (range(int(part.split("-")[0]), int(part.split("-")[-1]) + 1))}
        two_sided = sides in ("two-sided", "beidseitig")
        kind = "card" if "240" in paper_words else "check" if numbers <= expected["check"] else "plain"
        assert (kind == "check") == (number == "1")  # the printer check is printed first, on its own
        assert not numbers & set().union(*printed.values()), "a page printed twice"
        printed[kind] |= numbers
        for p in numbers:  # two-sided: fronts and their backs; one-sided: fronts whose backs are blank
            if p % 2 == 0:
                assert two_sided and p - 1 in numbers
            else:
                assert two_sided == (BLANK[lang] not in texts[p])
    assert printed == expected



def _missed(fronts, backs, turn: str, width: float, height: float) -> int:
    """Fronts with no back within 0.2 mm once the sheet is turned `turn` between its two passes."""
    landed = [landing(turn, width, height, x, y) for x, y in backs]
    return sum(1 for f in fronts if not landed or min(math.dist(f, p) for p in landed) > 0.2)


@pytest.mark.parametrize(("game", "paper", "lang", "preset", "values"), KITS, ids=IDS)
def test_one_sided_printing_as_the_guide_says_lands_every_back_on_its_front(tmp_path, game, paper, lang, preset,
                                                                            values) -> None:
    """Fronts printed, each sheet turned as the guide says and fed again, backs printed: every piece gets its
    back. Turned end over end instead, pieces go without."""
    drawn, reader = _kit(tmp_path, game, paper, lang, preset, values)
    pages = [item.page for item in drawn.pages]
    guide = " ".join(reader.pages[0].extract_text().split())
    # Turned over like the page of a book: the blank face where the printer prints, the same (top) edge first.
    assert {BOOK_TURN: {"en": "blank face where the printer prints, top edge (the arrow's edge) first",
                        "de": "die leere Seite dorthin, wo der Drucker druckt, die Oberkante (die Pfeilkante) "
                              "zuerst"}[lang]}[ONE_SIDED_TURN] in guide
    checked = wrong = 0
    for k in range(0, len(pages), 2):
        front, back = pages[k], pages[k + 1]
        fronts = piece_centres(front, {"tile", "stone"})
        backs = piece_centres(back, {"tile-back", "stone-back"})
        if not backs:
            continue
        width, height = float(reader.pages[k].mediabox.width), float(reader.pages[k].mediabox.height)
        assert height > width  # a portrait sheet fed top edge first: the turn the guide names applies
        assert _missed(fronts, backs, ONE_SIDED_TURN, front.width, front.height) == 0
        checked += len(fronts)
        wrong += _missed(fronts, backs, END_OVER_END, front.width, front.height)
    assert checked > 0 and wrong > 0


def _feed_tip(page) -> tuple[float, float, float]:
    """The feed arrow's tip and the y of its base (the arrow points up when the base lies below the tip)."""
    for item in page.items:
        if isinstance(item, Group) and item.cls == "feed-mark":
            (head,) = [c for c in item.children if isinstance(c, Polygon)]
            tip = min(head.points, key=lambda p: p[1])
            base = max(p[1] for p in head.points)
            return tip[0], tip[1], base
    raise AssertionError("no feed mark")


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["A4", "Letter"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_printer_check_shows_which_edge_goes_first_and_a_wrong_turn(tmp_path, paper, lang) -> None:
    drawn, reader = _kit(tmp_path, "triomino", paper, lang, None, {})
    (front_index,) = [i for i, item in enumerate(drawn.pages) if item.component == "calibration"
                      and not item.page.back]
    front, back = drawn.pages[front_index].page, drawn.pages[front_index + 1].page
    assert {"en": "This edge into", "de": "Diese Kante zuerst"}[lang] in reader.pages[front_index].extract_text()
    assert {"en": "The same edge", "de": "Dieselbe Kante"}[lang] in reader.pages[front_index + 1].extract_text()
    fx, fy, fbase = _feed_tip(front)
    bx, by, bbase = _feed_tip(back)
    assert fy < 12 and fy < fbase  # near the top edge, pointing at it
    # Turned like a book page: the back's arrow lies exactly on the front's, pointing the same way.
    assert landing(BOOK_TURN, back.width, back.height, bx, by) == pytest.approx((fx, fy), abs=1e-9)
    assert by < bbase
    # Turned end over end: it lands at the other edge, pointing down; seen against the light, no match.
    x, y = landing(END_OVER_END, back.width, back.height, bx, by)
    assert math.dist((x, y), (fx, fy)) > 150
    assert landing(END_OVER_END, back.width, back.height, bx, bbase)[1] < y  # the arrow points down


@pytest.mark.parametrize(("paper", "floor", "folds"), [(A4, (129.6, 101.7), 3), (LETTER, (128.4, 100.6), 3)])
def test_rules_folded_three_times_fit_the_box_floor_and_twice_do_not(paper, floor, folds) -> None:
    from pnp.components.boxfit import folds_to_floor

    twice = folded_sheet("rules", paper.width, paper.height, 0.1, 2)
    assert max(twice.width, twice.depth) > max(floor)  # 148.5 x 105 mm (A4) is longer than the floor
    sheet, fewer = folds_to_floor((paper.width, paper.height), floor)
    assert sheet.count == 2 ** folds and fewer.count == 2 ** (folds - 1)
    assert all(a <= b for a, b in zip(sorted((sheet.width, sheet.depth)), sorted(floor), strict=True))
    if paper is A4:
        assert (sheet.width, sheet.depth) == (105.0, 74.25) and (twice.width, twice.depth) == (105.0, 148.5)


# A newcomer's questions, and the words of the guide (English, Zatre on A4) that answer each.
QUESTIONS = {
    "Which paper for which pages?": ("pages 7-8 · 240 g/m² photo paper", "· 80 g/m² paper ·"),
    "One or two sides?": ("· two-sided ·", "· one-sided ·"),
    "What if the printer cannot print card on both sides?":
        ("Many printers cannot print 240 g/m² card on both sides", "pencil an X on a plain sheet",
         "blank face where the printer prints, top edge (the arrow's edge) first"),
    "How much paper to buy?": ("To print: 2 sheets of 240 g/m² photo paper, 5 sheets of 80 g/m² paper (A4).",),
    "Which photo paper?": ("Photo paper must take ink on both sides",),
    "How to laminate?": ("Cover card (page 7), before anything is laminated:",
                         "Then laminate the 240 g/m² sheets whole, the rest of page 7 too, before cutting them."),
    "How to cut?": ("cut the long straight lines across the sheet first", "along the red lines into 6 panels"),
    "How to join the board?": ("25 mm cloth book-binding tape", "Tape only the joints with a red bar"),
    "How to make the box?": ("Score the fold lines with a blunt knife", "close the lid"),
    "How does the board go in?": ("Lay the folded board on the pieces.", "6 layers of 104 x 66 mm"),
    "How to fold the rules?": ("Fold the rules in half three times", "folded twice they are 148 x 105 mm, too large",
                               "Fold each cut score sheet in half twice"),
    "How many score pads?": ("the box takes 5 pages", "pnp scoresheet zatre --pages 5"),
}


def test_the_guide_answers_a_newcomers_questions(tmp_path) -> None:
    _, reader = _kit(tmp_path, "zatre", A4, "en", None, {})
    guide = " ".join(" ".join(page.extract_text() for page in reader.pages[:2]).split())  # the guide's two sides
    for question, answers in QUESTIONS.items():
        for words in answers:
            assert words in guide, f"{question}: {words!r} not in the guide"


def test_a_part_the_game_does_not_have_is_named_before_its_options(tmp_path) -> None:
    from click.testing import CliRunner

    from pnp.cli import main

    for args in (["scoresheet", "rautino", "--pages", "2"], ["scoresheet", "rautino"]):
        result = CliRunner().invoke(main, [*args, "-o", str(tmp_path / "out")])
        assert result.exit_code == 2
        assert result.output.strip().splitlines()[-1] == \
            "pnp: error: rautino has no scoresheet; its parts are: board, tiles, cover, rules, box"
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))
