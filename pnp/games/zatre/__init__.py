"""Zatre: a 15 x 15 board, 121 pip tiles, rows of 10, 11 and 12, and the score sheet."""

from __future__ import annotations

from pnp.games.base import Game, lazy

GAME = Game(
    name="zatre",
    title="Zatre",
    load=lazy(f"{__name__}.model:load"),
    check=lazy(f"{__name__}.checker:check"),
    replay=lazy(f"{__name__}.replay:replay"),
    simulation=lazy(f"{__name__}.checker:simulation"),
    components={
        "board": lazy(f"{__name__}.kit.board:board_pages"),
        "tiles": lazy(f"{__name__}.kit.tiles:tile_pages"),
        "scoresheet": lazy(f"{__name__}.kit.scoresheet:scoresheet_pages"),
        "rules": lazy(f"{__name__}.kit.rules:rules_pages"),
    },
    figures=lazy(f"{__name__}.kit.report:figures"),
    final_board=lazy(f"{__name__}.kit.report:final_board"),
    box_contents=lazy(f"{__name__}.box:box_contents"),
)
