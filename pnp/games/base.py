"""What a game declares (light, read at start-up) and what it provides (heavy, imported on use).

A game is a `Game`: its name, title, components, kit options, rule presets and player counts,
which the CLI turns into commands, help texts and option checks without importing the game's
engine or kit; and `parts`, a function that imports those and returns them as `GameParts`.
Games are found through the `pnp.games` entry-point group (see pnp.games).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pnp.errors import PnpError, SpecError

if TYPE_CHECKING:
    from pnp.components.boxfit import Stack
    from pnp.games.fields import SpecFields
    from pnp.games.parts import GameParts, KitContext

T = TypeVar("T", bool, int, str)


class WrongGameSpec(SpecError):
    """A spec of another game than the one named: the command line says which command would take it."""

    def __init__(self, path: Path, game: str, expected: str) -> None:
        self.game, self.expected = game, expected
        super().__init__(path, "-", f"this is a {game.capitalize()} spec; use it with the game {game}")

    def not_installed(self) -> SpecError:
        """The same refusal where the named game is not installed: the name is more likely a typo."""
        return SpecError(self.path, "game.name", f"names the game {self.game!r}, which is not installed; "
                         f"the {self.expected} spec names {self.expected!r}")


# What a game provides (pnp.games.parts) and the checker's options (pnp.check.options) are read from
# here too, as plugins import them; loaded only when one does, so `pnp --help` creates none of them.
_PART_CLASSES = ("BoxOptions", "ComponentFn", "Figure", "GameParts", "KitContext")


def __getattr__(name: str) -> Any:
    if name == "CheckOptions":
        from pnp.check.options import CheckOptions

        return CheckOptions
    if name in _PART_CLASSES:
        from pnp.games.parts import BoxOptions, ComponentFn, Figure, GameParts, KitContext

        return {"BoxOptions": BoxOptions, "ComponentFn": ComponentFn, "Figure": Figure, "GameParts": GameParts,
                "KitContext": KitContext}[name]
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
    # The components whose pages the option changes (None: every one); a component's own command
    # refuses an option that changes nothing on its pages.
    parts: tuple[str, ...] | None = None

    def applies_to(self, component: str | None) -> bool:
        """Whether the option belongs on the command of `component` (None: the whole kit)."""
        if component is None:
            return self.component is None
        return self.component in (None, component) and (self.parts is None or component in self.parts)

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


INK_CHOICES = ("eco", "full")


def ink_option(eco: str, parts: tuple[str, ...]) -> KitOption[str]:
    """`--ink eco|full`, which every shipped game declares; `eco` says what eco prints lighter, on `parts`."""
    return KitOption("ink", str, "full", f"eco: {eco}", choices=INK_CHOICES, parts=parts)


# The options every kit has besides those a game declares: the rule preset and the box's build. Each
# changes these components unless the game says otherwise (Game.shared_parts); None: every component.
SHARED_PARTS: dict[str, tuple[str, ...] | None] = {
    "preset": None, "box_size": ("box",), "box_style": ("box",), "paper_thickness": ("box",)}


def eco_ink(ctx: KitContext) -> bool:
    """Whether the kit is printed with `--ink eco` (a game that does not declare `--ink` prints full)."""
    return ctx.values.get("ink") == "eco"


def _no_fields() -> SpecFields:
    from pnp.games.fields import SpecFields

    return SpecFields()


@dataclass(frozen=True)
class Game:
    """A game's declaration, read whenever pnp starts: keep the module that makes it light.

    Attributes:
        name: the word on the command line (`pnp check NAME`).
        title: the game's name in help texts, footers and on the box.
        components: component name -> one sentence, in kit order; each becomes a command.
        parts: imports the engine and the kit and returns their `GameParts`, on first need.
        options: the kit options the game's commands offer.
        presets: built-in rule presets; none means `--preset` is refused.
        preset_labels: preset -> what the play page and the studio call it, where its name would
            not tell a player (Triomino's `seed`, beside the shuffle's seed).
        players: the player counts the rules allow, declared once for every command and page.
        printed_parts: component -> the word its footers print, where it differs.
        spec_fields: the spec's fields in a designer's words, for the studio's form.
        shared_parts: the components whose pages an option of every kit changes, where not SHARED_PARTS's.
    """

    name: str
    title: str
    # Component name -> what it is, in kit order ("box" is added unless the game draws its own).
    components: dict[str, str]
    # Imports the engine and the kit; called once, when a command needs them.
    parts: Callable[[], GameParts]
    options: tuple[KitOption[Any], ...] = ()
    presets: tuple[str, ...] = ()  # built-in rule presets (a spec may add more); () refuses --preset
    # Preset -> its name on the pages, where the spec's and the command line's word would mislead.
    preset_labels: Mapping[str, str] = field(default_factory=dict)
    players: tuple[int, ...] = ()  # player counts the rules allow
    # Component name -> the word its pages' footers print (a key of pnp.i18n.KIT), where the game
    # calls its pieces otherwise (Rautino's "tiles" command prints its stones).
    printed_parts: Mapping[str, str] = field(default_factory=dict)
    # The spec's fields in a designer's words, for the studio's form; imported on first use, so
    # that a command that never shows a form does not load them.
    spec_fields: Callable[[], SpecFields] = _no_fields
    # Option of every kit (a key of SHARED_PARTS) -> the components whose pages it changes in this game,
    # where they differ from SHARED_PARTS: a board that folds to the box's floor changes with the box.
    shared_parts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

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

    def load(self, path: Path | None) -> Any:
        """The game's model from a spec file (None: the shipped spec). A path that is no file (a folder),
        or a spec whose `[game] name` names another game, is refused by name before the game's loader reads it."""
        if path is not None:
            from pnp.spec import game_of, load_toml

            named = game_of(load_toml(path, self.name), path)
            if named is not None and named != self.name:
                raise WrongGameSpec(path, named, self.name)
        return self.impl.load(path)

    # The working parts read as the game's own attributes (`game.load`, `game.check`, ...): every
    # field of GameParts, forwarded by this one hook, which Python calls only for names the
    # declaration itself lacks.
    def __getattr__(self, name: str) -> Any:
        from pnp.games.parts import PART_NAMES

        if name in PART_NAMES:
            return getattr(self.impl, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def printed_part(self, component: str) -> str:
        return self.printed_parts.get(component, component)

    def kit_box_contents(self, model: Any, ctx: KitContext) -> list[Stack]:
        """What goes into the box as the kit `ctx` prints it (empty: the game lists no contents)."""
        if self.impl.kit_box_contents is not None:
            return self.impl.kit_box_contents(model, ctx)
        return self.impl.box_contents(model) if self.impl.box_contents is not None else []

    def sheet_limit(self, model: Any, ctx: KitContext, component: str) -> str | None:
        """Why a sheet of `component` takes no more pieces, in ctx's language (None: the game does not say)."""
        return self.impl.sheet_limit(model, ctx, component) if self.impl.sheet_limit is not None else None

    def option(self, name: str) -> KitOption[Any] | None:
        return next((o for o in self.options if o.name == name), None)

    def parts_changed_by(self, name: str) -> tuple[str, ...] | None:
        """The components whose pages the kit option `name` (declared or shared) changes; None: every one."""
        declared = self.option(name)
        return declared.parts if declared is not None else self.shared_parts.get(name, SHARED_PARTS[name])

    def changes(self, name: str, component: str) -> bool:
        """Whether the kit option `name` belongs on `component`'s command: it changes the component's pages.
        A component's command refuses an option where it does not."""
        declared = self.option(name)
        if declared is not None:
            return declared.applies_to(component)
        if name not in SHARED_PARTS or (name == "preset" and not self.presets):  # another game's option
            return False
        parts = self.parts_changed_by(name)
        return parts is None or component in parts

    @property
    def named_presets(self) -> dict[str, str]:
        """Each built-in preset with what the pages call it (its name where it has no label)."""
        return {preset: self.preset_labels.get(preset, preset) for preset in self.presets}

    def check_preset(self, preset: str | None) -> None:
        if preset is not None and not self.presets:
            raise PnpError(f"--preset {preset}: {self.name} has no rule presets")
