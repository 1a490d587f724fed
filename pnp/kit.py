"""Builds kits: every component of a game, checked against the safe area, then written at once.

A kit is `output/<game>/`: `<game>-kit.pdf` with every page (the guide, then the calibration sheet), one SVG
and one PNG preview per page named by its component. Nothing is written until every page of the
kit has been drawn and checked, so a page that does not fit leaves no half-built kit behind.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from pnp import __version__
from pnp import games as game_registry
from pnp.draw.render import Rendered, file_count, page_names, render_pages
from pnp.errors import LayoutError, PnpError, SpecError
from pnp.files.atomic import write_files
from pnp.files.folders import replace_folder
from pnp.files.sets import replace_set
from pnp.files.targets import output_folder
from pnp.games.base import BoxOptions, Game, KitContext
from pnp.i18n import KIT

if TYPE_CHECKING:
    from pnp.components.guide import KitSummary, Packing
    from pnp.draw.paper import Paper
    from pnp.draw.scene import Page

BOX = "box"
CALIBRATION = "calibration"
COVER = "cover"


@dataclass
class KitPage:
    component: str
    page: Page
    behind: int | None = None  # a back (or blank back): the number of the page it is printed behind


def kit_context(paper: Paper, lang: str = "en", *, preset: str | None = None, box_size: str | None = None,
                box_style: str | None = None, paper_thickness: float | None = None,
                **values: bool | int | str) -> KitContext:
    """The context of a kit; `values` are the game's declared kit options by name (ink_saver=True)."""
    return KitContext(paper=paper, lang=lang, preset=preset,
                      box=BoxOptions(box_size, box_style, paper_thickness), values=values)


def component_names(game: Game) -> list[str]:
    """The game's components in kit order, with the box last unless the game draws its own."""
    names = list(game.components)
    return names if BOX in names else [*names, BOX]


def kit_components(game: Game, ctx: KitContext) -> list[str]:
    """The components a whole kit prints: a cover only when asked for where the game offers it as
    an option (its box lid carries the same art)."""
    offered = game.option(COVER)
    return [name for name in component_names(game)
            if name != COVER or offered is None or ctx.option(offered)]


def draw_component(game: Game, model: Any, component: str, ctx: KitContext) -> list[Page]:
    if component == BOX and BOX not in game.components:
        from pnp.components.box_kit import box_for_game

        return box_for_game(game, model, ctx)
    if component not in game.components:
        raise PnpError(
            f"{game.name} has no {component}; its parts are: {', '.join(component_names(game))}"
        )
    return game.impl.components[component](model, ctx)


def draw_kit(game: Game, model: Any, ctx: KitContext, components: Sequence[str] | None = None,
             with_calibration: bool = True) -> list[KitPage]:
    """All pages of a kit (or of some components), footers stamped, every page checked."""
    return draw_kit_summarised(game, model, ctx, components, with_calibration)[0]


# The spec fields an option of `pnp kit` (and of each component's command) may give instead, by the name
# BoxOptions has the option's value under; `pnp box` names its own (BOX_OPTIONS).
KIT_OPTIONS = {"box.size_mm": ("size", "--box-size")}
BOX_OPTIONS = {"box.size_mm": ("size", "--size")}


@contextmanager
def naming_the_source(model: Any, ctx: KitContext, options: dict[str, tuple[str, str]] | None = None) -> Iterator[None]:
    """A layout error that names the spec field it comes from (LayoutError.field), said with what gave the
    field its value: the option on this command line, or else the spec file; the layout's message is the reason."""
    try:
        yield
    except LayoutError as exc:
        if exc.field is None:
            raise
        attribute, flag = (KIT_OPTIONS if options is None else options).get(exc.field, ("", ""))
        given = getattr(ctx.box, attribute, None) if attribute else None
        if given is not None:
            raise PnpError(f"{flag} {given}: {exc.message}") from None
        source = getattr(model, "source", None)
        if source is None:  # no spec (a box of no game): the message names the value itself
            raise
        raise SpecError(source, exc.field, exc.message) from None


