"""The print and assembly guide: first page of every kit, its sheet table equal to the kit's pages."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from pnp.components.guide import page_ranges
from pnp.draw.paper import A4, LETTER
from pnp.draw.scene import Text
from pnp.games.base import BoxOptions, KitContext
from pnp.kit import KitJob, draw_job, render_job

PART_WORDS = {"en": {"tiles": ("tiles", "stones"), "board": ("board",), "rules": ("rules",)},
              "de": {"tiles": ("Spielsteine",), "board": ("Spielplan",), "rules": ("Regeln",)}}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("game", "paper"), [("rautino", A4), ("zatre", LETTER), ("triomino", A4)])
def test_the_guide_table_is_the_kits_page_list(tmp_path, game, paper, lang) -> None:
    job = KitJob(game, None, None, KitContext(paper, lang, None, BoxOptions(), {}), frozenset({"pdf"}), 100,
                 tmp_path)
    drawn = draw_job(job)
    (_, pdf), = render_job(job, drawn)
    pages = drawn[1]
    assert pages[0].component == "guide"
    rows = [p.data for p in pages[0].page.items if isinstance(p, Text) and p.data.get("row")]
    assert [int(r["row"]) for r in rows] == list(range(len(rows)))
    covered: list[int] = []
    for row in rows:
        first = int(row["first"])
        front, back = pages[first - 1], pages[first]
        assert front.component == row["component"] and not front.page.back
        assert back.page.back and back.behind == first
        assert (back.component != "blank") == (row["two-sided"] == "yes")
        covered += [first, first + 1]
    assert covered == list(range(1, len(pages) + 1))  # every page of the file, in order, once
    text = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    for row in rows:  # the printed table says the same
        first = int(row["first"])
        assert (f"{first}–{first + 1}" if row["two-sided"] == "yes" else f"{first} (") in text
    for component, words in PART_WORDS[lang].items():
        if any(p.component == component for p in pages):
            assert any(word in text for word in words)
    assert ("240 g/m²" in text) and ("80 g/m²" in text)
    # Every ink cell, read back from the PDF, in one notation: "7 %" for one side, "20 / 36 %" for two.
    lines = PdfReader(io.BytesIO(pdf)).pages[0].extract_text().splitlines()
    inks = [line for line in lines if re.fullmatch(r"[\d /%]+", line.strip()) and "%" in line]
    assert len(inks) == len(rows), inks
    for ink, row in zip(inks, rows, strict=True):
        pattern = r"\d+ / \d+ %" if row["two-sided"] == "yes" else r"\d+ %"
        assert re.fullmatch(pattern, ink.strip()), ink


def test_page_ranges_join_neighbours() -> None:
    assert page_ranges([5, 1, 2, 3, 6, 9]) == "1–3, 5–6, 9"
    assert page_ranges([4]) == "4"


def _guide_texts(pages) -> list[Text]:
    return [p for p in pages[0].page.items if isinstance(p, Text)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_guide_gives_each_sheets_ink_and_warns_of_a_sheet_used_under_a_quarter(tmp_path, lang) -> None:
    from pnp.components.ink import coverage
    from pnp.spec import template_path

    text = template_path("rautino").read_text(encoding="utf-8")
    spec = tmp_path / "rautino-42.toml"
    spec.write_text(text.replace("count = 2", "count = 3", 12), encoding="utf-8")  # 42 stones, 40 a sheet
    for path, warned in ((None, False), (spec, True)):
        job = KitJob("rautino", None, path, KitContext(A4, lang, None, BoxOptions(), {}), frozenset({"pdf"}),
                     100, tmp_path)
        pages = draw_job(job)[1]
        texts = _guide_texts(pages)
        warnings = [t.text for t in texts if t.cls == "guide-warning"]
        assert bool(warnings) == warned
        if warned:
            assert warnings == [t for t in warnings if "2/2" in t and "(5 %)" in t and "42" in t]
        cells = [t for t in texts if t.cls == "guide-cell"]
        rows = [t for t in cells if t.data.get("row")]
        for row in rows[1:]:  # the guide's own ink is measured on a draft of itself
            first = int(row.data["first"])
            shown = next(t.text for t in cells if t.y == row.y and t.text.endswith("%"))
            front = round(100 * coverage(pages[first - 1].page))
            values = [int(v) for v in shown.rstrip(" %").split(" / ")]
            assert abs(values[0] - front) <= 1  # the footer, stamped after, adds a trace
            if row.data["two-sided"] == "yes":
                assert abs(values[1] - round(100 * coverage(pages[first].page))) <= 1


def _guide_rows(pages) -> list[tuple[bool, str]]:
    """(two-sided, ink cell) of each row of the guide's sheet table, as printed."""
    cells = [t for t in _guide_texts(pages) if t.cls == "guide-cell"]
    rows = [t for t in cells if t.data.get("row")]
    return [(row.data["two-sided"] == "yes", next(t.text for t in cells if t.y == row.y and t.text.endswith("%")))
            for row in rows]


