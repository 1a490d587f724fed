"""The search player (levels "expert" and "master"): determinised playouts of its best placements.

A seat sees the board, its own stones and how many stones the opponent holds and the stack keeps;
the stones it has not seen are dealt at random to the opponent's hand and the stack for each sample.
Each candidate placement is then played on by greedy players for a few turns, the skip rule
included, and scores its own points less the opponent's (see pnp.players.search).
"""

from __future__ import annotations

import random
from collections import deque

from pnp.players.search import Budget, best_candidate
from pnp.players.view import Deals, ObservingPlayer, unseen

from .engine import Board, Move, Stone, stone_indices

CANDIDATES = 8  # the best-scoring placements the search weighs
BUDGETS = {"search": Budget(playouts=384, horizon=6), "search-deep": Budget(playouts=1536, horizon=8)}


class SearchPlayer(ObservingPlayer):
    """One seat's search player for one game: `observe` receives what the seat may know before
    each of its moves (see pnp.players.view)."""

    def __call__(self, board: Board, hand: list[Stone], rng: random.Random) -> Move:
        moves = board.moves(hand)
        totals = board.totals(moves)
        order = sorted(range(len(moves)), key=lambda i: -totals[i])[:CANDIDATES]
        view = self.view
        if len(order) == 1 or view is None:
            return moves[order[0]]
        seed = rng.getrandbits(64)
        deal: Deals[Stone] = Deals(unseen(stone_indices(board.model), view.seen, hand), view, seed)  # type: ignore[arg-type]

        def value(index: int, sample: int) -> float:
            hands, stack = deal(sample)
            hand_index, slot, colour_a, colour_b = moves[index]
            after = board.copy()
            after.put(slot, colour_a, colour_b)
            own = hand[:hand_index] + hand[hand_index + 1:]
            seat_hands = [h[:] for h in hands]
            seat_hands[view.seat] = own
            return totals[index] + playout(after, seat_hands, deque(stack), view.seat, self.budget.horizon)

        return moves[order[best_candidate(order, value, self.budget.playouts)]]


def playout(board: Board, hands: list[list[Stone]], stack: deque[Stone], seat: int, horizon: int) -> float:
    """The seat's points less its opponents' over the next `horizon` turns of greedy play, starting
    with the seat's draw after its move; the stack empties or the board fills first in some games."""
    players = len(hands)
    hand_size = board.model.hand_size
    if stack:
        hands[seat].append(stack.popleft())
    if players > 1 and seat == players - 1 and not stack:
        return 0.0  # the game is over after the move
    gained = 0.0
    player = seat
    for _ in range(horizon):
        player = (player + 1) % players
        hand = hands[player]
        best = board.best_moves(hand) if hand else []
        if not best:
            if players == 1:
                break  # a blocked solo hand ends the game
            stack.extend(hand)
            hand.clear()
            for _ in range(min(hand_size, len(stack))):
                hand.append(stack.popleft())
        else:
            hand_index, slot, colour_a, colour_b = best[0]
            points = board.total(slot, colour_a, colour_b)
            board.put(slot, colour_a, colour_b)
            hand.pop(hand_index)
            if stack:
                hand.append(stack.popleft())
            gained += points if player == seat else -points / (players - 1)
        if players > 1 and player == players - 1 and not stack:
            break
    return gained
