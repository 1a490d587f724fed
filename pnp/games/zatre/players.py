"""Simulated players: random legal, and greedy (most points this turn).

Both return a turn as a list of (pips, cell index); the engine checks it. The greedy player scores
every first tile with the best second tile that could follow it. A second tile only interacts with
the first if it lies just past an end of a row the first tile joined (four cells), so those four
are scored exactly and every other cell keeps its precomputed independent score: a pair search
at the cost of a single-tile search. Only the open cells a tile still fits on are scanned, and a row
end is tried only when the merged row can come to a scoring sum with the tiles in hand. Among equal
plans the greedy player takes the cell that comes first in the frontier's set order, so a game
depends only on its seed.
"""

from __future__ import annotations

import random
from operator import itemgetter
from typing import NamedTuple

from pnp.games.zatre.engine import Geometry, Position
from pnp.latest import Latest

# An x2 cross doubles a later sheet row; worth about this many points to a player this turn.
CROSS_VALUE = 1.5


def random_player(pos: Position, hand: list[int], rng: random.Random) -> list[tuple[int, int]]:
    """Place a random tile on a random legal cell until nothing in hand fits."""
    pos = pos.copy()
    hand = hand[:]
    turn: list[tuple[int, int]] = []
    tables = _tables(pos.geo)
    while hand:
        options = [(p, c) for p in sorted(set(hand)) for c in _ordinary_cells(pos, p, tables)]
        if not options:
            options = [(p, c) for p in sorted(set(hand)) for c in pos.placements(p)]
            if not options:
                break
        pips, cell = rng.choice(options)
        hand.remove(pips)
        pos.place(cell, pips)
        turn.append((pips, cell))
    return turn


def greedy_player(pos: Position, hand: list[int], rng: random.Random) -> list[tuple[int, int]]:
    """Best pair of placements by points this turn (crosses worth CROSS_VALUE); then the rest."""
    if not hand:
        return []
    # Of equal plans the first in the order of a copied frontier wins.
    plan = _best_pair(pos, set(pos.frontier), hand)
    if plan is not None and len(plan) == len(hand):
        return plan  # the whole hand goes down: no need to play the plan out on a copy
    pos = pos.copy()
    hand = hand[:]
    turn: list[tuple[int, int]] = []
    while True:
        if plan is None:
            plan = _last_resort(pos, hand)
            if plan is None:
                return turn
        for pips, cell in plan:
            hand.remove(pips)
            pos.place(cell, pips)
            turn.append((pips, cell))
        if not hand:
            return turn
        plan = _best_pair(pos, pos.frontier, hand)


def _last_resort(pos: Position, hand: list[int]) -> list[tuple[int, int]] | None:
    """The smallest tile on the first cell it fits (where no smaller tile fits, no larger one does)."""
    pips = min(hand)
    cells = pos.placements(pips)
    return [(pips, cells[0])] if cells else None


class _HandPlan(NamedTuple):
    """What a pair search needs to know of a hand, worked out once per hand."""

    values: list[int]  # the distinct values, smallest first
    seconds: list[int]  # the values a second tile may have (none with one tile in hand)
    rests: dict[int, list[int]]  # rests[x]: the values a second tile may have once x is down
    # The two tiles interact through a row end only if that row comes to a scoring sum:
    # may_merge[s] tells whether the sum s of the first tile's row and the run beyond the end allows it.
    may_merge: list[bool]


def _hand_plan(geo: Geometry, hand: tuple[int, ...]) -> _HandPlan:
    values = sorted(set(hand))
    if len(hand) == 1:
        rests: dict[int, list[int]] = {values[0]: []}
        seconds: list[int] = []
    else:
        rests = {x: values if hand.count(x) > 1 else [y for y in values if y != x] for x in values}
        seconds = values
    pair_sums = [x + y for x in values for y in rests[x]]
    line_low = geo.lowest_scoring_sum - max(pair_sums, default=geo.max_sum + 1)
    line_high = geo.max_sum - min(pair_sums, default=geo.max_sum + 1)
    # Long enough for any row sum next to an open cell (two runs and the cell's own row).
    may_merge = [line_low <= s <= line_high for s in range(4 * geo.max_sum + 1)]
    return _HandPlan(values, seconds, rests, may_merge)


# Hand plans kept per sorted hand; a bound keeps a long sweep's memory flat.
_HAND_PLANS_KEPT = 4096


