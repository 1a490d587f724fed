"""Rautino: rhombus stones of two coloured triangles, laid so that touching colours match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.games.base import Game

from .options import COVER, INK, PLAYERS

if TYPE_CHECKING:
    from pnp.games.fields import SpecFields
    from pnp.games.parts import GameParts


def spec_fields() -> SpecFields:
    from .fields import FIELDS

    return FIELDS


def new_table(model: Any, seats: list[str], seed: int, preset: str | None) -> Any:
    """The game's table on the play page, imported when a game of it starts."""
    from .table import RautinoTable

    return RautinoTable(model, seats, seed)


def parts() -> GameParts:
    from pnp.games.parts import GameParts
    from pnp.spec import template_path

    from . import box, checker, replay
    from .kit import board, cover, fit, frames, report, rules, stones

    return GameParts(
        table=new_table,
        load=fit.load,
        check=checker.check,
        simulation=checker.SIMULATION,
        replay=replay.replay,
        components={
            "board": board.board_pages,
            "tiles": stones.stone_pages,
            "cover": cover.cover_pages,
            "rules": rules.rules_pages,
        },
        template=lambda: template_path("rautino").read_bytes(),
        figures=report.figures,
        final_board=report.final_board,
        frames=frames.frames,
        box_contents=box.box_contents,
        kit_box_contents=box.kit_box_contents,
        box_art=cover.box_art,
        card_cover=lambda model, ctx: bool(ctx.option(COVER)),
    )


GAME = Game(
    name="rautino",
    title="Rautino",
    components={
        "board": "The board with its start position.",
        "tiles": "The stones, fronts and backs.",
        "cover": "The cover (box lid artwork).",
        "rules": "The rules sheet.",
    },
    parts=parts,
    players=PLAYERS,
    printed_parts={"tiles": "stones"},
    options=(INK, COVER),
    spec_fields=spec_fields,
    shared_parts={"box_size": ("cover", "box")},  # the cover is the lid's size
)
