"""Rautino's printed kit read back from SVG and PDF: sizes, stones, duplex backs, safe area, rules fit."""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from drawhelp import SVG_NS, svg_root
from pypdf import PdfReader

from pnp.cli import main
from pnp.components.sheets import back_point, content_box
from pnp.draw.paper import A4, LETTER
from pnp.draw.pdf import render_pdf
from pnp.draw.svg import render_svg
from pnp.games.base import KitContext
from pnp.games.rautino import GAME
from pnp.games.rautino.model import load
from pnp.spec import template_path

MM_PER_PT = 25.4 / 72


@pytest.fixture(scope="module")
def model():
    return load()


@pytest.fixture(scope="module")
def pages(model):
    ctx = KitContext(A4, "en")
    return {name: draw(model, ctx) for name, draw in GAME.impl.components.items()}


def _points(element) -> list[tuple[float, float]]:
    return [tuple(float(v) for v in pair.split(",")) for pair in element.get("points").split()]


def _big_set(tmp_path: Path, copies: int) -> Path:
    text = template_path("rautino").read_text(encoding="utf-8").replace("count = 2", f"count = {copies}")
    path = tmp_path / "rautino.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_components_in_kit_order() -> None:
    assert list(GAME.impl.components) == ["board", "tiles", "cover", "rules"]


def test_board_marks_the_start_and_has_a_legend_entry_per_shape(model, pages) -> None:
    root = svg_root(render_svg(pages["board"][0]))
    start = root.find(f".//{SVG_NS}polygon[@class='start']")
    assert start.get("data-cells") == ";".join(f"{c},{r}" for c, r in model.board.start)
    entries = {g.get("data-shape") for g in root.iter(f"{SVG_NS}g") if g.get("class") == "legend-entry"}
    assert {s.name for s in model.shapes} <= entries
    assert "Rautino" in [t.text for t in root.iter(f"{SVG_NS}text")]


def test_default_sheet_holds_the_spec_set(model, pages) -> None:
    assert len(pages["tiles"]) == 2  # one front, one back
    root = svg_root(render_svg(pages["tiles"][0]))
    stones = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "stone"]
    assert len(stones) == 30
    read = sorted(tuple(g.get("data-colours").split("/")) for g in stones)
    assert read == sorted(model.stone_list)


def test_slanted_and_horizontal_cut_lines_run_across_rows(pages) -> None:
    root = svg_root(render_svg(pages["tiles"][0]))
    lines = root.findall(f".//{SVG_NS}line[@class='cut-line']")
    spans = [abs(float(line.get("y2")) - float(line.get("y1"))) for line in lines]
    # Slanted lines pass through several rows of stones: longer than one stone's edge.
    assert max(spans) > 3 * 26 * math.sqrt(3) / 2
    cuts = root.findall(f".//{SVG_NS}polygon[@class='stone-cut']")
    ends = {(round(float(line.get(f"x{i}")), 3), round(float(line.get(f"y{i}")), 3)) for line in lines
            for i in (1, 2)}
    assert ends  # every stone edge lies on some cut line
    for cut in cuts:
        pts = _points(cut)
        for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
            assert any(_on_segment(a, line) and _on_segment(b, line) for line in lines)


def _on_segment(p, line) -> bool:
    x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
    cross = (x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1)
    inside = min(x1, x2) - 1e-3 <= p[0] <= max(x1, x2) + 1e-3 and min(y1, y2) - 1e-3 <= p[1] <= max(y1, y2) + 1e-3
    return abs(cross) / math.hypot(x2 - x1, y2 - y1) < 1e-3 and inside


def test_colour_runs_3_mm_past_the_cut_line(pages) -> None:
    root = svg_root(render_svg(pages["tiles"][0]))
    stone = next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "stone")
    index = stone.get("data-stone")
    cut = next(p for p in root.iter(f"{SVG_NS}polygon") if p.get("class") == "stone-cut"
               and p.get("data-stone") == index)
    top = min(y for _, y in _points(cut))
    paint = min(y for poly in stone.findall(f"{SVG_NS}polygon") for _, y in _points(poly))
    assert top - paint == pytest.approx(3.0, abs=1e-3)


def test_45_stones_give_two_stone_sheets_and_two_back_sheets(tmp_path) -> None:
    big = load(_big_set(tmp_path, 3))
    assert big.stone_count == 45
    sheets = GAME.impl.components["tiles"](big, KitContext(A4))
    labels = [p.label for p in sheets]
    assert labels == ["stones", "stone backs", "stones", "stone backs"]
    count = sum(1 for p in sheets[::2] for g in svg_root(render_svg(p)).iter(f"{SVG_NS}g")
                if g.get("class") == "stone")
    assert count == 45


