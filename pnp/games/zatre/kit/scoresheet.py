"""The score block: the model's score sheet, several to a page with cut lines, as many pages as asked.

The sheet is exactly `model.sheet`: its columns (x2, one per scoring sum, Bonus, row total), its
number of rows with the printed bonus of each, the minus line and the grand total. The rows grow
or shrink with the space a sheet gets; a sheet that cannot give every row a writable height is a
LayoutError, never a shortened sheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.components.sheets import content_box
from pnp.draw.affine import Affine, BBox
from pnp.draw.scene import CROP, CUT, GroupBuilder, Page, Style, filled, stroked
from pnp.draw.text import MIN_TEXT, PT_MM, pt, text_width
from pnp.errors import LayoutError
from pnp.games.base import KitContext
from pnp.games.zatre.model import Sheet, ZatreModel
from pnp.games.zatre.options import PAGES
from pnp.i18n import Texts

PAD_MM = 4.0  # inside each cut sheet: a cut that wanders a little takes no ink
MIN_ROW_MM = 4.5  # smallest row a pencil can still write a number in
MAX_ROW_MM = 9.0
MIN_SHEET_WIDTH_MM = 70.0
HEADER_LINE_MM = 7.0
TITLE_MM = 8.0
COLUMN_HEAD_MM = 7.0
HEAD_TEXT = pt(8)  # a column heading's type, smaller where a heading needs it
HEAD_SHARE = 0.85  # of its column's width a heading fills at most
HEAD_LEADING = 1.15  # baseline to baseline of a heading on two lines, in type sizes
GAP_MM = 1.5  # between the rows and the minus line
MARK_GAP_MM, MARK_MM = 1.0, 5.0  # crop marks start this far outside the block and are this long
WEIGHTS = {"x2": 0.8, "bonus": 1.0, "total": 1.25}  # scoring-sum columns weigh 1.0

BOX = Style(stroke="#000000", stroke_width=0.25)
TOTAL_BOX = Style(stroke="#000000", stroke_width=0.6)
GREY_TEXT = filled("#666666")
NO_BONUS = filled("#ececec", "#000000", 0.25)

TITLE = Texts({"title": {"en": "score sheet", "de": "Punkteblatt"}})


@dataclass(frozen=True)
class Arrangement:
    columns: int
    rows: int
    row_mm: float  # height of one score row


def sheet_overhead(sheet: Sheet) -> float:
    """Height of everything on a sheet except the score rows themselves."""
    header_lines = 1 + (len(sheet.header) > 1)
    return 2 * PAD_MM + TITLE_MM + header_lines * HEADER_LINE_MM + COLUMN_HEAD_MM + GAP_MM


def arrange(sheet: Sheet, box: BBox) -> Arrangement:
    """The grid of sheets on the page that gives the tallest rows; rows count the minus and total lines."""
    best: Arrangement | None = None
    count = sheet.sheets_per_page
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        if box.width / columns < MIN_SHEET_WIDTH_MM:
            break
        row_mm = (box.height / rows - sheet_overhead(sheet)) / (sheet.rows + 2)
        if best is None or row_mm > best.row_mm + 1e-9:
            best = Arrangement(columns, rows, row_mm)
    if best is None or best.row_mm < MIN_ROW_MM:
        got = f"rows of {best.row_mm:.1f} mm" if best else f"sheets narrower than {MIN_SHEET_WIDTH_MM:g} mm"
        raise LayoutError(
            f"{sheet.sheets_per_page} sheets of {sheet.rows} rows do not fit one page "
            f"({got}, need at least {MIN_ROW_MM:g} mm); lower sheet.rows or sheet.sheets_per_page", "sheet.rows"
        )
    return Arrangement(best.columns, best.rows, min(best.row_mm, MAX_ROW_MM))


def scoresheet_pages(model: ZatreModel, ctx: KitContext) -> list[Page]:
    count = ctx.option(PAGES)
    return [score_block_page(model, ctx, number) for number in range(1, count + 1)]


def block_box(page: Page) -> BBox:
    """Where the block of sheets lies: the crop marks beside it stay inside the content box, in the area
    every printer prints."""
    content = content_box(page)
    inset = MARK_GAP_MM + MARK_MM + 0.5
    return BBox(content.x0 + inset, content.y0 + 0.5, content.x1 - inset, content.y1 - 0.5)


def score_block_page(model: ZatreModel, ctx: KitContext, number: int = 1) -> Page:
    sheet = model.sheet
    page = Page.for_paper(ctx.paper.portrait(), label=f"score block {number}")
    box = block_box(page)
    grid = arrange(sheet, box)
    w, h = box.width / grid.columns, box.height / grid.rows
    for index in range(sheet.sheets_per_page):
        col, row = index % grid.columns, index // grid.columns
        with page.group(Affine.translate(box.x0 + col * w, box.y0 + row * h), cls="score-sheet",
                        data={"sheet": str(index), "rows": str(sheet.rows)}) as g:
            draw_sheet(g, model, w, h, grid.row_mm, ctx.lang)
    _cut_lines(page, box, grid)
    return page


def _cut_lines(page: Page, box: BBox, grid: Arrangement) -> None:
    """The block's outline and straight cuts right across it between sheets, all drawn as cut lines,
    and crop marks beside it where each horizontal cut starts (above and below the block there is no
    room for marks that every printer prints, so the outline itself shows those cuts)."""
    w, h = box.width / grid.columns, box.height / grid.rows
    near, far = MARK_GAP_MM, MARK_GAP_MM + MARK_MM
    page.rect(box.x0, box.y0, box.width, box.height, style=CUT, cls="cut-line")
    for col in range(1, grid.columns):
        x = box.x0 + col * w
        page.line(x, box.y0, x, box.y1, style=CUT, cls="cut-line")
    for row in range(grid.rows + 1):
        y = box.y0 + row * h
        if 0 < row < grid.rows:
            page.line(box.x0, y, box.x1, y, style=CUT, cls="cut-line")
        for x0, x1 in ((box.x0 - far, box.x0 - near), (box.x1 + near, box.x1 + far)):
            page.line(x0, y, x1, y, style=CROP, layer="marks", cls="crop-mark")


def column_widths(sheet: Sheet, width: float) -> list[float]:
    weights = [WEIGHTS.get(c.key, 1.0) for c in sheet.columns]
    return [width * wt / sum(weights) for wt in weights]


def draw_sheet(g: GroupBuilder, model: ZatreModel, w: float, h: float, row_mm: float, lang: str) -> None:
    """One score sheet in a w x h cell, origin at its top-left corner."""
    sheet = model.sheet
    x0, x1 = PAD_MM, w - PAD_MM
    y = PAD_MM
    g.text(x0, y + 5.0, model.title.text(lang).upper(), pt(12), weight="bold", cls="sheet-title", field="game.title")
    g.text(x1, y + 5.0, TITLE(lang, "title"), pt(8), anchor="end", style=GREY_TEXT)
    y += TITLE_MM
    y = _header(g, sheet, x0, x1, y, lang)
    widths = column_widths(sheet, x1 - x0)
    draw_table(g, model, x0, y, widths, row_mm, lang)


def _header(g: GroupBuilder, sheet: Sheet, x0: float, x1: float, y: float, lang: str) -> float:
    """Blanks for the header fields: the first on a line of its own, the others sharing the next."""
    numbered = list(enumerate(sheet.header))
    lines = [numbered[:1], numbered[1:]] if len(numbered) > 1 else [numbered]
    size = pt(8)
    for labels in lines:
        if not labels:
            continue
        span = (x1 - x0) / len(labels)
        for index, (number, label) in enumerate(labels):
            lx = x0 + index * span
            text = label.text(lang)
            baseline = y + HEADER_LINE_MM - 1.8
            g.text(lx, baseline, text, size, cls="sheet-header", data={"field": text},
                   field=f"sheet.header[{number}]")
            start = lx + text_width(text, size) + 1.5
            g.line(start, baseline + 0.6, lx + span - (2.5 if index < len(labels) - 1 else 0), baseline + 0.6,
                   style=stroked("#000000", 0.2))
        y += HEADER_LINE_MM
    return y


# The spec field of each column heading a spec names (the others are the scoring sums and their points).
COLUMN_FIELDS = {"x2": "sheet.cross_label", "bonus": "sheet.bonus_label", "total": "sheet.total_label"}


def heading_lines(label: str, column_mm: float) -> list[str] | None:
    """A column heading as printed: on one line where it fits its column at the smallest type, else on two
    lines broken at the space that leaves the longer line shortest; None where neither fits."""
    room = column_mm * HEAD_SHARE
    if label == "Σ" or text_width(label, MIN_TEXT, True) <= room:
        return [label]
    words = label.split()
    splits = [[" ".join(words[:cut]), " ".join(words[cut:])] for cut in range(1, len(words))]
    best = min(splits, key=lambda lines: max(text_width(line, 1.0, True) for line in lines), default=None)
    if best is None or max(text_width(line, MIN_TEXT, True) for line in best) > room:
        return None
    return best


def heading_field(key: str) -> str:
    """The spec field a column's heading comes from: its label, or for a scoring sum's column the points."""
    return COLUMN_FIELDS.get(key, "rules.points")


def heading_too_wide(column_mm: float) -> str:
    return (f"too wide for its {column_mm:.0f} mm column on the score sheet: two lines at most, each at most "
            f"{column_mm * HEAD_SHARE:.1f} mm at {MIN_TEXT / PT_MM:g} pt")


def heading_size(headings: list[tuple[list[str], float]]) -> float:
    """The one type size of a table's headings ((lines, column width) each): the largest up to HEAD_TEXT at
    which every line fits its column and two lines fit the head's height. Every line fits at MIN_TEXT."""
    size = HEAD_TEXT
    for lines, column_mm in headings:
        if lines == ["Σ"]:
            continue
        size = min([size] + [column_mm * HEAD_SHARE / text_width(line, 1.0, True) for line in lines])
        if len(lines) > 1:
            size = min(size, (COLUMN_HEAD_MM - 1.0) / (1 + HEAD_LEADING))
    return max(size, MIN_TEXT)


