"""The Zatre artwork shared by the board, the tiles, the rules figures and the report boards.

Fields and tiles are drawn at any size from the model's layout, so the printed board, the rules
examples and the final boards of simulated games all look alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.draw.scene import GroupBuilder, Page, Style, filled, stroked
from pnp.games.zatre.model import DOUBLE, NO_FIELD, START, Board

KIND_NAMES = {".": "normal", DOUBLE: "double", START: "start"}


@dataclass(frozen=True)
class Palette:
    """Colours of one board look. Greyscale stays distinct: dark/light fields, a ring on the start."""

    name: str
    normal: str
    double: str
    start: str
    grid: str  # the lines between fields
    outline: str  # field outline width comes with it
    outline_mm: float
    mark: str  # the "x2" on double fields
    start_mark: str  # the ring on the start field


CLASSIC = Palette("classic", normal="#2e2e2e", double="#e4e4e0", start="#c62828", grid="#8a8a8a",
                  outline="#8a8a8a", outline_mm=0.3, mark="#8a8a86", start_mark="#ffffff")
# Eco ink keeps the full board's order: the plain fields a light grey, so white tiles stand out on them, and
# the double fields the lighter, marked ones; the start field red with a white ring, as on the full board.
INK_SAVER = Palette("ink-saver", normal="#c9c9c9", double="#f4f4f0", start="#c62828", grid="#000000",
                    outline="#000000", outline_mm=0.35, mark="#555555", start_mark="#ffffff")

MARK_SIZE = 0.3  # the "x2" of a double field: its font size per field side
TILE_FACE = "#ffffff"
PIP = "#111111"


def palette_for(ink_saver: bool) -> Palette:
    return INK_SAVER if ink_saver else CLASSIC


def draw_fields(g: GroupBuilder | Page, board: Board, cell: float, palette: Palette,
                x0: float = 0.0, y0: float = 0.0, *, marks: bool = True, columns: range | None = None) -> None:
    """Every field of the layout (or of some `columns`) as one square of exactly `cell` mm, tagged with its
    cell and kind; (x0, y0) is where the whole board's first column and row begin."""
    fill = {".": palette.normal, DOUBLE: palette.double, START: palette.start}
    for r, line in enumerate(board.layout):
        for c, ch in enumerate(line):
            if ch == NO_FIELD or (columns is not None and c not in columns):
                continue
            x, y = x0 + c * cell, y0 + r * cell
            g.rect(x, y, cell, cell, style=filled(fill[ch], palette.outline, palette.outline_mm),
                   cls="field", data={"cell": f"{r},{c}", "kind": KIND_NAMES[ch], "size-mm": f"{cell:g}"})
            if not marks:
                continue
            if ch == DOUBLE:
                size = cell * MARK_SIZE
                g.text(x + cell / 2, y + cell / 2 + size * 0.36, "x2", size, anchor="middle", weight="bold",
                       style=filled(palette.mark), cls="double-mark")
            elif ch == START:
                g.circle(x + cell / 2, y + cell / 2, cell * 0.3,
                         style=stroked(palette.start_mark, cell * 0.06), cls="start-mark")
                g.circle(x + cell / 2, y + cell / 2, cell * 0.08, style=filled(palette.start_mark, None),
                         cls="start-mark")


# Pip positions of a die face on a 3 x 3 grid, (column, row) with 0..2.
PIP_LAYOUT: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((2, 0), (0, 2)),
    3: ((2, 0), (1, 1), (0, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def draw_tile(g: GroupBuilder | Page, pips: int, x: float, y: float, size: float, *,
              outline: Style | None = None, highlight: str | None = None, data: dict[str, str] | None = None,
              pip_colour: str = PIP, cls: str = "tile") -> None:
    """One square tile with its die pips; `outline` None draws no edge (the cut grid is the edge). `cls`
    "tile" marks a piece to cut out; a picture of tiles (the lid's art) names itself otherwise."""
    face = highlight or TILE_FACE
    with g.group(cls=cls, data={"pips": str(pips), "size-mm": f"{size:g}", **(data or {})}) as t:
        if outline is not None or highlight is not None:
            t.rect(x, y, size, size, radius=size * 0.08,
                   style=Style(stroke=outline.stroke if outline else None,
                               stroke_width=outline.stroke_width if outline else 0.0, fill=face),
                   cls="tile-face")
        step = size * 0.245  # an 11.8 mm tile keeps its outer pips 2 mm inside the cut line
        radius = size * 0.08
        cx, cy = x + size / 2, y + size / 2
        for col, row in PIP_LAYOUT[pips]:
            t.circle(cx + (col - 1) * step, cy + (row - 1) * step, radius, style=filled(pip_colour), cls="pip")
