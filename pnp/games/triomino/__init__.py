"""Triomino: 56 triangular tiles with numbers in the corners, played on an unbounded triangular grid."""

from __future__ import annotations

from pnp.games.base import Game, lazy

GAME = Game(
    name="triomino",
    title="Triomino",
    load=lazy(f"{__name__}.model:load"),
    check=lazy(f"{__name__}.checker:check"),
    replay=lazy(f"{__name__}.replay:replay"),
    simulation=lazy(f"{__name__}.checker:simulation"),
    components={
        "tiles": lazy(f"{__name__}.kit.tiles:tile_pages"),
        "scoresheet": lazy(f"{__name__}.kit.scoresheet:score_pages"),
        "rules": lazy(f"{__name__}.kit.rules:rules_pages"),
    },
    figures=lazy(f"{__name__}.kit.report:figures"),
    final_board=lazy(f"{__name__}.kit.report:final_board"),
    box_contents=lazy(f"{__name__}.box:box_contents"),
    box_art=lazy(f"{__name__}.kit.cover:box_art"),
    has_presets=True,
)
