"""Run a game's `Simulation`: the same loops for every game, in memory that does not grow with --games.

`play_out` is the one game loop (over a game state, pnp.games.state); `Batches` the one batch loop of
`check`, fixed or `--games auto` (pnp.check.auto), and sweeps add their games with `add_outcome`.
Games are played on worker processes and come back in game order; each one is added to
its configuration's `Tally`, written to the log and offered to the report's picker, then dropped.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from pnp.check.balance import Match, judge_balance, matches
from pnp.check.limits import BalanceLimits
from pnp.check.log import record_log
from pnp.check.measures import outcome_measures
from pnp.check.options import CheckOptions
from pnp.check.protocol import Configuration, Deal, Outcome, Simulation, deal_for, game_seed, numbered
from pnp.check.report import CheckReport
from pnp.check.stats import Tally
from pnp.parallel import parallel_map
from pnp.players import generic
from pnp.players.levels import level, players_of
from pnp.progress import progress

if TYPE_CHECKING:
    from pnp.games.state import GameState, Player


@dataclass(frozen=True)
class Schedule:
    """Every game of a run, by number: each configuration's block of `games` (`paired`: a two-seat one's
    in pairs of one deal, as dealt and exchanged), then each head-to-head match's block of `match_games`.
    Match game j plays deal j // 2 (the seed of game j // 2 of every configuration) with the match's
    player in seat 1 when j is even and in seat 2 when j is odd, so the seat advantage and the luck of
    the deal cancel."""

    configurations: tuple[Configuration, ...]
    games: int
    run_seed: int
    matches: tuple[tuple[Match, Configuration, Configuration], ...] = ()  # match, seated as named, swapped
    match_games: int = 0
    paired: bool = False  # two-seat configurations play their deals in pairs (pnp.check.protocol.deal_for)

    @property
    def total(self) -> int:
        return len(self.configurations) * self.games + len(self.matches) * self.match_games

    def paired_configuration(self, configuration: Configuration) -> bool:
        """Whether the configuration's games come in pairs of one deal, as dealt and exchanged."""
        return self.paired and configuration.players == 2

    def deal(self, number: int) -> tuple[Deal, bool]:
        """Game `number`'s deal, and whether its seats are swapped (the match's player in seat 2)."""
        playability = len(self.configurations) * self.games
        if number < playability:
            return deal_for(self.configurations, self.games, self.run_seed, number, self.paired), False
        position, j = divmod(number - playability, self.match_games)
        _, seated, swapped = self.matches[position]
        index = j // 2
        return Deal(number, index, game_seed(self.run_seed, index), swapped if j % 2 else seated), bool(j % 2)


def play_out(state: GameState, players: Sequence[Player]) -> GameState:
    """The one game loop: the seat to move chooses, the state applies the move and every rule after
    it, until the game is over. Every game of `check`, `sweep` and the engines' own tests runs here."""
    push = state.push
    while not state.over:
        push(players[state.to_move](state))
    return state


def seat_players(simulation: Simulation, model: Any, seats: Sequence[str]) -> list[Player]:
    """Each seat's player for one game, the game's own or the shared one of the name (a search player
    is made afresh for every game: it keeps what its seat saw)."""
    own = simulation.seat_player
    return [(own(model, name) if own is not None else None) or generic.seat_player(name) for name in seats]


def play_deal(simulation: Simulation, model: Any, deal: Deal) -> Outcome:
    """One game of a run: the deal's state played out by its seats' players, and its outcome."""
    state = play_out(simulation.start(model, deal), seat_players(simulation, model, deal.configuration.seats))
    if simulation.outcome is not None:
        return simulation.outcome(model, deal, state)
    return Outcome(state.record, state.scores(), state.turns, state.round, state.turns)


