"""The guide's words, read back from the kit PDF `pnp kit` writes, as a person at a home printer follows them:
the commands it prints make sheets that match the kit, the sheets to buy add up to its print jobs, printing
both sides by hand is told step by step, the cutting steps come in the order they are done, and what it says
to fold fits the box it names."""

from __future__ import annotations

import re
import shlex
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.components.boxfit import folded_sheet
from pnp.draw.paper import A4, LETTER, parse_paper
from pnp.draw.primitives import Line
from pnp.games.base import BoxOptions, KitContext
from pnp.i18n import KIT
from pnp.kit import KitJob, draw_job
from pnp.spec import template_path

ROOT = Path(__file__).resolve().parents[2]
TITLES = {"rautino": "Rautino", "zatre": "Zatre", "triomino": "Triomino"}
JOB = re.compile(r"(\d+)\. (?:pages?|Seiten?) ([\d, -]+) · (240 g/m² photo paper|80 g/m² paper|Fotopapier 240 g/m²|"
                 r"Papier 80 g/m²) · (two-sided|one-sided|beidseitig|einseitig)")
NEED = {"en": re.compile(r"To print: (?:(\d+) sheets? of 240 g/m² photo paper, )?(\d+) sheets? of 80 g/m² paper "
                         r"\(([^)]+)\)"),
        "de": re.compile(r"Zu drucken: (?:(\d+) Bogen Fotopapier 240 g/m², )?(\d+) Bogen Papier 80 g/m² "
                         r"\(([^)]+)\)")}
PAD = re.compile(r"pnp scoresheet .*?--pages \d+")
TIMES = {"en": {"once": 1, "twice": 2, "three times": 3, "four times": 4},
         "de": {"einmal": 1, "zweimal": 2, "dreimal": 3, "viermal": 4}}


