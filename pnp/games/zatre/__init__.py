"""Zatre: a 15 x 15 board, 121 pip tiles, rows of 10, 11 and 12, and the score sheet."""

from __future__ import annotations

from pnp.games.base import Game, GameParts, KitOption
from pnp.games.fields import SpecFields

INK_SAVER = KitOption("ink_saver", bool, False, "Light board fields and dark outlines.")
BOARD_SHEETS = KitOption("board_sheets", int, 1, "Spread the board over 1 or 2 sheets.", low=1, high=2)
PAGES = KitOption("pages", int, 1, "Pages of score sheets (a pad).", low=1, high=100, component="scoresheet")


def spec_fields() -> SpecFields:
    from .fields import FIELDS

    return FIELDS


def parts() -> GameParts:
    from pnp.spec import template_path

    from . import box, checker, model, replay
    from .kit import board, frames, report, rules, scoresheet, tiles

    return GameParts(
        load=model.load,
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
    )


GAME = Game(
    name="zatre",
    title="Zatre",
    components={
        "board": "The 15 x 15 board, on one sheet or two.",
        "tiles": "The pip tiles, fronts and backs.",
        "scoresheet": "The score sheet.",
        "rules": "The rules sheet.",
    },
    parts=parts,
    options=(INK_SAVER, BOARD_SHEETS, PAGES),
    players=(1, 2, 3, 4),
    spec_fields=spec_fields,
)
