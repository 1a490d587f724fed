"""The printed Zatre kit, read back from SVG and PDF: board, tiles, score block, rules, CLI."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from click.testing import CliRunner
from drawhelp import SVG_NS, svg_root
from pypdf import PdfReader
from zatre_helpers import spec_data, write_spec

import pnp.cli
from pnp.draw.paper import A4, LETTER
from pnp.draw.pdf import render_pdf
from pnp.draw.svg import render_svg
from pnp.errors import LayoutError
from pnp.games import get
from pnp.games.zatre.model import load
from pnp.kit import draw_kit, kit_context

GAME = get("zatre")
MODEL = load()
DOUBLES = {(r, r) for r in range(1, 14)} | {(r, 14 - r) for r in range(1, 14)}
DOUBLES -= {(7, 7)}
DOUBLES |= {(0, 6), (0, 8), (14, 6), (14, 8), (6, 0), (8, 0), (6, 14), (8, 14)}
MM_PER_PT = 25.4 / 72


def draw(component: str, model=MODEL, paper=A4, lang: str = "en", **options):
    return GAME.impl.components[component](model, kit_context(paper, lang, **options))


def elements(page, cls: str, tag: str | None = None) -> list:
    root = svg_root(render_svg(page))
    return [el for el in root.iter() if el.get("class") == cls and (tag is None or el.tag == f"{SVG_NS}{tag}")]


# ---- board ------------------------------------------------------------------------------------


@pytest.mark.parametrize("ink", ["full", "eco"])
def test_board_has_193_fields_of_the_spec_size_and_the_listed_doubles(ink: str) -> None:
    (page,) = draw("board", ink=ink)
    fields = elements(page, "field", "rect")
    assert len(fields) == 193
    kinds = {tuple(map(int, f.get("data-cell").split(","))): f.get("data-kind") for f in fields}
    assert {cell for cell, kind in kinds.items() if kind == "double"} == DOUBLES
    assert [cell for cell, kind in kinds.items() if kind == "start"] == [(7, 7)]
    assert {(float(f.get("width")), float(f.get("height"))) for f in fields} == {(12.8, 12.8)}
    # Fields sit on one grid: x and y step by exactly one cell.
    by_cell = dict(zip(kinds, fields, strict=True))
    assert float(by_cell[(7, 8)].get("x")) - float(by_cell[(7, 7)].get("x")) == pytest.approx(12.8)
    assert float(by_cell[(8, 7)].get("y")) - float(by_cell[(7, 7)].get("y")) == pytest.approx(12.8)


def _luminance(colour: str) -> float:
    """Relative luminance (WCAG) of a #rrggbb colour."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("ink", ["full", "eco"])
def test_with_either_ink_the_double_fields_are_the_light_marked_ones_and_white_tiles_stand_out(ink) -> None:
    """Read from the printed SVG: the x2 fields are the lighter ones (as on the full-ink board), the plain
    fields are dark enough that a white tile stands out on them, and the start field is red with a ring."""
    (page,) = draw("board", ink=ink)
    fills = {f.get("data-kind"): f.get("fill") for f in elements(page, "field", "rect")}
    tile = "#ffffff"  # the tiles' face (a plain sheet of card)
    assert _luminance(fills["double"]) > _luminance(fills["normal"])
    assert _contrast(fills["double"], fills["normal"]) >= 1.4
    assert _contrast(tile, fills["normal"]) >= 1.5
    assert fills["start"] == "#c62828" and elements(page, "start-mark")
    assert len(elements(page, "double-mark")) == len(DOUBLES)


def test_eco_board_takes_less_than_half_the_ink_of_the_full_board() -> None:
    from drawhelp import darkness

    assert darkness(draw("board", ink="eco")[0]) < darkness(draw("board")[0]) / 2


@pytest.mark.parametrize(("paper", "sheets"), [(A4, 1), (LETTER, 1), (A4, 2), (LETTER, 2)],
                         ids=["A4", "Letter", "A4-2", "Letter-2"])
