"""Triomino: 56 triangular tiles with numbers in the corners, played on an unbounded triangular grid."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pnp.games.base import Game

if TYPE_CHECKING:
    from pnp.check.report import CheckReport
    from pnp.games.base import CheckOptions


def _load(path: Path | None) -> Any:
    from .model import load

    return load(path)


def _check(model: Any, options: CheckOptions) -> CheckReport:
    from .checker import check

    return check(model, options)


def _replay(model: Any, path: Path, out: TextIO) -> int:
    from .replay import replay

    return replay(model, path, out)


GAME = Game(name="triomino", title="Triomino", load=_load, check=_check, replay=_replay, components={})