def draw_kit_summarised(game: Game, model: Any, ctx: KitContext, components: Sequence[str] | None = None,
                        with_calibration: bool = True,
                        spec: Path | None = None) -> tuple[list[KitPage], KitSummary | None]:
    """The pages of draw_kit, and a whole kit's summary as its guide has it (None for some components).
    `spec`: the spec file the model was read from, as given (the guide's commands name it)."""
    with naming_the_source(model, ctx):
        return _draw_kit_summarised(game, model, ctx, components, with_calibration, spec)


def _draw_kit_summarised(game: Game, model: Any, ctx: KitContext, components: Sequence[str] | None,
                         with_calibration: bool, spec: Path | None) -> tuple[list[KitPage], KitSummary | None]:
    from pnp.components.calibrate import calibration_pages
    from pnp.components.sheets import check_footer_band
    from pnp.draw.scene import footer

    pages: list[KitPage] = []
    if with_calibration:
        pages += [KitPage(CALIBRATION, p) for p in calibration_pages(ctx.paper, ctx.lang)]
    for component in components or kit_components(game, ctx):
        pages += [KitPage(component, p) for p in draw_component(game, model, component, ctx)]
    summary = None
    if components is None:  # a whole kit prints as one duplex job: its guide first, a sheet per two pages
        pages, summary = _duplex_order(game, model, ctx, pages, spec)
    total = len(pages)
    for number, item in enumerate(pages, 1):
        where = f"{game.name} {item.component} (page {number})"
        if item.component != CALIBRATION:
            check_footer_band(item.page, where)
        part = game.printed_part(item.component)
        if item.behind is not None:
            from pnp.components.duplex import back_part

            part = back_part(part, item.behind, ctx.lang)
        footer(item.page, game.title, part, number, total, __version__, ctx.lang)
        item.page.check_safe_area(where)
    return pages, summary


def _duplex_order(game: Game, model: Any, ctx: KitContext, pages: list[KitPage],
                  spec: Path | None) -> tuple[list[KitPage], KitSummary]:
    """The guide (a sheet printed on both sides), then every sheet as two pages (front and back, or front and
    a marked blank)."""
    from pnp.components import duplex, guide
    from pnp.components.ink import coverage

    layout = duplex.sheets([(item.component, item.page) for item in pages])
    packing = _packing(game, model, ctx, pages, spec)
    parts = {name: game.printed_part(name) for name in {sheet.component for sheet in layout}}
    inks = [(coverage(s.front), None if s.back is None else coverage(s.back)) for s in layout]
    english = replace(ctx, lang="en")  # the terminal's summary is in English

    def limits(kit: KitContext) -> dict[str, str]:
        said = {name: game.sheet_limit(model, kit, name) for name in parts}
        return {name: line for name, line in said.items() if line}

    def draw_guide(front: Page, back: Page, ink: tuple[float, float]) -> tuple[Page, Page]:
        return guide.guide_pages(ctx.paper, game.title, [duplex.Sheet(guide.GUIDE, front, back), *layout],
                                 ctx.lang, packing=packing, parts=parts, ink=[ink, *inks], limits=limits(ctx))

    draft = draw_guide(pages[0].page, pages[0].page, (0.0, 0.0))  # the guide's own ink, measured on a draft
    ink = (coverage(draft[0]), coverage(draft[1]))
    layout.insert(0, duplex.Sheet(guide.GUIDE, *draw_guide(*draft, ink)))
    summary = guide.kit_summary(game.title, layout, parts, [ink, *inks], limits(english))
    return [KitPage(component, page, behind)
            for component, page, behind in duplex.printed_order(layout, ctx.paper, ctx.lang)], summary


def _packing(game: Game, model: Any, ctx: KitContext, pages: list[KitPage], spec: Path | None) -> Packing:
    """What the guide says about the board, the box and the score pad, read from what the kit counts and draws:
    the board's stack among the box's contents, the box's floor and build, the score pages and their cuts, and
    the commands that print the score pad and the printer check as this kit prints them."""
    from pnp.components.box import built_style
    from pnp.components.box_kit import kit_box_fit
    from pnp.components.boxfit import LEGEND_CARDS
    from pnp.components.guide import Packing, cut_piece

    contents = game.kit_box_contents(model, ctx)
    board = next((s for s in contents if s.name.startswith("board")), None) if "board" in game.components else None
    scores = next((s for s in contents if s.name.startswith("score")), None)
    built = built_style(item.page for item in pages if item.component == BOX)
    style = built or "hinged"
    floor = kit_box_fit(game, model, ctx, built).inner[:2] if built is not None else (0.0, 0.0)
    score_page = next((item.page for item in pages if item.component == "scoresheet"), None)
    cards = next((s for s in contents if s.name == LEGEND_CARDS), None) if "board" in game.components else None
    score_pages = scores.sheets if scores is not None else 0
    return Packing(board, sum(item.component == "board" for item in pages), floor, style, score_pages,
                   None if score_page is None else cut_piece(score_page), cards,
                   score_command=command_line(game, "scoresheet", ctx, spec, pages=score_pages)
                   if score_pages and score_page is not None else "",
                   check_command=calibrate_command(ctx))


