"""The simulation protocol: what a game gives the checker, and the one rule for seeds and numbers.

A game supplies a `Simulation` (its configurations, the game state a deal starts, its players,
its measures and verdict rules); `pnp.check.simulate` plays and tallies it the same way for every
game. See docs/protocol.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.check.limits import BalanceLimits
from pnp.check.outcome import Outcome
from pnp.players.levels import STANDARD_LEVELS, Level

if TYPE_CHECKING:
    from pnp.check.options import CheckOptions
    from pnp.check.report import CheckReport
    from pnp.check.stats import Tally
    from pnp.games.state import GameState, Player


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game `index` (0-based) of every configuration of a run with `--seed run_seed`.

    It depends on nothing else: not on the other configurations, the worker count or the start
    method, so game i of '2 players' is the same deal in every run with the same --seed.
    """
    return random.Random(f"{run_seed}:{index}").getrandbits(48)


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


@dataclass(frozen=True)
class Configuration:
    """One way of playing that the checker simulates: a player count, a rule preset, seat players."""

    players: int
    seats: tuple[str, ...]  # the player (strategy) name of each seat, e.g. ("greedy", "random")
    preset: str | None = None
    level: str | None = None  # a strength level played in every seat (`check --seat-levels`)

    @property
    def label(self) -> str:
        """'2 players', or '2 players, classic' for a game with presets, with ', expert in every
        seat' for a configuration of one strength level: the key in reports."""
        text = plural(self.players, "player")
        text = f"{text}, {self.preset}" if self.preset else text
        return f"{text}, {self.level} in every seat" if self.level else text


@dataclass(frozen=True)
class Deal:
    """One game to play: game `number` of the run, the `index`-th of its configuration."""

    number: int  # unique within the run: position of the configuration x games + index
    index: int
    seed: int
    configuration: Configuration
    # Two seats, a game that declares `Simulation.seat_exchange`: the seed's deal with the two seats'
    # hands and draws exchanged (pnp.games.state, the exchanged deal), the second game of a pair.
    exchanged: bool = False


def deal_for(configurations: Sequence[Configuration], games: int, run_seed: int, number: int,
             paired: bool = False) -> Deal:
    """Game `number` of a run: configurations take consecutive blocks of `games` numbers. `paired`: a
    two-seat configuration plays its deals in pairs, game 2k + 1 being game 2k's deal (seed
    `game_seed(S, 2k)`) with the seats' hands and draws exchanged."""
    position, index = divmod(number, games)
    configuration = configurations[position]
    if paired and configuration.players == 2:
        return Deal(number, index, game_seed(run_seed, index - index % 2), configuration, bool(index % 2))
    return Deal(number, index, game_seed(run_seed, index), configuration)


@dataclass(frozen=True)
class Simulation:
    """Everything a game supplies to `pnp check`. Every function must be defined at module level
    (worker processes receive them by reference, under fork and spawn alike)."""

    game: str
    # (model, options) -> the configurations to simulate; raises PnpError for one the game does not support.
    configurations: Callable[[Any, CheckOptions], list[Configuration]]
    # (model, deal) -> the deal's game state (pnp.games.state), every random choice seeded from deal.seed
    # alone; `pnp.check.simulate.play_deal` plays it out with the seats' players.
    start: Callable[[Any, Deal], GameState]
    # (model, report) -> None: static checks of the set into report.static, fail() or warnings.
    static: Callable[[Any, CheckReport], None]
    # (model, configuration, tally) -> the game's own figures (snake_case keys) for the JSON and text.
    figures: Callable[[Any, Configuration, Tally], dict[str, Any]]
    # (model, report, configuration, figures) -> None: the [check] thresholds, report.fail() per breach.
    judge: Callable[[Any, CheckReport, Configuration, dict[str, Any]], None]
    # Whether a set that failed a static check is still simulated: False where its games could only
    # repeat the static reasons (or could not be dealt at all).
    simulate_failed_sets: bool = True
    # The seat players the game knows, weakest to strongest (e.g. "random", "greedy", "lookahead"):
    # the skill matrix plays every stronger one against every weaker one.
    players: tuple[str, ...] = ("random", "greedy")
    # The strength levels people choose players by, weakest to strongest, each naming a seat player
    # of the game (`check --levels`, `--seat-levels`); the standard ladder by default.
    levels: tuple[Level, ...] = STANDARD_LEVELS
    # (model, options, seats) -> the configuration of a head-to-head game with these two seat players
    # (the rule preset the run uses); None: the game plays no head-to-head games.
    head_to_head: Callable[[Any, CheckOptions, tuple[str, str]], Configuration] | None = None
    # model -> the spec's balance thresholds; None: the defaults of BalanceLimits.
    balance_limits: Callable[[Any], BalanceLimits] | None = None
    # (model, seat player name) -> the game's own player of that name, or None where the shared players
    # of pnp.players.generic serve (random, greedy and the searches play any game state).
    seat_player: Callable[[Any, str], Player | None] | None = None
    # (model, deal, state played out) -> the outcome; None: the shared one (scores, turns, rounds and the
    # record, no measures of the game's own).
    outcome: Callable[[Any, Deal, GameState], Outcome] | None = None
    # Whether `start` deals `deal.exchanged` of a two-seat configuration: the seed's deal with the two
    # seats' hands and their shares of the draw pile exchanged (pnp.games.state, the exchanged deal).
    # `check --pairs` then plays each deal of two seats twice, as dealt and exchanged.
    seat_exchange: bool = False
    # (model, configuration) -> why every seat wins equally often by the rules themselves (e.g. the hands,
    # not the seats, decide who starts, and the seats are dealt and played alike), or None: the seat
    # advantage is then reported as 0 by symmetry, not measured against its limit.
    seat_symmetry: Callable[[Any, Configuration], str | None] | None = None


def numbered(record: dict[str, Any], game: str, deal: Deal) -> dict[str, Any]:
    """The record with the protocol's identifying keys first, for the log and for people reading it."""
    head: dict[str, Any] = {"pnp_game": game, "game": deal.number, "seed": deal.seed,
                            "players": deal.configuration.players}
    if deal.configuration.preset is not None:
        head["preset"] = deal.configuration.preset
    head["seats"] = list(deal.configuration.seats)
    if deal.exchanged:  # only then: the records of plain deals keep their bytes
        head["exchanged"] = True
    return head | {k: v for k, v in record.items() if k not in head}
