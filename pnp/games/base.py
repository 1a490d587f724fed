"""What a game declares (light, read at start-up) and what it provides (heavy, imported on use).

A game is a `Game`: its name, title, components, kit options, rule presets and player counts,
which the CLI turns into commands, help texts and option checks without importing the game's
engine or kit; and `parts`, a function that imports those and returns them as `GameParts`.
Games are found through the `pnp.games` entry-point group (see pnp.games).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TextIO, TypeVar, cast

from pnp.errors import PnpError
from pnp.games.fields import SpecFields

if TYPE_CHECKING:
    from pnp.check.frames import Frame
    from pnp.check.options import CheckOptions
    from pnp.check.protocol import Simulation
    from pnp.check.report import CheckReport
    from pnp.components.boxfit import Stack
    from pnp.draw.paper import Paper
    from pnp.draw.scene import Page

T = TypeVar("T", bool, int, str)


def __getattr__(name: str) -> Any:
    # CheckOptions belongs to the checker (pnp.check.options); plugins may still import it from here,
    # which loads it only when one does, so `pnp --help` does not.
    if name == "CheckOptions":
        from pnp.check.options import CheckOptions

        return CheckOptions
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class KitOption(Generic[T]):
    """A kit option a game declares; the command line spells it `--name-with-dashes`."""

    name: str  # a Python identifier, e.g. "board_sheets"
    type: type[T]  # bool (a flag), int or str
    default: T
    help: str  # what it does for this game, one short sentence
    low: int | None = None  # bounds of an int option, both inclusive
    high: int | None = None
    component: str | None = None  # an option of one component's command only (e.g. pages of the scoresheet)
    choices: tuple[str, ...] = ()  # the values a str option takes (none: any text)

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


INK_CHOICES = ("eco", "full")


def ink_option(eco: str) -> KitOption[str]:
    """`--ink eco|full`, which every shipped game declares; `eco` says what eco prints lighter."""
    return KitOption("ink", str, "full", f"eco: {eco}", choices=INK_CHOICES)


def eco_ink(ctx: KitContext) -> bool:
    """Whether the kit is printed with `--ink eco` (a game that does not declare `--ink` prints full)."""
    return ctx.values.get("ink") == "eco"


@dataclass(frozen=True)
class BoxOptions:
    """Command-line overrides of the spec's `[box]` table (None: the spec's value)."""

    size: str | None = None  # "LxWxH" in mm
    style: str | None = None  # auto, hinged or telescoping
    paper_thickness: float | None = None


@dataclass(frozen=True)
class KitContext:
    """Everything a component needs besides the game model."""

    paper: Paper
    lang: str = "en"
    preset: str | None = None  # rule preset the printed sheets follow (None: the spec's default)
    box: BoxOptions = BoxOptions()
    values: Mapping[str, bool | int | str] = field(default_factory=dict)  # declared kit options given

    def option(self, option: KitOption[T]) -> T:
        return cast(T, self.values.get(option.name, option.default))


ComponentFn = Callable[[Any, KitContext], "list[Page]"]


@dataclass(frozen=True)
class Figure:
    """One chart of a check report: counts per category, drawn as a bar chart."""

    title: str
    counts: dict[str, int]  # category label -> how many (games, player-games, turns...)
    x_label: str
    y_label: str = "games"
    note: str = ""  # one sentence under the chart saying what to look for


@dataclass(frozen=True)
class GameParts:
    """The working parts of a game: its spec loader, checker, replay and the kit's drawing functions."""

    # Spec path (None: the shipped template) -> model. Raises SpecError on bad input.
    load: Callable[[Path | None], Any]
    # Model + options -> report with verdict.
    check: Callable[[Any, CheckOptions], CheckReport]
    # Model + records file + output stream -> number of invalid records.
    replay: Callable[[Any, Path, TextIO], int]
    # Component name -> function drawing its pages; the names and order are the declaration's.
    components: dict[str, ComponentFn]
    # The spec `pnp init` copies for a variant.
    template: Callable[[], bytes]
    # Charts for `check --report` beyond the generic score and pieces charts.
    figures: Callable[[Any, CheckReport], list[Figure]] | None = None
    # The board after a recorded game, drawn with the kit's artwork (for reports).
    final_board: Callable[[Any, dict[str, Any]], Page] | None = None
    # What goes into the box (stacks of pieces, folded sheets), for the checker's box-fit test.
    box_contents: Callable[[Any], list[Stack]] | None = None
    # Artwork for the box: (model, lang) -> (lid art, side art), each (page, x, y, w, h, rotation) -> None.
    box_art: Callable[[Any, str], tuple[Any, Any]] | None = None
    # A recorded game as frames, move by move, for stepping through it (the studio's replay).
    frames: Callable[[Any, dict[str, Any]], list[Frame]] | None = None
    # The game's simulation protocol, for runs that schedule the games themselves (`pnp sweep`).
    simulation: Simulation | None = None


_PART_NAMES = frozenset(part.name for part in dataclass_fields(GameParts))


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    # Component name -> what it is, in kit order ("box" is added unless the game draws its own).
    components: dict[str, str]
    # Imports the engine and the kit; called once, when a command needs them.
    parts: Callable[[], GameParts]
    options: tuple[KitOption[Any], ...] = ()
    presets: tuple[str, ...] = ()  # built-in rule presets (a spec may add more); () refuses --preset
    players: tuple[int, ...] = ()  # player counts the rules allow
    # Component name -> the word its pages' footers print (a key of pnp.i18n.KIT), where the game
    # calls its pieces otherwise (Rautino's "tiles" command prints its stones).
    printed_parts: Mapping[str, str] = field(default_factory=dict)
    # The spec's fields in a designer's words, for the studio's form; imported on first use, so
    # that a command that never shows a form does not load them.
    spec_fields: Callable[[], SpecFields] = SpecFields

    @cached_property
    def fields(self) -> SpecFields:
        return self.spec_fields()

    @cached_property
    def impl(self) -> GameParts:
        parts = self.parts()
        if list(parts.components) != list(self.components):
            raise PnpError(f"game {self.name}: its parts draw {', '.join(parts.components)}, "
                           f"but it declares {', '.join(self.components)}")
        return parts

    # The working parts read as the game's own attributes (`game.load`, `game.check`, ...): every
    # field of GameParts, forwarded by this one hook, which Python calls only for names the
    # declaration itself lacks.
    def __getattr__(self, name: str) -> Any:
        if name in _PART_NAMES:
            return getattr(self.impl, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def printed_part(self, component: str) -> str:
        return self.printed_parts.get(component, component)

    def option(self, name: str) -> KitOption[Any] | None:
        return next((o for o in self.options if o.name == name), None)

    def check_preset(self, preset: str | None) -> None:
        if preset is not None and not self.presets:
            raise PnpError(f"--preset {preset}: {self.name} has no rule presets")
