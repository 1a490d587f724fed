"""The search player (levels "expert" and "master"): determinised playouts of its best moves.

A seat sees the table, its own tiles and how many tiles every other seat holds and the pool keeps;
the tiles it has not seen are dealt at random to the other hands and the pool for each sample.
Each candidate move is played on by greedy players for a few turns, with the draw, pass and going
out rules of the preset, and scores its own points less the others' (see pnp.players.search).
After a draw, when only the drawn tile may be played, the player places it where it scores most.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.players.search import Budget, best_candidate
from pnp.players.view import Deals, ObservingPlayer, unseen

from .engine import Move, Table, hand_total
from .model import Numbers, Rules

CANDIDATES = 8  # the best-scoring moves the search weighs
BUDGETS = {"search": Budget(playouts=400, horizon=8), "search-deep": Budget(playouts=1600, horizon=10)}


class SearchPlayer(ObservingPlayer):
    """One seat's search player for one game: `observe` receives what the seat may know before
    each of its turns (see pnp.players.view)."""

    def __call__(self, table: Table, tiles: list[int], rng: random.Random) -> Move | None:
        view, self.view = self.view, None  # a second call in a turn offers the drawn tile only
        moves = table.moves(tiles)
        if view is None or len(moves) <= 1:
            return table.best_move(tiles) if moves else None
        values = [table.move_value(move) for move in moves]
        order = sorted(range(len(moves)), key=lambda i: -values[i])[:CANDIDATES]  # stable: `moves` order on ties
        seed = rng.getrandbits(64)
        deal: Deals[int] = Deals(unseen(range(len(table.fit.sums)), view.seen, tiles), view, seed)  # type: ignore[arg-type]
        rules = table.rules

        def value(index: int, sample: int) -> float:
            hands, pool = deal(sample)
            move = moves[index]
            after = table.copy()
            after.place(move.cell, move.numbers)
            seat_hands = [h[:] for h in hands]
            seat_hands[view.seat] = [t for t in tiles if t != move.tile]
            return values[index] + playout(after, rules, seat_hands, pool[:], view.seat, self.budget.horizon)

        return moves[order[best_candidate(order, value, self.budget.playouts)]]


def playout(table: Table, rules: Rules, hands: list[list[int]], pool: list[int], seat: int, horizon: int) -> float:
    """The seat's points less the others' (their mean) over the next `horizon` turns of greedy play;
    the round may end first, when a hand goes out (`pool.pop()` draws)."""
    players = len(hands)
    share = 1 / max(1, players - 1)
    tiles = table.fit.tiles
    if not hands[seat]:
        return going_out(rules, hands, seat, seat, share, tiles)
    gained = 0.0
    player = seat
    for _ in range(horizon):
        player = (player + 1) % players
        hand = hands[player]
        move = table.best_move(hand) if hand else None
        penalty = 0
        if move is None:
            if not pool or rules.draw_limit == 0:
                penalty = rules.empty_pool_pass_penalty
            else:
                drawn = 0
                while pool and drawn < rules.draw_limit:
                    tile = pool.pop()
                    hand.append(tile)
                    drawn += 1
                    move = table.best_move([tile])
                    if move is not None:
                        break
                penalty = rules.draw_penalty_for(drawn) + (rules.failed_draw_penalty if move is None else 0)
        points = -penalty
        if move is not None:
            points += table.move_value(move)
            table.place(move.cell, move.numbers)
            hand.remove(move.tile)
        gained += points if player == seat else -points * share
        if not hand:
            return gained + going_out(rules, hands, player, seat, share, tiles)
    return gained


def going_out(rules: Rules, hands: list[list[int]], out: int, seat: int, share: float,
              tiles: Sequence[Numbers]) -> float:
    """What going out is worth to the seat: the bonus (and the other hands' pips, where the preset
    says so) to the player who went out, counted for the seat or against it."""
    bonus = rules.going_out_bonus
    if rules.going_out_collects_hands:
        bonus += sum(hand_total(hand, tiles) for p, hand in enumerate(hands) if p != out)
    return bonus if out == seat else -bonus * share
