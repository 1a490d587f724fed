"""The game's spec loader: the model, then every text the kit prints measured where the kit prints it.

The model itself knows nothing of the kit's layout; the game's declaration (pnp.games.zatre) hands this
loader to every command, so what loads is what prints.
"""

from __future__ import annotations

from pathlib import Path

from pnp.components.sheets import content_box
from pnp.draw.paper import A4, LETTER
from pnp.draw.scene import Page
from pnp.draw.text import pt, text_width
from pnp.errors import LayoutError, SpecError
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.model import load as load_model
from pnp.i18n import LANGS
from pnp.spec import TextRoom, check_printed

from . import scoresheet


def load(path: Path | None) -> ZatreModel:
    model = load_model(path)
    check_printed_texts(model)
    return model


def check_printed_texts(model: ZatreModel) -> None:
    """Every text of the spec that the kit prints must fit where it is printed (A4 and Letter)."""

    sheet = model.sheet
    rooms = []
    too_wide: dict[str, str] = {}  # spec field -> why a column heading of it fits no column
    label_rooms: dict[str, list[TextRoom]] = {}  # sheet field -> where it is printed
    for paper in (A4, LETTER):
        page = Page.for_paper(paper.portrait())
        rooms.append(TextRoom("on the board", content_box(page).width, pt(22), bold=True))  # the centred title band
        # A score sheet, measured in the block as the score block lays it out: the title on the left,
        # "score sheet" in the kit's language on the right.
        block = scoresheet.block_box(page)
        try:
            grid = scoresheet.arrange(sheet, block)
        except LayoutError:
            continue  # sheets that do not fit the paper: the score block says so itself
        inner = block.width / grid.columns - 2 * scoresheet.PAD_MM
        for lang in LANGS:
            right = text_width(scoresheet.TITLE(lang, "title"), pt(8))
            rooms.append(TextRoom("on the score sheet", inner - right - 2.0, pt(12), bold=True, upper=True, lang=lang))
        # Header fields: the first alone on its line, the others sharing the next; each leaves
        # at least 10 mm of its line to write on.
        for index in range(len(sheet.header)):
            span = inner if index == 0 else inner / (len(sheet.header) - 1)
            label_rooms.setdefault(f"header[{index}]", []).append(
                TextRoom("on the score sheet's header line", span - 14.0, pt(8)))
        # The minus and total lines: the label ends left of the last column's box.
        left_of_box = sum(scoresheet.column_widths(sheet, inner)[:-1]) - 1.5
        size = min(pt(8), grid.row_mm * 0.55)
        for key in ("minus_label", "grand_total_label"):
            label_rooms.setdefault(key, []).append(TextRoom("beside the score sheet's total boxes", left_of_box,
                                                            size, bold=key == "grand_total_label"))
        # The column headings, as printed in each language: on one line or two, each line inside its column.
        for column, width in zip(sheet.columns, scoresheet.column_widths(sheet, inner), strict=True):
            for lang in LANGS:
                if scoresheet.heading_lines(column.label.text(lang), width) is None:
                    field = column.label.where(scoresheet.heading_field(column.key), lang)
                    too_wide.setdefault(field, scoresheet.heading_too_wide(width))
    check_printed(model.source, "game.title", model.title, rooms)
    labels = {"cross_label": sheet.cross_label, "bonus_label": sheet.bonus_label,
              "minus_label": sheet.minus_label, "grand_total_label": sheet.grand_total_label}
    for index, text in enumerate(sheet.header):
        labels[f"header[{index}]"] = text
    for key, text in labels.items():
        check_printed(model.source, f"sheet.{key}", text, label_rooms.get(key, []))
    # The sheet draws a lone Σ as lines, not with the font.
    check_printed(model.source, "sheet.total_label", sheet.total_label, [],
                  [lang for lang in LANGS if sheet.total_label.text(lang) != "Σ"])
    if too_wide:
        field, reason = next(iter(too_wide.items()))
        raise SpecError(model.source, field, reason)
