"""Triomino rules engine: placements on the triangular grid, scoring, drawing, round and game end.

Numbers sit on grid points. A cell's corners are clockwise (`trigrid.corners`), and turning a
tile keeps its clockwise reading, so a tile goes into an up or a down cell in 3 rotations each:
rotation `rot` puts `tile[(i + rot) % 3]` on corner i of the cell.

Speed: cells and points are coded as integers, and their corners and neighbours come from
tables built once per cell. Each empty cell next to the table keeps the numbers its corners
require as one integer (`pattern code`: 4 bits per corner, 0 free, else number + 1), updated
only where a placement touches it, by one lookup per corner in a table of code transitions
(`_CornerSetter`). A table built once per tile set (`FitTable`) maps a pattern
code to the tiles that fit it, as a dict and as a bit mask, so the legal tiles of a hand in a
cell are one AND of two integers. Each cell's edge contacts (for bridges) and the hexagons a tile
there would complete are kept as tiles land. Bonuses are read only for cells where a tile of
the hand fits, before the tile is placed, so a tile never "matches itself".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pnp.games.state import IllegalMove
from pnp.geometry.trigrid import Cell, Point, cells_at_point, corners, is_up

from .model import Numbers, Rules

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


# --- integer codes ----------------------------------------------------------------------------

# Cells and points as one integer each: row and column shifted to be non-negative. A round
# places at most one tile per tile of the set, so the table stays far inside these bounds.
_SPAN = 1 << 15
_OFFSET = 1 << 14


def cell_id(cell: Cell) -> int:
    """One integer for a cell; a cell beyond the coded table is a rule error, not another cell."""
    c, r = cell
    if not (-_OFFSET <= c < _OFFSET and -_OFFSET <= r < _OFFSET):
        raise IllegalMove(f"cell {tuple(cell)} is off the table (rows and columns -{_OFFSET} to {_OFFSET - 1})")
    return (r + _OFFSET) * _SPAN + c + _OFFSET


def cell_at(cid: int) -> Cell:
    r, c = divmod(cid, _SPAN)
    return c - _OFFSET, r - _OFFSET


_point_id = cell_id  # points use the same coding, in a namespace of their own


def pattern_code(pattern: Sequence[int]) -> int:
    """A corner pattern (number or FREE per corner) as 4 bits per corner: 0 free, else number + 1."""
    return sum((n + 1) << 4 * i for i, n in enumerate(pattern) if n != FREE)


def pattern_of(code: int) -> tuple[int, int, int]:
    return ((code & 15) - 1, (code >> 4 & 15) - 1, (code >> 8 & 15) - 1)


_CODES = 1 << 12  # every pattern code of three corners
_DEAD = _CODES  # code of an empty cell whose neighbours disagree: no tile can ever go there
_FILLED = _CODES + 1  # code of a cell with a tile


class _CornerSetter(dict[int, list[int]]):
    """Number -> the code each code becomes when one corner (`corner`) gets that number, built on
    first use: a free corner takes it, the same number keeps the code, another one leaves no tile
    that fits (`_DEAD`); dead and filled cells stay as they are. One lookup per corner a
    placement constrains, instead of reading, comparing and combining its 4 bits."""

    def __init__(self, corner: int) -> None:
        super().__init__()
        self.shift = 4 * corner

    def __missing__(self, number: int) -> list[int]:
        shift, want = self.shift, number + 1
        # Built run by run, not code by code (8 times faster): the codes that agree above
        # the corner's 4 bits and show one value in them are one run of `width` codes.
        row = [_DEAD] * _CODES + [_DEAD, _FILLED]
        width, taken = 1 << shift, want << shift
        for free in range(0, _CODES, 16 << shift):
            row[free:free + width] = range(free + taken, free + taken + width)  # the corner takes it
            row[free + taken:free + taken + width] = range(free + taken, free + taken + width)  # has it
        self[number] = row
        return row


_SETTERS = (_CornerSetter(0), _CornerSetter(1), _CornerSetter(2))


class _Links(NamedTuple):
    """What one cell's placement changes around it (all ids)."""

    points: tuple[int, int, int]  # corner points
    # The edge neighbours in the order the frontier takes them up, each with the bit of its own
    # edge that faces this cell, then this cell's two corners on that edge, each with the setter
    # of the neighbour's corner at the same point: one visit per neighbour updates both.
    edges: tuple[tuple[int, int, int, _CornerSetter, int, _CornerSetter], ...]
    # Per corner of this cell: (other cell, setter of the other's corner at the same point) for
    # the cells that share only that point (classic rules constrain them too).
    point_links: tuple[tuple[tuple[int, _CornerSetter], ...], ...]


