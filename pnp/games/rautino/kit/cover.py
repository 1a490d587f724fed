"""The cover: lid artwork at the box's lid size with 3 mm bleed and crop marks, on the top half
of an A4 sheet (the seed's half A4), with a second set of shape cards on the lower half. A kit with the
cover prints a glue area on its box lid instead of the art. `draw_cover_art` draws the same art into
any rectangle (the box lid of a kit without the cover reuses it)."""

from __future__ import annotations

import math
from collections.abc import Callable

from pnp.components.boxnet import BOX_SIZE_FIELD
from pnp.components.boxspec import settings_for
from pnp.components.sheets import content_box
from pnp.draw.affine import Affine, BBox
from pnp.draw.scene import CUT, Page, Style, crop_marks, filled
from pnp.draw.text import pt, text_width, vertical_extent
from pnp.errors import LayoutError
from pnp.games.base import KitContext
from pnp.geometry import trigrid as tg

from ..model import Colour, RautinoModel
from . import art
from .board import board_card_plan, draw_cards
from .texts import WORDS, words

BLEED_MM = 3.0
PRINT_SHOP_SAFE_MM = 3.0  # text and picture keep this far inside the trim of the print shop's cut
CREAM = "#f3ead6"
CARD_NOTE_GAP_MM = 4.0  # the lower half's note below the middle line, and the cards below the note

# art(page, x, y, w, h, rotation): the box net's panel-art signature.
ArtFn = Callable[[Page, float, float, float, float, float], None]


def lid_of(model: RautinoModel, ctx: KitContext) -> tuple[float, float]:
    """The lid of the box the kit builds (the spec's, or --box-size): the size of the cover art."""
    size = settings_for(model, ctx.box).size
    return size.length, size.width


def cover_pages(model: RautinoModel, ctx: KitContext) -> list[Page]:
    """The cover on the top half of a sheet with crop marks, and a second set of the board's shape cards
    on the lower half (the seed's cover is half an A4 sheet); or with the option `bleed_pdf` the print
    shop's page of trim size plus bleed."""
    if ctx.values.get("bleed_pdf"):
        return [bleed_cover_page(model, ctx)]
    page = Page.for_paper(ctx.paper.portrait(), label="cover")
    w, h = lid_of(model, ctx)
    marks = BLEED_MM + 7.0  # bleed, gap and crop mark length beyond the trim
    box = content_box(page)
    # The top half of the sheet, as in the seed; a larger lid takes the whole sheet.
    half = h + 2 * marks + 2 * box.y0 <= page.height / 2
    area_h = page.height / 2 if half else box.y1 + box.y0
    x, y = (page.width - w) / 2, (area_h - h) / 2
    if y - marks < box.y0 or x - marks < box.x0 or y + h + marks + 12 > box.y1:
        raise LayoutError(f"the cover of a {w:g} x {h:g} mm lid does not fit on {ctx.paper}", BOX_SIZE_FIELD)
    draw_cover_art(page, model, x, y, w, h, lang=ctx.lang, bleed=BLEED_MM)
    crop_marks(page, x, y, w, h, bleed=BLEED_MM)
    note = WORDS(ctx.lang, "cover_note", w=w, h=h)
    page.text(page.width / 2, y + h + marks + 5, note, pt(8), anchor="middle",
              style=filled("#555555"), cls="cover-note")
    if half:
        _lower_half_cards(page, model, ctx)
    return [page]


