"""The `pnp` command line: turns options into calls, nothing more.

Commands, help texts and kit options are built from the games' declarations (pnp.games); heavy
modules (renderers, engines, kits) are imported inside the commands so `pnp --help` starts fast.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from pnp import __version__, stops
from pnp import games as registry
from pnp.budget import DEFAULT_MAX_GAMES, DEFAULT_TOLERANCE, MAX_GAMES, TUNE_MAX_GAMES
from pnp.choices import choice_named
from pnp.errors import PnpError, printable
from pnp.games.base import SHARED_PARTS, Game, KitOption, WrongGameSpec
from pnp.numbers import CONFIDENCE, SEED, TOLERANCE
from pnp.players.levels import DEFAULT_MATRIX, STANDARD_LEVELS
from pnp.terminal import terminal_columns

FORMATS = ("pdf", "svg", "png")
LANGS = ("de", "en")


REPORT_HINT = "this is a bug in pnp; please report it with the command that caused it"
INTERNAL_ERROR = 70  # EX_SOFTWARE: pnp itself failed, not the input


class Later:
    """A value of a parameter worked out when its command is built: a help text that names the games,
    which are known only then (pnp.games looks up the plugins only when a command needs them)."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


class _Declared:
    """A parameter noted on a command's function; the click parameter is built with its command, when a
    command line names it, so `pnp --help` does not build the options of every command."""

    def __init__(self, make: Callable[..., Callable[[Any], Any]], args: tuple[Any, ...],
                 kwargs: dict[str, Any]) -> None:
        self.make, self.args, self.kwargs = make, args, kwargs

    def __call__(self, func: Any) -> Any:
        func.__dict__.setdefault("__pnp_params__", []).append(self)
        return func

    def decorator(self) -> Callable[[Any], Any]:
        def value(given: Any) -> Any:
            return given.make() if isinstance(given, Later) else given

        return self.make(*map(value, self.args), **{key: value(given) for key, given in self.kwargs.items()})


def _deferred(make: Callable[..., Callable[[Any], Any]]) -> Callable[..., _Declared]:
    """`make` (click.option or click.argument) as a decorator that only notes its arguments."""

    def declare(*args: Any, **kwargs: Any) -> _Declared:
        return _Declared(make, args, kwargs)

    return declare


option = _deferred(click.option)
argument = _deferred(click.argument)


class _LazyCommand:
    """A command's function, name and help texts; its click.Command is built on first use."""

    def __init__(self, func: Any, name: str, help_text: str | Later | None, short_help: str | None) -> None:
        self.func, self.name, self.help, self.short_help = func, name, help_text, short_help

    def outline(self) -> click.Command:
        """The command without parameters: all the group's list of commands shows."""
        help_text = self.help.make() if isinstance(self.help, Later) else self.help
        return click.Command(self.name, help=help_text, short_help=self.short_help)

    def build(self) -> click.Command:
        func = self.func
        for declared in func.__dict__.get("__pnp_params__", []):  # in the order they were applied
            func = declared.decorator()(func)
        help_text = self.help.make() if isinstance(self.help, Later) else self.help
        return click.command(self.name, help=help_text, short_help=self.short_help)(func)


class _Context(click.Context):
    def make_formatter(self) -> click.HelpFormatter:
        from click import formatting

        width = self.terminal_width or formatting.FORCED_WIDTH
        if width is None:  # click's own rule, with the terminal's width found without shutil
            width = max(min(terminal_columns(), self.max_content_width or 80) - 2, 50)
        return self.formatter_class(width=width, max_width=self.max_content_width)


