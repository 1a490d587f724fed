"""The search player (levels "expert" and "master"): determinised playouts of its best turns.

A seat sees the board, its own tiles and how many tiles every other seat keeps and the bag holds;
the tiles it has not seen are dealt at random to the other hands and the bag for each sample. The
candidates are the lookahead player's: the greedy turn and turns that open with another of the best
placements of each value. Each is played on by greedy players for a few turns, the draw rule
included, and scores the points of its rows (an x2 cross at CROSS_VALUE) less the others' (see
pnp.players.search).
"""

from __future__ import annotations

import random

from pnp.games.zatre.engine import IllegalTurn, Position, TurnResult, apply_turn, tiles_to_draw
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.players import CROSS_VALUE, _best_cells, _tables, greedy_player
from pnp.players.search import Budget, best_candidate
from pnp.players.view import SeatView, unseen

BUDGETS = {"search": Budget(playouts=192, horizon=4), "search-deep": Budget(playouts=768, horizon=5)}
FIRST_PLACEMENTS = 3  # the best first placements per value in hand that open a candidate turn
Turn = list[tuple[int, int]]


class SearchPlayer:
    """One seat's search player for one game: `observe` receives what the seat may know before
    each of its turns (see pnp.players.view)."""

    def __init__(self, budget: Budget, model: ZatreModel) -> None:
        self.budget = budget
        self.bag = sorted(model.tiles.bag())
        self.per_turn = model.rules.tiles_per_turn
        self.view: SeatView | None = None

    def observe(self, view: SeatView) -> None:
        self.view = view

    def __call__(self, pos: Position, hand: list[int], rng: random.Random) -> Turn:
        view = self.view
        candidates = candidate_turns(pos, hand, rng)
        if view is None or len(candidates) == 1:
            return candidates[0]
        seed = rng.getrandbits(64)
        hidden: list[int] = unseen(self.bag, view.seen, hand)  # type: ignore[arg-type]
        samples: dict[int, tuple[list[list[int]], list[int]]] = {}

        def deal(sample: int) -> tuple[list[list[int]], list[int]]:
            dealt = samples.get(sample)
            if dealt is None:
                pieces = hidden[:]
                random.Random(seed + sample).shuffle(pieces)
                hands: list[list[int]] = []
                for seat, size in enumerate(view.hand_sizes):
                    size = 0 if seat == view.seat else size
                    hands.append(pieces[:size])
                    del pieces[:size]
                dealt = samples[sample] = (hands, pieces)
            return dealt

        def value(turn: Turn, sample: int) -> float:
            hands, bag = deal(sample)
            after = pos.copy()
            kept = hand[:]
            points = turn_value(apply_turn(after, kept, turn))
            seat_hands = [h[:] for h in hands]
            seat_hands[view.seat] = kept
            return points + playout(after, seat_hands, bag[:], view.seat, self.budget.horizon, self.per_turn, rng)

        return candidates[best_candidate(candidates, value, self.budget.playouts)]


def candidate_turns(pos: Position, hand: list[int], rng: random.Random) -> list[Turn]:
    """The greedy turn first, then turns opening with another of the best placements of each value
    in hand and going on greedily; each turn once."""
    turns = [greedy_player(pos, hand, rng)]
    seen = {frozenset(turns[0])}
    tables = _tables(pos.geo)
    for pips in sorted(set(hand)):
        for cell in _best_cells(pos, pips, tables, FIRST_PLACEMENTS):
            after = pos.copy()
            after.place(cell, pips)
            rest = hand[:]
            rest.remove(pips)
            turn = [(pips, cell), *greedy_player(after, rest, rng)]
            if frozenset(turn) not in seen:
                seen.add(frozenset(turn))
                turns.append(turn)
    return turns


def turn_value(result: TurnResult) -> float:
    return sum(row.points for row in result.rows) + CROSS_VALUE * result.crosses


def playout(pos: Position, hands: list[list[int]], bag: list[int], seat: int, horizon: int, per_turn: int,
            rng: random.Random) -> float:
    """The seat's row points less the others' (their mean) over the next `horizon` turns of greedy
    play; the game ends first when the bag runs out."""
    players = len(hands)
    share = 1 / max(1, players - 1)
    gained = 0.0
    player = seat
    for _ in range(horizon):
        if not bag:
            break
        player = (player + 1) % players
        hand = hands[player]
        count = tiles_to_draw(pos, hand, per_turn)
        hand.extend(bag[:count])
        del bag[:count]
        try:
            points = turn_value(apply_turn(pos, hand, greedy_player(pos, hand[:], rng)))
        except IllegalTurn:  # pragma: no cover - the greedy player plays legal turns
            break
        gained += points if player == seat else -points * share
    return gained
