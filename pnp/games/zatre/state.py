"""Zatre's game state (pnp.games.state): the bag, the draw rule, the score sheets and the end.

A move is a whole turn: the (pips, cell index) placements in order, [] when nothing in hand fits.
`push` checks and scores it, writes it on the seat's score sheet, and draws for the next seat by the
draw rule; when the bag is empty the game ends and the tiles left count against their holders.
These are the game's rules of turn order and end, written here once.

A seat a person plays (`people`) is asked only when they have a choice: a person holding no tile that
fits passes at once, inside `push` (a seat of the computer passes by its player's [], as in a check).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Any

from pnp.games.state import IllegalMove, Player, deal_hidden, exchange_blocks
from pnp.players.view import SeatView, observer, unseen

from .engine import GameResult, Geometry, Position, TurnLog, apply_turn, ordered_legal_turns, tiles_to_draw
from .model import ZatreModel
from .sheet import ScoreSheet

Turn = list[tuple[int, int]]


def copy_sheet(sheet: ScoreSheet) -> ScoreSheet:
    return sheet.copy()


class ZatreState:
    """One Zatre game from the shuffle of seed `seed`; `kinds` names each seat's player for the record.
    `exchanged` (two players): the shuffle with the two seats' draws exchanged (pnp.games.state, the
    exchanged deal): after the first turn's tiles, every two blocks of a turn's tiles. `people`: the
    seats people play (see the module's note)."""

    # The seats people play; none: every seat is a program's, as in a check.
    people: frozenset[int] = frozenset()
    # A sample dealt by `sampler` reads its game's position and sheets until its first push.
    _shares = False

    def __init__(self, model: ZatreModel, geo: Geometry, kinds: Sequence[str], seed: int,
                 exchanged: bool = False, people: Collection[int] = ()) -> None:
        self.model, self.geo, self.players = model, geo, len(kinds)
        self.rng = rng = random.Random(seed)
        bag = model.tiles.bag()
        self.tile_set = sorted(bag)  # every tile, smallest first: a sample deals the unseen ones in this order
        rng.shuffle(bag)
        if exchanged:
            bag = exchanged_bag(bag, len(kinds), model.rules.first_turn_tiles, model.rules.tiles_per_turn)
        self.bag = bag  # in draw order; the first `drawn` are out
        self.result = GameResult(seed, bag[:], list(kinds), exchanged=exchanged)
        self.pos = Position(geo)
        self.hands: list[list[int]] = [[] for _ in kinds]
        self.sheets = self.result.sheets = [ScoreSheet(model.sheet, model.rules) for _ in kinds]
        self.drawn = 0
        self.turns = 0
        self.to_move = 0
        self.round = 1
        self.over = False
        self._drawn_now: list[int] = []
        self._seen: tuple[int, ...] | None = None
        self.sampled = False  # a sample's hidden tiles are made up: it keeps no record of its turns
        if people:
            self.people = frozenset(people)
        self._begin_turn()
        self._pass_people()

    @classmethod
    def as_seen(cls, model: ZatreModel, pos: Position, hand: list[int], rng: random.Random,
                view: SeatView) -> ZatreState:
        """The game as `view.seat` sees it, holding `hand`: the hidden tiles are blanks of the right
        number until `sample` deals them. Position, sheets and generator are shared, not copied."""
        state = object.__new__(cls)
        state.model, state.geo, state.players, state.rng, state.pos = model, pos.geo, len(view.hand_sizes), rng, pos
        state.bag, state.drawn, state.turns = [0] * view.to_draw, 0, 0
        state.tile_set = sorted(model.tiles.bag())
        state.result = GameResult(0, [], [])
        state.hands = [hand[:] if seat == view.seat else [0] * size for seat, size in enumerate(view.hand_sizes)]
        state.sheets = list(view.records)
        state.to_move, state.round, state.over, state._drawn_now, state._seen = view.seat, 1, False, [], view.seen
        state.sampled = False
        return state

    # --- the protocol ---------------------------------------------------------------------------


    @property
    def reason(self) -> str:
        return "bag empty" if self.over else ""

    def scores(self) -> list[int]:
        return [sheet.total for sheet in self.sheets]

    @property
    def drawn_now(self) -> list[int]:
        """The tiles the seat on turn drew for this turn."""
        return self._drawn_now

    def hand(self, seat: int) -> list[int]:
        return self.hands[seat]

    def legal_moves(self) -> list[Turn]:
        """Every legal turn (exhaustive: for tests, hints and players of any game, not for speed)."""
        if self.over:
            return []
        return sorted(ordered_legal_turns(self.pos, self.hands[self.to_move]).values())

    def push(self, move: Turn) -> None:
        self._play(move)
        if self.people:
            self._pass_people()

    def _play(self, move: Turn) -> None:
        if self.over:
            raise IllegalMove("the game is over (bag empty)")
        if self._shares:
            self._own_board()
        seat = self.to_move
        hand = self.hands[seat]
        if not isinstance(move, (list, tuple)):
            raise IllegalMove(f"{move!r} is no turn (a list of (pips, cell) placements)")
        for placement in move:  # a loop, not all(...): every turn of every game passes here
            if not isinstance(placement, (list, tuple)) or len(placement) != 2:
                raise IllegalMove(f"{move!r} is no turn (a list of (pips, cell) placements)")
        placements = list(move)
        start_hand = hand[:]
        try:
            scored = apply_turn(self.pos, hand, placements)
        except IllegalMove:
            # A refused turn leaves the game as it was: the board is laid again from the record (in the
            # same order, so its open cells keep the order players break ties by).
            hand[:] = start_hand
            if not self.sampled:
                self.pos = self._laid_again()
            raise
        entries = self.sheets[seat].enter_turn([r.total for r in scored.rows], scored.crosses)
        if not self.sampled:
            self.result.turns.append(TurnLog(seat, self._drawn_now, start_hand, placements, scored, hand[:],
                                             entries))
        self.turns += 1
        self.to_move = (seat + 1) % self.players
        self._begin_turn()

    def push_trusted(self, move: Turn) -> None:
        """`push` for a turn known to be legal (pnp.games.state, the trusted push): a search's candidate
        or playout turn on its sample, made by the game's own players. The turn's form is not checked
        and nothing is kept to undo it; the engine lays and scores it by the rules as `push` does, and
        the draw and the end follow. A game with a record (no sample) takes the checking `push`."""
        if not self.sampled:
            return self.push(move)
        if self._shares:
            self._own_board()
        seat = self.to_move
        scored = apply_turn(self.pos, self.hands[seat], move)
        self.sheets[seat].enter_turn([r.total for r in scored.rows], scored.crosses)
        self.turns += 1
        self.to_move = (seat + 1) % self.players
        self._begin_turn()
        if self.people:
            self._pass_people()

    def copy(self) -> ZatreState:
        other = object.__new__(ZatreState)
        other.__dict__.update(self.__dict__)
        other.pos = self.pos.copy()
        other.hands = [hand[:] for hand in self.hands]
        other.sheets = [copy_sheet(sheet) for sheet in self.sheets]
        other._shares = False
        if not self.sampled:  # a sample writes no turns: its record is shared, made its own when read
            other.result = other._result_copy()
            other.result.turns = other.result.turns[:]
        return other

    def _result_copy(self) -> GameResult:
        result = self.result
        return GameResult(result.seed, result.bag, result.kinds, result.turns, self.sheets, result.hands,
                          result.exchanged)

    def seen(self) -> tuple[int, ...]:
        """The tiles on the board: seen by every seat."""
        return self._seen if self._seen is not None else tuple(filter(None, self.pos.pips))

    def view(self, seat: int) -> SeatView:
        return SeatView(seat, tuple(map(len, self.hands)), len(self.bag) - self.drawn, tuple(self.scores()),
                        self.seen(), tuple(self.sheets))

    def sample(self, seat: int, rng: random.Random) -> ZatreState:
        other = self.sampler(seat)(rng)
        other._own_board()  # its own at once: the game may move on while the sample lives
        return other

    def sampler(self, seat: int) -> Callable[[random.Random], ZatreState]:
        """`sample(seat, rng)` for many generators, the tiles the seat has not seen worked out once
        (pnp.games.state, the sampler). Each sample reads this game's position and score sheets until
        its first push, which writes on copies of its own: a search deals them and copies them while
        the game stands still."""
        hidden = unseen(self.tile_set, self.seen(), self.hands[seat])
        sizes = [len(h) for h in self.hands]
        out = self.bag[:self.drawn]

        def deal(rng: random.Random) -> ZatreState:
            other = object.__new__(ZatreState)
            other.__dict__.update(self.__dict__)
            if not self.sampled:  # a record of its own, up to the sampling (a sample's is shared)
                other.result = self._result_copy()
                other.result.turns = other.result.turns[:]
            hands, pile = deal_hidden(hidden, sizes, seat, rng)
            hands[seat] = self.hands[seat][:]
            other.hands, other.bag, other.sampled, other._shares = hands, out + pile, True, True
            other.rng = rng  # the sample's own draws
            return other

        return deal

    def _own_board(self) -> None:
        """A position and score sheets of its own in place of those it shares (see `sampler`)."""
        self.pos = self.pos.copy()
        self.sheets = [copy_sheet(sheet) for sheet in self.sheets]
        self._shares = False

    def record(self) -> dict[str, Any]:
        from .records import to_record

        if self.sampled:  # its own copy of the shared record, with its sheets (and hands, once over)
            result = self.result = self._result_copy()
            if self.over:
                result.hands = self.hands
        return to_record(self.result, self.geo, 0)

    def _laid_again(self) -> Position:
        pos = Position(self.geo)
        for turn in self.result.turns:
            for pips, cell in turn.placements:
                pos.place(cell, pips)
        return pos

    # --- the rules of the draw, a person's pass and the end ---------------------------------------

    def _pass_people(self) -> None:
        """A person holding no tile that fits passes at once (see the module's note). The smallest tile
        held fits wherever a larger one does: the test `apply_turn` makes of the tiles a turn keeps."""
        while not self.over and self.to_move in self.people:
            hand = self.hands[self.to_move]
            if hand and self.pos.can_place(min(hand)):
                return
            self._play([])

    def _begin_turn(self) -> None:
        """Draw for the seat on turn by the draw rule, or end the game when the bag is empty."""
        if self.drawn >= len(self.bag):
            self.over = True
            for sheet, hand in zip(self.sheets, self.hands, strict=True):
                sheet.minus = sum(hand)
            if not self.sampled:  # a sample's shared record is made its own when read (`record`)
                self.result.hands = self.hands
            return
        hand = self.hands[self.to_move]
        rules = self.model.rules
        count = tiles_to_draw(self.pos, hand, rules.tiles_per_turn) if self.turns else rules.first_turn_tiles
        start = self.drawn
        drawn = self._drawn_now = self.bag[start:start + count]
        self.drawn = start + len(drawn)
        hand += drawn


def exchanged_bag(bag: list[int], players: int, first_turn: int, per_turn: int) -> list[int]:
    """The shuffled bag with the two seats' draws exchanged. The first turn's tiles (the start player's,
    one of which covers the start field) stay; after them the seats draw a turn's tiles in turn while
    they place all they hold, so every two blocks of `per_turn` tiles change places. A seat that keeps
    tiles draws fewer, and the blocks then fall to the seats otherwise: the exchange is of the bag's
    order, not of a game's draws."""
    if players != 2:
        raise ValueError(f"an exchanged deal is one of two seats, not {players}")
    return exchange_blocks(bag, first_turn, per_turn)


def chooser_player(choose: Any) -> Player:
    """A player of the engine's kind, (position, hand, rng) -> turn, playing a state; one that plans
    ahead (with `observe`) is told its seat's view first."""
    observe = observer(choose)

    def play(state: ZatreState) -> Turn:
        if observe is not None:
            observe(state.view(state.to_move))
        return choose(state.pos, state.hands[state.to_move][:], state.rng)

    def play_plain(state: ZatreState) -> Turn:
        return choose(state.pos, state.hands[state.to_move][:], state.rng)

    return play if observe is not None else play_plain


def play_game(model: ZatreModel, geo: Geometry, players: list[Any], kinds: list[str], seed: int) -> GameResult:
    """One seeded game played by the engine's players through the one game loop."""
    from pnp.check.simulate import play_out

    state = ZatreState(model, geo, kinds, seed)
    play_out(state, [chooser_player(p) for p in players])
    return state.result
