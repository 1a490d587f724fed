"""What Zatre declares that its parts read too: the kit options and the player counts of the rules.

Declared here once, read by the declaration (the command line, the studio) and by the kit and the
checker, neither of which imports the other for them."""

from __future__ import annotations

from pnp.games.base import KitOption, ink_option

INK = ink_option("light board fields and dark outlines.", parts=("board", "rules"))
BOARD_SHEETS = KitOption("board_sheets", int, 1, "Spread the board over 1 or 2 sheets.", low=1, high=2,
                          parts=("board", "tiles"))  # the large board's tiles are larger
PAGES = KitOption("pages", int, 1, "Pages of score sheets (a pad).", low=1, high=100, component="scoresheet")

# The rules are for 2 to 4 players: the checker judges these and refuses others. A spec may allow
# solo practice (`players.min = 1`), which is playable but not judged.
PLAYERS = (2, 3, 4)
