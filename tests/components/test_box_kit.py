"""The box as part of a kit: spec settings, command-line overrides, and the checker's fit test."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from hostile_helpers import one_line_error, spec_with

from pnp.components.boxfit import Stack
from pnp.components.boxnet import BoxSize
from pnp.components.boxspec import BoxSettings, box_fit, read_box_settings, settings_for
from pnp.errors import SpecError
from pnp.games.base import BoxOptions, Game, GameParts
from pnp.spec import Fields


def test_box_table_defaults_and_values(tmp_path):
    assert read_box_settings(Fields({}, tmp_path / "s.toml", "box")) == BoxSettings()
    settings = read_box_settings(Fields({"size_mm": [120, 90, 30], "style": "telescoping",
                                         "paper_thickness_mm": 0.27}, tmp_path / "s.toml", "box"))
    assert settings == BoxSettings(BoxSize(120, 90, 30), "telescoping", 0.27)


@pytest.mark.parametrize(("data", "message"), [
    ({"size_mm": [120, 90]}, r"box\.size_mm: must be three numbers"),
    ({"size_mm": [120, 90, -3]}, r"box\.size_mm: "),
    ({"style": "folded"}, r"box\.style: must be one of auto, hinged, telescoping"),
    ({"paper_thickness_mm": 2}, r"box\.paper_thickness_mm: must be between 0 and 1 mm"),
    ({"colour": "red"}, r"box\.colour: unknown field"),
])
def test_box_table_errors(tmp_path, data, message):
    with pytest.raises(SpecError, match=message):
        read_box_settings(Fields(data, tmp_path / "s.toml", "box"))


@dataclass
class FakeModel:
    box: BoxSettings


def test_options_override_the_spec():
    model = FakeModel(BoxSettings(BoxSize(120, 90, 30), "hinged", 0.27))
    assert settings_for(model, BoxOptions()) == model.box
    chosen = settings_for(model, BoxOptions(size="100x80x20", style="telescoping", paper_thickness=0.1))
    assert chosen == BoxSettings(BoxSize(100, 80, 20), "telescoping", 0.1)
    assert settings_for(None) == BoxSettings()


def fake_game(stacks: list[Stack] | None) -> Game:
    parts = GameParts(load=lambda path: None, check=lambda m, o: None, replay=lambda m, p, o: 0, components={},
                      template=bytes, box_contents=None if stacks is None else lambda model: stacks)
    return Game(name="demo", title="Demo", components={}, parts=lambda: parts)


def test_box_fit_for_a_game():
    model = FakeModel(BoxSettings())
    small = box_fit(fake_game([Stack("stones", 48, 28, 30, 1.0)]), model)
    assert small is not None and small.fits
    huge = box_fit(fake_game([Stack("stones", 48, 28, 3000, 1.0)]), model)
    assert huge is not None and not huge.fits and huge.explanation
    assert box_fit(fake_game(None), model) is None


@pytest.mark.parametrize("game_name", ["rautino", "zatre", "triomino"])
def test_default_kits_fit_their_box_and_the_check_says_so(game_name):
    from pnp import games

    game = games.get(game_name)
    fit = box_fit(game, game.load(None))
    assert fit is not None and fit.fits, fit


def test_a_box_too_small_fails_the_check(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.spec import template_path

    text = template_path("triomino").read_text(encoding="utf-8")
    spec = tmp_path / "triomino.toml"
    spec.write_text(text.replace("size_mm = [130, 102, 23]", "size_mm = [60, 50, 20]"), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "triomino", "--spec", str(spec), "--games", "4", "--players", "2",
                                       "--json", "--workers", "1"])
    assert result.exit_code == 1, result.output
    import json

    doc = json.loads(result.output)
    assert doc["static"]["box"]["fits"] is False
    assert any("do not fit the box" in reason for reason in doc["reasons"])


def test_box_speaks_the_kit_language(tmp_path):
    import xml.etree.ElementTree as ET

    from click.testing import CliRunner

    from pnp.cli import main

    for lang, words in (("en", ("glue", "Cut out along the solid line.")),
                        ("de", ("kleben", "Entlang der durchgezogenen Linie ausschneiden."))):
        out = tmp_path / lang
        result = CliRunner().invoke(main, ["kit", "zatre", "--lang", lang, "--format", "svg", "-o", str(out), "-q"])
        assert result.exit_code == 0, result.output
        svg = ET.parse(next((out / "zatre").glob("zatre-*-box.svg"))).getroot()
        texts = " ".join(el.text or "" for el in svg.iter() if el.tag.endswith("text"))
        for word in words:
            assert word in texts


# --- a box too small for what the kit puts in it ---------------------------------------------------

def test_a_box_too_small_for_the_kit_is_refused_naming_the_option(tmp_path, run_pnp):
    out = tmp_path / "out"
    one_line_error(run_pnp("kit", "rautino", "--box-size", "70x50x15", "-o", str(out)),
                   "pnp: error: --box-size 70x50x15: ", "board panels (104 x 90.1 mm)",
                   "69.6 x 49.7 mm floor", "69.6 x 49.7 x 14.8 mm inside")
    assert not out.exists()


def test_pnp_box_of_a_game_refuses_a_size_too_small_naming_its_option(tmp_path, run_pnp):
    out = tmp_path / "out"
    one_line_error(run_pnp("box", "rautino", "--size", "70x50x15", "-o", str(out)),
                   "pnp: error: --size 70x50x15: ", "board panels (104 x 90.1 mm)", "69.6 x 49.7 x 14.8 mm inside")
    assert not out.exists()
    plain = run_pnp("box", "--size", "70x50x15", "-o", str(out), "-q")  # a box of no game holds anything
    assert plain.exit_code == 0, plain.output


def test_a_spec_box_too_small_for_the_kit_names_the_file_and_field(tmp_path, run_pnp):
    spec = spec_with(tmp_path, "rautino", "size_mm = [130, 102, 23]", "size_mm = [70, 50, 15]")
    out = tmp_path / "out"
    one_line_error(run_pnp("kit", "rautino", "--spec", str(spec), "-o", str(out)),
                   f"pnp: error: {spec}: box.size_mm: ", "board panels (104 x 90.1 mm)")
    assert not out.exists()


def test_a_box_too_low_for_the_kit_names_the_room_under_the_papers(tmp_path, run_pnp):
    """The papers, folded five times to lie on the floor, leave 2 mm: stacks of four tiles, too many to lie
    side by side."""
    out = tmp_path / "out"
    one_line_error(run_pnp("kit", "triomino", "--box-size", "60x45x15", "-o", str(out)),
                   "--box-size 60x45x15: ", "(56 tiles in 14 stacks) do not fit side by side",
                   "59.6 x 44.7 mm floor under 2 mm", "59.6 x 44.7 x 14.8 mm inside")
    assert not out.exists()


def test_papers_fold_as_often_as_the_guide_says_before_a_box_is_refused(tmp_path, run_pnp):
    """A4 folded three times (105 x 74 mm) does not lie on an 85 x 60 mm box's floor; folded four times,
    as the guide then says, it does: the box is accepted."""
    out = tmp_path / "out"
    result = run_pnp("kit", "triomino", "--box-size", "85x60x30", "--format", "svg", "-o", str(out), "-q")
    assert result.exit_code == 0, result.output
    guide = " ".join(page.read_text(encoding="utf-8") for page in (out / "triomino").glob("*-guide.svg"))
    assert "in half four times" in guide and "84.6 x 59.7 mm floor" in guide


@pytest.mark.parametrize(("options", "style"), [((), "telescoping"), (("--style", "hinged"), "hinged")])
def test_the_spec_s_box_style_holds_unless_the_command_names_one(tmp_path, run_pnp, options, style):
    """`[box] style` in the spec is what the box folds; `--style` (the kit's `--box-style`) overrides it only
    when given."""
    spec = spec_with(tmp_path, "rautino", 'style = "auto"', 'style = "telescoping"')
    out = tmp_path / "out"
    result = run_pnp("box", "rautino", "--spec", str(spec), "-o", str(out), "-q", *options)
    assert result.exit_code == 0, result.output
    styles = {m for svg in out.rglob("*.svg") for m in re.findall(r'data-style="([a-z]+)"', svg.read_text("utf-8"))}
    assert styles == {style}
