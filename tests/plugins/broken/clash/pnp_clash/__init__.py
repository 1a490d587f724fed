"""A game that takes the name of a game shipped with pnp."""

from pnp.games.base import Game, GameParts


def parts() -> GameParts:
    raise AssertionError("a clashing plugin is never used")


GAME = Game(name="rautino", title="Another Rautino", components={"tiles": "Tiles."}, parts=parts, players=(2,))
