"""`pnp check rautino`: static checks of the stone set, seeded simulations, and a verdict."""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

from pnp.check import simulate
from pnp.check.confidence import histogram_mean_test, share_test
from pnp.check.limits import BalanceLimits
from pnp.check.options import CheckOptions
from pnp.check.protocol import Configuration, Deal, Outcome, Simulation
from pnp.check.report import CheckReport
from pnp.check.stats import Tally, share
from pnp.errors import PnpError

from .engine import GameResult
from .kit.texts import shape_name
from .model import RautinoModel, Shape
from .options import PLAYERS as RULE_PLAYERS
from .players import PLAYER_ORDER, state_player
from .records import to_record
from .state import RautinoState

SUPPORTED_PLAYERS = RULE_PLAYERS  # the rules know a solo game and a game for two


def configurations(model: RautinoModel, options: CheckOptions) -> list[Configuration]:
    counts = [options.players] if options.players else list(model.players)
    for players in counts:
        if players not in SUPPORTED_PLAYERS:
            raise PnpError(f"rautino: --players {players}: the game is for 1 or 2 players")
    return [Configuration(players, ("greedy",) * players) for players in counts]


def start(model: RautinoModel, deal: Deal) -> RautinoState:
    return RautinoState(model, deal.configuration.players, deal.seed, deal.exchanged)


def outcome(model: RautinoModel, deal: Deal, state: RautinoState) -> Outcome:
    """A game played out: its record and what the figures need of it."""
    result = state.result
    shapes = Counter(model.shapes[formed.shape].name for turn in result.turns if turn.score is not None
                     for formed in turn.score.shapes)
    measures: dict[str, int | list[int]] = {
        "placed": result.placed,
        "skips": result.skips,
        "first_turn_blocked": int(result.first_turn_blocked),
        "shapes": sum(shapes.values()),
        f"end:{result.end}": 1,
    }
    measures.update({f"shape:{shape.name}": shapes[shape.name] for shape in model.shapes})
    # The record is built only when a log or report reads it.
    return Outcome(partial(to_record, model, result, deal.number), list(result.scores), len(result.turns), 1,
                   result.placed - 1, measures, score_track(result), result.skips)


def score_track(result: GameResult) -> list[list[int]]:
    """Every seat's score after each turn (a skip scores nothing)."""
    running = list(result.start_scores) or [0] * result.players
    track = []
    for turn in result.turns:
        if turn.score is not None:
            running[turn.player] += turn.score.total
        track.append(running[:])
    return track


def check(model: RautinoModel, options: CheckOptions) -> CheckReport:
    return simulate.check(SIMULATION, model, options)


# --- static checks --------------------------------------------------------------------------

def static_checks(model: RautinoModel, report: CheckReport) -> None:
    report.static = static_figures(model, report)


def static_figures(model: RautinoModel, report: CheckReport) -> dict[str, Any]:
    joker = model.joker.name
    triangles = Counter(colour for stone in model.stone_list for colour in stone)
    # A colour connects when a triangle of it can be matched by another stone: one that carries the
    # colour or a joker. The two triangles of one stone never touch as a contact, so a colour found
    # on a single stone only (a double, or beside that stone's own joker) cannot connect.
    carriers = Counter(colour for stone in model.stone_list for colour in set(stone))

    def matchable(colour: str, stone: tuple[str, str]) -> bool:
        return carriers[colour] > 1 or carriers[joker] - (joker in stone) > 0

    lonely = [c.name for c in model.colours if triangles[c.name] > 0
              and not any(matchable(c.name, kind.colours) for kind in model.stones if c.name in kind.colours)]
    unused = [c.name for c in model.colours if triangles[c.name] == 0]
    # A stone with a joker triangle always matches; any other needs a matchable triangle.
    stuck_kinds = [kind.label for kind in model.stones
                   if joker not in kind.colours and not any(matchable(c, kind.colours) for c in kind.colours)]
    room = model.board.stone_room
    reachable = {_named(shape): _reachable_colour_counts(model, shape, triangles) for shape in model.shapes}

    if stuck_kinds:
        shown = ", ".join(stuck_kinds[:5]) + (" ..." if len(stuck_kinds) > 5 else "")
        report.fail(f"{len(stuck_kinds)} stone kind(s) can never be placed: no other triangle matches "
                    f"either colour ({shown})")
    if lonely:
        report.warnings.append(f"colour(s) on a single stone and no other stone to match them: "
                               f"{', '.join(lonely)}")
    if unused:
        report.warnings.append(f"colour(s) on no stone: {', '.join(unused)}")
    if model.stone_count > room:
        report.warnings.append(f"{model.stone_count} stones but the board has room for {room}: "
                               "games end with the board full")
    for name, counts in reachable.items():
        if not counts:
            report.warnings.append(f"shape '{name}' can never score with this set")
    return {
        "stones": model.stone_count,
        "stone_kinds": len(model.stones),
        "triangles_per_colour": {name: triangles[name] for name in [c.name for c in model.all_colours]},
        "board_triangles": len(model.board.cells),
        "board_room_stones": room,
        "stones_fit_on_the_board": model.stone_count <= room,
        "colours_that_cannot_connect": lonely,
        "stones_that_can_never_be_placed": stuck_kinds,
        "scoring_colour_counts_per_shape": dict(reachable),
    }