class _LinkTable(dict[int, _Links]):
    """Cell id -> its `_Links`, built on first use."""

    def __missing__(self, cid: int) -> _Links:
        cell = cell_at(cid)
        points, across = cell_geometry(cell)
        around: dict[Cell, None] = {}  # every cell sharing a corner, in a fixed order
        links: list[tuple[int, int, int]] = []
        for mine, point in enumerate(points):
            for other in cells_at_point(point):
                if other != cell:
                    around[other] = None
                    links.append((cell_id(other), corners(other).index(point), mine))
        edges = []
        for other in around:
            if other in across:
                oid = cell_id(other)
                (mine_a, theirs_a), (mine_b, theirs_b) = [(mine, theirs) for o, theirs, mine in links if o == oid]
                edges.append((oid, 1 << cell_geometry(other)[1].index(cell),
                              mine_a, _SETTERS[theirs_a], mine_b, _SETTERS[theirs_b]))
        edge_ids = {cell_id(a) for a in across}
        links_table = _Links(
            points=tuple(_point_id(p) for p in points),  # type: ignore[arg-type]
            edges=tuple(edges),
            point_links=tuple(tuple((other, _SETTERS[theirs]) for other, theirs, mine in links
                                    if mine == i and other not in edge_ids) for i in range(3)),
        )
        self[cid] = links_table
        return links_table


_LINKS = _LinkTable()


class _PointCells(dict[int, tuple[int, ...]]):
    """Point id -> the ids of the six cells around it, built on first use."""

    def __missing__(self, pid: int) -> tuple[int, ...]:
        cells = tuple(cell_id(cell) for cell in cells_at_point(cell_at(pid)))
        self[pid] = cells
        return cells


_POINT_CELLS = _PointCells()

# Edge contacts as a bit mask (bit i: a tile across edge i) -> the corner opposite the one
# contact, or -1 when there is not exactly one.
_BRIDGE_CORNER = (-1, 2, 0, -1, 1, -1, -1, -1)


class FitTable:
    """For each corner pattern (number or FREE on each corner): tile index -> [(rotation, numbers)].

    Rotations that put the same numbers on the same corners (a triple's) are listed once. The
    same lists by pattern code (`by_code`), and the tiles of each as a bit mask (`mask_by_code`).
    The masks number the tiles by rank, not by index: ranks go by sum, then index, so the
    highest bit of a mask is a tile of the highest sum in it, and the tiles of one sum are one
    run of bits (`sum_band`) in index order. A greedy search reads a cell's best tile off that.
    """

    def __init__(self, tiles: Sequence[Numbers]) -> None:
        self.tiles = tuple(tiles)  # shared by every game of the process: never changed
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
        self.sums = [sum(numbers) for numbers in tiles]
        self.tile_at_rank = sorted(range(len(tiles)), key=lambda tile: (self.sums[tile], tile))
        self.rank_bit = [0] * len(tiles)  # tile index -> 1 << its rank
        for rank, tile in enumerate(self.tile_at_rank):
            self.rank_bit[tile] = 1 << rank
        self.sum_at_rank = [self.sums[tile] for tile in self.tile_at_rank]
        self.sum_band = [sum(1 << r for r, s in enumerate(self.sum_at_rank) if s == total)
                         for total in self.sum_at_rank]  # rank -> the ranks of its sum
        self.by_code: list[dict[int, list[tuple[int, Numbers]]]] = [_EMPTY] * _CODES
        self.mask_by_code = [0] * (_CODES + 2)  # nothing fits a dead or a filled cell
        for key, by_tile in self.by_pattern.items():
            code = pattern_code(key)
            self.by_code[code] = by_tile
            self.mask_by_code[code] = self.hand_mask(by_tile)

    def hand_mask(self, tiles: Iterable[int]) -> int:
        """The tiles as a mask of their rank bits."""
        return sum(map(self.rank_bit.__getitem__, tiles))  # distinct bits: the sum is the union

    def tiles_of(self, mask: int) -> list[int]:
        """The tiles of a rank mask, by index."""
        found = []
        tile_at_rank = self.tile_at_rank
        while mask:
            low = mask & -mask
            found.append(tile_at_rank[low.bit_length() - 1])
            mask ^= low
        found.sort()
        return found

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
    fits: dict[int, list[tuple[int, Numbers]]]  # FitTable entry of `pattern`


