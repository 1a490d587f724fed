"""`pnp check zatre`: static checks of the set, seeded simulations, and the verdict.

The question users of a printed kit care about most is whether the printed score sheet is long
enough; the simulation counts the sheet rows every player-game used.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from pnp.check.report import CheckReport
from pnp.check.simulate import game_seed, run_games
from pnp.check.stats import histogram, share, summary
from pnp.errors import PnpError
from pnp.games.base import CheckOptions
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.records import simulate


def static_checks(model: ZatreModel, report: CheckReport) -> None:
    board, tiles = model.board, model.tiles
    fields = len(board.fields)
    report.static = {
        "tiles": tiles.total,
        "tiles per pip value": {str(p): n for p, n in tiles.counts},
        "board fields": fields,
        "double fields": len(board.doubles),
        "start field": list(board.start),
        "start is double": model.rules.start_is_double,
        "sheet rows": model.sheet.rows,
        "sheet rows with bonus": len(model.sheet.bonus),
        "bonus sequence": list(model.sheet.bonus),
        "turns with the standard draw": _turns(model),
    }
    if tiles.total > fields:
        report.warnings.append(f"{tiles.total} tiles but only {fields} fields: tiles will be left over")
    if not board.doubles and not model.rules.start_is_double:
        report.warnings.append("the board has no double field: the x2 column stays empty")


def _turns(model: ZatreModel) -> int:
    """Turns if every turn draws the full number of tiles (121 tiles: 3 + 59 x 2 = 60 turns)."""
    rest = max(0, model.tiles.total - model.rules.first_turn_tiles)
    return 1 + -(-rest // model.rules.tiles_per_turn)


def rows_that_suffice(rows_used: list[int], max_share: float) -> int:
    """The fewest printed rows that leave at most `max_share` of player-games overflowing."""
    ordered = sorted(rows_used)
    allowed = int(max_share * len(ordered) + 1e-9)  # player-games that may overflow
    return ordered[len(ordered) - 1 - allowed] if ordered else 0


def summarise(model: ZatreModel, records: list[dict[str, Any]]) -> dict[str, Any]:
    rows = [r for rec in records for r in rec["rows_used"]]
    scores = [s for rec in records for s in rec["final_scores"]]
    left = [n for rec in records for n in rec["tiles_left"]]
    overflow = sum(1 for r in rows if r > model.sheet.rows)
    crosses = [sum(t["crosses"] for t in rec["turns"]) for rec in records]
    last_resort = [sum(len(t["last_resort"]) for t in rec["turns"]) for rec in records]
    return {
        "games": len(records),
        "players": model.check.player,
        "scores": summary(scores),
        "winning scores": summary(max(rec["final_scores"]) for rec in records),
        "turns": summary(len(rec["turns"]) for rec in records),
        "tiles left per player": summary(left),
        "minus points per player": summary(m for rec in records for m in rec["minus"]),
        "crosses per game": summary(crosses),
        "last-resort tiles per game": summary(last_resort),
        "sheet rows used": summary(rows),
        "sheet rows histogram": histogram(rows),
        "sheet overflow share": share(overflow, len(rows)),
        "rows that suffice": rows_that_suffice(rows, model.check.max_overflow_share),
    }


def check(model: ZatreModel, options: CheckOptions) -> CheckReport:
    report = CheckReport(game="zatre")
    static_checks(model, report)
    counts = [options.players] if options.players else list(model.players.check)
    for n in counts:
        if not model.players.min <= n <= model.players.max:
            raise PnpError(f"zatre: --players must be between {model.players.min} and {model.players.max}"
                           f" (the spec's players.min and players.max), not {n}")
    first_index = 0
    for n in counts:
        seeds = [(game_seed(options.seed, i), i) for i in range(options.games)]
        play = partial(simulate, model, n, first_index)
        records = run_games(play, seeds, workers=options.workers, label=f"zatre {n} players",
                            show_progress=options.progress)
        first_index += len(records)
        figures = summarise(model, records)
        report.simulation[f"{n} players"] = figures
        report.records.extend(records)
        overflow = figures["sheet overflow share"]
        if overflow > model.check.max_overflow_share:
            allowed = model.check.max_overflow_share
            report.fail(f"{n} players: {overflow:.1%} of player-games need more than the "
                        f"{model.sheet.rows} printed sheet rows (allowed {allowed:.1%}); "
                        f"{figures['rows that suffice']} rows would suffice")
    return report