class PnpGroup(click.Group):
    """Turns every user error into one line on stderr and exit code 2, never a traceback.

    An OSError the commands did not turn into a PnpError (a path too long, a disk full) is still
    a problem of the environment, not of pnp: one line, exit 2. Anything else is a bug: one
    line asking for a report, exit 70.

    Its commands are declared lazily (`lazy_command`): each is built when a command line names it,
    and the list in `pnp --help` is written from their names and help texts alone. More commands may
    come from the games (`more_commands`, the components they draw), and the group's help text from
    `about`: both from the games the command line is built from (`_games`).
    """

    context_class = _Context

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, _LazyCommand] = {}
        self.more_commands: Callable[[], dict[str, _LazyCommand]] = dict
        self.about: Callable[[], str] | None = None
        self._built: dict[tuple[bool, str], click.Command] = {}
        self._outlines_only = False

    def _all_lazy(self) -> dict[str, _LazyCommand]:
        return {**self.more_commands(), **self.lazy}

    def lazy_command(self, name: str | None = None, help: str | Later | None = None,
                     short_help: str | None = None) -> Callable[[Any], Any]:
        def decorate(func: Any) -> Any:
            command_name = name or func.__name__.lower().replace("_", "-")
            self.lazy[command_name] = _LazyCommand(func, command_name, func.__doc__ if help is None else help,
                                                   short_help)
            return func

        return decorate

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self._all_lazy()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        lazy = None if cmd_name in self.commands else self._all_lazy().get(cmd_name)
        if lazy is None:
            return super().get_command(ctx, cmd_name)
        if self._outlines_only:
            return lazy.outline()
        key = (_view.all_games, cmd_name)  # built once for each set of games it may be built from
        if key not in self._built:
            self._built[key] = lazy.build()
        return self._built[key]

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.about is not None:
            self.help = self.about()
        super().format_help_text(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._outlines_only = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._outlines_only = False

    def main(self, args: Any = None, prog_name: str | None = None, **extra: Any) -> Any:
        extra.pop("standalone_mode", None)
        stops.watch()
        named = sys.argv[1:] if args is None else list(args)
        # Plugins left out are said once, in one line each, when the plugins are looked up: only for a
        # command line that needs a game not shipped with pnp, or all games (a list, a help text).
        registry.on_notice(lambda line: _say(f"pnp: warning: {line}"), named)
        _view.all_games = not self._names_a_shipped_game(named)
        self._run(args, prog_name, **extra)

    def _names_a_shipped_game(self, args: list[str]) -> bool:
        """`pnp COMMAND GAME ...` with a shipped game, and no help asked for: such a command line is
        built from the shipped games alone, and no plugin is looked up."""
        asks_help = any(arg in ("-h", "--help") for arg in args)
        if len(args) < 2 or choice_named(args[1], registry.SHIPPED) is None or asks_help:
            return False
        _view.all_games = False  # the commands a shipped game may be named with
        return args[0] in self._all_lazy()

    def invoke(self, ctx: click.Context) -> Any:
        # Only a command that runs reads inputs; `--help` and `--version` end before this, without
        # importing the file helpers.
        from pnp.files.inputs import command_inputs

        with command_inputs():
            return super().invoke(ctx)

    def _run(self, args: Any, prog_name: str | None, **extra: Any) -> None:
        try:
            code = super().main(args=args, prog_name=prog_name or "pnp", standalone_mode=False, **extra)
        except SystemExit:
            raise
        except BaseException as exc:  # every failure ends in one line, below
            self._end(args, exc, None)
        self._end(args, None, code)

    def _end(self, args: Any, failure: BaseException | None, code: Any) -> None:
        """Exit with the command's outcome. A stop (Ctrl-C, SIGTERM) is said whatever else happened:
        an error that follows a stop some library swallowed is the stop's doing."""
        if args is None:  # pnp is the process (its command line is sys.argv): its outcome is decided now
            stops.ignore()
        stop = stops.stop_of(failure)
        if stop is None and isinstance(failure, click.Abort):  # click's form of Ctrl-C (or of EOF at a prompt)
            stop = stops.STOPS[signal.SIGINT]
        if stop is not None:
            _say(stop.line)
            sys.exit(stop.exit_code)
        if failure is None:
            sys.exit(code if isinstance(code, int) else 0)
        line, exit_code = self._failure(failure, args)
        _say(line)
        sys.exit(exit_code)

    def _failure(self, exc: BaseException, args: Any) -> tuple[str, int]:
        """The one line and the exit code of a command that failed."""
        if isinstance(exc, click.UsageError):
            hint = f" (try '{exc.ctx.command_path} --help')" if exc.ctx else ""
            return f"pnp: error: {exc.format_message()}{hint}", 2
        if isinstance(exc, click.ClickException):
            return f"pnp: error: {exc.format_message()}", exc.exit_code
        if isinstance(exc, WrongGameSpec):  # named with the command that takes it
            if exc.game not in registry.names():
                return f"pnp: error: {exc.not_installed()}", exc.exit_code
            named = sys.argv[1:] if args is None else list(args)
            known = named and (named[0] in self.lazy or named[0] in self.commands)
            command = f"pnp {named[0]} {exc.game}" if known else f"the game {exc.game}"
            return f"pnp: error: {exc.path}: this is a {exc.game.capitalize()} spec; use {command}", exc.exit_code
        if isinstance(exc, PnpError):
            return f"pnp: error: {exc}", exc.exit_code
        if isinstance(exc, OSError):
            where = f"{exc.filename}: " if exc.filename else ""
            return f"pnp: error: {where}{exc.strerror or exc}", 2
        if isinstance(exc, RecursionError):
            return "pnp: error: input nested too deeply to read", 2
        if isinstance(exc, MemoryError):
            return "pnp: error: out of memory (the input asks for more than this machine has)", 2
        # the last resort: never a traceback
        culprit = registry.blame(exc) if isinstance(exc, Exception) else None
        if culprit is not None:  # the failing code is a game plugin's
            return f"pnp: error: {registry.PluginError(f'{culprit} failed: {registry.describe(exc)}')}", \
                INTERNAL_ERROR
        message = " ".join(str(exc).split())[:300]
        return f"pnp: internal error: {type(exc).__name__}: {message} ({REPORT_HINT})", INTERNAL_ERROR


def _say(line: str) -> None:
    """One line on standard error, escaped: a name or key from the input may hold control or
    right-to-left characters that would rewrite the terminal line, or a surrogate no encoder writes."""
    click.echo(printable(line), err=True)


class GameType(click.ParamType):
    """A registered game's name."""

    name = "GAME"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        shipped = choice_named(str(value), registry.SHIPPED)
        if shipped is not None:  # no plugin needs to be looked up
            return shipped
        value = choice_named(str(value), [*registry.names(), *registry.broken()]) or value
        if value in registry.broken():
            registry.get(value)  # raises the plugin's own one-line error
        if value not in registry.names():
            self.fail(f"unknown game {printable(repr(value))}; choose one of {', '.join(registry.names())}",
                      param, ctx)
        return value


class ChoiceType(click.Choice):
    """One of fixed words, in any case (pnp.choices); the command gets the word as listed. Every option
    with fixed words takes this type."""

    def __init__(self, choices: Sequence[str]) -> None:
        super().__init__(tuple(choices), case_sensitive=False)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        picked = choice_named(str(value), [str(choice) for choice in self.choices])
        if picked is None:
            listed = ", ".join(repr(str(choice)) for choice in self.choices)
            self.fail(f"{printable(repr(str(value)))} is not one of {listed}", param, ctx)
        return picked


class PresetType(click.ParamType):
    """A rule preset: a game's own in any case, as listed; any other word is left for the game (a spec
    may add presets), which refuses one it does not know."""

    name = "PRESET"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        return choice_named(str(value), [preset for game in _games() for preset in game.presets]) or str(value)


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


class BoxSizeType(click.ParamType):
    """A box's outer size, LxWxH in mm, checked as the option is read (kept as text, as BoxOptions takes it)."""

    name = "LxWxH"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from pnp.components.boxnet import parse_box_size

        parse_box_size(str(value), _option_name(param))  # a PnpError: one line naming the option
        return str(value)


class OutputPathType(click.ParamType):
    """A path to write to, a "folder" or a "file": never empty (which would quietly mean the current
    folder), and refused as it is read where nothing can be written there (pnp.files.targets), in the
    words every command uses."""

    name = "PATH"

    def __init__(self, kind: str = "folder", dash: bool = False) -> None:
        self.kind = kind
        self.dash = dash  # `-`: standard output

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        from pnp.files.targets import output_file, output_folder

        if isinstance(value, Path):
            return value
        if not str(value).strip():
            self.fail("must not be empty; name a file or folder (. for the current folder)", param, ctx)
        if str(value) == "-":
            if not self.dash:
                self.fail(f"'-' (standard output) is not possible here; name a {self.kind}", param, ctx)
            return Path(value)
        path = Path(value)
        output_folder(path) if self.kind == "folder" else output_file(path)
        return path


class InputPathType(click.ParamType):
    """A path to read, a "file" or a "folder": refused as it is read where there is none, or something
    else is there (pnp.files.reading.existing), in the words every command uses; `hint` says what to name."""

    name = "PATH"

    def __init__(self, kind: str = "file", hint: str = "", dash: bool = False) -> None:
        self.kind, self.hint = kind, hint
        self.dash = dash  # `-`: standard input

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        if isinstance(value, Path):
            return value
        if not str(value).strip():
            self.fail(f"must not be empty; name a {self.kind}", param, ctx)
        if self.dash and str(value) == "-":
            return Path(value)
        return self.check(Path(value), ctx)

    def check(self, path: Path, ctx: click.Context | None) -> Path:
        from pnp.files.reading import existing

        return existing(path, self.kind, self.hint)


class SpecPathType(InputPathType):
    """A spec file, refused as every loader refuses it (pnp.spec.check_spec_file): a folder is answered
    with a spec in it, the named game's first."""

    def check(self, path: Path, ctx: click.Context | None) -> Path:
        from pnp.spec import check_spec_file

        check_spec_file(path, ctx.params.get("game") if ctx is not None else None)
        return path


class SchedulerType(click.ParamType):
    """A Dask scheduler's address, its form and port checked as the option is read."""

    name = "ADDRESS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from pnp.sweep.cluster import parse_address

        parse_address(str(value))  # a PnpError: one line naming the address
        return str(value)


class GamesType(click.ParamType):
    """--games: a number of games (1 to MAX_GAMES), or `auto` (0 here): decided as they go."""

    name = "N|auto"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        if str(value).strip().lower() == "auto":
            return AUTO_GAMES
        try:
            number = int(str(value))
        except ValueError:
            self.fail(f"{value!r} is neither a number of games nor auto", param, ctx)
        if not 1 <= number <= MAX_GAMES:
            self.fail(f"{number} is not in the range 1<=x<={MAX_GAMES} (or auto)", param, ctx)
        return number


AUTO_GAMES = 0  # --games auto


def _option_name(param: click.Parameter | None) -> str:
    return max(param.opts, key=len) if param is not None and param.opts else "value"


class BoundedFloat(click.FloatRange):
    """A decimal within limits, refused by pnp.numbers as the studio refuses it (nan and inf too)."""

    def __init__(self, limits: tuple[float, float]) -> None:
        super().__init__(*limits)
        self.limits = limits

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from pnp.numbers import bounded, parse_bounded

        name = _option_name(param)
        if isinstance(value, float):
            return bounded(name, value, self.limits)
        return parse_bounded(name, str(value), float, self.limits)


class BoundedInt(click.IntRange):
    """An integer within limits, refused by pnp.numbers as the studio refuses it."""

    def __init__(self, limits: tuple[int, int]) -> None:
        super().__init__(*limits)
        self.limits = limits

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from pnp.numbers import bounded, parse_bounded

        name = _option_name(param)
        if isinstance(value, int):
            return bounded(name, value, self.limits)
        return parse_bounded(name, str(value), int, self.limits)


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


class _View:
    """Which games the command line is built from (options the games declare, component commands,
    help texts): all of them, plugins included, or the shipped ones alone when the command line names
    a shipped game (then no plugin is looked up). Set for each command line by PnpGroup.main."""

    all_games = True


_view = _View()


def _games() -> list[Game]:
    """The games the command line is built from; a plugin that does not load is left out (pnp.games
    says so once); a command naming it fails."""
    return registry.all_games() if _view.all_games else registry.shipped_games()


GAME = GameType()
SPEC_OPTION = option(
    "--spec", type=SpecPathType(),
    help="Spec file (default: the shipped template).",
)


def output_options(func: Any) -> Any:
    """Options every command that writes pages shares."""
    options = [
        option("-o", "--output", type=OutputPathType(), default=Path("output"),
               show_default=True, help="Output folder."),
        option("--format", "formats", type=FormatsType(), default="pdf,svg,png", show_default=True,
               help="Any of pdf, svg, png, comma-separated."),
        option("--paper", type=PaperType(), default="a4", show_default=True,
               help="a4, letter, or WIDTHxHEIGHT in mm."),
        option("--dpi", type=click.IntRange(30, 600), default=100, show_default=True,
               help="Resolution of PNG previews."),
        option("-q", "--quiet", is_flag=True, help="No progress output."),
    ]
    for decorator in reversed(options):
        func = decorator(func)
    return func


def _by_game(items: list[tuple[str, Game]]) -> str:
    """Texts that differ between games, each followed by the games it is for."""
    titles: dict[str, list[str]] = {}
    for text, game in items:
        titles.setdefault(text.rstrip("."), []).append(game.title)
    return " ".join(f"{text} ({', '.join(names)})." for text, names in titles.items())


def _count_range(counts: tuple[int, ...]) -> str:
    low, high = min(counts), max(counts)
    if low == high:
        return str(low)
    if counts == (low, high) and high == low + 1:
        return f"{low} or {high}"
    return f"{low} to {high}" if len(counts) == high - low + 1 else ", ".join(map(str, counts))


def _declared_options(component: str | None) -> dict[str, list[tuple[Game, KitOption[Any]]]]:
    """The kit options the games declare for the kit (component None) or for one component's command."""
    declared: dict[str, list[tuple[Game, KitOption[Any]]]] = {}
    for game in _games():
        for option in game.options:
            if option.component in (None, component):  # parsed here; refused below where it changes nothing
                declared.setdefault(option.name, []).append((game, option))
    return declared


def _changing(name: str, component: str | None) -> list[Game]:
    """The games whose `component` (None: whole kit) a kit option changes: those its help names."""
    return [game for game in _games() if component is None or
            (component in game.components and game.changes(name, component))]


def _click_option(declared: list[tuple[Game, KitOption[Any]]], component: str | None) -> Callable[[Any], Any]:
    """The option as the command line reads it; hidden from the help of a component it changes in no game."""
    first = declared[0][1]
    changing = _changing(first.name, component)
    help_text = _by_game([(option.help, game) for game, option in declared if game in changing])
    hidden = not changing
    if first.type is bool:
        return option(first.flag, first.name, is_flag=True, help=help_text, hidden=hidden)
    kind: Any = click.IntRange(first.low, first.high) if first.type is int else \
        ChoiceType(first.choices) if first.choices else first.type
    return option(first.flag, first.name, type=kind, default=first.default, show_default=True,
                  help=help_text, hidden=hidden)


def _shared_option(name: str, component: str | None, *args: Any, describe: Callable[[list[Game]], str],
                   **kwargs: Any) -> _Declared:
    """An option every kit has (pnp.games.base.SHARED_PARTS), its help said for the games whose
    `component` it changes; hidden from a component's help where it changes the component in none."""
    changing = _changing(name, component)
    return option(*args, help=describe(changing), hidden=not changing, **kwargs)


def _for_games(text: str, component: str | None) -> Callable[[list[Game]], str]:
    """A help text, followed on a component's command by the games whose component the option changes."""
    return lambda changing: _by_game([(text, game) for game in changing]) if component is not None else text


def _preset_help(purpose: str, games: list[Game] | None = None) -> str:
    with_presets = [(", ".join(game.presets), game) for game in (_games() if games is None else games)
                    if game.presets]
    return f"{purpose}: {_by_game(with_presets)[:-1] if with_presets else 'no game has presets'}."


class LevelsType(click.ParamType):
    """A comma-separated list of strength levels, as names; each game checks them against its own."""

    name = "levels"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, ...]:
        if isinstance(value, tuple):
            return value
        known = sorted(level.name for level in STANDARD_LEVELS)
        names = []
        for part in (part.strip() for part in str(value).split(",") if part.strip()):
            name = choice_named(part, known)
            if name is None:
                self.fail(f"unknown strength level {part!r}; choose from {', '.join(known)}", param, ctx)
            names.append(name)
        return tuple(names)


