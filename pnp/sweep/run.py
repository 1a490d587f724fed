"""`pnp sweep`: every variant of a spec through the game's own loader, its games on the shared pool or a
Dask cluster, and each variant's check report.

Games are sent in batches of game numbers (`play_chunk`); the batches and the seeds depend only on
--games and --seed, and each variant's games are added to its tallies in game order, so the figures
are the same with any worker count, on this machine or on a cluster.
"""

from __future__ import annotations

import functools
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pnp import games as game_registry
from pnp.check import simulate
from pnp.check.confidence import DEFAULT_CONFIDENCE
from pnp.check.options import CheckOptions
from pnp.check.protocol import Configuration, Outcome, Simulation
from pnp.check.report import CheckReport
from pnp.check.run import add_box_fit
from pnp.check.stats import Tally
from pnp.errors import PnpError, SpecError
from pnp.games.base import Game
from pnp.parallel import parallel_map
from pnp.spec import parse_toml, template_path
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
    games: int = 200
    seed: int = 1
    players: int | None = None
    preset: str | None = None
    workers: int = 0
    scheduler: str | None = None  # a Dask scheduler's address; None: this machine's pool
    progress: bool = False
    confirmed: bool = False  # --yes: run a grid over MAX_VARIANTS_UNCONFIRMED
    confidence: float = DEFAULT_CONFIDENCE  # of the intervals each variant's verdict compares


@dataclass
class Sweep:
    game: str
    fields: list[str]
    options: SweepOptions
    variants: list[Variant]


def spec_text(game: str, spec: Path | None) -> str:
    path: Path | Traversable = spec if spec is not None else template_path(game)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpecError(path, "-", "file not found") from None
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
    simulation.configurations(chosen.load(spec), _check_options(options))
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
                        workers=options.workers)


def load_variants(game: Game, simulation: Simulation, variants: list[Variant], options: SweepOptions) -> None:
    """Each variant through the game's loader from a file, as `--spec` reads one, and its static checks."""
    check_options = _check_options(options)
    with tempfile.TemporaryDirectory(prefix="pnp-sweep-") as folder:
        for variant in variants:
            path = Path(folder) / f"variant-{variant.number}.toml"
            path.write_text(variant.spec_text, encoding="utf-8")
            try:
                variant.model = game.load(path)
                configurations = tuple(simulation.configurations(variant.model, check_options))
            except SpecError as exc:
                variant.error = f"{exc.field}: {exc.reason}"
                continue
            except PnpError as exc:
                variant.error = str(exc)
                continue
            report = CheckReport(simulation.game, confidence=options.confidence)
            simulation.static(variant.model, report)
            add_box_fit(game, variant.model, report)
            variant.report = report
            if report.playable or simulation.simulate_failed_sets:
                variant.configurations = configurations


def batches(variants: list[Variant], games: int) -> Iterator[tuple[int, range]]:
    """(position of the variant, game numbers) for every batch of every simulated variant, made as
    they are sent: a large grid holds no list of them."""
    for position, variant in enumerate(variants):
        total = len(variant.configurations) * games
        for start in range(0, total, GAMES_PER_BATCH):
            yield position, range(start, min(start + GAMES_PER_BATCH, total))


def batch_count(variants: list[Variant], games: int) -> int:
    return sum(-(-len(variant.configurations) * games // GAMES_PER_BATCH) for variant in variants)


def play_batch(simulation: Simulation, models: tuple[Any, ...], configurations: tuple[tuple[Configuration, ...], ...],
               games: int, seed: int, job: tuple[int, range]) -> list[Outcome]:
    """One batch of one variant's games (in a worker process or on a cluster worker)."""
    position, numbers = job
    return simulate.play_chunk(simulation, models[position], configurations[position], games, seed, numbers)


def run(game: Game, sweep: Sweep) -> Sweep:
    """Play every simulated variant's games and give each variant its figures and verdict."""
    simulation = simulation_of(game)
    options = sweep.options
    variants = sweep.variants
    play = functools.partial(play_batch, simulation, tuple(v.model if v.simulated else None for v in variants),
                             tuple(v.configurations for v in variants), options.games, options.seed)
    for variant in variants:
        variant.tallies = {c.label: Tally(c.players) for c in variant.configurations}
    outcomes_per_batch = _map(play, batches(variants, options.games), batch_count(variants, options.games), options)
    for (position, numbers), outcomes in zip(batches(variants, options.games), outcomes_per_batch, strict=True):
        variant = variants[position]
        for number, outcome in zip(numbers, outcomes, strict=True):
            configuration = variant.configurations[number // options.games]
            variant.tallies[configuration.label].add_game(outcome)
    for variant in variants:
        if variant.simulated and variant.report is not None:
            simulate.judge(simulation, variant.model, variant.report, variant.configurations, variant.tallies,
                           options.games)
    return sweep


def _map(play: Callable[[tuple[int, range]], list[Outcome]], jobs: Iterator[tuple[int, range]], total: int,
         options: SweepOptions) -> Iterator[list[Outcome]]:
    if options.scheduler is not None:
        from pnp.sweep.cluster import cluster_map

        return cluster_map(play, jobs, total, options.scheduler, show_progress=options.progress)
    return parallel_map(play, jobs, workers=options.workers, label="sweep", show_progress=options.progress,
                        total=total)
