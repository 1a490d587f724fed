"""Drawn pages to file contents: the one render path of every command and of the tests.

A set of pages becomes `<stem>.pdf` (every page), one SVG per page and a PNG preview of each in
`preview/`. Everything is rendered in memory; the caller writes the files, so nothing is written
before every page has rendered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from pnp.draw.scene import Page
from pnp.errors import PnpError

FORMATS = ("pdf", "svg", "png")
Rendered = list[tuple[Path, bytes]]


def page_names(stem: str, count: int, components: Sequence[str] | None = None) -> list[str]:
    """File names of the pages without extension: `stem` alone, `stem-01`..., or `stem-01-<component>`."""
    if components is not None:
        return [f"{stem}-{number:02d}-{component}" for number, component in enumerate(components, 1)]
    if count == 1:
        return [stem]
    width = max(2, len(str(count)))
    return [f"{stem}-{number:0{width}d}" for number in range(1, count + 1)]


def file_count(pages: int, formats: frozenset[str]) -> int:
    """How many files `render_pages` makes, for a progress bar."""
    return ("pdf" in formats) + pages * (("svg" in formats) + ("png" in formats))


def render_pages(pages: Sequence[Page], folder: Path, pdf_stem: str, names: Sequence[str],
                 formats: frozenset[str], *, dpi: float = 100, title: str = "",
                 advance: Callable[[int], None] = lambda n: None) -> Rendered:
    """The files of `pages` in `folder`: `pdf_stem.pdf`, `names[i].svg`, `preview/names[i].png`."""
    unknown = set(formats) - set(FORMATS)
    if unknown or not formats:
        raise PnpError(f"formats: choose from pdf, svg, png (got {', '.join(sorted(unknown)) or 'none'})")
    if not pages:
        raise PnpError(f"{pdf_stem}: nothing to write, no pages")
    if len(names) != len(pages):
        raise ValueError(f"{len(names)} file names for {len(pages)} pages")
    outputs: Rendered = []
    if "pdf" in formats:
        from pnp.draw.pdf import render_pdf

        outputs.append((folder / f"{pdf_stem}.pdf", render_pdf(list(pages), title=title or pdf_stem)))
        advance(1)
    if "svg" in formats or "png" in formats:
        from pnp.draw.svg import render_svg

        for name, page in zip(names, pages, strict=True):
            svg = render_svg(page)
            if "svg" in formats:
                outputs.append((folder / f"{name}.svg", svg))
                advance(1)
            if "png" in formats:
                from pnp.draw.png import svg_to_png

                outputs.append((folder / "preview" / f"{name}.png", svg_to_png(svg, dpi)))
                advance(1)
    return outputs
