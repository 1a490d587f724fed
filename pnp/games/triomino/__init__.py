"""Triomino: 56 triangular tiles with numbers in the corners, played on an unbounded triangular grid."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.games.base import Game

from .options import INK, PAGES, PLAYERS, PRESET_NAMES, TILE_EDGE

if TYPE_CHECKING:
    from pnp.games.fields import SpecFields
    from pnp.games.parts import GameParts


def spec_fields() -> SpecFields:
    from .fields import FIELDS

    return FIELDS


def new_table(model: Any, seats: list[str], seed: int, preset: str | None) -> Any:
    """The game's table on the play page, imported when a game of it starts."""
    from .table import TriominoTable

    return TriominoTable(model, seats, seed, preset)


def parts() -> GameParts:
    from pnp.games.parts import GameParts
    from pnp.spec import template_path

    from . import box, checker, model, replay
    from .kit import cover, frames, report, rules, scoresheet, tiles

    return GameParts(
        table=new_table,
        load=model.load,
        check=checker.check,
        simulation=checker.SIMULATION,
        replay=replay.replay,
        components={
            "tiles": tiles.tile_pages,
            "scoresheet": scoresheet.score_pages,
            "rules": rules.rules_pages,
        },
        template=lambda: template_path("triomino").read_bytes(),
        figures=report.figures,
        final_board=report.final_board,
        frames=frames.frames,
        box_contents=box.box_contents,
        kit_box_contents=box.kit_box_contents,
        box_art=cover.box_art,
        sheet_limit=tiles.sheet_limit,
    )


GAME = Game(
    name="triomino",
    title="Triomino",
    components={
        "tiles": "The tiles, fronts and backs.",
        "scoresheet": "The score sheet, with the preset's bonuses.",
        "rules": "The rules sheet, with a drawn bridge and hexagon.",
    },
    parts=parts,
    options=(INK, TILE_EDGE, PAGES),
    presets=("seed", "classic"),
    preset_labels={name: PRESET_NAMES("en", name) for name in ("seed", "classic")},
    players=PLAYERS,
    spec_fields=spec_fields,
    shared_parts={"preset": ("scoresheet", "rules")},  # the sheets that print the preset's scoring
)