def test_board_colour_runs_3_mm_past_every_cut_of_its_outline(paper, sheets) -> None:
    """Points just inside 3 mm outside each outer field edge (the board's outline, and on two sheets the edge
    where a sheet ends) lie on a bleed of the field's own colour; no text lies on the bleed."""
    from pnp.games.zatre.kit.board import BLEED_MM

    for page in draw("board", paper=paper, board_sheets=sheets):
        fields, bleeds = {}, []
        for el in elements(page, "field", "rect"):
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            fields[tuple(map(int, el.get("data-cell").split(",")))] = (x, y, x + w, y + h, el.get("fill"))
        for el in elements(page, "bleed", "rect"):
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            bleeds.append((x, y, x + w, y + h, el.get("fill")))

        painted = [*bleeds, *fields.values()]

        def colour_at(px: float, py: float, painted=painted) -> set[str]:
            return {f for x0, y0, x1, y1, f in painted if x0 <= px <= x1 and y0 <= py <= y1}

        reach = BLEED_MM - 0.01
        checked = 0
        for (r, c), (x0, y0, x1, y1, fill) in fields.items():
            sides = {"left": (r, c - 1), "right": (r, c + 1), "up": (r - 1, c), "down": (r + 1, c)}
            open_ = {side for side, other in sides.items() if other not in fields}
            for side in open_:
                for t in (0.02, 0.5, 0.98):
                    px = {"left": x0 - reach, "right": x1 + reach}.get(side, x0 + t * (x1 - x0))
                    py = {"up": y0 - reach, "down": y1 + reach}.get(side, y0 + t * (y1 - y0))
                    assert colour_at(px, py), (r, c, side)
                    checked += 1
                mid = ((x0 + x1) / 2 + {"left": -reach, "right": reach}.get(side, 0),
                       (y0 + y1) / 2 + {"up": -reach, "down": reach}.get(side, 0))
                assert fill in colour_at(*mid), (r, c, side)  # its own colour beyond the middle of its edge
            for h, v in (("left", "up"), ("left", "down"), ("right", "up"), ("right", "down")):
                if h in open_ and v in open_:  # a convex corner: the corner square too
                    px = x0 - reach if h == "left" else x1 + reach
                    py = y0 - reach if v == "up" else y1 + reach
                    assert colour_at(px, py), (r, c, h, v)
        assert checked > 100
        for prim, m, _ in page.leaves():
            if getattr(prim, "cls", None) == "legend":
                box = prim.bbox(m)
                assert not any(x0 < box.x1 and box.x0 < x1 and y0 < box.y1 and box.y0 < y1
                               for x0, y0, x1, y1, _ in bleeds), prim.text


def test_board_that_does_not_fit_names_the_way_out(tmp_path: Path) -> None:
    data = spec_data()
    data["board"]["cell_mm"] = 15.0
    data["tiles"]["size_mm"] = 14.0
    with pytest.raises(LayoutError, match="board-sheets 2"):
        draw("board", load(write_spec(tmp_path, data)))


# ---- two-sheet board --------------------------------------------------------------------------


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["A4", "Letter"])
def test_two_sheet_board_sheets_meet_at_a_panel_joint_and_reassemble(paper) -> None:
    sheets = draw("board", paper=paper, board_sheets=2)
    assert len(sheets) == 2
    seen: dict[str, tuple[float, float]] = {}
    columns = []
    for sheet in sheets:
        assert (sheet.width, sheet.height) == (paper.width, paper.height)
        sheet.check_safe_area()
        fields = {f.get("data-cell"): (float(f.get("x")), float(f.get("y"))) for f in elements(sheet, "field", "rect")}
        assert {float(f.get("width")) for f in elements(sheet, "field", "rect")} == {16.0}
        assert not set(fields) & set(seen)  # every field on exactly one sheet
        # On each sheet the fields lie on one 16 mm grid: the sheet is its part of the one board.
        origins = {(round(x - int(cell.split(",")[1]) * 16.0, 6), round(y - int(cell.split(",")[0]) * 16.0, 6))
                   for cell, (x, y) in fields.items()}
        assert len(origins) == 1
        seen |= fields
        columns.append(sorted({int(cell.split(",")[1]) for cell in fields}))
    assert len(seen) == len(MODEL.board.fields)
    assert columns[0][-1] + 1 == columns[1][0]  # sheet 2 goes on where sheet 1 ends
    # No overlap strip to glue: the sheets meet at a joint between panels, hinged like the others.
    assert not any(elements(s, "overlap-strip") for s in sheets)
    seam = columns[1][0]
    assert any(el.get("data-after-column") == str(seam) for el in elements(sheets[0], "panel-cut", "line"))
    assert any(el.get("data-after-column") == str(seam) for el in elements(sheets[1], "panel-cut", "line"))


# ---- tiles -------------------------------------------------------------------------------------