def test_pnp_kit_prints_the_guides_summary_after_writing(tmp_path) -> None:
    from click.testing import CliRunner

    from pnp.cli import main

    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["kit", "triomino", "--paper", "letter", "--tile-edge", "spec", "--format",
                                       "pdf", "-o", str(out)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"wrote {out / 'triomino' / 'triomino-kit.pdf'}"  # the summary follows the files
    job = KitJob("triomino", None, None, KitContext(LETTER, "en", None, BoxOptions(), {"tile_edge": "spec"}),
                 frozenset({"pdf"}), 100, tmp_path)
    pages = draw_job(job).pages
    rows = _guide_rows(pages)
    inks = ", ".join(cell.removesuffix(" %").replace(" / ", "/") for _, cell in rows)
    assert lines[1] == (f"Triomino: {len(rows)} sheets ({sum(two for two, _ in rows)} two-sided); "
                        f"ink per sheet, front/back %: {inks}")
    # Letter takes 48 of the 56 tiles of the spec's 40 mm: the guide's warning, word for word, on one line.
    warning = " ".join(t.text for t in _guide_texts(pages) if t.cls == "guide-warning")  # wrapped in the guide
    assert lines[2:] == [f"Triomino: warning: {warning[:1].lower()}{warning[1:]}"]
    assert "tiles 2/2: 8 of 48 places" in lines[2]


def test_pnp_kit_of_all_games_summarises_each_kit_once_and_is_quiet_with_q(tmp_path) -> None:
    from click.testing import CliRunner

    from pnp.cli import main

    args = ["kit", "--format", "pdf", "-o", str(tmp_path / "out")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    summaries = [line for line in result.output.splitlines() if " sheets (" in line]
    assert [line.split(":")[0] for line in summaries] == ["Rautino", "Triomino", "Zatre"]
    assert "warning" not in result.output  # A4 fills every tile sheet of the shipped sets
    quiet = CliRunner().invoke(main, [*args, "-q"])
    assert quiet.exit_code == 0 and quiet.output == ""


@pytest.mark.parametrize(("lang", "words"), [("en", "Letter takes at most 48 tiles of 40 mm (6 strips of 8, portrait)"),
                                             ("de", "Letter fasst höchstens 48 Steine von 40 mm (6 Streifen zu 8")])
def test_the_guide_says_why_letter_triomino_tiles_need_a_second_sheet(tmp_path, lang, words) -> None:
    """With `--tile-edge spec` the tiles keep 40 mm, and Letter needs a second, nearly empty sheet."""
    from pnp.components.sheets import content_box
    from pnp.draw.scene import Page
    from pnp.games.triomino.kit.tiles import choose_sheet, fit_layout, strip_shortfall

    def guide_warning(paper) -> str:
        job = KitJob("triomino", None, None, KitContext(paper, lang, None, BoxOptions(), {"tile_edge": "spec"}),
                     frozenset({"pdf"}), 100, tmp_path)
        return " ".join(t.text for t in _guide_texts(draw_job(job).pages) if t.cls == "guide-warning")

    # No strip arrangement takes the 56 tiles of 40 mm on Letter, portrait or landscape; A4 takes them.
    ctx = KitContext(LETTER, lang, None, BoxOptions(), {})
    assert choose_sheet(ctx, 40.0, 56).per_sheet == 48
    assert choose_sheet(KitContext(A4, lang, None, BoxOptions(), {}), 40.0, 56).per_sheet == 56
    box = content_box(Page.for_paper(LETTER.portrait()))
    short = strip_shortfall(box.width, box.height, 40.0)
    assert fit_layout(box.width, box.height, 40.0, True).strips == 6
    assert fit_layout(box.width, box.height + short + 1e-6, 40.0, True).strips == 7  # the shortfall is exact
    assert fit_layout(box.width, box.height + short - 0.01, 40.0, True).strips == 6
    warning = guide_warning(LETTER)
    assert words in warning and ("6.1 mm" if lang == "en" else "6,1 mm") in warning
    assert guide_warning(A4) == ""