LEVELS = LevelsType()


def _levels_help() -> str:
    return ", ".join(f"{level.name} ({level.about})" for level in STANDARD_LEVELS)


# The options `check` and `sweep` share: the same games, judged the same way.
PLAYERS_OPTION = option(
    "--players", type=click.IntRange(1, 12), default=None,
    help=Later(lambda: "Players per game (default: every count the spec lists). The rules allow: "
               + _by_game([(_count_range(g.players), g) for g in _games() if g.players])))
SIMULATED_PRESET_OPTION = option("--preset", type=PresetType(), default=None,
                                 help=Later(lambda: _preset_help("Rule preset the simulated games follow")))
MAX_GAMES_OPTION = option(
    "--max-games", type=click.IntRange(1, MAX_GAMES), default=DEFAULT_MAX_GAMES, show_default=True,
    help="With --games auto: the most games per configuration (looks at 50, 100, 200 ... games and here).")
TOLERANCE_HELP = ("a test whose figure lies within this of its limit (points of a share; a mean's fraction of "
                  "its limit) may get either verdict and stops as soon as that is clear; 0: decide exactly.")
TOLERANCE_OPTION = option(
    "--tolerance", type=BoundedFloat(TOLERANCE), default=DEFAULT_TOLERANCE, show_default=True,
    help=f"With --games auto: {TOLERANCE_HELP}")
