"""The score sheet: a column per player with points and running total per turn, round-end rows
for presets that score at the end of a round, and the preset's bonuses and penalties printed below.

A column for each of the spec's `max_players` (a sheet for 6 serves 2 to 6). The preset:
`ctx.preset`, else the spec's default. The `pages` option prints a pad of identical sheets.
"""

from __future__ import annotations

from pnp.components.sheets import content_box, title_band
from pnp.draw.paper import Paper
from pnp.draw.scene import Page, Style, filled, stroked
from pnp.draw.text import MIN_TEXT, pt, text_width, vertical_extent, wrap
from pnp.errors import LayoutError
from pnp.games.base import KitContext
from pnp.games.triomino.options import PAGES
from pnp.i18n import Texts

from ..model import Rules, TriominoModel
from .reference import RefLine, has_round_end, has_zero_triple, reference_lines

ROW = 7.0  # handwriting row height
HEADER = 9.0  # player name boxes
SUBHEADER = 5.0
TURN_COL = 24.0  # wide enough for the round-end labels at the smallest print size
MIN_TURN_ROWS = 15
GRID = stroked("#555555", 0.2)
BOLD_GRID = stroked("#000000", 0.45)
TINT = "#e6e6e6"
REF_SIZE = pt(8.5)
REF_COLUMN_GAP = 8.0

WORDS = Texts({
    "title": {"en": "Triomino — score sheet", "de": "Triomino — Punkteblatt"},
    "date": {"en": "Date", "de": "Datum"},
    "round": {"en": "Round", "de": "Runde"},
    "turn": {"en": "Turn", "de": "Zug"},
    "points": {"en": "+/−", "de": "+/−"},
    "total": {"en": "total", "de": "Summe"},
    "total_short": {"en": "tot.", "de": "ges."},
    "player": {"en": "Player", "de": "Spieler"},
    "carried": {"en": "carried over", "de": "Übertrag"},
    "going_out": {"en": "going out", "de": "alle abgelegt"},
    "blocked": {"en": "blocked", "de": "blockiert"},
    "round_total": {"en": "round total", "de": "Rundensumme"},
    "final": {"en": "final score", "de": "Endstand"},
    "reference": {"en": "Bonuses and penalties", "de": "Boni und Strafen"},
    "continue": {"en": "More turns than rows: continue on a new sheet and write the totals under “carried over”.",
                 "de": "Mehr Züge als Zeilen: auf einem neuen Blatt weiterschreiben und die Summen als "
                       "„Übertrag“ eintragen."},
})


def words(lang: str) -> dict[str, str]:
    return WORDS.of(lang)


def score_pages(model: TriominoModel, ctx: KitContext) -> list[Page]:
    players = model.max_players
    rules = model.rules(ctx.preset)
    count = ctx.option(PAGES)
    zero_triple = has_zero_triple(model)
    return [score_page(ctx.paper.portrait(), rules, players, ctx.lang, zero_triple) for _ in range(count)]


