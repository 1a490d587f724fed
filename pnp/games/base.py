"""What a game package provides to the CLI, the kit builder and the checker."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pnp.errors import PnpError

if TYPE_CHECKING:
    from pnp.check.report import CheckReport
    from pnp.components.boxfit import Stack
    from pnp.draw.scene import Page


def lazy(target: str) -> Callable[..., Any]:
    """A function that imports `package.module:function` when first called.

    Game packages declare their parts with it, so listing or loading a game does not import the
    engine's or the kit's modules (and the drawing layer) before a command needs them.
    """
    module_name, _, attribute = target.partition(":")

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module_name), attribute)(*args, **kwargs)

    call.__name__ = attribute
    call.__qualname__ = target
    return call


@dataclass(frozen=True)
class CheckOptions:
    games: int = 200
    seed: int = 1
    players: int | None = None  # None: every player count the game supports
    preset: str | None = None  # games with rule presets (Triomino)
    workers: int = 0  # 0: one per core
    progress: bool = False
    log: Path | None = None  # JSON-lines file that receives every game's record as it is played
    keep_games: bool = False  # keep the records a report draws (best and worst game)
    confidence: float = 0.95  # of the intervals the verdict and the balance section compare
    skill_games: int | None = None  # games per head-to-head match; None: a quarter of `games`; 0: none
    strict: bool = False  # balance findings fail the check

    @property
    def games_per_match(self) -> int:
        """Head-to-head games per match: an even number, so every deal is played with both seatings."""
        wanted = self.games // 4 if self.skill_games is None else self.skill_games
        return 0 if wanted <= 0 else max(2, wanted + wanted % 2)


@dataclass(frozen=True)
class KitContext:
    """Everything a component needs besides the game model."""

    paper: Any  # pnp.draw.paper.Paper
    lang: str = "en"
    options: dict[str, Any] = field(default_factory=dict)  # component options, e.g. ink_saver


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
class Game:
    name: str
    title: str
    # Spec path (None: the shipped template) -> model. Raises SpecError on bad input.
    load: Callable[[Path | None], Any]
    # Model + options -> report with verdict.
    check: Callable[[Any, CheckOptions], CheckReport]
    # Model + records file + output stream -> number of invalid records.
    replay: Callable[[Any, Path, TextIO], int]
    # Component name -> function drawing its pages, in kit order.
    components: dict[str, ComponentFn] = field(default_factory=dict)
    # Charts for `check --report` beyond the generic score and pieces charts.
    figures: Callable[[Any, CheckReport], list[Figure]] | None = None
    # The board after a recorded game, drawn with the kit's artwork (for reports).
    final_board: Callable[[Any, dict[str, Any]], Page] | None = None
    # What goes into the box (stacks of pieces, folded sheets), for the checker's box-fit test.
    box_contents: Callable[[Any], list[Stack]] | None = None
    # Artwork for the box: (model, lang) -> (lid art, side art), each (page, x, y, w, h, rotation) -> None.
    box_art: Callable[[Any, str], tuple[Any, Any]] | None = None
    # Whether the game has named rule presets (--preset); a game without them refuses the option.
    has_presets: bool = False

    def check_preset(self, preset: str | None) -> None:
        if preset is not None and not self.has_presets:
            raise PnpError(f"--preset {preset}: {self.name} has no rule presets")
