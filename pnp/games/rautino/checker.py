"""`pnp check rautino`: static checks of the stone set, seeded simulations, and a verdict."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from pnp.check.report import CheckReport
from pnp.check.simulate import game_seed, run_games
from pnp.check.stats import histogram, share, summary
from pnp.errors import PnpError
from pnp.games.base import CheckOptions

from .engine import play_game
from .model import RautinoModel
from .players import PLAYERS
from .records import to_record


def simulate_one(model: RautinoModel, players: int, strategy: str,
                 index_and_seed: tuple[int, int]) -> dict[str, Any]:
    """Play one game and return its record."""
    index, seed = index_and_seed
    result = play_game(model, players, seed, PLAYERS[strategy])
    return to_record(model, result, index)


def check(model: RautinoModel, options: CheckOptions) -> CheckReport:
    report = CheckReport("rautino")
    report.static = static_checks(model, report)
    counts = [options.players] if options.players else list(model.players)
    if any(players not in (1, 2) for players in counts):
        raise PnpError(f"rautino: --players must be 1 or 2, not {options.players}")
    for players in counts:
        label = f"{players} player{'s' if players > 1 else ''}"
        play = functools.partial(simulate_one, model, players, "greedy")
        jobs = [(i, game_seed(options.seed, i)) for i in range(options.games)]
        records = run_games(play, jobs, workers=options.workers, label=f"rautino, {label}",
                            show_progress=options.progress)
        report.records.extend(records)
        figures = simulation_figures(model, records)
        report.simulation[label] = figures
        _judge(model, report, label, figures)
    return report


# --- static checks --------------------------------------------------------------------------

def static_checks(model: RautinoModel, report: CheckReport) -> dict[str, Any]:
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
    reachable = {shape.name: _reachable_colour_counts(model, shape, triangles) for shape in model.shapes}

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
            report.warnings.append(f"shape {name} can never score with this set")
    return {
        "stones": model.stone_count,
        "stone kinds": len(model.stones),
        "triangles per colour": {name: triangles[name] for name in [c.name for c in model.all_colours]},
        "board triangles": len(model.board.cells),
        "board room (stones)": room,
        "stones fit on the board": model.stone_count <= room,
        "colours that cannot connect": lonely,
        "stones that can never be placed": stuck_kinds,
        "shapes reachable (colour counts that score)": dict(reachable),
    }


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


# --- simulation -----------------------------------------------------------------------------

def simulation_figures(model: RautinoModel, records: list[dict[str, Any]]) -> dict[str, Any]:
    total = len(records)
    stones = model.stone_count
    placed = [r["placed"] for r in records]
    scores = [s for r in records for s in r["final_scores"]]
    shape_counts: Counter[str] = Counter()
    shape_games: Counter[str] = Counter()
    skips = turns = 0
    first_blocked = 0
    games_with_shape = 0
    for record in records:
        seen = set()
        moves = record["moves"]
        turns += len(moves)
        for move in moves:
            if move.get("skip"):
                skips += 1
                continue
            for shape in move["score"]["shapes"]:
                shape_counts[shape["shape"]] += 1
                seen.add(shape["shape"])
        if not moves or moves[0].get("skip"):
            first_blocked += 1
        shape_games.update(seen)
        games_with_shape += bool(seen)
    figures: dict[str, Any] = {
        "games": total,
        "games finished": sum(1 for r in records if r["end"]),
        "end reasons": dict(Counter(r["end"] for r in records).most_common()),
        "stones placed": summary(placed),
        "placed share (mean)": round(sum(placed) / (total * stones), 4) if total else 0.0,
        "games placing every stone": share(sum(1 for p in placed if p == stones), total),
        "scores": summary(scores),
        "shapes per game (mean)": {s.name: round(shape_counts[s.name] / total, 3) if total else 0.0
                                   for s in model.shapes},
        "games forming each shape": {s.name: share(shape_games[s.name], total) for s in model.shapes},
        "games forming any shape": share(games_with_shape, total),
        "turns with no legal placement": skips,
        "share of turns skipped": share(skips, turns),
        "games whose first turn is blocked": share(first_blocked, total),
    }
    if records and records[0]["players"] == 2:
        wins = Counter(_winner(r["final_scores"]) for r in records)
        figures["wins"] = {"player 1": share(wins[0], total), "player 2": share(wins[1], total),
                           "ties": share(wins[None], total)}
        figures["placed stones histogram"] = histogram(placed)
    return figures


def _winner(scores: list[int]) -> int | None:
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else None


def _judge(model: RautinoModel, report: CheckReport, label: str, figures: dict[str, Any]) -> None:
    limits = model.thresholds
    if not figures["games"]:
        return
    placed = figures["placed share (mean)"]
    if placed < limits.min_placed_share:
        report.fail(f"{label}: games place {placed:.0%} of the stones on average, "
                    f"below the minimum of {limits.min_placed_share:.0%}")
    first_ok = 1 - figures["games whose first turn is blocked"]
    if first_ok < limits.min_first_move_share:
        report.fail(f"{label}: only {first_ok:.0%} of games can place a stone on the first turn "
                    f"(minimum {limits.min_first_move_share:.0%})")
    shaped = figures["games forming any shape"]
    if shaped < limits.min_shape_games_share:
        report.fail(f"{label}: shapes form in only {shaped:.0%} of games "
                    f"(minimum {limits.min_shape_games_share:.0%})")
