"""The rules sheet (German or English) with two drawn examples scored by the engine itself:
a turn on a piece of the board, and a filled line of the score sheet."""

from __future__ import annotations

from pnp.components.sheets import rules_page
from pnp.draw.scene import Page, filled, stroked
from pnp.draw.text import MIN_TEXT, FlowStyle, pt, text_width
from pnp.games.base import KitContext, eco_ink
from pnp.games.zatre.engine import TurnResult
from pnp.games.zatre.kit.art import Palette, draw_fields, draw_tile, palette_for
from pnp.games.zatre.kit.example import Example, find_example
from pnp.games.zatre.kit.rules_text import english, german
from pnp.games.zatre.kit.scoresheet import column_widths, draw_table
from pnp.games.zatre.model import Cell, ZatreModel
from pnp.games.zatre.sheet import ScoreSheet, SheetEntry, SheetRow
from pnp.i18n import Texts, pick

NEW_TILE = "#ffe08a"
ROW_COLOURS = ("#1a4fa0", "#2e7d32", "#b23c17", "#6a1b9a")
STYLE = FlowStyle(body=pt(9.2), h1=pt(14), h2=pt(11), leading=1.3, gap=1.8, bullet_indent=3.5)
POINTS = Texts({"one": {"en": "pt", "de": "P."}, "more": {"en": "pts", "de": "P."}})


def rules_pages(model: ZatreModel, ctx: KitContext) -> list[Page]:
    example = find_example(model)
    title, subtitle, columns = pick(ctx.lang, {"en": english, "de": german})(model, example)

    def figure(page: Page, name: str, rect: tuple[float, float, float, float]) -> None:
        if name == "turn" and example is not None:
            draw_turn_example(page, model, example, rect, ctx.lang, palette_for(eco_ink(ctx)))
        elif name == "sheet-row":
            draw_sheet_row_example(page, model, rect, ctx.lang)

    return [rules_page(ctx.paper.portrait(), title, subtitle, columns, figure, component="rules", style=STYLE,
                       label=f"rules ({ctx.lang})")]


def example_turn(model: ZatreModel) -> tuple[TurnResult, list[SheetEntry]]:
    """The example turn played through the rules engine, and what it writes on a fresh sheet."""
    example = find_example(model)
    if example is None:
        raise ValueError("no example turn scores on this board")
    return example.result, list(example.entries)