def _print_options(ctx: KitContext) -> list[str]:
    """The language and paper of `ctx` as the command line takes them, each left out where it is the default."""
    from pnp.draw.paper import A4, LETTER

    words = [] if ctx.lang == "en" else ["--lang", ctx.lang]
    if ctx.paper != A4:
        words += ["--paper", "letter" if ctx.paper == LETTER else ctx.paper.name]
    return words


def command_line(game: Game, component: str, ctx: KitContext, spec: Path | None, **extra: int) -> str:
    """The command that prints `component` alone as the kit `ctx` prints it, ready for a shell: `pnp COMPONENT
    GAME` with the spec file and every option of the kit that changes the component's pages (Game.changes)
    and is not its default (options of other parts stay out: the command would refuse them), then `extra`,
    the component's own options."""
    words = ["pnp", component, game.name, *(["--spec", str(spec)] if spec is not None else []),
             *_print_options(ctx)]
    shared = {"preset": ctx.preset, "box_size": ctx.box.size, "box_style": ctx.box.style,
              "paper_thickness": ctx.box.paper_thickness}
    for name, given in shared.items():  # a kit of all games carries the preset to each, used or not
        if given is not None and game.changes(name, component):
            words += ["--" + name.replace("_", "-"), str(given)]
    for option in game.options:
        value = ctx.values.get(option.name, option.default)
        if not game.changes(option.name, component) or value == option.default:
            continue
        if option.type is not bool:
            words += [option.flag, str(value)]
        elif value:  # a flag: given, or left out
            words.append(option.flag)
    for name, value in extra.items():
        words += ["--" + name.replace("_", "-"), str(value)]
    return shlex.join(words)


def calibrate_command(ctx: KitContext) -> str:
    """The command that prints the printer check alone on the kit's paper, in its language."""
    return shlex.join(["pnp", "calibrate", *_print_options(ctx)])


@dataclass(frozen=True)
class KitJob:
    """One game's kit (or some of its components) to draw and render; picklable for worker processes."""

    name: str
    components: tuple[str, ...] | None
    spec: Path | None
    ctx: KitContext
    formats: frozenset[str]
    dpi: int
    output: Path

    @property
    def stem(self) -> str:
        return f"{self.name}-kit" if self.components is None else f"{self.name}-{'-'.join(self.components)}"


class Drawn(NamedTuple):
    game: Game
    pages: list[KitPage]
    summary: KitSummary | None  # a whole kit's, as its guide has it


def draw_job(job: KitJob) -> Drawn:
    game = game_registry.get(job.name)
    model = game.load(job.spec)
    return Drawn(game, *draw_kit_summarised(game, model, job.ctx, job.components,
                                            with_calibration=job.components is None, spec=job.spec))


def render_job(job: KitJob, drawn: Drawn | None = None,
               advance: Callable[[int], None] = lambda n: None) -> Rendered:
    game, pages, _ = drawn or draw_job(job)
    components = [item.component for item in pages]
    names = page_names(job.name, len(pages), components) if job.components is None \
        else page_names(job.stem, len(pages))
    return render_pages([item.page for item in pages], job.output / job.name, job.stem, names, job.formats,
                        dpi=job.dpi, title=f"{game.title} — {KIT(job.ctx.lang, 'kit')}", advance=advance)


def render_summarised(job: KitJob) -> tuple[Rendered, KitSummary | None]:
    """A worker's share of a job of several kits: the files and the kit's summary."""
    drawn = draw_job(job)
    return render_job(job, drawn), drawn.summary


