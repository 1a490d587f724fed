"""Triomino: 56 triangular tiles with numbers in the corners, played on an unbounded triangular grid."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pnp.games.base import Game, KitContext

if TYPE_CHECKING:
    from pnp.check.report import CheckReport
    from pnp.components.boxfit import Stack
    from pnp.draw.scene import Page
    from pnp.games.base import CheckOptions, Figure


def _load(path: Path | None) -> Any:
    from .model import load

    return load(path)


def _check(model: Any, options: CheckOptions) -> CheckReport:
    from .checker import check

    return check(model, options)


def _replay(model: Any, path: Path, out: TextIO) -> int:
    from .replay import replay

    return replay(model, path, out)


# The kit's modules import the drawing layer: they load only when a component is drawn.
def _tiles(model: Any, ctx: KitContext) -> list[Page]:
    from .kit.tiles import tile_pages

    return tile_pages(model, ctx)


def _scoresheet(model: Any, ctx: KitContext) -> list[Page]:
    from .kit.scoresheet import score_pages

    return score_pages(model, ctx)


def _rules(model: Any, ctx: KitContext) -> list[Page]:
    from .kit.rules import rules_pages

    return rules_pages(model, ctx)


def _figures(model: Any, report: CheckReport) -> list[Figure]:
    from .kit.report import figures

    return figures(model, report)


def _final_board(model: Any, record: dict[str, Any]) -> Page:
    from .kit.report import final_board

    return final_board(model, record)


def _box_contents(model: Any) -> list[Stack]:
    from .box import box_contents

    return box_contents(model)


GAME = Game(name="triomino", title="Triomino", load=_load, check=_check, replay=_replay,
            components={"tiles": _tiles, "scoresheet": _scoresheet, "rules": _rules},
            figures=_figures, final_board=_final_board, box_contents=_box_contents)
