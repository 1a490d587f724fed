"""Rautino rules engine: board state, legal placements, scoring, turn order and game end.

Colours are indices into `model.all_colours` (the joker is the last one). Cells are indices into
`Tables.cells`: the board's triangles first, then the ring of triangles just outside it, where a
joker triangle may stick out in two-player games. Everything that depends only on the board and
the shapes is precomputed once per model, so a placement touches only small lists.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from pnp.geometry import trigrid as tg

from .model import PlayerRules, RautinoModel

EMPTY = -1
Stone = tuple[int, int]  # colour indices of the stone's two triangles

# What a triangle of a new stone lands on.
ON_EMPTY, ON_JOKER, OFF_BOARD = 0, 1, 2


@dataclass(frozen=True)
class Slot:
    """Two edge-adjacent cells a stone can cover; `b` may lie in the ring outside the board."""

    a: int
    b: int
    contacts_a: tuple[int, ...]  # edge neighbours of a, without b
    contacts_b: tuple[int, ...]
    # Shape instances touching a or b, with how many of (a, b) each contains.
    instances: tuple[tuple[int, bool, bool], ...]
    only_a: tuple[int, ...] = ()  # the same instances split by which of a, b they contain
    only_b: tuple[int, ...] = ()
    both: tuple[int, ...] = ()


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
    instances_at: tuple[tuple[int, ...], ...]  # cell -> shape instances it is part of
    instance_shape: tuple[int, ...]
    start: tuple[int, int]
    joker: int  # colour index of the joker


@lru_cache(maxsize=16)
def tables_for(model: RautinoModel) -> Tables:
    board = model.board.cell_set
    ring = {n for cell in board for n in tg.neighbours(cell) if n not in board}
    cells = (*model.board.cells, *sorted(ring, key=lambda c: (c[1], c[0])))
    index = {cell: i for i, cell in enumerate(cells)}
    nbrs = [tuple(index[n] for n in tg.neighbours(cell) if n in index) for cell in cells]

    instance_cells: list[tuple[int, ...]] = []
    instance_shape: list[int] = []
    for shape_index, shape in enumerate(model.shapes):
        seen: set[frozenset[tg.Cell]] = set()
        for orientation in shape.orientations:
            for placed in tg.placements(orientation, board):
                if placed not in seen:
                    seen.add(placed)
                    instance_cells.append(tuple(sorted(index[c] for c in placed)))
                    instance_shape.append(shape_index)
    by_cell: list[list[int]] = [[] for _ in cells]
    for inst, members in enumerate(instance_cells):
        for cell in members:
            by_cell[cell].append(inst)

    n_board = len(model.board.cells)
    slots: list[Slot] = []
    slot_of: dict[tuple[int, int], int] = {}
    for a in range(n_board):
        for b in nbrs[a]:
            if b < a:
                continue  # each board pair once; ring cells have larger indices
            insts = sorted(set(by_cell[a]) | set(by_cell[b]))
            entry = tuple((i, a in instance_cells[i], b in instance_cells[i]) for i in insts)
            slot_of[(a, b)] = slot_of[(b, a)] = len(slots)
            slots.append(Slot(a, b, tuple(n for n in nbrs[a] if n != b), tuple(n for n in nbrs[b] if n != a),
                              entry, tuple(i for i, x, y in entry if x and not y),
                              tuple(i for i, x, y in entry if y and not x),
                              tuple(i for i, x, y in entry if x and y)))
    touching: list[list[int]] = [[] for _ in cells]
    affected: list[set[int]] = [set() for _ in cells]
    for slot_index, slot in enumerate(slots):
        for cell in {*slot.contacts_a, *slot.contacts_b}:
            touching[cell].append(slot_index)
        for cell in {slot.a, slot.b, *slot.contacts_a, *slot.contacts_b}:
            affected[cell].add(slot_index)
    start = (index[model.board.start[0]], index[model.board.start[1]])
    return Tables(cells, index, n_board, tuple(slots), slot_of, tuple(tuple(t) for t in touching),
                  tuple(frozenset(a) for a in affected), tuple(instance_cells), tuple(tuple(b) for b in by_cell),
                  tuple(instance_shape), start, len(model.colours))


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


class Move(NamedTuple):
    hand_index: int
    slot: int
    colour_a: int  # colour laid on slot.a
    colour_b: int


class Board:
    """The cells' colours and, per shape instance, how many of its cells are occupied."""

    def __init__(self, model: RautinoModel, players: int) -> None:
        self.model = model
        self.tables = tables_for(model)
        self.rules: PlayerRules = model.rules_for(players)
        self.strict = model.matching == "strict"
        self.joker = self.tables.joker
        self.colour = [EMPTY] * len(self.tables.cells)
        self.filled = [0] * len(self.tables.instance_cells)
        self.sizes = [len(c) for c in self.tables.instance_cells]
        self.missing = list(self.sizes)  # empty cells per instance
        self.inst_colours: list[set[int]] = [set() for _ in self.sizes]  # non-joker colours laid
        self._turn_cache: dict[int, list[tuple[int, int, bool, bool, set[int]]]] = {}
        self._open: list[tuple[int, int, int, Any, Any]] | None = None
        self._frontier: set[int] = set()  # slots touching an occupied cell
        # Open-slot entries, kept between turns: a placement changes only the slots around it.
        self._entries: dict[int, tuple[int, int, int, Any, Any]] = {}
        self._dirty: set[int] = set()
        self._plain = Score(self.rules.stone_point, (), 0)
        # Points by colour count (0 counts as 1: a shape of jokers only), per shape.
        most = len(model.colours) + 1
        self._points_table = [[s.points_for(max(1, n)) for n in range(most + 1)] for s in model.shapes]

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
        here = self.colour[cell]
        if cell >= self.tables.board_cells:
            return OFF_BOARD if here == EMPTY and self.rules.joker_overhang else None
        if here == EMPTY:
            return ON_EMPTY
        if here == self.joker and self.rules.joker_overbuild:
            return ON_JOKER
        return None

    def _open_slots(self) -> list[tuple[int, int, int, Any, Any]]:
        """Slots some stone might take, with what each side lands on and a summary of its
        contacts: (slot, kind a, kind b, side a, side b). Cached until the board changes.

        Strict side summary: EMPTY (no colour contact), a colour (the one colour it touches) or
        -3 (touches several colours: only a joker fits). Loose side summary: the set of colours
        touched, or None without contacts."""
        if self._open is not None:
            return self._open
        colours, joker, strict = self.colour, self.joker, self.strict
        both = self.model.overbuild_both_triangles
        slots, entries, frontier = self.tables.slots, self._entries, self._frontier
        for index in self._dirty & frontier:
            slot = slots[index]
            kind_a = self._cell_kind(slot.a)
            kind_b = self._cell_kind(slot.b) if kind_a is not None else None
            if kind_b is None or (kind_a == ON_JOKER and kind_b == ON_JOKER and not both):
                # A cell only ever goes from empty to joker to colour: a slot closed now stays closed.
                frontier.discard(index)
                entries.pop(index, None)
                continue
            touch_a = {colours[n] for n in slot.contacts_a if colours[n] != EMPTY}
            touch_b = {colours[n] for n in slot.contacts_b if colours[n] != EMPTY}
            if not touch_a and not touch_b:
                entries.pop(index, None)
            elif strict:
                entries[index] = (index, kind_a, kind_b, _strict_need(touch_a, joker), _strict_need(touch_b, joker))
            else:
                entries[index] = (index, kind_a, kind_b, touch_a or None, touch_b or None)
        self._dirty.clear()
        self._open = [entries[index] for index in sorted(entries)]
        return self._open

    def fits(self, slot_index: int, colour_a: int, colour_b: int) -> bool:
        for index, kind_a, kind_b, side_a, side_b in self._open_slots():
            if index == slot_index:
                return self._fits_open(kind_a, kind_b, side_a, side_b, colour_a, colour_b)
        return False

    def _fits_open(self, kind_a: int, kind_b: int, side_a: Any, side_b: Any, x: int, y: int) -> bool:
        joker = self.joker
        if (kind_a == ON_JOKER and x == joker) or (kind_b == ON_JOKER and y == joker):
            return False
        if kind_b == OFF_BOARD and y != joker:
            return False
        if self.strict:
            return (x == joker or side_a in (EMPTY, x)) and (y == joker or side_b in (EMPTY, y))
        return bool((side_a and (x == joker or joker in side_a or x in side_a))
                    or (side_b and (y == joker or joker in side_b or y in side_b)))

    def placements(self, stone: Stone) -> list[tuple[int, int, int]]:
        """Every legal (slot, colour on a, colour on b) for one stone."""
        x, y = stone
        fits = self._fits_open
        out = []
        for index, kind_a, kind_b, side_a, side_b in self._open_slots():
            if fits(kind_a, kind_b, side_a, side_b, x, y):
                out.append((index, x, y))
            if x != y and fits(kind_a, kind_b, side_a, side_b, y, x):
                out.append((index, y, x))
        return out

    def any_fits(self, stones: list[Stone] | set[Stone]) -> bool:
        kinds = set(stones)
        fits = self._fits_open
        for _, kind_a, kind_b, side_a, side_b in self._open_slots():
            for x, y in kinds:
                if fits(kind_a, kind_b, side_a, side_b, x, y) or fits(kind_a, kind_b, side_a, side_b, y, x):
                    return True
        return False

    # --- scoring --------------------------------------------------------------------------

    def _completions(self, slot_index: int) -> list[tuple[int, int, bool, bool, set[int]]]:
        """Shape instances a placement on this slot would form, whatever its colours: (instance,
        shape, a inside, b inside, colours of the instance's other cells without jokers).
        Cached until the board changes."""
        cached = self._turn_cache.get(slot_index)
        if cached is not None:
            return cached
        tables, colours = self.tables, self.colour
        slot = tables.slots[slot_index]
        a_new = colours[slot.a] == EMPTY
        b_new = slot.b < tables.board_cells and colours[slot.b] == EMPTY
        found = []
        if self.model.rescore_overbuilt_shapes:
            filled, sizes = self.filled, self.sizes
            candidates = [(i, x, y) for i, x, y in slot.instances
                          if filled[i] + (x and a_new) + (y and b_new) == sizes[i]]
        else:
            # Complete after and not before: the instance misses exactly the new empty cells in it.
            missing = self.missing
            candidates = [(i, True, False) for i in slot.only_a if missing[i] == 1] if a_new else []
            if b_new:
                candidates += [(i, False, True) for i in slot.only_b if missing[i] == 1]
            need = a_new + b_new
            if need:
                candidates += [(i, True, True) for i in slot.both if missing[i] == need]
        for inst, has_a, has_b in candidates:
            shape_index = tables.instance_shape[inst]
            if not self.model.shapes[shape_index].accepts_new_cells(has_a + has_b):
                continue
            # a and b are empty or hold a joker about to be covered: the instance's colours so far
            # are those of its other cells.
            found.append((inst, shape_index, has_a, has_b, self.inst_colours[inst]))
        self._turn_cache[slot_index] = found
        return found

    def _formed(self, completions: list[tuple[int, int, bool, bool, set[int]]], colour_a: int,
                colour_b: int) -> list[tuple[int, int, int, int]]:
        """(shape, instance, colours, points) of every shape this placement forms."""
        joker, shapes = self.joker, self.model.shapes
        formed = []
        for inst, shape_index, has_a, has_b, others in completions:
            count = _colours_with(others, has_a, colour_a, has_b, colour_b, joker) or 1  # jokers only: 1
            points = shapes[shape_index].points_for(count)
            if points is not None:
                formed.append((shape_index, inst, count, points))
        return formed

    def total(self, slot_index: int, colour_a: int, colour_b: int) -> int:
        """The score of a placement as one number (what the greedy player compares); the same
        sum as `score(...).total`, without building the breakdown."""
        completions = self._turn_cache.get(slot_index)
        if completions is None:
            completions = self._completions(slot_index)
        if not completions:
            return self.rules.stone_point
        joker, table = self.joker, self._points_table
        points = formed = 0
        for _, shape_index, has_a, has_b, others in completions:
            value = table[shape_index][_colours_with(others, has_a, colour_a, has_b, colour_b, joker)]
            if value is not None:
                points += value
                formed += 1
        combo = self.rules.combo_bonus * (formed - 1) if formed else 0
        return self.rules.stone_point + points + combo

    def score(self, slot_index: int, colour_a: int, colour_b: int) -> Score:
        completions = self._completions(slot_index)
        if not completions:
            return self._plain
        formed = tuple(ShapeScore(*f) for f in self._formed(completions, colour_a, colour_b))
        combo = self.rules.combo_bonus * (len(formed) - 1) if formed else 0
        return Score(self.rules.stone_point, formed, combo)

    # --- changing the board ----------------------------------------------------------------

    def put(self, slot_index: int, colour_a: int, colour_b: int) -> None:
        slot = self.tables.slots[slot_index]
        self._lay(slot.a, colour_a)
        self._lay(slot.b, colour_b)
        self._turn_cache.clear()
        self._open = None

    def set_cells(self, colours: dict[tg.Cell, int]) -> None:
        """Lay triangles directly (tests and fixed positions): no rules, no scoring."""
        for cell, colour in colours.items():
            self._lay(self.tables.index[cell], colour)
        self._turn_cache.clear()
        self._open = None

    def _lay(self, cell: int, colour: int) -> None:
        """One triangle onto a cell: the shape instances it belongs to, and the slots around it."""
        if cell < self.tables.board_cells:
            newly_filled = self.colour[cell] == EMPTY
            for inst in self.tables.instances_at[cell]:
                if newly_filled:
                    self.filled[inst] += 1
                    self.missing[inst] -= 1
                if colour != self.joker:
                    self.inst_colours[inst].add(colour)
        self.colour[cell] = colour
        self._frontier.update(self.tables.touching[cell])
        self._dirty.update(self.tables.affected[cell])


