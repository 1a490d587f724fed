"""Rautino: rhombus stones of two coloured triangles, laid so that touching colours match."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pnp.games.base import CheckOptions, Figure, Game, KitContext

if TYPE_CHECKING:
    from pnp.check.report import CheckReport
    from pnp.components.boxfit import Stack
    from pnp.draw.scene import Page


def _load(path: Path | None) -> Any:
    from .model import load

    return load(path)


def _check(model: Any, options: CheckOptions) -> CheckReport:
    from .checker import check

    return check(model, options)


def _replay(model: Any, path: Path, out: TextIO) -> int:
    from .replay import replay

    return replay(model, path, out)


def _component(module: str, function: str) -> Callable[[Any, KitContext], list[Page]]:
    """A component that imports its drawing code only when it is drawn (keeps the CLI fast)."""

    def draw(model: Any, ctx: KitContext) -> list[Page]:
        return getattr(importlib.import_module(f"{__name__}.kit.{module}"), function)(model, ctx)

    draw.__name__ = f"{module}.{function}"
    return draw


def _figures(model: Any, report: CheckReport) -> list[Figure]:
    from .kit.report import figures

    return figures(model, report)


def _final_board(model: Any, record: dict[str, Any]) -> Page:
    from .kit.report import final_board

    return final_board(model, record)


def _box_art(model: Any) -> tuple[Any, Any]:
    from .kit.cover import lid_art

    return lid_art(model), None


def _box_contents(model: Any) -> list[Stack]:
    from .box import box_contents

    return box_contents(model)


GAME = Game(
    name="rautino",
    title="Rautino",
    load=_load,
    check=_check,
    replay=_replay,
    components={
        "board": _component("board", "board_pages"),
        "tiles": _component("stones", "stone_pages"),
        "cover": _component("cover", "cover_pages"),
        "rules": _component("rules", "rules_pages"),
    },
    figures=_figures,
    final_board=_final_board,
    box_contents=_box_contents,
    box_art=_box_art,
)