def build_kits(games: list[str] | None = None, *, components: list[str] | None = None,
               spec: Path | None = None, output: Path = Path("output"),
               formats: frozenset[str] = frozenset({"pdf", "svg", "png"}), paper: Paper | None = None,
               dpi: int = 100, quiet: bool = True, lang: str = "en", preset: str | None = None,
               box: BoxOptions | None = None, values: dict[str, bool | int | str] | None = None,
               summarise: Callable[[KitSummary], None] | None = None) -> list[Path]:
    """Draw, check and render the kits of the named games (all games when None), then write them.

    `values` are kit options some game declares (by name); each game reads those it declares.
    Nothing is written until every page of every kit asked for has been drawn and rendered.
    `summarise` is given each whole kit's summary (sheets, ink, sparse sheets) once all are written.
    """
    from pnp.draw.paper import A4
    from pnp.parallel import parallel_map
    from pnp.progress import progress

    names = games or game_registry.working(game_registry.names())  # all games: a broken plugin is skipped
    if spec is not None and len(names) > 1:
        raise PnpError("--spec: name the game the spec is for (pnp kit GAME --spec FILE)")
    if games is not None:  # all kits: the preset applies to the games that have presets
        for name in names:
            game_registry.get(name).check_preset(preset)
    output_folder(output)
    # Every whole-kit run keeps the folder's contact sheet true to the kits in it.
    with_index = components is None and "svg" in formats and "pdf" in formats
    if with_index:
        from pnp.files.targets import refuse_foreign
        from pnp.index import MARK

        refuse_foreign(output / "index.html", MARK)  # before any kit is replaced
    ctx = KitContext(paper or A4, lang, preset, box or BoxOptions(), values or {})
    # Every kit carries its printer check: a kit's PDF is often printed, or passed on, alone.
    jobs = [KitJob(name, tuple(components) if components else None, spec, ctx, formats, dpi, output)
            for name in names]
    if len(jobs) == 1:
        drawn = draw_job(jobs[0])
        with progress(file_count(len(drawn.pages), formats), f"{names[0]} kit", not quiet, unit="files") as bar:
            rendered = [render_job(jobs[0], drawn, bar)]
        summaries = [drawn.summary]
    else:  # whole kits are independent: one process per core
        _warm_up_renderers(formats)
        results = []
        with progress(len(jobs), "kits", not quiet, unit="kits") as bar:
            for result in parallel_map(render_summarised, jobs):
                results.append(result)
                bar(1)
        rendered, summaries = [files for files, _ in results], [summary for _, summary in results]
    written = _write_kits(jobs, rendered, output, names, with_index, lang, whole=components is None)
    for summary in summaries:
        if summary is not None and summarise is not None:
            summarise(summary)  # after writing: a failed write shows its error, not a summary
    return written


def _write_kits(jobs: list[KitJob], rendered: list[Rendered], output: Path, names: list[str], with_index: bool,
                lang: str, whole: bool) -> list[Path]:
    if whole:
        # Every kit and the contact sheet as one set: after a kill or a full disk they are all of
        # this run or all of the one before, never Rautino in English beside Zatre in German.
        from pnp.index import index_page, kits_in

        def contact_sheet(staged: dict[Path, Path]) -> list[tuple[Path, bytes]]:
            if not with_index:
                return []
            # The kits of this run, and those an earlier run left beside them.
            folders = kits_in(output) | {name: staged[output / name] for name in names}
            shown = [name for name in game_registry.names() if name in folders]
            page = index_page(shown, folders, lang)
            return [(output / "index.html", page.encode("utf-8"))]

        kits = [(output / job.name, outputs, _not_stale_page(job.name, job.formats))
                for job, outputs in zip(jobs, rendered, strict=True)]
        return replace_set(output, kits, contact_sheet)
    written: list[Path] = []
    for job, outputs in zip(jobs, rendered, strict=True):
        if job.components is None:  # a whole kit: the folder holds the old kit or the new one, never a mix
            written += replace_folder(output / job.name, outputs, keep=_not_stale_page(job.name, job.formats))
        else:
            written += write_files(outputs)
    return written


def _warm_up_renderers(formats: frozenset[str]) -> None:
    """Import the renderers and load the fonts once, so forked workers start with them loaded."""
    from pnp.draw import pdf, svg, text, webfont  # noqa: F401

    text.register_fonts()
    webfont.warm_up()
    if "png" in formats:
        from pnp.draw import png  # noqa: F401


