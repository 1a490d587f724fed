"""`pnp sweep`: every variant of a spec through the game's own loader, its games on the shared pool or a
Dask cluster, and each variant's check report.

Games are sent in batches of game numbers; the batches and the seeds depend only on --games and --seed
(and the looks of --games auto), and each variant's games are added to its tallies in game order, so
the figures are the same with any worker count, on this machine or on a cluster. Besides each
configuration's games, a variant plays the judged skill match of `pnp check` (its strongest player
against random, or with --levels the strongest of those levels against the weakest), so its skill share
is judged too; --seat-levels adds each configuration with that level in every seat, as in `pnp check`.
"""

from __future__ import annotations

import copy
import functools
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pnp import games as game_registry
from pnp.budget import DEFAULT_MAX_GAMES, DEFAULT_TOLERANCE
from pnp.check import sequential, simulate
from pnp.check.balance import Match, matches
from pnp.check.confidence import DEFAULT_CONFIDENCE
from pnp.check.options import CheckOptions
from pnp.check.protocol import Configuration, Outcome, Simulation
from pnp.check.report import CheckReport
from pnp.check.run import add_box_fit
from pnp.check.simulate import Schedule
from pnp.check.stats import Tally
from pnp.errors import PnpError, SpecError
from pnp.files.oserrors import not_found
from pnp.games.base import Game
from pnp.parallel import parallel_map
from pnp.progress import progress
from pnp.spec import parse_toml, template_path
from pnp.sweep.length import judge_length
from pnp.sweep.paired import SeatRecord
from pnp.variants import MAX_VARIANTS_UNCONFIRMED, VariantError, Vary, assign, check_types, grid, grid_size

# Games per job: enough that sending a job costs little beside playing it (a cluster task costs about a
# millisecond to schedule, a game several), few enough that the bar moves and the workers stay busy.
GAMES_PER_BATCH = 25


@dataclass
class Variant:
    """One point of the grid: its values, its spec text and what the loader and the check made of it."""

    number: int  # 1 is the first variant of the grid
    values: dict[str, Any]
    spec_text: str
    model: Any = None
    error: str | None = None  # the loader's reason when the variant is not a valid spec
    configurations: tuple[Configuration, ...] = ()
    report: CheckReport | None = None
    tallies: dict[str, Tally] = field(default_factory=dict)
    static_report: CheckReport | None = None  # the static checks alone, the start of every judgement
    schedule: Schedule | None = None  # the numbers of its games: the configurations', then the skill match's
    skill_tallies: dict[Match, Tally] = field(default_factory=dict)
    played: int = 0  # games per configuration so far
    match_played: int = 0  # games of the skill match so far
    out: str = ""  # why a race stopped it early ("" while it plays on, or when it was never raced)
    seat_record: SeatRecord = field(default_factory=SeatRecord)  # every game's seat wins: paired comparisons

    @property
    def verdict(self) -> str:
        if self.error is not None or self.report is None:
            return "invalid"
        return self.report.verdict

    @property
    def simulated(self) -> bool:
        return bool(self.configurations)


@dataclass(frozen=True)
class SweepOptions:
    games: int = 200  # per configuration; with `auto`, the games are decided as they go up to `max_games`
    seed: int = 1
    players: int | None = None
    preset: str | None = None
    workers: int = 0
    scheduler: str | None = None  # a Dask scheduler's address; None: this machine's pool
    progress: bool = False
    confirmed: bool = False  # --yes: run a grid over MAX_VARIANTS_UNCONFIRMED
    confidence: float = DEFAULT_CONFIDENCE  # of the intervals each variant's verdict compares
    skill_games: int | None = None  # games of the skill match (strongest vs random); None: a quarter of games
    target_length: tuple[float, float] | None = None  # mean turns per game the designer wants, both ends kept
    auto: bool = False  # --games auto: looks after batches, racing the variants (pnp.sweep.race)
    max_games: int = DEFAULT_MAX_GAMES  # the budget per configuration of `auto`
    tolerance: float = DEFAULT_TOLERANCE  # `auto`: each test's indifference zone; fixed games ignore it
    levels: tuple[str, ...] = ()  # strength levels of the skill match (strongest against weakest); (): the game's
    seat_levels: tuple[str, ...] = ()  # levels also played in every seat of each multi-player configuration
    method: str | None = None  # `auto`: the race's plan (pnp.check.sequential); None: LOOKS


@dataclass
class Sweep:
    game: str
    fields: list[str]
    options: SweepOptions
    variants: list[Variant]
    race: dict[str, Any] | None = None  # --games auto: the looks, the games played, who is still tied
    # --games auto: the race stopped with the leader's seat advantage shown within the zone of every other
    # contender's (pnp.sweep.race.shown_near_best)
    near_best: bool = False


