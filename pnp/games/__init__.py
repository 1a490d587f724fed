"""Game registry: a game is any `Game` registered under the `pnp.games` entry-point group.

The shipped games register themselves in pyproject.toml like any other package would:

    [project.entry-points."pnp.games"]
    mygame = "mygame:GAME"

The entry point names a light declaration module (no engine, no drawing layer), so building the
command line from every game's declaration keeps `pnp --help` fast.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from pnp.errors import PnpError
from pnp.games.base import Game

GROUP = "pnp.games"


@cache
def _registered() -> dict[str, EntryPoint]:
    return {point.name: point for point in entry_points(group=GROUP)}


def names() -> list[str]:
    return sorted(_registered())


@cache
def get(name: str) -> Game:
    point = _registered().get(name)
    if point is None:
        raise PnpError(f"unknown game {name!r}; choose one of {', '.join(names())}")
    try:
        game = point.load()
    except Exception as exc:  # a broken plugin must not take the other games down with it
        raise PnpError(f"game {name}: cannot load {point.value}: {exc}") from None
    if not isinstance(game, Game) or game.name != name:
        raise PnpError(f"game {name}: {point.value} is not a pnp.games.base.Game named {name!r}")
    return game


def all_games() -> list[Game]:
    return [get(name) for name in names()]
