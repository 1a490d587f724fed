"""Rautino's game state (pnp.games.state): the shuffle, the start stone, turns, skips and the end.

A move is the engine's `Move` (hand index, slot, colour on the slot's a, colour on its b). `push`
lays it, scores it and draws the next stone; then, for every seat whose held stones fit nowhere, it
applies the skip (two players: the stones go under the stack, a new hand is drawn) or ends the game,
so `to_move` is always a seat with a stone that fits. These are the game's rules of turn order and
end, written here once.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any

from pnp.games.state import IllegalMove, Player, deal_hidden, exchange_blocks
from pnp.players.view import SeatView, observer, unseen

from .engine import Board, Chooser, GameResult, Move, Stone, Turn, stone_indices
from .model import RautinoModel


class RautinoState:
    """One Rautino game from the shuffle of seed `seed` (see the module's note); `exchanged` (two players):
    the shuffle with the two hands exchanged and every two stones of the stack after them, so that seat 2
    holds and draws what seat 1 would and the other way round (pnp.games.state, the exchanged deal)."""

    def __init__(self, model: RautinoModel, players: int, seed: int, exchanged: bool = False) -> None:
        self.model, self.players = model, players
        self.rng = rng = random.Random(seed)
        self.stones = stone_indices(model)  # the set in its own order, which a sample deals from
        self.kinds = set(self.stones)
        stack_list = self.stones[:]
        rng.shuffle(stack_list)
        if exchanged:
            stack_list = exchanged_stack(stack_list, players, model.hand_size)
        self.result = GameResult(players, seed, list(stack_list), start_scores=model.start_scores(players),
                                 exchanged=exchanged)
        self.board = board = self.result.board = Board(model, players)
        self.stack = deque(stack_list)
        first = self.stack.popleft()
        tables = board.tables
        slot = tables.slot_of[tables.start]
        board.put(slot, *(first if tables.slots[slot].a == tables.start[0] else first[::-1]))
        self.hands: list[list[Stone]] = [[] for _ in range(players)]
        for hand in self.hands:
            _draw(self.stack, hand, model.hand_size)
        self._scores = list(self.result.start_scores)
        self.to_move = 0
        self.over = False
        self.turns = 0
        self.round = 1
        self._seen: tuple[Stone, ...] | None = None  # as a seat was told it (as_seen), else read off the turns
        self.sampled = False  # a sample's hidden stones are made up: it keeps no record of its turns
        self._settle()

    # A sample dealt by `sampler` reads its game's board until its first push.
    _board_shared = False

    @classmethod
    def as_seen(cls, board: Board, hand: list[Stone], rng: random.Random, view: SeatView) -> RautinoState:
        """The game as `view.seat` sees it, holding `hand` on `board`: the hidden stones are blanks of
        the right number until `sample` deals them. Board and generator are shared, not copied."""
        state = object.__new__(cls)
        state.model, state.players, state.rng, state.board = board.model, len(view.hand_sizes), rng, board
        state.stones = stone_indices(board.model)
        state.kinds = set(state.stones)
        state.result = GameResult(state.players, 0, [], board=board)
        state.stack = deque([None] * view.to_draw)  # type: ignore[list-item]
        state.hands = [hand if seat == view.seat else [None] * size  # type: ignore[list-item]
                       for seat, size in enumerate(view.hand_sizes)]
        state._scores, state.to_move, state.round, state._seen = list(view.scores), view.seat, 1, view.seen
        state.turns, state.over = 1, False
        state.sampled = False
        return state

    # --- the protocol ---------------------------------------------------------------------------


    @property
    def reason(self) -> str:
        return self.result.end

    def scores(self) -> list[int]:
        return list(self._scores)

    def hand(self, seat: int) -> list[Stone]:
        return self.hands[seat]

    def legal_moves(self) -> list[Move]:
        return [] if self.over else self.board.moves(self.hands[self.to_move])

    def push(self, move: Move) -> None:
        if self.over:
            raise IllegalMove(f"the game is over ({self.result.end})")
        hand, board = self.hands[self.to_move], self.board
        try:
            hand_index, slot, colour_a, colour_b = move
        except (TypeError, ValueError):
            raise IllegalMove(f"{move!r} is no placement (hand index, slot, colour, colour)") from None
        if not 0 <= hand_index < len(hand) or hand[hand_index] not in ((colour_a, colour_b), (colour_b, colour_a)):
            raise IllegalMove(f"stone {hand_index} of the hand {hand} is not {(colour_a, colour_b)}")
        # The board's fits are a list by slot: a slot off the board must not wrap round to another.
        if not 0 <= slot < len(board.tables.slots) or not board.fits(slot, colour_a, colour_b):
            raise IllegalMove(f"{(colour_a, colour_b)} does not fit on slot {slot}")
        self.push_trusted(move)

    def push_trusted(self, move: Move) -> None:
        """`push` for a move known to be legal (pnp.games.state, the trusted push): a search's candidate
        or playout move, taken from the board's own moves of the hand. The move is not checked; the
        draw, the skips and the end after it are applied as `push` applies them."""
        hand_index, slot, colour_a, colour_b = move
        if self._board_shared:
            self._own_board()
        player = self.to_move
        hand, board, stack = self.hands[player], self.board, self.stack
        stone = hand.pop(hand_index)
        if self.sampled:  # the points alone: a sample keeps no record
            self._scores[player] += board.total(slot, colour_a, colour_b)
            board.put(slot, colour_a, colour_b)
            if stack:
                hand.append(stack.popleft())
        else:
            drawn = (stack.popleft(),) if stack else ()
            score = board.score(slot, colour_a, colour_b)
            board.put(slot, colour_a, colour_b)
            self._scores[player] += score.total
            self.result.turns.append(Turn(player, stone, slot, (colour_a, colour_b), score, drawn=drawn))
            hand += drawn
        self.turns += 1
        players = self.players
        if players > 1 and player == players - 1 and not stack:  # `_ends_after`, inlined
            self._end("stack empty")
            return
        following = self.to_move = (player + 1) % players
        if not board.any_fits(self.hands[following]):  # the common case, a stone that fits, settles nothing
            self._settle()

    def copy(self) -> RautinoState:
        other = object.__new__(RautinoState)
        other.__dict__.update(self.__dict__)
        other.board = other.board.copy()
        other._board_shared = False
        other.stack = deque(self.stack)
        other.hands = [hand[:] for hand in self.hands]
        other._scores = self._scores[:]
        if not self.sampled:  # a sample writes no turns: its record is shared until it writes its end
            other.result = self._result_copy(other.board)
            other.result.turns = other.result.turns[:]
        return other

    def _result_copy(self, board: Board) -> GameResult:
        result = object.__new__(GameResult)  # every field as it is, then the changing ones
        result.__dict__.update(self.result.__dict__)
        result.scores, result.board = result.scores[:], board
        return result

    def _own_result(self) -> GameResult:
        """The record to write on: a sample's own copy of the one it shares with the sample it was
        copied from (its turns list stays shared: a sample adds none)."""
        if self.sampled:
            self.result = self._result_copy(self.board)
        return self.result

    def seen(self) -> tuple[Stone, ...]:
        """The stones on the board, the start stone first: seen by every seat."""
        if self._seen is not None:
            return self._seen
        return (self.result.stack[0], *(t.stone for t in self.result.turns if t.stone is not None))

    def view(self, seat: int) -> SeatView:
        return SeatView(seat, tuple(map(len, self.hands)), len(self.stack), tuple(self._scores), self.seen())

    def sample(self, seat: int, rng: random.Random) -> RautinoState:
        other = self.sampler(seat)(rng)
        other._own_board()  # its own at once: the game may move on while the sample lives
        return other

    def sampler(self, seat: int) -> Callable[[random.Random], RautinoState]:
        """`sample(seat, rng)` for many generators, the stones the seat has not seen worked out once
        (pnp.games.state, the sampler). Each sample reads this game's board until its first push, which
        lays it on a copy of its own: a search deals them and copies them while the game stands still."""
        hidden = unseen(self.stones, self.seen(), self.hands[seat])
        sizes = [len(h) for h in self.hands]

        def deal(rng: random.Random) -> RautinoState:
            other = object.__new__(RautinoState)
            other.__dict__.update(self.__dict__)
            if not self.sampled:  # a record of its own, up to the sampling (a sample's is shared)
                other.result = self._result_copy(self.board)
                other.result.turns = other.result.turns[:]
            hands, stack = deal_hidden(hidden, sizes, seat, rng)
            hands[seat] = self.hands[seat][:]
            other.hands, other.stack, other._scores = hands, deque(stack), self._scores[:]
            other.sampled, other._board_shared = True, True
            other.rng = rng  # the sample's own draws
            return other

        return deal

    def _own_board(self) -> None:
        """A board of its own in place of the one it shares (see `sampler`)."""
        self.board = self.board.copy()
        self._board_shared = False

    def record(self) -> dict[str, Any]:
        """The game so far (a sample's: its turns up to the sampling)."""
        from .records import to_record

        result = self._own_result()
        result.scores = list(self._scores)
        return to_record(self.model, result, 0)

    # --- the rules of turn order and end ---------------------------------------------------------

    def _ends_after(self, player: int) -> bool:
        """Two players: the game ends once the second seat has moved and the stack is empty."""
        if self.players > 1 and player == self.players - 1 and not self.stack:
            self._end("stack empty")
            return True
        return False

    def _settle(self) -> None:
        """From the seat about to move: skip or end the game until a seat holds a stone that fits."""
        board, players, result = self.board, self.players, self.result
        while True:
            player = self.to_move
            hand = self.hands[player]
            if board.any_fits(hand):
                return
            if not self.turns:
                self._own_result().first_turn_blocked = True
            if players == 1 and not hand:
                return self._end("all stones placed")
            if not board.any_fits(self.kinds):
                return self._end("board full")
            if players == 1:
                return self._end("hand blocked")
            pool = [s for h in self.hands for s in h] + list(self.stack)
            if not board.any_fits(pool):
                return self._end("no stone fits")
            returned = tuple(hand)
            self.stack.extend(hand)
            hand.clear()
            drawn = _draw(self.stack, hand, self.model.hand_size)
            self.turns += 1
            if not self.sampled:
                result.turns.append(Turn(player, returned=returned, drawn=drawn))
            if self._ends_after(player):
                return
            self.to_move = (player + 1) % players

    def _end(self, reason: str) -> None:
        self.over = True
        result = self._own_result()
        result.end = reason
        result.scores = list(self._scores)


def exchanged_stack(stack: list[Stone], players: int, hand_size: int) -> list[Stone]:
    """The shuffled stack with the two seats' shares exchanged: after the start stone the two hands, then
    the stones drawn one a turn, in turn, each two of them."""
    if players != 2:
        raise ValueError(f"an exchanged deal is one of two seats, not {players}")
    hands = exchange_blocks(stack, 1, hand_size, pairs=1)
    return exchange_blocks(hands, 1 + 2 * hand_size, 1)


def _draw(stack: deque[Stone], hand: list[Stone], count: int) -> tuple[Stone, ...]:
    drawn = []
    while len(drawn) < count and stack:
        drawn.append(stack.popleft())
    hand.extend(drawn)
    return tuple(drawn)


def chooser_player(choose: Chooser) -> Player:
    """A player of the engine's kind, (board, hand, rng) -> move, playing a state; one that plans
    ahead (with `observe`) is told its seat's view first."""
    observe = observer(choose)

    def play(state: RautinoState) -> Move:
        if observe is not None:
            observe(state.view(state.to_move))
        return choose(state.board, state.hands[state.to_move], state.rng)

    def play_plain(state: RautinoState) -> Move:
        return choose(state.board, state.hands[state.to_move], state.rng)

    return play if observe is not None else play_plain


def play_game(model: RautinoModel, players: int, seed: int, choose: Chooser | list[Chooser]) -> GameResult:
    """One seeded game from shuffle to end, played by the engine's choosers (one for every seat, or a
    list with one per seat) through the one game loop."""
    from pnp.check.simulate import play_out

    choosers = choose if isinstance(choose, list) else [choose] * players
    state = RautinoState(model, players, seed)
    play_out(state, [chooser_player(c) for c in choosers])
    return state.result

