"""Simulated players: random legal, and greedy (most points this turn).

Both return a turn as a list of (pips, cell index); the engine checks it. The greedy player scores
every first tile with the best second tile that could follow it. A second tile only interacts with
the first if it lies just past an end of a row the first tile joined (four cells), so those four
are scored exactly and every other cell keeps its precomputed independent score: a pair search
at the cost of a single-tile search.
"""

from __future__ import annotations

import random

from pnp.games.zatre.engine import Position

# An x2 cross doubles a later sheet row; worth about this many points to a player this turn.
CROSS_VALUE = 1.5


def random_player(pos: Position, hand: list[int], rng: random.Random) -> list[tuple[int, int]]:
    """Place a random tile on a random legal cell until nothing in hand fits."""
    pos = pos.copy()
    hand = hand[:]
    turn: list[tuple[int, int]] = []
    while hand:
        options = [(p, c) for p in sorted(set(hand)) for c in pos.ordinary_placements(p)]
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
    pos = pos.copy()
    hand = hand[:]
    turn: list[tuple[int, int]] = []
    while hand:
        plan = _best_pair(pos, hand)
        if plan is None:
            plan = _last_resort(pos, hand)
            if plan is None:
                break
        for pips, cell in plan:
            hand.remove(pips)
            pos.place(cell, pips)
            turn.append((pips, cell))
    return turn


def _last_resort(pos: Position, hand: list[int]) -> list[tuple[int, int]] | None:
    for pips in sorted(set(hand)):
        cells = pos.placements(pips)
        if cells:
            return [(pips, cells[0])]
    return None


def _independent(pos: Position, pips: int) -> list[tuple[float, int]]:
    """(value, cell) of every ordinary placement of one tile, best first (top few only)."""
    geo = pos.geo
    points, is_double = geo.points, geo.is_double
    limit = geo.max_sum - pips
    ls, rs, us, ds = pos.ls, pos.rs, pos.us, pos.ds
    scored = []
    for c in pos.frontier:
        h = ls[c] + rs[c]
        v = us[c] + ds[c]
        if h > limit or v > limit:
            continue
        gain = (points[h + pips] if h else 0) + (points[v + pips] if v else 0)
        if is_double[c]:
            if not gain:
                continue
            scored.append((gain + CROSS_VALUE, c))
        else:
            scored.append((gain, c))
    scored.sort(reverse=True)
    return scored[:6]


