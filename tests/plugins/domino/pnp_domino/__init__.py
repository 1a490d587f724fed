"""Domino, declared for pnp: light to import, so listing the games stays fast."""

from __future__ import annotations

from pnp.games.base import Game, GameParts


def parts() -> GameParts:
    from importlib.resources import files

    from . import game, kit

    return GameParts(
        load=game.load,
        check=game.check,
        replay=game.replay,
        simulation=game.SIMULATION,  # its state: pnp check's players, and the generic table of `pnp play`
        components={"tiles": kit.tile_pages, "rules": kit.rules_pages},
        template=lambda: files(__name__).joinpath("domino.toml").read_bytes(),
    )


GAME = Game(
    name="domino",
    title="Domino",
    components={"tiles": "The domino tiles, ready to cut.", "rules": "The rules of the block game."},
    parts=parts,
    players=(2, 3, 4),
)
