"""Rautino rules engine: board state, legal placements, scoring, turn order and game end.

Colours are indices into `model.all_colours` (the joker is the last one). Cells are indices into
`Tables.cells`: the board's triangles first, then the ring of triangles just outside it, where a
joker triangle may stick out in two-player games. Everything that depends only on the board and
the shapes is precomputed once per model, so a placement touches only small lists.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from pnp.games.state import IllegalMove
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


# A shape instance as a stone on a slot would form it, in one tuple that sorts by the instance's
# rank on the slot: (rank, points by colour count, whether some colours of the stone make it score
# by colour count of its other cells, mask for a, mask for b (as in `Completion`), instance, shape,
# its cells as bits, the colour count from which it can never score).
CompletionPart = tuple[int, tuple[int | None, ...], tuple[bool, ...], int, int, int, int, int, int]
PART_CELLS, PART_DEAD_FROM = 7, 8  # the fields of a CompletionPart read outside its scoring

# What a cell set's empty cells (as bits) make formable: (slot, part) for each shape instance on
# those cells that a stone on that slot would now complete.
Waiting = tuple[tuple[int, CompletionPart], ...]

# A cell set as laying a triangle checks it: (bits of its cells, empty cells -> Waiting, the colour
# count from which none of its shapes can score, or NEVER_DEAD when every shape on it can score
# with any number of colours).
CellSetCheck = tuple[int, dict[int, Waiting], int]
NEVER_DEAD = -1


@dataclass(frozen=True)
class Tables:
    """Everything that depends only on the board and the shapes. A cell's bit is 1 << cell."""

    cells: tuple[tg.Cell, ...]
    index: dict[tg.Cell, int]
    board_cells: int  # cells[:board_cells] are on the board
    slots: tuple[Slot, ...]
    slot_of: dict[tuple[int, int], int]  # ordered (a, b) and (b, a) -> slot index
    instance_cells: tuple[tuple[int, ...], ...]
    instance_shape: tuple[int, ...]
    start: tuple[int, int]
    joker: int  # colour index of the joker
    # Per shape: points by colour count (0 counts as 1: a shape of jokers only).
    points: tuple[tuple[int | None, ...], ...]
    # Per slot: a, b and two contacts of each, padded with NO_CELL (a cell that stays empty).
    slot_cells: tuple[tuple[int, int, int, int, int, int], ...]
    # Per cell, and per slot for a stone filling both its cells: the cell sets that contain it
    # (instances of different shapes on the same cells, the two Sechseck shapes, share one).
    sets_at: tuple[tuple[CellSetCheck, ...], ...]
    sets_at_slot: tuple[tuple[CellSetCheck, ...], ...]
    # Per cell, and per slot: the slots whose fits change when it fills (its own and those it touches).
    refresh_at: tuple[tuple[int, ...], ...]
    refresh_at_slot: tuple[tuple[int, ...], ...]
    # Per slot: the slots that share a cell with it (itself included), and the other slots it touches.
    sharing_slot: tuple[tuple[int, ...], ...]
    touched_by_slot: tuple[tuple[int, ...], ...]
    # Per cell, and per slot: the slots with a shape instance on it, whose scoring it changes.
    near: tuple[frozenset[int], ...]
    near_slot: tuple[frozenset[int], ...]
    waiting_on_empty_board: Waiting  # shapes of one or two cells: a stone forms them anywhere
    # Per stone (x, y) of any two colours, jokers included: the bits of the ordered pairs it can lie
    # as, either way round (bit x * (joker + 1) + y); looked up for every hand every turn.
    pair_bits: dict[tuple[int, int], int]


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
    refresh_at: list[set[int]] = [set() for _ in cells]
    slots_at: list[set[int]] = [set() for _ in cells]
    near: list[set[int]] = [set() for _ in cells]
    for slot_index, slot in enumerate(slots):
        for cell in {slot.a, slot.b, *slot.contacts_a, *slot.contacts_b}:
            refresh_at[cell].add(slot_index)
        slots_at[slot.a].add(slot_index)
        slots_at[slot.b].add(slot_index)
        for inst in slot.shapes:
            for cell in instance_cells[inst]:
                near[cell].add(slot_index)

    joker = len(model.colours)
    points = tuple(tuple(s.points_for(max(1, n)) for n in range(joker + 1)) for s in model.shapes)
    alive = tuple(tuple(tuple(any(p is not None for p in row[least:least + new + 1]) for least in range(joker + 1))
                        for new in range(3)) for row in points)
    dead_from = [next((n for n in range(joker + 1) if all(p is None for p in row[n:])), joker + 1) for row in points]
    # A stone completes an instance when the instance's empty cells all lie under it (rescoring
    # also when none is left: the stone covers a joker in it).
    by_empty: list[dict[int, list[tuple[int, CompletionPart]]]] = [{} for _ in set_cells]
    for slot_index, slot in enumerate(slots):
        for inst, (rank, _, shape, has_a, has_b) in slot.shapes.items():
            under = [1 << c for c, inside in ((slot.a, has_a), (slot.b, has_b)) if inside]
            empties = {*under, sum(under)}
            if model.rescore_overbuilt_shapes:
                empties.add(0)
            part = (rank, points[shape], alive[shape][has_a + has_b], -has_a, -has_b, inst, shape,
                    _bits(instance_cells[inst]), dead_from[shape])
            for empty in empties:
                by_empty[cell_set_of[inst]].setdefault(empty, []).append((slot_index, part))
    set_dead_from = [0] * len(set_cells)
    set_dies = [False] * len(set_cells)  # some shape on it can no longer score past some colour count
    for inst, cell_set in enumerate(cell_set_of):
        set_dead_from[cell_set] = max(set_dead_from[cell_set], dead_from[instance_shape[inst]])
        set_dies[cell_set] |= dead_from[instance_shape[inst]] <= joker
    set_dead_from = [limit if dies else NEVER_DEAD for limit, dies in zip(set_dead_from, set_dies, strict=True)]
    checks = tuple((_bits(members), {empty: tuple(waiting) for empty, waiting in by_empty[s].items()},
                    set_dead_from[s]) for s, members in enumerate(set_cells))
    sets_at = [sorted({cell_set_of[i] for i in by_cell[cell]}) for cell in range(len(cells))]
    start = (index[model.board.start[0]], index[model.board.start[1]])
    pair_count = joker + 1
    pair_bits = {(x, y): 1 << (x * pair_count + y) | 1 << (y * pair_count + x)
                 for x in range(pair_count) for y in range(pair_count)}
    return Tables(
        pair_bits=pair_bits, cells=cells, index=index, board_cells=n_board, slots=tuple(slots), slot_of=slot_of,
        instance_cells=tuple(instance_cells), instance_shape=tuple(instance_shape), start=start, joker=joker,
        points=points,
        slot_cells=tuple((slot.a, slot.b, *_two(slot.contacts_a), *_two(slot.contacts_b)) for slot in slots),
        sets_at=tuple(tuple(checks[s] for s in at) for at in sets_at),
        sets_at_slot=tuple(tuple(checks[s] for s in sorted({*sets_at[slot.a], *sets_at[slot.b]})) for slot in slots),
        refresh_at=tuple(tuple(sorted(at)) for at in refresh_at),
        refresh_at_slot=tuple(tuple(sorted(refresh_at[slot.a] | refresh_at[slot.b])) for slot in slots),
        sharing_slot=tuple(tuple(sorted(slots_at[slot.a] | slots_at[slot.b])) for slot in slots),
        touched_by_slot=tuple(
            tuple(sorted((refresh_at[slot.a] | refresh_at[slot.b]) - slots_at[slot.a] - slots_at[slot.b]))
            for slot in slots),
        near=tuple(frozenset(at) for at in near),
        near_slot=tuple(frozenset(near[slot.a] | near[slot.b]) for slot in slots),
        waiting_on_empty_board=tuple(pair for mask, completing, _ in checks for pair in completing.get(mask, ())))


