"""Zatre: a 15 x 15 board, 121 pip tiles, rows of 10, 11 and 12, and the score sheet."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pnp.games.base import CheckOptions, ComponentFn, Figure, Game, KitContext

if TYPE_CHECKING:
    from pnp.check.report import CheckReport
    from pnp.components.boxfit import Stack
    from pnp.draw.scene import Page


def _load(path: Path | None) -> Any:
    from pnp.games.zatre.model import load

    return load(path)


def _check(model: Any, options: CheckOptions) -> CheckReport:
    from pnp.games.zatre.checker import check

    return check(model, options)


def _replay(model: Any, path: Path, out: TextIO) -> int:
    from pnp.games.zatre.replay import replay

    return replay(model, path, out)


def _component(module: str, function: str) -> ComponentFn:
    """A component that imports its drawing code (and pnp.draw) only when it is drawn."""

    def draw(model: Any, ctx: KitContext) -> list[Page]:
        return getattr(importlib.import_module(f"pnp.games.zatre.kit.{module}"), function)(model, ctx)

    draw.__name__ = f"{module}_{function}"
    return draw


def _final_board(model: Any, record: dict[str, Any]) -> Page:
    from pnp.games.zatre.kit.report import final_board

    return final_board(model, record)


def _figures(model: Any, report: CheckReport) -> list[Figure]:
    from pnp.games.zatre.kit.report import figures

    return figures(model, report)


def _box_contents(model: Any) -> list[Stack]:
    from .box import box_contents

    return box_contents(model)


GAME = Game(
    name="zatre", title="Zatre", load=_load, check=_check, replay=_replay,
    components={
        "board": _component("board", "board_pages"),
        "tiles": _component("tiles", "tile_pages"),
        "scoresheet": _component("scoresheet", "scoresheet_pages"),
        "rules": _component("rules", "rules_pages"),
    },
    figures=_figures, final_board=_final_board, box_contents=_box_contents,
)