def _best_pair(pos: Position, hand: list[int]) -> list[tuple[int, int]] | None:
    geo = pos.geo
    points, is_double, is_field = geo.points, geo.is_double, geo.is_field
    w = geo.width
    max_sum = geo.max_sum
    lowest = geo.lowest_scoring_sum
    ls, rs, us, ds = pos.ls, pos.rs, pos.us, pos.ds
    ln, rn, un, dn = pos.ln, pos.rn, pos.un, pos.dn
    values = sorted(set(hand))
    alone = {p: _independent(pos, p) for p in values}
    rests = {}
    for x in values:
        rest = hand[:]
        rest.remove(x)
        rests[x] = sorted(set(rest))
    best_value = -1.0
    best: list[tuple[int, int]] | None = None
    for c in pos.frontier:
        h = ls[c] + rs[c]
        v = us[c] + ds[c]
        hv = h if h > v else v
        if hv + values[0] > max_sum:
            continue
        double_c = is_double[c]
        left = c - ln[c] - 1
        right = c + rn[c] + 1
        up = c - (un[c] + 1) * w
        down = c + (dn[c] + 1) * w
        touched = (c, left, right, up, down)
        # The cells just past the ends of c's rows, the only ones a second tile interacts through:
        # (cell, sum of c's row + the run beyond the cell, sum across the cell, c's row kept apart).
        ends = []
        if is_field[left]:
            ends.append((left, ls[left] + h, us[left] + ds[left], 0))
        if is_field[right]:
            ends.append((right, rs[right] + h, us[right] + ds[right], 0))
        if is_field[up]:
            ends.append((up, us[up] + v, ls[up] + rs[up], 1))
        if is_field[down]:
            ends.append((down, ds[down] + v, ls[down] + rs[down], 1))
        for x in values:
            if hv + x > max_sum:
                break
            ph = points[h + x] if h else 0
            pv = points[v + x] if v else 0
            pending = double_c and not (ph or pv)  # legal only if the second tile completes a row
            first = 0.0 if pending else ph + pv + (CROSS_VALUE if double_c else 0.0)
            value = -1.0 if pending else first
            second: tuple[int, int] | None = None
            for y in rests[x]:
                if not pending:
                    for gain, cell in alone[y]:
                        if cell not in touched:
                            if first + gain > value:
                                value = first + gain
                                second = (y, cell)
                            break
                for g, line, perp, across in ends:
                    merged = line + x + y
                    if merged > max_sum or perp + y > max_sum:
                        continue
                    if merged < lowest and not pending:
                        continue  # no new row; the independent score above already covers y here
                    pm = points[merged]
                    kept = ph if across else pv
                    if double_c and not (pm or kept):
                        continue  # c's rows must still score once both tiles are down
                    pp = points[perp + y] if perp else 0
                    total = kept + pm + pp
                    if is_double[g]:
                        if not (pm or pp):
                            continue
                        total += CROSS_VALUE
                    if double_c:
                        total += CROSS_VALUE
                    if total > value:
                        value = total
                        second = (y, g)
            if value > best_value:
                best_value = value
                best = [(x, c)] if second is None else [(x, c), second]
    return best


# The lookahead player tries this many best first placements per pip value in hand.
FIRST_PLACEMENTS = 2
# How much the opponent's best single placement after a turn counts against it: the opponent holds
# two tiles of unknown values, so the best placement of any value overstates what it can do.
REPLY_WEIGHT = 0.5
REPLY_PIPS = range(1, 7)  # the values the opponent's tiles may show (a standard set)


def lookahead_player(pos: Position, hand: list[int], rng: random.Random) -> list[tuple[int, int]]:
    """The greedy turn, or a turn that starts with another of the best single placements and goes
    on greedily: whichever scores most after half the best reply it opens to the opponent."""
    candidates = [greedy_player(pos, hand, rng)]
    for pips in sorted(set(hand)):
        for _, cell in _placements_by_value(pos, pips)[:FIRST_PLACEMENTS]:
            after = pos.copy()
            after.place(cell, pips)
            rest = hand[:]
            rest.remove(pips)
            candidates.append([(pips, cell), *greedy_player(after, rest, rng)])
    best: list[tuple[int, int]] = candidates[0]
    best_value = float("-inf")
    for turn in candidates:
        after = pos.copy()
        value = 0.0
        for pips, cell in turn:
            value += _value(after, cell, pips)
            after.place(cell, pips)
        reply = max((_placements_by_value(after, pips)[:1] or [(0.0, 0)])[0][0] for pips in REPLY_PIPS)
        value -= REPLY_WEIGHT * reply
        if value > best_value:
            best, best_value = turn, value
    return best


def _value(pos: Position, cell: int, pips: int) -> float:
    """Points of a placement now, an x2 cross counted at CROSS_VALUE."""
    points = pos.immediate_points(cell, pips)
    return points + CROSS_VALUE if pos.geo.is_double[cell] and points else float(points)


def _placements_by_value(pos: Position, pips: int) -> list[tuple[float, int]]:
    """(value, cell) of every ordinary placement of one tile (a double field only where it scores),
    best first."""
    found = []
    is_double = pos.geo.is_double
    for cell in pos.frontier:
        if pos.fits(cell, pips):
            value = _value(pos, cell, pips)
            if value or not is_double[cell]:
                found.append((value, cell))
    found.sort(key=lambda item: (-item[0], item[1]))
    return found


PLAYER_ORDER = ("random", "greedy", "lookahead")  # weakest to strongest, for the skill matrix