# The tables of a model; the same model object as last time skips hashing the whole spec (a frozen
# dataclass hashes every field on each call), which a new board pays each game.
tables_for: Latest[RautinoModel, Tables] = Latest(_tables_for)


def _bits(cells: tuple[int, ...]) -> int:
    return sum(1 << cell for cell in cells)


def _two(contacts: tuple[int, ...]) -> tuple[int, int]:
    """A slot's contacts on one side, padded to two (a cell has three edges, one is the stone's)."""
    padded = (*contacts, NO_CELL, NO_CELL)
    return padded[0], padded[1]


# Named tuples rather than frozen dataclasses: one is made for every stone laid, and a frozen
# dataclass sets each field through object.__setattr__.
class ShapeScore(NamedTuple):
    shape: int  # index into model.shapes
    instance: int
    colours: int  # distinct colours, jokers wild
    points: int


class Score(NamedTuple):
    stone: int
    shapes: tuple[ShapeScore, ...]
    combo: int

    @property
    def total(self) -> int:
        if not self.shapes:  # most stones: no generator to make
            return self.stone + self.combo
        return self.stone + sum(s.points for s in self.shapes) + self.combo


# A legal move: (index in the hand, slot, colour laid on slot.a, colour laid on slot.b).
Move = tuple[int, int, int, int]