def spec_text(game: str, spec: Path | None) -> str:
    path: Path | Traversable = spec if spec is not None else template_path(game)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpecError(path, "-", not_found("file")) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError(path, "-", f"cannot read: {exc}") from None


def variant_text(base: str, values: dict[str, Any]) -> str:
    """The spec with the variant's values, written by tomlkit so the designer's comments stay."""
    import tomlkit

    document = tomlkit.parse(base)
    assign(document, values)
    return tomlkit.dumps(document)


def simulation_of(game: Game) -> Simulation:
    if game.simulation is None:
        raise PnpError(f"{game.name}: the game has no simulation to sweep")
    return game.simulation


def plan(game: str, spec: Path | None, varies: list[Vary], options: SweepOptions) -> tuple[Game, Sweep]:
    """Check the input and load every variant: nothing has been played when this returns."""
    chosen = game_registry.get(game)
    chosen.check_preset(options.preset)
    if not varies:
        raise VariantError("FIELD=VALUES", "give at least one field to vary")
    simulation = simulation_of(chosen)
    # A broken base spec or a player count it does not allow is bad input, not a grid of invalid variants.
    simulate.configurations_for(simulation, chosen.load(spec), _check_options(options))
    simulate.skill_players(simulation, _check_options(options))  # --levels the game does not have, or one alone
    base = spec_text(game, spec)
    data = parse_toml(base, spec or template_path(game))
    check_types(data, varies)
    size = grid_size(varies)
    if size > MAX_VARIANTS_UNCONFIRMED and not options.confirmed:
        raise VariantError("", f"{size:,} variants, more than {MAX_VARIANTS_UNCONFIRMED:,} "
                           "(add --yes to run them all)")
    variants = [Variant(number, values, variant_text(base, values))
                for number, values in enumerate(grid(varies), start=1)]
    load_variants(chosen, simulation, variants, options)
    return chosen, Sweep(game, [vary.field for vary in varies], options, variants)


def _check_options(options: SweepOptions) -> CheckOptions:
    return CheckOptions(games=options.games, seed=options.seed, players=options.players, preset=options.preset,
                        workers=options.workers, skill_games=options.skill_games, levels=options.levels,
                        seat_levels=options.seat_levels)


def load_variants(game: Game, simulation: Simulation, variants: list[Variant], options: SweepOptions) -> None:
    """Each variant through the game's loader from a file, as `--spec` reads one, and its static checks."""
    check_options = _check_options(options)
    with tempfile.TemporaryDirectory(prefix="pnp-sweep-") as folder:
        for variant in variants:
            path = Path(folder) / f"variant-{variant.number}.toml"
            path.write_text(variant.spec_text, encoding="utf-8")
            try:
                variant.model = game.load(path)
                configurations = simulate.configurations_for(simulation, variant.model, check_options)
            except SpecError as exc:
                variant.error = exc.detail
                continue
            except PnpError as exc:
                variant.error = str(exc)
                continue
            report = CheckReport(simulation.game, confidence=options.confidence, budgeted=options.auto)
            simulation.static(variant.model, report)
            add_box_fit(game, variant.model, report)
            variant.report = report
            variant.static_report = copy.deepcopy(report)
            if report.playable or simulation.simulate_failed_sets:
                variant.configurations = configurations
                variant.schedule = schedule_of(simulation, variant.model, configurations, options)
                variant.tallies = {c.label: Tally(c.players) for c in configurations}
                variant.skill_tallies = {match: Tally(2) for match, _, _ in variant.schedule.matches}


def schedule_of(simulation: Simulation, model: Any, configurations: tuple[Configuration, ...],
                options: SweepOptions) -> Schedule:
    """A variant's games by number, as `pnp check` numbers them: each configuration's block, then the
    judged skill match (the strongest player against the weakest, both seatings of every deal). Under `auto`
    the blocks are as long as the budget, so the games of every look are those of a fixed run."""
    if options.auto:
        games = options.max_games
        match_games = 0 if options.skill_games == 0 else sequential.plan(options.confidence, games).match_games(games)
    else:
        games, match_games = options.games, _check_options(options).games_per_match
    seatings: tuple[tuple[Match, Configuration, Configuration], ...] = ()
    head_to_head = simulation.head_to_head
    check_options = _check_options(options)
    players = simulate.skill_players(simulation, check_options)
    if head_to_head is not None and match_games and len(players) > 1:
        judged = matches(players)[0]
        seatings = ((judged, head_to_head(model, check_options, (judged.player, judged.opponent)),
                     head_to_head(model, check_options, (judged.opponent, judged.player))),)
    return Schedule(configurations, games, options.seed, seatings, match_games if seatings else 0)


Job = tuple[int, range]  # (position of the variant, game numbers of its schedule)