LEVELS_OPTION = option(
    "--levels", type=LEVELS, default="", metavar="LEVELS",
    help="Strength levels the skill games play, comma separated: check plays every pair, a sweep's variant "
         f"the strongest against the weakest (default: {','.join(DEFAULT_MATRIX)}). Levels: {_levels_help()}.")
SEAT_LEVELS_OPTION = option(
    "--seat-levels", type=LEVELS, default="", metavar="LEVELS",
    help="Also play every configuration of two or more players with each of these levels in every "
         "seat, for the balance section (e.g. expert).")
CONFIDENCE_OPTION = option(
    "--confidence", type=BoundedFloat(CONFIDENCE), default=0.95, show_default=True,
    help="Confidence of the intervals the verdict and the balance section compare with thresholds "
         "(with --games auto: of the verdicts over all looks).")


def kit_options(component: str | None) -> _Declared:
    """Options of the kit or of one component: the shared ones and those the games declare, worked out
    when the command is built."""

    def decorator() -> Callable[[Any], Any]:
        options = [
            SPEC_OPTION,
            option("--lang", type=ChoiceType(LANGS), default="en", show_default=True,
                   help="Language of printed text."),
            _shared_option("preset", component, "--preset", type=PresetType(), default=None,
                           describe=lambda changing: _preset_help("Rule preset the printed sheets follow", changing)),
            *(_click_option(declared, component) for declared in _declared_options(component).values()),
            _shared_option("box_size", component, "--box-size", "box_size", type=BoxSizeType(), default=None,
                           metavar="LxWxH", describe=_for_games("Outer box size in mm (default from the spec).",
                                                                component)),
            _shared_option("box_style", component, "--box-style", type=ChoiceType(["auto", "hinged", "telescoping"]),
                           default=None, describe=_for_games(
                               "Box construction (default: the spec's [box] style, else auto).", component)),
            _shared_option("paper_thickness", component, "--paper-thickness", type=click.FloatRange(0.0, 1.0),
                           default=None, describe=_for_games(
                               "Box paper thickness in mm (default: 0.1, for 80 g/m² paper).", component)),
        ]

        def decorate(func: Any) -> Any:
            for declared in reversed(options):
                func = declared.decorator()(func)
            return func

        return decorate

    return _Declared(decorator, (), {})


def game_values(ctx: click.Context, game: str | None, component: str | None,
                options: dict[str, Any]) -> dict[str, bool | int | str]:
    """The declared kit options given on the command line, removed from `options`; an option the
    named game does not declare is an error, like an unknown option, and so is on a component's
    command an option that changes nothing on the component (a declared or a shared one)."""
    given: dict[str, bool | int | str] = {}
    for name in _declared_options(component):
        value = options.pop(name)
        if ctx.get_parameter_source(name) is not ParameterSource.DEFAULT:
            given[name] = value
    if game is None:
        return given
    chosen = registry.get(game)
    chosen.check_preset(options.get("preset"))
    for name in given:
        if chosen.option(name) is None:
            raise PnpError(f"{_flag(name)}: {game} has no such option (its options: "
                           f"{', '.join(_offered(chosen, component)) or 'none'})")
    if component is not None:
        shared = [name for name in SHARED_PARTS if ctx.get_parameter_source(name) is not ParameterSource.DEFAULT]
        for name in [*given, *shared]:
            if not chosen.changes(name, component):
                raise PnpError(_changes_nothing(chosen, name, component))
    for name, value in given.items():
        declared = chosen.option(name)
        # Another game's declaration may have set the command line's bounds: apply this game's own.
        if declared is not None and isinstance(value, int) and not isinstance(value, bool) and (
                (declared.low is not None and value < declared.low)
                or (declared.high is not None and value > declared.high)):
            bounds = (f"at most {declared.high}" if declared.low is None else f"at least {declared.low}"
                      if declared.high is None else f"{declared.low} to {declared.high}")
            raise PnpError(f"{_flag(name)} {value}: out of range for {game} ({bounds})")
    return given


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _changes_nothing(game: Game, name: str, component: str) -> str:
    """Why a component's command refuses a kit option: where it does change the kit, and what the command takes."""
    parts = game.parts_changed_by(name)
    flag = _flag(name)
    where = (f"the whole kit (pnp kit {game.name} {flag})" if not parts else
             f"its {', '.join(parts[:-1])} and {parts[-1]}" if len(parts) > 1 else f"its {parts[0]}")
    return (f"{flag}: changes nothing on {game.name}'s {component}; it is an option of {where}"
            f" (options here: {', '.join(_offered(game, component)) or 'none'})")


