"""One player's score sheet, filled exactly as the printed sheet is filled by hand.

Each points column (10, 11, 12) and the x2 column fill top to bottom without gaps, independently
of each other. A turn's rows with the same sum share ONE box (two 12s: 8 in the top free box of
column 12); each x2 cross takes the top free x2 box. Rows may run past the printed sheet: the
checker counts how many rows a game really needed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from pnp.games.zatre.model import Rules, Sheet


class SheetEntry(NamedTuple):
    column: str  # "x2" or a scoring sum as text, e.g. "12"
    row: int  # 0-based sheet row
    value: int  # points written; 1 for a cross

    def to_json(self) -> list[object]:
        return [self.column, self.row, self.value]


@dataclass(frozen=True)
class SheetRow:
    """One filled sheet row as it reads on paper."""

    index: int
    cross: bool
    entries: tuple[int | None, ...]  # per scoring sum; None: empty box
    bonus: int  # bonus earned (0 unless every points box of the row is filled)
    total: int  # the row's Σ box, doubling applied
    factor: int = 1  # 2 while the row's x2 cross doubles it (a full row, or any row where the rules say so)

    @property
    def points(self) -> int:
        """The points written in its boxes, before doubling."""
        return sum(box for box in self.entries if box is not None)


@dataclass
class ScoreSheet:
    layout: Sheet
    rules: Rules
    columns: dict[int, list[int]] = field(default_factory=dict)  # scoring sum -> boxes top down
    crosses: int = 0
    minus: int = 0  # pips of tiles left at the end
    # (sum, its column, the column's heading, points), in column order: looked up once, not per turn.
    _scoring: list[tuple[int, list[int], str, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for row_sum in self.rules.scoring_sums:
            self.columns.setdefault(row_sum, [])
        self._scoring = [(s, self.columns[s], str(s), p) for s, p in self.rules.points]

    def copy(self) -> ScoreSheet:
        """An independent sheet to write on (the search's playouts): its boxes copied, layout and rules
        shared, without working out the column order again."""
        other = object.__new__(ScoreSheet)
        other.__dict__.update(self.__dict__)
        columns = other.columns = {row_sum: boxes[:] for row_sum, boxes in self.columns.items()}
        other._scoring = [(s, columns[s], heading, points) for s, _, heading, points in self._scoring]
        return other

    def enter_turn(self, row_sums: list[int], crosses: int) -> list[SheetEntry]:
        """Write one turn: rows scored (their sums) and x2 crosses. Returns the boxes written."""
        entries: list[SheetEntry] = []
        if row_sums:
            for row_sum, column, heading, points in self._scoring:  # column order: records read left to right
                count = row_sums.count(row_sum)
                if count:
                    value = count * points
                    entries.append(SheetEntry(heading, len(column), value))
                    column.append(value)
        for _ in range(crosses):
            entries.append(SheetEntry("x2", self.crosses, 1))
            self.crosses += 1
        return entries

    @property
    def rows_used(self) -> int:
        return max(self.crosses, *(len(c) for c in self.columns.values()))

    def row(self, index: int) -> SheetRow:
        boxes = self._boxes(index)
        bonus, total = self._row_score(boxes, index)
        return SheetRow(index, index < self.crosses, boxes, bonus, total, self._factor(boxes, index))

    def _boxes(self, index: int) -> tuple[int | None, ...]:
        """The points boxes of sheet row `index`, per scoring sum; None: empty."""
        return tuple([c[index] if index < len(c) else None for c in self.columns.values()])

    def _row_score(self, boxes: tuple[int | None, ...], index: int) -> tuple[int, int]:
        """(bonus earned, the row's Σ) of sheet row `index` holding `boxes`."""
        bonus = self.layout.bonus_of_row(index) if None not in boxes else 0
        points = sum([b for b in boxes if b is not None])
        factor = self._factor(boxes, index)
        return bonus, points * factor + bonus * (factor if self.rules.bonus_doubled else 1)

    def _factor(self, boxes: tuple[int | None, ...], index: int) -> int:
        """2 where sheet row `index` holding `boxes` is doubled by its cross: when full, or at once where the
        rules double rows not yet full."""
        return 2 if index < self.crosses and (None not in boxes or self.rules.double_incomplete_rows) else 1

    def rows(self) -> list[SheetRow]:
        return [self.row(i) for i in range(max(self.rows_used, 0))]

    @property
    def total(self) -> int:
        """The grand total: every row's Σ minus the pips of tiles left."""
        # Summed from the boxes, without building each row's SheetRow.
        return sum([self._row_score(self._boxes(i), i)[1] for i in range(self.rows_used)]) - self.minus
