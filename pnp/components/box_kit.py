"""The box of a game's kit: the spec's `[box]` settings, overridden by command-line options,
drawn with the game's title and artwork."""

from __future__ import annotations

from typing import Any

from pnp.components.box import box_pages
from pnp.components.boxspec import settings_for
from pnp.draw.scene import Page
from pnp.games.base import Game, KitContext
from pnp.i18n import KIT


def box_for_game(game: Game, model: Any, ctx: KitContext) -> list[Page]:
    settings = settings_for(model, ctx.box)
    lid_art, side_art = game.box_art(model, ctx.lang) if game.box_art is not None else (None, None)
    if game.impl.card_cover is not None and game.impl.card_cover(model, ctx):
        from pnp.components.lid import cover_frame

        lid_art = cover_frame(ctx.lang)  # the card cover carries the art: the lid is not printed twice
    return box_pages(settings.size, settings.style, settings.paper_thickness, ctx.paper, game.title,
                     KIT(ctx.lang, "tagline"), lid_art=lid_art, side_art=side_art, lang=ctx.lang)


def plain_box(ctx: KitContext) -> list[Page]:
    settings = settings_for(None, ctx.box)
    return box_pages(settings.size, settings.style, settings.paper_thickness, ctx.paper, "pnp", "", lang=ctx.lang)
