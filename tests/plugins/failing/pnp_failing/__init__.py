"""Declares a game whose parts load, but whose spec loader fails with an error of its own code."""

from pnp.games.base import Game, GameParts


def parts() -> GameParts:
    from . import game

    return GameParts(load=game.load, check=game.check, replay=game.replay, components={"tiles": game.tiles},
                     template=lambda: b"")


GAME = Game(name="failing", title="Failing", components={"tiles": "Tiles."}, parts=parts, players=(2,))