def _kit(tmp_path: Path, game: str, *options: str) -> PdfReader:
    """The kit PDF as `pnp kit GAME OPTIONS` writes it."""
    out = tmp_path / "kit"
    result = CliRunner().invoke(main, ["kit", game, *options, "--format", "pdf", "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    return PdfReader(out / game / f"{game}-kit.pdf")


def _body(text: str, game: str) -> str:
    """A page's text without its footer (which names the game first)."""
    return text[:text.rindex(f"{TITLES[game]} · ")]


def _guide(reader: PdfReader, game: str, lang: str) -> list[str]:
    """The guide's pages, as printed (footers left off), each with its whitespace made single spaces."""
    name = KIT(lang, "guide")
    pages = []
    for page in reader.pages:
        text = page.extract_text()
        if f"{TITLES[game]} · {name}" not in text:
            break
        pages.append(" ".join(_body(text, game).split()))
    assert pages, "the kit starts with its guide"
    return pages


def _numbers(pages: str) -> list[int]:
    """'1-2, 5, 9' -> [1, 2, 5, 9]."""
    out: list[int] = []
    for part in pages.split(", "):
        first, _, last = part.partition("-")
        out += range(int(first), int(last or first) + 1)
    return out


# ---- 1. the commands the guide prints ------------------------------------------------------------------


def _spec_with_other_bonuses(tmp_path: Path) -> Path:
    """Zatre's template with other printed bonuses, in a folder whose name has a space."""
    folder = tmp_path / "my specs"
    folder.mkdir()
    spec = folder / "zatre.toml"
    text = template_path("zatre").read_text(encoding="utf-8")
    assert "bonus = [3, 3, 3, 3," in text
    spec.write_text(text.replace("bonus = [3, 3, 3, 3,", "bonus = [7, 7, 7, 7,"), encoding="utf-8")
    return spec


@pytest.mark.parametrize(("game", "options", "carried"), [
    ("zatre", (), ()),
    ("zatre", ("--lang", "de", "--paper", "letter"), ("--lang de", "--paper letter")),
    ("zatre", ("--ink", "eco", "--board-sheets", "2", "--box-style", "telescoping", "--spec", "SPEC"),
     ("--spec",)),
    ("triomino", ("--preset", "classic", "--tile-edge", "spec", "--paper", "220x300", "--lang", "de"),
     ("--preset classic", "--paper 220x300", "--lang de")),
], ids=["defaults", "german-letter", "spec-eco", "triomino-classic"])
def test_the_pad_command_the_guide_prints_makes_the_kits_score_sheets(tmp_path, game, options, carried) -> None:
    options = tuple(str(_spec_with_other_bonuses(tmp_path)) if o == "SPEC" else o for o in options)
    lang = options[options.index("--lang") + 1] if "--lang" in options else "en"
    reader = _kit(tmp_path, game, *options)
    guide = " ".join(_guide(reader, game, lang))
    (printed,) = PAD.findall(guide)
    for words in carried:
        assert words in printed
    # Options that change no score sheet, and those the command refuses, stay out.
    for left_out in ("--board-sheets", "--tile-edge", "--box-style", "--ink", "--format", "-o "):
        assert left_out not in printed
    if not options:
        assert printed == "pnp scoresheet zatre --pages 5"
    command = shlex.split(printed)
    assert command[:3] == ["pnp", "scoresheet", game]
    pad = tmp_path / "pad"
    result = CliRunner().invoke(main, [*command[1:], "--format", "pdf", "-o", str(pad), "-q"])
    assert result.exit_code == 0, result.output
    made = PdfReader(pad / game / f"{game}-scoresheet.pdf").pages
    assert len(made) == int(command[-1])
    kit_pages = [p for p in reader.pages if f"{TITLES[game]} · {KIT(lang, 'scoresheet')}" in p.extract_text()]
    (sheet,) = kit_pages
    for page in made:  # the same paper, language, preset and spec: the same sheet
        assert page.mediabox == sheet.mediabox
        assert _body(page.extract_text(), game) == _body(sheet.extract_text(), game)
    if "--spec" in command:
        assert "7" in _body(sheet.extract_text(), game).split()


@pytest.mark.parametrize(("paper", "lang", "words"), [
    (A4, "en", "pnp calibrate"), (LETTER, "de", "pnp calibrate --lang de --paper letter")])
def test_the_check_command_the_guide_prints_makes_the_same_check(tmp_path, paper, lang, words) -> None:
    """A kit drawn without its printer check names the command that prints one for the same paper."""
    from pnp import games
    from pnp.draw.scene import Text
    from pnp.kit import draw_kit, kit_context

    game = games.get("triomino")
    pages = draw_kit(game, game.load(None), kit_context(paper, lang), with_calibration=False)
    guide = " ".join(t.text for item in pages if item.component == "guide" for t in item.page.items
                     if isinstance(t, Text))
    (printed,) = re.findall(r"pnp calibrate[^).]*", guide)
    assert printed.strip() == words
    out = tmp_path / "check"
    result = CliRunner().invoke(main, [*shlex.split(printed)[1:], "--format", "pdf", "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    check = PdfReader(out / "calibration.pdf").pages[0]
    assert float(check.mediabox.width) == pytest.approx(paper.width * 72 / 25.4, abs=0.01)
    assert ("Druckertest" if lang == "de" else "Printer check") in check.extract_text()


# ---- 6. the sheets to buy ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "options"), [
    ("rautino", ("--cover", "--lang", "de")), ("zatre", ("--paper", "letter")),
    ("zatre", ("--board-sheets", "2", "--lang", "de", "--paper", "letter")),
    ("triomino", ("--paper", "letter", "--tile-edge", "spec"))])
def test_the_sheets_to_buy_are_the_print_jobs_pages_by_paper(tmp_path, game, options) -> None:
    lang = "de" if "de" in options else "en"
    pages = _guide(_kit(tmp_path, game, *options), game, lang)
    need = NEED[lang].search(pages[0])
    assert need and need.start() < pages[0].index({"en": "Pages", "de": "Seiten"}[lang])  # above the table
    jobs = JOB.findall(pages[0])
    sheets = {"card": 0, "plain": 0}
    for _, numbers, paper_words, sides in jobs:
        count = len(_numbers(numbers))
        sheets["card" if "240" in paper_words else "plain"] += count // 2 if sides in ("two-sided", "beidseitig") \
            else count
    assert (int(need.group(1) or 0), int(need.group(2))) == (sheets["card"], sheets["plain"])
    assert need.group(3) == ("Letter" if "letter" in options else "A4")


# ---- 2. printing both sides by hand ------------------------------------------------------------------

HAND = {
    "en": ("Two-sided without duplex", "pencil an X", "Print page 3 on it",
           "blank face where the printer prints", "top edge (the arrow's edge) first", "print page 4",
           "Back upside down? Feed the other edge first.", "Back printed over the front? Put the other face up.",
           "print its back alone: the page after its front",
           "Or print only the fronts of job 2 (its odd pages)"),
    "de": ("Beidseitig ohne Duplex", "mit Bleistift ein X", "Seite 3 darauf drucken",
           "leere Seite dorthin, wo der Drucker druckt", "Oberkante (die Pfeilkante) zuerst", "Seite 4 drucken",
           "Rückseite auf dem Kopf? Die andere Kante zuerst einlegen.",
           "Rückseite über die Vorderseite gedruckt? Die andere Seite nach oben legen.",
           "seine Rückseite einzeln drucken: die Seite nach seiner Vorderseite",
           "Oder von Auftrag 2 nur die Vorderseiten drucken (seine ungeraden Seiten)"),
}
CHECK_BACK = {
    "en": ("Arrow at the bottom? The sheet went in bottom edge first: feed the next one this edge first.",
           "Printed over the front? It lay the wrong face up: put the next one in the other face up."),
    "de": ("Pfeil unten? Der Bogen ging mit der Unterkante zuerst hinein: den nächsten mit dieser Kante zuerst "
           "einlegen.", "Auf die Vorderseite gedruckt? Er lag falsch herum: den nächsten mit der anderen Seite "
                        "nach oben einlegen."),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_tells_how_to_print_both_sides_by_hand(tmp_path, paper, lang) -> None:
    reader = _kit(tmp_path, "rautino", "--lang", lang, "--paper", paper)
    (front, *_) = _guide(reader, "rautino", lang)
    for words in HAND[lang]:
        assert words in front, words
    # The steps come in the order they are done: the test sheet, its back, then the jobs.
    assert front.index(HAND[lang][1]) < front.index(HAND[lang][3]) < front.index(HAND[lang][8])
    # The printer check (pages 3 and 4) says the same when its back came out wrong.
    back = " ".join(reader.pages[3].extract_text().split())
    for words in CHECK_BACK[lang]:
        assert words in back, words
    assert "sideways" not in back and "seitlich" not in back


def test_the_printing_docs_tell_the_guides_hand_printing() -> None:
    """docs/printing.md prints by the guide's jobs, grouped by paper, never odd pages then even pages of the
    whole file (which would put card and plain paper through one print), and offers what the guide offers."""
    text = " ".join((ROOT / "docs" / "printing.md").read_text(encoding="utf-8").split())
    (one_sided,) = re.findall(r"\*\*One-sided printer\*\*.*?(?= - [A-Z`*]|$)", text)
    assert "print the odd pages, put the printed stack back" not in text
    for words in ("print job", "pencil an X", "blank face where the printer prints", "top edge", "upside down",
                  "fronts only"):
        assert words in one_sided, words


# ---- 3, 4, 5. the making steps -------------------------------------------------------------------------


def _steps(text: str, heading: str) -> list[str]:
    """The numbered steps after `heading`, up to the next heading (a word without a number before it)."""
    after = text[text.index(heading) + len(heading):]
    found = re.split(r"(?:^| )(\d+)\. ", after)
    steps, expected = [], 1
    for number, body in zip(found[1::2], found[2::2], strict=True):
        if int(number) != expected:
            break
        steps.append(body)
        expected += 1
    return steps


ORDER = {"en": "Cutting order", "de": "Reihenfolge beim Schneiden"}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("game", "options", "part", "page"), [
    ("zatre", (), {"en": "Cover card", "de": "Deckelbild"}, 7),
    ("rautino", ("--cover",), {"en": "Cover", "de": "Deckelbild"}, 9)])
def test_the_cover_is_cut_off_before_the_card_is_laminated(tmp_path, game, options, part, page, lang) -> None:
    guide = " ".join(_guide(_kit(tmp_path, game, *options, "--lang", lang), game, lang))
    steps = _steps(guide, ORDER[lang])
    first, second = steps[:2]
    page_word = {"en": "page", "de": "Seite"}[lang]
    assert first.startswith(f"{part[lang]} ({page_word} {page}), "
                            + {"en": "before anything is laminated: ", "de": "bevor etwas laminiert wird: "}[lang])
    assert {"en": "stays unlaminated.", "de": "bleibt unlaminiert."}[lang] in first
    assert second.startswith({"en": "Then laminate the 240 g/m² sheets whole",
                              "de": "Dann die Bogen mit 240 g/m² ganz laminieren"}[lang])
    assert f"{page_word} {page}" in second  # the rest of the cover's sheet is laminated too
    assert not any({"en": "First cut", "de": "Vorher"}[lang] in step for step in steps)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_without_a_cover_the_card_is_laminated_first(tmp_path, lang) -> None:
    guide = " ".join(_guide(_kit(tmp_path, "triomino", "--lang", lang), "triomino", lang))
    assert _steps(guide, ORDER[lang])[0] == {"en": "Laminate the 240 g/m² sheets whole, before cutting them.",
                                             "de": "Die Bogen mit 240 g/m² ganz laminieren, vor dem Schneiden."}[lang]


FOLDS = {
    "en": (re.compile(r"Fold the rules in half ([a-z ]+?), each time across the longer side, to (\d+) x (\d+) mm, "
                      r"and lay them on top \(folded [a-z ]+ they are \d+ x \d+ mm, too large for the "
                      r"([\d.]+) x ([\d.]+) mm floor\)"),
           re.compile(r"Fold each cut score sheet in half ([a-z ]+?), each time across the longer side, to "
                      r"(\d+) x (\d+) mm")),
    "de": (re.compile(r"Die Regeln ([a-z]+) in der Mitte falten, jedes Mal quer zur längeren Seite, auf (\d+) x "
                      r"(\d+) mm, und obenauf legen \([a-z]+ gefaltet sind sie \d+ x \d+ mm, zu groß für den "
                      r"Boden von ([\d,]+) x ([\d,]+) mm\)"),
           re.compile(r"Jedes abgeschnittene Punkteblatt ([a-z]+) in der Mitte falten, jedes Mal quer zur längeren "
                      r"Seite, auf (\d+) x (\d+) mm")),
}


def _score_piece(game: str, paper, lang: str, tmp_path: Path) -> tuple[float, float]:
    """The largest sheet a score page is cut into at the lines between its sheets, from the drawn page."""
    job = KitJob(game, None, None, KitContext(paper, lang, None, BoxOptions(), {}), frozenset({"pdf"}), 100, tmp_path)
    (page,) = [item.page for item in draw_job(job).pages if item.component == "scoresheet"]
    cuts = [item for item in page.items if isinstance(item, Line) and item.cls == "cut-line"]
    xs = sorted({0.0, page.width, *(c.x1 for c in cuts if c.x1 == c.x2)})
    ys = sorted({0.0, page.height, *(c.y1 for c in cuts if c.y1 == c.y2)})
    return max(b - a for a, b in pairwise(xs)), max(b - a for a, b in pairwise(ys))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_zatres_cut_score_sheets_fold_to_lie_on_the_floor_the_guide_names(tmp_path, paper, lang) -> None:
    guide = " ".join(_guide(_kit(tmp_path, "zatre", "--paper", paper, "--lang", lang), "zatre", lang))
    rules, scores = (pattern.search(guide) for pattern in FOLDS[lang])
    assert rules and scores, guide
    floor = sorted(float(v.replace(",", ".")) for v in rules.group(4, 5))
    assert "each score page" not in guide and "jede Seite Punkteblätter" not in guide
    width, height = _score_piece("zatre", parse_paper(paper), lang, tmp_path)
    folds = TIMES[lang][scores.group(1)]
    folded = folded_sheet("score", width, height, 0.1, folds)
    stated = sorted(int(v) for v in scores.group(2, 3))
    assert stated == pytest.approx(sorted((folded.width, folded.depth)), abs=0.5 + 1e-6)  # to the whole mm
    exact = sorted((folded.width, folded.depth))
    for size in (stated, exact):  # it lies on the floor the guide names
        assert all(a <= b for a, b in zip(size, floor, strict=True))
    once_fewer = folded_sheet("score", width, height, 0.1, folds - 1)
    assert max(once_fewer.width, once_fewer.depth) > floor[1]  # and no fewer folds would do
    assert TIMES[lang][rules.group(1)] == 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_triominos_score_pages_fold_with_the_rules(tmp_path, lang) -> None:
    guide = " ".join(_guide(_kit(tmp_path, "triomino", "--lang", lang), "triomino", lang))
    assert {"en": "Fold the rules and each score page in half three times",
            "de": "Die Regeln und jede Seite Punkteblätter dreimal in der Mitte falten"}[lang] in guide


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rautinos_board_is_cut_once_and_then_laid_in_the_box(tmp_path, lang) -> None:
    guide = " ".join(_guide(_kit(tmp_path, "rautino", "--lang", lang), "rautino", lang))
    cut = {"en": "along the long black lines through its centre", "de": "an den langen schwarzen Linien durch die "
                                                                        "Mitte"}[lang]
    assert guide.count(cut) == 1
    into = guide[guide.index({"en": "Into the box", "de": "In die Schachtel"}[lang]):]
    assert {"en": "Lay the 6 panels of the board (at most 104 x 90 mm) flat on the pieces.",
            "de": "Die 6 Teile des Spielplans (höchstens 104 x 90 mm) flach auf die Steine legen."}[lang] in into
    assert {"en": "Cut", "de": "schneiden"}[lang] not in into
