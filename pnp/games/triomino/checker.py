"""`pnp check triomino`: static checks of the tile set, seeded simulations, and the verdict."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from pnp.check import simulate
from pnp.check.confidence import histogram_mean_test, share_test
from pnp.check.limits import BalanceLimits
from pnp.check.options import CheckOptions
from pnp.check.protocol import Configuration, Deal, Outcome, Simulation
from pnp.check.report import CheckReport
from pnp.check.stats import Tally, share
from pnp.errors import PnpError
from pnp.latest import Latest

from .engine import FREE, FitTable, PlayedGame, start_rank
from .model import Numbers, TriominoModel
from .players import PLAYER_ORDER, state_player
from .state import TriominoState

# One FitTable per model and process (workers build theirs once, on the first game), found by
# the model's identity: keying by the tile set cost a game a tuple of every tile's numbers.
fit_table: Latest[TriominoModel, FitTable] = Latest(lambda model: FitTable([t.numbers for t in model.tiles]))


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


def static(model: TriominoModel, report: CheckReport) -> None:
    figures, failures, warnings = static_checks(model)
    report.static = figures
    for reason in failures:
        report.fail(reason)
    report.warnings.extend(warnings)


# --- simulation -------------------------------------------------------------------------------

def configurations(model: TriominoModel, options: CheckOptions) -> list[Configuration]:
    presets = [options.preset] if options.preset else ["seed", "classic"]
    for preset in presets:
        if preset not in model.presets:
            raise PnpError(f"triomino: unknown preset {preset!r}; choose one of {', '.join(model.presets)}")
    if options.players is not None:
        if not model.min_players <= options.players <= model.max_players:
            raise PnpError(f"triomino: --players {options.players}: the game is for "
                           f"{model.min_players} to {model.max_players} players")
        needed = options.players * model.hand_size_for(options.players)
        if needed > len(model.tiles):
            raise PnpError(f"triomino: --players {options.players}: the hands need {needed} tiles; "
                           f"the set has {len(model.tiles)}")
        player_counts: tuple[int, ...] = (options.players,)
    else:
        player_counts = model.check.players
    strategy = model.check.strategy
    seats = {"greedy": ("greedy",), "random": ("random",), "mixed": ("greedy", "random")}
    return [Configuration(players, _seats(seats[strategy], players), preset)
            for preset in presets for players in player_counts]


def _seats(pattern: tuple[str, ...], players: int) -> tuple[str, ...]:
    """`mixed` puts the greedy player in seat 1 and random players in the others."""
    return (pattern[0],) + (pattern[-1],) * (players - 1)


def start(model: TriominoModel, deal: Deal) -> TriominoState:
    config = deal.configuration
    return TriominoState(model, model.rules(config.preset), config.players, deal.seed, fit_table(model))


def outcome(model: TriominoModel, deal: Deal, state: TriominoState) -> Outcome:
    """A game played out (one or more rounds) and what the figures need of it."""
    game = PlayedGame(deal.seed, state.rules.name, state.rounds, state.scores(), state.fit.tiles)
    rounds = game.rounds
    stats = [r.stats for r in rounds]
    measures: dict[str, int | list[int]] = {
        "blocked": [int(r.out_player is None) for r in rounds],
        "turns_per_round": [1 + len(r.turns) for r in rounds],  # the opening is a turn
        "draws_per_game": sum(s["draws"] for s in stats),
        "draws_per_round": [s["draws"] for s in stats],
        "passes_per_round": [s["passes"] for s in stats],
        "bridges_per_round": [s["bridges"] for s in stats],
        "hexagons_per_round": [sum(s["hexagons"]) for s in stats],
        "tiles_left_per_round": [r.tiles_left for r in rounds],
        "hand_tiles_left_per_round": [r.tiles_left - r.pool_left for r in rounds],
    }
    for size, name in enumerate(HEXAGON_KINDS):
        measures[f"hexagons:{name}"] = sum(s["hexagons"][size] for s in stats)
    turns = sum(1 + len(r.turns) for r in rounds)
    placements = sum(r.placements for r in rounds)
    # The record is built only if a log or the report reads it.
    blocked = sum(turn[2] is None for r in rounds for turn in r.turns)
    return Outcome(game.record, list(game.final_scores), turns, len(rounds), placements, measures,
                   score_track(game), blocked)


def score_track(game: PlayedGame) -> list[list[int]]:
    """Every seat's game score after each turn, the opening included; a round's end bonuses are
    counted before the next round's opening."""
    track = []
    totals = [0] * len(game.final_scores)
    for played in game.rounds:
        running = totals[:]
        running[played.starter] += played.opening.total
        track.append(running[:])
        for turn in played.turns:
            running[turn[0]] += turn[7]
            track.append(running[:])
        totals = list(played.totals or running)
    return track