def _named(shape: Shape) -> str:
    """A shape as the check's report names it: in English, as the English kit does (the spec's `label`);
    the measures and the records keep the spec's `name`."""
    return shape_name(shape, "en")


def _reachable_colour_counts(model: RautinoModel, shape: Any, triangles: Counter[str]) -> list[int]:
    """Colour counts with which the set holds enough triangles to fill the shape and score."""
    size = len(shape.cells)
    jokers = triangles[model.joker.name]
    counts = sorted((triangles[c.name] for c in model.colours if triangles[c.name]), reverse=True)
    found = []
    for n in range(1, size + 1):
        if shape.points_for(n) is None:
            continue
        if n == 1:
            ok = (counts[0] if counts else 0) + jokers >= size
        else:
            ok = len(counts) >= n and sum(counts[:n]) + jokers >= size
        if ok:
            found.append(n)
    return found


# --- figures and verdict ---------------------------------------------------------------------

def figures(model: RautinoModel, configuration: Configuration, tally: Tally) -> dict[str, Any]:
    games = tally.games
    placed = tally.histogram("placed")
    skips = tally.histogram("skips").total
    turns = tally.histogram("turns").total
    ends = {name.removeprefix("end:"): h.count for name, h in tally.measures.items() if name.startswith("end:")}
    return {
        "end_reasons": dict(sorted(ends.items(), key=lambda item: -item[1])),
        "stones_placed": placed.summary(),
        "stones_placed_histogram": placed.to_json(),
        "placed_share_mean": round(placed.mean / model.stone_count, 4),
        "games_placing_every_stone": placed.share_where(lambda n: n == model.stone_count),
        "shapes_per_game_mean": {_named(s): round(tally.histogram(f"shape:{s.name}").mean, 3) for s in model.shapes},
        "games_forming_each_shape": {_named(s): tally.histogram(f"shape:{s.name}").share_where(lambda n: n > 0)
                                     for s in model.shapes},
        "games_forming_any_shape": tally.histogram("shapes").share_where(lambda n: n > 0),
        "shapes_per_game": tally.histogram("shapes").to_json(),
        "skipped_turns": skips,
        "skipped_turn_share": share(skips, turns),
        "first_turn_blocked_share": share(tally.histogram("first_turn_blocked").total, games),
    }


def judge(model: RautinoModel, report: CheckReport, configuration: Configuration, figures: dict[str, Any]) -> None:
    limits = model.thresholds
    label = configuration.label
    tally = report.tallies[label]
    games = tally.games
    if not games:
        return
    confidence = report.confidence
    report.threshold(label, histogram_mean_test("check.min_placed_share", tally.histogram("placed"),
                                                limits.min_placed_share, at_least=True,
                                                scale=1 / model.stone_count, confidence=confidence),
                     "share of the stones placed per game")
    blocked = tally.histogram("first_turn_blocked").total
    report.threshold(label, share_test("check.min_first_move_share", games - blocked, games,
                                       limits.min_first_move_share, at_least=True, confidence=confidence),
                     "games whose first turn can place a stone")
    shaped = tally.histogram("shapes").count - tally.histogram("shapes").counts[0]
    report.threshold(label, share_test("check.min_shape_games_share", shaped, games,
                                       limits.min_shape_games_share, at_least=True, confidence=confidence),
                     "games in which a shape forms")


def head_to_head(model: RautinoModel, options: CheckOptions, seats: tuple[str, str]) -> Configuration:
    return Configuration(2, seats)


def balance_limits(model: RautinoModel) -> BalanceLimits:
    return model.balance


SIMULATION = Simulation("rautino", configurations, start, static_checks, figures, judge,
                        players=PLAYER_ORDER, head_to_head=head_to_head, balance_limits=balance_limits,
                        seat_player=state_player, outcome=outcome, seat_exchange=True)
