"""Rautino: rhombus stones of two coloured triangles, laid so that touching colours match."""

from __future__ import annotations

from pnp.games.base import Game, lazy

GAME = Game(
    name="rautino",
    title="Rautino",
    load=lazy(f"{__name__}.model:load"),
    check=lazy(f"{__name__}.checker:check"),
    replay=lazy(f"{__name__}.replay:replay"),
    simulation=lazy(f"{__name__}.checker:simulation"),
    components={
        "board": lazy(f"{__name__}.kit.board:board_pages"),
        "tiles": lazy(f"{__name__}.kit.stones:stone_pages"),
        "cover": lazy(f"{__name__}.kit.cover:cover_pages"),
        "rules": lazy(f"{__name__}.kit.rules:rules_pages"),
    },
    figures=lazy(f"{__name__}.kit.report:figures"),
    final_board=lazy(f"{__name__}.kit.report:final_board"),
    box_contents=lazy(f"{__name__}.box:box_contents"),
    box_art=lazy(f"{__name__}.kit.cover:box_art"),
)
