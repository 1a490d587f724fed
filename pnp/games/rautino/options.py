"""What Rautino declares that its parts read too: the kit options and the player counts of the rules.

Declared here once, read by the declaration (the command line, the studio), the kit and the checker."""

from __future__ import annotations

from pnp.games.base import KitOption, ink_option

INK = ink_option("light stone backs with a grey outline.", parts=("tiles",))
# Without the cover the box lid prints its art; with it the art comes on the card glued onto the lid, which
# then prints a glue area instead (the art is never printed twice). Whole kits only: `pnp cover` draws the
# cover anyway.
COVER = KitOption("cover", bool, False, "Put the lid's art on a half sheet of 240 g card (with a second set of "
                  "shape cards) glued onto a plain lid, instead of printing it on the box.", parts=())

PLAYERS = (1, 2)  # the rules know a solo game and a game for two