def _offered(game: Game, component: str | None) -> list[str]:
    """The game's own kit options on the kit's command (component None), or every kit option that
    changes the component."""
    if component is None:
        return [o.flag for o in game.options if o.applies_to(None)]
    return [_flag(name) for name in [*(o.name for o in game.options), *SHARED_PARTS]
            if game.changes(name, component)]


def kit_arguments(ctx: click.Context, game: str | None, component: str | None,
                  options: dict[str, Any]) -> dict[str, Any]:
    """The command's options as build_kits takes them."""
    from pnp.games.parts import BoxOptions

    values = game_values(ctx, game, component, options)
    box = BoxOptions(options.pop("box_size"), options.pop("box_style"), options.pop("paper_thickness"))
    return {**options, "box": box, "values": values}


@click.group(cls=PnpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="pnp")
def main() -> None:
    pass


def _about() -> str:
    titles = [printable(game.title) for game in _games()]
    return (f"Print-and-play kits for {' and '.join(filter(None, [', '.join(titles[:-1]), *titles[-1:]]))}, "
            "and a rule checker that proves a tile set playable before anyone prints it.")


main.about = _about


@main.lazy_command()
@option("--lang", type=ChoiceType(LANGS), default="en", show_default=True, help="Language of printed text.")
@output_options
def calibrate(lang: str, output: Path, formats: frozenset[str], paper: Any, dpi: int, quiet: bool) -> None:
    """A test sheet to check that the printer prints at 100 %."""
    from pnp.kit import build_calibration

    _report_written(build_calibration(output=output, formats=formats, paper=paper, dpi=dpi, lang=lang), quiet)


def parts_of(game: str | None, only: str) -> list[str]:
    """The parts `--only` names, in the order of the game's kit; a part the game lacks is refused."""
    from pnp.kit import component_names

    if game is None:
        raise PnpError("--only: name the game whose parts to make (pnp kit GAME --only tiles,rules)")
    known = component_names(registry.get(game))
    asked = [part.strip() for part in only.split(",") if part.strip()]
    if not asked:
        raise PnpError(f"--only: name at least one part; {game}'s parts are: {', '.join(known)}")
    for part in asked:
        if part not in known:  # before the options: a part the game lacks is the answer, not an option
            raise PnpError(f"{game} has no {part}; its parts are: {', '.join(known)}")
    return [part for part in known if part in asked]


def make_kit(ctx: click.Context, game: str | None, parts: list[str] | None, options: dict[str, Any],
             component: str | None = None) -> None:
    """What `pnp kit` makes, whole or only `parts`; a component's command (`pnp tiles GAME`) is
    `pnp kit GAME --only tiles` with that component's own options (`component`)."""
    from pnp.kit import build_kits

    lines: list[str] = []
    written = build_kits([game] if game else None, components=parts, **kit_arguments(ctx, game, component, options),
                         summarise=lambda summary: lines.extend(summary.lines()))
    _report_written(written, options["quiet"])
    if not options["quiet"]:  # after the files: what the kit costs in paper and ink, and sheets nearly empty
        for line in lines:
            click.echo(printable(line))


@main.lazy_command()
@argument("game", type=GAME, required=False)
@option("--only", default=None, metavar="PARTS",
        help="Only these parts of GAME's kit, comma separated (e.g. tiles,rules), written into the game's "
             "folder beside the rest of its kit; each part alone is also a command (pnp tiles GAME).")
@kit_options(None)
@output_options
@click.pass_context
def kit(ctx: click.Context, game: str | None, only: str | None, **options: Any) -> None:
    """Every printable part of a game's kit (all games when GAME is left out)."""
    make_kit(ctx, game, None if only is None else parts_of(game, only), options)


# What the print shop's cover (--bleed-pdf) leaves out of a component's options: its one page is a PDF of
# the lid's trim size plus bleed, whatever the paper.
NOT_FOR_THE_PRINT_SHOP = {"formats": "--format", "paper": "--paper", "dpi": "--dpi"}


def _component_command(component: str, drawn_by: list[tuple[str, Game]]) -> _LazyCommand:
    @argument("game", type=GAME)
    @kit_options(component)
    @output_options
    @click.pass_context
    def command(ctx: click.Context, game: str, **options: Any) -> None:
        if not options.pop("bleed_pdf", False):
            make_kit(ctx, game, parts_of(game, component), options, component)
            return
        from pnp.kit import build_bleed_cover

        parts_of(game, component)
        for name, flag in NOT_FOR_THE_PRINT_SHOP.items():
            if ctx.get_parameter_source(name) is not ParameterSource.DEFAULT:
                raise PnpError(f"{flag}: changes nothing with --bleed-pdf, which writes one PDF page "
                               "of the lid's trim size plus bleed")
            options.pop(name)
        quiet = options.pop("quiet")
        _report_written([build_bleed_cover(game, **kit_arguments(ctx, game, component, options))], quiet)

    if component == "cover":  # the print shop's file: one page of trim size plus bleed
        command = option("--bleed-pdf", is_flag=True,
                         help="Instead, the cover alone at trim size plus 3 mm bleed, TrimBox and "
                              "BleedBox set, for a print shop (a PDF; --format, --paper and --dpi do not "
                              "apply).")(command)
    titles = ", ".join(game.title for _, game in drawn_by)
    what = "\n".join(printable(f"{game.title}: {summary}") for summary, game in drawn_by)
    help_text = (f"The {component} of GAME alone ({printable(titles)}), as `pnp kit GAME --only {component}` "
                 f"makes it, written into the game's folder beside its kit.\n\n\b\n{what}")
    return _LazyCommand(command, component, help_text, printable(f"The {component} alone ({titles})."))


