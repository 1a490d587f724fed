"""`pnp replay zatre FILE`: re-check game records from scratch and print them turn by turn.

The validator shares nothing with the engine but the model: the board is a dict of (row, col) ->
pips, rows are found by walking the grid, and the score sheet is recomputed from its own small
bookkeeping, so an engine bug cannot hide behind itself.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, TextIO

from pnp.check import replay as driver
from pnp.check.protocol import plural
from pnp.check.replay import InvalidRecord, Items, NotThisSpec, Optional
from pnp.games.zatre.model import DOUBLE, NO_FIELD, START, ZatreModel

Cell = tuple[int, int]
DIRECTIONS = ((0, 1), (1, 0))


class Referee:
    """The rules read straight off the rules text, on a plain dict board."""

    def __init__(self, model: ZatreModel) -> None:
        self.model = model
        self.kind = {(r, c): ch for r, line in enumerate(model.board.layout)
                     for c, ch in enumerate(line)}
        self.fields = [cell for cell, ch in self.kind.items() if ch != NO_FIELD]
        self.start = next(cell for cell, ch in self.kind.items() if ch == START)
        self.points = dict(model.rules.points)
        self.board: dict[Cell, int] = {}

    def is_double(self, cell: Cell) -> bool:
        return self.kind.get(cell) == DOUBLE or (cell == self.start and self.model.rules.start_is_double)

    def line(self, cell: Cell, direction: tuple[int, int], board: dict[Cell, int]) -> list[Cell]:
        """The unbroken line of tiles through an occupied cell."""
        dr, dc = direction
        r, c = cell
        while (r - dr, c - dc) in board:
            r, c = r - dr, c - dc
        cells = []
        while (r, c) in board:
            cells.append((r, c))
            r, c = r + dr, c + dc
        return cells

    def touches(self, cell: Cell) -> bool:
        r, c = cell
        return any(n in self.board for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))

    def fits(self, cell: Cell, pips: int) -> bool:
        if self.kind.get(cell, NO_FIELD) == NO_FIELD or cell in self.board:
            return False
        if not self.board:
            return cell == self.start
        if not self.touches(cell):
            return False
        trial = {**self.board, cell: pips}
        return all(sum(trial[x] for x in self.line(cell, d, trial)) <= self.model.rules.max_row_sum
                   for d in DIRECTIONS)

    def scores_at(self, cell: Cell, pips: int) -> bool:
        trial = {**self.board, cell: pips}
        for d in DIRECTIONS:
            cells = self.line(cell, d, trial)
            if len(cells) >= 2 and sum(trial[x] for x in cells) in self.points:
                return True
        return False

    def placeable(self, pips: int) -> bool:
        return any(self.fits(cell, pips) for cell in self.fields)

    def has_ordinary_place(self, pips: int) -> bool:
        return any(self.fits(cell, pips) and (not self.is_double(cell) or self.scores_at(cell, pips))
                   for cell in self.fields)


class PaperSheet:
    """The score sheet as a pencil fills it: boxes per column, top down."""

    def __init__(self, model: ZatreModel) -> None:
        self.model = model
        self.boxes: dict[str, list[int]] = {str(s): [] for s in model.rules.scoring_sums}
        self.crosses = 0

    def write(self, sums: list[int], crosses: int) -> list[list[Any]]:
        written: list[list[Any]] = []
        for row_sum, value in self.model.rules.points:
            count = sums.count(row_sum)
            if count:
                column = self.boxes[str(row_sum)]
                written.append([str(row_sum), len(column), count * value])
                column.append(count * value)
        for _ in range(crosses):
            written.append(["x2", self.crosses, 1])
            self.crosses += 1
        return written

    def rows_used(self) -> int:
        return max([self.crosses] + [len(b) for b in self.boxes.values()])

    def rows(self) -> list[tuple[bool, list[int | None], int, int]]:
        """(cross, boxes, bonus, row total) per used row."""
        rules, sheet = self.model.rules, self.model.sheet
        count = self.rows_used()
        out = []
        for i in range(count):
            boxes = [b[i] if i < len(b) else None for b in self.boxes.values()]
            full = None not in boxes
            bonus = (sheet.bonus[i] if i < len(sheet.bonus) else 0) if full else 0
            double = i < self.crosses and (full or rules.double_incomplete_rows)
            points = sum(b or 0 for b in boxes)
            total = points * (2 if double else 1) + bonus * (2 if double and rules.bonus_doubled else 1)
            out.append((i < self.crosses, boxes, bonus, total))
        return out


def _draws_exchanged(bag: list[int], first_turn: int, per_turn: int) -> list[int]:
    """The bag of an exchanged deal: after the first turn's tiles, each two blocks of a turn's tiles in
    each other's place (a block short of a whole pair stays)."""
    head, rest = bag[:first_turn], bag[first_turn:]
    pairs = len(rest) // (2 * per_turn)
    swapped = []
    for k in range(pairs):
        first = 2 * k * per_turn
        swapped += rest[first + per_turn:first + 2 * per_turn] + rest[first:first + per_turn]
    return head + swapped + rest[2 * pairs * per_turn:]


