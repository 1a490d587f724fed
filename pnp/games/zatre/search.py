"""Zatre's part in the search player (levels "expert" and "master", pnp.players.search): its candidate
turns, its playouts (the greedy turn) and how it values a playout (by the score sheets); the budgets.

A seat sees the board, its own tiles and how many tiles every other seat keeps and the bag holds;
the state's `sample` deals the tiles it has not seen to the other hands and the bag. The
candidates are the lookahead player's: the greedy turn and turns that open with another of the best
placements of each value. Each is played on through the state by greedy turns, the draw rule and the
end included, every turn written on the state's copies of the score sheets as a person writes it. A
candidate scores what the sheets make of it (a row's box, the bonus of a sheet row it completes, the
doubling of its x2 rows) less the others': a 10 that completes a sheet row's bonus can be worth more
than a 12, which row points alone never see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.games.zatre.engine import Position
from pnp.games.zatre.model import ZatreModel
from pnp.games.zatre.players import _best_cells, _tables, greedy_player
from pnp.games.zatre.sheet import ScoreSheet
from pnp.games.zatre.state import ZatreState, copy_sheet
from pnp.players.search import Budget, SearchPlayer
from pnp.players.view import ObservingPlayer

BUDGETS = {"search": Budget(playouts=192, horizon=4), "search-deep": Budget(playouts=768, horizon=5)}
FIRST_PLACEMENTS = 3  # the best first placements per value in hand that open a candidate turn
# An empty box of a sheet row with an x2 cross is filled, doubled, later in about this share of games:
# a cross ahead of the filled rows is worth what it will double, not nothing.
FILL_CHANCE = 0.5
Turn = list[tuple[int, int]]


def candidates(state: ZatreState) -> list[Turn]:
    return candidate_turns(state.pos, state.hands[state.to_move], state.rng)


def playout_turn(state: ZatreState) -> Turn:
    return greedy_player(state.pos, state.hands[state.to_move][:], state.rng)


def evaluate(state: ZatreState, seat: int, before: Sequence[int]) -> float:
    return sheet_lead(state.sheets, seat)


def search_player(name: str) -> SearchPlayer:
    return SearchPlayer(BUDGETS[name], playout_turn, candidates, evaluate)


class SearchChooser(ObservingPlayer):
    """The same search as a player of the engine's kind, (position, hand, rng) -> turn, told its seat's
    view before each turn: it plays on the game as its seat sees it."""

    def __init__(self, budget: Budget, model: ZatreModel) -> None:
        super().__init__(budget)
        self.model = model
        self.search = SearchPlayer(budget, playout_turn, candidates, evaluate)

    def __call__(self, pos: Position, hand: list[int], rng: random.Random) -> Turn:
        if self.view is None:
            return candidate_turns(pos, hand, rng)[0]
        return self.search(ZatreState.as_seen(self.model, pos, hand, rng, self.view))


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


__all__ = ["copy_sheet"]  # read from here by the tests of the sheet values