def test_121_tiles_with_the_right_pips_and_size() -> None:
    pages = draw("tiles")
    assert len(pages) == 2  # one front sheet, one back sheet
    front = svg_root(render_svg(pages[0]))
    tiles = [g for g in front.iter(f"{SVG_NS}g") if g.get("class") == "tile"]
    assert len(tiles) == 121
    counts: dict[int, int] = {}
    for tile in tiles:
        pips = int(tile.get("data-pips"))
        drawn = [c for c in tile.iter(f"{SVG_NS}circle") if c.get("class") == "pip"]
        assert len(drawn) == pips  # pips, not digits
        assert tile.get("data-size-mm") == "11.8"
        counts[pips] = counts.get(pips, 0) + 1
    assert counts == dict(MODEL.tiles.counts)
    assert not [t for t in front.iter(f"{SVG_NS}text") if t.text and t.text.strip().isdigit()]


def test_tile_cut_grid_is_straight_and_tile_sized() -> None:
    (front, _back) = draw("tiles")
    lines = elements(front, "cut-line", "line")
    xs = sorted({float(ln.get("x1")) for ln in lines if ln.get("x1") == ln.get("x2")})
    ys = sorted({float(ln.get("y1")) for ln in lines if ln.get("y1") == ln.get("y2")})
    # 121 tiles across the sheet's width: A4 takes 15 of 11.8 mm a row, so 9 rows, and 14 columns fill them.
    assert (len(xs) - 1, len(ys) - 1) == (14, 9)
    assert {round(b - a, 4) for a, b in itertools.pairwise(xs)} == {11.8}
    vertical = [ln for ln in lines if ln.get("x1") == ln.get("x2")]
    assert {(float(ln.get("y1")), float(ln.get("y2"))) for ln in vertical} == {(ys[0], ys[-1])}


def test_tile_backs_mirror_the_fronts_for_long_edge_duplex() -> None:
    front, back = draw("tiles")
    fronts = {g.get("data-tile"): g for g in svg_root(render_svg(front)).iter(f"{SVG_NS}g")
              if g.get("class") == "tile"}
    backs = [g for g in svg_root(render_svg(back)).iter(f"{SVG_NS}g") if g.get("class") == "tile-back"]
    assert len(backs) == 121
    first_pip = next(c for c in fronts["0"].iter(f"{SVG_NS}circle"))  # the 1: its pip is the centre
    ring = next(c for c in backs[0].iter(f"{SVG_NS}circle"))
    assert float(ring.get("cx")) == pytest.approx(210 - float(first_pip.get("cx")))
    assert float(ring.get("cy")) == pytest.approx(float(first_pip.get("cy")))


def test_large_board_tiles_keep_the_clearance() -> None:
    front = draw("tiles", board_sheets=2)[0]
    sizes = {g.get("data-size-mm") for g in svg_root(render_svg(front)).iter(f"{SVG_NS}g") if g.get("class") == "tile"}
    assert sizes == {f"{MODEL.board.large_cell_mm - MODEL.tiles.clearance_mm:g}"}


def test_more_tiles_take_more_sheets(tmp_path: Path) -> None:
    data = spec_data()
    data["tiles"]["counts"] = {str(p): 70 for p in range(1, 7)}  # 420 tiles
    pages = draw("tiles", load(write_spec(tmp_path, data)))
    assert len(pages) == 4
    assert sum(1 for p in pages[::2] for _ in elements(p, "tile")) == 420


# ---- score block ---------------------------------------------------------------------------------


def sheet_facts(page) -> list[dict]:
    root = svg_root(render_svg(page))
    out = []
    for sheet in (g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "score-sheet"):
        rows = [g for g in sheet.iter(f"{SVG_NS}g") if g.get("class") == "sheet-row"]
        bonus = {int(t.get("data-row")): int(t.text) for t in sheet.iter(f"{SVG_NS}text") if t.get("class") == "bonus"}
        keys = [el.get("data-key") for el in sheet.iter() if el.get("class") == "sheet-column"]
        labels = [el.get("data-label") for el in sheet.iter() if el.get("class") == "sheet-column"]
        others = {el.get("class") for el in sheet.iter()}
        out.append({"rows": len(rows), "bonus": bonus, "keys": keys, "labels": labels, "others": others,
                    "header": [t.get("data-field") for t in sheet.iter(f"{SVG_NS}text")
                               if t.get("class") == "sheet-header"]})
    return out