def column_label(g: GroupBuilder, cx: float, cy: float, label: str, lines: list[str], size: float,
                 key: str) -> None:
    """A column heading centred on (cx, cy), on its one or two lines. Vera has no Σ, so a lone Σ is drawn
    as lines."""
    data = {"key": key, "label": label}
    field = COLUMN_FIELDS.get(key, "")
    if len(lines) > 1:
        with g.group(cls="sheet-column", data=data) as heading:
            for index, line in enumerate(lines):
                shift = (index - (len(lines) - 1) / 2) * size * HEAD_LEADING
                heading.text(cx, cy + shift + size * 0.36, line, size, weight="bold", anchor="middle",
                             cls="sheet-column-line", field=field)
        return
    if label != "Σ":
        g.text(cx, cy + size * 0.36, label, size, weight="bold", anchor="middle", cls="sheet-column", data=data,
               field=field)
        return
    half = size * 0.33
    g.polyline([(cx + half, cy - half), (cx - half, cy - half), (cx + half * 0.15, cy),
                (cx - half, cy + half), (cx + half, cy + half)],
               style=Style(stroke="#000000", stroke_width=size * 0.11, linejoin="miter"), cls="sheet-column",
               data=data)


def draw_table(g: GroupBuilder, model: ZatreModel, x0: float, y: float, widths: list[float], row_mm: float,
               lang: str, *, rows: int | None = None, entries: dict[tuple[int, str], str] | None = None,
               footer_lines: bool = True) -> float:
    """The column heads, the score rows, then the minus and total lines. Returns the y below.

    `rows` and `entries` ({(row, column key): text}) let the rules sheet draw a filled excerpt.
    """
    sheet = model.sheet
    columns = sheet.columns
    xs = [x0 + sum(widths[:i]) for i in range(len(widths) + 1)]
    headings = []
    for column, wd in zip(columns, widths, strict=True):
        label = column.label.text(lang)
        lines = heading_lines(label, wd)
        if lines is None:  # a heading the loader let through for A4 and Letter, on a narrower sheet
            raise LayoutError(f"column heading {label!r}: {heading_too_wide(wd)}", heading_field(column.key))
        headings.append((lines, wd))
    head = heading_size(headings)
    for column, left, (lines, wd) in zip(columns, xs[:-1], headings, strict=True):
        g.rect(left, y, wd, COLUMN_HEAD_MM, style=filled("#dddddd", "#000000", 0.25), cls="column-head",
               data={"key": column.key})
        column_label(g, left + wd / 2, y + COLUMN_HEAD_MM / 2, column.label.text(lang), lines, head, column.key)
    y += COLUMN_HEAD_MM
    number = min(pt(9), row_mm * 0.62)
    for row in range(sheet.rows if rows is None else rows):
        bonus = sheet.bonus_of_row(row)
        with g.group(cls="sheet-row", data={"row": str(row), "bonus": str(bonus)}) as r:
            for column, left, wd in zip(columns, xs[:-1], widths, strict=True):
                style = NO_BONUS if column.key == "bonus" and not bonus else BOX
                r.rect(left, y, wd, row_mm, style=style, cls="sheet-box", data={"key": column.key})
                cx, base = left + wd / 2, y + row_mm / 2 + number * 0.36
                written = (entries or {}).get((row, column.key))
                if column.key == "bonus" and bonus:
                    r.text(cx, base, str(bonus), number, anchor="middle", style=GREY_TEXT, cls="bonus",
                           data={"row": str(row)})
                    if written:  # an earned bonus is circled
                        r.circle(cx, y + row_mm / 2, min(wd, row_mm) * 0.4, style=stroked("#1a4fa0", 0.35))
                elif written:
                    r.text(cx, base, written, number, anchor="middle", style=filled("#1a4fa0"),
                           cls="sheet-entry", data={"key": column.key})
        y += row_mm
    if not footer_lines:
        return y
    y += GAP_MM
    label_size = min(pt(8), row_mm * 0.55)
    for label, style, cls, field in ((sheet.minus_label, BOX, "minus-line", "minus_label"),
                                     (sheet.grand_total_label, TOTAL_BOX, "grand-total", "grand_total_label")):
        g.text(xs[-2] - 1.5, y + row_mm / 2 + label_size * 0.36, label.text(lang), label_size, anchor="end",
               weight="bold" if cls == "grand-total" else "regular", cls=cls, field=f"sheet.{field}")
        g.rect(xs[-2], y, widths[-1], row_mm, style=style, cls=f"{cls}-box")
        if cls == "minus-line":
            g.text(xs[-2] + 1.2, y + row_mm / 2 + label_size * 0.36, "−", label_size, style=GREY_TEXT)
        y += row_mm
    return y
