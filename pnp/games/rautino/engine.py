"""Rautino rules engine: board state, legal placements, scoring, turn order and game end.

Colours are indices into `model.all_colours` (the joker is the last one). Cells are indices into
`Tables.cells`: the board's triangles first, then the ring of triangles just outside it, where a
joker triangle may stick out in two-player games. Everything that depends only on the board and
the shapes is precomputed once per model, so a placement touches only small lists.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pnp.geometry import trigrid as tg
from pnp.latest import Latest

from .model import PlayerRules, RautinoModel

EMPTY = -1
NO_CELL = -1  # the last entry of a board's colour list: a padding cell that is always empty
Stone = tuple[int, int]  # colour indices of the stone's two triangles

# What a triangle of a new stone lands on.
ON_EMPTY, ON_JOKER, OFF_BOARD = 0, 1, 2
CLOSED = 3  # no triangle may go there


@dataclass(frozen=True)
class Slot:
    """Two edge-adjacent cells a stone can cover; `b` may lie in the ring outside the board."""

    a: int
    b: int
    contacts_a: tuple[int, ...]  # edge neighbours of a, without b
    contacts_b: tuple[int, ...]
    # Shape instances a stone here could form: instance -> (rank, instance, shape, a inside,
    # b inside). Only those whose shape accepts that many of the new stone's triangles; the rank
    # orders a placement's shapes in its score.
    shapes: dict[int, tuple[int, int, int, bool, bool]]


# A shape instance as a stone on a slot would form it: (rank on the slot, points by colour count,
# whether some colours of the stone make it score by colour count of its other cells, mask for a,
# mask for b (as in `Completion`), instance, shape, cell set).
CompletionPart = tuple[int, tuple[int | None, ...], tuple[bool, ...], int, int, int, int, int]

# A cell set's slots that would complete it, by the bits of its empty cells (at most two left):
# (every such slot, ((slot, instance it would complete), ...)), flat so that a set becoming ready
# is two set updates and one loop.
Completing = dict[int, tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]


@dataclass(frozen=True)
class Tables:
    cells: tuple[tg.Cell, ...]
    index: dict[tg.Cell, int]
    board_cells: int  # cells[:board_cells] are on the board
    slots: tuple[Slot, ...]
    slot_of: dict[tuple[int, int], int]  # ordered (a, b) and (b, a) -> slot index
    touching: tuple[tuple[int, ...], ...]  # cell -> slots it would touch once occupied
    affected: tuple[frozenset[int], ...]  # cell -> slots whose landing or contacts change with it
    instance_cells: tuple[tuple[int, ...], ...]
    instance_shape: tuple[int, ...]
    # Instances of different shapes on the same cells (the two Sechseck shapes) share one cell set:
    # a placement updates its empty cells and colours once for all of them.
    cell_set_of: tuple[int, ...]  # instance -> its cell set
    cell_set_instances: tuple[tuple[int, ...], ...]
    # cell -> per cell set it is in: (cell set, mask that clears the cell's bit among the set's
    # cells, the set's dead_from, the set's completing entry); one tuple, so laying a triangle
    # reads what it needs of a set in one unpacking.
    cell_sets_at: tuple[tuple[tuple[int, int, int, Completing], ...], ...]
    completing: tuple[Completing, ...]  # per cell set
    start: tuple[int, int]
    joker: int  # colour index of the joker
    # Per shape: points by colour count (0 counts as 1: a shape of jokers only).
    points: tuple[tuple[int | None, ...], ...]
    # Per shape, per number of new triangles in it (0-2), per colour count of its other cells:
    # whether some colours of the new stone make it score.
    alive: tuple[tuple[tuple[bool, ...], ...], ...]
    # Per cell set: the colour count from which none of its instances can score (colours only
    # grow), so it is no longer followed (a big triangle with two colours). Beyond reach: never.
    dead_from: tuple[int, ...]
    small: tuple[int, ...]  # cell sets of one or two cells: a stone can form them on an empty board
    all_empty: tuple[int, ...]  # per cell set: the bits of all its cells
    # Per slot: a, b and two contacts of each, padded with NO_CELL (a cell that stays empty).
    slot_cells: tuple[tuple[int, int, int, int, int, int], ...]
    # Per slot, per shape instance a stone there could form: what scoring it reads, in one tuple
    # that sorts by the instance's rank on the slot (`CompletionPart`).
    completion_parts: tuple[dict[int, CompletionPart], ...]





@lru_cache(maxsize=16)
def _tables_for(model: RautinoModel) -> Tables:
    board = model.board.cell_set
    ring = {n for cell in board for n in tg.neighbours(cell) if n not in board}
    cells = (*model.board.cells, *sorted(ring, key=lambda c: (c[1], c[0])))
    index = {cell: i for i, cell in enumerate(cells)}
    nbrs = [tuple(index[n] for n in tg.neighbours(cell) if n in index) for cell in cells]

    instance_cells: list[tuple[int, ...]] = []
    instance_shape: list[int] = []
    # Shapes may reach into the ring when a joker sticking out of the board can complete them.
    region = board | ring if model.overhanging_joker_shapes_score else board
    for shape_index, shape in enumerate(model.shapes):
        seen: set[frozenset[tg.Cell]] = set()
        for orientation in shape.orientations:
            for placed in tg.placements(orientation, region):
                if placed not in seen:
                    seen.add(placed)
                    instance_cells.append(tuple(sorted(index[c] for c in placed)))
                    instance_shape.append(shape_index)
    by_cell: list[list[int]] = [[] for _ in cells]
    for inst, members in enumerate(instance_cells):
        for cell in members:
            by_cell[cell].append(inst)
    set_index: dict[tuple[int, ...], int] = {}
    cell_set_of = tuple(set_index.setdefault(members, len(set_index)) for members in instance_cells)
    set_cells = tuple(set_index)
    set_instances = tuple(tuple(i for i, s in enumerate(cell_set_of) if s == index) for index in range(len(set_cells)))
    sets_at = [sorted({cell_set_of[i] for i in by_cell[cell]}) for cell in range(len(cells))]

    n_board = len(model.board.cells)
    slots: list[Slot] = []
    slot_of: dict[tuple[int, int], int] = {}
    for a in range(n_board):
        for b in nbrs[a]:
            if b < a:
                continue  # each board pair once; ring cells have larger indices
            entry = []
            for inst in sorted(set(by_cell[a]) | set(by_cell[b])):
                shape = instance_shape[inst]
                has_a, has_b = a in instance_cells[inst], b in instance_cells[inst]
                if model.shapes[shape].accepts_new_cells(has_a + has_b):
                    entry.append((inst, shape, has_a, has_b))
            if not model.rescore_overbuilt_shapes:  # historical order: a's, b's, then shared shapes
                entry.sort(key=lambda e: 2 if e[2] and e[3] else 0 if e[2] else 1)
            slot_of[(a, b)] = slot_of[(b, a)] = len(slots)
            slots.append(Slot(a, b, tuple(n for n in nbrs[a] if n != b), tuple(n for n in nbrs[b] if n != a),
                              {e[0]: (rank, *e) for rank, e in enumerate(entry)}))
    touching: list[list[int]] = [[] for _ in cells]
    affected: list[set[int]] = [set() for _ in cells]
    for slot_index, slot in enumerate(slots):
        for cell in {*slot.contacts_a, *slot.contacts_b}:
            touching[cell].append(slot_index)
        for cell in {slot.a, slot.b, *slot.contacts_a, *slot.contacts_b}:
            affected[cell].add(slot_index)
    # A stone completes an instance when the instance's empty cells all lie under it (rescoring
    # also when none is left: the stone covers a joker in it).
    by_empty: list[dict[int, dict[int, tuple[int, ...]]]] = [{} for _ in set_cells]
    for slot_index, slot in enumerate(slots):
        for inst, (_, _, _, has_a, has_b) in slot.shapes.items():
            members = instance_cells[inst]
            under = [1 << members.index(c) for c, inside in ((slot.a, has_a), (slot.b, has_b)) if inside]
            empties = {*under, sum(under)}
            if model.rescore_overbuilt_shapes:
                empties.add(0)
            for empty in empties:
                waiting = by_empty[cell_set_of[inst]].setdefault(empty, {})
                waiting[inst] = (*waiting.get(inst, ()), slot_index)
    completing = tuple({empty: (tuple(sorted({slot for targets in waiting.values() for slot in targets})),
                                tuple((slot, inst) for inst, targets in waiting.items() for slot in targets))
                        for empty, waiting in entry.items()} for entry in by_empty)
    start = (index[model.board.start[0]], index[model.board.start[1]])
    joker = len(model.colours)
    points = tuple(tuple(s.points_for(max(1, n)) for n in range(joker + 1)) for s in model.shapes)
    alive = tuple(tuple(tuple(any(p is not None for p in row[least:least + new + 1]) for least in range(joker + 1))
                        for new in range(3)) for row in points)
    dead_from = [next((n for n in range(joker + 1) if all(p is None for p in row[n:])), joker + 1) for row in points]
    set_dead_from = tuple(max(dead_from[instance_shape[i]] for i in members) for members in set_instances)
    cell_sets_at = tuple(tuple((s, ~(1 << set_cells[s].index(cell)), set_dead_from[s], completing[s]) for s in at)
                         for cell, at in enumerate(sets_at))
    completion_parts = tuple({inst: (rank, points[shape], alive[shape][has_a + has_b], -has_a, -has_b, inst, shape,
                                     cell_set_of[inst])
                              for inst, (rank, _, shape, has_a, has_b) in slot.shapes.items()} for slot in slots)
    return Tables(cells, index, n_board, tuple(slots), slot_of, tuple(tuple(t) for t in touching),
                  tuple(frozenset(a) for a in affected), tuple(instance_cells), tuple(instance_shape),
                  cell_set_of, set_instances, cell_sets_at, completing, start, joker, points, alive, set_dead_from,
                  tuple(i for i, members in enumerate(set_cells) if (1 << len(members)) - 1 in completing[i]),
                  tuple((1 << len(members)) - 1 for members in set_cells),
                  tuple((slot.a, slot.b, *_two(slot.contacts_a), *_two(slot.contacts_b)) for slot in slots),
                  completion_parts)


# The tables of a model; the same model object as last time skips hashing the whole spec (a frozen
# dataclass hashes every field on each call), which a new board pays each game.
tables_for: Latest[RautinoModel, Tables] = Latest(_tables_for)


def _two(contacts: tuple[int, ...]) -> tuple[int, int]:
    """A slot's contacts on one side, padded to two (a cell has three edges, one is the stone's)."""
    padded = (*contacts, NO_CELL, NO_CELL)
    return padded[0], padded[1]


@dataclass(frozen=True)
class ShapeScore:
    shape: int  # index into model.shapes
    instance: int
    colours: int  # distinct colours, jokers wild
    points: int


@dataclass(frozen=True)
class Score:
    stone: int
    shapes: tuple[ShapeScore, ...]
    combo: int

    @property
    def total(self) -> int:
        return self.stone + sum(s.points for s in self.shapes) + self.combo


# A legal move: (index in the hand, slot, colour laid on slot.a, colour laid on slot.b).
Move = tuple[int, int, int, int]


# A shape this placement would complete: (points by number of colours, colour bits of its other
# cells, bits mask for a, bits mask for b, instance, shape). The masks are -1 when a (or b) is
# part of the shape, 0 when not, so `others | bit_a & mask_a | bit_b & mask_b` are its colours.
Completion = tuple[tuple[int | None, ...], int, int, int, int, int]


class Board:
    """The cells' colours; per shape instance its empty cells and the colours laid in it; and
    per open slot which ordered colour pairs fit there.

    Colours in shapes and contacts are bit sets (bit c for colour c), so counting the colours of
    a shape is a popcount and deciding what fits is one lookup per slot."""

    def __init__(self, model: RautinoModel, players: int) -> None:
        self.model = model
        self.tables = tables_for(model)
        self.rules: PlayerRules = model.rules_for(players)
        self.strict = model.matching == "strict"
        self.joker = joker = self.tables.joker
        tables = self.tables
        self.colour = [EMPTY] * (len(tables.cells) + 1)  # the last one is NO_CELL
        # What a new triangle would land on, per cell (what may land there: `landing`).
        off_board = OFF_BOARD if self.rules.joker_overhang else CLOSED
        self._kind = [ON_EMPTY] * tables.board_cells + [off_board] * (len(tables.cells) - tables.board_cells) + [CLOSED]
        # Per cell set: bits of its empty cells, and of the non-joker colours laid in it.
        self.empty_cells = list(tables.all_empty)
        self.set_colours = [0] * len(self.empty_cells)
        # Per cell set: still followed (False once it can never score). A flag rather than per-board
        # copies of the tables' cell -> cell sets lists: a new board or a copy then costs one list.
        self._followed = [True] * len(self.empty_cells)
        # Colour -> bit. The last entry serves EMPTY (-1): no bit.
        self._contact_bit = [1 << c for c in range(joker + 1)] + [0]
        self._shape_bit = [1 << c for c in range(joker)] + [0, 0]  # jokers take any colour
        self._pair_count = joker + 1  # ordered pair (x, y) of colours -> bit x * _pair_count + y
        # Slot -> the shape instances a stone there would complete: those whose empty cells all
        # lie under the slot (none left is allowed only when rescoring). Kept up to date as
        # cells fill, so scoring looks only at slots that can form something.
        self._ready: dict[int, set[int]] = {}
        self._ready_at: dict[int, set[int]] = {}  # cell set -> slots its instances were made ready for
        # Slot -> its completions, the totals found so far by ordered colour pair, and the best
        # totals found so far by bits of ordered pairs (those two shared through `_SCORE_MEMOS`
        # with every slot whose completions are alike), until a cell of one of its ready
        # instances changes.
        self._completion_cache: dict[int, tuple[list[Completion], list[int | None], dict[int, int]]] = {}
        self._stale: set[int] = set()  # slots whose cached completions a placement changed
        self._open: list[tuple[int, int]] | None = None
        self._frontier: set[int] = set()  # slots touching an occupied cell
        # Open slot -> bits of the ordered colour pairs that fit there, kept between turns:
        # a placement changes only the slots around it.
        self._entries: dict[int, int] = {}
        self._dirty: set[int] = set()
        self._fit_cache = _FIT_CACHES.setdefault((self.strict, joker), {})  # shared by every game
        self._score_memo = _score_memo_for(
            (tables.points, self.rules.stone_point, self.rules.combo_bonus, self._pair_count))
        self._plain = Score(self.rules.stone_point, (), 0)
        for cell_set in tables.small:
            self._nearly_complete(cell_set, self.empty_cells[cell_set])
        self._drop_stale()

    # --- what a triangle may land on ----------------------------------------------------------

    def landing(self, cell: int, colour: int) -> int | None:
        """ON_EMPTY, ON_JOKER, OFF_BOARD, or None when that triangle may not go there."""
        kind = self._cell_kind(cell)
        if kind is None:
            return None
        if kind == ON_JOKER and colour == self.joker:
            return None  # only a colour triangle covers a joker
        if kind == OFF_BOARD and colour != self.joker:
            return None  # only a joker triangle may stick out
        return kind

    def _cell_kind(self, cell: int) -> int | None:
        kind = self._kind[cell]
        return None if kind == CLOSED else kind

    def _open_slots(self) -> list[tuple[int, int]]:
        """(slot, bits of the ordered colour pairs that fit) of every slot where some stone fits,
        in slot order. Cached until the board changes."""
        if self._open is not None:
            return self._open
        colours, bit = self.colour, self._contact_bit
        both = self.model.overbuild_both_triangles
        slot_cells, entries, frontier = self.tables.slot_cells, self._entries, self._frontier
        cache, strict, joker, kind = self._fit_cache, self.strict, self.joker, self._kind
        for index in self._dirty & frontier:
            a, b, a1, a2, b1, b2 = slot_cells[index]
            kind_a, kind_b = kind[a], kind[b]
            if kind_a == CLOSED or kind_b == CLOSED or (kind_a == ON_JOKER and kind_b == ON_JOKER and not both):
                # A cell only ever goes from empty to joker to colour: a slot closed now stays closed.
                frontier.discard(index)
                entries.pop(index, None)
                continue
            key = (kind_a, kind_b, bit[colours[a1]] | bit[colours[a2]], bit[colours[b1]] | bit[colours[b2]])
            fit = cache.get(key)
            if fit is None:
                fit = cache[key] = fitting_pairs(strict, joker, *key)
            if fit:
                entries[index] = fit
            else:
                entries.pop(index, None)
        self._dirty.clear()
        self._open = sorted(entries.items())
        return self._open

    def fits(self, slot_index: int, colour_a: int, colour_b: int) -> bool:
        self._open_slots()  # brings the fits of the open slots up to date
        return bool(self._entries.get(slot_index, 0) >> (colour_a * self._pair_count + colour_b) & 1)

    def placements(self, stone: Stone) -> list[tuple[int, int, int]]:
        """Every legal (slot, colour on a, colour on b) for one stone."""
        x, y = stone
        n = self._pair_count
        as_is, turned = 1 << (x * n + y), 1 << (y * n + x)
        if x == y:
            return [(index, x, y) for index, fit in self._open_slots() if fit & as_is]
        out = []
        for index, fit in self._open_slots():
            if fit & as_is:
                out.append((index, x, y))
            if fit & turned:
                out.append((index, y, x))
        return out

    def moves(self, hand: list[Stone]) -> list[Move]:
        """Every legal move of a hand: stone by stone (a repeated stone once), slot by slot."""
        return self._moves_on(hand, self._open_slots())

    def _moves_on(self, hand: list[Stone], open_slots: list[tuple[int, int]]) -> list[Move]:
        """The legal moves of a hand on these open slots (slot, fitting pairs), in move order."""
        n = self._pair_count
        out: list[Move] = []
        for i, (x, y) in enumerate(hand):
            if (x, y) in hand[:i]:
                continue
            as_is, turned = 1 << (x * n + y), 1 << (y * n + x)
            if x == y:
                out += [(i, index, x, y) for index, fit in open_slots if fit & as_is]
                continue
            for index, fit in open_slots:
                if fit & as_is:
                    out.append((i, index, x, y))
                if fit & turned:
                    out.append((i, index, y, x))
        return out

    def any_fits(self, stones: list[Stone] | set[Stone]) -> bool:
        wanted = self._pairs_of(stones)
        for _, fit in self._open_slots():  # noqa: SIM110 - asked every turn; a generator costs more
            if fit & wanted:
                return True
        return False

    def _pairs_of(self, stones: list[Stone] | set[Stone]) -> int:
        """Bits of the ordered colour pairs these stones can lie as, either way round."""
        n = self._pair_count
        wanted = 0
        for x, y in stones:  # a repeated stone sets the same bits again
            wanted |= 1 << (x * n + y) | 1 << (y * n + x)
        return wanted

    def best_total(self, stones: list[Stone] | set[Stone]) -> int | None:
        """The highest total of a legal placement of any of these stones; None when none fits.
        Only slots where a shape can form are scored: anywhere else a stone scores the stone point."""
        wanted = self._pairs_of(stones)
        ready, plain = self._ready, self.rules.stone_point
        best = None
        for index, fit in self._open_slots():
            fit &= wanted
            if not fit:
                continue
            total = self._best_on(index, fit) if index in ready else plain
            if best is None or total > best:
                best = total
        return best

    def _best_on(self, slot_index: int, pairs: int) -> int:
        """The highest total of these ordered colour pairs (bits) on a slot where a shape can
        form; kept by bits with the slot's completions."""
        self._completions(slot_index)
        bests = self._completion_cache[slot_index][2]
        best = bests.get(pairs)
        if best is None:
            n = self._pair_count
            moves = [(0, slot_index, pair // n, pair % n) for pair in range(n * n) if pairs >> pair & 1]
            best = bests[pairs] = max(self.totals(moves))
        return best

    def best_moves(self, hand: list[Stone]) -> list[Move]:
        """The legal moves of a hand with the highest total, in the order of `moves` (which of
        them a player picks at random is part of the game). Only moves on slots where a shape
        can form are scored: every other move is worth the stone point."""
        open_slots, ready = self._open_slots(), self._ready
        # Most turns some shape scores, and then only these few moves need generating.
        scoring = self._moves_on(hand, [entry for entry in open_slots if entry[0] in ready])
        if not scoring:
            return self.moves(hand)
        totals = self.totals(scoring)
        top = max(totals)
        plain = self.rules.stone_point
        if plain >= top:
            moves = self.moves(hand)
            if len(moves) > len(scoring):  # some move is worth the stone point only
                if plain > top:
                    return [move for move in moves if move[1] not in ready]
                ties = {move for move, total in zip(scoring, totals, strict=True) if total == top}
                return [move for move in moves if move[1] not in ready or move in ties]
        return [move for move, total in zip(scoring, totals, strict=True) if total == top]

    # --- scoring --------------------------------------------------------------------------

    def _completions(self, slot_index: int) -> list[Completion]:
        """Shape instances a placement on this slot would form, whatever its colours, in the
        slot's rank order."""
        cached = self._completion_cache.get(slot_index)
        if cached is not None:
            return cached[0]
        ready = self._ready.get(slot_index)
        if not ready:
            return []
        parts = self.tables.completion_parts[slot_index]
        # a and b are empty or hold a joker about to be covered: the instance's colours so far
        # are those of its other cells.
        set_colours = self.set_colours
        found: list[Completion] = []
        # The totals depend only on the shapes, their colours so far and which of a and b they
        # hold: slots, boards and games alike in that share them.
        alike: list[tuple[int, int, int, int]] = []
        for _, row, alive, mask_a, mask_b, inst, shape, cell_set in sorted([parts[i] for i in ready]):
            others = set_colours[cell_set]
            # Left out when no colours of the new stone can make it score (a big triangle that
            # already has two colours).
            if alive[others.bit_count()]:
                found.append((row, others, mask_a, mask_b, inst, shape))
                alike.append((shape, others, mask_a, mask_b))
        key = tuple(alike)
        memo = self._score_memo
        shared = memo.get(key)
        if shared is None:
            if len(memo) >= _SCORE_MEMO_PAIRS // self._pair_count ** 2:
                memo.clear()  # memory stays bounded however many games a process plays
            shared = memo[key] = ([None] * self._pair_count ** 2, {})
        self._completion_cache[slot_index] = (found, *shared)
        return found

    def totals(self, moves: list[Move]) -> list[int]:
        """The score of each move as one number (what the greedy player compares); the same sum
        as `score(...).total`, without building the breakdown."""
        ready, cache, completions_of = self._ready, self._completion_cache, self._completions
        bits, plain, combo, n = self._shape_bit, self.rules.stone_point, self.rules.combo_bonus, self._pair_count
        out = []
        for _, slot, colour_a, colour_b in moves:
            if slot not in ready:
                out.append(plain)  # no shape to form: the stone point only
                continue
            cached = cache.get(slot)
            if cached is None:
                completions_of(slot)
                cached = cache[slot]
            known = cached[1]
            total = known[colour_a * n + colour_b]
            if total is None:
                bit_a, bit_b = bits[colour_a], bits[colour_b]
                points = formed = 0
                for row, others, mask_a, mask_b, _, _ in cached[0]:
                    value = row[(others | bit_a & mask_a | bit_b & mask_b).bit_count()]
                    if value is not None:
                        points += value
                        formed += 1
                total = known[colour_a * n + colour_b] = plain + points + combo * (formed - 1) if formed else plain
            out.append(total)
        return out

    def total(self, slot_index: int, colour_a: int, colour_b: int) -> int:
        return self.totals([(0, slot_index, colour_a, colour_b)])[0]

    def score(self, slot_index: int, colour_a: int, colour_b: int) -> Score:
        completions = self._completions(slot_index)
        if not completions:
            return self._plain
        bit_a, bit_b = self._shape_bit[colour_a], self._shape_bit[colour_b]
        formed = []
        for row, others, mask_a, mask_b, inst, shape in completions:
            count = (others | bit_a & mask_a | bit_b & mask_b).bit_count()
            points = row[count]
            if points is not None:
                formed.append(ShapeScore(shape, inst, count or 1, points))  # jokers only: 1 colour
        combo = self.rules.combo_bonus * (len(formed) - 1) if formed else 0
        return Score(self.rules.stone_point, tuple(formed), combo)

    # --- changing the board ----------------------------------------------------------------

    def copy(self) -> Board:
        """An independent board to try a move on (lookahead players): the model's tables, the
        shared cache of fits and the cached completions of the slots stay shared."""
        other = object.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.colour = self.colour[:]
        other._kind = self._kind[:]
        other.empty_cells = self.empty_cells[:]
        other.set_colours = self.set_colours[:]
        other._followed = self._followed[:]
        other._ready = {slot: set(waiting) for slot, waiting in self._ready.items()}
        other._ready_at = {cell_set: set(slots) for cell_set, slots in self._ready_at.items()}
        # Shared entries stay right for both boards: a placement on either drops, from that
        # board's own dict, the entries it changes.
        other._completion_cache = dict(self._completion_cache)
        other._stale = set(self._stale)
        other._open = None
        other._frontier = set(self._frontier)
        other._entries = dict(self._entries)
        other._dirty = set(self._dirty)
        return other

    def put(self, slot_index: int, colour_a: int, colour_b: int) -> None:
        slot = self.tables.slots[slot_index]
        self._lay(slot.a, colour_a)
        self._lay(slot.b, colour_b)
        self._drop_stale()
        self._open = None

    def set_cells(self, colours: dict[tg.Cell, int]) -> None:
        """Lay triangles directly (tests and fixed positions): no rules, no scoring."""
        for cell, colour in colours.items():
            self._lay(self.tables.index[cell], colour)
        self._drop_stale()
        self._open = None

    def _lay(self, cell: int, colour: int) -> None:
        """One triangle onto a cell: the cell sets it belongs to, and the slots around it."""
        tables = self.tables
        newly_filled = self.colour[cell] == EMPTY
        self.colour[cell] = colour
        on_board = cell < tables.board_cells
        self._kind[cell] = ON_JOKER if on_board and colour == self.joker and self.rules.joker_overbuild else CLOSED
        # A cell in the ring is part of shapes only by the ruling: then it has no cell sets.
        bit = self._shape_bit[colour]
        ready_at, stale, followed = self._ready_at, self._stale, self._followed
        empty_cells, set_colours = self.empty_cells, self.set_colours
        # A set left with no empty cell is done unless overbuilt shapes score again.
        full_is_done = not self.model.rescore_overbuilt_shapes
        # Most cell sets need only their bits updated: the rare changes of which slots can complete
        # them are handled out of line (a third of a game's instructions are spent in this loop).
        for cell_set, keep, dead_from, completing in tables.cell_sets_at[cell]:
            if not followed[cell_set]:
                continue
            slots = ready_at.get(cell_set)
            if slots:
                stale.update(slots)  # their shapes' colours or empty cells change
            if bit:
                before = set_colours[cell_set]
                colours = before | bit
                if colours != before:
                    set_colours[cell_set] = colours
                    if colours.bit_count() >= dead_from:
                        followed[cell_set] = False  # none of its instances can score any more
                        if slots is not None:
                            self._done(cell_set)
                        continue
            if newly_filled:
                empty = empty_cells[cell_set] = empty_cells[cell_set] & keep
                if empty in completing:
                    self._nearly_complete(cell_set, empty)
                elif not empty:
                    if not full_is_done:
                        self._nearly_complete(cell_set, empty)
                    elif slots is not None:
                        self._done(cell_set)
        self._frontier.update(tables.touching[cell])
        self._dirty.update(tables.affected[cell])

    def _nearly_complete(self, cell_set: int, empty: int) -> None:
        """A cell set whose empty cells (bits) now lie under a slot, or none is left (and
        overbuilt shapes score again): the slots that would complete its instances."""
        ready = self._ready
        known = self._ready_at.get(cell_set)
        if known is None:
            known = self._ready_at[cell_set] = set()
        entry = self.tables.completing[cell_set].get(empty)
        if entry is None:  # none left, rescoring, and no slot covers one of its jokers
            return
        slots, waiting_at = entry
        self._stale.update(slots)
        known.update(slots)
        for slot, inst in waiting_at:
            waiting = ready.get(slot)
            if waiting is None:
                ready[slot] = {inst}
            else:
                waiting.add(inst)

    def _done(self, cell_set: int) -> None:
        """A cell set none of whose instances can be formed any more: no slot completes it."""
        ready = self._ready
        instances = self.tables.cell_set_instances[cell_set]
        for slot in self._ready_at.pop(cell_set, ()):
            waiting = ready[slot]
            waiting.difference_update(instances)
            if not waiting:
                del ready[slot]

    def _drop_stale(self) -> None:
        cache = self._completion_cache
        for slot in self._stale:
            cache.pop(slot, None)
        self._stale.clear()


# What fits where, by (strict, joker colour): (kind a, kind b, contacts a, contacts b) -> pairs.
_FIT_CACHES: dict[tuple[bool, int], dict[tuple[int, int, int, int], int]] = {}

# Totals by ordered colour pair and best totals by bits of pairs, per (points table, stone point,
# combo bonus, pair count) and then per completions (shape, colours so far, masks of a and b).
_SCORE_MEMOS: dict[tuple[Any, ...], dict[tuple[tuple[int, int, int, int], ...],
                                         tuple[list[int | None], dict[int, int]]]] = {}
_SCORE_MEMO_PAIRS = 40_000  # pair totals kept per memo before it starts afresh (about 1.5 MB at most)
_SCORE_MEMO_KEYS = 4  # memos kept at once: a sweep's variants of the points come one after another


def _score_memo_for(key: tuple[Any, ...]) -> dict[tuple[tuple[int, int, int, int], ...],
                                                  tuple[list[int | None], dict[int, int]]]:
    """The shared memo of one scoring: the oldest goes when a new one would make more than
    _SCORE_MEMO_KEYS, so a sweep over many variants keeps as little as a check of one."""
    memo = _SCORE_MEMOS.get(key)
    if memo is None:
        while len(_SCORE_MEMOS) >= _SCORE_MEMO_KEYS:
            del _SCORE_MEMOS[next(iter(_SCORE_MEMOS))]
        memo = _SCORE_MEMOS[key] = {}
    return memo


def fitting_pairs(strict: bool, joker: int, kind_a: int, kind_b: int, touch_a: int, touch_b: int) -> int:
    """Bits of the ordered colour pairs (x on a, y on b; bit x * (joker + 1) + y) that may lie on
    a slot whose cells are of these kinds and whose contacts show these colours (bit sets, the
    joker's bit included)."""
    joker_bit = 1 << joker
    fits = 0
    for x in range(joker + 1):
        for y in range(joker + 1):
            if (kind_a == ON_JOKER and x == joker) or (kind_b == ON_JOKER and y == joker):
                continue  # only a colour triangle covers a joker
            if kind_b == OFF_BOARD and y != joker:
                continue  # only a joker triangle may stick out
            sides = ((x, touch_a), (y, touch_b))
            if strict:
                # At least one contact, and every contact matches: the new triangle is a joker, or
                # the side touches jokers only, or one colour and it is the triangle's.
                ok = (touch_a or touch_b) and all(
                    colour == joker or not touch & ~joker_bit or touch & ~joker_bit == 1 << colour
                    for colour, touch in sides)
            else:  # loose: at least one contact matches
                ok = any(touch and (colour == joker or touch & (joker_bit | 1 << colour)) for colour, touch in sides)
            if ok:
                fits |= 1 << (x * (joker + 1) + y)
    return fits


# --- a whole game ---------------------------------------------------------------------------

@dataclass
class Turn:
    player: int
    stone: Stone | None = None  # None: the player could not place and skipped
    slot: int = -1
    colours: tuple[int, int] = (EMPTY, EMPTY)
    score: Score | None = None
    returned: tuple[Stone, ...] = ()  # skip: stones put under the stack
    drawn: tuple[Stone, ...] = ()  # stones drawn after the turn


@dataclass
class GameResult:
    players: int
    seed: int
    stack: list[Stone]  # the shuffled stack; its first stone is the start stone
    turns: list[Turn] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    end: str = ""
    first_turn_blocked: bool = False
    board: Board | None = None

    @property
    def placed(self) -> int:
        """Stones on the board, the start stone included."""
        return 1 + sum(1 for t in self.turns if t.stone is not None)

    @property
    def skips(self) -> int:
        return sum(1 for t in self.turns if t.stone is None)


def stone_indices(model: RautinoModel) -> list[Stone]:
    names = {c.name: i for i, c in enumerate(model.all_colours)}
    return [(names[a], names[b]) for a, b in model.stone_list]


class IllegalMove(Exception):
    """A player asked for a placement the rules forbid (a bug in a player, never user input)."""


# A player: (board, hand, rng) -> one of the hand's legal moves; see players.py. It asks the board
# for what it needs (every move, or only the best-scoring ones) and is called only when some stone
# of the hand fits.
Chooser = Callable[["Board", list[Stone], random.Random], Move]


def play_game(model: RautinoModel, players: int, seed: int, choose: Chooser | list[Chooser]) -> GameResult:
    """One seeded game from shuffle to end. `choose` picks a legal move: one chooser for every
    seat, or a list with one per seat."""
    choosers = choose if isinstance(choose, list) else [choose] * players
    rng = random.Random(seed)
    stack_list = stone_indices(model)
    all_kinds = set(stack_list)
    rng.shuffle(stack_list)
    result = GameResult(players, seed, list(stack_list))
    board = Board(model, players)
    result.board = board
    stack = deque(stack_list)
    first = stack.popleft()
    slot = board.tables.slot_of[board.tables.start]
    a_first = board.tables.slots[slot].a == board.tables.start[0]
    board.put(slot, *(first if a_first else first[::-1]))

    hands: list[list[Stone]] = [[] for _ in range(players)]
    for hand in hands:
        _draw(stack, hand, model.hand_size)
    scores = [0] * players
    player = 0
    for turn_number in range(10_000):
        hand = hands[player]
        if not board.any_fits(hand):
            if turn_number == 0:
                result.first_turn_blocked = True
            if players == 1 and not hand:
                result.end = "all stones placed"
                break
            if not board.any_fits(all_kinds):
                result.end = "board full"
                break
            if players == 1:
                result.end = "hand blocked"
                break
            pool = [s for h in hands for s in h] + list(stack)
            if not board.any_fits(pool):
                result.end = "no stone fits"
                break
            returned = tuple(hand)
            stack.extend(hand)
            hand.clear()
            drawn = _draw(stack, hand, model.hand_size)
            result.turns.append(Turn(player, returned=returned, drawn=drawn))
        else:
            hand_index, slot, colour_a, colour_b = choosers[player](board, hand, rng)
            stone = hand.pop(_checked(board, hand, hand_index, slot, colour_a, colour_b))
            score = board.score(slot, colour_a, colour_b)
            board.put(slot, colour_a, colour_b)
            scores[player] += score.total
            drawn = _draw(stack, hand, 1)
            result.turns.append(Turn(player, stone, slot, (colour_a, colour_b), score, drawn=drawn))
        if players > 1 and player == players - 1 and not stack:
            result.end = "stack empty"
            break
        player = (player + 1) % players
    else:  # pragma: no cover - the end rules above always stop a game
        raise RuntimeError(f"game with seed {seed} did not end")
    result.scores = scores
    return result


def _checked(board: Board, hand: list[Stone], hand_index: int, slot: int, colour_a: int, colour_b: int) -> int:
    """The hand index of a move the rules allow; a move they forbid is a player's bug."""
    if not 0 <= hand_index < len(hand) or hand[hand_index] not in ((colour_a, colour_b), (colour_b, colour_a)):
        raise IllegalMove(f"stone {hand_index} of the hand {hand} is not {(colour_a, colour_b)}")
    if not board.fits(slot, colour_a, colour_b):
        raise IllegalMove(f"{(colour_a, colour_b)} does not fit on slot {slot}")
    return hand_index


def _draw(stack: deque[Stone], hand: list[Stone], count: int) -> tuple[Stone, ...]:
    drawn = []
    while len(drawn) < count and stack:
        drawn.append(stack.popleft())
    hand.extend(drawn)
    return tuple(drawn)