def test_score_sheet_is_the_models_sheet() -> None:
    (page,) = draw("scoresheet")
    facts = sheet_facts(page)
    assert len(facts) == MODEL.sheet.sheets_per_page == 2
    for sheet in facts:
        assert sheet["rows"] == MODEL.sheet.rows
        assert sheet["keys"] == [c.key for c in MODEL.sheet.columns]
        assert sheet["labels"] == [c.label.text("en") for c in MODEL.sheet.columns]
        assert sheet["bonus"] == {row: MODEL.sheet.bonus_of_row(row) for row in range(len(MODEL.sheet.bonus))}
        assert {"minus-line", "grand-total"} <= sheet["others"]
        assert sheet["header"] == [text.text("en") for text in MODEL.sheet.header]
    assert elements(page, "cut-line") and elements(page, "crop-mark")


@pytest.mark.parametrize(("rows", "per_page"), [(30, 2), (40, 2), (50, 1), (16, 4)])
def test_more_rows_print_every_row(tmp_path: Path, rows: int, per_page: int) -> None:
    data = spec_data()
    data["sheet"]["rows"], data["sheet"]["sheets_per_page"] = rows, per_page
    (page,) = draw("scoresheet", load(write_spec(tmp_path, data)))
    page.check_safe_area()
    facts = sheet_facts(page)
    assert len(facts) == per_page and {f["rows"] for f in facts} == {rows}


def test_sheet_that_cannot_fit_is_a_clear_error(tmp_path: Path) -> None:
    data = spec_data()
    data["sheet"]["rows"], data["sheet"]["sheets_per_page"] = 120, 2
    with pytest.raises(LayoutError, match=r"^2 sheets of 120 rows do not fit.*sheets_per_page") as caught:
        draw("scoresheet", load(write_spec(tmp_path, data)))
    assert caught.value.field == "sheet.rows"


def test_pad_has_the_asked_pages_and_german_labels() -> None:
    pages = draw("scoresheet", lang="de", pages=3)
    assert len(pages) == 3
    texts = {t.text for t in svg_root(render_svg(pages[0])).iter(f"{SVG_NS}text")}
    assert {"Spieler", "Datum", "Spiel", "Gesamt"} <= texts


# Column headings a spec may name: the shipped ones, and longer ones; "Bonus points" is wider than its column
# at the smallest type (6.5 pt), "Row total" is not, "x2 cross" is on the score sheet.
HEADINGS = {"shipped": {}, "long": {"cross_label": "x2 cross", "bonus_label": "Bonus points",
                                    "total_label": "Row total"}}


def _label_box(el) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a printed text read back from the SVG, measured as the layout checks measure text:
    the font's advance widths and its full height above and below the baseline; the lines of a group of
    them together; the drawn Σ by its points."""
    from pnp.draw.text import text_width, vertical_extent

    if el.tag == f"{SVG_NS}polyline":
        points = [tuple(map(float, pair.split(","))) for pair in el.get("points").split()]
        half = float(el.get("stroke-width")) / 2
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half
    boxes = []
    for text in el.iter(f"{SVG_NS}text"):
        size, bold = float(text.get("font-size")), text.get("font-weight") == "bold"
        x, y = float(text.get("x").split()[0]), float(text.get("y"))
        above, below = vertical_extent(size, bold)
        boxes.append((x, y - above, x + text_width(text.text, size, bold), y + below))
    assert boxes
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _overlapping(boxes: list[tuple[str, tuple[float, float, float, float]]]) -> list[tuple[str, str]]:
    return [(one, other) for (one, a), (other, b) in itertools.combinations(boxes, 2)
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]


def _tables(root) -> list:
    """The groups that hold one score table each: every sheet of the block, the rules' filled line."""
    return [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "score-sheet"
            or (g.get("class") == "rules-figure" and g.get("data-figure") == "sheet-row")]


