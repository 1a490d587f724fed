"""What Rautino declares that its parts read too: the kit options and the player counts of the rules.

Declared here once, read by the declaration (the command line, the studio), the kit and the checker."""

from __future__ import annotations

from pnp.games.base import KitOption, ink_option

INK = ink_option("light stone backs with a grey outline.")
# The box lid carries the cover's art: a kit prints the cover sheet only when asked.
# Whole kits only: `pnp cover` draws the cover anyway, and no other part changes.
COVER = KitOption("cover", bool, False, "Add the cover sheet to the kit (the box lid carries its art already).",
                  parts=())

PLAYERS = (1, 2)  # the rules know a solo game and a game for two