def _components() -> dict[str, list[tuple[str, Game]]]:
    """Every component some game draws, with what it is in each game, in the games' kit order."""
    found: dict[str, list[tuple[str, Game]]] = {}
    for game in _games():
        for name, summary in game.components.items():
            found.setdefault(name, []).append((summary, game))
    return found


_component_commands: dict[bool, dict[str, _LazyCommand]] = {}  # for all games, and for the shipped ones


def component_commands() -> dict[str, _LazyCommand]:
    """A command per component the games draw (`pnp tiles GAME`)."""
    key = _view.all_games
    if key not in _component_commands:
        _component_commands[key] = {name: _component_command(name, drawn_by)
                                    for name, drawn_by in _components().items()}
    return _component_commands[key]


main.more_commands = component_commands


@main.lazy_command()
@argument("game", type=GAME, required=False)
@option("--size", type=BoxSizeType(), default=None, metavar="LxWxH",
        help="Outer size in mm (default: the spec's [box] size, else 130x102x23).")
@option("--style", type=ChoiceType(["auto", "hinged", "telescoping"]), default=None,
        help="One-piece hinged lid, or tray and lid (default: the spec's [box] style, else auto).")
@option("--paper-thickness", type=click.FloatRange(0.0, 1.0), default=None,
        help="Paper thickness in mm (default 0.1 for 80 g/m²; about 0.27 for 240 g/m² card).")
@SPEC_OPTION
@option("--lang", type=ChoiceType(LANGS), default="en", show_default=True, help="Language of printed text.")
@output_options
def box(game: str | None, size: str | None, style: str, paper_thickness: float | None, spec: Path | None,
        lang: str, **options: Any) -> None:
    """A box net that folds to the stated outer size."""
    from pnp.kit import build_box

    written = build_box(game, size=size, style=style, paper_thickness=paper_thickness, spec=spec, lang=lang,
                        **options)
    _report_written(written, options["quiet"])


@main.lazy_command()
@argument("game", type=GAME)
@SPEC_OPTION
@option("--games", "n_games", type=GamesType(), default="200", show_default=True, metavar="N|auto",
        help="Games per configuration (memory stays the same at any count), or auto: in looks until "
             "every threshold and balance test is decided (see --max-games).")
@MAX_GAMES_OPTION
@TOLERANCE_OPTION
@option("--seed", type=BoundedInt(SEED), default=1, show_default=True,
        help="Seed of the run: game i of every configuration is the same game for the same seed.")
@PLAYERS_OPTION
@SIMULATED_PRESET_OPTION
@option("--workers", type=click.IntRange(0, 64), default=0, help="Processes (0: one per core).")
@option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@option("--log", type=OutputPathType("file", dash=True), default=None,
        help="Write one JSON record per simulated game (- for standard output).")
@option("--log-games", type=click.IntRange(0, MAX_GAMES), default=None, metavar="N",
        help="With --log: only the first N games of each configuration and of each skill match.")
@option("--report", type=OutputPathType(), default=None,
        help="Write an HTML report with charts into this folder.")
@CONFIDENCE_OPTION
@option("--skill-games", type=click.IntRange(0, MAX_GAMES), default=None,
        help="Games per head-to-head match of the skill matrix (default: a quarter of --games, or of each "
             "look's games with --games auto; 0: none).")
@option("--strict", is_flag=True, help="Balance findings (seat advantage, game of luck) fail the check.")
@option("--pairs", is_flag=True,
        help="Two players: play each deal twice, the second time with the seats' hands and draws exchanged "
             "(games that can deal so: Rautino, Zatre), and measure the seat advantage per pair.")
@LEVELS_OPTION
@SEAT_LEVELS_OPTION
@option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.pass_context
def check(ctx: click.Context, game: str, spec: Path | None, n_games: int, max_games: int, tolerance: float, seed: int,
          players: int | None, preset: str | None, workers: int, as_json: bool, log: Path | None,
          log_games: int | None, report: Path | None, confidence: float, skill_games: int | None, strict: bool,
          pairs: bool, levels: tuple[str, ...], seat_levels: tuple[str, ...], quiet: bool) -> None:
    """Check that a tile set is playable: static checks and seeded simulated games, and how
    balanced it is (seat fairness, skill, length).

    \b
    Exit code 0: playable; 1: not playable (or a balance finding with --strict);
    2: bad input; 3: undecided (an interval still straddles a threshold: the
    verdict names the test and about how many games would decide it).
    """
    from pnp.check.run import run_check

    result = run_check(game, spec=spec, games=n_games, seed=seed, players=players, preset=preset,
                       workers=workers, log=log, report=report, progress=not quiet,
                       confidence=confidence, skill_games=skill_games, strict=strict, max_games=max_games,
                       levels=levels, seat_levels=seat_levels, tolerance=tolerance, log_games=log_games,
                       pairs=pairs)
    # With the log on standard output, the verdict goes to standard error: stdout stays JSON lines.
    click.echo(result.to_json_text() if as_json else result.to_text(), err=str(log) == "-")
    ctx.exit(result.exit_code)


@main.lazy_command()
@argument("game", type=GAME)
@SPEC_OPTION
@option("--vary", multiple=True, metavar="FIELD=VALUES",
        help="A spec field and its values: 1,2,3 or 1..4 (0..10:2 in steps); several make a grid.")
@option("--games", "n_games", type=GamesType(), default="200", show_default=True, metavar="N|auto",
        help="Games per configuration of every variant, or auto: the variants race, each playing until "
             "its tests are decided or it is out (see --max-games).")
@MAX_GAMES_OPTION
@TOLERANCE_OPTION
@option("--skill-games", type=click.IntRange(0, MAX_GAMES), default=None,
        help="Games of each variant's skill match, strongest player against random (default: a quarter "
             "of --games, or of each look's games with --games auto; 0: none).")
@option("--length", "target_length", default=None, metavar="LOW..HIGH",
        help="Target mean turns per game: a limit of the best variant, and its length is ranked by "
             "closeness to the middle.")
@option("--seed", type=BoundedInt(SEED), default=1, show_default=True, help="Seed of the run, the same games as check.")
@PLAYERS_OPTION
@SIMULATED_PRESET_OPTION
@option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@option("--csv", "csv_path", type=OutputPathType("file"), default=None,
        help="Write the table as CSV.")
@option("--report", type=OutputPathType(), default=None,
        help="Write an HTML report with charts into this folder.")
