"""`pnp check triomino`: static checks of the tile set, seeded simulations, and the verdict."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import Any

from pnp.check.report import CheckReport
from pnp.check.simulate import game_seed, run_games
from pnp.check.stats import histogram, share, summary
from pnp.errors import PnpError
from pnp.games.base import CheckOptions

from .engine import FREE, FitTable, play_game
from .model import Numbers, TriominoModel
from .players import seat_choosers

_fit_tables: dict[tuple[Numbers, ...], FitTable] = {}


def fit_table(model: TriominoModel) -> FitTable:
    """One FitTable per tile set and process (workers build theirs once, on the first game)."""
    key = tuple(t.numbers for t in model.tiles)
    if key not in _fit_tables:
        _fit_tables[key] = FitTable(key)
    return _fit_tables[key]


def canonical(numbers: Numbers) -> Numbers:
    """The same physical tile turned: the smallest of its three clockwise readings."""
    return min(numbers[i:] + numbers[:i] for i in range(3))  # type: ignore[return-value]


# --- static checks ----------------------------------------------------------------------------

def static_checks(model: TriominoModel) -> tuple[dict[str, Any], list[str], list[str]]:
    """Figures of the tile set, reasons it fails, and warnings."""
    tiles = [t.numbers for t in model.tiles]
    numbers = list(model.numbers)
    failures: list[str] = []
    warnings: list[str] = []

    shapes = Counter(canonical(t) for t in tiles)
    duplicates = sorted("-".join(map(str, t)) for t, k in shapes.items() if k > 1)
    if duplicates:
        failures.append(f"tiles appear more than once (turned or not): {', '.join(duplicates)}")
    kinds = Counter(len(set(t)) for t in tiles)

    # An edge of a tile on the table reads (a, b) clockwise; the tile laid against it must read (b, a).
    pairs = Counter((t[i], t[(i + 1) % 3]) for t in tiles for i in range(3))
    missing_pairs = [f"{a}-{b}" for a, b in itertools.product(numbers, repeat=2) if not pairs[(a, b)]]
    if missing_pairs:
        failures.append(f"no tile has the edge {', '.join(missing_pairs[:8])}"
                        f"{' ...' if len(missing_pairs) > 8 else ''}: such open edges can never be continued")

    frequency = {str(n): sum(n in t for t in tiles) for n in numbers}
    absent = [k for k, v in frequency.items() if not v]
    if absent:
        warnings.append(f"numbers on no tile: {', '.join(absent)}")

    gaps = unfillable_gaps(model)
    if gaps["three_corners"]:
        warnings.append(f"{gaps['three_corners']} kinds of gap with three set corners can never be filled "
                        f"(their tiles would be mirror images), e.g. {', '.join(gaps['examples'][:4])}")

    figures = {
        "tiles": len(tiles),
        "unique": not duplicates,
        "triples": kinds[1],
        "with_a_pair": kinds[2],
        "three_numbers": kinds[3],
        "tiles_per_number": frequency,
        "corners_per_number": {str(n): sum(t.count(n) for t in tiles) for n in numbers},
        "corner_total": sum(sum(t) for t in tiles),
        "edge_pairs": {f"{a}-{b}": pairs[(a, b)] for a, b in itertools.product(numbers, repeat=2)},
        "missing_edge_pairs": missing_pairs,
        "unfillable_gaps": gaps,
    }
    for players in model.check.players:
        needed = players * model.hand_size_for(players)
        if needed > len(tiles):
            failures.append(f"{players} players need {needed} tiles for their hands; "
                            f"the set has {len(tiles)}")
    return figures, failures, warnings


def unfillable_gaps(model: TriominoModel) -> dict[str, Any]:
    """Enumerate every corner pattern a hole can have (number or free on each corner, clockwise)
    and ask whether any tile fits it in any orientation."""
    fit = fit_table(model)
    values = [*model.numbers, FREE]
    three: set[Numbers] = set()
    partly: list[str] = []
    for pattern in itertools.product(values, repeat=3):
        if fit.fits(pattern):  # type: ignore[arg-type]
            continue
        fixed = 3 - pattern.count(FREE)
        if fixed == 3:
            three.add(canonical(pattern))  # type: ignore[arg-type]
        elif fixed > 0:
            partly.append("-".join("*" if v == FREE else str(v) for v in pattern))
    examples = sorted("-".join(map(str, p)) for p in three)
    return {"three_corners": len(three), "examples": examples[:12], "fewer_corners": len(partly),
            "fewer_corner_examples": partly[:12]}


# --- simulation -------------------------------------------------------------------------------

def play_one(model: TriominoModel, preset: str, players: int, strategy: str, seed: int) -> dict[str, Any]:
    """One seeded game -> its record."""
    record = play_game(model, model.rules(preset), seat_choosers(strategy, players), seed, fit_table(model))
    record["strategy"] = strategy
    return record


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    rounds = [r for g in records for r in g["rounds"]]
    out = sum(r["end"]["reason"] == "out" for r in rounds)
    hexagons = [sum(r["stats"]["hexagons"][k] for r in rounds) for k in range(3)]
    scores = [s for g in records for s in g["final_scores"]]
    return {
        "games": len(records),
        "rounds": len(rounds),
        "rounds_gone_out": out,
        "rounds_blocked": len(rounds) - out,
        "blocked_share": share(len(rounds) - out, len(rounds)),
        "rounds_per_game": histogram(len(g["rounds"]) for g in records),
        "turns_per_round": summary(len(r["turns"]) for r in rounds),
        "draws_per_game": summary(sum(r["stats"]["draws"] for r in g["rounds"]) for g in records),
        "draws_per_round_mean": round(sum(r["stats"]["draws"] for r in rounds) / max(1, len(rounds)), 3),
        "passes_per_round_mean": round(sum(r["stats"]["passes"] for r in rounds) / max(1, len(rounds)), 3),
        "bridges_per_round_mean": round(sum(r["stats"]["bridges"] for r in rounds) / max(1, len(rounds)), 3),
        "rounds_with_a_bridge": share(sum(r["stats"]["bridges"] > 0 for r in rounds), len(rounds)),
        "hexagons": {"single": hexagons[0], "double": hexagons[1], "triple": hexagons[2]},
        "rounds_with_a_hexagon": share(sum(sum(r["stats"]["hexagons"]) > 0 for r in rounds), len(rounds)),
        "final_scores": summary(scores),
        "winning_scores": summary(max(g["final_scores"]) for g in records),
        "tiles_left_per_round": summary(r["end"]["tiles_left"] for r in rounds),
        "hand_tiles_left_per_round": summary(r["end"]["tiles_left"] - r["end"]["pool_left"] for r in rounds),
    }


def check(model: TriominoModel, options: CheckOptions) -> CheckReport:
    report = CheckReport(game="triomino")
    figures, failures, warnings = static_checks(model)
    report.static = figures
    for reason in failures:
        report.fail(reason)
    report.warnings.extend(warnings)

    presets = [options.preset] if options.preset else ["seed", "classic"]
    for preset in presets:
        if preset not in model.presets:
            raise PnpError(f"triomino: unknown preset {preset!r}; choose one of {', '.join(model.presets)}")
    if options.players is not None:
        if not model.min_players <= options.players <= model.max_players:
            raise PnpError(f"triomino: --players must be between {model.min_players} and {model.max_players}")
        player_counts: tuple[int, ...] = (options.players,)
    else:
        player_counts = model.check.players
    if failures:
        return report  # a broken set is not simulated: its games would only repeat the static reasons

    index = 0
    for preset in presets:
        for players in player_counts:
            if players * model.hand_size_for(players) > len(model.tiles):
                report.fail(f"{players} players cannot be dealt their hands")
                continue
            seeds = [game_seed(options.seed, index + i) for i in range(options.games)]
            play = functools.partial(play_one, model, preset, players, model.check.strategy)
            label = f"triomino {preset} {players}p"
            records = run_games(play, seeds, workers=options.workers, label=label,
                                show_progress=options.progress)
            for record in records:
                record["game"] = index
                index += 1
            name = f"{players} players, {preset}"
            figures = summarise(records)
            report.simulation[name] = figures
            report.records.extend(_ordered(r) for r in records)
            if figures["blocked_share"] > model.check.max_blocked_round_share:
                report.fail(f"{name}: {figures['blocked_share']:.0%} of rounds end blocked "
                            f"(limit {model.check.max_blocked_round_share:.0%})")
            if figures["draws_per_round_mean"] > model.check.max_mean_draws_per_round:
                report.fail(f"{name}: {figures['draws_per_round_mean']} draws per round "
                            f"(limit {model.check.max_mean_draws_per_round})")
    return report


def _ordered(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its identifying keys first, for people reading the log."""
    keys = ("game", "seed", "players", "preset", "strategy", "final_scores", "winners")
    head = {k: record[k] for k in keys}
    return head | {k: v for k, v in record.items() if k not in head}
