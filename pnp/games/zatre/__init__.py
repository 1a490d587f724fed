"""Zatre: a 15 x 15 board, 121 pip tiles, rows of 10, 11 and 12, and the score sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.games.base import Game

from .options import BOARD_SHEETS, INK, PAGES, PLAYERS

if TYPE_CHECKING:
    from pnp.games.fields import SpecFields
    from pnp.games.parts import GameParts


def spec_fields() -> SpecFields:
    from .fields import FIELDS

    return FIELDS


def new_table(model: Any, seats: list[str], seed: int, preset: str | None) -> Any:
    """The game's table on the play page, imported when a game of it starts."""
    from .table import ZatreTable

    return ZatreTable(model, seats, seed)


def parts() -> GameParts:
    from pnp.games.parts import GameParts
    from pnp.spec import template_path

    from . import box, checker, replay
    from .kit import board, cover, fit, frames, report, rules, scoresheet, tiles

    return GameParts(
        table=new_table,
        load=fit.load,
        check=checker.check,
        simulation=checker.SIMULATION,
        replay=replay.replay,
        components={
            "board": board.board_pages,
            "tiles": tiles.tile_pages,
            "scoresheet": scoresheet.scoresheet_pages,
            "rules": rules.rules_pages,
        },
        template=lambda: template_path("zatre").read_bytes(),
        figures=report.figures,
        final_board=report.final_board,
        frames=frames.frames,
        box_contents=box.box_contents,
        kit_box_contents=box.kit_box_contents,
        box_art=cover.box_art,
        card_cover=tiles.carries_cover,
    )


GAME = Game(
    name="zatre",
    title="Zatre",
    components={
        "board": "The 15 x 15 board, on one sheet or two.",
        "tiles": "The pip tiles, fronts and backs.",
        "scoresheet": "The score block: several score sheets to a page, with cut lines.",
        "rules": "The rules sheet, with a turn and its score line drawn as examples.",
    },
    parts=parts,
    options=(INK, BOARD_SHEETS, PAGES),
    players=PLAYERS,
    spec_fields=spec_fields,
    # The board folds to the box's floor; the tile sheet's cover card is the lid's size.
    shared_parts={"box_size": ("board", "tiles", "box"), "box_style": ("board", "box"),
                  "paper_thickness": ("board", "box")},
)