def _lower_half_cards(page: Page, model: RautinoModel, ctx: KitContext) -> None:
    """A line across the middle to cut the sheet in half, and below it the board's shape cards again, two
    by two: a set for the player across the board, cut from card that would otherwise be waste."""
    box = content_box(page)
    middle = page.height / 2
    inset = CUT.stroke_width  # the line's ink inside the safe area too
    page.line(box.x0 + inset, middle, box.x1 - inset, middle, style=CUT, layer="cut", cls="half-cut")
    plan = board_card_plan(model, ctx.paper, ctx.lang)
    if not plan.cards:
        return
    cw, ch = plan.cards[0].width, plan.cards[0].height
    columns = min(2, len(plan.cards))
    rows = math.ceil(len(plan.cards) / columns)
    size = pt(8)
    top = middle + CARD_NOTE_GAP_MM + size
    room = box.y1 - top - CARD_NOTE_GAP_MM
    if columns * cw > box.width or rows * ch > room:
        return  # cards too large for the half: the board's own set only
    page.text(page.width / 2, middle + CARD_NOTE_GAP_MM + size * 0.8, WORDS(ctx.lang, "cards_note"), size,
              anchor="middle", style=filled("#555555"), cls="cards-note")
    x0 = (page.width - columns * cw) / 2
    y0 = top + CARD_NOTE_GAP_MM + (room - rows * ch) / 2
    places = [BBox(x0 + (i % columns) * cw, y0 + (i // columns) * ch, x0 + (i % columns + 1) * cw,
                   y0 + (i // columns + 1) * ch) for i in range(len(plan.cards))]
    draw_cards(page, model, plan, places, ctx.lang)


def bleed_cover_page(model: RautinoModel, ctx: KitContext) -> Page:
    """The cover alone for a print shop: a page of the lid's trim size with the bleed round it
    (the PDF gets TrimBox and BleedBox), no crop marks, no notes, no footer."""
    w, h = lid_of(model, ctx)
    page = Page(w, h, bleed=BLEED_MM, safe_margin=PRINT_SHOP_SAFE_MM, label="cover (bleed)")
    draw_cover_art(page, model, 0.0, 0.0, w, h, lang=ctx.lang, bleed=BLEED_MM)
    return page


def lid_art(model: RautinoModel, lang: str = "en") -> ArtFn:
    """The cover art as a box-panel drawer: art(page, x, y, w, h, rotation)."""

    def draw(page: Page, x: float, y: float, w: float, h: float, rotation: float = 0.0) -> None:
        draw_cover_art(page, model, x, y, w, h, rotation, lang=lang)

    return draw


def draw_cover_art(page: Page, model: RautinoModel, x: float, y: float, w: float, h: float,
                   rotation: float = 0.0, *, lang: str = "en", bleed: float = 0.0) -> None:
    """Title, facts and a picture built from stones, filling the rectangle (x, y, w, h) on the page.

    `rotation` (clockwise degrees about the rectangle's centre, a multiple of 90) turns the art so
    it reads upright on a folded box; for 90 and 270 the art is laid out in an h x w frame.
    """
    turned = round(rotation) % 180 == 90
    aw, ah = (h, w) if turned else (w, h)
    cx, cy = x + w / 2, y + h / 2
    transform = Affine.rotate(rotation, cx, cy) @ Affine.translate(cx - aw / 2, cy - ah / 2)
    wds = words(lang)
    with page.group(transform, cls="cover-art", data={"width-mm": f"{w:g}", "height-mm": f"{h:g}"}) as g:
        g.rect(-bleed, -bleed, aw + 2 * bleed, ah + 2 * bleed, style=filled(art.BACK_FILL), important=False,
               cls="cover-background")
        unit = min(aw / 130, ah / 102)  # sizes below are tuned for the default 130 x 102 mm lid
        title_size = 17 * unit
        ascent, descent = vertical_extent(title_size, True)
        top = 5 * unit
        g.text(aw / 2, top + ascent, model.title.text(lang), title_size, weight="bold", anchor="middle",
               style=filled(CREAM), cls="cover-title")
        sub = pt(8.5) * unit
        g.text(aw / 2, top + ascent + descent + sub, wds["box"], sub, anchor="middle",
               style=filled("#c9c3b3"), cls="cover-subtitle")
        facts = [wds["players"], wds["age"], wds["time"]]
        fact_size = pt(9) * unit
        base = ah - 6 * unit
        widths = [text_width(f, fact_size, True) for f in facts]
        gap = (aw - 12 * unit - sum(widths)) / 2
        fx = 6 * unit
        for fact, width in zip(facts, widths, strict=True):
            g.text(fx, base, fact, fact_size, weight="bold", style=filled(CREAM), cls="cover-fact")
            fx += width + gap
        picture_top = top + ascent + descent + sub * 1.8
        picture_bottom = base - fact_size * 1.9
        _stone_picture(g, model, aw / 2, (picture_top + picture_bottom) / 2, picture_bottom - picture_top)


def _stone_picture(g, model: RautinoModel, cx: float, cy: float, height: float) -> None:
    """A hexagon of side 2 laid from stones: one colour in the middle hexagon, the others round it,
    two jokers among them."""
    tri = height / (4 * tg.SQRT3_2)
    cells = tg.hexagon_cells(2, (1, 0))
    layout = tg.TriLayout(tri, cx - tri / 2, cy)  # grid point (1, 0) at the centre
    centre = set(tg.cells_at_point((1, 0)))
    colours = model.colours
    middle = colours[1 % len(colours)]
    others = [c for c in colours if c is not middle] or [middle]
    painted: dict[tg.Cell, Colour] = {}
    for cell in cells:
        if cell in centre:
            painted[cell] = middle
            continue
        px, py = art.centroid(layout.polygon(cell))
        sector = int((math.degrees(math.atan2(py - cy, px - cx)) + 360 + 30) % 360 // 60)
        painted[cell] = others[sector % len(others)]
    for cell in sorted(cells)[3::11]:
        painted[cell] = model.joker
    for cell, colour in painted.items():
        art.draw_triangle(g, layout.polygon(cell), colour, symbol_scale=0.55)
    for pair in _pair_up(cells):
        from .board import stone_outline

        g.polygon(stone_outline(layout, pair), style=Style(stroke=art.BACK_FILL, stroke_width=tri * 0.06,
                                                           linejoin="round"), cls="cover-stone")


def _pair_up(cells: frozenset[tg.Cell]) -> list[tuple[tg.Cell, tg.Cell]]:
    """Split a region into stones (edge-adjacent pairs) by backtracking; regions here are small."""
    order = sorted(cells, key=lambda c: (c[1], c[0]))

    def solve(free: set[tg.Cell]) -> list[tuple[tg.Cell, tg.Cell]] | None:
        if not free:
            return []
        first = min(free, key=lambda c: (c[1], c[0]))
        for other in tg.neighbours(first):
            if other in free:
                rest = solve(free - {first, other})
                if rest is not None:
                    return [(first, other), *rest]
        return None

    result = solve(set(order))
    if result is None:
        raise LayoutError("rautino cover: the picture region cannot be laid from stones")
    return result


def box_art(model: RautinoModel, lang: str = "en") -> tuple[ArtFn, None]:
    """Art for the box: the cover on the lid; the sides keep the box's plain title."""
    return lid_art(model, lang), None
