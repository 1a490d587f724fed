"""Zatre's kit options: declared here, read by the declaration (the command line) and by the kit
that draws them, neither of which imports the other for them."""

from __future__ import annotations

from pnp.games.base import KitOption

INK_SAVER = KitOption("ink_saver", bool, False, "Light board fields and dark outlines.")
BOARD_SHEETS = KitOption("board_sheets", int, 1, "Spread the board over 1 or 2 sheets.", low=1, high=2)
PAGES = KitOption("pages", int, 1, "Pages of score sheets (a pad).", low=1, high=100, component="scoresheet")