def _colours_with(others: set[int], has_a: bool, colour_a: int, has_b: bool, colour_b: int, joker: int) -> int:
    """Distinct non-joker colours of a shape once the new stone lies on it: `others` are the
    colours of its other cells; has_a/has_b say which of the new triangles are part of it."""
    count = len(others)
    new_a = has_a and colour_a != joker and colour_a not in others
    if new_a:
        count += 1
    if has_b and colour_b != joker and colour_b not in others and not (new_a and colour_b == colour_a):
        count += 1
    return count


def _strict_need(touching: set[int], joker: int) -> int:
    colours = touching - {joker}
    if not colours:
        return EMPTY
    return next(iter(colours)) if len(colours) == 1 else -3


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


Chooser = Any  # (board, hand, moves, rng) -> Move; see players.py


def play_game(model: RautinoModel, players: int, seed: int, choose: Chooser | list[Chooser]) -> GameResult:
    """One seeded game from shuffle to end. `choose` picks a move from the legal ones: one chooser
    for every seat, or a list with one per seat."""
    choosers = choose if isinstance(choose, list) else [choose] * players
    rng = random.Random(seed)
    stack_list = stone_indices(model)
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
    all_kinds = set(stone_indices(model))
    player = 0
    for turn_number in range(10_000):
        hand = hands[player]
        moves = [Move(i, s, ca, cb) for i, stone in enumerate(hand) if stone not in hand[:i]
                 for s, ca, cb in board.placements(stone)]
        if not moves:
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
            move = choosers[player](board, hand, moves, rng)
            stone = hand.pop(move.hand_index)
            score = board.score(move.slot, move.colour_a, move.colour_b)
            board.put(move.slot, move.colour_a, move.colour_b)
            scores[player] += score.total
            drawn = _draw(stack, hand, 1)
            result.turns.append(Turn(player, stone, move.slot, (move.colour_a, move.colour_b), score,
                                     drawn=drawn))
        if players > 1 and player == players - 1 and not stack:
            result.end = "stack empty"
            break
        player = (player + 1) % players
    else:  # pragma: no cover - the end rules above always stop a game
        raise RuntimeError(f"game with seed {seed} did not end")
    result.scores = scores
    return result


def _draw(stack: deque[Stone], hand: list[Stone], count: int) -> tuple[Stone, ...]:
    drawn = []
    while len(drawn) < count and stack:
        drawn.append(stack.popleft())
    hand.extend(drawn)
    return tuple(drawn)
