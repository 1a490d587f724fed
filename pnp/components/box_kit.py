"""The box of a game's kit: the spec's `[box]` settings, overridden by command-line options,
drawn with the game's title and artwork."""

from __future__ import annotations

from typing import Any

from pnp.components.box import box_pages, built_style
from pnp.components.boxfit import FitResult, folded_to_floor, inner_space, pieces_fit
from pnp.components.boxnet import BOX_SIZE_FIELD
from pnp.components.boxspec import settings_for
from pnp.draw.scene import Page
from pnp.errors import LayoutError
from pnp.games.base import Game, KitContext
from pnp.i18n import KIT


def box_for_game(game: Game, model: Any, ctx: KitContext) -> list[Page]:
    settings = settings_for(model, ctx.box)
    lid_art, side_art = game.box_art(model, ctx.lang) if game.box_art is not None else (None, None)
    if game.impl.card_cover is not None and game.impl.card_cover(model, ctx):
        from pnp.components.lid import cover_frame

        lid_art = cover_frame(ctx.lang)  # the card cover carries the art: the lid is not printed twice
    pages = box_pages(settings.size, settings.style, settings.paper_thickness, ctx.paper, game.title,
                      KIT(ctx.lang, "tagline"), lid_art=lid_art, side_art=side_art, lang=ctx.lang)
    style = built_style(pages)
    fit = kit_box_fit(game, model, ctx, style) if style is not None else None
    if fit is not None and not fit.fits:  # a box that cannot hold the kit is not drawn, nor packed by the guide
        inside = " x ".join(f"{value:.1f}".rstrip("0").rstrip(".") for value in fit.inner)
        raise LayoutError(f"{fit.explanation}; the box is {inside} mm inside", BOX_SIZE_FIELD)
    return pages


def kit_box_fit(game: Game, model: Any, ctx: KitContext, style: str) -> FitResult:
    """What the kit puts into its box (the game's kit_box_contents), packed as its guide says: the rules and
    score pages folded as often as the floor asks, in the box as built (`style`: hinged or telescoping)."""
    settings = settings_for(model, ctx.box)
    floor = inner_space(settings.size, settings.paper_thickness, style)[:2]
    paper = ctx.paper.portrait()
    contents = [folded_to_floor(stack, (paper.width, paper.height), floor) if stack.printed else stack
                for stack in game.kit_box_contents(model, ctx)]
    return pieces_fit(settings.size, settings.paper_thickness, contents, style)


def plain_box(ctx: KitContext) -> list[Page]:
    settings = settings_for(None, ctx.box)
    return box_pages(settings.size, settings.style, settings.paper_thickness, ctx.paper, "pnp", "", lang=ctx.lang)