def _not_stale_page(game: str, formats: frozenset[str]) -> Callable[[Path], bool]:
    """Which files of an earlier kit the new kit folder keeps (by path inside the folder).

    A smaller tile set makes fewer pages: page files an earlier, larger kit made are dropped. Only
    formats written this run are dropped: `--format pdf` must not delete the SVG pages and
    previews of an earlier run, which nothing has replaced. Other files (a component drawn on its
    own, a file of the user's) stay.
    """
    patterns = [p for fmt, p in (("svg", f"{game}-[0-9][0-9]-*.svg"), ("png", f"preview/{game}-[0-9][0-9]-*.png"))
                if fmt in formats]
    return lambda relative: not any(fnmatch(relative.as_posix(), p) for p in patterns)


def build_bleed_cover(game: str, *, spec: Path | None, output: Path, lang: str = "en", preset: str | None = None,
                      box: BoxOptions | None = None, values: dict[str, bool | int | str] | None = None) -> Path:
    """The cover alone as a print shop takes it: one PDF page of trim size plus bleed, with TrimBox
    and BleedBox set, no crop marks and no footer; the lid's size is the kit's box's (`box`, --box-size)."""
    from pnp.draw.paper import A4
    from pnp.draw.pdf import render_pdf

    chosen = game_registry.get(game)
    model = chosen.load(spec)
    ctx = KitContext(A4, lang, preset, box or BoxOptions(), {**(values or {}), "bleed_pdf": True})
    with naming_the_source(model, ctx):
        pages = draw_component(chosen, model, "cover", ctx)
        for page in pages:
            page.check_safe_area(f"{game} cover")
    output_folder(output)
    data = render_pdf(pages, title=f"{chosen.title} — {KIT(lang, 'cover')}")
    return write_files([(output / game / f"{game}-cover-bleed.pdf", data)])[0]


def build_box(game: str | None, *, size: str | None, style: str, paper_thickness: float | None,
              spec: Path | None, output: Path, formats: frozenset[str], paper: Paper, dpi: int,
              quiet: bool, lang: str = "en") -> list[Path]:
    from pnp.components.box_kit import box_for_game, plain_box
    from pnp.components.sheets import check_footer_band
    from pnp.draw.scene import footer

    if game is None and spec is not None:
        raise PnpError("--spec: name the game the spec is for (pnp box GAME --spec FILE)")
    ctx = kit_context(paper, lang, box_size=size, box_style=style, paper_thickness=paper_thickness)
    chosen = game_registry.get(game) if game is not None else None
    model = chosen.load(spec) if chosen is not None else None
    with naming_the_source(model, ctx, BOX_OPTIONS):
        if chosen is None:
            pages = [KitPage(BOX, p) for p in plain_box(ctx)]
            folder, stem, title = output / "box", "box", "pnp"
        else:
            pages = [KitPage(BOX, p) for p in box_for_game(chosen, model, ctx)]
            folder, stem, title = output / chosen.name, f"{chosen.name}-box", chosen.title
        for number, item in enumerate(pages, 1):
            check_footer_band(item.page, f"box (page {number})")
            footer(item.page, title, BOX, number, len(pages), __version__, lang)
            item.page.check_safe_area(f"box (page {number})")
    output_folder(output)
    outputs = render_pages([item.page for item in pages], folder, stem, page_names(stem, len(pages)), formats,
                           dpi=dpi, title=f"{title} — {KIT(lang, 'box')}")
    return write_files(outputs)


def build_calibration(*, output: Path, formats: frozenset[str], paper: Paper, dpi: int,
                      lang: str = "en") -> list[Path]:
    """The printer check sheet alone (a kit carries it after its guide), numbered 1/2 and 2/2."""
    from pnp.components.calibrate import calibration_sheet

    pages = calibration_sheet(paper, lang)
    for page in pages:
        page.check_safe_area(CALIBRATION)
    output_folder(output)
    outputs = render_pages(pages, output, CALIBRATION, page_names(CALIBRATION, len(pages)), formats, dpi=dpi,
                           title=f"pnp — {KIT(lang, 'calibration')}")
    return write_files(outputs)