def draw_turn_example(page: Page, model: ZatreModel, example: Example,
                      rect: tuple[float, float, float, float], lang: str = "en",
                      palette: Palette | None = None) -> None:
    """The example turn on fields drawn as the kit's board prints them (`palette`; the full-ink board's
    when None), so the caption's colours are the board's."""
    palette = palette or palette_for(False)
    x, y, w, h = rect
    r0, r1, c0, c1 = example.window
    cell = min(h / (r1 - r0), w * 0.6 / (c1 - c0))
    result = example.result
    with page.group(cls="rules-figure", data={"figure": "turn"}) as g:
        draw_fields(g, example.window_board(model, cell), cell, palette, x, y)
        size = cell * 0.8  # smaller than on the board, so the row frames run between the tiles

        def at(c: Cell) -> tuple[float, float]:
            gap = (cell - size) / 2
            return x + (c[1] - c0) * cell + gap, y + (c[0] - r0) * cell + gap

        for pips, c in example.board:
            draw_tile(g, pips, *at(c), size, outline=stroked("#000000", 0.3))
        for pips, c in example.turn:
            draw_tile(g, pips, *at(c), size, outline=stroked("#000000", 0.3), highlight=NEW_TILE,
                      data={"new": "1"})
        for index, row in enumerate(result.rows):
            colour = ROW_COLOURS[index % len(ROW_COLOURS)]
            (ra, ca), (rb, cb) = row.cells[0], row.cells[-1]
            inset = 0.25 + index * 0.45
            g.rect(x + (ca - c0) * cell + inset, y + (ra - r0) * cell + inset, (cb - ca + 1) * cell - 2 * inset,
                   (rb - ra + 1) * cell - 2 * inset, radius=1.5, style=stroked(colour, 0.4), cls="scoring-row",
                   data={"sum": str(row.total), "points": str(row.points)})
        # A tile hides the "x2" of its field: a tag on the tile's top edge, above the pips.
        for _pips, c in (*example.board, *example.turn):
            if c in example.doubles:
                tx, ty = at(c)
                tag_h = max(cell * 0.24, MIN_TEXT / 0.78)
                tag_w = max(cell * 0.42, text_width("x2", tag_h * 0.78, True) + 1.2)
                top = ty + cell * 0.07 - tag_h  # the pips start 0.11 cell below the tile's top edge
                g.rect(tx + size / 2 - tag_w / 2, top, tag_w, tag_h, radius=tag_h * 0.3,
                       style=filled(palette.double, "#000000", 0.25), cls="double-tag",
                       data={"cell": f"{c[0]},{c[1]}"})
                g.text(tx + size / 2, top + tag_h * 0.78, "x2", tag_h * 0.78, anchor="middle", weight="bold",
                       style=filled("#333333"), cls="double-tag-text")
        # What the turn scores, beside the board.
        tx = x + (c1 - c0) * cell + 4.0
        ty = y + 4.0
        size_text = pt(8.5)
        for index, row in enumerate(result.rows):
            pips = "+".join(str(example.pips_at(c)) for c in row.cells)
            unit = POINTS(lang, "one" if row.points == 1 else "more")
            g.text(tx, ty, f"{pips} = {row.total}: {row.points} {unit}", size_text, style=filled(
                ROW_COLOURS[index % len(ROW_COLOURS)]), cls="example-row")
            ty += size_text * 1.6
        if result.crosses:
            g.text(tx, ty, f"x2: {result.crosses} ×", size_text, weight="bold", cls="example-cross")
            ty += size_text * 1.6
        ty += 1.5
        for entry in example.entries:
            label = "x2: ×" if entry.column == "x2" else f"{entry.column}: {entry.value}"
            g.text(tx, ty, label, size_text, weight="bold", style=filled("#1a4fa0"), cls="example-entry",
                   data={"column": entry.column, "value": str(entry.value)})
            ty += size_text * 1.5


def example_sheet_row(model: ZatreModel) -> ScoreSheet:
    """A sheet whose first line has an entry in every points column and a cross."""
    sheet = ScoreSheet(model.sheet, model.rules)
    sheet.enter_turn([model.rules.scoring_sums[0]] * 2, 1)
    for row_sum in model.rules.scoring_sums[1:]:
        sheet.enter_turn([row_sum], 0)
    return sheet


def row_formula(model: ZatreModel, row: SheetRow) -> str:
    """The arithmetic of a line total as the rule options make it, e.g. "(2 + 2 + 4 + 3) × 2 = 22"."""
    points = " + ".join(str(v) for v in row.entries if v is not None)
    doubled = row.cross and (all(v is not None for v in row.entries) or model.rules.double_incomplete_rows)
    if not doubled:
        return f"{points}{f' + {row.bonus}' if row.bonus else ''} = {row.total}"
    if row.bonus and not model.rules.bonus_doubled:
        return f"({points}) × 2 + {row.bonus} = {row.total}"
    return f"({points}{f' + {row.bonus}' if row.bonus else ''}) × 2 = {row.total}"


def draw_sheet_row_example(page: Page, model: ZatreModel, rect: tuple[float, float, float, float],
                           lang: str) -> None:
    x, y, w, _h = rect
    sheet = example_sheet_row(model)
    row = sheet.row(0)
    keys = [c.key for c in model.sheet.columns]
    entries = {(0, "x2"): "×"} if row.cross else {}
    for key, value in zip(keys[1:1 + len(row.entries)], row.entries, strict=True):
        if value is not None:
            entries[(0, key)] = str(value)
    if row.bonus:
        entries[(0, "bonus")] = str(row.bonus)
    entries[(0, "total")] = str(row.total)
    with page.group(cls="rules-figure", data={"figure": "sheet-row", "total": str(row.total)}) as g:
        widths = column_widths(model.sheet, w - 0.6)
        bottom = draw_table(g, model, x + 0.3, y, widths, 7.0, lang, rows=1, entries=entries, footer_lines=False)
        g.text(x, bottom + 5.0, row_formula(model, row), pt(9), weight="bold", cls="example-total")
