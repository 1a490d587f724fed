"""Game registry: the games shipped with pnp, and any `Game` another distribution registers under the
`pnp.games` entry-point group:

    [project.entry-points."pnp.games"]
    mygame = "mygame:GAME"

The shipped games are named here, so using one costs no look at the installed distributions; the
plugins are looked up (pnp.games.plugins) only when a command needs a game that is not shipped or
lists all games. Each names a light declaration module (no engine, no drawing layer).

A plugin is someone else's code: one whose name is not a plain word, that cannot be imported
(whatever it raises, `sys.exit` and Ctrl-C included), that declares no proper Game, or that takes a
shipped game's name is left out, and the notice hook (`on_notice`) is told so in one line each, once;
only a command that names it fails, with the same line.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache
from types import TracebackType
from typing import TYPE_CHECKING

from pnp.errors import PnpError, printable
from pnp.games.base import Game
from pnp.games.plugins import GROUP, NAME_RULE, Plugin, installed

if TYPE_CHECKING:
    from pnp.games.parts import GameParts

__all__ = ["GROUP", "PluginError", "all_games", "blame", "broken", "describe", "get", "names", "on_notice",
           "one_line", "shipped_games", "working"]

SHIPPED = {  # name -> the module whose GAME declares it
    "rautino": "pnp.games.rautino",
    "triomino": "pnp.games.triomino",
    "zatre": "pnp.games.zatre",
}
MESSAGE_LIMIT = 300  # characters of a plugin's own error message quoted in a line


class PluginError(PnpError):
    """A game plugin failed: its code, not pnp's, and not the user's input."""

    exit_code = 70  # EX_SOFTWARE, as for any software failure; the line says whose

    def __init__(self, reason: str) -> None:
        self.reason = reason  # "game plugin NAME (from DIST): what failed"
        super().__init__(f"{reason} (a bug in the plugin, not in pnp; please report it to its authors)")


_hooks: list[Callable[[str], None]] = []  # receive the notices of plugins left out
_named: set[str] = set()  # plugins the command names: it fails with their line, so no notice says it first


def on_notice(hook: Callable[[str], None], named: Iterable[str] = ()) -> None:
    """Where the notices go (the command line prints them); a new hook replaces the last. The plugins
    left out are announced when the plugins are first looked up, except those `named`."""
    _hooks[:] = [hook]
    _named.clear()
    _named.update(named)


def _notify(line: str) -> None:
    for hook in _hooks:
        hook(line)


class _Catalogue:
    """What the registry found (a plain class: a dataclass costs start-up time to create)."""

    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self.broken: dict[str, str] = {}  # name -> why it is left out (one line)
        self.clashes: list[str] = []  # one line per plugin ignored for its name
        self.packages: dict[str, Plugin] = {}  # top-level package -> the plugin of that code


def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message of someone else's code as one printable line: whitespace runs become one space,
    other unprintable characters (controls, direction overrides) are shown escaped."""
    shown = printable(" ".join(text.split()))
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def describe(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return f"it called sys.exit({one_line(repr(exc.code))})"
    if isinstance(exc, KeyboardInterrupt):
        return "it raised KeyboardInterrupt"
    message = one_line(str(exc))
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


def _who(plugin: Plugin) -> str:
    return f"game plugin {one_line(plugin.name, 60)} (from {one_line(plugin.distribution, 100)})"


def _load(plugin: Plugin) -> Game:
    module, _, attribute = plugin.target.partition(":")
    try:
        value = importlib.import_module(module)
        for part in attribute.split(".") if attribute else ():
            value = getattr(value, part)
    except BaseException as exc:  # anything its import does, sys.exit and KeyboardInterrupt too, is contained
        raise PluginError(f"{_who(plugin)}: cannot load {plugin.target}: {describe(exc)}") from None
    if not isinstance(value, Game) or value.name != plugin.name:
        raise PluginError(f"{_who(plugin)}: {plugin.target} is not a pnp.games.base.Game named {plugin.name!r}")
    return replace(value, parts=_guarded(plugin, value.parts))


def _guarded(plugin: Plugin, parts: Callable[[], GameParts]) -> Callable[[], GameParts]:
    """The plugin's parts(), whose failure (an import of its engine, say) is named as the plugin's."""

    def load_parts() -> GameParts:
        try:
            return parts()
        except (Exception, SystemExit) as exc:  # Ctrl-C by the user still stops the command
            raise PluginError(f"{_who(plugin)}: its parts() failed: {describe(exc)}") from None

    return load_parts


@cache
def _shipped() -> dict[str, Game]:
    return {name: importlib.import_module(module).GAME for name, module in SHIPPED.items()}


@cache
def _catalogue() -> _Catalogue:
    """The shipped games and the plugins, looked up once a run; the plugins left out are announced."""
    found = _Catalogue()
    found.games.update(_shipped())
    for plugin in installed():
        if plugin.target == f"{SHIPPED.get(plugin.name)}:GAME":
            continue  # a shipped game registered by an installation of pnp itself
        if not plugin.plain_name:
            found.clashes.append(f"{_who(plugin)} is ignored: its name must be {NAME_RULE}")
            continue
        if plugin.name in SHIPPED:
            found.clashes.append(f"{_who(plugin)} is ignored: a game shipped with pnp has that name")
            continue
        if plugin.name in found.games or plugin.name in found.broken:
            found.clashes.append(f"{_who(plugin)} is ignored: another plugin registers that name")
            continue
        found.packages[plugin.package] = plugin
        try:
            found.games[plugin.name] = _load(plugin)
        except PluginError as exc:
            found.broken[plugin.name] = exc.reason
    for name, reason in sorted(found.broken.items()):
        if name not in _named:
            _notify(f"{reason}; skipped")
    for line in found.clashes:
        _notify(line)
    return found


def shipped_games() -> list[Game]:
    """The games shipped with pnp, by name: no plugin is looked up."""
    return [game for _, game in sorted(_shipped().items())]


def names() -> list[str]:
    """The games that can be used: the shipped ones and every plugin whose declaration loads."""
    return sorted(_catalogue().games)


def broken() -> dict[str, str]:
    """Plugins left out because they do not load: name -> the line that says why."""
    return dict(_catalogue().broken)


def working(wanted: Iterable[str]) -> list[str]:
    """The games among `wanted` whose parts load. A plugin whose parts() fails is left out from now on,
    and the hooks (`on_notice`) are told in one line: for commands over all games, such as `pnp kit`."""
    catalogue = _catalogue()
    kept = []
    for name in wanted:
        if name not in SHIPPED:
            try:
                get(name).impl  # noqa: B018 - loads the parts, or fails
            except PluginError as exc:
                del catalogue.games[name]
                catalogue.broken[name] = exc.reason
                _notify(f"{exc.reason}; skipped")
                continue
        kept.append(name)
    return kept


def get(name: str) -> Game:
    if name in SHIPPED:
        return _shipped()[name]
    catalogue = _catalogue()
    game = catalogue.games.get(name)
    if game is not None:
        return game
    if name in catalogue.broken:
        raise PluginError(catalogue.broken[name])
    raise PnpError(f"unknown game {printable(repr(name))}; choose one of {', '.join(names())}")


def all_games() -> list[Game]:
    return [get(name) for name in names()]


def blame(exc: BaseException) -> str | None:
    """The plugin whose code raised `exc`, as 'game plugin NAME (from DIST)', or None when no frame of
    the traceback runs a plugin's code: then the failure is pnp's own."""
    packages = _catalogue.cache_info().currsize and _catalogue().packages
    if not packages:
        return None
    culprit = None
    tb: TracebackType | None = exc.__traceback__
    while tb is not None:
        module = str(tb.tb_frame.f_globals.get("__name__", ""))
        plugin = packages.get(module.partition(".")[0])
        if plugin is not None:
            culprit = plugin  # the innermost frame of plugin code wins
        tb = tb.tb_next
    return _who(culprit) if culprit is not None else None
