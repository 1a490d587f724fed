"""Every colour pnp ships is named for what a player sees: its name is the hue family of its fill.

Shipped colours: the Rautino template's and the ones the studio offers for a new colour row. A
small table of hue families (HLS hue in degrees, with lightness and saturation for the greys,
browns and pinks) decides what a fill looks like.
"""

from __future__ import annotations

import colorsys

import pytest

from pnp.games.rautino.fields import NEW_FILLS, NEW_NAMES
from pnp.games.rautino.model import COLOUR_NAMES, load

# (family, lowest hue, highest hue), checked in order after the greys, slates and browns.
HUES = (("red", 345, 360), ("red", 0, 12), ("orange", 12, 40), ("yellow", 40, 70), ("green", 70, 165),
        ("teal", 165, 195), ("blue", 195, 255), ("purple", 255, 300), ("pink", 300, 345))


def family(fill: str) -> str:
    """The hue family a fill looks like."""
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    hue, lightness, saturation = colorsys.rgb_to_hls(r, g, b)
    degrees = hue * 360
    if saturation < 0.12:
        return "white" if lightness > 0.85 else "black" if lightness < 0.15 else "grey"
    if saturation < 0.3 and 180 <= degrees < 260:
        return "slate"  # a greyed blue
    if degrees < 45 and lightness < 0.4:
        return "brown"  # a dark orange or red
    if (degrees >= 345 or degrees < 12) and lightness > 0.7:
        return "pink"  # a light red
    return next(name for name, low, high in HUES if low <= degrees < high)


def shipped() -> list[tuple[str, str, str]]:
    """(where, name, fill) of every colour pnp ships."""
    template = [("templates/rautino.toml", c.name, c.fill) for c in load(None).colours]
    studio = [("studio's new colours", name, fill) for name, fill in zip(NEW_NAMES, NEW_FILLS, strict=True)]
    return template + studio


@pytest.mark.parametrize(("where", "name", "fill"), shipped())
def test_a_shipped_colour_is_named_for_its_fill(where: str, name: str, fill: str) -> None:
    assert family(fill) == name, f"{where}: {name!r} is filled {fill}, which looks {family(fill)}"


@pytest.mark.parametrize(("fill", "seen"), [("#7b3fa0", "purple"), ("#e73b36", "red"), ("#6d4c41", "brown"),
                                           ("#ec407a", "pink"), ("#e8e8e8", "white"), ("#37474f", "slate"),
                                           ("#f08020", "orange"), ("#2f5d62", "teal")])
def test_the_hue_table_tells_families_apart(fill: str, seen: str) -> None:
    assert family(fill) == seen


@pytest.mark.parametrize(("where", "name", "fill"), shipped())
def test_a_shipped_colour_has_a_german_name(where: str, name: str, fill: str) -> None:
    assert COLOUR_NAMES.get("de", name, None) is not None, f"{where}: {name!r} has no German name on the sheets"