def score_page(paper: Paper, rules: Rules, players: int, lang: str, zero_triple: bool = True) -> Page:
    w = words(lang)
    page = Page.for_paper(paper, label="score sheet")
    multi_round = has_round_end(rules)
    subtitle = f"{rules.label.text(lang)}    ·    {w['date']}: ____________"
    if multi_round:
        subtitle += f"    ·    {w['round']}: ______"
    top = title_band(page, w["title"], subtitle)
    box = content_box(page)

    ref = reference_lines(rules, lang, zero_triple)
    ref_height = _reference_height(ref, box.width, lang)
    end_rows = [w["carried"]]
    foot_rows = [w["going_out"], w["blocked"], w["round_total"]] if multi_round else [w["final"]]
    note_height = REF_SIZE * 1.6
    table_room = box.y1 - top - ref_height - note_height - 4.0
    turn_rows = int((table_room - HEADER - SUBHEADER - ROW * (len(end_rows) + len(foot_rows))) // ROW)
    if turn_rows < MIN_TURN_ROWS:
        raise LayoutError(f"scoresheet: room for only {turn_rows} turns on {paper}")

    y = _table(page, box.x0 + 0.3, top, box.width - 0.6, players, turn_rows, end_rows, foot_rows, w, rules)
    page.text(box.x0, y + REF_SIZE * 1.2, w["continue"], REF_SIZE * 0.95, style=filled("#444444"), cls="note")
    _reference(page, ref, box.x0 + 0.3, y + note_height + 2.0, box.width - 0.6, lang)
    return page


def _table(page: Page, x0: float, y0: float, width: float, players: int, turn_rows: int,
           end_rows: list[str], foot_rows: list[str], w: dict[str, str], rules: Rules) -> float:
    col = (width - TURN_COL) / players
    sub = col / 2
    y = y0
    # Header: a box per player to write a name in.
    page.rect(x0, y, TURN_COL, HEADER + SUBHEADER, style=filled(TINT, stroke="#000000", width=0.45))
    page.text(x0 + TURN_COL / 2, y + (HEADER + SUBHEADER) / 2 + 1.2, w["turn"], pt(8), weight="bold",
              anchor="middle")
    total = w["total"]
    if text_width(total, pt(5), bold=True) > sub - 1.0:
        total = w["total_short"]  # many players: narrow columns
    for p in range(players):
        x = x0 + TURN_COL + p * col
        page.rect(x, y, col, HEADER, style=BOLD_GRID, cls="player-column", data={"player": str(p + 1)})
        page.text(x + 1.5, y + 3.0, f"{w['player']} {p + 1}", MIN_TEXT, style=filled("#777777"))
        page.rect(x, y + HEADER, col, SUBHEADER, style=filled(TINT, stroke="#000000", width=0.2))
        page.text(x + sub / 2, y + HEADER + 3.6, w["points"], _fit(w["points"], sub - 1.0, pt(7.5), bold=False),
                  anchor="middle")
        page.text(x + sub * 1.5, y + HEADER + 3.6, total, _fit(total, sub - 1.0, pt(7.5)), weight="bold",
                  anchor="middle")
    y += HEADER + SUBHEADER
    # The labels of the bold rows share one size: the one the longest needs, not a size each.
    label_size = min((_fit(label, TURN_COL - 3.0, pt(8)) for label in [*end_rows, *foot_rows]), default=pt(8))

    def row(label: str, tinted: bool, cls: str, bold: bool = False) -> None:
        nonlocal y
        if tinted:
            page.rect(x0, y, width, ROW, style=filled("#f2f2f2"))
        if bold:
            page.text(x0 + 1.5, y + ROW - 2.3, label, label_size, weight="bold", cls="row-label")
        else:
            page.text(x0 + TURN_COL - 2.0, y + ROW - 2.2, label, pt(8), anchor="end", style=filled("#555555"))
        for p in range(players):
            x = x0 + TURN_COL + p * col
            page.line(x + sub, y, x + sub, y + ROW, style=GRID)
            # Total boxes get a light frame of their own: the number people look for.
            page.rect(x + sub, y, sub, ROW, style=Style(stroke="#000000", stroke_width=0.3, fill=None), cls=cls)
        page.line(x0, y + ROW, x0 + width, y + ROW, style=GRID)
        y += ROW

    for label in end_rows:
        row(label, True, "carried-row", bold=True)
    for turn in range(1, turn_rows + 1):
        row(str(turn), turn % 2 == 0, "turn-row")
    for label in foot_rows:
        row(label, True, "round-end-row", bold=True)
    page.rect(x0, y0, width, y - y0, style=BOLD_GRID, cls="score-table",
              data={"players": str(players), "turn-rows": str(turn_rows), "round-end": str(len(foot_rows) > 1).lower(),
                    "preset": rules.name})
    for p in range(players + 1):
        x = x0 + TURN_COL + p * col
        page.line(x, y0, x, y, style=BOLD_GRID)
    return y


def _fit(label: str, width: float, size: float, bold: bool = True) -> float:
    while text_width(label, size, bold=bold) > width and size > MIN_TEXT:
        size *= 0.95
    return max(size, MIN_TEXT)


def _ref_columns(ref: list[RefLine]) -> tuple[list[RefLine], list[RefLine]]:
    half = (len(ref) + 1) // 2
    return ref[:half], ref[half:]


def _reference_height(ref: list[RefLine], width: float, lang: str) -> float:
    column = (width - REF_COLUMN_GAP) / 2
    heights = []
    for lines in _ref_columns(ref):
        rows = sum(len(wrap(line.label, column - 12.0, REF_SIZE)) for line in lines)
        heights.append(rows * REF_SIZE * 1.3)
    return 4.0 + sum(vertical_extent(pt(10), bold=True)) + 2.0 + max(heights) + 3.0


def _reference(page: Page, ref: list[RefLine], x0: float, y0: float, width: float, lang: str) -> None:
    height = _reference_height(ref, width, lang)
    page.rect(x0, y0, width, height, radius=1.5, style=filled("#f6f6f6", stroke="#000000", width=0.3),
              cls="reference")
    title = WORDS(lang, "reference")
    y = y0 + 2.5 + vertical_extent(pt(10), bold=True)[0]
    page.text(x0 + 3.0, y, title, pt(10), weight="bold")
    column = (width - REF_COLUMN_GAP) / 2
    for index, lines in enumerate(_ref_columns(ref)):
        x = x0 + 3.0 + index * (column + REF_COLUMN_GAP / 2)
        cy = y + 2.0
        for line in lines:
            for n, part in enumerate(wrap(line.label, column - 12.0, REF_SIZE)):
                cy += REF_SIZE * 1.3
                page.text(x, cy, part, REF_SIZE)
                if n == 0 and line.value:
                    page.text(x + column - 4.0, cy, line.value, REF_SIZE, weight="bold", anchor="end",
                              cls="rule-value", data={"rule": line.key, "value": line.value.replace("−", "-")})
            if not line.value:
                page.add(_marker(line.key, x, cy))


def _marker(key: str, x: float, y: float):
    """An invisible tag for lines without a number, so tools still find every rule printed."""
    from pnp.draw.scene import Rect

    return Rect(x, y - 0.5, 0.01, 0.01, style=Style(stroke=None, fill=None), cls="rule-value",
                data={"rule": key, "value": ""})
