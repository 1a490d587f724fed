"""The domino model, a block-game engine with a greedy player, the check and the replay."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any, TextIO

from pnp.check import replay as driver
from pnp.check import simulate
from pnp.check.protocol import Configuration, Deal, Outcome, Simulation
from pnp.check.report import CheckReport
from pnp.check.stats import Tally
from pnp.errors import PnpError
from pnp.games.base import CheckOptions
from pnp.spec import Fields, in_range, positive

Tile = tuple[int, int]


@dataclass(frozen=True)
class DominoModel:
    title: str
    tiles: tuple[Tile, ...]
    hand: int
    players: tuple[int, ...]
    tile_mm: float


def load(spec: Path | None) -> DominoModel:
    if spec is None:
        with as_file(files(__package__).joinpath("domino.toml")) as shipped:
            return load(shipped)
    root = Fields.load(spec)
    top = root.req("max_pips", int, in_range(1, 9))
    model = DominoModel(
        title=root.opt("title", str, "Domino"),
        tiles=tuple((a, b) for a in range(top + 1) for b in range(a, top + 1)),
        hand=root.req("hand", int, in_range(1, 20)),
        players=tuple(root.req("players", list)),
        tile_mm=root.req("tile_mm", float, positive),
    )
    root.finish()
    for count in model.players:
        if not isinstance(count, int) or count * model.hand > len(model.tiles):
            raise root.error("players", f"{count!r} players cannot each get {model.hand} of {len(model.tiles)} tiles")
    return model


def fits(tile: Tile, ends: tuple[int, int] | None) -> int | None:
    """The end (0 left, 1 right) the tile can go to, or None; any tile opens the line."""
    if ends is None:
        return 0
    return next((side for side in (0, 1) if ends[side] in tile), None)


def play(model: DominoModel, players: int, seed: int) -> dict[str, Any]:
    """One greedy game: play the heaviest tile that fits, else pass; the first empty hand wins."""
    deal = _deal(model, players, seed)
    hands = [list(hand) for hand in deal]
    ends: tuple[int, int] | None = None
    moves: list[list[Any]] = []
    passes, seat = 0, 0
    while passes < players and all(hands):
        playable = [t for t in hands[seat] if fits(t, ends) is not None]
        if playable:
            tile = max(playable, key=sum)
            ends = _lay(tile, ends)
            hands[seat].remove(tile)
            moves.append(list(tile))
            passes = 0
        else:
            moves.append(None)
            passes += 1
        seat = (seat + 1) % players
    left = [sum(map(sum, hand)) for hand in hands]
    return {"seed": seed, "players": players, "deal": [[list(t) for t in h] for h in deal],
            "moves": moves, "blocked": all(hands), "pips_left": left}


def _deal(model: DominoModel, players: int, seed: int) -> list[list[Tile]]:
    order = list(model.tiles)
    random.Random(seed).shuffle(order)
    return [order[i * model.hand:(i + 1) * model.hand] for i in range(players)]


def _lay(tile: Tile, ends: tuple[int, int] | None) -> tuple[int, int]:
    if ends is None:
        return tile
    side = fits(tile, ends)
    assert side is not None
    free = tile[1] if tile[0] == ends[side] else tile[0]
    return (free, ends[1]) if side == 0 else (ends[0], free)


def configurations(model: DominoModel, options: CheckOptions) -> list[Configuration]:
    counts = [options.players] if options.players else list(model.players)
    for players in counts:
        if players * model.hand > len(model.tiles):
            raise PnpError(f"domino: --players {players}: {players} hands of {model.hand} need more than "
                           f"{len(model.tiles)} tiles")
    return [Configuration(players, ("greedy",) * players) for players in counts]


def play_deal(model: DominoModel, deal: Deal) -> Outcome:
    record = play(model, deal.configuration.players, deal.seed)
    scores = [-left for left in record["pips_left"]]  # fewest pips left wins
    record["final_scores"] = scores
    laid = sum(move is not None for move in record["moves"])
    return Outcome(record, scores, len(record["moves"]), 1, laid, {"blocked": int(record["blocked"])})


def static(model: DominoModel, report: CheckReport) -> None:
    report.static = {"tiles": len(model.tiles), "distinct": len(set(model.tiles)) == len(model.tiles)}


def figures(model: DominoModel, configuration: Configuration, tally: Tally) -> dict[str, Any]:
    return {"blocked_share": tally.histogram("blocked").share_where(bool)}


def judge(model: DominoModel, report: CheckReport, configuration: Configuration, figures: dict[str, Any]) -> None:
    if figures["blocked_share"] > 0.9:
        report.fail(f"{configuration.label}: {figures['blocked_share']:.0%} of games end blocked")


SIMULATION = Simulation("domino", configurations, play_deal, static, figures, judge)


def check(model: DominoModel, options: CheckOptions) -> CheckReport:
    return simulate.check(SIMULATION, model, options)


def _validate(model: DominoModel, record: dict[str, Any], out: TextIO | None) -> None:
    problem = _referee(record)
    if out is not None:
        out.write(f"  moves {json.dumps(record['moves'])}\n")
    if problem is not None:
        raise driver.InvalidRecord(problem)


REPLAY = driver.Replay("domino", {"players": int, "seed": int, "deal": [[[int]]], "moves": [Any],
                                  "blocked": bool, "pips_left": [int], "final_scores": [int]}, _validate)


def replay(model: DominoModel, path: Path, out: TextIO) -> int:
    return driver.replay(REPLAY, model, path, out)


def _referee(record: dict[str, Any]) -> str | None:
    hands = [[tuple(t) for t in hand] for hand in record["deal"]]
    ends: tuple[int, int] | None = None
    for turn, move in enumerate(record["moves"], 1):
        hand = hands[(turn - 1) % len(hands)]
        if move is None:
            if any(fits(t, ends) is not None for t in hand):
                return f"turn {turn}: passed with a tile that fits"
            continue
        tile = (move[0], move[1])
        if tile not in hand or fits(tile, ends) is None:
            return f"turn {turn}: {tile} is not in the hand or does not fit the ends {ends}"
        ends = _lay(tile, ends)
        hand.remove(tile)
    return None
