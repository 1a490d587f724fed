"""What a game provides, read when a command needs it (not at start-up): the working parts a game's
`parts()` returns, and what the kit's drawing functions are given.

Declarations (pnp.games.base) do not import this module at start-up, so `pnp --help` creates none
of these classes; pnp.games.base still offers each name for the games that import it from there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO, TypeVar, cast

if TYPE_CHECKING:
    from pnp.check.frames import Frame
    from pnp.check.options import CheckOptions
    from pnp.check.protocol import Simulation
    from pnp.check.report import CheckReport
    from pnp.components.boxfit import Stack
    from pnp.draw.paper import Paper
    from pnp.draw.scene import Page

T = TypeVar("T", bool, int, str)
T_co = TypeVar("T_co", bool, int, str, covariant=True)


class Declared(Protocol[T_co]):
    """A declared kit option (pnp.games.base.KitOption), as far as a kit reads it."""

    @property
    def name(self) -> str: ...

    @property
    def default(self) -> T_co: ...


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

    def option(self, option: Declared[T]) -> T:
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
    # Why a component's sheet cannot take more pieces, one sentence in the kit's language (None: not
    # said), added to the guide's warning of a sheet used under a quarter: (model, kit, component).
    sheet_limit: Callable[[Any, KitContext, str], str | None] | None = None
    # The same as a kit's options print them (None: as box_contents), for the kit's guide.
    kit_box_contents: Callable[[Any, KitContext], list[Stack]] | None = None
    # Whether this kit prints the lid's art on a card cover (then the box lid prints a glue area, not
    # the art again); None: never.
    card_cover: Callable[[Any, KitContext], bool] | None = None
    # Artwork for the box: (model, lang) -> (lid art, side art), each (page, x, y, w, h, rotation) -> None.
    box_art: Callable[[Any, str], tuple[Any, Any]] | None = None
    # A recorded game as frames, move by move, for stepping through it (the studio's replay).
    frames: Callable[[Any, dict[str, Any]], list[Frame]] | None = None
    # The game's simulation protocol, for runs that schedule the games themselves (`pnp sweep`).
    simulation: Simulation | None = None
    # The game's table for the play page: (model, seats, seed, preset) -> a table (pnp.play.table), its
    # presentation of the game; None: the generic table (pnp.play.generic) shows any game that declares
    # a `simulation`, its state's view as text and its legal moves as buttons.
    table: Callable[[Any, list[str], int, str | None], Any] | None = None


PART_NAMES = frozenset(part.name for part in dataclass_fields(GameParts))  # what a Game forwards