class Move(NamedTuple):
    cell: Cell
    tile: int  # index into the model's tiles
    rotation: int
    numbers: Numbers  # on the cell's corners 0, 1, 2


_new_tuple = tuple.__new__  # a Move from one tuple of its fields, without the generated __new__
_NO_BONUS = (0, 0, 0)  # bridge bonus, hexagons, hexagon bonus of a move without any


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


# Codes, numbers at points, frontier, edge contacts and hexagon sites of a Table (see `checkpoint`).
TableState = tuple[dict[int, int], dict[int, tuple[int, ...]], dict[int, int], dict[int, int], dict[int, int]]


class Table:
    """The tiles on the table and the frontier of cells a tile may go into.

    The frontier (`open`: cell id -> bit mask of the tiles that fit) holds the empty cells with an
    edge contact where some tile of the set still fits, in the order they joined it; that order
    is the order of `moves`.
    """

    def __init__(self, rules: Rules, fit: FitTable) -> None:
        self.rules = rules
        self.fit = fit
        self.codes: dict[int, int] = {}  # cell id -> pattern code, _DEAD or _FILLED (absent: 0)
        # Point id -> numbers of the tiles there; tuples, so a copy of the table shares them.
        self.at_point: dict[int, tuple[int, ...]] = {}
        self.open: dict[int, int] = {}
        self.contacts: dict[int, int] = {}  # cell id -> its edge contacts as a bit mask
        self.hexagons: dict[int, int] = {}  # empty cell id -> hexagons a tile there completes
        # The last best move, its bonuses and its cell id (the round loop places it without checks).
        self._scored: tuple[Move, tuple[int, int, int], int] | None = None
        # The tiles (a rank mask) `best_move` last found no place for on this table, -1: none: the
        # state's check of a pass reads it instead of scanning the frontier again.
        self.unplaceable = -1
        self._every_corner = rules.corner_contacts_must_match

    def copy(self) -> Table:
        """An independent table to try a move on (lookahead players); the fit tables stay shared."""
        other = object.__new__(Table)
        other.__dict__.update(self.__dict__)
        other.codes = dict(self.codes)
        other.at_point = dict(self.at_point)
        other.open = dict(self.open)
        other.contacts = dict(self.contacts)
        other.hexagons = dict(self.hexagons)
        other._scored = None
        return other

    def place(self, cell: Cell, numbers: Numbers) -> None:
        self.place_at(cell_id(cell), numbers)

    def place_at(self, cid: int, numbers: Numbers) -> None:
        """`place` by cell id (the round loop has the id of a move the search built)."""
        codes, frontier, masks, at_point = self.codes, self.open, self.fit.mask_by_code, self.at_point
        if codes.get(cid) == _FILLED:
            raise IllegalMove(f"cell {cell_at(cid)} is taken")
        codes[cid] = _FILLED
        frontier.pop(cid, None)
        self._scored = None
        self.unplaceable = -1
        points, edges, point_links = _LINKS[cid]
        every_corner = self._every_corner
        for i in range(3):
            point, number = points[i], numbers[i]
            around = at_point.get(point)
            if around is None:
                at_point[point] = (number,)
            else:
                at_point[point] = around + (number,)  # noqa: RUF005 (concatenation: fewer steps than unpacking)
                if len(around) == 4:
                    self._hexagon_ready(point)
                if around[0] == number:
                    continue  # the first tile at this corner passed the number on already
            if every_corner:  # classic rules: the cells meeting this one only at the point too
                for other, setter in point_links[i]:
                    code = codes[other] = setter[number][codes.get(other, 0)]
                    if other in frontier:
                        mask = masks[code]
                        if mask:
                            frontier[other] = mask
                        else:
                            del frontier[other]
        # The edge neighbours: their edge contact, both corners they share with this tile, and
        # whether they join the frontier (in this order, which is the order of `moves`). A cell
        # with an edge contact and a fitting tile is on the frontier; a cell that left it (or got
        # a tile) has nothing that fits and never comes back, as constraints only narrow.
        contacts = self.contacts
        for other, bit, mine_a, setter_a, mine_b, setter_b in edges:
            code = codes.get(other, 0)
            if code == _FILLED:
                continue  # the tile this one was laid against: nothing of it is read again
            contacts[other] = contacts.get(other, 0) | bit
            code = codes[other] = setter_b[numbers[mine_b]][setter_a[numbers[mine_a]][code]]
            mask = masks[code]
            if mask:
                frontier[other] = mask
            elif other in frontier:
                del frontier[other]

    def checkpoint(self) -> TableState:
        """The table as it is now, for `rewind`: a search tries placements and takes them back."""
        return (dict(self.codes), dict(self.at_point),
                dict(self.open), dict(self.contacts), dict(self.hexagons))

    def rewind(self, state: TableState) -> None:
        """Back to a `checkpoint`, which stays valid for another rewind."""
        codes, at_point, frontier, contacts, hexagons = state
        self.codes, self.open = dict(codes), dict(frontier)
        self.contacts, self.hexagons = dict(contacts), dict(hexagons)
        self.at_point = dict(at_point)
        self._scored = None
        self.unplaceable = -1

    def _hexagon_ready(self, point: int) -> None:
        """Five tiles around `point`: a tile in the sixth cell completes a hexagon there."""
        for other in _POINT_CELLS[point]:
            if self.codes.get(other) != _FILLED:
                self.hexagons[other] = self.hexagons.get(other, 0) + 1

    def _bonus_site(self, cid: int) -> tuple[int, int, tuple[int, ...]]:
        """(hexagons completed, bridge corner or -1, numbers at that corner) of an empty cell."""
        hexagons = self.hexagons.get(cid, 0)
        if hexagons:
            return hexagons, -1, ()
        corner = _BRIDGE_CORNER[self.contacts.get(cid, 0)]
        if corner >= 0:
            # The two edges at the opposite corner are open, so every tile there touches only at the point.
            touching = self.at_point.get(_LINKS[cid].points[corner])
            if touching:
                return 0, corner, touching
        return 0, -1, ()

    def _tile_order(self, found: int, fitting: int, hand: Collection[int]) -> list[int]:
        """The tiles of rank mask `found` in the order `moves` lists them: by index, or in the hand
        set's order when more tiles fit the cell (`fitting`) than the hand holds."""
        if fitting.bit_count() > len(hand):
            rank_bit = self.fit.rank_bit
            return [t for t in hand if found & rank_bit[t]]
        return self.fit.tiles_of(found)

    def moves(self, tiles: Iterable[int]) -> list[Move]:
        """Every legal placement of the given tiles (indices), in a stable order."""
        hand = set(tiles)
        hand_mask = self.fit.hand_mask(hand)
        by_code, codes = self.fit.by_code, self.codes
        out: list[Move] = []
        for cid, fitting in self.open.items():
            found = fitting & hand_mask
            if not found:
                continue
            cell = cell_at(cid)
            by_tile = by_code[codes[cid]]
            for tile in self._tile_order(found, fitting, hand):
                for rotation, numbers in by_tile[tile]:
                    out.append(Move(cell, tile, rotation, numbers))
        return out

    def best_move(self, tiles: Sequence[int]) -> Move | None:
        """The first of the highest-scoring moves in `moves` order, without listing them all: the
        first cell whose best score is the highest, then its first move of that score. The move's
        bonuses and cell id are kept for the round loop (`_scored`)."""
        fit = self.fit
        rank_bit = fit.rank_bit
        hand_mask = 0  # `FitTable.hand_mask`, inlined: a greedy hand is a few tiles
        for tile in tiles:
            hand_mask |= rank_bit[tile]
        sum_at_rank = fit.sum_at_rank
        hexagon_sites, contacts, at_point = self.hexagons, self.contacts, self.at_point
        best_cid = best_found = best_fitting = 0
        best_value = -1
        best_bonus = False
        for cid, fitting in self.open.items():
            found = fitting & hand_mask
            if not found:
                continue
            # Most cells pay no bonus: their value is the highest sum. The test for a bonus site
            # (`_bonus_site`) is inlined here: calls per cell cost a greedy game about a tenth more.
            corner = _BRIDGE_CORNER[contacts[cid]]
            if cid in hexagon_sites or (corner >= 0 and _LINKS[cid].points[corner] in at_point):
                value = self._cell_value(cid, found)
                if value > best_value:
                    best_cid, best_found, best_fitting, best_value, best_bonus = cid, found, fitting, value, True
            else:
                value = sum_at_rank[found.bit_length() - 1]
                if value > best_value:
                    best_cid, best_found, best_fitting, best_value, best_bonus = cid, found, fitting, value, False
        if best_value < 0:
            self.unplaceable = hand_mask
            return None
        if best_bonus:
            return self._first_bonus_move(best_cid, best_found, best_fitting, tiles, best_value)
        # A plain cell: every rotation of a tile scores the same, so the move is the first tile of
        # the highest sum in its first rotation (inlined: once per placement).
        top = best_found.bit_length() - 1
        if best_found & fit.sum_band[top] == 1 << top:  # one tile of the top sum: no tie to break
            tile = fit.tile_at_rank[top]
        else:
            tile = self._first_top_tile(best_found, best_fitting, tiles)
        rotation, numbers = fit.by_code[self.codes[best_cid]][tile][0]
        # `Move(cell_at(cid), ...)`, inlined: the tuple's own constructor skips the Python call
        # of the generated one.
        row, column = divmod(best_cid, _SPAN)
        move = _new_tuple(Move, ((column - _OFFSET, row - _OFFSET), tile, rotation, numbers))
        self._scored = move, _NO_BONUS, best_cid
        return move

    def _first_top_tile(self, found: int, fitting: int, tiles: Sequence[int]) -> int:
        """The first tile of the highest sum in rank mask `found`, in `moves` order; the tiles of
        that sum are one run of rank bits."""
        fit = self.fit
        top = found.bit_length() - 1
        band = found & fit.sum_band[top]
        if not band & (band - 1):
            return fit.tile_at_rank[top]
        if fitting.bit_count() > len(tiles):
            rank_bit = fit.rank_bit
            return next(t for t in set(tiles) if band & rank_bit[t])
        return fit.tile_at_rank[(band & -band).bit_length() - 1]  # the lowest index

    def _cell_value(self, cid: int, found: int) -> int:
        """The best score of a tile of rank mask `found` in empty cell `cid` (what `_bonus_site`
        reads, inlined: every search calls this for each bonus site where a tile of the hand fits)."""
        fit = self.fit
        top_sum = fit.sum_at_rank[found.bit_length() - 1]  # the highest sum of the tiles
        hexagons = self.hexagons.get(cid, 0)
        if hexagons:
            return top_sum + self.rules.hexagon_bonuses[hexagons - 1]
        corner = _BRIDGE_CORNER[self.contacts[cid]]
        if corner < 0:
            return top_sum
        touching = self.at_point.get(_LINKS[cid].points[corner])
        if not touching:
            return top_sum
        bridge = self.rules.bridge_bonus
        if not self.rules.bridge_corner_must_match:
            return top_sum + bridge
        by_tile, sums = fit.by_code[self.codes[cid]], fit.sums
        return max(sums[tile] + bridge if numbers[corner] in touching else sums[tile]
                   for tile in fit.tiles_of(found) for _, numbers in by_tile[tile])

    def _first_bonus_move(self, cid: int, found: int, fitting: int, tiles: Sequence[int], value: int) -> Move:
        """The first move in `moves` order worth `value` in bonus site `cid`, remembering its bonuses."""
        fit = self.fit
        by_tile, sums = fit.by_code[self.codes[cid]], fit.sums
        hexagons, corner, touching = self._bonus_site(cid)
        if corner >= 0 and self.rules.bridge_corner_must_match:
            bridge = self.rules.bridge_bonus
            tile, (rotation, numbers) = next(
                (tile, placed) for tile in self._tile_order(found, fitting, set(tiles)) for placed in by_tile[tile]
                if sums[tile] + (bridge if placed[1][corner] in touching else 0) == value)
        else:
            tile = self._first_top_tile(found, fitting, tiles)
            rotation, numbers = by_tile[tile][0]
        move = Move(cell_at(cid), tile, rotation, numbers)
        extra = value - sums[tile]
        self._scored = move, ((0, hexagons, extra) if hexagons else (extra, 0, 0)), cid
        return move

    def reply_values(self, tiles: Iterable[int]) -> dict[int, int]:
        """Frontier cell -> the best score of the tiles there (cells where none fits: absent)."""
        hand_mask = self.fit.hand_mask(tiles)
        return {cid: self._cell_value(cid, fitting & hand_mask)
                for cid, fitting in self.open.items() if fitting & hand_mask}

    def best_reply(self, move: Move, tiles: Iterable[int], values: dict[int, int]) -> int:
        """The score of the best move of `tiles` once `move` is made (0 if there is none), given
        `reply_values(tiles)` of the table now: a placement changes only the cells around its corners,
        so only those are scored again."""
        after = self.copy()
        after.place(move.cell, move.numbers)
        near = set()
        for point in _LINKS[cell_id(move.cell)].points:
            near.update(_POINT_CELLS[point])
        hand_mask = self.fit.hand_mask(tiles)
        best = -1
        for cid, fitting in after.open.items():
            if cid in near:
                found = fitting & hand_mask
                value = after._cell_value(cid, found) if found else -1
            else:
                value = values.get(cid, -1)
            if value > best:
                best = value
        return max(best, 0)  # `best_move` takes no move worth less than 0

    def is_legal(self, move: Move) -> bool:
        """Whether the move is one of `moves`: read off the frontier, which knows what fits where."""
        if self._scored is not None and self._scored[0] is move:
            return True  # `best_move` just built it from this table's frontier
        cid = cell_id(move.cell)
        fitting = self.open.get(cid, 0)
        if not 0 <= move.tile < len(self.fit.rank_bit) or not fitting & self.fit.rank_bit[move.tile]:
            return False
        return (move.rotation, move.numbers) in self.fit.by_code[self.codes[cid]][move.tile]

    def can_place(self, tiles: Iterable[int]) -> bool:
        hand_mask = self.fit.hand_mask(tiles)
        return any(fitting & hand_mask for fitting in self.open.values())

    def bonuses(self, move: Move) -> tuple[int, int, int]:
        """(bridge bonus, hexagons completed, hexagon bonus) the move earns."""
        if self._scored is not None and self._scored[0] is move:
            return self._scored[1]  # worked out when `best_move` chose it
        hexagons, corner, there = self._bonus_site(cell_id(move.cell))
        if hexagons:
            return 0, hexagons, self.rules.hexagon_bonus(hexagons)
        if corner >= 0 and (not self.rules.bridge_corner_must_match or move.numbers[corner] in there):
            return self.rules.bridge_bonus, 0, 0
        return 0, 0, 0

    def score(self, move: Move) -> Score:
        bridge, hexagons, hexagon_bonus = self.bonuses(move)
        return Score(sum(move.numbers), bridge=bridge, hexagons=hexagons, hexagon_bonus=hexagon_bonus)

    def move_value(self, move: Move) -> int:
        """The score of a move as one number."""
        bridge, _, hexagon_bonus = self.bonuses(move)
        return sum(move.numbers) + bridge + hexagon_bonus

    @property
    def frontier(self) -> dict[Cell, CellInfo]:
        """The frontier cells with what they demand and pay (built on demand, for inspection)."""
        out = {}
        for cid in self.open:
            hexagons, corner, there = self._bonus_site(cid)
            contacts = self.contacts[cid].bit_count()
            pattern = pattern_of(self.codes[cid])
            out[cell_at(cid)] = CellInfo(pattern, contacts, hexagons, corner, frozenset(there),
                                         self.fit.fits(pattern))
        return out