@pytest.mark.parametrize("headings", list(HEADINGS))
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
def test_column_headings_stay_in_their_columns_and_never_overlap(tmp_path: Path, headings, lang, paper) -> None:
    """Read back from the SVG of the score block and of the rules' filled line: every column heading lies
    inside its grey head cell, and no two headings' boxes overlap."""
    data = spec_data()
    data["sheet"].update(HEADINGS[headings])
    model = GAME.load(write_spec(tmp_path, data))
    tables = [table for component in ("scoresheet", "rules")
              for page in draw(component, model, paper=paper, lang=lang)
              for table in _tables(svg_root(render_svg(page)))]
    assert len(tables) == model.sheet.sheets_per_page + 1
    for table in tables:
        cells = {el.get("data-key"): el for el in table.iter(f"{SVG_NS}rect") if el.get("class") == "column-head"}
        labels = [el for el in table.iter() if el.get("class") == "sheet-column"]
        assert [el.get("data-key") for el in labels] == list(cells) == [c.key for c in model.sheet.columns]
        assert [el.get("data-label") for el in labels] == [c.label.text(lang) for c in model.sheet.columns]
        boxes = {}
        for el in labels:
            cell = cells[el.get("data-key")]
            x, y, w, h = (float(cell.get(a)) for a in ("x", "y", "width", "height"))
            box = boxes[el.get("data-label")] = _label_box(el)
            assert x <= box[0] and box[2] <= x + w and y <= box[1] and box[3] <= y + h, (el.get("data-label"), box)
            lines = [t.text for t in el.iter(f"{SVG_NS}text")]
            assert " ".join(lines) == el.get("data-label") or el.tag == f"{SVG_NS}polyline"
            if headings == "long" and el.get("data-key") in ("bonus", "total"):  # too wide at 6.5 pt, or not
                assert lines == (["Bonus", "points"] if el.get("data-key") == "bonus" else ["Row total"])
            elif el.get("data-key") != "x2":  # "x2 cross" fits the rules' wider x2 column on Letter only
                assert len(lines) == 1 or el.tag == f"{SVG_NS}polyline"
        assert not _overlapping(list(boxes.items()))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
def test_no_two_texts_of_a_sheet_overlap_with_the_longest_title_that_loads(tmp_path: Path, lang, paper) -> None:
    """The loader measures the title where the score block prints it, beside "score sheet": the longest title
    it accepts (as many characters as its message says fit) overlaps no other text of a sheet, read back from
    the SVG; the headings on two lines count as one text."""
    from pnp.errors import SpecError

    data = spec_data()
    title = data["game"]["title"] = "Zatre Deluxe Family Edition"
    with pytest.raises(SpecError, match=r"game\.title: at most \d+ characters .* on the score sheet") as refused:
        GAME.load(write_spec(tmp_path, data))
    data["game"]["title"] = title[:int(refused.value.reason.split("at most ")[1].split()[0])]
    model = GAME.load(write_spec(tmp_path, data, "fits.toml"))
    (page,) = draw("scoresheet", model, paper=paper, lang=lang)
    for sheet in _tables(svg_root(render_svg(page))):
        labels = [el for el in sheet.iter() if el.get("class") == "sheet-column"
                  or (el.tag == f"{SVG_NS}text" and el.get("class") != "sheet-column-line")]
        boxes = [(el.get("data-label") or el.text, _label_box(el)) for el in labels]
        assert model.title.text(lang).upper() in [name for name, _ in boxes] and len(boxes) > 20
        assert not _overlapping(boxes)


# ---- rules ---------------------------------------------------------------------------------------


def test_rules_example_turn_is_what_the_engine_scores() -> None:
    from pnp.games.zatre.kit.rules import example_sheet_row, example_turn

    result, entries = example_turn(MODEL)
    assert sorted(row.total for row in result.rows) == [10, 10, 11]
    assert result.crosses == 1
    assert sorted(e.to_json() for e in entries) == [["10", 0, 2], ["11", 0, 2], ["x2", 0, 1]]
    assert example_sheet_row(MODEL).row(0).total == (2 + 2 + 4 + 3) * 2


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("paper", [A4, LETTER])
def test_rules_fit_with_both_figures(lang: str, paper) -> None:
    (page,) = draw("rules", paper=paper, lang=lang)
    page.check_safe_area()
    root = svg_root(render_svg(page))
    figures = {g.get("data-figure") for g in root.iter(f"{SVG_NS}g") if g.get("class") == "rules-figure"}
    assert figures == {"turn", "sheet-row"}
    words = " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
    assert "Profi" in words or "profi" in words
    assert ("card game" if lang == "en" else "Kartenspiel") in words
    assert "22" in words  # the filled line's total


# ---- whole kit, safe area, paper --------------------------------------------------------------


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_every_page_in_the_safe_area_and_on_the_paper(paper) -> None:
    ctx = kit_context(paper, "en")
    pages = draw_kit(GAME, MODEL, ctx, ["board", "tiles", "scoresheet", "rules"], with_calibration=False)
    pdf = PdfReader(io.BytesIO(render_pdf([p.page for p in pages])))
    assert len(pdf.pages) == len(pages) == 1 + 2 + 1 + 1
    for page in pdf.pages:
        width, height = (float(v) * MM_PER_PT for v in page.mediabox[2:])
        assert (width, height) == (pytest.approx(paper.width, abs=0.01), pytest.approx(paper.height, abs=0.01))


