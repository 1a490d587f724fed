"""The balance thresholds a spec may set in its `[check]` table, and how they are read.

Apart from pnp.check.balance, which judges by them, so the protocol a game supplies can name them
without depending on the judging.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.spec import in_range

if TYPE_CHECKING:
    from pnp.spec import Fields

SEAT_ADVANTAGE = "check.max_seat_advantage"
SKILL_SHARE = "check.min_skill_share"


@dataclass(frozen=True)
class BalanceLimits:
    """The spec's balance thresholds (`[check]`)."""

    max_seat_advantage: float = 0.1  # largest minus smallest seat win share
    min_skill_share: float = 0.6  # the strongest player's win share against the random player


def read_limits(check: Fields, max_seat_advantage: float, min_skill_share: float = 0.6) -> BalanceLimits:
    """The balance fields of a game's `[check]` table, with the game's defaults."""
    share = in_range(0.0, 1.0)
    return BalanceLimits(check.opt("max_seat_advantage", float, max_seat_advantage, share),
                         check.opt("min_skill_share", float, min_skill_share, share))
