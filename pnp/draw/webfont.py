"""The page font as `@font-face` rules with subset data URIs, so an SVG needs no installed font.

Every SVG names Bitstream Vera Sans, which few machines have. Each page carries the glyphs it
uses (one WOFF subset per weight) under that same family name: a browser prefers an author-defined
face over any local font, so it draws the widths the layout measured. The text stays text
(searchable, selectable, read aloud). cairosvg ignores `@font-face` and keeps finding the same
TTFs through fontconfig (fontconfig.py), so PNG previews do not change.

Subsets are byte-reproducible: the font's own timestamps are kept, WOFF's zlib output depends only
on its input, and glyph order follows the original font, not the order the text came in.
"""

from __future__ import annotations

import base64
import functools
import io

from pnp.draw.text import FONT_FAMILY, font_path


@functools.lru_cache(maxsize=256)  # a kit's pages share most of their character sets
def woff_subset(chars: str, bold: bool = False) -> bytes:
    """A WOFF of Vera (bold or regular) holding only the glyphs of `chars`, without hinting."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.hinting = False  # the outlines are drawn unhinted everywhere else too (fontconfig.py)
    options.layout_features = []  # every glyph is placed by the SVG; no kerning or ligatures
    options.drop_tables += ["kern"]
    # Outlines keep their coordinates, so the font's bounding boxes stay valid: not recomputing
    # them saves about a third of the time.
    font = TTFont(str(font_path(bold)), recalcTimestamp=False, recalcBBoxes=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    font.flavor = "woff"  # zlib only, no brotli dependency; every current browser reads it
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def warm_up() -> None:
    """Import the subsetter once, before worker processes fork, so each does not pay for it."""
    from fontTools import subset  # noqa: F401


def font_face_css(chars_by_weight: dict[bool, set[str]]) -> str:
    """`@font-face` rules for the characters a page draws, keyed by bold; empty when it has no text."""
    rules = []
    for bold in (False, True):
        chars = chars_by_weight.get(bold)
        if not chars:
            continue
        data = base64.b64encode(woff_subset("".join(sorted(chars)), bold)).decode("ascii")
        rules.append(
            f"@font-face{{font-family:'{FONT_FAMILY}';font-weight:{'bold' if bold else 'normal'};"
            f"font-style:normal;src:url(data:font/woff;base64,{data}) format('woff')}}"
        )
    return "\n".join(rules)