def jobs(variants: list[Variant], targets: dict[int, tuple[int, int]]) -> Iterator[Job]:
    """The batches that bring each variant in `targets` (position -> games per configuration, games of
    the skill match) from what it has played to the target, made as they are sent."""
    for position, (games, match_games) in targets.items():
        variant = variants[position]
        schedule = variant.schedule
        if schedule is None:
            continue
        blocks = [(c * schedule.games + variant.played, c * schedule.games + games)
                  for c in range(len(schedule.configurations))]
        playability = len(schedule.configurations) * schedule.games
        blocks += [(playability + m * schedule.match_games + variant.match_played,
                    playability + m * schedule.match_games + match_games) for m in range(len(schedule.matches))]
        for first, stop in blocks:
            for start in range(first, stop, GAMES_PER_BATCH):
                yield position, range(start, min(start + GAMES_PER_BATCH, stop))


def job_count(variants: list[Variant], targets: dict[int, tuple[int, int]]) -> int:
    return sum(1 for _ in jobs(variants, targets))


def games_of(variants: list[Variant], targets: dict[int, tuple[int, int]]) -> int:
    """The games that bring the variants to their targets: a fixed sweep's whole run."""
    return sum(len(numbers) for _, numbers in jobs(variants, targets))


def budget(variants: list[Variant]) -> int:
    """The most games the variants may play under --games auto (each schedule is as long as its budget)."""
    return sum(v.schedule.total for v in variants if v.schedule is not None)


def play_batch(simulation: Simulation, models: tuple[Any, ...], schedules: tuple[Schedule | None, ...],
               job: Job) -> list[Outcome]:
    """One batch of one variant's games (in a worker process or on a cluster worker)."""
    position, numbers = job
    schedule = schedules[position]
    assert schedule is not None
    return [simulate.play_one(simulation, models[position], schedule, False, number) for number in numbers]


def advance(game: Game, sweep: Sweep, targets: dict[int, tuple[int, int]],
            bar: Callable[[int], None] = lambda n: None) -> None:
    """Play the games that bring the variants to their targets, adding each to its tally in game order and
    counting it on the run's bar."""
    simulation = simulation_of(game)
    variants = sweep.variants
    play = functools.partial(play_batch, simulation, tuple(v.model if v.simulated else None for v in variants),
                             tuple(v.schedule for v in variants))
    outcomes_per_batch = _map(play, jobs(variants, targets), job_count(variants, targets), sweep.options)
    for (position, numbers), outcomes in zip(jobs(variants, targets), outcomes_per_batch, strict=True):
        variant = variants[position]
        schedule = variant.schedule
        assert schedule is not None
        for number, outcome in zip(numbers, outcomes, strict=True):
            if simulate.add_outcome(schedule, number, outcome, variant.tallies, variant.skill_tallies)[1]:
                variant.seat_record.add(schedule.configurations[number // schedule.games].label, outcome.scores)
        bar(len(numbers))
    for position, (games, match_games) in targets.items():
        variants[position].played = max(variants[position].played, games)
        if variants[position].schedule is not None and variants[position].schedule.matches:  # type: ignore[union-attr]
            variants[position].match_played = max(variants[position].match_played, match_games)


def judge_variant(game: Game, variant: Variant, options: SweepOptions, confidence: float) -> None:
    """The variant's figures and verdict from its tallies so far, at `confidence`, like a check of its spec."""
    if not variant.simulated or variant.static_report is None:
        return
    simulation = simulation_of(game)
    report = copy.deepcopy(variant.static_report)
    report.confidence = confidence
    report.tolerance = options.tolerance if options.auto else 0.0
    schedule = variant.schedule
    assert schedule is not None
    simulate.judge(simulation, variant.model, report, variant.configurations, variant.tallies,
                   schedule.games, {m: t for m, t in variant.skill_tallies.items() if t.games})
    if options.target_length is not None:
        judge_length(report, variant.configurations, variant.tallies, options.target_length)
    variant.report = report


def run_fixed(game: Game, sweep: Sweep) -> Sweep:
    """Play a fixed number of games of every simulated variant and give each its figures and verdict
    (under `--games auto` the variants race instead: pnp.sweep.race)."""
    options = sweep.options
    targets = {position: (options.games, variant.schedule.match_games)
               for position, variant in enumerate(sweep.variants) if variant.schedule is not None}
    with progress(games_of(sweep.variants, targets), f"{sweep.game} sweep", options.progress) as bar:
        advance(game, sweep, targets, bar)
    for variant in sweep.variants:
        judge_variant(game, variant, options, options.confidence)
    return sweep


def _map(play: Callable[[tuple[int, range]], list[Outcome]], jobs: Iterator[tuple[int, range]], total: int,
         options: SweepOptions) -> Iterator[list[Outcome]]:
    if options.scheduler is not None:
        from pnp.sweep.cluster import cluster_map

        return cluster_map(play, jobs, options.scheduler)
    return parallel_map(play, jobs, workers=options.workers, total=total)
