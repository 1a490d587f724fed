"""Rautino: rhombus stones of two coloured triangles, laid so that touching colours match."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pnp.games.base import CheckOptions, Game

if TYPE_CHECKING:
    from pnp.check.report import CheckReport


def _load(path: Path | None) -> Any:
    from .model import load

    return load(path)


def _check(model: Any, options: CheckOptions) -> CheckReport:
    from .checker import check

    return check(model, options)


def _replay(model: Any, path: Path, out: TextIO) -> int:
    from .replay import replay

    return replay(model, path, out)


GAME = Game(name="rautino", title="Rautino", load=_load, check=_check, replay=_replay, components={})