def validate(model: ZatreModel, record: dict[str, Any], out: TextIO | None = None) -> None:
    """Raise InvalidRecord naming the turn and the rule broken; print the game when `out` is given."""
    n = record["players"]
    if not model.players.min <= n <= model.players.max:
        raise InvalidRecord(f"players: {plural(n, 'player')}, the spec allows "
                            f"{model.players.min} to {model.players.max}")
    bag = record["bag"]
    if sorted(bag) != model.tiles.bag():
        raise NotThisSpec("setup: the bag does not hold the spec's tiles")
    shuffled = model.tiles.bag()
    random.Random(record["seed"]).shuffle(shuffled)
    if record.get("exchanged"):
        if n != 2:
            raise InvalidRecord(f"exchanged: a deal with the seats' draws exchanged is one of 2 players, not {n}")
        shuffled = _draws_exchanged(shuffled, model.rules.first_turn_tiles, model.rules.tiles_per_turn)
    if shuffled != bag:
        raise InvalidRecord("setup: the bag order does not follow the seed"
                            + (" with the seats' draws exchanged" if record.get("exchanged") else ""))
    left = driver.abandoned(record)
    if record.get("end") is not None and not left:
        raise InvalidRecord(f"end: {record['end']!r}: a Zatre game ends when the bag is empty; "
                            f"the only end a record names is {driver.ABANDONED!r}")
    ref = Referee(model)
    sheets = [PaperSheet(model) for _ in range(n)]
    hands: list[list[int]] = [[] for _ in range(n)]
    drawn_so_far = 0
    turns = record["turns"]
    for number, turn in enumerate(turns, 1):
        if drawn_so_far >= len(bag):
            raise InvalidRecord(f"turn {number}: a turn after the last tile was drawn (the game had ended)")
        seat = (number - 1) % n
        if turn["player"] != seat:
            raise InvalidRecord(f"turn {number}: player {turn['player'] + 1} moved out of turn "
                                      f"(player {seat + 1} was due)")
        hand = hands[seat]
        if number == 1:
            wanted = model.rules.first_turn_tiles
        elif not hand:
            wanted = model.rules.tiles_per_turn
        elif len(hand) >= 2 and any(ref.placeable(p) for p in hand):
            wanted = 0
        else:
            wanted = 1
        expected = bag[drawn_so_far:drawn_so_far + wanted]
        if turn["drawn"] != expected:
            raise InvalidRecord(f"turn {number}: draw rule: should draw {expected} from the bag, drew {turn['drawn']}")
        drawn_so_far += len(expected)
        hand.extend(expected)
        placed: list[Cell] = []
        forced: set[Cell] = set()
        for pips, r, c in turn["tiles"]:
            cell = (r, c)
            if pips not in hand:
                raise InvalidRecord(f"turn {number}: placed a {pips} the player does not hold")
            if not ref.fits(cell, pips):
                reason = ("not a free field" if ref.kind.get(cell, NO_FIELD) == NO_FIELD or cell in ref.board
                          else "first tile must cover the start field" if not ref.board
                          else "tile touches no tile" if not ref.touches(cell)
                          else f"a row would sum to more than {model.rules.max_row_sum}")
                raise InvalidRecord(f"turn {number}: {pips} at {cell}: {reason}")
            if ref.is_double(cell) and not ref.scores_at(cell, pips) and not ref.has_ordinary_place(pips):
                forced.add(cell)
            hand.remove(pips)
            ref.board[cell] = pips
            placed.append(cell)
        for pips in hand:
            if ref.placeable(pips):
                raise InvalidRecord(f"turn {number}: kept a {pips} that could still be placed")
        if sorted(turn["kept"]) != sorted(hand):
            raise InvalidRecord(f"turn {number}: kept tiles {turn['kept']} but holds {hand}")
        rows: dict[tuple[Cell, ...], int] = {}
        for cell in placed:
            for d in DIRECTIONS:
                cells = tuple(ref.line(cell, d, ref.board))
                if len(cells) >= 2:
                    rows[cells] = sum(ref.board[x] for x in cells)
        scoring = {cells: total for cells, total in rows.items() if total in ref.points}
        scoring_cells = {x for cells in scoring for x in cells}
        crosses = 0
        last_resort = []
        for cell in placed:
            if not ref.is_double(cell):
                continue
            if cell in scoring_cells:
                crosses += 1
            elif cell in forced or cell == ref.start:
                last_resort.append(cell)
            else:
                raise InvalidRecord(f"turn {number}: tile on double field {cell} makes no "
                                          f"{'/'.join(map(str, ref.points))} row and had other places")
        claimed = sorted((row["sum"], tuple(map(tuple, row["cells"]))) for row in turn["rows"])
        actual = sorted((total, cells) for cells, total in scoring.items())
        if claimed != actual:
            raise InvalidRecord(f"turn {number}: rows scored: record says {[s for s, _ in claimed]}, "
                                      f"the board gives {[s for s, _ in actual]}")
        for row in turn["rows"]:
            if row["points"] != ref.points.get(row["sum"]):
                raise InvalidRecord(f"turn {number}: points: record gives a row of {row['sum']} "
                                    f"{row['points']} points, the spec {ref.points.get(row['sum'], 0)}")
        if turn["crosses"] != crosses:
            raise InvalidRecord(f"turn {number}: x2 crosses: record says {turn['crosses']}, rules give {crosses}")
        if sorted(map(tuple, turn["last_resort"])) != sorted(last_resort):
            raise InvalidRecord(f"turn {number}: last-resort tiles differ from the rules")
        entries = sheets[seat].write(list(scoring.values()), crosses)
        if [list(e) for e in turn["sheet"]] != entries:
            raise InvalidRecord(f"turn {number}: score sheet: record wrote {turn['sheet']}, rules write {entries}")
        if out is not None:
            _print_turn(out, number, turn, ref)
    if left and drawn_so_far >= len(bag):
        raise InvalidRecord("end: 'abandoned' but the bag is empty, so the game had ended")
    if drawn_so_far < len(bag) and not left:
        raise InvalidRecord(f"end: the record stops with {len(bag) - drawn_so_far} tiles still in the bag")
    # An abandoned game never reached the end, where the tiles still held count against their holder.
    minus = [0] * n if left else [sum(h) for h in hands]
    figures = {"rows used": ("rows_used", [s.rows_used() for s in sheets]),
               "tiles left": ("tiles_left", [len(h) for h in hands]),
               "minus": ("minus", minus)}
    for name, (key, actual_figures) in figures.items():
        if record[key] != actual_figures:
            raise InvalidRecord(f"end: {name}: record says {record[key]}, the game gives {actual_figures}")
    if left and out is not None:
        out.write(f"  abandoned after turn {len(turns)}, {len(bag) - drawn_so_far} tiles still in the bag\n")
    for seat in range(n):
        total = sum(row[3] for row in sheets[seat].rows()) - minus[seat]
        if record["final_scores"][seat] != total:
            raise InvalidRecord(f"end: player {seat + 1}: final score {record['final_scores'][seat]}, "
                                    f"the sheet gives {total}")
        if out is not None:
            _print_sheet(out, model, seat, sheets[seat], hands[seat] if minus[seat] else [], total)