def test_backs_land_on_their_fronts_under_long_edge_duplex(pages) -> None:
    front, back = pages["tiles"]
    fronts = {p.get("data-stone"): _points(p) for p in svg_root(render_svg(front)).iter(f"{SVG_NS}polygon")
              if p.get("class") == "stone-cut"}
    backs = {p.get("data-stone"): _points(p) for p in svg_root(render_svg(back)).iter(f"{SVG_NS}polygon")
             if p.get("class") == "stone-back-outline"}
    assert fronts.keys() == backs.keys() and len(fronts) == 30
    for stone, points in fronts.items():
        landed = sorted(back_point(front, *p) for p in points)
        expected = sorted(backs[stone])
        assert [v for p in landed for v in p] == pytest.approx([v for p in expected for v in p], abs=1e-3)


def test_every_page_is_safe_and_the_pdf_is_a4(pages) -> None:
    flat = [p for group in pages.values() for p in group]
    for page in flat:
        page.check_safe_area()
    reader = PdfReader(io.BytesIO(render_pdf(flat)))
    for pdf_page in reader.pages:
        w, h = sorted((float(pdf_page.mediabox.width) * MM_PER_PT, float(pdf_page.mediabox.height) * MM_PER_PT))
        assert (round(w, 1), round(h, 1)) == (210.0, 297.0)


def test_the_cover_is_the_lid_plus_bleed_with_crop_marks(model, pages) -> None:
    page = pages["cover"][0]
    assert model.lid_mm == (130.0, 102.0)
    root = svg_root(render_svg(page))
    background = root.find(f".//{SVG_NS}rect[@class='cover-background']")
    assert (float(background.get("width")), float(background.get("height"))) == (136.0, 108.0)
    art = next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "cover-art")
    assert (art.get("data-width-mm"), art.get("data-height-mm")) == ("130", "102")
    assert len(root.findall(f".//{SVG_NS}line[@class='crop-mark']")) == 8
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
    for fact in ("Rautino", "1–2 players", "age 6–99", "about 15 minutes"):
        assert fact in texts
    assert len([p for p in root.iter(f"{SVG_NS}polygon") if p.get("class") == "cover-stone"]) == 12
    # The whole cover sits on the top half of the A4 sheet.
    box = art_box(page)
    assert box.y1 <= page.height / 2


def test_the_cover_is_the_lid_of_the_box_the_kit_builds(model) -> None:
    """--box-size changes the box, so it changes the cover glued on its lid too."""
    from pnp.games.base import BoxOptions

    (page,) = GAME.impl.components["cover"](model, KitContext(A4, "en", box=BoxOptions(size="140x110x25")))
    art = next(g for g in svg_root(render_svg(page)).iter(f"{SVG_NS}g") if g.get("class") == "cover-art")
    assert (art.get("data-width-mm"), art.get("data-height-mm")) == ("140", "110")


def art_box(page):
    group = next(p for p in page.items if p.cls == "cover-art")
    return group.bbox()


def test_cover_art_draws_into_any_rectangle_turned(model) -> None:
    from pnp.draw.scene import Page
    from pnp.games.rautino.kit.cover import lid_art

    page = Page(200, 200)
    lid_art(model)(page, 40, 30, 102, 130, 90)
    box = page.items[0].bbox()
    assert (round(box.width), round(box.height)) == (102, 130)


def test_box_size_comes_from_the_spec(tmp_path) -> None:
    text = template_path("rautino").read_text(encoding="utf-8").replace("size_mm = [130, 102, 23]",
                                                                        "size_mm = [150, 110, 30]")
    path = tmp_path / "r.toml"
    path.write_text(text, encoding="utf-8")
    bigger = load(path)
    assert bigger.box_mm == (150.0, 110.0, 30.0)
    page = GAME.impl.components["cover"](bigger, KitContext(A4))[0]
    page.check_safe_area()
    assert next(p for p in page.items if p.cls == "cover-art").data["width-mm"] == "150"


def test_bad_box_size_is_a_one_line_error(tmp_path) -> None:
    from pnp.errors import SpecError

    text = template_path("rautino").read_text(encoding="utf-8").replace("size_mm = [130, 102, 23]",
                                                                        "size_mm = [130, 102]")
    path = tmp_path / "r.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError, match="size_mm"):
        load(path)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rules_fit_one_page_with_shape_pictures_and_joker_examples(model, lang) -> None:
    pages = GAME.impl.components["rules"](model, KitContext(A4, lang))
    assert len(pages) == 1
    pages[0].check_safe_area()
    root = svg_root(render_svg(pages[0]))
    shapes = {g.get("data-shape") for g in root.iter(f"{SVG_NS}g") if g.get("class") == "rules-shape"}
    assert shapes == {s.name for s in model.shapes}
    examples = {g.get("data-example") for g in root.iter(f"{SVG_NS}g") if g.get("class") == "rules-example"}
    assert examples == {"A", "B", "combo"}
    bottom = max(t.bbox().y1 for t, _, _ in pages[0].leaves() if t.bbox() is not None)
    assert bottom <= content_box(pages[0]).y1