HEXAGON_KINDS = ("single", "double", "triple")


def figures(model: TriominoModel, configuration: Configuration, tally: Tally) -> dict[str, Any]:
    blocked = tally.histogram("blocked")
    rounds = blocked.count
    return {
        "rounds": rounds,
        "rounds_gone_out": rounds - blocked.total,
        "rounds_blocked": blocked.total,
        "blocked_share": share(blocked.total, rounds),
        "rounds_histogram": tally.histogram("rounds").to_json(),
        "turns_per_round": tally.histogram("turns_per_round").summary(),
        "draws_per_game": tally.histogram("draws_per_game").summary(),
        "draws_per_round_mean": round(tally.histogram("draws_per_round").mean, 3),
        "passes_per_round_mean": round(tally.histogram("passes_per_round").mean, 3),
        "bridges_per_round_mean": round(tally.histogram("bridges_per_round").mean, 3),
        "rounds_with_a_bridge": tally.histogram("bridges_per_round").share_where(lambda n: n > 0),
        "hexagons": {name: tally.histogram(f"hexagons:{name}").total for name in HEXAGON_KINDS},
        "rounds_with_a_hexagon": tally.histogram("hexagons_per_round").share_where(lambda n: n > 0),
        "tiles_left_per_round": tally.histogram("tiles_left_per_round").summary(),
        "hand_tiles_left_per_round": tally.histogram("hand_tiles_left_per_round").summary(),
    }


def judge(model: TriominoModel, report: CheckReport, configuration: Configuration,
          figures: dict[str, Any]) -> None:
    label = configuration.label
    tally = report.tallies[label]
    blocked = tally.histogram("blocked")
    if not blocked.count:
        return
    per_game = blocked.count / max(tally.games, 1)  # rounds per game: the tests count rounds
    confidence = report.confidence
    report.threshold(label, share_test("check.max_blocked_round_share", blocked.total, blocked.count,
                                       model.check.max_blocked_round_share, at_least=False,
                                       confidence=confidence),
                     "rounds ending blocked", per_game=per_game)
    report.threshold(label, histogram_mean_test("check.max_mean_draws_per_round", tally.histogram("draws_per_round"),
                                                model.check.max_mean_draws_per_round, at_least=False,
                                                confidence=confidence),
                     "draws per round", share=False, per_game=per_game)


def check(model: TriominoModel, options: CheckOptions) -> CheckReport:
    return simulate.check(SIMULATION, model, options)


def head_to_head(model: TriominoModel, options: CheckOptions, seats: tuple[str, str]) -> Configuration:
    """Two players, under the preset of the run (--preset, else the spec's)."""
    return Configuration(2, seats, options.preset or model.default_preset)


def balance_limits(model: TriominoModel) -> BalanceLimits:
    return model.check.balance


def seat_symmetry(model: TriominoModel, configuration: Configuration) -> str | None:
    """Every seat wins equally often when the same player sits in every seat and the hands alone pick the
    starter: the hands are dealt alike from one shuffle and the turns go round from the starter, so
    giving every seat the hand of the next one (tests/games/triomino/test_triomino_check.py plays it) is the same game
    with the seats renamed. A tile and its mirror image tie for the start and the earlier seat takes
    it (rules, preset classic): then the seats differ."""
    if len(set(configuration.seats)) != 1:
        return None
    ranks = [start_rank(tile.numbers) for tile in model.tiles]
    if len(set(ranks)) != len(ranks):
        return None
    return ("the hands, not the seats, decide who starts, every seat is dealt alike and plays the same "
            "player, so every seat wins equally often")


SIMULATION = Simulation("triomino", configurations, start, static, figures, judge, simulate_failed_sets=False,
                        players=PLAYER_ORDER, head_to_head=head_to_head, balance_limits=balance_limits,
                        seat_player=state_player, outcome=outcome, seat_symmetry=seat_symmetry)