def _best_pair(pos: Position, order: set[int], hand: list[int]) -> list[tuple[int, int]] | None:
    """The best first tile and its best follow-up; of equal plans, the first in `order`."""
    geo = pos.geo
    is_double, is_field, gains = geo.is_double, geo.is_field, geo.gains
    ls, rs, us, ds = pos.ls, pos.rs, pos.us, pos.ds
    le, re, ue, de = pos.le, pos.re, pos.ue, pos.de
    tables = _tables(geo)
    span, lone, first_values = tables.span, tables.lone, tables.first_values
    merge_points, across_points = tables.merge_points, tables.across_points
    plans = tables.hand_plans
    key = tuple(sorted(hand))
    plan = plans.get(key)
    if plan is None:
        if len(plans) >= _HAND_PLANS_KEPT:
            plans.clear()
        plan = plans[key] = _hand_plan(geo, key)
    values, seconds, rests, may_merge = plan
    smallest = values[0]
    limit = geo.max_sum - smallest
    # One pass over the open cells the smallest tile fits: each cell's row sums and its key into
    # the lone-value tables.
    cells = []
    live = pos.live
    for c in filter(live.__contains__, order):
        h = ls[c] + rs[c]
        v = us[c] + ds[c]
        if h <= limit and v <= limit:
            cells.append((c, h, v, (h * span + v) * 2 + is_double[c]))
    if not seconds:
        return _best_lone(cells, lone[smallest], smallest)
    # Each second tile's lone placements, best first (of equal values the higher cell); a second tile
    # skips at most the five cells a first one touches, so six are enough.
    alone: dict[int, list[tuple[float, int]]] = {}
    top = {}
    for y in seconds:
        lone_y = lone[y]
        found = sorted([(value, c) for c, _, _, key in cells if (value := lone_y[key]) is not None],
                       reverse=True)
        alone[y] = found[:6]
        top[y] = found[0][0] if found else 0.0
    # The best lone gain of any second tile after x: a pair with x on c scores at most first + this
    # unless the second tile lies just past an end of c's rows.
    top_alone = {}
    for x in values:
        top_alone[x] = max(map(top.__getitem__, rests[x]), default=0.0)
    best_value = -1.0
    best: list[tuple[int, int]] | None = None
    for c, h, v, key in cells:
        left, right, up, down = le[c], re[c], ue[c], de[c]
        # The cells just past the ends of c's rows whose merged row can score: (cell, sum of c's
        # row + the run beyond the cell, points of c's other row by first tile, points across the
        # cell by second tile (-1: over the limit), crosses). Worked out once per end, not per pair.
        # (Unrolled over the four ends, as in `Position.place`: this runs for every open cell of
        # every search.)
        ends = []
        own_cross = key & 1  # whether c itself is a double field
        if is_field[left] and may_merge[line := ls[left] + h]:
            ends.append((left, line, gains[v], across_points[us[left] + ds[left]],
                         CROSS_VALUE * (is_double[left] + own_cross)))
        if is_field[right] and may_merge[line := rs[right] + h]:
            ends.append((right, line, gains[v], across_points[us[right] + ds[right]],
                         CROSS_VALUE * (is_double[right] + own_cross)))
        if is_field[up] and may_merge[line := us[up] + v]:
            ends.append((up, line, gains[h], across_points[ls[up] + rs[up]],
                         CROSS_VALUE * (is_double[up] + own_cross)))
        if is_field[down] and may_merge[line := ds[down] + v]:
            ends.append((down, line, gains[h], across_points[ls[down] + rs[down]],
                         CROSS_VALUE * (is_double[down] + own_cross)))
        for x in values:
            first = first_values[x][key]
            if first is None:
                break  # x does not fit, nor does any larger value
            # A tile that fits but has no lone value sits on a double field it does not score on:
            # legal only if the second tile completes a row.
            pending = first < 0.0
            if pending:
                if not ends:
                    continue
                value = -1.0
            else:
                if not ends and first + top_alone[x] <= best_value:
                    continue  # this first tile cannot beat the best pair found so far
                value = first
                touched = (c, left, right, up, down)
            second: tuple[int, int] | None = None
            for y in rests[x]:
                if not pending:
                    for gain, cell in alone[y]:
                        if cell not in touched:
                            if first + gain > value:
                                value = first + gain
                                second = (y, cell)
                            break
                for g, line, kept, across, crosses in ends:
                    pm = merge_points[line + x + y]
                    pp = across[y]
                    if pm < 0 or pp < 0:
                        continue  # over the limit, or no new scoring row (the lone score covers y here)
                    total = kept[x] + pm + pp + crosses
                    if total > value:
                        value = total
                        second = (y, g)
            if value > best_value:
                best_value = value
                best = [(x, c)] if second is None else [(x, c), second]
    return best