@option("--write-best", type=OutputPathType("file"), default=None,
        help="Write the best variant's spec (for pnp kit --spec).")
@option("--scheduler", type=SchedulerType(), default=None,
        help="Run the games on a Dask cluster (tcp://host:8786); needs the cluster extra.")
@CONFIDENCE_OPTION
@LEVELS_OPTION
@SEAT_LEVELS_OPTION
@option("--yes", is_flag=True, help="Run a grid of more than 10,000 variants.")
@option("--workers", type=click.IntRange(0, 64), default=0, help="Processes (0: one per core).")
@option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.pass_context
def sweep(ctx: click.Context, game: str, spec: Path | None, vary: tuple[str, ...], n_games: int, max_games: int,
          tolerance: float,
          skill_games: int | None, target_length: str | None, seed: int, players: int | None, preset: str | None,
          as_json: bool, csv_path: Path | None, report: Path | None, write_best: Path | None, scheduler: str | None,
          confidence: float, levels: tuple[str, ...], seat_levels: tuple[str, ...], yes: bool, workers: int,
          quiet: bool) -> None:
    """Check every variant of a grid of spec values and name the best: the variant that keeps every
    limit (thresholds, seat advantage, skill share, --length) with the smallest seat advantage.

    \b
    Exit code 0: a variant keeps every limit; 1: none does; 2: bad input;
    3: none does yet, but some are undecided (more --games, or with --games
    auto a larger --max-games, would decide them).
    """
    from pnp.sweep import command, results
    from pnp.sweep.length import parse_length
    from pnp.sweep.run import SweepOptions

    options = SweepOptions(games=n_games or 200, seed=seed, players=players, preset=preset, workers=workers,
                           scheduler=scheduler, progress=not quiet, confirmed=yes,
                           confidence=confidence, skill_games=skill_games, auto=n_games == AUTO_GAMES,
                           max_games=max_games, tolerance=tolerance, levels=levels, seat_levels=seat_levels,
                           target_length=parse_length(target_length) if target_length is not None else None)
    done = command.sweep(game, spec=spec, vary=vary, options=options, csv=csv_path, report=report,
                         write_best=write_best)
    click.echo(results.to_json_text(done) if as_json else results.to_text(done))
    best = results.best(done)
    if write_best is not None and not as_json:
        click.echo(printable(f"wrote {write_best} (variant {best.number})" if best else
                             f"no variant keeps every limit: {write_best} not written"), err=best is None)
    ctx.exit(results.exit_code(done))


@main.lazy_command()
@argument("game", type=GAME)
@SPEC_OPTION
@option("--vary", multiple=True, metavar="FIELD=LOW..HIGH",
        help="A spec field and its range: 2..6 (integers), 0.5..0.9 (decimals) or a,b,c (choices).")
@option("--target", "targets", multiple=True, metavar="EXPR",
        help="What the designer wants: seat_advantage<=0.05, skill_share>=0.6, turns_per_game=30..40, "
             "placed_share>=0.8.")
@option("--trials", type=click.IntRange(1, 10_000), default=30, show_default=True,
        help="Variants to try (Optuna's TPE sampler picks each from the ones before).")
@option("--max-games", type=click.IntRange(1, MAX_GAMES), default=TUNE_MAX_GAMES, show_default=True,
        help="Most games per configuration of one trial (looks at 50, 100, 200 ... games).")
@option("--tolerance", type=BoundedFloat(TOLERANCE), default=DEFAULT_TOLERANCE, show_default=True,
        help=f"Within each trial: {TOLERANCE_HELP}")
@option("--seed", type=BoundedInt(SEED), default=1, show_default=True, help="Seed of the games and of the sampler.")
@PLAYERS_OPTION
@SIMULATED_PRESET_OPTION
@option("--write-best", type=OutputPathType("file"), default=None,
        help="Write the best variant's spec (for pnp kit --spec).")
@option("--scheduler", type=SchedulerType(), default=None,
        help="Run the games on a Dask cluster (tcp://host:8786); needs the cluster extra.")
@option("--confidence", type=BoundedFloat(CONFIDENCE), default=0.95, show_default=True,
        help="Confidence of the intervals each trial's targets and the check's limits are judged on, over all "
             "the looks of the trial.")
@option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@option("--workers", type=click.IntRange(0, 64), default=0, help="Processes (0: one per core).")
@option("-q", "--quiet", is_flag=True, help="No progress bar, and no note before the trials.")
@click.pass_context
def tune(ctx: click.Context, game: str, spec: Path | None, vary: tuple[str, ...], targets: tuple[str, ...],
         trials: int, max_games: int, tolerance: float, seed: int, players: int | None, preset: str | None,
         write_best: Path | None, scheduler: str | None, confidence: float, as_json: bool, workers: int,
         quiet: bool) -> None:
    """Search spec values too many for a grid for a variant that meets the targets (needs the tune extra).

    \b
    Exit code 0: a trial meets every target and keeps every limit; 1: none does; 2: bad input.
    """
    from pnp.extras import require_extra

    require_extra("optuna", "tune", "pnp tune")
    from pnp.files.atomic import write_files
    from pnp.files.targets import output_file
    from pnp.tune import report as tune_report
    from pnp.tune.search import TuneOptions
    from pnp.tune.search import tune as run_tune
    from pnp.tune.space import grid_points, parse_dimension, sweep_instead
    from pnp.tune.targets import parse_target

    dimensions = [parse_dimension(option) for option in vary]
    if not dimensions:
        raise PnpError("--vary: give at least one FIELD=LOW..HIGH to search")
    wanted = [parse_target(text) for text in targets]
    if not wanted:
        raise PnpError("--target: give at least one, e.g. seat_advantage<=0.05")
    if write_best is not None:
        output_file(write_best)
    options = TuneOptions(trials=trials, seed=seed, players=players, preset=preset, workers=workers,
                          scheduler=scheduler, progress=not quiet, confidence=confidence,
                          max_games=max_games, tolerance=tolerance)
    shared = [*(["--players", str(players)] if players else []), *(["--preset", preset] if preset else []),
              *(["--seed", str(seed)] if seed != 1 else []),
              *(["--confidence", str(confidence)] if confidence != 0.95 else []),
              *(["--tolerance", str(tolerance)] if tolerance != DEFAULT_TOLERANCE else []),
              *(["--scheduler", scheduler] if scheduler else [])]
    instead = sweep_instead(game, spec, dimensions, trials, shared, max_games)

    def note() -> None:  # once the input is checked, before the first trial
        if instead is not None and not quiet and not as_json:
            click.echo(printable(f"only {grid_points(dimensions):,} variants: a sweep checks each once, where "
                                 f"{trials} trials may repeat some and miss others: {instead}"), err=True)

    done = run_tune(game, spec, dimensions, wanted, options, on_start=note)
    done.sweep_instead = instead
    click.echo(tune_report.to_json_text(done) if as_json else tune_report.to_text(done))
    best = done.best
    if write_best is not None:
        if best is not None:
            write_files([(write_best, best.variant.spec_text.encode())])
        if not as_json:
            click.echo(f"wrote {write_best} (trial {best.number})" if best else
                       f"no trial meets every target and limit: {write_best} not written", err=best is None)
    ctx.exit(0 if best is not None else 1)


