"""Triomino's kit options: declared here, read by the declaration (the command line) and by the kit
that draws them, neither of which imports the other for them."""

from __future__ import annotations

from pnp.games.base import KitOption, ink_option

INK = ink_option("white tile backs with a grey motif.")
PAGES = KitOption("pages", int, 1, "Pages of score sheets (a pad).", low=1, high=100, component="scoresheet")

PLAYERS = (2, 3, 4, 5, 6)  # the rules' player counts; a spec narrows them with min_players and max_players
