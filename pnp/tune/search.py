"""The trials of `pnp tune`: Optuna's TPE sampler picks each trial's values; the trial's variant plays the
looks of `--games auto` (on this machine or the Dask cluster, as a sweep does), reporting its distance from
the targets after every look, so the median pruner stops a trial that is already worse than most, and a
trial whose targets and limits are all decided stops there.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp import games as game_registry
from pnp.budget import DEFAULT_TOLERANCE, TUNE_MAX_GAMES
from pnp.check import sequential
from pnp.check.confidence import Interval, histogram_mean_test
from pnp.errors import SpecError
from pnp.games.base import Game
from pnp.progress import Progress, progress
from pnp.spec import template_path
from pnp.sweep import race, results
from pnp.sweep.run import (
    Sweep,
    SweepOptions,
    Variant,
    advance,
    judge_variant,
    load_variants,
    simulation_of,
    spec_text,
    variant_text,
)
from pnp.tune.space import Dimension, check_space
from pnp.tune.targets import Target

# The objective of a variant that is not a valid spec, or that breaks one of the check's own limits: worse
# than any distance from the targets a valid one has.
BROKEN = 10.0


@dataclass(frozen=True)
class TuneOptions:
    trials: int = 30
    seed: int = 1
    players: int | None = None
    preset: str | None = None
    workers: int = 0
    scheduler: str | None = None
    progress: bool = False
    confidence: float = 0.95
    max_games: int = TUNE_MAX_GAMES  # per configuration and trial
    tolerance: float = DEFAULT_TOLERANCE  # each limit test's indifference zone within a trial, as --games auto
    skill_games: int | None = None  # 0: no skill match (a skill_share target needs one)

    def sweep_options(self) -> SweepOptions:
        return SweepOptions(seed=self.seed, players=self.players, preset=self.preset, workers=self.workers,
                            scheduler=self.scheduler, confidence=self.confidence, skill_games=self.skill_games,
                            auto=True, max_games=self.max_games, tolerance=self.tolerance)


@dataclass
class Trial:
    number: int  # 1 is the first
    values: dict[str, Any]
    variant: Variant
    # "complete", "pruned" (stopped by the pruner), "invalid" (not a valid spec) or "repeat" (values played
    # before: the earlier trial's figures, no games)
    state: str = "complete"
    objective: float = BROKEN  # the estimates' distance from the targets (+ BROKEN for a broken limit)
    gap: float = BROKEN  # the intervals' distance from the targets: what the pruner compares
    figures: dict[str, Interval] = field(default_factory=dict)
    verdicts: dict[str, str] = field(default_factory=dict)  # target text -> "met", "missed", "open", "not measured"
    repeat_of: int | None = None  # a repeat: the trial that played these values
    stopped: str = ""  # after how many games the trial stopped, and why

    @property
    def games(self) -> int:
        if self.state == "repeat":
            return 0
        v = self.variant
        return v.played * len(v.configurations) + v.match_played * len(v.skill_tallies)

    @property
    def meets_all(self) -> bool:
        return bool(self.verdicts) and all(verdict == "met" for verdict in self.verdicts.values())

    @property
    def outcome(self) -> str:
        """The trial in one word, by its targets and the check's limits together: "pass" (every target met,
        every limit kept), "fail" (a limit broken), "missed" (a target missed), "open" (nothing broken or
        missed, but a target or limit not decided); or how it was played: "pruned", "invalid", "repeat of N"."""
        if self.state == "repeat":
            return f"repeat of {self.repeat_of}"
        if self.state != "complete":
            return self.state
        check = results.state(self.variant)
        if check == "fail":
            return "fail"
        if "missed" in self.verdicts.values():
            return "missed"
        return "pass" if check == "pass" and self.meets_all else "open"


@dataclass
class Tuning:
    game: str
    dimensions: list[Dimension]
    targets: list[Target]
    options: TuneOptions
    trials: list[Trial] = field(default_factory=list)
    sweep_instead: str | None = None  # the sweep that checks every variant of a small space (pnp.tune.space)

    @property
    def best(self) -> Trial | None:
        """The trial that meets every target and keeps every limit with the smallest distance; else None."""
        done = [t for t in self.trials if t.outcome == "pass"]
        return min(done, key=lambda t: (t.objective, t.number)) if done else None

    @property
    def closest(self) -> Trial | None:
        """The trial closest to the targets, whatever its verdicts (what to try next when none meets them)."""
        played = [t for t in self.trials if t.state != "invalid"]
        return min(played, key=lambda t: (t.objective, t.number)) if played else None


def measure(variant: Variant) -> dict[str, Interval]:
    """The figures a target can name, each with its interval at the variant's confidence; the largest seat
    advantage over the configurations, and the turns and placed share of the configuration furthest out."""
    figures: dict[str, Interval] = {}
    advantage = race.advantage(variant)
    if advantage is not None:
        figures["seat_advantage"] = Interval(advantage.estimate, advantage.low, advantage.high)
    report = variant.report
    if report is None:
        return figures
    skill = list((report.balance.get("skill") or {}).values())
    if skill:
        share = skill[0]["win_share"]
        figures["skill_share"] = Interval.from_json(share)
    lengths = [histogram_mean_test("turns", tally.histogram("turns"), 0.0, at_least=True,
                                   confidence=report.confidence).interval
               for tally in variant.tallies.values() if tally.histogram("turns").count > 1]
    if lengths:
        figures["turns_per_game"] = lengths[0] if len(lengths) == 1 else max(lengths, key=lambda i: i.estimate)
    placed = [t for t in report.tests if t["test"] == "check.min_placed_share"]
    if placed:
        lowest = min(placed, key=lambda t: t["estimate"])
        figures["placed_share"] = Interval.from_json(lowest)
    return figures


def score(trial: Trial, targets: list[Target]) -> None:
    trial.figures = measure(trial.variant)
    trial.verdicts = {}
    distance = gap = 0.0
    for target in targets:
        interval = trial.figures.get(target.figure)
        if interval is None:
            trial.verdicts[target.text] = "not measured"
            distance += 1.0
            gap += 1.0
            continue
        trial.verdicts[target.text] = target.verdict(interval)
        distance += target.distance(interval.estimate)
        gap += target.gap(interval)
    penalty = BROKEN if results.state(trial.variant) == "fail" else 0.0
    trial.objective = distance + penalty
    trial.gap = gap + penalty


def decided(trial: Trial) -> bool:
    return results.state(trial.variant) != "undecided" and "open" not in trial.verdicts.values()


def tune(game: str, spec: Path | None, dimensions: list[Dimension], targets: list[Target],
         options: TuneOptions, on_start: Callable[[], None] = lambda: None) -> Tuning:
    """Check the input, then run the trials; nothing is played before every option is checked. `on_start` is
    called between the two."""
    import optuna

    chosen = game_registry.get(game)
    chosen.check_preset(options.preset)
    simulation = simulation_of(chosen)
    sweep_options = options.sweep_options()
    from pnp.sweep.run import _check_options

    simulation.configurations(chosen.load(spec), _check_options(sweep_options))
    base = spec_text(game, spec)
    try:
        check_space(tomllib.loads(base), dimensions)
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(spec or template_path(game), "-", f"not valid TOML: {exc}") from None
    if options.scheduler is not None:
        from pnp.sweep.cluster import probe

        probe(options.scheduler)
    on_start()
    tuning = Tuning(game, dimensions, targets, options)
    plan = sequential.plan(options.confidence, options.max_games, tolerance=options.tolerance)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=options.seed),
                                pruner=optuna.pruners.MedianPruner(n_startup_trials=5, n_warmup_steps=0))

    played: dict[tuple[Any, ...], Trial] = {}
    stopped: list[BaseException] = []

    def objective(trial: optuna.Trial) -> float:
        try:
            return play(trial)
        except Exception:
            raise
        except BaseException as stop:  # Ctrl-C or SIGTERM: Optuna would log a failed trial with a traceback
            stopped.append(stop)
            study.stop()
            raise optuna.TrialPruned() from None  # ends the trial quietly; the stop is raised below

    def play(trial: optuna.Trial) -> float:
        number = len(tuning.trials) + 1
        bar.step(f"trial {number} of {options.trials}")
        with bar.part(per_trial):
            values = {d.field: d.suggest(trial) for d in dimensions}
            key = tuple(values.values())
            if key in played:  # the sampler came back to a variant already played: its games say the same
                entry = dataclasses.replace(played[key], number=number, state="repeat",
                                            repeat_of=played[key].number, stopped="")
                tuning.trials.append(entry)
                return entry.objective
            entry = _play(chosen, base, values, number, plan, sweep_options, targets, trial, bar)
        played[key] = entry
        tuning.trials.append(entry)
        if entry.state == "pruned":
            raise optuna.TrialPruned()
        return entry.objective

    # One bar in games up to every trial's budget; a trial that stops early (or plays nothing: a repeat, an
    # invalid spec) moves it past the rest of its share.
    per_trial = trial_budget(chosen, base, sweep_options)
    with progress(options.trials * per_trial, f"{game} tune", options.progress, up_to=True) as bar:
        study.optimize(objective, n_trials=options.trials)
        if stopped:
            raise stopped[0]
    return tuning


def trial_budget(game: Game, base: str, options: SweepOptions) -> int:
    """The most games one trial plays: the base spec's configurations and skill match at the budget (a trial's
    variant of other player counts may play more or fewer)."""
    variant = Variant(0, {}, base)
    load_variants(game, simulation_of(game), [variant], options)
    return variant.schedule.total if variant.schedule is not None else options.max_games


def _play(game: Game, base: str, values: dict[str, Any], number: int, plan: sequential.Plan,
          options: SweepOptions, targets: list[Target], optuna_trial: Any, bar: Progress) -> Trial:
    variant = Variant(number, values, variant_text(base, values))
    simulation = simulation_of(game)
    load_variants(game, simulation, [variant], options)
    entry = Trial(number, values, variant)
    if variant.schedule is None:
        entry.state = "invalid"
        return entry
    sweep = Sweep(game.name, list(values), options, [variant])
    for look in plan.looks:
        advance(game, sweep, {0: (look, race.match_games(variant, plan, look))}, bar)
        judge_variant(game, variant, options, plan.look_confidence)
        score(entry, targets)
        optuna_trial.report(entry.gap, look)
        after = f"after {look:,} games per configuration"
        if decided(entry):
            entry.stopped = f"decided {after}"
        elif results.state(variant) == "fail":  # out of the running: a broken limit or a missed target stays so
            entry.stopped = f"stopped {after}: it breaks a limit"
        elif "missed" in entry.verdicts.values():
            entry.stopped = f"stopped {after}: a target is missed"
        elif optuna_trial.should_prune():
            entry.state = "pruned"
            entry.stopped = f"stopped {after} by the pruner: further from the targets than the median trial there"
        elif look == plan.looks[-1]:
            entry.stopped = f"stopped {after}, the budget (--max-games), with a target or limit open"
        if entry.stopped:
            break
    return entry