@pytest.mark.parametrize(("lang", "words"), [
    ("de", ("Sechseck 2 (zweifarbig, 8 Punkte) und Dreieck (einfarbig, 2 Punkte)", "8 + 2 + 2 = 12 Punkte",
            "dazu: 13", "derselbe Zug 10 Punkte")),
    ("en", ("hexagon, one triangle (2 colours, 8 points) and big triangle (1 colour, 2 points)", "8 + 2 + 2 = 12",
            "makes it 13", "scores 10")),
])
def test_rules_print_the_seeds_combo_example_as_the_engine_scores_it(model, lang, words) -> None:
    from pnp.games.rautino.kit.combo import combo_example

    example = combo_example(model)
    assert example is not None and example.solo.total == 13 and example.duo.total == 10
    (page,) = GAME.impl.components["rules"](model, KitContext(A4, lang))
    root = svg_root(render_svg(page))
    text = " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
    for phrase in words:
        assert phrase in text
    figure = next(g for g in root.iter(f"{SVG_NS}g") if g.get("data-example") == "combo")
    assert figure.get("data-total") == "13"
    assert len([p for p in figure.iter(f"{SVG_NS}polygon") if p.get("class") == "new-stone"]) == 1


def test_a_set_without_the_examples_colours_prints_no_combo_example(model) -> None:
    from dataclasses import replace

    from pnp.games.rautino.kit.combo import combo_example

    renamed = tuple(replace(c, name=f"c{i}") for i, c in enumerate(model.colours))
    assert combo_example(replace(model, colours=renamed)) is None


def test_rules_overflow_is_an_error(model) -> None:
    from pnp.errors import LayoutError

    small = A4.__class__("small", 150, 200)
    with pytest.raises(LayoutError, match="overflows"):
        GAME.impl.components["rules"](model, KitContext(small, "de"))


def test_final_board_and_figures_from_records(model) -> None:
    from pnp.check.options import CheckOptions

    report = GAME.check(model, CheckOptions(games=4, workers=1, players=2, keep_games=True))
    record = report.games_drawn[0][1]
    page = GAME.final_board(model, record)
    page.check_safe_area()
    root = svg_root(render_svg(page))
    placed = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "placed-stone"]
    assert len(placed) == 1 + sum(1 for m in record["moves"] if not m.get("skip"))
    titles = [f.title for f in GAME.figures(model, report)]
    assert "Shapes formed" in titles


@pytest.mark.parametrize("component", ["board", "tiles", "cover", "rules"])
def test_cli_writes_each_component(tmp_path, component) -> None:
    result = CliRunner().invoke(main, [component, "rautino", "-o", str(tmp_path), "--format", "pdf,svg", "-q"])
    assert result.exit_code == 0, result.output
    pdfs = list((tmp_path / "rautino").glob("*.pdf"))
    assert len(pdfs) == 1
    assert list((tmp_path / "rautino").glob("*.svg"))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("paper", [A4, LETTER])
def test_the_legend_with_its_points_is_printed_on_cards_cut_from_the_board_sheet(model, paper, lang) -> None:
    """Cutting the hexagon out keeps the legend: every shape's entry, with its points, and the game's
    title lie on a legend card, every glyph and diagram at least 2 mm inside the card's cut."""
    from pnp.components.margins import Piece, _walk, mark_distance
    from pnp.draw.affine import IDENTITY
    from pnp.games.rautino.kit.texts import points_lines, shape_name

    page = GAME.impl.components["board"](model, KitContext(paper, lang))[0]
    page.check_safe_area()
    cards = [p for p in page.items if p.cls == "legend-card"]
    assert len(cards) == 4
    outlines = [((c.x, c.y), (c.x + c.w, c.y), (c.x + c.w, c.y + c.h), (c.x, c.y + c.h)) for c in cards]
    on_card: dict[int, list] = {i: [] for i in range(len(cards))}
    for item in page.items:
        if item.cls not in ("legend-entry", "title"):
            continue
        box = item.bbox()
        (index,) = [i for i, ((x0, y0), _, (x1, y1), _) in enumerate(outlines)
                    if x0 <= box.x0 and box.x1 <= x1 and y0 <= box.y0 and box.y1 <= y1]
        on_card[index] += [(p, m) for p, m in _walk(item, IDENTITY) if not hasattr(p, "children")]
    for index, marks in on_card.items():
        assert mark_distance(Piece(outlines[index], tuple(marks))) >= 2.0
    texts = [p.text for marks in on_card.values() for p, _ in marks if hasattr(p, "text")]
    assert texts.count(model.title.text(lang)) == 4
    joined = " ".join(texts)
    for shape in model.shapes:
        assert shape_name(shape, lang) in joined
        for line in points_lines(shape, lang):  # wrapped at spaces, so read back whole
            assert line in joined


