"""Every game's state keeps the promises of the protocol (pnp.games.state), the plugin's domino included:
legal moves push, a refused move leaves the game as it was, a copy and a sample are independent, a
sample keeps the seat's own hand and deals the rest anew, and a game that is over says why."""

from __future__ import annotations

import random
import sys

import pytest
from paths import TESTS

from pnp import games
from pnp.check.protocol import Configuration, Deal, game_seed
from pnp.check.simulate import play_deal
from pnp.games.state import IllegalMove

sys.path.insert(0, str(TESTS / "plugins" / "domino"))

PRESET = {"triomino": "classic"}


def start(game: str, seed: int):
    if game == "domino":
        from pnp_domino.game import DominoState, load

        return DominoState(load(None), 2, seed)
    chosen = games.get(game)
    return chosen.simulation.start(chosen.load(None), Deal(0, 0, seed, Configuration(2, ("greedy", "greedy"),
                                                                                     PRESET.get(game))))


def snapshot(state) -> tuple:
    return state.to_move, state.turns, state.round, state.scores(), [list(state.hand(s)) for s in range(2)]


GAMES = ["rautino", "zatre", "triomino", "domino"]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_played_by_its_legal_moves_keeps_the_protocols_promises(game: str) -> None:
    state = start(game, game_seed(7, 0))
    rng = random.Random(1)
    pushes = 0
    while not state.over and pushes < 12:
        assert state.reason == ""
        moves = list(state.legal_moves())
        assert moves, "a game that is not over offers a move"
        before = snapshot(state)
        twin = state.copy()
        with pytest.raises(IllegalMove):
            state.push(("not", "a", "move"))
        assert snapshot(state) == before  # refused: nothing changed
        twin.push(moves[0])
        assert snapshot(state) == before  # the copy is its own game
        seat = state.to_move
        sample = state.sample(seat, random.Random(pushes))
        assert list(sample.hand(seat)) == list(state.hand(seat))
        assert [len(sample.hand(s)) for s in range(2)] == [len(state.hand(s)) for s in range(2)]
        assert snapshot(state) == before
        state.push(moves[rng.randrange(len(moves))])
        pushes += 1
    assert pushes == 12 or state.reason
    assert state.view(0).seat == 0 and len(state.view(0).hand_sizes) == 2
    assert isinstance(state.record(), dict)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_played_to_its_end_says_why_it_ended(game: str) -> None:
    if game == "domino":
        from pnp_domino.game import SIMULATION, load

        simulation, model = SIMULATION, load(None)
    else:
        chosen = games.get(game)
        simulation, model = chosen.simulation, chosen.load(None)
    outcome = play_deal(simulation, model, Deal(0, 0, game_seed(3, 0), Configuration(2, ("greedy", "greedy"),
                                                                                     PRESET.get(game))))
    assert outcome.full_record()["final_scores"] == outcome.scores
    state = start(game, game_seed(3, 0))
    from pnp.check.simulate import play_out, seat_players

    play_out(state, seat_players(simulation, model, ("greedy", "greedy")))
    assert state.over and state.reason.strip()
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove):
        state.push(None)
    assert state.scores() == outcome.scores


def test_a_zatre_turn_refused_halfway_leaves_the_board_and_the_hand_as_they_were() -> None:
    state = start("zatre", game_seed(7, 1))
    while not state.over:
        moves = [move for move in state.legal_moves() if len(move) >= 2]
        if moves:
            break
        state.push(state.legal_moves()[0])
    turn = moves[0]
    refused = [*turn[:-1], (turn[-1][0], state.geo.index((0, 0)))]  # the last tile off the open cells
    pips, frontier, hand = state.pos.pips[:], list(state.pos.frontier), list(state.hand(state.to_move))
    with pytest.raises(IllegalMove):
        state.push(refused)
    assert state.pos.pips == pips and list(state.pos.frontier) == frontier  # in the same order
    assert list(state.hand(state.to_move)) == hand
    state.push(turn)


