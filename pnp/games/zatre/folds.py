"""How the laminated board goes into its box: panels cut along lines between fields, joined by tape hinges.

Laminated card cracks where it is folded and never lies flat again, so the board is never folded
across its film. It is laminated whole, cut into panels along field edges (no field is cut), and the
panels are joined again on their backs by cloth tape hinges with a small gap between them. The hinges
form one chain through every panel, column of panels by column of panels (a snake), so the board
folds panel by panel, zig-zag, into a stack the size of one panel.

The columns and rows are split into the fewest panels whose folded stack, hinge loops included,
fits the box floor with room to lift it out. The board over two sheets (`--board-sheets 2`) also has
a joint where its sheets meet, so each panel lies whole on one sheet and nothing is glued.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

from .model import Board

LAMINATED_MM = 0.45  # one layer of 240 g/m² card laminated on both sides
TAPE_MM = 0.3  # cloth book-binding tape, adhesive included
HINGE_LOOP_MM = 1.0  # how far a folded hinge stands out beyond the panel edge
ROOM_MM = 3.0  # the folded board leaves at least this much of the floor free each way (to lift it out)


@dataclass(frozen=True)
class Panel:
    """A rectangle of fields: columns [col0, col1) and rows [row0, row1), on printed sheet `sheet`."""

    col0: int
    col1: int
    row0: int
    row1: int
    sheet: int = 0

    def size_mm(self, cell: float) -> tuple[float, float]:
        return ((self.col1 - self.col0) * cell, (self.row1 - self.row0) * cell)


@dataclass(frozen=True)
class Hinge:
    """A taped joint between panels `first` and `first + 1` of the chain, along a line between fields:
    vertical lines lie after field column `at`, horizontal ones after field row `at`; `span` is the
    run of rows (or columns) the joint covers."""

    first: int
    vertical: bool
    at: int
    span: tuple[int, int]


@dataclass(frozen=True)
class PanelPlan:
    columns: tuple[int, ...]  # field columns after which the board is cut
    rows: tuple[int, ...]  # field rows after which the board is cut
    cell_mm: float
    panels: tuple[Panel, ...]  # in chain order: the first stays on the table, the others fold onto it
    hinges: tuple[Hinge, ...]  # one between each two panels next in the chain

    @property
    def layers(self) -> int:
        return len(self.panels)

    def folded_mm(self) -> tuple[float, float]:
        """The folded stack's footprint: the panels folded one by one along the chain, plus the hinge
        loops standing out at its edges."""
        left, top, right, bottom = folded_extent(self)
        loops = 2 * HINGE_LOOP_MM if self.hinges else 0.0
        return right - left + loops, bottom - top + loops

    def folded_height_mm(self) -> float:
        """Laminated layers and the tape of every hinge, the folded hinge's two plies each."""
        return self.layers * LAMINATED_MM + 2 * TAPE_MM * len(self.hinges)



Rect = tuple[float, float, float, float]


def folded_extent(plan: PanelPlan) -> Rect:
    """Fold the chain as a person does: panel k+1 and everything after it turn over onto panel k about
    their shared edge, k = 0, 1, ... Returns the bounding box of every panel where it ends up (mm)."""
    cell = plan.cell_mm
    rects: list[Rect] = [(p.col0 * cell, p.row0 * cell, p.col1 * cell, p.row1 * cell) for p in plan.panels]
    for k in range(len(rects) - 1):
        a, b = rects[k], rects[k + 1]
        if math.isclose(a[2], b[0]) or math.isclose(a[0], b[2]):  # a vertical edge: mirror x about it
            axis = a[2] if math.isclose(a[2], b[0]) else a[0]
            rects[k + 1:] = [(2 * axis - r[2], r[1], 2 * axis - r[0], r[3]) for r in rects[k + 1:]]
        elif math.isclose(a[3], b[1]) or math.isclose(a[1], b[3]):
            axis = a[3] if math.isclose(a[3], b[1]) else a[1]
            rects[k + 1:] = [(r[0], 2 * axis - r[3], r[2], 2 * axis - r[1]) for r in rects[k + 1:]]
        else:
            raise ValueError(f"panels {k} and {k + 1} of the chain share no edge")
    return (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects), max(r[3] for r in rects))


