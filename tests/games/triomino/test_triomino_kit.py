"""The whole Triomino kit through the CLI and the kit builder, and the report art."""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from drawhelp import SVG_NS, svg_root
from pypdf import PdfReader

import pnp.cli
from pnp.check.options import CheckOptions
from pnp.draw.paper import A4
from pnp.draw.svg import render_svg
from pnp.games import get
from pnp.kit import draw_kit, kit_context

A4_PT = (595.276, 841.89)


def test_components_in_kit_order() -> None:
    assert list(get("triomino").components) == ["tiles", "scoresheet", "rules"]


@pytest.mark.parametrize("component", ["tiles", "scoresheet", "rules"])
def test_each_component_alone_through_the_cli(tmp_path, component) -> None:
    result = CliRunner().invoke(pnp.cli.main, [component, "triomino", "-o", str(tmp_path), "--format", "pdf,svg"])
    assert result.exit_code == 0, result.output
    pdfs = list((tmp_path / "triomino").glob("*.pdf"))
    assert len(pdfs) == 1
    for page in PdfReader(io.BytesIO(pdfs[0].read_bytes())).pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted(A4_PT), abs=0.01)


def test_pnp_kit_triomino_writes_the_kit(tmp_path) -> None:
    try:
        import pnp.components.box_kit
    except ImportError:
        pytest.skip("the box net is not merged yet")
    result = CliRunner().invoke(pnp.cli.main, ["kit", "triomino", "-o", str(tmp_path), "--format", "pdf,svg"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "triomino" / "triomino-kit.pdf").exists()


def test_kit_pages_all_inside_the_safe_area_with_footers() -> None:
    game = get("triomino")
    pages = draw_kit(game, game.load(None), kit_context(A4, "de"), ["tiles", "scoresheet", "rules"],
                     with_calibration=False)
    assert [p.component for p in pages] == ["tiles", "tiles", "scoresheet", "rules"]
    for item in pages:
        assert (item.page.width, item.page.height) in ((210, 297), (297, 210))


def test_report_figures_and_final_board() -> None:
    game = get("triomino")
    model = game.load(None)
    report = game.check(model, CheckOptions(games=3, players=2, workers=1, keep_games=True))
    figures = game.figures(model, report)
    assert [f.title for f in figures] == ["Draws per round", "Bonus placements", "How rounds end"]
    rounds = sum(figures["rounds"] for figures in report.simulation.values())
    assert sum(figures[0].counts.values()) == rounds == sum(figures[2].counts.values())
    record = report.games_drawn[0][1]
    page = game.final_board(model, record)
    page.check_safe_area()
    tiles = [g for g in svg_root(render_svg(page)).iter(f"{SVG_NS}g") if g.get("class") == "board-tile"]
    placed = [t for t in record["rounds"][-1]["turns"] if t.get("tile") is not None]
    assert len(tiles) == len(placed)


@pytest.mark.parametrize("style", ["hinged", "telescoping"])
def test_the_box_lid_shows_tiles_turned_like_the_plain_title(style) -> None:
    from dataclasses import replace

    from pnp.components.box_kit import box_for_game
    from pnp.games.triomino.kit.examples import find_example

    game = get("triomino")
    model = game.load(None)
    ctx = kit_context(A4, box_style=style)
    roots = [svg_root(render_svg(p)) for p in box_for_game(game, model, ctx)]
    arts = [g for root in roots for g in root.iter(f"{SVG_NS}g") if g.get("class") == "cover-art"]
    assert len(arts) == 1
    tiles = sorted(g.get("data-tile") for g in arts[0].iter(f"{SVG_NS}g") if g.get("class") == "cover-tile")
    hexagon = find_example(model, model.rules(), "hexagon")
    assert tiles == sorted("-".join(map(str, n)) for _, n in hexagon.placements)
    artless = replace(game, parts=lambda: replace(game.impl, box_art=None))
    plain = [svg_root(render_svg(p)) for p in box_for_game(artless, model, ctx)]
    lid_title = [t for root in plain for t in root.iter(f"{SVG_NS}text")
                 if t.get("class") == "panel-text" and t.get("data-panel") == "lid"]
    assert lid_title and arts[0].get("data-rotation") == lid_title[0].get("data-rotation")
    for page in box_for_game(game, model, ctx):
        page.check_safe_area()
