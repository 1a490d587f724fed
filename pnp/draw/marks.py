"""Print marks every sheet may carry: crop marks, the footer and the 100 mm scale bar."""

from __future__ import annotations

from typing import Protocol

from pnp.draw.font import ink_indent, ink_outdent
from pnp.draw.primitives import CROP, HAIRLINE, Line, Primitive, Style, Text
from pnp.draw.text import pt, vertical_extent
from pnp.i18n import KIT


class Page(Protocol):
    """What the marks need of a page (pnp.draw.scene.Page is one): its size, its safe margin, and
    a way to add primitives. Declared here so the marks do not depend on the scene that uses them."""

    width: float
    height: float
    safe_margin: float

    def extend(self, prims: list[Primitive]) -> None: ...

FOOTER_SIZE = pt(7)
BAR_STYLE = Style(stroke="#000000", stroke_width=0.3)


def crop_marks(
    page: Page,
    x: float,
    y: float,
    w: float,
    h: float,
    bleed: float = 0.0,
    length: float = 5.0,
    gap: float = 1.0,
) -> list[Primitive]:
    """Corner marks in line with the trim edges of the box (x, y, w, h), outside its bleed.

    They start `gap` mm beyond the bleed so the first knife cut does not remove them.
    """
    start = bleed + gap
    marks: list[Primitive] = []
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            # Horizontal mark continues the top/bottom edge, vertical mark the left/right edge.
            marks.append(
                Line(
                    cx + sx * start,
                    cy,
                    cx + sx * (start + length),
                    cy,
                    style=CROP,
                    layer="marks",
                    cls="crop-mark",
                )
            )
            marks.append(
                Line(
                    cx,
                    cy + sy * start,
                    cx,
                    cy + sy * (start + length),
                    style=CROP,
                    layer="marks",
                    cls="crop-mark",
                )
            )
    page.extend(marks)
    return marks


def footer(page: Page, game: str, component: str, n: int, m: int, version: str, lang: str = "en") -> list[Primitive]:
    """One small line at the bottom of the safe area: game and part left, page and version right.

    `component` is the part's key (rules, tiles, ...), printed in the kit's language. The footer's words
    name the page for readers too, as its title.
    """
    _, below = vertical_extent(FOOTER_SIZE)
    baseline = page.height - page.safe_margin - below
    part = KIT.get(lang, component, component)
    left_text = f"{game} · {part}"
    number = KIT(lang, 'page', n=n, m=m)
    right_text = f"{number} · v{version.removeprefix('v')}"
    page.title = f"{left_text} · {number}"
    # The letters' ink, not their advance boxes, ends at the safe area (a title's T reaches left of its box).
    left = Text(page.safe_margin + ink_indent(left_text, FOOTER_SIZE), baseline, left_text, FOOTER_SIZE, cls="footer")
    right = Text(
        page.width - page.safe_margin - ink_outdent(right_text, FOOTER_SIZE),
        baseline,
        right_text,
        FOOTER_SIZE,
        anchor="end",
        cls="footer",
    )
    page.extend([left, right])
    return [left, right]


def scale_bar(
    page: Page,
    x: float,
    y: float,
    length: float = 100.0,
    *,
    vertical: bool = False,
    detail: bool = False,
    label: bool = True,
) -> list[Primitive]:
    """A bar exactly `length` mm long from (x, y), rightwards (or downwards if vertical).

    Ticks stand on the side away from the page origin edge: above a horizontal bar, right of a
    vertical one. `detail` adds millimetre ticks (longer at 5 and 10) and numbers every 10 mm.
    The bar itself is one Line with class "scale-bar" and data-length-mm, so tests can find it.
    """

    def at(along: float, across: float) -> tuple[float, float]:
        return (x + across, y + along) if vertical else (x + along, y - across)

    prims: list[Primitive] = []
    x2, y2 = at(length, 0)
    prims.append(
        Line(
            x,
            y,
            x2,
            y2,
            style=BAR_STYLE,
            cls="scale-bar",
            data={"length-mm": f"{length:g}"},
            label="scale bar",
        )
    )
    step = 1.0 if detail else 10.0
    count = round(length / step)
    number_size = pt(7)
    for i in range(count + 1):
        mm = min(i * step, length)
        if detail:
            tall = 4.0 if i % 10 == 0 else 2.5 if i % 5 == 0 else 1.5
        else:
            tall = 3.0 if i in (0, count) else 2.0
        if i == count and abs(mm - length) > 1e-9:
            continue
        prims.append(Line(*at(mm, 0), *at(mm, tall), style=HAIRLINE, cls="scale-tick"))
        if detail and i % 10 == 0:
            tx, ty = at(mm, tall + 1.0)
            if vertical:
                prims.append(Text(tx, ty + number_size * 0.36, f"{mm:g}", number_size, cls="scale-number"))
            else:
                prims.append(Text(tx, ty, f"{mm:g}", number_size, anchor="middle", cls="scale-number"))
    if label:
        text = f"{length:g} mm"
        if vertical:
            lx, ly = at(length + 4.0, 0)
            prims.append(Text(lx, ly, text, pt(8), anchor="middle", weight="bold", cls="scale-label"))
        else:
            lx, ly = at(length + 2.0, 0)
            prims.append(Text(lx, ly + pt(8) * 0.36, text, pt(8), weight="bold", cls="scale-label"))
    page.extend(prims)
    return prims