def play_one(simulation: Simulation, model: Any, schedule: Schedule, keep_record: bool, number: int) -> Outcome:
    """Play game `number` of a run (in a worker); its record is dropped when nobody reads it."""
    deal, _ = schedule.deal(number)
    outcome = play_deal(simulation, model, deal)
    record = numbered(outcome.full_record(), simulation.game, deal) if keep_record else {}
    # The score track stays in the worker: its measures travel instead.
    return Outcome(record, outcome.scores, outcome.turns, outcome.rounds, outcome.placements,
                   {**outcome.measures, **outcome_measures(outcome)})


def add_outcome(schedule: Schedule, number: int, outcome: Outcome, tallies: dict[str, Tally],
                skill_tallies: dict[Match, Tally]) -> tuple[int, bool]:
    """Game `number`'s outcome into the tally of its configuration, or of its skill match seated as
    played; (its index within its block, whether it is a configuration's game)."""
    playability = len(schedule.configurations) * schedule.games
    if number < playability:
        tallies[schedule.configurations[number // schedule.games].label].add_game(outcome)
        return number % schedule.games, True
    match = schedule.matches[(number - playability) // schedule.match_games][0]
    skill_tallies[match].add_game(outcome.scores_seated(schedule.deal(number)[1]))
    return (number - playability) % schedule.match_games, False


@dataclass
class Batches:
    """What a check gathers batch after batch: the tallies, the games a report draws, the log."""

    simulation: Simulation
    model: Any
    schedule: Schedule
    options: CheckOptions
    write: Callable[[dict[str, Any]], None]
    tallies: dict[str, Tally] = field(default_factory=dict)
    skill_tallies: dict[Match, Tally] = field(default_factory=dict)
    picker: Picker = field(default_factory=lambda: Picker())
    bar: Callable[[int], None] = lambda n: None  # the run's progress bar (pnp.progress): one step a game

    def __post_init__(self) -> None:
        self.tallies = {c.label: Tally(c.players, paired=self.schedule.paired_configuration(c))
                        for c in self.schedule.configurations}
        self.skill_tallies = {match: Tally(2) for match, _, _ in self.schedule.matches}

    def play(self, numbers: Sequence[int]) -> None:
        """Play games `numbers` of the schedule on the workers and add each, in game order."""
        options = self.options
        keep = options.log is not None or options.keep_games
        play = functools.partial(play_one, self.simulation, self.model, self.schedule, keep)
        outcomes = parallel_map(play, numbers, workers=options.workers)
        for number, outcome in zip(numbers, outcomes, strict=True):
            index, configured = add_outcome(self.schedule, number, outcome, self.tallies, self.skill_tallies)
            if configured and options.keep_games:
                self.picker.offer(max(outcome.scores), outcome.record)
            if options.logs(index):
                self.write(outcome.record)
            self.bar(1)


def configurations_for(simulation: Simulation, model: Any, options: CheckOptions) -> tuple[Configuration, ...]:
    """The configurations a run plays (refusing bad counts first), then each of them again with the
    `seat_levels` in every seat; `check` and `sweep` play the same."""
    configurations = tuple(simulation.configurations(model, options))
    return configurations + level_seatings(simulation, configurations, options.seat_levels)


def skill_players(simulation: Simulation, options: CheckOptions) -> tuple[str, ...]:
    """The seat players of the skill games, weakest to strongest: those of `levels`, or the game's own."""
    return players_of(simulation.levels, options.levels) if options.levels else simulation.players


def schedule_for(simulation: Simulation, model: Any, options: CheckOptions) -> Schedule:
    """The run's games: the configurations (refusing bad counts first), then the skill matches."""
    configurations = configurations_for(simulation, model, options)
    head_to_head = simulation.head_to_head
    match_games = options.games_per_match if head_to_head is not None else 0
    players = skill_players(simulation, options)
    seatings: tuple[tuple[Match, Configuration, Configuration], ...] = ()
    if head_to_head is not None and match_games:
        seatings = tuple((m, head_to_head(model, options, (m.player, m.opponent)),
                          head_to_head(model, options, (m.opponent, m.player)))
                         for m in matches(players))
    return Schedule(configurations, options.games, options.seed, seatings, match_games if seatings else 0,
                    paired=options.pairs and simulation.seat_exchange)


def level_seatings(simulation: Simulation, configurations: tuple[Configuration, ...],
                   names: tuple[str, ...]) -> tuple[Configuration, ...]:
    """Each multi-player configuration again with one strength level in every seat, per level named."""
    chosen = [level(simulation.levels, name) for name in dict.fromkeys(names)]
    return tuple(replace(c, seats=(chosen_level.player,) * c.players, level=chosen_level.name)
                 for chosen_level in chosen for c in configurations if c.players > 1)


def records(simulation: Simulation, model: Any, options: CheckOptions) -> Iterator[dict[str, Any]]:
    """The records of a run's games in order, played here one by one: the games `check` plays."""
    schedule = schedule_for(simulation, model, options)
    for number in range(schedule.total):
        deal, _ = schedule.deal(number)
        yield numbered(play_deal(simulation, model, deal).full_record(), simulation.game, deal)


class Picker:
    """The games a report draws: the one with the highest top score and the one with the lowest
    (the first such game on ties), kept as they stream past."""

    def __init__(self) -> None:
        self.best: tuple[int, dict[str, Any]] | None = None
        self.worst: tuple[int, dict[str, Any]] | None = None

    def offer(self, top: int, record: dict[str, Any]) -> None:
        if self.best is None or top > self.best[0]:
            self.best = (top, record)
        if self.worst is None or top < self.worst[0]:
            self.worst = (top, record)

    def picked(self) -> list[tuple[str, dict[str, Any]]]:
        if self.best is None or self.worst is None:
            return []
        return [("best", self.best[1]), ("worst", self.worst[1])]


def check(simulation: Simulation, model: Any, options: CheckOptions) -> CheckReport:
    """Static checks, then every configuration's games and the skill matches, then the figures, the
    verdict and the balance section."""
    report = CheckReport(simulation.game, confidence=options.confidence, strict=options.strict)
    schedule = schedule_for(simulation, model, options)  # refuses bad counts first
    configurations = schedule.configurations
    simulation.static(model, report)
    if not report.playable and not simulation.simulate_failed_sets:
        return report
    with record_log(options.log) as write, \
            progress(schedule.total, f"{simulation.game} check", options.progress) as bar:
        batches = Batches(simulation, model, schedule, options, write, bar=bar)
        batches.play(range(schedule.total))  # fixed --games: one batch of every game
    judge(simulation, model, report, configurations, batches.tallies, options.games, batches.skill_tallies)
    report.games_drawn = batches.picker.picked()
    return report


def judge(simulation: Simulation, model: Any, report: CheckReport, configurations: tuple[Configuration, ...],
          tallies: dict[str, Tally], games: int, skill_tallies: dict[Match, Tally] | None = None) -> None:
    """Every configuration's figures from its tally into the report, the verdict on them, and the
    balance section (seats, and the skill matches when they were played)."""
    report.tallies = tallies  # the judges may read the histograms behind the figures
    for position, configuration in enumerate(configurations):
        tally = tallies[configuration.label]
        figures = {"first_game": position * games, **tally.shared_figures(),
                   **simulation.figures(model, configuration, tally)}
        report.simulation[configuration.label] = figures
        simulation.judge(model, report, configuration, figures)
    limits = simulation.balance_limits(model) if simulation.balance_limits else BalanceLimits()
    judge_balance(report, configurations, tallies, skill_tallies or {}, limits, symmetric_seats(simulation, model,
                                                                                               configurations))


def symmetric_seats(simulation: Simulation, model: Any, configurations: tuple[Configuration, ...]) -> dict[str, str]:
    """The configurations whose seats the game declares alike, each with the reason."""
    if simulation.seat_symmetry is None:
        return {}
    found = {c.label: simulation.seat_symmetry(model, c) for c in configurations if c.players > 1}
    return {label: reason for label, reason in found.items() if reason}