def test_report_hooks_draw_the_final_board_and_the_rows_figure() -> None:
    from pnp.check.options import CheckOptions

    report = GAME.check(MODEL, CheckOptions(games=2, players=2, workers=1, keep_games=True))
    record = report.games_drawn[0][1]
    page = GAME.final_board(MODEL, record)
    page.check_safe_area()
    placed = sum(len(t["tiles"]) for t in record["turns"])
    assert len(elements(page, "tile")) == placed
    (figure,) = GAME.figures(MODEL, report)
    assert sum(figure.counts.values()) == 4 and str(MODEL.sheet.rows) in figure.counts


@pytest.mark.parametrize("args", [["board", "zatre", "--board-sheets", "2", "--ink", "eco"],
                                  ["tiles", "zatre"], ["rules", "zatre", "--lang", "de"],
                                  ["scoresheet", "zatre", "--pages", "2", "--paper", "letter"]])
def test_components_through_the_cli(tmp_path: Path, args: list[str]) -> None:
    result = CliRunner().invoke(pnp.cli.main, [*args, "-o", str(tmp_path), "--format", "pdf,svg", "-q"])
    assert result.exit_code == 0, result.output
    assert list((tmp_path / "zatre").glob("*.pdf")) and list((tmp_path / "zatre").glob("*.svg"))


def test_whole_kit_through_the_cli(tmp_path: Path) -> None:
    pytest.importorskip("pnp.components.box_kit", reason="the box is added when the box branch is merged")
    result = CliRunner().invoke(pnp.cli.main, ["kit", "zatre", "-o", str(tmp_path), "--format", "pdf,svg"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "zatre" / "zatre-kit.pdf").exists()


def _rules_words(model, lang: str = "en") -> tuple[str, object]:
    (page,) = draw("rules", model=model, lang=lang)
    page.check_safe_area()
    root = svg_root(render_svg(page))
    return " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text")), root


def test_rules_example_caption_is_the_engines_turn(tmp_path: Path) -> None:
    from pnp.games.zatre.kit.example import caption, find_example

    example = find_example(MODEL)
    assert example is not None and example.turn == ((4, (7, 8)), (6, (6, 8)))
    assert caption(example, "en") == (
        "Yellow: the tiles of this turn, 4 and 6. Red with a ring: the start field. The 4 makes 2+3+1+4 = 10 across. "
        "The 6 on the x2 field makes "
        "5+6 = 11 across and 6+4 = 10 down. Written: 2 in column 10 (two 10s share a box), 2 in column 11 and "
        "a cross.")
    assert "Eingetragen: 2 in Spalte 10 (zwei 10er teilen ein Kästchen), 2 in Spalte 11 und ein Kreuz." in caption(
        example, "de")
    # Other points: the caption follows the spec, not a hand-written text.
    data = spec_data()
    data["rules"]["points"] = {"10": 2, "11": 3, "12": 5}
    words, _ = _rules_words(load(write_spec(tmp_path, data)))
    assert "4 in column 10" in words and "3 in column 11" in words
    assert "two rows of 12 make 10" in words


def test_rules_example_shows_the_x2_field_under_a_tile() -> None:
    _, root = _rules_words(MODEL)
    tags = [el for el in root.iter(f"{SVG_NS}rect") if el.get("class") == "double-tag"]
    assert [t.get("data-cell") for t in tags] == ["6,8"]


@pytest.mark.parametrize("edit", [
    {"rules": {"points": {"12": 4}}},  # only 12 scores: the example finds other pips
    {"rules": {"start_is_double": True, "bonus_doubled": False, "double_incomplete_rows": False}},
    {"board": {"layout": ["D....", ".S...", "....."]}},  # too small for the example turn
    {"board": {"layout": ["..D..", ".....", "..S..", "D....", "....."]}},  # the example mirrored
])
def test_rules_page_for_changed_specs(tmp_path: Path, edit: dict) -> None:
    from pnp.games.zatre.kit.example import find_example

    data = spec_data()
    for table, fields in edit.items():
        data[table].update(fields)
    model = load(write_spec(tmp_path, data))
    words, root = _rules_words(model)
    figures = {g.get("data-figure") for g in root.iter(f"{SVG_NS}g") if g.get("class") == "rules-figure"}
    example = find_example(model)
    assert figures == ({"turn", "sheet-row"} if example else {"sheet-row"})
    assert ("Example of a turn" in words) == (example is not None)
    if example:
        assert example.result.rows  # a true scoring turn, played by the engine


