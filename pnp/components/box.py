"""Box nets on paper: cut, fold and glue marks, titles upright on the folded box, assembly steps.

The geometry (sizes, allowances for paper thickness, the two constructions) is in boxnet.py;
the check whether a game's pieces fit a box is in boxfit.py. This module only draws.

Every panel, flap and tab is also written as an invisible shape with class and data attributes
(class="panel|flap|glue-tab", data-panel=name), and every text on a panel as
class="panel-text" with data-panel and data-rotation, so tests can read the box back.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.components.boxfit import FitResult, Stack, folded_sheet, pieces_fit
from pnp.components.boxnet import (
    CARD_240GSM_MM,
    DEFAULT_SIZE,
    DEFAULT_THICKNESS_MM,
    PAPER_80GSM_MM,
    Area,
    BoxPlan,
    BoxSize,
    Net,
    Piece,
    Point,
    parse_box_size,
    plan_nets,
)
from pnp.components.sheets import FOOTER_BAND_MM
from pnp.draw.primitives import CUT, FOLD_MOUNTAIN, FOLD_VALLEY, GLUE, Path, Style, filled
from pnp.draw.scene import Page
from pnp.draw.text import MIN_TEXT, pt, text_width, vertical_extent, wrap
from pnp.i18n import Texts

if TYPE_CHECKING:
    from pnp.draw.paper import Paper

__all__ = [
    "CARD_240GSM_MM",
    "DEFAULT_SIZE",
    "DEFAULT_THICKNESS_MM",
    "PAPER_80GSM_MM",
    "BoxPlan",
    "BoxSize",
    "FitResult",
    "Stack",
    "box_pages",
    "folded_sheet",
    "parse_box_size",
    "pieces_fit",
    "plan_box",
]

# art(page, x, y, w, h, rotation): draw into the panel rectangle (page mm); `rotation` (clockwise
# degrees about the rectangle's centre) is what makes the drawing upright on the folded box.
ArtFn = Callable[[Page, float, float, float, float, float], None]

FOOTER_RESERVE_MM = FOOTER_BAND_MM  # kept free at the bottom of the safe area for the kit footer
STROKE_ROOM_MM = 0.2  # half a cut line's width must stay inside the safe area too
INVISIBLE = Style(stroke=None, fill=None)
TEXT_COLOUR = "#000000"


def _area(paper: Paper, safe_margin: float) -> Area:
    return Area(
        paper.width - 2 * safe_margin - 2 * STROKE_ROOM_MM,
        paper.height - 2 * safe_margin - FOOTER_RESERVE_MM - 2 * STROKE_ROOM_MM,
    )


def plan_box(
    size: BoxSize = DEFAULT_SIZE,
    style: str = "auto",
    thickness: float = DEFAULT_THICKNESS_MM,
    paper: Paper | None = None,
) -> BoxPlan:
    """The construction that will be drawn ('auto': hinged if it fits, else telescoping), no drawing.

    Raises PnpError with one line naming the size needed, the area and the largest box that fits.
    """
    from pnp.draw.paper import A4, SAFE_MARGIN_MM

    paper = paper or A4
    return plan_nets(size, style, thickness, _area(paper, SAFE_MARGIN_MM), paper.name)


# ---- placing a net on a page ------------------------------------------------------------------


@dataclass(frozen=True)
class _Placement:
    """Net mm -> page mm: a translation, after a quarter turn clockwise if `turned`."""

    net: Net
    turned: bool
    x: float
    y: float

    def point(self, p: Point) -> Point:
        if self.turned:
            return (self.x + self.net.height - p[1], self.y + p[0])
        return (self.x + p[0], self.y + p[1])

    def rotation(self, net_rotation: float) -> float:
        return (net_rotation + (90.0 if self.turned else 0.0)) % 360.0

    def rect(self, piece: Piece) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = piece.bbox
        (ax, ay), (bx, by) = self.point((x0, y0)), self.point((x1, y1))
        return min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay)

    @property
    def size(self) -> tuple[float, float]:
        return (self.net.height, self.net.width) if self.turned else (self.net.width, self.net.height)


def _place(net: Net, turned: bool, page: Page) -> _Placement:
    w = net.height if turned else net.width
    safe = page.safe_box
    x = safe.x0 + (safe.x1 - safe.x0 - w) / 2  # centred across, at the top of the safe area
    return _Placement(net, turned, x, safe.y0 + STROKE_ROOM_MM)


def _draw_pieces(page: Page, where: _Placement, glue_word: str) -> None:
    """Invisible tagged shapes for every piece, tinted glue tabs with the word 'glue'."""
    net = where.net
    for piece in net.pieces:
        data = {"panel": piece.name, "net": net.name}
        if piece.glue_to:
            data["glue-to"] = piece.glue_to
        points = [where.point(p) for p in piece.points]
        if piece.kind == "panel":
            x, y, w, h = where.rect(piece)
            page.rect(x, y, w, h, style=INVISIBLE, cls="panel", data=data)
        elif piece.kind == "tab":
            page.add(_outline(points, closed=True, style=GLUE, cls="glue-tab", data=data))
            _glue_word(page, where, piece, glue_word)
        else:
            page.add(_outline(points, closed=True, style=INVISIBLE, cls="flap", data=data))


def _outline(points: list[Point], closed: bool, **kw: Any) -> Path:
    """A polygon or polyline as a Path: the SVG writer drops the points of <polygon>/<polyline>."""
    closed = closed or (len(points) > 2 and _same(points[0], points[-1]))
    if closed and _same(points[0], points[-1]):
        points = points[:-1]
    commands: list[tuple] = [("M", *points[0]), *(("L", *p) for p in points[1:])]
    if closed:
        commands.append(("Z",))
    return Path(tuple(commands), **kw)


def _same(p: Point, q: Point) -> bool:
    return abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6


def _glue_word(page: Page, where: _Placement, tab: Piece, word: str) -> None:
    """'glue' along the middle of the tab, reading along its fold line."""
    (sx, sy), (ex, ey) = tab.points[0], tab.points[-1]  # the fold line
    cx = sum(p[0] for p in tab.points) / len(tab.points)
    cy = sum(p[1] for p in tab.points) / len(tab.points)
    vertical = abs(ex - sx) < abs(ey - sy)
    fold_len = abs(ey - sy) if vertical else abs(ex - sx)
    x0, y0, x1, y1 = tab.bbox
    depth = (x1 - x0) if vertical else (y1 - y0)
    size = min(pt(7), 0.45 * depth, 0.8 * fold_len / max(text_width(word, 1.0), 1e-9))
    rotation = where.rotation(90.0 if vertical else 0.0)
    if 90.0 < rotation <= 270.0:  # read from the sheet's bottom or right edge, never upside down
        rotation = (rotation + 180.0) % 360.0
    px, py = where.point((cx, cy))
    _centred_text(page, px, py, word, size, rotation, cls="glue-label", colour="#555555")


def _centred_text(
    page: Page,
    cx: float,
    cy: float,
    text: str,
    size: float,
    rotation: float,
    *,
    bold: bool = False,
    cls: str = "",
    data: dict[str, str] | None = None,
    colour: str = TEXT_COLOUR,
) -> None:
    """One line centred on (cx, cy) both ways, turned `rotation` degrees clockwise about it."""
    above, below = vertical_extent(size, bold)
    # The baseline sits (above - below) / 2 below the centre, measured along the text's own "down".
    shift = (above - below) / 2
    rad = math.radians(rotation)
    bx, by = cx - math.sin(rad) * shift, cy + math.cos(rad) * shift
    page.text(bx, by, text, size, anchor="middle", rotation=rotation, weight="bold" if bold else "regular",
              style=filled(colour), cls=cls, data=data or {})


def _fit_size(text: str, width: float, height: float, largest: float, bold: bool = True) -> float:
    """The largest font size (mm) up to `largest` at which `text` fits width x height."""
    if not text:
        return 0.0
    above, below = vertical_extent(1.0, bold)
    by_width = width / max(text_width(text, 1.0, bold), 1e-9)
    by_height = height / (above + below)
    return min(largest, by_width, by_height)


def _panel_frame(where: _Placement, piece: Piece) -> tuple[float, float, float, float, float]:
    """(centre x, centre y, width along the text, height across it, page rotation) of a panel."""
    x, y, w, h = where.rect(piece)
    rotation = where.rotation(piece.text_rotation or 0.0)
    along, across = (h, w) if rotation in (90.0, 270.0) else (w, h)
    return x + w / 2, y + h / 2, along, across, rotation


def _draw_titles(page: Page, where: _Placement, title: str, subtitle: str,
                 lid_art: ArtFn | None, side_art: ArtFn | None) -> None:
    for piece in where.net.pieces:
        if piece.kind != "panel" or piece.text_rotation is None:
            continue
        cx, cy, along, across, rotation = _panel_frame(where, piece)
        x, y, w, h = where.rect(piece)
        is_lid = piece.name == "lid"
        art = lid_art if is_lid else side_art
        if art is not None:  # the game's artwork carries its own title
            art(page, x, y, w, h, rotation)
            continue
        data = {"panel": piece.name, "rotation": f"{rotation:g}"}
        if is_lid:
            size = _fit_size(title, 0.8 * along, 0.3 * across, 12.0)
            sub = 0.0
            if subtitle:
                sub = _fit_size(subtitle, 0.8 * along, 0.12 * across, 0.45 * size, bold=False)
            gap = 0.6 * sub if sub else 0.0
            # Title and subtitle stacked about the centre, stepped along the text's "down".
            offset_title = -(sub + gap) / 2
            offset_sub = (size + gap) / 2
            rad = math.radians(rotation)
            dx, dy = -math.sin(rad), math.cos(rad)  # the text's "down" on the page
            _centred_text(page, cx + dx * offset_title, cy + dy * offset_title, title, size, rotation,
                          bold=True, cls="panel-text", data=data)
            if sub:
                _centred_text(page, cx + dx * offset_sub, cy + dy * offset_sub, subtitle, sub,
                              rotation, cls="panel-text", data=data)
        else:
            size = _fit_size(title, 0.8 * along, 0.45 * across, 8.0)
            if size >= 1.5:  # smaller would not be readable; leave the side plain
                _centred_text(page, cx, cy, title, size, rotation, bold=True, cls="panel-text", data=data)


def _draw_lines(page: Page, where: _Placement) -> set[str]:
    """Fold lines (by kind) and the cut outline; returns the fold kinds used, for the legend."""
    kinds = set()
    for fold in where.net.folds:
        (x1, y1), (x2, y2) = where.point(fold.start), where.point(fold.end)
        style = FOLD_MOUNTAIN if fold.kind == "mountain" else FOLD_VALLEY
        page.line(x1, y1, x2, y2, style=style, layer="fold", cls="fold",
                  data={"kind": fold.kind, "parent": fold.parent, "child": fold.child})
        kinds.add(fold.kind)
    for path in where.net.cut_paths():
        page.add(_outline([where.point(p) for p in path], closed=False, style=CUT, layer="cut", cls="cut"))
    return kinds


# ---- legend and assembly steps ----------------------------------------------------------------

# Printed words per language: the legend, the glue tabs and the numbered assembly steps.
WORDS: Texts[Any] = Texts({
    "cut": {"en": "cut", "de": "schneiden"},
    "mountain": {"en": "mountain fold: crease with the print outside",
                 "de": "Bergfalz: mit dem Druck nach außen falten"},
    "valley": {"en": "valley fold: crease with the print inside",
               "de": "Talfalz: mit dem Druck nach innen falten"},
    "glue": {"en": "glue here", "de": "hier kleben"},
    "glue tab": {"en": "glue", "de": "kleben"},
    "hinged box": {
        "en": ("Cut out along the solid line.",
               "Crease every fold line with the print outside.",
               "Fold up the walls; glue each grey tab inside the wall beside it.",
               "Close the lid: dust flaps and tuck flap go inside the walls."),
        "de": ("Entlang der durchgezogenen Linie ausschneiden.",
               "Alle Falzlinien mit dem Druck nach außen vorfalten.",
               "Wände hochklappen; jede graue Lasche innen an die Wand daneben kleben.",
               "Deckel schließen: Staub- und Einstecklaschen kommen innen an die Wände."),
    },
    "tray": {
        "en": ("Cut out along the solid line; crease the fold lines, print outside.",
               "Fold up the walls; glue each grey tab inside the wall beside it.",
               "Make the lid on the other sheet the same way; it slides over the tray."),
        "de": ("Entlang der durchgezogenen Linie ausschneiden; Falzlinien vorfalten, Druck außen.",
               "Wände hochklappen; jede graue Lasche innen an die Wand daneben kleben.",
               "Den Deckel auf dem anderen Bogen genauso bauen; er wird über die Schale geschoben."),
    },
    "lid": {
        "en": ("Cut out along the solid line; crease the fold lines, print outside.",
               "Fold down the sides; glue each grey tab inside the side beside it.",
               "Slide the lid over the tray from the other sheet."),
        "de": ("Entlang der durchgezogenen Linie ausschneiden; Falzlinien vorfalten, Druck außen.",
               "Seiten nach unten klappen; jede graue Lasche innen an die Seite daneben kleben.",
               "Den Deckel über die Schale vom anderen Bogen schieben."),
    },
})


SWATCH_MM = 8.0
BLOCK_PADDING_MM = 1.5


def _block_lines(steps: tuple[str, ...], width: float, size: float) -> list[str]:
    lines = []
    for number, step in enumerate(steps, 1):
        wrapped = wrap(step, width - text_width("0. ", size), size)
        lines += [f"{number}. {wrapped[0]}"] + [f"    {line}" for line in wrapped[1:]]
    return lines


def _instructions(page: Page, regions: list[tuple[float, float, float, float]], kinds: set[str],
                  steps: tuple[str, ...], legend: dict[str, Any]) -> bool:
    """Legend and numbered steps in the first region they fit, at the largest size that fits."""
    entries = ["cut", *sorted(kinds), "glue"]
    for size in (pt(7.5), pt(7), MIN_TEXT):
        leading = 1.3 * size
        for x, y, w, h in regions:
            inner_w = w - 2 * BLOCK_PADDING_MM
            legend_w = SWATCH_MM + 1.5 + max(text_width(legend[e], size) for e in entries)
            if inner_w < legend_w:
                continue
            lines = _block_lines(steps, inner_w, size)
            needed = (len(entries) + len(lines)) * leading + 0.5 * leading
            if needed > h - 2 * BLOCK_PADDING_MM:
                continue
            cursor = y + BLOCK_PADDING_MM
            left = x + BLOCK_PADDING_MM
            for entry in entries:
                cursor += leading
                mid = cursor - 0.35 * size
                if entry == "glue":
                    page.rect(left, cursor - 0.8 * size, SWATCH_MM, 0.9 * size, style=GLUE, cls="legend")
                else:
                    style = {"cut": CUT, "mountain": FOLD_MOUNTAIN, "valley": FOLD_VALLEY}[entry]
                    page.line(left, mid, left + SWATCH_MM, mid, style=style, cls="legend")
                page.text(left + SWATCH_MM + 1.5, cursor, legend[entry], size, cls="legend")
            cursor += 0.5 * leading
            for line in lines:
                cursor += leading
                page.text(left, cursor, line, size, cls="assembly-step")
            return True
    return False


def _free_regions(page: Page, where: _Placement) -> list[tuple[float, float, float, float]]:
    """Room for the instructions: below the net, beside it, else on the outside of the base."""
    safe = page.safe_box
    w, h = where.size
    bottom = page.height - page.safe_margin - FOOTER_RESERVE_MM
    regions = [
        (safe.x0, where.y + h + STROKE_ROOM_MM, safe.x1 - safe.x0, bottom - (where.y + h + STROKE_ROOM_MM)),
        (where.x + w + STROKE_ROOM_MM, safe.y0, safe.x1 - where.x - w - STROKE_ROOM_MM, bottom - safe.y0),
    ]
    for name in ("base",):
        try:
            x, y, pw, ph = where.rect(where.net.piece(name))
        except KeyError:
            continue
        regions.append((x + 2.0, y + 2.0, pw - 4.0, ph - 4.0))
    return [r for r in regions if r[2] > 10 and r[3] > 5]


# ---- pages ------------------------------------------------------------------------------------


def box_pages(
    size: BoxSize,
    style: str,
    thickness: float,
    paper: Paper,
    title: str,
    subtitle: str = "",
    lid_art: ArtFn | None = None,
    side_art: ArtFn | None = None,
    lang: str = "en",
) -> list[Page]:
    """The box as pages: one for a hinged box, two (tray, lid) for a telescoping one.

    Raises PnpError (one line) if the box fits the paper in neither (or not in the chosen) style.
    """
    plan = plan_box(size, style, thickness, paper)
    pages = []
    for net, turned in zip(plan.nets, plan.turned, strict=True):
        page = Page.for_paper(paper, label=f"box {net.name}")
        where = _place(net, turned, page)
        page.rect(*_net_box(where), style=INVISIBLE, cls="box-net",
                  data={"net": net.name, "style": plan.style, "outer": str(net.outer),
                        "thickness": f"{thickness:g}", "turned": "yes" if turned else "no"})
        words = WORDS.of(lang)
        _draw_pieces(page, where, words["glue tab"])
        if net.name != "tray":  # the tray hides under the lid: its sides stay plain
            _draw_titles(page, where, title, subtitle, lid_art, side_art)
        kinds = _draw_lines(page, where)
        _instructions(page, _free_regions(page, where), kinds, words[net.name], words)
        pages.append(page)
    return pages


def built_style(pages: Iterable[Page]) -> str | None:
    """How the box on `pages` is built, hinged or telescoping, as box_pages marked it (None: no box)."""
    styles = {p.data.get("style") for page in pages for p in page.items if p.cls == "box-net"}
    return "telescoping" if "telescoping" in styles else "hinged" if styles else None


def _net_box(where: _Placement) -> tuple[float, float, float, float]:
    w, h = where.size
    return where.x, where.y, w, h
