"""The game state protocol: the one object every player, table and check asks about a game.

A game declares a `GameState` (python-chess's `Board`, OpenSpiel's `State`): it is dealt from a seed
and answers whose turn it is, which moves are legal, and takes a move with `push`, which applies
everything the rules do on their own: the draw after a placement, a skip or pass of a seat that
cannot place, the end of a round and the deal of the next, the end of the game. Nobody outside the
state writes a rule: the simulation's loop (`pnp.check.simulate.play_out`), the search players
(`pnp.players.search`) and the tables all push moves and read answers.

A small example, a game where each seat in turn takes one or two counters from a pile and whoever
takes the last one scores a point::

    class PileState:
        def __init__(self, players: int, seed: int) -> None:
            self.players, self.rng = players, random.Random(seed)
            self.pile, self.to_move, self.turns, self.round = 10 + self.rng.randrange(5), 0, 0, 1
            self.taken: list[int] = []

        def legal_moves(self) -> list[int]:
            return [n for n in (1, 2) if n <= self.pile]

        def push(self, move: int) -> None:
            if self.over or move not in self.legal_moves():
                raise IllegalMove(f"cannot take {move} from {self.pile}")
            self.pile -= move
            self.taken.append(move)
            self.turns += 1
            if self.pile:
                self.to_move = (self.to_move + 1) % self.players

        @property
        def over(self) -> bool:
            return self.pile == 0

        @property
        def reason(self) -> str:
            return "the pile is empty" if self.over else ""

        def scores(self) -> list[int]:
            return [int(self.over and seat == self.to_move) for seat in range(self.players)]

        ...  # copy, view, sample and record as the protocol says

tests/games/test_game_state.py drives every game's state through the protocol's promises; the docs
(docs/protocol.md, "The game state") show the example whole and list where each game's rules live.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, TypeVar

from pnp.players.view import SeatView

Move = Any  # a move in the game's own terms: a placement, a whole turn, None for "no placement"
S = TypeVar("S", bound="GameState")


class IllegalMove(ValueError):
    """A move the rules forbid, or a place off the board: a bug in a player or a caller when a program
    makes it; a table answers a person's with the reason."""


class GameState(Protocol):
    """One game in progress, dealt from a seed; see the module's example."""

    players: int  # seats, 1 or more
    # The generator the deal seeded for the game's random choices after the deal: a player draws its own
    # random choices from it, so that a game depends on its seed alone.
    rng: random.Random
    to_move: int  # the seat whose turn it is, 0-based (the last seat to move once the game is over)
    turns: int  # turns taken so far (a skip or a pass is a turn; a start piece the rules lay is not)
    round: int  # the round being played, from 1 (a game of one round stays at 1)

    def legal_moves(self) -> Sequence[Move]:
        """The moves `to_move` may make now, in a fixed order (the same on every run); empty once over.
        A game where a seat that cannot place draws or passes offers that as one move of its own."""
        ...

    def push(self, move: Move) -> None:
        """Make `to_move`'s move and everything the rules then apply by themselves, up to the next seat
        that has a choice to make or the end of the game. Raises IllegalMove for a move the rules
        forbid, leaving the state as it was."""
        ...

    def copy(self: S) -> S:
        """An independent state to try moves on. It draws from the same generator (`rng`): copying one
        costs more than the moves a search tries, and the pushes themselves draw nothing."""
        ...

    @property
    def over(self) -> bool: ...

    @property
    def reason(self) -> str:
        """Why the game ended, in a few words ("stack empty", "blocked"); "" while it runs."""
        ...

    def scores(self) -> list[int]:
        """Every seat's score now (final, with end bonuses and minus points, once over)."""
        ...

    def view(self, seat: int) -> SeatView:
        """What `seat` may know besides the board and its own hand (pnp.players.view)."""
        ...

    def hand(self, seat: int) -> Sequence[Hashable]:
        """The pieces `seat` holds, in the game's own terms."""
        ...

    def sample(self: S, seat: int, rng: random.Random) -> S:
        """A copy in which what `seat` cannot see (the other hands, the order of the draw pile) is dealt
        at random from the pieces it has not seen, hands of the same sizes, drawing from `rng`, which the
        copy keeps as its generator; the searches play on these."""
        ...

    def record(self) -> dict[str, Any]:
        """The game so far as a JSON-ready record, enough for the game's replay to check it."""
        ...


# Optional: the sampler and the trusted push, for the search's speed (docs/protocol.md).
# `sampler(seat) -> (rng -> sample)` deals exactly what `sample(seat, rng)` deals, the pieces the seat has
# not seen worked out once: a search asks for one per move (`pnp.players.search.sampler` falls back to
# `sample`). `push_trusted(move)` makes the game `push` makes without checking the move: only the search
# calls it, on its samples, for moves taken from the game's legal moves or its own players; every other
# move, a person's and a plugin player's among them, goes through `push` and all its checks.

# Optional: the exchanged deal. A game whose state can be dealt for a seed with the two seats' hands and
# their shares of the draw pile exchanged (what seat 1 would hold and draw, seat 2 holds and draws, and
# the other way round) declares it with `Simulation.seat_exchange`; its `start` then deals
# `deal.exchanged` so, and the state's record says `"exchanged": true`. `pnp check --pairs` plays each
# two-seat deal twice, as dealt and exchanged, so the luck of the deal cancels from the seat advantage.
# `exchange_blocks` builds such a deal from the seed's order.


# A player: the state -> its move for `state.to_move`. It draws any random choice from `state.rng`.
Player = Callable[[Any], Move]


def exchange_blocks(items: Sequence[Any], start: int, size: int, pairs: int | None = None) -> list[Any]:
    """`items` with its blocks of `size` from `start` on exchanged two by two (the first block with the
    second, the third with the fourth...): `pairs` pairs of blocks, or every whole pair; what is left over
    stays where it is. Applied twice, it gives `items` back. For a game's exchanged deal: its two hands,
    then each seat's draws."""
    out = list(items)
    position, done = start, 0
    while position + 2 * size <= len(out) and (pairs is None or done < pairs):
        middle, end = position + size, position + 2 * size
        out[position:end] = out[middle:end] + out[position:middle]
        position, done = end, done + 1
    return out


def deal_hidden(hidden: Sequence[Any], sizes: Sequence[int], seat: int, rng: random.Random) -> tuple[
        list[list[Any]], list[Any]]:
    """The pieces a seat has not seen dealt at random: hands of `sizes` for the other seats (none for
    `seat`) and the rest as the draw pile, in draw order. For the games' `sample`."""
    pieces = list(hidden)
    rng.shuffle(pieces)
    hands: list[list[Any]] = []
    for other, size in enumerate(sizes):
        size = 0 if other == seat else size
        hands.append(pieces[:size])
        del pieces[:size]
    return hands, pieces