def test_rules_text_follows_the_doubling_options(tmp_path: Path) -> None:
    words, _ = _rules_words(MODEL)
    assert "points and bonus count double if the line has a cross, complete or not" in words.replace("  ", " ")
    assert "entries in all of 10, 11 and 12" in words
    data = spec_data()
    data["rules"].update(bonus_doubled=False, start_is_double=True)
    model = load(write_spec(tmp_path, data))
    words, root = _rules_words(model)
    assert "not the bonus" in words and "start field counts as an x2 field" in words
    total = next(t.text for t in root.iter(f"{SVG_NS}text") if t.get("class") == "example-total")
    assert total == "(2 + 2 + 4) × 2 + 3 = 19"


def test_german_rules_draw_rule_and_bonus_wording() -> None:
    words, _ = _rules_words(MODEL, "de")
    assert "hast du nur einen Stein oder passt keiner, ziehst du" in words
    assert "in allen Spalten 10, 11 und 12" in words


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_score_block_marks_stay_clear_of_the_footer(paper) -> None:
    from pnp.draw.marks import FOOTER_SIZE
    from pnp.draw.text import vertical_extent

    ctx = kit_context(paper, "en")
    (item,) = draw_kit(GAME, MODEL, ctx, ["scoresheet"], with_calibration=False)
    page = item.page
    above, below = vertical_extent(FOOTER_SIZE)
    footer_top = page.height - page.safe_margin - below - above
    lowest = max(max(float(m.get("y1")), float(m.get("y2"))) for m in elements(page, "crop-mark", "line"))
    assert lowest < footer_top - 0.3


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_score_block_marks_lie_in_the_printable_area(paper) -> None:
    from pnp.components.sheets import content_box

    ctx = kit_context(paper, "en")
    (item,) = draw_kit(GAME, MODEL, ctx, ["scoresheet"], with_calibration=False)
    page = item.page
    box = content_box(page)
    marks = elements(page, "crop-mark", "line")
    assert len(marks) >= 4  # beside the top and bottom edges, left and right
    for mark in marks:
        for x, y in ((float(mark.get("x1")), float(mark.get("y1"))), (float(mark.get("x2")), float(mark.get("y2")))):
            assert box.x0 - 1e-6 <= x <= box.x1 + 1e-6 and box.y0 - 1e-6 <= y <= box.y1 + 1e-6
            assert min(x, y, page.width - x, page.height - y) >= page.safe_margin  # most printers print there


@pytest.mark.parametrize(("lang", "phrase"), [("de", "sobald alle Steine dieses Zuges liegen"),
                                              ("en", "once all the tiles of the turn are down")])
def test_rules_say_when_a_row_through_an_x2_field_is_judged(lang, phrase) -> None:
    words, _ = _rules_words(MODEL, lang)
    assert phrase in words


@pytest.mark.parametrize("values", [{}, {"board_sheets": 2}])
def test_the_lid_art_shows_the_example_turn_on_a_corner_of_the_board(values) -> None:
    """On the tile sheet's cover card (the box lid then prints a glue area), or on the box lid itself where the
    tile sheet has no room for the card (the large board's larger tiles)."""
    from pnp.components.box_kit import box_for_game
    from pnp.games.zatre.kit.example import find_example

    game = get("zatre")
    example = find_example(MODEL)
    for lang in ("en", "de"):
        ctx = kit_context(A4, lang, **values)
        tiles_front = draw("tiles", lang=lang, **values)[0]
        box = [svg_root(render_svg(page)) for page in box_for_game(game, MODEL, ctx)]
        glue = [r for root in box for r in root.iter(f"{SVG_NS}rect") if r.get("class") == "cover-frame-glue"]
        on_card = bool(elements(tiles_front, "cover-cut", "rect"))
        assert on_card == (not values) and len(glue) == (1 if on_card else 0)
        pages = [svg_root(render_svg(tiles_front))] if on_card else box
        arts = [g for root in pages for g in root.iter(f"{SVG_NS}g") if g.get("class") == "cover-art"]
        assert len(arts) == 1
        tiles = [g for g in arts[0].iter(f"{SVG_NS}g") if g.get("class") == "tile-picture"]
        assert sorted(int(t.get("data-pips")) for t in tiles) == sorted(
            pips for pips, _ in (*example.board, *example.turn))
        assert any(t.get("class") == "field" for t in arts[0].iter(f"{SVG_NS}rect"))