def joint_between(a: Panel, b: Panel) -> tuple[bool, int, tuple[int, int]] | None:
    """The line two panels share (vertical?, after column/row, span), or None."""
    if a.col1 == b.col0:
        span = (max(a.row0, b.row0), min(a.row1, b.row1))
        return (True, a.col1, span) if span[0] < span[1] else None
    if a.row1 == b.row0:
        span = (max(a.col0, b.col0), min(a.col1, b.col1))
        return (False, a.row1, span) if span[0] < span[1] else None
    return None


def _runs(count: int, parts: int) -> list[tuple[int, int]] | None:
    """`count` fields in `parts` runs, the longer runs first; None where that leaves a run empty."""
    size = math.ceil(count / parts)
    edges = [min(count, size * k) for k in range(parts + 1)]
    runs = list(pairwise(edges))
    return runs if all(a < b for a, b in runs) else None


def snake(columns: list[tuple[int, int]], rows: list[tuple[int, int]], sheet_of: dict[int, int]) -> PanelPlan:
    """Panels of the given column and row runs, chained down the first column of panels, up the next..."""
    panels: list[Panel] = []
    for index, (c0, c1) in enumerate(columns):
        order = rows if index % 2 == 0 else rows[::-1]
        panels += [Panel(c0, c1, r0, r1, sheet_of.get(c0, 0)) for r0, r1 in order]
    hinges = []
    for k, (a, b) in enumerate(pairwise(panels)):
        joint = joint_between(a, b) or joint_between(b, a)
        assert joint is not None  # a snake's neighbours always share an edge
        hinges.append(Hinge(k, *joint))
    return PanelPlan(tuple(c1 for _, c1 in columns[:-1]), tuple(r1 for _, r1 in rows[:-1]), 0.0, tuple(panels),
                     tuple(hinges))


def panel_plan(board: Board, floor_mm: tuple[float, float], cell_mm: float | None = None,
               sheet_width_mm: float | None = None) -> PanelPlan:
    """The fewest panels of the board (fields of `cell_mm`, default the spec's one-sheet field) whose folded
    stack fits a floor of `floor_mm` with ROOM_MM to spare each way. With `sheet_width_mm` the board is
    printed over two sheets of that printable width: one column joint is where the sheets meet."""
    cell = board.cell_mm if cell_mm is None else cell_mm
    best: PanelPlan | None = None
    for parts_x in range(1, board.width + 1):
        for parts_y in range(1, board.height + 1):
            columns, rows = _runs(board.width, parts_x), _runs(board.height, parts_y)
            if columns is None or rows is None or (best is not None and parts_x * parts_y >= best.layers):
                continue
            sheet_of = _sheets(columns, cell, sheet_width_mm)
            if sheet_of is None:
                continue
            plan = snake(columns, rows, sheet_of)
            plan = PanelPlan(plan.columns, plan.rows, cell, plan.panels, plan.hinges)
            if _fits(plan.folded_mm(), floor_mm):
                best = plan
    if best is None:  # no panel fits the floor: the box-fit check reports the board as it is
        whole = snake([(0, board.width)], [(0, board.height)], {})
        return PanelPlan((), (), cell, whole.panels, ())
    return best


def _fits(size: tuple[float, float], floor: tuple[float, float]) -> bool:
    long_side, short_side = max(floor) - ROOM_MM, min(floor) - ROOM_MM
    return max(size) <= long_side + 1e-9 and min(size) <= short_side + 1e-9


def _sheets(columns: list[tuple[int, int]], cell: float, sheet_width: float | None) -> dict[int, int] | None:
    """Which sheet each column of panels is printed on (by its first field column): one sheet, or two
    that meet at a column joint with each part no wider than a sheet; None if no joint does."""
    if sheet_width is None:
        return {c0: 0 for c0, _ in columns}
    for split in range(len(columns) - 1, 0, -1):  # the wider part on the first sheet
        left = columns[split - 1][1] * cell
        right = (columns[-1][1] - columns[split][0]) * cell
        if left <= sheet_width + 1e-9 and right <= sheet_width + 1e-9:
            return {c0: int(index >= split) for index, (c0, _) in enumerate(columns)}
    return None
