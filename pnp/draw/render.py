"""Write pages to disk as PDF, SVG and PNG, atomically, after checking every page first."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pnp.draw.scene import Page
from pnp.errors import PnpError
from pnp.fileio import atomic_write_bytes, output_folder, write_files

FORMATS = frozenset({"pdf", "svg", "png"})


def _check(pages: Iterable[Page]) -> None:
    for page in pages:
        page.check_safe_area(page.label)


def write_svg(page: Page, path: Path) -> Path:
    from pnp.draw.svg import render_svg

    _check([page])
    return atomic_write_bytes(Path(path), render_svg(page))


def write_pdf(pages: list[Page], path: Path, title: str = "") -> Path:
    from pnp.draw.pdf import render_pdf

    _check(pages)
    return atomic_write_bytes(Path(path), render_pdf(pages, title=title))


def write_png(page: Page, path: Path, dpi: float = 100) -> Path:
    from pnp.draw.png import render_png

    _check([page])
    return atomic_write_bytes(Path(path), render_png(page, dpi))


def _numbered(out_dir: Path, stem: str, ext: str, count: int) -> list[Path]:
    if count == 1:
        return [out_dir / f"{stem}.{ext}"]
    width = max(2, len(str(count)))
    return [out_dir / f"{stem}-{i:0{width}d}.{ext}" for i in range(1, count + 1)]


def write_document(
    pages: list[Page],
    out_dir: Path,
    stem: str,
    formats: set[str],
    dpi: float = 100,
    title: str = "",
) -> list[Path]:
    """Write `stem.pdf` (all pages), `stem-01.svg`... and `stem-01.png`... into out_dir.

    Every page is checked and every file rendered in memory before the first one is written, so
    a page that does not fit leaves nothing behind. Returns the written paths in order.
    """
    unknown = set(formats) - FORMATS
    if unknown or not formats:
        raise PnpError(f"formats: choose from pdf, svg, png (got {', '.join(sorted(unknown)) or 'none'})")
    if not pages:
        raise PnpError(f"{stem}: nothing to write, no pages")
    if not stem or "/" in stem or "\\" in stem or stem.startswith("."):
        raise PnpError(f"{stem!r}: not a usable file name stem")
    out_dir = output_folder(out_dir)
    _check(pages)

    outputs: list[tuple[Path, bytes]] = []
    if "pdf" in formats:
        from pnp.draw.pdf import render_pdf

        outputs.append((out_dir / f"{stem}.pdf", render_pdf(pages, title=title or stem)))
    if "svg" in formats or "png" in formats:
        from pnp.draw.svg import render_svg

        svgs = [render_svg(page) for page in pages]
        if "svg" in formats:
            outputs += zip(_numbered(out_dir, stem, "svg", len(pages)), svgs, strict=True)
        if "png" in formats:
            from pnp.draw.png import svg_to_png

            pngs = [svg_to_png(svg, dpi) for svg in svgs]
            outputs += zip(_numbered(out_dir, stem, "png", len(pages)), pngs, strict=True)

    return write_files(outputs)
