"""Zatre rules engine: board position, legal placements, a turn's scoring, the draw rule, a game.

The board is a flat list over the layout with a one-cell border of non-fields, so neighbours are
index +-1 and +-width and no bounds checks are needed. Every empty cell keeps the pip sums of the
four runs of tiles that touch it (left, right, up, down) and the cell just past the far end of each
run (its neighbour when no run touches that side). Placing a tile updates only the four cells just
past the ends of the rows it joins, in O(1), and "does this tile fit here, and what does it score"
is a few additions: that keeps simulation fast. A filled cell keeps the ends it had when it was
filled, so a row's ends are found by following those, not by walking its tiles. Row sums only grow, so a
frontier cell no tile fits on stays closed for the rest of the game: the position keeps the cells
still open apart, and move searches scan only those.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from pnp.games.state import IllegalMove
from pnp.games.zatre.model import DOUBLE, NO_FIELD, Cell, ZatreModel
from pnp.games.zatre.sheet import ScoreSheet, SheetEntry

IllegalTurn = IllegalMove  # the name the play table still catches


class Geometry:
    """Cell numbering and lookup tables derived once from the board layout."""

    def __init__(self, model: ZatreModel) -> None:
        board = model.board
        self.rows, self.cols = board.height, board.width
        self.width = board.width + 2
        self.size = self.width * (board.height + 2)
        # The numbers of the board's own cells, not the border's: looked up before every placement.
        self.board_cells = frozenset((r + 1) * self.width + c + 1 for r in range(self.rows) for c in range(self.cols))
        self.is_field = [False] * self.size
        self.is_double = [False] * self.size
        for r, line in enumerate(board.layout):
            for c, ch in enumerate(line):
                index = self.index((r, c))
                self.is_field[index] = ch != NO_FIELD
                self.is_double[index] = ch == DOUBLE
        self.start = self.index(board.start)
        self.start_is_double = model.rules.start_is_double
        self.max_sum = model.rules.max_row_sum
        # points[s]: points of a row summing to s; long enough for any sum the players look up.
        self.points = [0] * (4 * self.max_sum + 16)
        for row_sum, value in model.rules.points:
            self.points[row_sum] = value
        self.lowest_scoring_sum = min(s for s, _ in model.rules.points)
        # gains[s][p]: points of a row of sum s (0: no row) once a tile of p joins it, for s + p <= max_sum.
        self.gains = [[self.points[s + p] if s else 0 for p in range(self.max_sum + 1)]
                      for s in range(self.max_sum + 1)]
        # A cell whose row sums exceed this takes no tile of the set, now or later (sums only grow).
        self.open_limit = self.max_sum - min((p for p, n in model.tiles.counts if n), default=1)
        # cells[index]: (row, col) of every index, so a row's cells are a slice of this list.
        self.cells: list[Cell] = [(i // self.width - 1, i % self.width - 1) for i in range(self.size)]
        # The run ends of an empty board: every cell's neighbours (border cells point off the board,
        # harmlessly: nothing reads a border cell's own ends).
        self.no_runs = ([i - 1 for i in range(self.size)], [i + 1 for i in range(self.size)],
                        [i - self.width for i in range(self.size)], [i + self.width for i in range(self.size)])

    def index(self, cell: Cell) -> int:
        """The number of a board cell; a cell off the board is a rule error (the numbering has a
        border around the board, so (r, width) would otherwise land on (r + 1, 0))."""
        row, col = cell
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise IllegalMove(f"{tuple(cell)} is off the board ({self.rows} x {self.cols} cells)")
        return (row + 1) * self.width + col + 1

    def on_board(self, index: int) -> bool:
        """Whether a cell number is a cell of the board (not of the border around it)."""
        return index in self.board_cells

    def cell(self, index: int) -> Cell:
        if not self.on_board(index):
            raise IllegalMove(f"cell number {index} is off the board")
        return self.cells[index]


class Position:
    """The tiles on the board and, for every empty cell, the runs that touch it."""

    __slots__ = ("de", "ds", "frontier", "geo", "le", "live", "ls", "pips", "re", "rs", "ue", "us")

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        n = geo.size
        self.pips = [0] * n  # 0: empty
        self.ls, self.rs, self.us, self.ds = [0] * n, [0] * n, [0] * n, [0] * n  # run pip sums
        # le[c]: the cell just past the far end of the run left of c (c - 1 if none); re, ue, de alike.
        # A row's length and cells follow from its two ends, so no lengths are kept.
        self.le, self.re, self.ue, self.de = (ends[:] for ends in geo.no_runs)
        self.frontier: set[int] = {geo.start}  # empty fields a tile may go on next
        # The frontier cells some tile of the set still fits on: the only ones worth scanning.
        self.live: set[int] = {geo.start}

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.geo = self.geo
        other.pips = self.pips[:]
        other.ls, other.rs, other.us, other.ds = self.ls[:], self.rs[:], self.us[:], self.ds[:]
        other.le, other.re, other.ue, other.de = self.le[:], self.re[:], self.ue[:], self.de[:]
        other.frontier = set(self.frontier)
        other.live = set(self.live)
        return other

    def fits(self, cell: int, pips: int) -> bool:
        """May a tile go here as far as row sums go (the double-field rule aside)?"""
        limit = self.geo.max_sum - pips
        return cell in self.frontier and self.ls[cell] + self.rs[cell] <= limit \
            and self.us[cell] + self.ds[cell] <= limit

    def immediate_points(self, cell: int, pips: int) -> int:
        """Points of the rows through `cell` if a tile of `pips` went there now."""
        points = self.geo.points
        h = self.ls[cell] + self.rs[cell]
        v = self.us[cell] + self.ds[cell]
        return (points[h + pips] if h else 0) + (points[v + pips] if v else 0)

    def scores_now(self, cell: int, pips: int) -> bool:
        return self.immediate_points(cell, pips) > 0

    def can_place(self, pips: int) -> bool:
        """Does a tile of `pips` fit anywhere? If it does, so does every smaller one."""
        limit = self.geo.max_sum - pips
        ls, rs, us, ds = self.ls, self.rs, self.us, self.ds
        return any(ls[c] + rs[c] <= limit and us[c] + ds[c] <= limit for c in self.live)

    def placements(self, pips: int) -> list[int]:
        """Cells where a tile fits by row sums, in cell order (doubles included)."""
        limit = self.geo.max_sum - pips
        ls, rs, us, ds = self.ls, self.rs, self.us, self.ds
        return sorted(c for c in self.live if ls[c] + rs[c] <= limit and us[c] + ds[c] <= limit)

    def ordinary_placements(self, pips: int) -> list[int]:
        """Normal fields that fit, and double fields that score at once with this tile."""
        is_double = self.geo.is_double
        return [c for c in self.placements(pips) if not is_double[c] or self.scores_now(c, pips)]

    def last_resort_allowed(self, pips: int) -> bool:
        """The seed's exception: a double field without scoring only when nothing else fits."""
        limit = self.geo.max_sum - pips
        is_double, points = self.geo.is_double, self.geo.points
        ls, rs, us, ds = self.ls, self.rs, self.us, self.ds
        for c in self.live:
            h = ls[c] + rs[c]
            v = us[c] + ds[c]
            if h <= limit and v <= limit and (not is_double[c] or (h and points[h + pips])
                                             or (v and points[v + pips])):
                return False
        return True

    def place(self, cell: int, pips: int) -> None:
        if cell not in self.geo.board_cells:  # `on_board`, inline: every tile of every game
            raise IllegalMove(f"cell number {cell} is off the board")
        ls, rs, us, ds = self.ls, self.rs, self.us, self.ds
        le, re, ue, de = self.le, self.re, self.ue, self.de
        self.pips[cell] = pips
        h_sum = ls[cell] + pips + rs[cell]
        v_sum = us[cell] + pips + ds[cell]
        # `cell` keeps its ends: score_turn follows them to the ends of the rows it joins later.
        left, right, up, down = le[cell], re[cell], ue[cell], de[cell]
        # The cells just past the row ends now touch the whole row, and each other across it
        # (border cells too: score_turn reads a row's sum from the cell before it).
        rs[left], re[left] = h_sum, right
        ls[right], le[right] = h_sum, left
        ds[up], de[up] = v_sum, down
        us[down], ue[down] = v_sum, up
        frontier, live = self.frontier, self.live
        frontier.discard(cell)
        live.discard(cell)
        is_field = self.geo.is_field
        limit = self.geo.open_limit
        # Only one row sum of each end changed; a cell new to the frontier touches no other row, and
        # it was not open before (the open cells are frontier cells). Adding a cell the frontier holds
        # changes nothing, so it is skipped. (Unrolled: this runs for every tile of every game.)
        if is_field[left]:
            if left not in frontier:
                frontier.add(left)
                if ls[left] + h_sum <= limit:
                    live.add(left)
            elif ls[left] + h_sum > limit:
                live.discard(left)
        if is_field[right]:
            if right not in frontier:
                frontier.add(right)
                if rs[right] + h_sum <= limit:
                    live.add(right)
            elif rs[right] + h_sum > limit:
                live.discard(right)
        if is_field[up]:
            if up not in frontier:
                frontier.add(up)
                if us[up] + v_sum <= limit:
                    live.add(up)
            elif us[up] + v_sum > limit:
                live.discard(up)
        if is_field[down]:
            if down not in frontier:
                frontier.add(down)
                if ds[down] + v_sum <= limit:
                    live.add(down)
            elif ds[down] + v_sum > limit:
                live.discard(down)