# A shape this placement would complete: (points by number of colours, colour bits of its other
# cells, bits mask for a, bits mask for b, instance, shape). The masks are -1 when a (or b) is
# part of the shape, 0 when not, so `others | bit_a & mask_a | bit_b & mask_b` are its colours.
Completion = tuple[tuple[int | None, ...], int, int, int, int, int]


class Board:
    """The cells' colours, what fits on each slot, and per slot the shape instances a stone there
    would complete.

    Cells are bits of plain ints (empty cells, and the cells of each colour), so laying a stone
    is a few writes and a shape's colours are a few ands. Colours in contacts are bit sets (bit c
    for colour c), so deciding what fits is one lookup per slot."""

    def __init__(self, model: RautinoModel, players: int) -> None:
        self.model = model
        self.tables = tables = tables_for(model)
        self.rules: PlayerRules = model.rules_for(players)
        self.strict = model.matching == "strict"
        self.joker = joker = tables.joker
        cells = len(tables.cells)
        self.colour = [EMPTY] * (cells + 1)  # the last one is NO_CELL
        # What a new triangle would land on, per cell.
        off_board = OFF_BOARD if self.rules.joker_overhang else CLOSED
        self._kind = [ON_EMPTY] * tables.board_cells + [off_board] * (cells - tables.board_cells) + [CLOSED]
        self._empty = (1 << cells) - 1  # bits of the empty cells
        self._cells_of_colour = [0] * joker  # per playing colour: bits of the cells showing it
        self._pair_count = joker + 1  # ordered pair (x, y) of colours -> bit x * _pair_count + y
        self._contact_bit = [1 << c for c in range(joker + 1)] + [0]  # colour -> bit; EMPTY (-1): none
        self._shape_bit = [1 << c for c in range(joker)] + [0, 0]  # jokers take any colour
        self._fit_cache = _FIT_CACHES.setdefault((self.strict, joker), {})  # shared by every game
        self._fits = [0] * len(tables.slots)  # slot -> bits of the ordered colour pairs that fit
        self._open: list[int] = []  # slots where some stone fits, in slot order
        # Slot -> the shape instances a stone there would complete, as found when their other
        # cells filled; those that can never score again are dropped when the slot is scored.
        self._waiting: list[tuple[CompletionPart, ...]] = [()] * len(tables.slots)
        # Slot -> its completions, the totals found so far by ordered colour pair, and the best
        # totals found so far by bits of ordered pairs (those two shared through `_SCORE_MEMOS`
        # with every slot whose completions are alike), until a stone changes one of its shapes.
        self._completion_cache: dict[int, tuple[list[Completion], list[int | None], dict[int, int]]] = {}
        self._score_memo = _score_memo_for(
            (tables.points, self.rules.stone_point, self.rules.combo_bonus, self._pair_count))
        self._plain = Score(self.rules.stone_point, (), 0)
        self._wait_for(tables.waiting_on_empty_board, 0)

    # --- what fits ----------------------------------------------------------------------------

    def fits(self, slot_index: int, colour_a: int, colour_b: int) -> bool:
        if not 0 <= slot_index < len(self._fits):  # `_on_board`'s test, inline: asked every turn
            self._on_board(slot_index)
        return bool(self._fits[slot_index] >> (colour_a * self._pair_count + colour_b) & 1)

    def _on_board(self, slot_index: int) -> None:
        """A slot off the board is a rule error: as a list index it would wrap round to another slot."""
        if not 0 <= slot_index < len(self._fits):
            raise IllegalMove(f"slot {slot_index} is off the board (slots 0 to {len(self._fits) - 1})")

    def placements(self, stone: Stone) -> list[tuple[int, int, int]]:
        """Every legal (slot, colour on a, colour on b) for one stone."""
        return [(slot, colour_a, colour_b) for _, slot, colour_a, colour_b in self._moves_on([stone], self._open)]

    def moves(self, hand: list[Stone]) -> list[Move]:
        """Every legal move of a hand: stone by stone (a repeated stone once), slot by slot."""
        return self._moves_on(hand, self._open)

    def _moves_on(self, hand: list[Stone], slots: list[int]) -> list[Move]:
        """The legal moves of a hand on these slots (in slot order), in move order."""
        n, fits = self._pair_count, self._fits
        out: list[Move] = []
        for i, (x, y) in enumerate(hand):
            if (x, y) in hand[:i]:
                continue
            as_is, turned = 1 << (x * n + y), 1 << (y * n + x)
            if x == y:
                out += [(i, slot, x, y) for slot in slots if fits[slot] & as_is]
                continue
            for slot in slots:
                fit = fits[slot]
                if fit & as_is:
                    out.append((i, slot, x, y))
                if fit & turned:
                    out.append((i, slot, y, x))
        return out

    def any_fits(self, stones: list[Stone] | set[Stone]) -> bool:
        bits, fits = self.tables.pair_bits, self._fits
        wanted = 0
        for stone in stones:  # `_pairs_of`, inline: asked after every placement
            wanted |= bits[stone]
        for slot in self._open:  # noqa: SIM110 - asked every turn; a generator costs more
            if fits[slot] & wanted:
                return True
        return False

    def _pairs_of(self, stones: list[Stone] | set[Stone]) -> int:
        """Bits of the ordered colour pairs these stones can lie as, either way round."""
        bits = self.tables.pair_bits
        wanted = 0
        for stone in stones:  # a repeated stone sets the same bits again
            wanted |= bits[stone]
        return wanted

    # --- the best moves -------------------------------------------------------------------------

    def best_total(self, stones: list[Stone] | set[Stone]) -> int | None:
        """The highest total of a legal placement of any of these stones; None when none fits.
        Only slots where a shape can form are scored: anywhere else a stone scores the stone point."""
        wanted, fits, waiting = self._pairs_of(stones), self._fits, self._waiting
        plain = self.rules.stone_point
        best = None
        for slot in self._open:
            pairs = fits[slot] & wanted
            if not pairs:
                continue
            total = self._best_on(slot, pairs) if waiting[slot] else plain
            if best is None or total > best:
                best = total
        return best

    def best_moves(self, hand: list[Stone]) -> list[Move]:
        """The legal moves of a hand with the highest total, in the order of `moves` (which of
        them a player picks at random is part of the game). Only slots where a shape can form are
        scored: every other move is worth the stone point."""
        bits, fits, waiting = self.tables.pair_bits, self._fits, self._waiting
        wanted = 0
        for stone in hand:  # `_pairs_of`, inline: every playout move asks it
            wanted |= bits[stone]
        cache = self._completion_cache
        top = self.rules.stone_point  # slots are kept only where some move beats the stone point
        best_slots: list[int] = []
        for slot in self._open:
            if waiting[slot]:
                pairs = fits[slot] & wanted
                if pairs:
                    # `_best_on` written out for a slot's known best (most slots most turns): a
                    # call per slot costs more than these two lookups.
                    scored = cache.get(slot) or self._complete(slot)
                    best = scored[2].get(pairs)
                    if best is None:
                        best = self._best_on(slot, pairs)
                    if best > top:
                        top, best_slots = best, [slot]
                    elif best == top and best_slots:
                        best_slots.append(slot)
        if not best_slots:  # no shape forms: every move is worth the stone point
            return self._moves_on(hand, self._open)
        n = self._pair_count
        out: list[Move] = []
        for i, (x, y) in enumerate(hand):
            if (x, y) in hand[:i]:
                continue
            as_is, turned = x * n + y, y * n + x
            for slot in best_slots:
                # Every pair of the hand that fits a best slot has its total known by now.
                fit, known = fits[slot], cache[slot][1]
                if fit >> as_is & 1 and known[as_is] == top:
                    out.append((i, slot, x, y))
                if x != y and fit >> turned & 1 and known[turned] == top:
                    out.append((i, slot, y, x))
        return out

    def _best_on(self, slot_index: int, pairs: int) -> int:
        """The highest total of these ordered colour pairs (bits) on a slot where a shape may
        form; kept by bits with the slot's completions."""
        scored = self._completion_cache.get(slot_index) or self._complete(slot_index)
        best = scored[2].get(pairs)
        if best is None:
            n, known = self._pair_count, scored[1]
            totals = []
            rest = pairs
            while rest:  # each pair's bit, lowest first
                pair = (rest & -rest).bit_length() - 1
                rest &= rest - 1
                total = known[pair]
                totals.append(self._pair_total(scored, pair // n, pair % n) if total is None else total)
            best = scored[2][pairs] = max(totals)
        return best

    # --- scoring --------------------------------------------------------------------------

    def _complete(self, slot_index: int) -> tuple[list[Completion], list[int | None], dict[int, int]]:
        """The shape instances a placement on this slot would form, whatever its colours, in the
        slot's rank order, with the slot's shared memo of totals; kept until a stone changes one
        of its shapes. Instances that can never score again are forgotten."""
        # a and b are empty or hold a joker about to be covered: an instance's colours so far
        # are those of its other cells.
        empty, colour_of, bits = self._empty, self.colour, self._shape_bit
        instance_cells = self.tables.instance_cells
        rescore = self.model.rescore_overbuilt_shapes
        found: list[Completion] = []
        kept: list[CompletionPart] = []
        # The totals depend only on the shapes, their colours so far and which of a and b they
        # hold: slots, boards and games alike in that share them.
        alike: list[tuple[int, int, int, int]] = []
        for part in sorted(self._waiting[slot_index]):
            _, row, alive, mask_a, mask_b, inst, shape, cells, dead_from = part
            if not (rescore or cells & empty):
                continue  # every cell filled: it scored when its last stone was laid
            others = 0
            # Read from its cells' colours (small ints): an `&` of a colour's cells with its cells
            # would make a new 120-bit int per colour.
            for cell in instance_cells[inst]:
                others |= bits[colour_of[cell]]
            count = others.bit_count()
            if count >= dead_from:
                continue  # no colours of a new stone can make it score, now or later
            kept.append(part)
            # Left out when no colours of the new stone can make it score (a big triangle that
            # already has two colours).
            if alive[count]:
                found.append((row, others, mask_a, mask_b, inst, shape))
                alike.append((shape, others, mask_a, mask_b))
        self._waiting[slot_index] = tuple(kept)
        key = tuple(alike)
        memo = self._score_memo
        shared = memo.get(key)
        if shared is None:
            if len(memo) >= _SCORE_MEMO_PAIRS // self._pair_count ** 2:
                memo.clear()  # memory stays bounded however many games a process plays
            shared = memo[key] = ([None] * self._pair_count ** 2, {})
        scored = self._completion_cache[slot_index] = (found, *shared)
        return scored

    def _pair_total(self, scored: tuple[list[Completion], list[int | None], dict[int, int]],
                    colour_a: int, colour_b: int) -> int:
        """The total of one ordered colour pair on a slot with these completions (memoised)."""
        known = scored[1]
        pair = colour_a * self._pair_count + colour_b
        total = known[pair]
        if total is None:
            bits = self._shape_bit
            bit_a, bit_b = bits[colour_a], bits[colour_b]
            points = formed = 0
            for row, others, mask_a, mask_b, _, _ in scored[0]:
                value = row[(others | bit_a & mask_a | bit_b & mask_b).bit_count()]
                if value is not None:
                    points += value
                    formed += 1
            plain = self.rules.stone_point
            total = known[pair] = plain + points + self.rules.combo_bonus * (formed - 1) if formed else plain
        return total

    def totals(self, moves: list[Move]) -> list[int]:
        """The score of each move as one number (what the players compare); the same sum as
        `score(...).total`, without building the breakdown."""
        waiting, cache, plain = self._waiting, self._completion_cache, self.rules.stone_point
        out = []
        slots = len(waiting)
        for _, slot, colour_a, colour_b in moves:
            if not 0 <= slot < slots:
                self._on_board(slot)
            if not waiting[slot]:
                out.append(plain)  # no shape to form: the stone point only
                continue
            scored = cache.get(slot) or self._complete(slot)
            out.append(self._pair_total(scored, colour_a, colour_b))
        return out

    def total(self, slot_index: int, colour_a: int, colour_b: int) -> int:
        if not 0 <= slot_index < len(self._fits):  # `_on_board`'s test, inline: asked every turn
            self._on_board(slot_index)
        # `totals` for one move, written out: every placement of every search playout asks it.
        if not self._waiting[slot_index]:
            return self.rules.stone_point  # no shape to form: the stone point only
        scored = self._completion_cache.get(slot_index) or self._complete(slot_index)
        return self._pair_total(scored, colour_a, colour_b)

    def score(self, slot_index: int, colour_a: int, colour_b: int) -> Score:
        if not 0 <= slot_index < len(self._fits):  # `_on_board`'s test, inline: asked every turn
            self._on_board(slot_index)
        if not self._waiting[slot_index]:
            return self._plain
        completions = (self._completion_cache.get(slot_index) or self._complete(slot_index))[0]
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
        other._cells_of_colour = self._cells_of_colour[:]
        other._fits = self._fits[:]
        other._open = self._open[:]
        other._waiting = self._waiting[:]  # tuples, replaced rather than changed
        # Shared entries stay right for both boards: a placement on either drops, from that
        # board's own dict, the entries it changes.
        other._completion_cache = dict(self._completion_cache)
        return other

    def put(self, slot_index: int, colour_a: int, colour_b: int) -> None:
        if not 0 <= slot_index < len(self._fits):  # `_on_board`'s test, inline: asked every turn
            self._on_board(slot_index)
        tables = self.tables
        a, b = tables.slot_cells[slot_index][:2]
        new_a, new_b = self.colour[a] == EMPTY, self.colour[b] == EMPTY
        self._paint(a, colour_a)
        self._paint(b, colour_b)
        # A triangle on a joker changes colours only: no cell set loses an empty cell.
        checks = (tables.sets_at_slot[slot_index] if new_a and new_b else tables.sets_at[a] if new_a
                  else tables.sets_at[b] if new_b else ())
        if self._kind[a] == CLOSED and self._kind[b] == CLOSED:  # no joker left to cover (most stones)
            self._close(tables.sharing_slot[slot_index])
            refresh = tables.touched_by_slot[slot_index]
        else:
            refresh = tables.refresh_at_slot[slot_index]
        self._settle(1 << a | 1 << b, checks, tables.near_slot[slot_index], refresh)

    def set_cells(self, colours: dict[tg.Cell, int]) -> None:
        """Lay triangles directly (tests and fixed positions): no rules, no scoring."""
        tables = self.tables
        for position, colour in colours.items():
            cell = tables.index.get(position)
            if cell is None:
                raise IllegalMove(f"{position} is off the board")
            new = self.colour[cell] == EMPTY
            self._paint(cell, colour)
            self._settle(1 << cell, tables.sets_at[cell] if new else (), tables.near[cell], tables.refresh_at[cell])

    def _paint(self, cell: int, colour: int) -> None:
        self.colour[cell] = colour
        on_board = cell < self.tables.board_cells
        self._kind[cell] = ON_JOKER if on_board and colour == self.joker and self.rules.joker_overbuild else CLOSED
        self._empty &= ~(1 << cell)
        if colour != self.joker:
            self._cells_of_colour[colour] |= 1 << cell

    def _settle(self, changed: int, checks: tuple[CellSetCheck, ...], near: frozenset[int],
                refresh: tuple[int, ...]) -> None:
        """After cells (bits `changed`) were laid: the cached scoring of the slots whose shapes
        they changed, the shape instances they leave waiting for one stone, and the fits of the
        slots around them."""
        # Only a slot with a waiting shape on the changed cells scores differently now.
        cache, parts_of = self._completion_cache, self._waiting
        for slot in near.intersection(cache):
            for part in parts_of[slot]:
                if part[PART_CELLS] & changed:
                    del cache[slot]
                    break
        empty, of_colour = self._empty, self._cells_of_colour
        for cells, completing, dead_from in checks:
            empty_cells = cells & empty
            if empty_cells in completing:  # rare: `in` costs less than a get per set
                if dead_from == NEVER_DEAD:  # the colours need no counting (the hexagons)
                    self._wait_for(completing[empty_cells], 0)
                    continue
                colours = 0
                for coloured in of_colour:
                    if coloured & cells:
                        colours += 1
                        if colours == dead_from:
                            break  # none of its shapes can score any more
                else:
                    self._wait_for(completing[empty_cells], colours)
        self._refresh(refresh)

    def _wait_for(self, waiting: Waiting, colours: int) -> None:
        """Shape instances a stone on these slots would now complete, of a cell set that shows
        this many colours: those that can still score."""
        parts_of, cache = self._waiting, self._completion_cache
        for slot, part in waiting:
            parts = parts_of[slot]
            # Not again when a set keeps the same empty cells (a joker was covered).
            if colours < part[PART_DEAD_FROM] and part not in parts:
                parts_of[slot] = (*parts, part)
                cache.pop(slot, None)

    def _close(self, slots: tuple[int, ...]) -> None:
        """Slots with a cell nothing may go on any more: nothing fits there, now or later."""
        fits, open_slots = self._fits, self._open
        for slot in slots:
            if fits[slot]:
                fits[slot] = 0
                open_slots.remove(slot)

    def _refresh(self, slots: tuple[int, ...]) -> None:
        """What fits on these slots now: one lookup by the kinds of their cells and the colours
        they touch; a slot joins or leaves the open slots as some stone starts or stops fitting."""
        colour, bit, kind, fits, open_slots = self.colour, self._contact_bit, self._kind, self._fits, self._open
        both, cache, shift = self.model.overbuild_both_triangles, self._fit_cache, self._pair_count
        slot_cells = self.tables.slot_cells
        for slot in slots:
            a, b, a1, a2, b1, b2 = slot_cells[slot]
            kind_a, kind_b = kind[a], kind[b]
            if kind_a == CLOSED or kind_b == CLOSED or (kind_a == ON_JOKER and kind_b == ON_JOKER and not both):
                fit = 0  # a cell only ever goes from empty to joker to colour: it stays closed
            else:
                touch_a, touch_b = bit[colour[a1]] | bit[colour[a2]], bit[colour[b1]] | bit[colour[b2]]
                # One int per case: a cell's kind takes 2 bits, the colours a triangle touches
                # one bit per colour (`shift` of them).
                key = ((kind_a << 2 | kind_b) << shift | touch_a) << shift | touch_b
                fit = cache.get(key)
                if fit is None:
                    fit = cache[key] = fitting_pairs(self.strict, self.joker, kind_a, kind_b, touch_a, touch_b)
            before = fits[slot]
            if fit != before:
                fits[slot] = fit
                if not before:
                    insort(open_slots, slot)
                elif not fit:
                    open_slots.remove(slot)


# What fits where, by (strict, joker colour): (kind a, kind b, contacts a, contacts b), packed into
# one int by `Board._refresh`, -> pairs.
_FIT_CACHES: dict[tuple[bool, int], dict[int, int]] = {}

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
    start_scores: list[int] = field(default_factory=list)  # before the first stone (seat 1's compensation)
    exchanged: bool = False  # the seed's deal with the two seats' hands and draws exchanged

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


# A player: (board, hand, rng) -> one of the hand's legal moves; see players.py. It asks the board
# for what it needs (every move, or only the best-scoring ones) and is called only when some stone
# of the hand fits.
Chooser = Callable[["Board", list[Stone], random.Random], Move]
