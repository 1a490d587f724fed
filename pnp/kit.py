"""Builds kits: every component of a game, checked against the safe area, then written at once.

A kit is `output/<game>/`: `<game>-kit.pdf` with every page (the calibration sheet first), one SVG
and one PNG preview per page named by its component. Nothing is written until every page of the
kit has been drawn and checked, so a page that does not fit leaves no half-built kit behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp import __version__
from pnp import games as game_registry
from pnp.errors import PnpError
from pnp.fileio import atomic_write_bytes, ensure_dir
from pnp.games.base import Game, KitContext

if TYPE_CHECKING:
    from pnp.draw.paper import Paper
    from pnp.draw.scene import Page

BOX = "box"
CALIBRATION = "calibration"


@dataclass
class KitPage:
    component: str
    page: Page


def kit_context(paper: Paper, lang: str = "en", **options: Any) -> KitContext:
    return KitContext(paper=paper, lang=lang, options=options)


def component_names(game: Game) -> list[str]:
    """The game's components in kit order, with the box last unless the game draws its own."""
    names = list(game.components)
    return names if BOX in names else [*names, BOX]


def draw_component(game: Game, model: Any, component: str, ctx: KitContext) -> list[Page]:
    if component == BOX and BOX not in game.components:
        from pnp.components.box_kit import box_for_game

        return box_for_game(game, model, ctx)
    if component not in game.components:
        raise PnpError(
            f"{game.name} has no {component}; its parts are: {', '.join(component_names(game))}"
        )
    return game.components[component](model, ctx)


def draw_kit(game: Game, model: Any, ctx: KitContext, components: Sequence[str] | None = None,
             with_calibration: bool = True) -> list[KitPage]:
    """All pages of a kit (or of some components), footers stamped, every page checked."""
    from pnp.components.calibrate import calibration_pages
    from pnp.draw.scene import footer

    pages: list[KitPage] = []
    if with_calibration:
        pages += [KitPage(CALIBRATION, p) for p in calibration_pages(ctx.paper)]
    for component in components or component_names(game):
        pages += [KitPage(component, p) for p in draw_component(game, model, component, ctx)]
    total = len(pages)
    for number, item in enumerate(pages, 1):
        if item.component != CALIBRATION:
            footer(item.page, game.title, item.component, number, total, __version__)
        item.page.check_safe_area(f"{game.name} {item.component} (page {number})")
    return pages


def build_kits(games: list[str] | None = None, *, components: list[str] | None = None,
               spec: Path | None = None, output: Path = Path("output"),
               formats: frozenset[str] = frozenset({"pdf", "svg", "png"}), paper: Paper | None = None,
               dpi: int = 100, quiet: bool = True, lang: str = "en", **options: Any) -> list[Path]:
    """Draw and write the kits of the named games (all games when None)."""
    from pnp.draw.paper import A4

    names = games or game_registry.names()
    if spec is not None and len(names) > 1:
        raise PnpError("--spec: name the game the spec is for (pnp kit GAME --spec FILE)")
    ctx = kit_context(paper or A4, lang, **options)
    ensure_dir(output)
    written: list[Path] = []
    for name in names:
        game = game_registry.get(name)
        model = game.load(spec)
        whole_kit = components is None
        pages = draw_kit(game, model, ctx, components, with_calibration=whole_kit)
        stem = f"{name}-kit" if whole_kit else f"{name}-{'-'.join(components or [])}"
        written += write_pages(pages, output / name, stem, formats, dpi, f"{game.title} — print-and-play kit",
                               quiet, numbered_by_component=whole_kit)
    if games is None and "svg" in formats and "pdf" in formats:
        from pnp.index import write_index

        written.append(write_index(output, names))
    return written


def write_pages(pages: list[KitPage], folder: Path, stem: str, formats: frozenset[str], dpi: int,
                title: str, quiet: bool, numbered_by_component: bool) -> list[Path]:
    """Render everything in memory first, then write each file atomically."""
    from pnp.check.simulate import progress

    outputs: list[tuple[Path, bytes]] = []
    steps = len(pages) * (("svg" in formats) + ("png" in formats)) + ("pdf" in formats)
    with progress(steps, f"{folder.name}", not quiet) as advance:
        if "pdf" in formats:
            from pnp.draw.pdf import render_pdf

            outputs.append((folder / f"{stem}.pdf", render_pdf([p.page for p in pages], title=title)))
            advance(1)
        if "svg" in formats or "png" in formats:
            from pnp.draw.svg import render_svg

            for number, item in enumerate(pages, 1):
                name = (f"{stem.removesuffix('-kit')}-{number:02d}-{item.component}" if numbered_by_component
                        else (f"{stem}-{number:02d}" if len(pages) > 1 else stem))
                svg = render_svg(item.page)
                if "svg" in formats:
                    outputs.append((folder / f"{name}.svg", svg))
                    advance(1)
                if "png" in formats:
                    from pnp.draw.png import svg_to_png

                    outputs.append((folder / "preview" / f"{name}.png", svg_to_png(svg, dpi)))
                    advance(1)
    written = [atomic_write_bytes(path, data) for path, data in outputs]
    if numbered_by_component:
        _remove_stale_pages(folder, stem.removesuffix("-kit"), set(written))
    return written


def _remove_stale_pages(folder: Path, game: str, keep: set[Path]) -> None:
    """A smaller tile set makes fewer pages: drop page files an earlier, larger kit left behind."""
    for pattern in (f"{game}-[0-9][0-9]-*.svg", f"preview/{game}-[0-9][0-9]-*.png"):
        for path in folder.glob(pattern):
            if path not in keep:
                path.unlink()


def build_box(game: str | None, *, size: str | None, style: str, paper_thickness: float | None,
              spec: Path | None, output: Path, formats: frozenset[str], paper: Paper, dpi: int,
              quiet: bool) -> list[Path]:
    from pnp.components.box_kit import box_for_game, plain_box

    ctx = kit_context(paper, box_size=size, box_style=style, paper_thickness=paper_thickness)
    if game is None:
        pages = [KitPage(BOX, p) for p in plain_box(ctx)]
        folder, stem = output / "box", "box"
    else:
        chosen = game_registry.get(game)
        pages = [KitPage(BOX, p) for p in box_for_game(chosen, chosen.load(spec), ctx)]
        folder, stem = output / game, f"{game}-box"
    for number, item in enumerate(pages, 1):
        item.page.check_safe_area(f"box (page {number})")
    return write_pages(pages, folder, stem, formats, dpi, "box", quiet, numbered_by_component=False)