class ScoredRow(NamedTuple):
    cells: tuple[Cell, ...]
    total: int
    points: int


@dataclass(slots=True)
class TurnResult:
    rows: list[ScoredRow]
    crosses: int
    last_resort: list[int]  # cells covered under the last-resort exception (no cross)


def score_turn(pos: Position, placed: list[int], forced_doubles: set[int]) -> TurnResult:
    """Rows through this turn's tiles, each counted once; crosses; the double-field rule."""
    geo = pos.geo
    pips = pos.pips
    w = geo.width
    le, ue = pos.le, pos.ue
    # Every row of two or more through a tile of this turn, once: its first cell * 2, + 1 if it runs
    # down (ints sort in the order of (first cell, step) and hash faster than tuples). A filled cell's
    # end, if filled since, has ends of its own further out: a few hops reach the row's empty end.
    runs = set()
    for cell in placed:
        if pips[cell - 1] or pips[cell + 1]:
            before = le[cell]
            while pips[before]:
                before = le[before]
            runs.add(before * 2 + 2)
        if pips[cell - w] or pips[cell + w]:
            before = ue[cell]
            while pips[before]:
                before = ue[before]
            runs.add((before + w) * 2 + 1)
    scored = []
    scoring_rows: list[range] = []
    points, cells = geo.points, geo.cells
    re, rs, de, ds = pos.re, pos.rs, pos.de, pos.ds
    for run in sorted(runs):
        first = run >> 1
        # The cell before a run keeps the run's sum and its far end (see `Position.place`).
        if run & 1:
            end, total, step = de[first - w], ds[first - w], w
        else:
            end, total, step = re[first - 1], rs[first - 1], 1
        value = points[total]
        if value:
            scoring_rows.append(range(first, end, step))
            scored.append(ScoredRow(tuple(cells[first:end:step]), total, value))
    crosses = 0
    last_resort = []
    is_double, start = geo.is_double, geo.start
    for cell in placed:
        if not (is_double[cell] or (cell == start and geo.start_is_double)):
            continue
        if any(cell in row for row in scoring_rows):
            crosses += 1
        elif cell in forced_doubles or cell == start:
            last_resort.append(cell)  # the start tile is never optional, so never a fault
        else:
            raise IllegalMove(f"tile on double field {geo.cell(cell)} makes no scoring row")
    return TurnResult(scored, crosses, last_resort)