# ---- a spec the kit cannot print: one line naming the spec file and the field ----------------------

@pytest.mark.parametrize(("old", "new", "field", "reason", "limit"), [
    ("cell_mm = 12.8 ", "cell_mm = 14 ", "board.cell_mm",
     "15 x 15 fields of 14 mm (210 x 210 mm) do not fit A4 (210 x 297 mm)", "; 12.9 mm or less fits"),
    ("rows = 28", "rows = 80", "sheet.rows", "2 sheets of 80 rows do not fit one page (rows of 2.9 mm",
     "need at least 4.5 mm"),
    ('bonus_label = "Bonus"', 'bonus_label = "Bonuspunkte für die ganze Reihe und noch viel mehr"',
     "sheet.bonus_label", "too wide for its 14 mm column on the score sheet",
     "two lines at most, each at most 11.6 mm at 6.5 pt"),
    ('bonus_label = "Bonus"', 'bonus_label = "Bonuspunkte"', "sheet.bonus_label",
     "too wide for its 14 mm column on the score sheet", "two lines at most, each at most 11.6 mm at 6.5 pt"),
    ('cross_label = "x2"', 'cross_label = "Verdopplung"', "sheet.cross_label",
     "too wide for its 11 mm column on the score sheet", "two lines at most, each at most 9.3 mm at 6.5 pt"),
])
def test_a_spec_value_the_kit_cannot_print_names_file_and_field(tmp_path: Path, run_pnp, old: str, new: str,
                                                               field: str, reason: str, limit: str) -> None:
    from hostile_helpers import one_line_error, spec_with

    spec = spec_with(tmp_path, "zatre", old, new)
    out = tmp_path / "out"
    one_line_error(run_pnp("kit", "zatre", "--spec", str(spec), "-o", str(out)),
                   f"pnp: error: {spec}: {field}: {reason}", limit)
    assert not out.exists()


def test_a_heading_that_fits_a4_and_letter_but_not_a_narrower_paper_names_file_and_field(tmp_path: Path,
                                                                                         run_pnp) -> None:
    """The loader measures the headings on A4 and Letter; on a narrower paper's sheets the score block
    measures them again and names the field rather than print a heading over its neighbours."""
    from hostile_helpers import one_line_error, spec_with

    spec = spec_with(tmp_path, "zatre", 'bonus_label = "Bonus"', 'bonus_label = "Prämien"')
    out = tmp_path / "out"
    assert run_pnp("scoresheet", "zatre", "--spec", str(spec), "-o", str(out), "--format", "svg").exit_code == 0
    narrow = tmp_path / "narrow"
    one_line_error(run_pnp("scoresheet", "zatre", "--spec", str(spec), "--paper", "170x297", "-o", str(narrow)),
                   f"pnp: error: {spec}: sheet.bonus_label: column heading 'Prämien': too wide for its 10 mm column",
                   "each at most 8.8 mm at 6.5 pt")
    assert not narrow.exists()


def test_the_board_folds_for_the_box_the_kit_builds(tmp_path: Path, run_pnp) -> None:
    """--box-size changes the box, so the hinged board folds into more, smaller layers that lie on its floor."""
    from pnp.components.boxfit import inner_space
    from pnp.components.boxspec import settings_for
    from pnp.games.base import BoxOptions

    ctx = kit_context(A4, box_size="100x80x25")
    board = next(stack for stack in GAME.kit_box_contents(MODEL, ctx) if stack.name.startswith("board"))
    spec_board = next(stack for stack in GAME.kit_box_contents(MODEL, kit_context(A4))
                      if stack.name.startswith("board"))
    floor = sorted(inner_space(settings_for(MODEL, BoxOptions("100x80x25")).size, 0.1)[:2])
    assert board.count > spec_board.count
    assert all(a <= b for a, b in zip(sorted((board.width, board.depth)), floor, strict=True))
    out = tmp_path / "out"
    result = run_pnp("kit", "zatre", "--box-size", "100x80x25", "--format", "svg", "-q", "-o", str(out))
    assert result.exit_code == 0, result.output
    guide = " ".join(page.read_text(encoding="utf-8") for page in (out / "zatre").glob("*-guide.svg"))
    assert f"into {board.count} layers of" in guide
