"""`pnp check zatre`: static checks of the set, seeded simulations, and the verdict.

The question users of a printed kit care about most is whether the printed score sheet is long
enough; the simulation counts the sheet rows every player-game used.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from pnp.check import simulate
from pnp.check.confidence import share_test
from pnp.check.limits import BalanceLimits
from pnp.check.options import CheckOptions
from pnp.check.protocol import Configuration, Deal, Outcome, Simulation
from pnp.check.report import CheckReport
from pnp.check.stats import Histogram, Tally
from pnp.errors import PnpError
from pnp.games.zatre.engine import GameResult, Geometry
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.options import PLAYERS as RULE_PLAYERS
from pnp.games.zatre.players import PLAYER_ORDER
from pnp.games.zatre.records import to_record
from pnp.games.zatre.seats import seat_kinds, state_player
from pnp.games.zatre.sheet import ScoreSheet
from pnp.games.zatre.state import ZatreState
from pnp.latest import Latest

RULES_PLAYERS = (min(RULE_PLAYERS), max(RULE_PLAYERS))  # the spec may allow solo practice, not checked


def static_checks(model: ZatreModel, report: CheckReport) -> None:
    board, tiles = model.board, model.tiles
    fields = len(board.fields)
    report.static = {
        "tiles": tiles.total,
        "tiles_per_pip_value": {str(p): n for p, n in tiles.counts},
        "board_fields": fields,
        "double_fields": len(board.doubles),
        "start_field": list(board.start),
        "start_is_double": model.rules.start_is_double,
        "sheet_rows": model.sheet.rows,
        "sheet_rows_with_bonus": len(model.sheet.bonus),
        "bonus_sequence": list(model.sheet.bonus),
        "turns_with_the_standard_draw": _turns(model),
    }
    if tiles.total > fields:
        report.warnings.append(f"{tiles.total} tiles but only {fields} fields: tiles will be left over")
    if not board.doubles and not model.rules.start_is_double:
        report.warnings.append("the board has no double field: the x2 column stays empty")


def _turns(model: ZatreModel) -> int:
    """Turns if every turn draws the full number of tiles (121 tiles: 3 + 59 x 2 = 60 turns)."""
    rest = max(0, model.tiles.total - model.rules.first_turn_tiles)
    return 1 + -(-rest // model.rules.tiles_per_turn)


def rows_that_suffice(rows_used: Histogram, max_share: float) -> int:
    """The fewest printed rows that leave at most `max_share` of player-games overflowing."""
    allowed = int(max_share * rows_used.count + 1e-9)  # player-games that may overflow
    return rows_used.at_rank(rows_used.count - 1 - allowed) if rows_used.count else 0


def configurations(model: ZatreModel, options: CheckOptions) -> list[Configuration]:
    counts = [options.players] if options.players else list(model.players.check)
    for n in counts:
        if not RULES_PLAYERS[0] <= n <= RULES_PLAYERS[1]:
            raise PnpError(f"zatre: --players {n}: the rules are for {RULES_PLAYERS[0]} to {RULES_PLAYERS[1]} players")
        if not model.players.min <= n <= model.players.max:
            raise PnpError(f"zatre: --players {n}: the spec allows {model.players.min} to {model.players.max} "
                           "players (players.min, players.max)")
    return [Configuration(n, tuple(seat_kinds(model.check.player, n))) for n in counts]


# Lookup tables built once per process and model, not once per game.
_geometry: Latest[ZatreModel, Geometry] = Latest(Geometry)


def start(model: ZatreModel, deal: Deal) -> ZatreState:
    return ZatreState(model, _geometry(model), deal.configuration.seats, deal.seed, deal.exchanged)


def outcome(model: ZatreModel, deal: Deal, state: ZatreState) -> Outcome:
    geo, result = state.geo, state.result
    sheets = result.sheets
    measures: dict[str, int | list[int]] = {
        "rows_used": [sheet.rows_used for sheet in sheets],
        "tiles_left": [len(hand) for hand in result.hands],
        "minus": [sheet.minus for sheet in sheets],
        "crosses": sum(turn.result.crosses for turn in result.turns),
        "last_resort": sum(len(turn.result.last_resort) for turn in result.turns),
    }
    placements = sum(len(turn.placements) for turn in result.turns)
    blocked = sum(not turn.placements for turn in result.turns)
    # The record is built only if a log or the report reads it.
    return Outcome(partial(to_record, result, geo, deal.number), result.final_scores, len(result.turns), 1,
                   placements, measures, score_track(model, result), blocked)


def score_track(model: ZatreModel, result: GameResult) -> list[list[int]]:
    """Every seat's sheet total after each turn (the minus points of tiles left come at the end)."""
    sheets = [ScoreSheet(model.sheet, model.rules) for _ in result.sheets]
    running = [0] * len(sheets)
    track = []
    for turn in result.turns:
        sheet = sheets[turn.player]
        sheet.enter_turn([row.total for row in turn.result.rows], turn.result.crosses)
        running[turn.player] = sheet.total
        track.append(running[:])
    return track


def figures(model: ZatreModel, configuration: Configuration, tally: Tally) -> dict[str, Any]:
    rows = tally.histogram("rows_used")
    return {
        "tiles_left_per_player": tally.histogram("tiles_left").summary(),
        "minus_points_per_player": tally.histogram("minus").summary(),
        "crosses_per_game": tally.histogram("crosses").summary(),
        "last_resort_tiles_per_game": tally.histogram("last_resort").summary(),
        "sheet_rows_used": rows.summary(),
        "sheet_rows_histogram": rows.to_json(),
        "sheet_overflow_share": rows.share_where(lambda n: n > model.sheet.rows),
        "rows_that_suffice": rows_that_suffice(rows, model.check.max_overflow_share),
    }


def judge(model: ZatreModel, report: CheckReport, configuration: Configuration, figures: dict[str, Any]) -> None:
    rows = report.tallies[configuration.label].histogram("rows_used")
    if not rows.count:
        return
    overflowing = rows.count - sum(n for value, n in rows.counts.items() if value <= model.sheet.rows)
    test = share_test("check.max_overflow_share", overflowing, rows.count, model.check.max_overflow_share,
                      at_least=False, confidence=report.confidence)
    report.threshold(configuration.label, test,
                     f"player-games needing more than the {model.sheet.rows} printed sheet rows "
                     f"({figures['rows_that_suffice']} rows would suffice)", per_game=configuration.players)


def check(model: ZatreModel, options: CheckOptions) -> CheckReport:
    return simulate.check(SIMULATION, model, options)


def head_to_head(model: ZatreModel, options: CheckOptions, seats: tuple[str, str]) -> Configuration:
    return Configuration(2, seats)


def balance_limits(model: ZatreModel) -> BalanceLimits:
    return model.check.balance


SIMULATION = Simulation("zatre", configurations, start, static_checks, figures, judge,
                        players=PLAYER_ORDER, head_to_head=head_to_head, balance_limits=balance_limits,
                        seat_player=state_player, outcome=outcome, seat_exchange=True)
