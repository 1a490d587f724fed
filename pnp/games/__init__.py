"""Game registry: every sub-package of pnp.games that defines `GAME` is a game.

A game is added by adding a folder; the CLI lists the folders without importing them, so
start-up stays fast, and imports a game only when a command needs it.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING

from pnp.errors import PnpError

if TYPE_CHECKING:
    from pnp.games.base import Game


def names() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)


def get(name: str) -> Game:
    if name not in names():
        raise PnpError(f"unknown game {name!r}; choose one of {', '.join(names())}")
    module = importlib.import_module(f"pnp.games.{name}")
    return module.GAME