def apply_turn(pos: Position, hand: list[int], placements: list[tuple[int, int]]) -> TurnResult:
    """Place (pips, cell) in order, checking every rule; `hand` loses the placed tiles."""
    geo = pos.geo
    is_double = geo.is_double
    forced: set[int] = set()
    placed: list[int] = []
    frontier, max_sum, points = pos.frontier, geo.max_sum, geo.points
    ls, rs, us, ds = pos.ls, pos.rs, pos.us, pos.ds
    for pips, cell in placements:
        if pips not in hand:
            raise IllegalMove(f"no {pips} in hand {hand}")
        if cell not in frontier:  # board cells only: checked before a number off the board indexes anything
            raise IllegalMove(f"{pips} does not fit at {geo.cell(cell)}")
        # Inlined `fits` and `scores_now`: this runs for every tile of every simulated game.
        h = ls[cell] + rs[cell]
        v = us[cell] + ds[cell]
        if h + pips > max_sum or v + pips > max_sum:
            raise IllegalMove(f"{pips} does not fit at {geo.cell(cell)}")
        if is_double[cell] and not ((h and points[h + pips]) or (v and points[v + pips])) \
                and pos.last_resort_allowed(pips):
            forced.add(cell)
        hand.remove(pips)
        pos.place(cell, pips)
        placed.append(cell)
    if hand and pos.can_place(min(hand)):  # the smallest tile kept fits wherever a larger one does
        raise IllegalMove(f"kept a {min(hand)} that still fits")
    return score_turn(pos, placed, forced)


