"""Zatre: a 15 x 15 board, 121 pip tiles, rows of 10, 11 and 12, and the score sheet."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pnp.games.base import CheckOptions, Game

if TYPE_CHECKING:
    from pnp.check.report import CheckReport


def _load(path: Path | None) -> Any:
    from pnp.games.zatre.model import load

    return load(path)


def _check(model: Any, options: CheckOptions) -> CheckReport:
    from pnp.games.zatre.checker import check

    return check(model, options)


def _replay(model: Any, path: Path, out: TextIO) -> int:
    from pnp.games.zatre.replay import replay

    return replay(model, path, out)


GAME = Game(name="zatre", title="Zatre", load=_load, check=_check, replay=_replay, components={})
