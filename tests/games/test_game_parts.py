"""A game reads its working parts as its own attributes, each the very object its GameParts holds."""

from __future__ import annotations

from dataclasses import fields

import pytest

from pnp import games
from pnp.games.base import GameParts


@pytest.mark.parametrize("name", ["rautino", "triomino", "zatre"])
def test_every_part_is_read_through_the_game(name: str) -> None:
    game = games.get(name)
    for part in fields(GameParts):
        if part.name == "components":  # the declaration's own: what each component is, in words
            continue
        if part.name == "load":  # the parts' loader behind a guard (folders, other games' specs)
            assert game.load(None) == game.impl.load(None)
            continue
        if part.name in ("kit_box_contents", "sheet_limit"):  # methods with a default where a game has none
            continue
        assert getattr(game, part.name) is getattr(game.impl, part.name), part.name


def test_a_name_that_is_no_part_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'lod'"):
        games.get("zatre").lod  # noqa: B018 (the lookup is the test)
