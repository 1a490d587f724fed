"""Do a game's pieces fit its box? Stacks of tiles or stones side by side on the floor, folded
sheets (board, rules) lying flat on top of them.

The floor is packed with a greedy shelf packing (rows of columns, each column may be turned; shelves opened
lengthways, or else turned), so a "does not fit" is occasionally pessimistic by one column; a "fits" always
has a layout.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.components.boxnet import BoxSize, telescoping_tray_size

EPS = 1e-9
# Names of a board's stack the print guide reads to say how the board goes into the box.
BOARD_PANELS = "board panels"  # cut into flat panels (count of them)
BOARD_HINGED = "board hinged"  # laminated panels joined by tape hinges, folded zig-zag (count: layers)
LEGEND_CARDS = "legend cards"  # cards cut from the board sheet's waste (count of them)


@dataclass(frozen=True)
class Stack:
    """`count` equal items of footprint width x depth (mm), each `thickness` mm thick.

    on_top=False: stacked on the floor (split into several columns if too tall).
    on_top=True: a flat layer (a folded sheet) lying over everything on the floor.
    """

    name: str
    width: float
    depth: float
    count: int
    thickness: float
    on_top: bool = False
    sheets: int = 1  # sheets of paper folded into the layers (a pad of score pages: its pages)
    printed: bool = False  # sheets of the kit's paper (rules, score pages): folded as often as the floor asks

    @property
    def height(self) -> float:
        return self.count * self.thickness


def folded_sheet(name: str, width: float, height: float, thickness: float, folds: int) -> Stack:
    """A sheet folded in half `folds` times, always across its longer side, lying on top."""
    layers = 1
    for _ in range(folds):
        if width >= height:
            width /= 2
        else:
            height /= 2
        layers *= 2
    return Stack(name, width, height, layers, thickness, on_top=True)


PAPER_FOLDS = 5  # the most halvings a sheet of paper is folded to lie in a box


def fewest_folds(size: tuple[float, float], floor: tuple[float, float]) -> int | None:
    """The fewest halvings (0: none) of a sheet of `size` (mm) that lie on `floor` (None: no number of folds up
    to PAPER_FOLDS does)."""
    return next((folds for folds in range(PAPER_FOLDS + 1)
                 if lies_on(folded_sheet("paper", *size, 0.1, folds), floor)), None)


def folds_to_floor(size: tuple[float, float], floor: tuple[float, float]) -> tuple[Stack, Stack] | None:
    """The fewest halvings of a sheet of `size` (mm) that lie on `floor`, and the one fold fewer (None: it lies
    there unfolded, or no number of folds fits)."""
    folds = fewest_folds(size, floor)
    if not folds:
        return None
    return folded_sheet("paper", *size, 0.1, folds), folded_sheet("paper", *size, 0.1, folds - 1)


def lies_on(sheet: Stack, floor: tuple[float, float]) -> bool:
    (a, b), (c, d) = sorted((sheet.width, sheet.depth)), sorted(floor)
    return a <= c + EPS and b <= d + EPS


def folded_to_floor(stack: Stack, size: tuple[float, float], floor: tuple[float, float]) -> Stack:
    """A stack of printed sheets of `size` (mm) folded as the kit's guide says: the fewest halvings that lie on
    `floor` (PAPER_FOLDS where none does, so the fit check names them as too large). Score pages cut into
    sheets count as whole pages: half a page folded k times is the page folded k + 1 times."""
    folds = fewest_folds(size, floor)
    sheet = folded_sheet(stack.name, *size, stack.thickness, PAPER_FOLDS if folds is None else folds)
    return Stack(stack.name, sheet.width, sheet.depth, sheet.count * stack.sheets, stack.thickness, on_top=True,
                 sheets=stack.sheets, printed=True)


@dataclass(frozen=True)
class FitResult:
    fits: bool
    fill_height: float  # mm from the floor to the top of the contents
    inner: tuple[float, float, float]  # inner length, width, height of the box in mm
    explanation: str  # one line

    def __str__(self) -> str:
        return self.explanation


def inner_space(size: BoxSize, thickness: float, style: str | None = None) -> tuple[float, float, float]:
    """Free inner length, width and height: inside the walls, their corner tabs and the flaps.

    style None: the smaller of the hinged and the telescoping box, so the answer holds for both.
    """
    t = thickness
    # Hinged: walls and corner tabs (2t each side across), front wall plus tuck flap (2t... 3t in all).
    hinged = (size.length - 4 * t, size.width - 3 * t, size.height - 2 * t)
    tray = telescoping_tray_size(size, t)
    telescoping = (tray.length - 4 * t, tray.width - 2 * t, size.height - 2 * t)
    if style == "hinged":
        return hinged
    if style == "telescoping":
        return telescoping
    return tuple(min(a, b) for a, b in zip(hinged, telescoping, strict=True))  # type: ignore[return-value]


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _fits_floor(w: float, d: float, floor_l: float, floor_w: float) -> bool:
    return (w <= floor_l + EPS and d <= floor_w + EPS) or (d <= floor_l + EPS and w <= floor_w + EPS)


def _shelf_pack(rects: list[tuple[float, float]], floor_l: float, floor_w: float) -> bool:
    """Greedy shelves across the floor's length; each rectangle may be turned. A shelf is opened with its
    first rectangle lengthways, or else turned: where that fails, the other way first is tried too."""
    return any(_shelves(rects, floor_l, floor_w, turned_first) for turned_first in (False, True))


def _shelves(rects: list[tuple[float, float]], floor_l: float, floor_w: float, turned_first: bool) -> bool:
    # Each rectangle lies with its shorter side along the shelf depth; biggest first.
    items = sorted(((max(w, d), min(w, d)) for w, d in rects), key=lambda r: (-r[1], -r[0]))
    shelves: list[list[float]] = []  # [used length, depth]
    used_depth = 0.0
    for long_side, short_side in items:
        placed = False
        for shelf in shelves:
            for along, across in ((long_side, short_side), (short_side, long_side)):
                if across <= shelf[1] + EPS and shelf[0] + along <= floor_l + EPS:
                    shelf[0] += along
                    placed = True
                    break
            if placed:
                break
        if placed:
            continue
        ways = ((long_side, short_side), (short_side, long_side))
        for along, across in ways[::-1] if turned_first else ways:
            if along <= floor_l + EPS and used_depth + across <= floor_w + EPS:
                shelves.append([along, across])
                used_depth += across
                placed = True
                break
        if not placed:
            return False
    return True


def pieces_fit(
    size: BoxSize, thickness: float, items: list[Stack], style: str | None = None
) -> FitResult:
    """Whether `items` fit the closed box, the fill height and a one-line explanation."""
    floor_l, floor_w, inner_h = inner_space(size, thickness, style)
    inner = (floor_l, floor_w, inner_h)
    floor_text = f"{_fmt(floor_l)} x {_fmt(floor_w)} mm floor"

    def result(fits: bool, fill: float, why: str) -> FitResult:
        return FitResult(fits, fill, inner, why)

    for item in items:
        if not _fits_floor(item.width, item.depth, floor_l, floor_w):
            return result(False, 0.0, f"{item.name} ({_fmt(item.width)} x {_fmt(item.depth)} mm) "
                                      f"is larger than the {floor_text}")
        if item.count < 0 or item.thickness < 0:
            return result(False, 0.0, f"{item.name}: count and thickness must not be negative")
    top = sum(i.height for i in items if i.on_top)
    room = inner_h - top
    floor_items = [i for i in items if not i.on_top and i.count > 0]
    if room <= EPS or (floor_items and room < max(i.thickness for i in floor_items) - EPS):
        return result(False, top, f"the sheets on top are {_fmt(top)} mm thick, leaving no room under "
                                  f"them in the {_fmt(inner_h)} mm inner height")

    columns: list[tuple[float, float]] = []
    tallest = 0.0
    parts = []
    for item in floor_items:
        per_column = max(1, math.floor((room + EPS) / item.thickness)) if item.thickness > 0 else item.count
        n_columns = math.ceil(item.count / per_column)
        # Spread evenly: equal columns are lower than full columns and one remainder.
        tallest = max(tallest, math.ceil(item.count / n_columns) * item.thickness)
        columns += [(item.width, item.depth)] * n_columns
        parts.append(f"{item.count} {item.name}" + (f" in {n_columns} stacks" if n_columns > 1 else ""))
    fill = tallest + top
    if not _shelf_pack(columns, floor_l, floor_w):
        return result(False, fill, f"{_stacks(len(columns))} ({', '.join(parts)}) do not fit side by side "
                                   f"on the {floor_text} under {_fmt(room)} mm")
    sheets = [i.name for i in items if i.on_top]
    contents = ", ".join(parts + sheets) or "nothing"
    return result(True, fill, f"{contents} fill the box to {_fmt(fill)} of {_fmt(inner_h)} mm "
                              f"({_stacks(len(columns))} on the {floor_text})")


def _stacks(count: int) -> str:
    return f"{count} stack" if count == 1 else f"{count} stacks"
