"""What Rautino declares that its parts read too: the player counts of the rules.

Declared here once, read by the declaration (the command line, the studio) and by the checker."""

from __future__ import annotations

PLAYERS = (1, 2)  # the rules know a solo game and a game for two
