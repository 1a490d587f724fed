"""Triomino rules engine: placements on the triangular grid, scoring, drawing, round and game end.

Numbers sit on grid points. A cell's corners are clockwise (`trigrid.corners`), and turning a
tile keeps its clockwise reading, so a tile goes into an up or a down cell in 3 rotations each:
rotation `rot` puts `tile[(i + rot) % 3]` on corner i of the cell.

Speed: the engine keeps a *frontier* of empty cells touching the table along an edge, each with
the numbers its corners require (-1: free), and looks fitting tiles up in a table built once per
tile set (`FitTable`: pattern -> tile -> orientations) instead of trying every tile everywhere.
Bonuses are read off the cell's neighbours before the tile is placed, so a tile never "matches
itself".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.geometry.trigrid import Cell, Point, cells_at_point, corners, is_up

from .model import Numbers, Rules, TriominoModel

START_CELL: Cell = (0, 0)
FREE = -1

# Neighbour across edge i (corner i to corner i+1) of an up / a down cell.
_UP_EDGE_OFFSETS = ((1, 0), (0, 1), (-1, 0))
_DOWN_EDGE_OFFSETS = ((0, -1), (1, 0), (-1, 0))

_geometry: dict[Cell, tuple[tuple[Point, Point, Point], tuple[Cell, Cell, Cell]]] = {}


def cell_geometry(cell: Cell) -> tuple[tuple[Point, Point, Point], tuple[Cell, Cell, Cell]]:
    """Corners (clockwise) and the edge neighbour across each edge, cached."""
    geo = _geometry.get(cell)
    if geo is None:
        c, r = cell
        offsets = _UP_EDGE_OFFSETS if is_up(cell) else _DOWN_EDGE_OFFSETS
        across = tuple((c + dc, r + dr) for dc, dr in offsets)
        geo = (corners(cell), across)  # type: ignore[assignment]
        _geometry[cell] = geo  # type: ignore[assignment]
    return geo  # type: ignore[return-value]


def oriented(numbers: Numbers, rotation: int) -> Numbers:
    """The numbers on corners 0, 1, 2 of a cell when the tile lies in `rotation`."""
    return numbers[rotation % 3], numbers[(rotation + 1) % 3], numbers[(rotation + 2) % 3]


class FitTable:
    """For each corner pattern (number or FREE on each corner): tile index -> [(rotation, numbers)].

    Rotations that put the same numbers on the same corners (a triple's) are listed once.
    """

    def __init__(self, tiles: Sequence[Numbers]) -> None:
        self.by_pattern: dict[tuple[int, int, int], dict[int, list[tuple[int, Numbers]]]] = {}
        for index, numbers in enumerate(tiles):
            seen: set[Numbers] = set()
            for rotation in range(3):
                nums = oriented(numbers, rotation)
                if nums in seen:
                    continue
                seen.add(nums)
                for mask in range(8):
                    key = tuple(nums[i] if mask >> i & 1 else FREE for i in range(3))
                    self.by_pattern.setdefault(key, {}).setdefault(index, []).append((rotation, nums))  # type: ignore[arg-type]

    def fits(self, pattern: tuple[int, int, int]) -> dict[int, list[tuple[int, Numbers]]]:
        return self.by_pattern.get(pattern, _EMPTY)


_EMPTY: dict[int, list[tuple[int, Numbers]]] = {}


@dataclass(frozen=True)
class CellInfo:
    """What an empty frontier cell demands and what it pays, read from its neighbours."""

    pattern: tuple[int, int, int]  # required number per corner, FREE where nothing is required
    edge_contacts: int
    hexagons: int  # corners whose 5 other cells are filled: placing here completes them
    bridge_corner: int  # corner opposite the single edge contact, if a tile touches it there; else -1
    bridge_numbers: frozenset[int]  # numbers the point-only neighbours show at that corner
    fits: dict[int, list[tuple[int, Numbers]]]  # FitTable entry of `pattern`, looked up once


@dataclass(frozen=True)
class Move:
    cell: Cell
    tile: int  # index into the model's tiles
    rotation: int
    numbers: Numbers  # on the cell's corners 0, 1, 2


@dataclass(frozen=True)
class Score:
    sum: int
    bridge: int = 0
    hexagons: int = 0
    hexagon_bonus: int = 0
    start_bonus: int = 0
    penalty: int = 0

    @property
    def total(self) -> int:
        return self.sum + self.bridge + self.hexagon_bonus + self.start_bonus - self.penalty

    def to_json(self) -> dict[str, int]:
        return {"sum": self.sum, "bridge": self.bridge, "hexagons": self.hexagons,
                "hexagon_bonus": self.hexagon_bonus, "start_bonus": self.start_bonus,
                "penalty": self.penalty, "total": self.total}


class Table:
    """The tiles on the table and the frontier of cells a tile may go into."""

    def __init__(self, rules: Rules, fit: FitTable) -> None:
        self.rules = rules
        self.fit = fit
        self.board: dict[Cell, Numbers] = {}
        self.at_point: dict[Point, list[tuple[Cell, int]]] = {}
        self.frontier: dict[Cell, CellInfo] = {}

    def place(self, cell: Cell, numbers: Numbers) -> None:
        if cell in self.board:
            raise ValueError(f"cell {cell} is taken")
        self.board[cell] = numbers
        self.frontier.pop(cell, None)
        points, _ = cell_geometry(cell)
        touched: dict[Cell, None] = {}
        for point, number in zip(points, numbers, strict=True):
            self.at_point.setdefault(point, []).append((cell, number))
            for other in cells_at_point(point):
                touched[other] = None
        for other in touched:
            if other not in self.board:
                self._update(other)

    def remove(self, cell: Cell) -> None:
        """Take back the tile on `cell`: the table is as if it had never been placed."""
        numbers = self.board.pop(cell)
        points, _ = cell_geometry(cell)
        touched: dict[Cell, None] = {}
        for point, number in zip(points, numbers, strict=True):
            around = self.at_point[point]
            around.remove((cell, number))
            if not around:
                del self.at_point[point]
            for other in cells_at_point(point):
                touched[other] = None
        for other in touched:
            if other not in self.board:
                self._update(other)

    def _update(self, cell: Cell) -> None:
        points, across = cell_geometry(cell)
        board = self.board
        contacts = [i for i in range(3) if across[i] in board]
        if not contacts:
            self.frontier.pop(cell, None)
            return
        every_corner = self.rules.corner_contacts_must_match
        pattern = [FREE, FREE, FREE]
        hexagons = 0
        for i in range(3):
            around = self.at_point.get(points[i], ())
            if len(around) == 5:
                hexagons += 1
            edge_a, edge_b = across[i], across[i - 1]  # the two edges meeting at corner i
            for other, number in around:
                if every_corner or other in (edge_a, edge_b):
                    if pattern[i] == FREE:
                        pattern[i] = number
                    elif pattern[i] != number:
                        self.frontier.pop(cell, None)  # two neighbours disagree: no tile can ever fit
                        return
        bridge_corner, bridge_numbers = -1, frozenset()
        if len(contacts) == 1:
            opposite = (contacts[0] + 2) % 3
            # The two edges at the opposite corner are open, so every tile there touches only at the point.
            touching = self.at_point.get(points[opposite], ())
            if touching:
                bridge_corner = opposite
                bridge_numbers = frozenset(number for _, number in touching)
        key = (pattern[0], pattern[1], pattern[2])
        self.frontier[cell] = CellInfo(key, len(contacts), hexagons, bridge_corner, bridge_numbers,
                                       self.fit.fits(key))

    def moves(self, tiles: Iterable[int]) -> list[Move]:
        """Every legal placement of the given tiles (indices), in a stable order."""
        hand = set(tiles)
        out: list[Move] = []
        for cell, info in self.frontier.items():
            by_tile = info.fits
            if len(by_tile) <= len(hand):
                chosen = [t for t in by_tile if t in hand]
            else:
                chosen = [t for t in hand if t in by_tile]
            for tile in chosen:
                for rotation, numbers in by_tile[tile]:
                    out.append(Move(cell, tile, rotation, numbers))
        return out

    def can_place(self, tiles: Iterable[int]) -> bool:
        hand = set(tiles)
        return any(not hand.isdisjoint(info.fits) for info in self.frontier.values())

    def score(self, move: Move) -> Score:
        info = self.frontier[move.cell]
        rules = self.rules
        total = move.numbers[0] + move.numbers[1] + move.numbers[2]
        if info.hexagons:
            return Score(total, hexagons=info.hexagons, hexagon_bonus=rules.hexagon_bonus(info.hexagons))
        if self.is_bridge(move):
            return Score(total, bridge=rules.bridge_bonus)
        return Score(total)

    def is_bridge(self, move: Move) -> bool:
        """Whether the move builds a bridge, whatever the rules pay for one."""
        info = self.frontier[move.cell]
        return not info.hexagons and info.bridge_corner >= 0 and (
            not self.rules.bridge_corner_must_match or move.numbers[info.bridge_corner] in info.bridge_numbers)

    def move_value(self, move: Move) -> int:
        """The score of a move as one number (the greedy player's hot path)."""
        info = self.frontier[move.cell]
        nums = move.numbers
        value = nums[0] + nums[1] + nums[2]
        if info.hexagons:
            return value + self.rules.hexagon_bonuses[info.hexagons - 1]
        if info.bridge_corner >= 0 and (not self.rules.bridge_corner_must_match
                                        or nums[info.bridge_corner] in info.bridge_numbers):
            return value + self.rules.bridge_bonus
        return value


# --- players ---------------------------------------------------------------------------------

Chooser = Callable[[Table, list[Move], random.Random], Move]


# --- one game ----------------------------------------------------------------------------------

def start_rank(numbers: Numbers) -> tuple[int, int, tuple[int, ...]]:
    """Highest triple first; otherwise highest sum, then the higher largest number, then the next."""
    is_triple = numbers[0] == numbers[1] == numbers[2]
    return int(is_triple), sum(numbers), tuple(sorted(numbers, reverse=True))


def start_bonus(rules: Rules, numbers: Numbers) -> int:
    if numbers[0] == numbers[1] == numbers[2]:
        return rules.start_bonus_zero_triple if numbers == (0, 0, 0) else rules.start_bonus
    return rules.start_bonus_without_triple


def choose_starter(hands: Sequence[Sequence[int]], tiles: Sequence[Numbers]) -> tuple[int, int]:
    """(player, tile index) of the opening tile; equal ranks go to the earlier seat."""
    best: tuple[Any, int, int] | None = None
    for player, hand in enumerate(hands):
        for tile in hand:
            rank = start_rank(tiles[tile])
            if best is None or rank > best[0]:
                best = (rank, player, tile)
    assert best is not None
    return best[1], best[2]


def hand_total(hand: Iterable[int], tiles: Sequence[Numbers]) -> int:
    return sum(sum(tiles[t]) for t in hand)


def round_end_bonuses(rules: Rules, totals: Sequence[int], out_player: int | None) -> list[int]:
    """Points each player gets when the round ends (`out_player` went out, None: blocked)."""
    bonus = [0] * len(totals)
    if out_player is not None:
        bonus[out_player] = rules.going_out_bonus
        if rules.going_out_collects_hands:
            bonus[out_player] += sum(t for p, t in enumerate(totals) if p != out_player)
    elif rules.blocked_round_scoring == "lowest_collects":
        lowest = min(totals)
        for player, total in enumerate(totals):
            if total == lowest:
                bonus[player] = sum(t for p, t in enumerate(totals) if p != player) - total
    return bonus


def play_round(tiles: Sequence[Numbers], fit: FitTable, rules: Rules, hands: list[list[int]], pool: list[int],
               choosers: Sequence[Chooser], rng: random.Random) -> dict[str, Any]:
    """Play one round from a deal; `pool` is in draw order. Returns the round's record."""
    n = len(hands)
    table = Table(rules, fit)
    deal = {"hands": [[list(tiles[t]) for t in hand] for hand in hands],
            "pool": [list(tiles[t]) for t in pool]}
    draw_pile = list(reversed(pool))  # pop() draws the next tile
    scores = [0] * n
    turns: list[dict[str, Any]] = []

    starter, first = choose_starter(hands, tiles)
    hands[starter].remove(first)
    table.place(START_CELL, tiles[first])
    opening = Score(sum(tiles[first]), start_bonus=start_bonus(rules, tiles[first]))
    scores[starter] += opening.total
    turns.append({"player": starter, "start": True, "draws": [], "tile": list(tiles[first]),
                  "cell": list(START_CELL), "rotation": 0, "score": opening.to_json()})

    stats = {"draws": 0, "bridges": 0, "hexagons": [0, 0, 0], "passes": 0}
    player = starter
    idle = 0  # turns in a row without a placement
    out_player: int | None = None if hands[starter] else starter
    while out_player is None and idle < n:
        player = (player + 1) % n
        hand = hands[player]
        drawn: list[int] = []
        moves = table.moves(hand)
        penalty = 0
        if not moves:
            if not draw_pile or rules.draw_limit == 0:  # nothing to draw (a limit of 0 closes the pool)
                penalty = rules.empty_pool_pass_penalty
            else:
                while draw_pile and len(drawn) < rules.draw_limit:
                    tile = draw_pile.pop()
                    hand.append(tile)
                    drawn.append(tile)
                    moves = table.moves((tile,))
                    if moves:
                        break
                penalty = rules.draw_penalty_for(len(drawn))
                if not moves:
                    penalty += rules.failed_draw_penalty
        stats["draws"] += len(drawn)
        turn: dict[str, Any] = {"player": player, "draws": [list(tiles[t]) for t in drawn]}
        if moves:
            move = choosers[player](table, moves, rng)
            result = table.score(move)
            if penalty:
                result = Score(result.sum, result.bridge, result.hexagons, result.hexagon_bonus, 0, penalty)
            table.place(move.cell, move.numbers)
            hand.remove(move.tile)
            idle = 0
            if result.bridge:
                stats["bridges"] += 1
            if result.hexagons:
                stats["hexagons"][result.hexagons - 1] += 1
            turn.update({"tile": list(tiles[move.tile]), "cell": list(move.cell), "rotation": move.rotation})
            if not hand:
                out_player = player
        else:
            result = Score(0, penalty=penalty)
            # Blocked: nobody places for a full round (by default also with nothing left to draw).
            idle = 0 if draw_pile and rules.draw_limit and rules.blocked_needs_empty_pool else idle + 1
            stats["passes"] += 1
            turn.update({"tile": None, "pass": True})
        scores[player] += result.total
        turn["score"] = result.to_json()
        turns.append(turn)

    totals = [hand_total(hand, tiles) for hand in hands]
    bonus = round_end_bonuses(rules, totals, out_player)
    for p in range(n):
        scores[p] += bonus[p]
    return {
        "starter": starter,
        "deal": deal,
        "turns": turns,
        "end": {"reason": "out" if out_player is not None else "blocked", "player": out_player,
                "hand_totals": totals, "bonus": bonus, "pool_left": len(draw_pile),
                "tiles_left": sum(len(h) for h in hands) + len(draw_pile)},
        "scores": scores,
        "stats": stats,
    }


def deal(tile_count: int, players: int, hand_size: int,
         rng: random.Random) -> tuple[list[list[int]], list[int]]:
    order = list(range(tile_count))
    rng.shuffle(order)
    hands = [order[p * hand_size:(p + 1) * hand_size] for p in range(players)]
    return hands, order[players * hand_size:]


def play_game(model: TriominoModel, rules: Rules, choosers: Sequence[Chooser], seed: int,
              fit: FitTable | None = None) -> dict[str, Any]:
    """One seeded game (one or more rounds) -> its record, JSON-ready."""
    tiles = [t.numbers for t in model.tiles]
    fit = fit or FitTable(tiles)
    players = len(choosers)
    hand_size = model.hand_size_for(players)
    deal_rng = random.Random(seed)
    play_rng = random.Random(seed ^ 0x5EED)
    totals = [0] * players
    rounds = []
    for number in range(1, rules.max_rounds + 1):
        hands, pool = deal(len(tiles), players, hand_size, deal_rng)
        record = play_round(tiles, fit, rules, hands, pool, choosers, play_rng)
        totals = [a + b for a, b in zip(totals, record["scores"], strict=True)]
        record["round"] = number
        record["totals"] = list(totals)
        rounds.append(record)
        if rules.target_score and max(totals) >= rules.target_score:
            break
    best = max(totals)
    return {"seed": seed, "players": players, "preset": rules.name, "rounds": rounds,
            "final_scores": totals, "winners": [p for p, s in enumerate(totals) if s == best]}