# --- players ---------------------------------------------------------------------------------

# A player looks at the table and the tiles it may play now, and picks a legal placement of one
# of them, or None when there is none.
Chooser = Callable[[Table, list[int], random.Random], Move | None]


# --- one game ----------------------------------------------------------------------------------

def start_rank(numbers: Numbers) -> tuple[int, int, tuple[int, ...]]:
    """Highest triple first; otherwise highest sum, then the higher largest number, then the next."""
    is_triple = numbers[0] == numbers[1] == numbers[2]
    return int(is_triple), sum(numbers), tuple(sorted(numbers, reverse=True))


def start_bonus(rules: Rules, numbers: Numbers) -> int:
    if numbers[0] == numbers[1] == numbers[2]:
        return rules.start_bonus_zero_triple if numbers == (0, 0, 0) else rules.start_bonus
    return rules.start_bonus_without_triple


def opening_score(rules: Rules, numbers: Numbers) -> Score:
    """What the tile opening a round scores: its numbers and the preset's start bonus."""
    return Score(sum(numbers), start_bonus=start_bonus(rules, numbers))


_start_ranks: dict[Numbers, tuple[int, int, tuple[int, ...]]] = {}


ZERO_TRIPLE: Numbers = (0, 0, 0)


def choose_starter(hands: Sequence[Sequence[int]], tiles: Sequence[Numbers],
                   rules: Rules | None = None) -> tuple[int, int]:
    """(player, tile index) of the opening tile; equal ranks (a tile and its mirror) go to the
    earlier seat. Where the rules let the holder of 0-0-0 open with it instead, that player does
    when 0-0-0 scores more than the opening it replaces (with the usual bonuses: 40 against 25)."""
    best: tuple[Any, int, int] | None = None
    zero: tuple[int, int] | None = None
    for player, hand in enumerate(hands):
        for tile in hand:
            numbers = tiles[tile]
            rank = _start_ranks.get(numbers)
            if rank is None:
                rank = _start_ranks[numbers] = start_rank(numbers)
            if best is None or rank > best[0]:
                best = (rank, player, tile)
            if numbers == ZERO_TRIPLE and zero is None:
                zero = (player, tile)
    assert best is not None
    if (rules is not None and rules.zero_triple_may_open and zero is not None
            and opening_score(rules, ZERO_TRIPLE).total > opening_score(rules, tiles[best[2]]).total):
        return zero
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


