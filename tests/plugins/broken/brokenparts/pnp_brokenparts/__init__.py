"""Declares a game that loads; its parts() imports a module that is not installed."""

from pnp.games.base import Game, GameParts


def parts() -> GameParts:
    import pnp_brokenparts_engine_not_installed  # noqa: F401

    raise AssertionError("not reached")


GAME = Game(name="brokenparts", title="Broken Parts", components={"tiles": "Tiles."}, parts=parts, players=(2,))
