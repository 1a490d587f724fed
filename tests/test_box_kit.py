"""The box as part of a kit: spec settings, command-line overrides, and the checker's fit test."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from pnp.components.boxfit import Stack
from pnp.components.boxnet import BoxSize
from pnp.components.boxspec import BoxSettings, box_fit, read_box_settings, settings_for
from pnp.errors import SpecError
from pnp.games.base import Game
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
    assert settings_for(model, {}) == model.box
    chosen = settings_for(model, {"box_size": "100x80x20", "box_style": "telescoping", "paper_thickness": 0.1})
    assert chosen == BoxSettings(BoxSize(100, 80, 20), "telescoping", 0.1)
    assert settings_for(None, {}) == BoxSettings()


def fake_game(stacks: list[Stack]) -> Game:
    return Game(name="demo", title="Demo", load=lambda path: None, check=lambda m, o: None,
                replay=lambda m, p, o: 0, box_contents=lambda model: stacks)


def test_box_fit_for_a_game():
    model = FakeModel(BoxSettings())
    small = box_fit(fake_game([Stack("stones", 48, 28, 30, 1.0)]), model)
    assert small is not None and small.fits
    huge = box_fit(fake_game([Stack("stones", 48, 28, 3000, 1.0)]), model)
    assert huge is not None and not huge.fits and huge.explanation
    assert box_fit(Game(name="d", title="D", load=print, check=print, replay=print), model) is None