def legal_turns(pos: Position, hand: list[int]) -> set[frozenset[tuple[int, int]]]:
    """Every legal complete turn from `pos` with `hand`, as the set of (pips, cell) placed.

    Exhaustive (tile by tile in every order), for tests and hints, not for simulation.
    """
    return set(ordered_legal_turns(pos, hand))


def ordered_legal_turns(pos: Position, hand: list[int]) -> dict[frozenset[tuple[int, int]], list[tuple[int, int]]]:
    """Every legal complete turn, each as its set of placements -> the first order found to lay them in
    (smaller tiles first, then cell order): an order the rules allow."""
    turns: dict[frozenset[tuple[int, int]], list[tuple[int, int]]] = {}

    def walk(here: Position, held: list[int], placed: list[tuple[int, int]], forced: set[int]) -> None:
        moved = False
        for pips in sorted(set(held)):
            for cell in here.placements(pips):
                moved = True
                is_forced = here.geo.is_double[cell] and not here.scores_now(cell, pips) \
                    and here.last_resort_allowed(pips)
                child = here.copy()
                child.place(cell, pips)
                rest = held[:]
                rest.remove(pips)
                walk(child, rest, [*placed, (pips, cell)], forced | {cell} if is_forced else forced)
        if not moved:  # nothing in hand fits: the turn is over
            try:
                score_turn(here, [cell for _, cell in placed], forced)
            except IllegalMove:
                return
            turns.setdefault(frozenset(placed), placed)

    walk(pos, list(hand), [], set())
    return turns


def tiles_to_draw(pos: Position, hand: list[int], per_turn: int) -> int:
    """The seed's draw rule for a player who kept tiles from the last turn."""
    if not hand:
        return per_turn
    if len(hand) >= 2 and pos.can_place(min(hand)):  # the smallest fits wherever a larger one does
        return 0
    return 1


class Player(Protocol):
    def __call__(self, pos: Position, hand: list[int], rng: random.Random) -> list[tuple[int, int]]: ...


@dataclass(slots=True)
class TurnLog:
    player: int
    drawn: list[int]
    hand: list[int]  # tiles held when placing started (kept ones first, then the drawn ones)
    placements: list[tuple[int, int]]  # (pips, cell index)
    result: TurnResult
    kept: list[int]
    entries: list[SheetEntry]


@dataclass
class GameResult:
    seed: int
    bag: list[int]
    kinds: list[str]
    turns: list[TurnLog] = field(default_factory=list)
    sheets: list[ScoreSheet] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)  # tiles left at the end
    exchanged: bool = False  # the seed's deal with the two seats' draws exchanged

    @property
    def final_scores(self) -> list[int]:
        return [s.total for s in self.sheets]