def test_whole_kit_on_letter_paper(tmp_path) -> None:
    result = CliRunner().invoke(main, ["kit", "rautino", "-o", str(tmp_path), "--format", "pdf", "--paper", "letter",
                                       "-q"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "rautino" / "rautino-kit.pdf")
    for pdf_page in reader.pages:
        w, h = sorted((float(pdf_page.mediabox.width) * MM_PER_PT, float(pdf_page.mediabox.height) * MM_PER_PT))
        assert (round(w, 1), round(h, 1)) == (215.9, 279.4)



def _rules_texts(model, lang) -> list[str]:
    page = GAME.impl.components["rules"](model, KitContext(A4, lang))[0]
    return [t.text for t, _, _ in page.leaves() if hasattr(t, "text") and isinstance(t.text, str)]


def test_german_rules_capitalise_a_sentence_after_a_colon(model) -> None:
    from pnp.draw.text import Bullets
    from pnp.games.rautino.kit.rules import _texts

    bullets = [item for column in _texts(model, "de")["columns"] for item in column if isinstance(item, Bullets)]
    lines = [line for b in bullets for line in b.items]
    assert lines
    for line in lines:
        for after in line.split(": ")[1:]:
            assert not after[0].islower(), line


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rules_example_caption_names_the_spec_colour(model, lang) -> None:
    from dataclasses import replace

    orange = replace(model.colours[0], name="orange", fill="#f08020", label=None)  # printed as named
    changed = replace(model, colours=(orange, *model.colours[1:]))
    text = " ".join(_rules_texts(changed, lang))
    assert ("orangefarbenes" if lang == "de" else "orange") in text
    assert not re.search(r"\b(red|Rot|rote)\b", text)


def test_rules_shape_pictures_carry_the_colour_symbols(model) -> None:
    # In black and white, blue and green in "Sechseck 2" differ only by their symbols.
    (page,) = GAME.impl.components["rules"](model, KitContext(A4, "de"))
    root = svg_root(render_svg(page))
    groups = {g.get("data-shape"): g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "rules-shape"}
    symbols = {model.colour(name).symbol for name in ("red", "blue")}
    assert symbols == {"circle", "square"}
    assert len(list(groups["Dreieck"].iter(f"{SVG_NS}circle"))) == 4  # four red triangles, a circle each
    assert len(list(groups["Sechseck 2"].iter(f"{SVG_NS}rect"))) == 6  # six blue triangles, a square each


@pytest.mark.parametrize(("lang", "sentence"), [
    ("de", "Eine Form, die der Stein damit vollendet, zählt wie jede andere."),
    ("en", "A shape the stone completes this way scores like any other."),
])
def test_rules_say_shapes_with_an_overhanging_joker_score_by_the_option(model, lang, sentence) -> None:
    from dataclasses import replace

    assert sentence in " ".join(_rules_texts(model, lang))
    off = replace(model, overhanging_joker_shapes_score=False)
    assert sentence not in " ".join(_rules_texts(off, lang))


@pytest.mark.parametrize(("lang", "setup"), [
    ("en", "Put the 6 board panels together into the hexagon, the shape cards beside it."),
    ("de", "Die 6 Teile des Spielplans zum Sechseck zusammenlegen, die Formenkarten daneben.")])
def test_rules_setup_puts_the_board_panels_together(model, lang, setup) -> None:
    assert setup in " ".join(_rules_texts(model, lang))


@pytest.mark.parametrize(("lang", "step", "into"), [
    ("en", "Shape cards (page 5): before the board, cut the 4 cards in the sheet's corners out along their lines.",
     "The 4 shape cards (53 x 55 mm) lie on the board."),
    ("de", "Formenkarten (Seite 5): vor dem Spielplan die 4 Karten in den Ecken des Bogens an ihren Linien "
           "ausschneiden.", "Die 4 Formenkarten (53 x 55 mm) liegen auf dem Spielplan.")])
def test_guide_says_to_cut_the_shape_cards_and_put_them_in_the_box(model, lang, step, into) -> None:
    from pnp.kit import draw_kit, kit_context

    guide = [item.page for item in draw_kit(GAME, model, kit_context(A4, lang)) if item.component == "guide"]
    text = " ".join(p.text for page in guide for p, _, _ in page.leaves() if hasattr(p, "text"))
    assert step in text and into in text