# One turn after the opening as play leaves it: player, tiles drawn, the move or None (a pass),
# bridge bonus, hexagons, hexagon bonus, penalty, points. A tuple, as the loop makes one per turn;
# the record's dicts are built from it only when something reads the record.
TurnPlayed = tuple[int, list[int], Move | None, int, int, int, int, int]


@dataclass
class PlayedRound:
    """One round as played, in tile indices; `record` gives its JSON form."""

    starter: int
    hands: list[list[int]]  # as dealt
    pool: list[int]  # in draw order
    first: int  # the opening tile
    opening: Score
    turns: list[TurnPlayed]
    out_player: int | None  # None: the round ended blocked
    hand_totals: list[int]
    bonus: list[int]
    pool_left: int
    tiles_left: int
    scores: list[int]
    stats: dict[str, Any]
    number: int = 0
    totals: list[int] | None = None  # the game's scores after this round

    @property
    def placements(self) -> int:
        return 1 + sum(turn[2] is not None for turn in self.turns)

    def record(self, tiles: Sequence[Numbers]) -> dict[str, Any]:
        turns: list[dict[str, Any]] = [
            {"player": self.starter, "start": True, "draws": [], "tile": list(tiles[self.first]),
             "cell": list(START_CELL), "rotation": 0, "score": self.opening.to_json()}]
        # Lists by unpacking (`[*numbers]`), the move's fields read once: a record has a turn per move.
        for player, drawn, move, bridge, hexagons, hexagon_bonus, penalty, total in self.turns:
            draws = [[*tiles[t]] for t in drawn] if drawn else []
            if move is None:
                turns.append({"player": player, "draws": draws, "tile": None, "pass": True,
                              "score": {"sum": 0, "bridge": 0, "hexagons": 0, "hexagon_bonus": 0, "start_bonus": 0,
                                        "penalty": penalty, "total": total}})
            else:
                cell, tile, rotation, _ = move
                numbers = tiles[tile]
                turns.append({"player": player, "draws": draws, "tile": [*numbers], "cell": [*cell],
                              "rotation": rotation,
                              "score": {"sum": numbers[0] + numbers[1] + numbers[2], "bridge": bridge,
                                        "hexagons": hexagons, "hexagon_bonus": hexagon_bonus, "start_bonus": 0,
                                        "penalty": penalty, "total": total}})
        record: dict[str, Any] = {
            "starter": self.starter,
            "deal": {"hands": [[[*tiles[t]] for t in hand] for hand in self.hands],
                     "pool": [[*tiles[t]] for t in self.pool]},
            "turns": turns,
            "end": {"reason": "out" if self.out_player is not None else "blocked", "player": self.out_player,
                    "hand_totals": self.hand_totals, "bonus": self.bonus, "pool_left": self.pool_left,
                    "tiles_left": self.tiles_left},
            "scores": self.scores,
            "stats": self.stats,
        }
        if self.number:
            record["round"] = self.number
            record["totals"] = self.totals
        return record


def deal(tile_count: int, players: int, hand_size: int,
         rng: random.Random) -> tuple[list[list[int]], list[int]]:
    order = list(range(tile_count))
    rng.shuffle(order)
    hands = [order[p * hand_size:(p + 1) * hand_size] for p in range(players)]
    return hands, order[players * hand_size:]


@dataclass
class PlayedGame:
    """One game as played; `record` gives its JSON form (built on demand: a check reads few)."""

    seed: int
    preset: str
    rounds: list[PlayedRound]
    final_scores: list[int]
    tiles: Sequence[Numbers]

    def record(self) -> dict[str, Any]:
        best = max(self.final_scores)
        return {"seed": self.seed, "players": len(self.final_scores), "preset": self.preset,
                "rounds": [played.record(self.tiles) for played in self.rounds],
                "final_scores": self.final_scores,
                "winners": [p for p, s in enumerate(self.final_scores) if s == best]}