@pytest.mark.parametrize("game", GAMES)
def test_a_search_deals_the_samples_the_state_deals_and_plays_them_on_apart(game: str) -> None:
    """The sampler a search asks once per move deals what `sample` deals for the same generator (a game
    that declares none, the domino plugin, is dealt by `sample` itself); samples played on to the end,
    by the trusted push where a game has one, leave the game and each other alone, and say their record."""
    from pnp.players.search import sampler

    state = start(game, game_seed(7, 2))
    for move_number in range(4):
        state.push(state.legal_moves()[move_number % len(state.legal_moves())])
    seat, before, record = state.to_move, snapshot(state), state.record()
    deal = sampler(state, seat)
    assert hasattr(state, "sampler") == (game != "domino")
    for number in range(3):
        dealt, asked = deal(random.Random(number)), state.sample(seat, random.Random(number))
        assert [list(dealt.hand(s)) for s in range(2)] == [list(asked.hand(s)) for s in range(2)]
        first, second = dealt.copy(), dealt.copy()
        push = getattr(first, "push_trusted", first.push)
        while not first.over:
            push(first.legal_moves()[0])
        assert snapshot(second) == snapshot(dealt) and isinstance(first.record(), dict)
    assert snapshot(state) == before and state.record() == record


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_the_trusted_push_plays_as_push_and_push_keeps_every_check(game: str) -> None:
    """`push_trusted` (a search's, for moves it took from the game's own moves) makes the game `push`
    makes; `push` still refuses a move the rules forbid on a state that has the trusted path."""
    state = start(game, game_seed(7, 3))
    sample = state.sample(state.to_move, random.Random(5))
    checked, trusted = sample.copy(), sample.copy()
    while not checked.over:
        move = checked.legal_moves()[-1]
        checked.push(move)
        trusted.push_trusted(move)
        assert snapshot(trusted) == snapshot(checked)
    assert trusted.over and trusted.reason == checked.reason
    before = snapshot(state)
    with pytest.raises(IllegalMove):
        state.push(("not", "a", "move"))
    with pytest.raises(IllegalMove):
        state.push(BAD_PLACEMENT[game](state))
    assert snapshot(state) == before


def _taken_place(state):
    """A tile of the hand on the opening tile's place, taken from the start."""
    from pnp.games.triomino.engine import START_CELL, Move

    return Move(START_CELL, state.hand(state.to_move)[0], 0, (0, 0, 0))


BAD_PLACEMENT = {"zatre": lambda state: [(9, 10 ** 6)], "rautino": lambda state: (0, 10 ** 6, 0, 0),
                 "triomino": _taken_place}


def triomino_table(state) -> tuple:
    table = state.table
    return dict(table.codes), dict(table.open), dict(table.at_point), dict(table.hexagons)


def test_a_triomino_sample_reads_the_games_table_until_it_moves_and_then_lays_on_its_own() -> None:
    """A sample the sampler deals shares the game's table and lists until its first push, by `push` or by
    the trusted push; that push lays its tile on a copy, and the game's table, scores and log stay as
    they were. A sample asked of `sample` has its own at once."""
    state = start("triomino", game_seed(7, 4))
    for _ in range(3):
        state.push(state.legal_moves()[0])
    seat, before, table, log = state.to_move, snapshot(state), triomino_table(state), list(state.turn_log)
    deal = state.sampler(seat)
    for push in ("push", "push_trusted"):
        dealt = deal(random.Random(1))
        assert dealt.table is state.table
        getattr(dealt, push)(dealt.legal_moves()[0])
        assert dealt.table is not state.table and dealt.turns == state.turns + 1
        assert triomino_table(state) == table and state.turn_log == log and snapshot(state) == before
    assert state.sample(seat, random.Random(1)).table is not state.table


def test_triominos_trusted_push_draws_and_passes_as_push_and_push_refuses_a_draw_while_a_tile_fits() -> None:
    """Played out with the greedy move by both pushes from the same sample, every draw, pass and the
    round's end come out the same, and so does the record; `push` refuses a tile the seat does not hold,
    a place taken and a draw while a tile of the hand fits, leaving the game as it was."""
    from pnp.games.triomino.engine import START_CELL, Move
    from pnp.games.triomino.search import playout_move

    state = start("triomino", game_seed(7, 5))
    sample = state.sample(state.to_move, random.Random(2))
    checked, trusted = sample.copy(), sample.copy()
    draws = 0
    while not checked.over:
        move = playout_move(checked)
        draws += move is None
        checked.push(move)
        trusted.push_trusted(move if move is None else Move(*move))  # the same move, not the one it scored
        assert snapshot(trusted) == snapshot(checked)
    assert draws and trusted.reason == checked.reason and trusted.record() == checked.record()
    while state.drawn or not state.table.moves(state.hand(state.to_move)):  # a seat with a tile that fits
        state.push(state.legal_moves()[0])
    before = snapshot(state)
    held = set(state.hand(state.to_move))
    # A tile the seat does not hold, where it would fit; a held tile on the opening tile's place; a draw.
    foreign = next(moves[0] for tile in range(len(state.fit.tiles))
                   if tile not in held and (moves := state.table.moves([tile])))
    for refused in (foreign, Move(START_CELL, min(held), 0, state.fit.tiles[min(held)]), None):
        with pytest.raises(IllegalMove):
            state.push(refused)
        assert snapshot(state) == before