@main.lazy_command()
@argument("game", type=GAME)
@argument("records", type=InputPathType("file", "a log is a JSON-lines file of game records (- reads standard input)",
                                        dash=True))
@SPEC_OPTION
@click.pass_context
def replay(ctx: click.Context, game: str, records: Path, spec: Path | None) -> None:
    """Re-check game records from `check --log` from scratch and print them move by move
    (RECORDS - reads them from standard input).

    Exit code 0: every record valid; 1: an invalid record (game, move and rule named); 2: a file
    that cannot be read.
    """
    from pnp import games
    from pnp.check.replay import spec_named

    chosen = games.get(game)
    if spec is None:
        spec = spec_named(records)
        if spec is not None:
            click.echo(f"spec: {spec} (named by the record; --spec names another)")
    invalid = chosen.replay(chosen.load(spec), records, sys.stdout)
    ctx.exit(1 if invalid else 0)


@main.lazy_command()
@argument("game", type=GAME)
@argument("folder", type=OutputPathType())
@option("--force", is_flag=True, help="Overwrite an existing spec in FOLDER.")
def init(game: str, folder: Path, force: bool) -> None:
    """Copy a game's spec into FOLDER to design a variant."""
    from pnp.files.atomic import atomic_write_bytes
    from pnp.files.targets import output_file

    target = folder / f"{game}.toml"
    if output_file(target).exists() and not force:
        raise PnpError(f"{target}: already exists (use --force to overwrite)")
    atomic_write_bytes(target, registry.get(game).impl.template())
    click.echo(printable(f"wrote {target}; edit it, then: pnp check {game} --spec {target}"))


def server_options(workspace_help: str) -> Callable[[Any], Any]:
    """The options of a command that serves the studio (`pnp studio`, `pnp play`)."""

    def decorate(func: Any) -> Any:
        for declared in reversed([
                option("--workspace", type=InputPathType("folder"), default=Path("."),
                       show_default=True, help=workspace_help),
                option("--host", default="127.0.0.1", show_default=True,
                       help="Address to listen on; anything but loopback lets other machines in."),
                option("--port", type=click.IntRange(1, 65535), default=None,
                       help="Port (default 8765, or a free one when it is taken)."),
                option("--no-browser", is_flag=True, help="Do not open a browser.")]):
            func = declared(func)
        return func

    return decorate


def require_studio(command: str) -> None:
    from pnp.extras import require_extra

    for module in ("starlette", "uvicorn"):  # what the `studio` extra installs beyond pnp's own dependencies
        require_extra(module, "studio", command)


@main.lazy_command()
@server_options("Folder of your specs and outputs.")
def studio(workspace: Path, host: str, port: int | None, no_browser: bool) -> None:
    """A local web app: edit a spec, watch its pages, check it, replay games, download the kit."""
    require_studio("pnp studio")
    from pnp.studio.server import serve

    serve(workspace, host=host, port=port, open_browser=not no_browser, echo=click.echo)



@main.lazy_command()
@argument("game")
@option("--spec", "spec_file", type=SpecPathType(), default=None,
        help="Spec to play, inside the workspace (default: the game's shipped spec).")
@option("--preset", type=PresetType(), default=None, help="Rule preset (games that have them).")
@option("--seats", default="human,good", show_default=True,
        help="One per seat: human, or a computer player by its strength: beginner, good, strong, expert "
             "(searches, well under a second a move) or master (searches four times as long), e.g. human,expert.")
@option("--seed", type=BoundedInt(SEED), default=1, show_default=True, help="Shuffle of the game.")
@option("--profi", is_flag=True, help="No help: the places a piece fits are not shown, and no move is taken back.")
@server_options("Folder of your specs; finished games are saved in its played/ folder.")
def play(game: str, spec_file: Path | None, preset: str | None, seats: str, seed: int, profi: bool,
         workspace: Path, host: str, port: int | None, no_browser: bool) -> None:
    """Play GAME in the browser against the computer or hot-seat: the studio opens on its play page."""
    from urllib.parse import urlencode

    require_studio("pnp play")
    from pnp.play.games import playable
    from pnp.play.seats import parse_seats
    from pnp.studio.server import serve

    chosen = registry.get(game)
    players, _ = playable(game)
    parse_seats(seats, players, chosen.players, game)
    if preset is not None and preset not in chosen.presets:
        chosen.check_preset(preset)
        raise PnpError(f"--preset {preset}: {game} has the presets {', '.join(chosen.presets)}")
    spec = ""
    if spec_file is not None:  # a regular file (SpecPathType): a FIFO would make the loader wait
        root = workspace.expanduser().resolve()
        path = spec_file.expanduser().resolve()
        if path.stat().st_size == 0:
            raise PnpError(f"--spec {spec_file}: the file is empty; name a spec file such as one pnp init writes")
        if not path.is_relative_to(root):
            raise PnpError(f"--spec {spec_file}: must lie inside the workspace {root} (see --workspace)")
        chosen.load(path)  # a bad spec is refused here, in one line, before any server starts
        spec = path.relative_to(root).as_posix()
    query = {"game": game, "seats": seats, "seed": seed, "spec": spec, "preset": preset or "",
             "profi": int(profi)}
    serve(workspace, host=host, port=port, open_browser=not no_browser, echo=click.echo,
          page="play?" + urlencode(query))


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
                click.echo(printable(f"wrote {path}"))
            continue
        counts = {ext: sum(1 for p in files if p.suffix == f".{ext}") for ext in FORMATS}
        summary = ", ".join(f"{n} {ext.upper()}" for ext, n in counts.items() if n)
        click.echo(printable(f"wrote {folder}/: {summary}"))