def _best_lone(cells: list[tuple[int, int, int, int]], lone_x: list[float | None],
               pips: int) -> list[tuple[int, int]] | None:
    """A hand of one tile: its best lone placement on `cells` (as `_best_pair` lists them), of equal
    ones the first listed (`max` keeps the first of equal keys); a double field only where it scores."""
    found = [(value, c) for c, _, _, key in cells if (value := lone_x[key]) is not None]
    if not found:
        return None
    return [(pips, max(found, key=itemgetter(0))[1])]


def _best_single(pos: Position, order: set[int], pips: int) -> list[tuple[int, int]] | None:
    """One tile in hand (the lookahead player's follow-ups, kept tiles): the best lone placement,
    of equal ones the first in `order`; a double field only where it scores."""
    tables = _tables(pos.geo)
    span, lone = tables.span, tables.lone[pips]
    ls, rs, us, ds = pos.ls, pos.rs, pos.us, pos.ds
    is_double = pos.geo.is_double
    best_value = -1.0
    best = -1
    live = pos.live
    for c in [c for c in order if c in live]:  # the other frontier cells take no tile of the set
        value = lone[((ls[c] + rs[c]) * span + us[c] + ds[c]) * 2 + is_double[c]]
        if value is not None and value > best_value:
            best_value = value
            best = c
    return None if best < 0 else [(pips, best)]


# The lookahead player tries this many best first placements per pip value in hand.
FIRST_PLACEMENTS = 2
# How much the opponent's best single placement after a turn counts against it: the opponent holds
# two tiles of unknown values, so the best placement of any value overstates what it can do.
REPLY_WEIGHT = 0.5
REPLY_PIPS = range(1, 7)  # the values the opponent's tiles may show (a standard set)


def lookahead_player(pos: Position, hand: list[int], rng: random.Random) -> list[tuple[int, int]]:
    """The greedy turn, or a turn that starts with another of the best single placements and goes
    on greedily: whichever scores most after half the best reply it opens to the opponent."""
    tables = _tables(pos.geo)
    # (turn, the position after its first tile (None: the greedy turn from `pos`), that tile's value)
    candidates: list[tuple[list[tuple[int, int]], Position | None, float]] = [
        (greedy_player(pos, hand, rng), None, 0.0)]
    for pips in sorted(set(hand)):
        for cell in _best_cells(pos, pips, tables, FIRST_PLACEMENTS):
            after = pos.copy()
            after.place(cell, pips)
            rest = hand[:]
            rest.remove(pips)
            candidates.append(([(pips, cell), *greedy_player(after, rest, rng)], after, _value(pos, cell, pips)))
    best: list[tuple[int, int]] = candidates[0][0]
    best_value = float("-inf")
    for turn, after, opening in candidates:
        # Each candidate's own position (its first tile already down) is played on to the turn's end.
        if after is None:
            after, value, rest_of_turn = pos.copy(), 0.0, turn
        else:
            value, rest_of_turn = 0.0 + opening, turn[1:]
        for pips, cell in rest_of_turn:
            value += _value(after, cell, pips)
            after.place(cell, pips)
        value -= REPLY_WEIGHT * _best_reply(after, tables)
        if value > best_value:
            best, best_value = turn, value
    return best


def _value(pos: Position, cell: int, pips: int) -> float:
    """Points of a placement now, an x2 cross counted at CROSS_VALUE."""
    points = pos.immediate_points(cell, pips)
    return points + CROSS_VALUE if pos.geo.is_double[cell] and points else float(points)


