"""The search player (levels "expert" and "master"): determinised playouts of its best turns.

A seat sees the board, its own tiles and how many tiles every other seat keeps and the bag holds;
the tiles it has not seen are dealt at random to the other hands and the bag for each sample. The
candidates are the lookahead player's: the greedy turn and turns that open with another of the best
placements of each value. Each is played on by greedy players for a few turns, the draw rule
included, every turn written on copies of the score sheets as a person writes it. A candidate
scores what the sheets make of it (a row's box, the bonus of a sheet row it completes, the
doubling of its x2 rows) less the others' (see pnp.players.search): a 10 that completes a sheet
row's bonus can be worth more than a 12, which row points alone never see.
"""

from __future__ import annotations

import random

from pnp.games.zatre.engine import IllegalTurn, Position, TurnResult, apply_turn, tiles_to_draw
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.players import _best_cells, _tables, greedy_player
from pnp.games.zatre.sheet import ScoreSheet
from pnp.players.search import Budget, best_candidate
from pnp.players.view import Deals, ObservingPlayer, unseen

BUDGETS = {"search": Budget(playouts=192, horizon=4), "search-deep": Budget(playouts=768, horizon=5)}
FIRST_PLACEMENTS = 3  # the best first placements per value in hand that open a candidate turn
# An empty box of a sheet row with an x2 cross is filled, doubled, later in about this share of games:
# a cross ahead of the filled rows is worth what it will double, not nothing.
FILL_CHANCE = 0.5
Turn = list[tuple[int, int]]


class SearchPlayer(ObservingPlayer):
    """One seat's search player for one game: `observe` receives what the seat may know before
    each of its turns (see pnp.players.view)."""

    def __init__(self, budget: Budget, model: ZatreModel) -> None:
        super().__init__(budget)
        self.bag = sorted(model.tiles.bag())
        self.per_turn = model.rules.tiles_per_turn

    def __call__(self, pos: Position, hand: list[int], rng: random.Random) -> Turn:
        view = self.view
        candidates = candidate_turns(pos, hand, rng)
        if view is None or len(candidates) == 1:
            return candidates[0]
        seed = rng.getrandbits(64)
        deal: Deals[int] = Deals(unseen(self.bag, view.seen, hand), view, seed)  # type: ignore[arg-type]

        sheets = view.records

        def value(turn: Turn, sample: int) -> float:
            hands, bag = deal(sample)
            after = pos.copy()
            kept = hand[:]
            written = [copy_sheet(sheet) for sheet in sheets]
            enter(written[view.seat], apply_turn(after, kept, turn))
            seat_hands = [h[:] for h in hands]
            seat_hands[view.seat] = kept
            playout(after, seat_hands, bag[:], written, view.seat, self.budget.horizon, self.per_turn, rng)
            return sheet_lead(written, view.seat)

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


def copy_sheet(sheet: ScoreSheet) -> ScoreSheet:
    return ScoreSheet(sheet.layout, sheet.rules, {row_sum: boxes[:] for row_sum, boxes in sheet.columns.items()},
                      sheet.crosses, sheet.minus)


def enter(sheet: ScoreSheet, result: TurnResult) -> None:
    sheet.enter_turn([row.total for row in result.rows], result.crosses)


def sheet_value(sheet: ScoreSheet) -> float:
    """The sheet's total and, for every empty box of a row with an x2 cross, its points doubled at
    FILL_CHANCE."""
    value = float(sheet.total)
    for row_sum, points in sheet.rules.points:
        filled = len(sheet.columns[row_sum])
        if filled < sheet.crosses:
            value += (sheet.crosses - filled) * 2 * points * FILL_CHANCE
    return value


def sheet_lead(sheets: list[ScoreSheet], seat: int) -> float:
    """The seat's sheet value less the mean of the others'."""
    others = [sheet_value(sheet) for index, sheet in enumerate(sheets) if index != seat]
    return sheet_value(sheets[seat]) - (sum(others) / len(others) if others else 0.0)


def playout(pos: Position, hands: list[list[int]], bag: list[int], sheets: list[ScoreSheet], seat: int,
            horizon: int, per_turn: int, rng: random.Random) -> None:
    """Greedy play for the next `horizon` turns, written on `sheets`; when the bag runs out the game
    ends and the tiles left count against their holders."""
    players = len(hands)
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
            enter(sheets[player], apply_turn(pos, hand, greedy_player(pos, hand[:], rng)))
        except IllegalTurn:  # pragma: no cover - the greedy player plays legal turns
            break
    if not bag:
        for sheet, hand in zip(sheets, hands, strict=True):
            sheet.minus = sum(hand)
