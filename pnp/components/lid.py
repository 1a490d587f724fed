"""The box lid of a game without cover art of its own: its name and tagline above a picture.

The box net calls a lid art as art(page, x, y, w, h, rotation); the art is drawn upright in its
own frame and turned with the panel. A game supplies only the picture below the name.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.draw.affine import Affine
from pnp.draw.scene import Page, filled
from pnp.draw.text import pt, text_width, vertical_extent
from pnp.i18n import KIT, Texts

# art(page, x, y, w, h, rotation): the box net's panel-art signature.
ArtFn = Callable[[Page, float, float, float, float, float], None]
# picture(group, width, height, top): draws below `top` (mm) in the upright frame width x height.
PictureFn = Callable[[Page, float, float, float], None]

MARGIN = 0.07  # of the lid's height, above the name and below the picture
FRAME_INSET_MM = 4.0  # the glue frame of a plain lid, inside the lid's edges

FRAME_WORDS = Texts({
    "glue": {"en": "Glue the cover card here", "de": "Hier das Deckelbild aufkleben"},
})


def lid_art(title: str, lang: str, picture: PictureFn | None) -> ArtFn:
    """A lid art: `title` large, the kit's tagline under it, then `picture` in the room left."""

    def draw(page: Page, x: float, y: float, w: float, h: float, rotation: float = 0.0) -> None:
        turned = round(rotation) % 180 == 90
        aw, ah = (h, w) if turned else (w, h)  # the art's own frame, upright
        cx, cy = x + w / 2, y + h / 2
        transform = Affine.rotate(rotation, cx, cy) @ Affine.translate(cx - aw / 2, cy - ah / 2)
        with page.group(transform, cls="cover-art", data={"rotation": f"{rotation:g}"}) as g:
            size = min(0.16 * ah, 0.8 * aw / max(text_width(title, 1.0, True), 1e-9), 14.0)
            ascent, descent = vertical_extent(size, True)
            top = MARGIN * ah
            g.text(aw / 2, top + ascent, title, size, weight="bold", anchor="middle", cls="cover-title")
            sub = 0.35 * size
            g.text(aw / 2, top + ascent + descent + sub, KIT(lang, "tagline"), sub, anchor="middle",
                   style=filled("#555555"), cls="cover-subtitle")
            if picture is not None:
                picture(g, aw, ah, top + ascent + descent + 2.2 * sub)

    return draw


def cover_frame(lang: str) -> ArtFn:
    """The lid of a box whose art comes on a card cover: a glue area saying where the card goes, no art
    to print twice (the card covers the whole lid)."""

    def draw(page: Page, x: float, y: float, w: float, h: float, rotation: float = 0.0) -> None:
        turned = round(rotation) % 180 == 90
        aw, ah = (h, w) if turned else (w, h)
        cx, cy = x + w / 2, y + h / 2
        transform = Affine.rotate(rotation, cx, cy) @ Affine.translate(cx - aw / 2, cy - ah / 2)
        with page.group(transform, cls="cover-frame", data={"rotation": f"{rotation:g}"}) as g:
            # A glue area as every net marks one: a light grey tint with the word.
            g.rect(FRAME_INSET_MM, FRAME_INSET_MM, aw - 2 * FRAME_INSET_MM, ah - 2 * FRAME_INSET_MM,
                   style=filled("#eeeeee"), cls="cover-frame-glue")
            words = FRAME_WORDS(lang, "glue")
            size = min(pt(10), 0.8 * aw / max(text_width(words, 1.0), 1e-9))
            g.text(aw / 2, ah / 2 + size * 0.35, words, size, anchor="middle", style=filled("#999999"),
                   cls="cover-frame-words")

    return draw
