"""What a check run is asked to do: its games, seed, players, confidence and output.

The checker's own options, read by the runner, the simulation and every game's check function.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CheckOptions:
    """What `pnp check` asks of a game's check: the games to play and how to judge them; each
    field is the command-line option of the same name."""

    games: int = 200
    seed: int = 1
    players: int | None = None  # None: every player count the game supports
    preset: str | None = None  # games with rule presets (Triomino)
    workers: int = 0  # 0: one per core
    progress: bool = False
    log: Path | None = None  # JSON-lines file that receives every game's record as it is played
    log_games: int | None = None  # at most this many games of each configuration and match go to the log
    keep_games: bool = False  # keep the records a report draws (best and worst game)
    confidence: float = 0.95  # of the intervals the verdict and the balance section compare
    skill_games: int | None = None  # games per head-to-head match; None: a quarter of `games`; 0: none
    strict: bool = False  # balance findings fail the check
    levels: tuple[str, ...] = ()  # strength levels of the skill matrix; (): the game's default matrix
    seat_levels: tuple[str, ...] = ()  # levels also played in every seat of each multi-player configuration
    # Two seats, a game that declares the exchanged deal (Simulation.seat_exchange): each deal is played
    # twice, as dealt and with the seats' hands and draws exchanged, and the seat advantage is read per pair.
    pairs: bool = False

    def logs(self, index: int) -> bool:
        """Whether the game `index` of its configuration (or match) goes to the log."""
        return self.log is not None and (self.log_games is None or index < self.log_games)

    @property
    def games_per_match(self) -> int:
        """Head-to-head games per match: an even number, so every deal is played with both seatings."""
        wanted = self.games // 4 if self.skill_games is None else self.skill_games
        return 0 if wanted <= 0 else max(2, wanted + wanted % 2)