class _Tables:
    """Per geometry, built once: what a lone tile scores on a cell, by the cell's key
    ((h * span + v) * 2 + is_double, h and v the sums of its two rows; span = 2 * max_sum + 1, as a
    frontier cell's row may join two runs). Players look these up instead of scoring each cell."""

    def __init__(self, geo: Geometry) -> None:
        max_sum, points = geo.max_sum, geo.points
        self.span = span = 2 * max_sum + 1
        keys = [(h, v, d) for h in range(span) for v in range(span) for d in (0, 1)]
        # lone[pips][key]: value of an ordinary placement (crosses at CROSS_VALUE; a double field
        # only where it scores), None where the tile does not fit or the double would not score.
        self.lone: list[list[float | None]] = [
            [_lone_value(points, max_sum, pips, h, v, d) for h, v, d in keys]
            for pips in range(max(max(REPLY_PIPS), max_sum) + 1)]
        # reply[key]: the best lone value of any value the opponent may hold (0.0: none fits).
        # Frontier cells left out of `Position.live` take no tile of the set; they take none of
        # REPLY_PIPS either when the set has a tile as small as the smallest of those.
        self.reply_on_live = geo.open_limit >= max_sum - min(REPLY_PIPS)
        self.reply = [max([0.0, *(x for p in REPLY_PIPS if (x := self.lone[p][i]) is not None)])
                      for i in range(len(keys))]
        # first_values[pips][key]: lone[pips][key] where that is a value; -1.0 where the tile fits
        # but sits on a double field it does not score on; None where it does not fit.
        self.first_values: list[list[float | None]] = [
            [value if value is not None else -1.0 if pips and h + pips <= max_sum and v + pips <= max_sum else None
             for value, (h, v, _) in zip(by_key, keys, strict=True)]
            for pips, by_key in enumerate(self.lone)]
        # A pair's second tile at a row end of the first one (the pair search):
        # merge_points[s]: points of the merged row of sum s, -1 below the lowest scoring sum or over
        # the limit (a sum between them that earns nothing reads 0); a row and the run beyond its end
        # sum to at most 2 * max_sum, and each tile adds at most max_sum.
        # across_points[s][y]: points of the row across the end cell, of sum s without the second
        # tile of y (0: no row), -1 where that row would go over the limit.
        lowest = geo.lowest_scoring_sum
        self.merge_points = [points[s] if lowest <= s <= max_sum else -1 for s in range(4 * max_sum + 1)]
        self.across_points = [[-1 if s + y > max_sum else points[s + y] if s else 0 for y in range(len(self.lone))]
                              for s in range(span)]
        self.hand_plans: dict[tuple[int, ...], _HandPlan] = {}


def _lone_value(points: list[int], max_sum: int, pips: int, h: int, v: int, double: int) -> float | None:
    if pips < 1 or h + pips > max_sum or v + pips > max_sum:
        return None
    gain = (points[h + pips] if h else 0) + (points[v + pips] if v else 0)
    if double:
        return gain + CROSS_VALUE if gain else None
    return float(gain)


# The tables of the board being played; only the latest is kept (a sweep plays many boards).
_tables: Latest[Geometry, _Tables] = Latest(_Tables)


def _best_reply(pos: Position, tables: _Tables) -> float:
    """The most one tile of any value the opponent may hold scores now."""
    span, reply = tables.span, tables.reply
    ls, rs, us, ds = pos.ls, pos.rs, pos.us, pos.ds
    is_double = pos.geo.is_double
    cells = pos.live if tables.reply_on_live else pos.frontier
    return max([reply[((ls[c] + rs[c]) * span + us[c] + ds[c]) * 2 + is_double[c]] for c in cells], default=0.0)


def _ordinary_cells(pos: Position, pips: int, tables: _Tables) -> list[int]:
    """`Position.ordinary_placements` read from the tables: the cells a tile fits on, in cell order,
    a double field only where it scores at once."""
    span, lone = tables.span, tables.lone[pips]
    ls, rs, us, ds = pos.ls, pos.rs, pos.us, pos.ds
    is_double = pos.geo.is_double
    return sorted([c for c in pos.live  # the other frontier cells take no tile of the set
                   if lone[((ls[c] + rs[c]) * span + us[c] + ds[c]) * 2 + is_double[c]] is not None])


def _best_cells(pos: Position, pips: int, tables: _Tables, count: int) -> list[int]:
    """The `count` best ordinary placements of one tile (a double field only where it scores):
    highest value first, of equal values the lower cell."""
    span, lone = tables.span, tables.lone[pips]
    ls, rs, us, ds = pos.ls, pos.rs, pos.us, pos.ds
    is_double = pos.geo.is_double
    found = [(-value, c) for c in pos.live  # the other frontier cells take no tile of the set
             if (value := lone[((ls[c] + rs[c]) * span + us[c] + ds[c]) * 2 + is_double[c]]) is not None]
    found.sort()
    return [c for _, c in found[:count]]


PLAYER_ORDER = ("random", "greedy", "lookahead")  # weakest to strongest, for the skill matrix
