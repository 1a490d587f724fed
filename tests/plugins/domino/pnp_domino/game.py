"""The domino model, its game state (the block game), the check and the replay."""

from __future__ import annotations

import copy
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
from pnp.games.state import IllegalMove, deal_hidden, exchange_blocks
from pnp.players.levels import Level
from pnp.players.view import SeatView, unseen
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


class DominoState:
    """One block game of domino (the pnp game state protocol, pnp.games.state): a move is a tile of the
    hand that fits an open end, or None to pass when none fits; the game ends when a hand is empty or
    every seat passed in a row. A seat scores minus the pips it holds. `exchanged` (two players): the
    seed's deal with the two hands exchanged (nothing is drawn: the hands are each seat's whole share)."""

    def __init__(self, model: DominoModel, players: int, seed: int, exchanged: bool = False) -> None:
        self.players, self.seed, self.rng, self.exchanged = players, seed, random.Random(seed), exchanged
        self.tiles = model.tiles
        self.deal = _deal(model, players, seed, exchanged)
        self.hands = [list(hand) for hand in self.deal]
        self.ends: tuple[int, int] | None = None
        self.moves: list[list[int] | None] = []
        self.passes = self.to_move = self.turns = 0
        self.round = 1

    @property
    def over(self) -> bool:
        return self.passes >= self.players or not all(self.hands)

    @property
    def reason(self) -> str:
        if not self.over:
            return ""
        return "blocked" if all(self.hands) else f"player {self.hands.index([]) + 1} is out"

    def legal_moves(self) -> list[Tile | None]:
        if self.over:
            return []
        return [t for t in self.hands[self.to_move] if fits(t, self.ends) is not None] or [None]

    def push(self, move: Tile | None) -> None:
        if move not in self.legal_moves():
            raise IllegalMove(f"player {self.to_move + 1} cannot play {move} on the ends {self.ends}")
        if move is None:
            self.moves.append(None)
            self.passes += 1
        else:
            self.ends = _lay(move, self.ends)
            self.hands[self.to_move].remove(move)
            self.moves.append(list(move))
            self.passes = 0
        self.turns += 1
        if not self.over:
            self.to_move = (self.to_move + 1) % self.players

    def scores(self) -> list[int]:
        return [-sum(map(sum, hand)) for hand in self.hands]

    # Optional words for the generic table of `pnp play` (pnp.play.generic).
    piece_word = "tile"

    def describe(self) -> list[str]:
        line = "empty: any tile opens it" if self.ends is None else f"open ends {self.ends[0]} and {self.ends[1]}"
        laid = [f"{move[0]}|{move[1]}" for move in self.moves if move is not None]
        return [f"The line: {line}", f"Laid in order: {' '.join(laid) or 'nothing yet'}",
                *(f"Player {seat + 1}: {len(hand)} tiles in hand, {score} points"
                  for seat, (hand, score) in enumerate(zip(self.hands, self.scores(), strict=True)))]

    def piece_label(self, tile: Tile) -> str:
        return f"{tile[0]}|{tile[1]}"

    def move_label(self, move: Tile | None) -> str:
        return "pass (no tile fits)" if move is None else f"lay {move[0]}|{move[1]}"

    def hand(self, seat: int) -> list[Tile]:
        return self.hands[seat]

    def copy(self) -> DominoState:
        other = copy.copy(self)
        other.hands, other.moves = [hand[:] for hand in self.hands], self.moves[:]
        return other

    def view(self, seat: int) -> SeatView:
        laid = tuple(tuple(move) for move in self.moves if move is not None)
        return SeatView(seat, tuple(map(len, self.hands)), 0, tuple(self.scores()), laid)

    def sample(self, seat: int, rng: random.Random) -> DominoState:
        other = self.copy()
        hidden = unseen(self.tiles, self.view(seat).seen, self.hands[seat])
        hands, _ = deal_hidden(hidden, [len(hand) for hand in self.hands], seat, rng)
        hands[seat] = other.hands[seat]
        other.hands, other.rng = hands, rng
        return other

    def record(self) -> dict[str, Any]:
        return {"seed": self.seed, **({"exchanged": True} if self.exchanged else {}), "players": self.players,
                "deal": [[list(t) for t in h] for h in self.deal],
                "moves": self.moves, "blocked": all(self.hands), "pips_left": [-s for s in self.scores()],
                "final_scores": self.scores()}


def _deal(model: DominoModel, players: int, seed: int, exchanged: bool = False) -> list[list[Tile]]:
    order = list(model.tiles)
    random.Random(seed).shuffle(order)
    if exchanged:
        order = exchange_blocks(order, 0, model.hand, pairs=1)
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


def start(model: DominoModel, deal: Deal) -> DominoState:
    return DominoState(model, deal.configuration.players, deal.seed, deal.exchanged)


def outcome(model: DominoModel, deal: Deal, state: DominoState) -> Outcome:
    laid = sum(move is not None for move in state.moves)
    return Outcome(state.record(), state.scores(), state.turns, 1, laid, {"blocked": int(all(state.hands))})


def static(model: DominoModel, report: CheckReport) -> None:
    report.static = {"tiles": len(model.tiles), "distinct": len(set(model.tiles)) == len(model.tiles)}


def figures(model: DominoModel, configuration: Configuration, tally: Tally) -> dict[str, Any]:
    return {"blocked_share": tally.histogram("blocked").share_where(bool)}


def judge(model: DominoModel, report: CheckReport, configuration: Configuration, figures: dict[str, Any]) -> None:
    if figures["blocked_share"] > 0.9:
        report.fail(f"{configuration.label}: {figures['blocked_share']:.0%} of games end blocked")


def head_to_head(model: DominoModel, options: CheckOptions, seats: tuple[str, str]) -> Configuration:
    return Configuration(2, seats)


# The shared players (pnp.players.generic) play any game state: a plain, a greedy and a searching seat.
LEVELS = (Level("beginner", "random", "lays any tile that fits"),
          Level("good", "greedy", "lays the heaviest tile that fits"),
          Level("expert", "search", "tries its best tiles on in sampled games"))
SIMULATION = Simulation("domino", configurations, start, static, figures, judge, players=("random", "greedy"),
                        levels=LEVELS, head_to_head=head_to_head, outcome=outcome, seat_exchange=True)


def check(model: DominoModel, options: CheckOptions) -> CheckReport:
    return simulate.check(SIMULATION, model, options)


def validate(model: DominoModel, record: dict[str, Any], out: TextIO | None) -> None:
    problem = _referee(record)
    if out is not None:
        out.write(f"  moves {json.dumps(record['moves'])}\n")
    if problem is not None:
        raise driver.InvalidRecord(problem)


REPLAY = driver.Replay("domino", {"players": int, "seed": int, "deal": [[[int]]], "moves": [Any],
                                  "blocked": bool, "pips_left": [int], "final_scores": [int]}, validate)


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
