"""The `pnp` command line: turns options into calls, nothing more.

Heavy modules (renderers, games) are imported inside the commands so `pnp --help` starts fast.
"""

from __future__ import annotations

import signal
import sys
import threading
from pathlib import Path
from typing import Any

import click

from pnp import __version__
from pnp.errors import PnpError

FORMATS = ("pdf", "svg", "png")
LANGS = ("de", "en")


REPORT_HINT = "this is a bug in pnp; please report it with the command that caused it"
INTERNAL_ERROR = 70  # EX_SOFTWARE: pnp itself failed, not the input


class Terminated(BaseException):
    """SIGTERM (`kill`, `timeout`, a service manager) as an exception, so it unwinds like Ctrl-C:
    temporary files are removed and worker processes ended. A BaseException, so no `except
    Exception` on the way swallows it."""


def _raise_terminated(signum: int, frame: Any) -> None:
    raise Terminated


class PnpGroup(click.Group):
    """Turns every user error into one line on stderr and exit code 2, never a traceback.

    An OSError the commands did not turn into a PnpError (a path too long, a disk full) is still
    a problem of the environment, not of pnp: one line, exit 2. Anything else is a bug: one
    line asking for a report, exit 70.
    """

    def main(self, args: Any = None, prog_name: str | None = None, **extra: Any) -> Any:
        extra.pop("standalone_mode", None)
        if threading.current_thread() is threading.main_thread():  # signal handlers live there only
            signal.signal(signal.SIGTERM, _raise_terminated)
        from pnp.fileio import command_inputs

        with command_inputs():
            self._run(args, prog_name, **extra)

    def _run(self, args: Any, prog_name: str | None, **extra: Any) -> None:
        try:
            code = super().main(args=args, prog_name=prog_name or "pnp", standalone_mode=False, **extra)
        except click.UsageError as exc:
            hint = f" (try '{exc.ctx.command_path} --help')" if exc.ctx else ""
            click.echo(f"pnp: error: {exc.format_message()}{hint}", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            click.echo(f"pnp: error: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        except PnpError as exc:
            click.echo(f"pnp: error: {exc}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("pnp: aborted", err=True)
            sys.exit(130)
        except Terminated:
            click.echo("pnp: terminated", err=True)
            sys.exit(128 + signal.SIGTERM)
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"pnp: error: {where}{exc.strerror or exc}", err=True)
            sys.exit(2)
        except RecursionError:
            click.echo("pnp: error: input nested too deeply to read", err=True)
            sys.exit(2)
        except MemoryError:
            click.echo("pnp: error: out of memory (the input asks for more than this machine has)", err=True)
            sys.exit(2)
        except Exception as exc:  # the last resort: never a traceback
            message = " ".join(str(exc).split())[:300]
            click.echo(f"pnp: internal error: {type(exc).__name__}: {message} ({REPORT_HINT})", err=True)
            sys.exit(INTERNAL_ERROR)
        sys.exit(code if isinstance(code, int) else 0)


class GameType(click.ParamType):
    """A game name, checked against the game folders only when a command runs."""

    name = "GAME"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from pnp import games

        if value not in games.names():
            self.fail(f"unknown game {value!r}; choose one of {', '.join(games.names())}", param, ctx)
        return value


class PaperType(click.ParamType):
    name = "PAPER"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from pnp.draw.paper import Paper, parse_paper

        if isinstance(value, Paper):
            return value
        try:
            return parse_paper(value)
        except PnpError as exc:
            self.fail(str(exc), param, ctx)


class OutputPathType(click.ParamType):
    """A path to write to: never empty (which would quietly mean the current folder)."""

    name = "PATH"

    def __init__(self, dash: bool = False) -> None:
        self.dash = dash  # `-`: standard output

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        if isinstance(value, Path):
            return value
        if not str(value).strip():
            self.fail("must not be empty; name a file or folder (. for the current folder)", param, ctx)
        if str(value) == "-" and not self.dash:
            self.fail("'-' (standard output) is not possible here; name a folder", param, ctx)
        return Path(value)


class FormatsType(click.ParamType):
    """A comma-separated subset of pdf, svg, png."""

    name = "FORMATS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> frozenset[str]:
        if isinstance(value, frozenset):
            return value
        chosen = frozenset(part.strip().lower() for part in str(value).split(",") if part.strip())
        unknown = sorted(chosen - set(FORMATS))
        if not chosen or unknown:
            self.fail(f"{value!r}: choose from {', '.join(FORMATS)} (comma-separated)", param, ctx)
        return chosen


GAME = GameType()
SPEC_OPTION = click.option(
    "--spec", type=click.Path(path_type=Path, dir_okay=False),
    help="Spec file (default: the shipped template).",
)


def output_options(func: Any) -> Any:
    """Options every command that writes pages shares."""
    options = [
        click.option("-o", "--output", type=OutputPathType(), default=Path("output"),
                     show_default=True, help="Output folder."),
        click.option("--format", "formats", type=FormatsType(), default="pdf,svg,png", show_default=True,
                     help="Any of pdf, svg, png, comma-separated."),
        click.option("--paper", type=PaperType(), default="a4", show_default=True,
                     help="a4, letter, or WIDTHxHEIGHT in mm."),
        click.option("--dpi", type=click.IntRange(30, 600), default=100, show_default=True,
                     help="Resolution of PNG previews."),
        click.option("-q", "--quiet", is_flag=True, help="No progress output."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def kit_options(func: Any) -> Any:
    """Options of the kit and its components; a game uses those that apply to it."""
    options = [
        SPEC_OPTION,
        click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
                     help="Language of printed text."),
        click.option("--preset", default=None, help="Rule preset the printed sheets follow (Triomino: seed, classic)."),
        click.option("--ink-saver", is_flag=True, help="Light fields and dark outlines (Zatre board)."),
        click.option("--board-sheets", type=click.IntRange(1, 2), default=1, show_default=True,
                     help="Spread the board over 1 or 2 sheets (Zatre)."),
        click.option("--box-size", "box_size", default=None, metavar="LxWxH",
                     help="Outer box size in mm (default from the spec)."),
        click.option("--box-style", type=click.Choice(["auto", "hinged", "telescoping"]), default="auto",
                     show_default=True, help="Box construction."),
        click.option("--paper-thickness", type=click.FloatRange(0.0, 1.0), default=None,
                     help="Box paper thickness in mm (default: 0.1, for 80 g/m² paper)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


@click.group(cls=PnpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="pnp")
def main() -> None:
    """Print-and-play kits for Rautino, Zatre and Triomino, and a rule checker that proves
    a tile set playable before anyone prints it."""


@main.command()
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True, help="Language of printed text.")
@output_options
def calibrate(lang: str, output: Path, formats: frozenset[str], paper: Any, dpi: int, quiet: bool) -> None:
    """A test sheet to check that the printer prints at 100 %."""
    from pnp.components.calibrate import calibration_sheet
    from pnp.draw.render import write_document

    written = write_document(calibration_sheet(paper, lang), output, "calibration", set(formats), dpi=dpi,
                             title="pnp calibration sheet")
    _report_written(written, quiet)


@main.command()
@click.argument("game", type=GAME, required=False)
@kit_options
@output_options
def kit(game: str | None, **options: Any) -> None:
    """Every printable part of a game's kit (all games when GAME is left out)."""
    from pnp.kit import build_kits

    written = build_kits([game] if game else None, **options)
    _report_written(written, options["quiet"])


def _component_command(component: str, summary: str, **extra_options: Any) -> None:
    @click.argument("game", type=GAME)
    @kit_options
    @output_options
    def command(game: str, **options: Any) -> None:
        from pnp.kit import build_bleed_cover, build_kits

        if options.pop("bleed_pdf", False):
            written = [build_bleed_cover(game, **options)]
        else:
            written = build_kits([game], components=[component], **options)
        _report_written(written, options["quiet"])

    command.__doc__ = summary
    for option in extra_options.get("options", []):
        command = option(command)
    main.command(name=component)(command)


_component_command("board", "The game board.")
_component_command("tiles", "The tile or stone sheets, fronts and backs.")
_component_command(
    "cover", "The cover (box lid artwork).",
    options=[click.option("--bleed-pdf", is_flag=True,
                          help="Instead, the cover alone at trim size plus 3 mm bleed, TrimBox and BleedBox "
                               "set, for a print shop.")],
)
_component_command("rules", "The rules sheet (--lang de|en).")
_component_command(
    "scoresheet", "The score sheet or score block.",
    options=[click.option("--pages", type=click.IntRange(1, 100), default=1, show_default=True,
                          help="Pages of score sheets (a pad).")],
)


@main.command()
@click.argument("game", type=GAME, required=False)
@click.option("--size", default=None, metavar="LxWxH", help="Outer size in mm (default 130x102x23).")
@click.option("--style", type=click.Choice(["auto", "hinged", "telescoping"]), default="auto",
              show_default=True, help="One-piece hinged lid, or tray and lid.")
@click.option("--paper-thickness", type=click.FloatRange(0.0, 1.0), default=None,
              help="Paper thickness in mm (default 0.1 for 80 g/m²; about 0.27 for 240 g/m² card).")
@SPEC_OPTION
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True, help="Language of printed text.")
@output_options
def box(game: str | None, size: str | None, style: str, paper_thickness: float | None, spec: Path | None,
        lang: str, **options: Any) -> None:
    """A box net that folds to the stated outer size."""
    from pnp.kit import build_box

    written = build_box(game, size=size, style=style, paper_thickness=paper_thickness, spec=spec, lang=lang,
                        **options)
    _report_written(written, options["quiet"])


@main.command()
@click.argument("game", type=GAME)
@SPEC_OPTION
@click.option("--games", "n_games", type=click.IntRange(1, 1_000_000), default=200, show_default=True,
              help="Games per configuration (memory stays the same at any count).")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of the run: game i of every configuration is the same game for the same seed.")
@click.option("--players", type=click.IntRange(1, 8), default=None,
              help="Players per game (default: every count the game supports).")
@click.option("--preset", default=None, help="Rule preset, for games that have them (Triomino).")
@click.option("--workers", type=click.IntRange(0, 64), default=0, help="Processes (0: one per core).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--log", type=OutputPathType(dash=True), default=None,
              help="Write one JSON record per simulated game (- for standard output).")
@click.option("--report", type=OutputPathType(), default=None,
              help="Write an HTML report with charts into this folder.")
@click.option("--confidence", type=click.FloatRange(0.5, 0.999), default=0.95, show_default=True,
              help="Confidence of the intervals the verdict and the balance section compare with thresholds.")
@click.option("--skill-games", type=click.IntRange(0, 1_000_000), default=None,
              help="Games per head-to-head match of the skill matrix (default: a quarter of --games; 0: none).")
@click.option("--strict", is_flag=True, help="Balance findings (seat advantage, game of luck) fail the check.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.pass_context
def check(ctx: click.Context, game: str, spec: Path | None, n_games: int, seed: int, players: int | None,
          preset: str | None, workers: int, as_json: bool, log: Path | None, report: Path | None,
          confidence: float, skill_games: int | None, strict: bool, quiet: bool) -> None:
    """Check that a tile set is playable: static checks and seeded simulated games, and how
    balanced it is (seat fairness, skill, length).

    \b
    Exit code 0: playable; 1: not playable (or a balance finding with --strict);
    2: bad input; 3: undecided (an interval still straddles a threshold: the
    verdict names the test and about how many games would decide it).
    """
    from pnp.check.run import run_check

    result = run_check(game, spec=spec, games=n_games, seed=seed, players=players, preset=preset,
                       workers=workers, log=log, report=report, progress=not quiet and not as_json,
                       confidence=confidence, skill_games=skill_games, strict=strict)
    # With the log on standard output, the verdict goes to standard error: stdout stays JSON lines.
    click.echo(result.to_json_text() if as_json else result.to_text(), err=str(log) == "-")
    ctx.exit(result.exit_code)


@main.command()
@click.argument("game", type=GAME)
@click.argument("records", type=click.Path(path_type=Path, dir_okay=False, exists=True))
@SPEC_OPTION
@click.pass_context
def replay(ctx: click.Context, game: str, records: Path, spec: Path | None) -> None:
    """Re-check game records from `check --log` from scratch and print them move by move.

    Exit code 0: every record valid; 1: an invalid record (game, move and rule named); 2: a file
    that cannot be read.
    """
    from pnp import games

    chosen = games.get(game)
    invalid = chosen.replay(chosen.load(spec), records, sys.stdout)
    ctx.exit(1 if invalid else 0)


@main.command()
@click.argument("game", type=GAME)
@click.argument("folder", type=OutputPathType())
@click.option("--force", is_flag=True, help="Overwrite an existing spec in FOLDER.")
def init(game: str, folder: Path, force: bool) -> None:
    """Copy a game's spec into FOLDER to design a variant."""
    from pnp.fileio import atomic_write_bytes, output_file
    from pnp.spec import template_path

    target = folder / f"{game}.toml"
    if output_file(target).exists() and not force:
        raise PnpError(f"{target}: already exists (use --force to overwrite)")
    atomic_write_bytes(target, template_path(game).read_bytes())
    click.echo(f"wrote {target}; edit it, then: pnp check {game} --spec {target}")


def _report_written(paths: list[Path], quiet: bool) -> None:
    """Name a few files one by one; summarise a kit's many pages per folder."""
    if quiet:
        return
    folders: dict[Path, list[Path]] = {}
    for path in paths:
        folder = path.parent.parent if path.parent.name == "preview" else path.parent
        folders.setdefault(folder, []).append(path)
    for folder, files in folders.items():
        if len(files) <= 4:
            for path in files:
                click.echo(f"wrote {path}")
            continue
        counts = {ext: sum(1 for p in files if p.suffix == f".{ext}") for ext in FORMATS}
        summary = ", ".join(f"{n} {ext.upper()}" for ext, n in counts.items() if n)
        click.echo(f"wrote {folder}/: {summary}")