def _print_turn(out: TextIO, number: int, turn: dict[str, Any], ref: Referee) -> None:
    tiles = " ".join(f"{p}@{r},{c}" + ("*" if ref.is_double((r, c)) else "") for p, r, c in turn["tiles"])
    rows = ", ".join(f"{row['sum']}(+{row['points']})" for row in turn["rows"]) or "-"
    sheet = ", ".join(f"{col}[{row + 1}]={val}" if col != "x2" else f"x2[{row + 1}]"
                      for col, row, val in turn["sheet"]) or "-"
    kept = f" kept {turn['kept']}" if turn["kept"] else ""
    out.write(f"  turn {number:3d} P{turn['player'] + 1}: drew {turn['drawn']} placed {tiles or '-'} "
              f"rows {rows} crosses {turn['crosses']}{kept} sheet {sheet}\n")


def _print_sheet(out: TextIO, model: ZatreModel, seat: int, sheet: PaperSheet, hand: list[int],
                 total: int) -> None:
    heads = ["row", "x2"] + [f"{s}({p})" for s, p in model.rules.points] + ["bonus", "total"]
    out.write(f"  sheet of player {seat + 1}:\n    " + " ".join(f"{h:>6}" for h in heads) + "\n")
    for index, (cross, boxes, bonus, row_total) in enumerate(sheet.rows()):
        mark = "" if index < model.sheet.rows else " (past the printed rows)"
        cells = [str(index + 1), "x" if cross else ""] + ["" if b is None else str(b) for b in boxes]
        cells += [str(bonus) if bonus else "", str(row_total)]
        out.write("    " + " ".join(f"{c:>6}" for c in cells) + mark + "\n")
    out.write(f"    minus (tiles left {hand}): -{sum(hand)}   total: {total}\n")


CELL = (int, int)
SHAPE = {"players": int, "seed": int, "exchanged": Optional(bool), "bag": [int], "final_scores": [int],
         "rows_used": [int], "tiles_left": [int], "minus": [int], "end": Optional(str),
         "turns": Items("turn", {"player": int, "drawn": [int], "tiles": [(int, int, int)],
                                 "rows": [{"sum": int, "points": int, "cells": [CELL]}], "crosses": int,
                                 "last_resort": [CELL], "kept": [int], "sheet": [(str, int, Any)]})}
REPLAY = driver.Replay("zatre", SHAPE, validate)


def replay(model: ZatreModel, path: Path, out: TextIO) -> int:
    return driver.replay(REPLAY, model, path, out)
