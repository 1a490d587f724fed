"""Triomino's kit options: declared here, read by the declaration (the command line) and by the kit
that draws them, neither of which imports the other for them."""

from __future__ import annotations

from pnp.games.base import KitOption, ink_option
from pnp.i18n import Texts

INK = ink_option("white tile backs with a grey motif.", parts=("tiles",))
# Where the spec's edge leaves a nearly empty last sheet (Letter: 48 + 8 of 56 tiles at 40 mm), `fit`
# prints the tiles a little smaller, never under MIN_TILE_EDGE_MM, when that needs fewer sheets.
TILE_EDGE = KitOption("tile_edge", str, "fit", "fit: the spec's tile edge, or down to 38.5 mm where that prints "
                      "the set on fewer sheets; spec: always the spec's edge.", choices=("fit", "spec"),
                      parts=("tiles",))
# The smallest edge `fit` prints: the corner numbers grow with the edge, and below 38.5 mm they come closer than
# 2 mm to the cut line (1.88 mm at 36 mm). 96 % of the usual 40 mm: the tiles handle and read as before.
MIN_TILE_EDGE_MM = 38.5
PAGES = KitOption("pages", int, 1, "Pages of score sheets (a pad).", low=1, high=100, component="scoresheet")

PLAYERS = (2, 3, 4, 5, 6)  # the rules' player counts; a spec narrows them with min_players and max_players

# The built-in presets' names wherever a person reads them: the printed rules and sheets, the play page and the
# studio (`seed` is the rules text the game follows, not the shuffle's seed the same pages ask for). A preset the
# spec adds is named by its `label`, or as written.
PRESET_NAMES = Texts({
    "seed": {"en": "Basic rules", "de": "Grundregeln"},
    "classic": {"en": "Classic rules", "de": "Klassische Regeln"},
})
