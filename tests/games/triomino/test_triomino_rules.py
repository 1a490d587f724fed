"""Triomino: the tile set, placements, every scoring rule of both presets, draws and round ends."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check.replay import problem
from pnp.cli import main
from pnp.games.triomino import engine as e
from pnp.games.triomino import model as m
from pnp.games.triomino import state as tstate
from pnp.games.triomino.players import greedy, random_legal, seat_choosers
from pnp.games.triomino.replay import REPLAY, opening
from pnp.geometry import trigrid as tg
from pnp.spec import template_path

MODEL = m.load()
FIVES = (5, 5, 5)
TILES = [t.numbers for t in MODEL.tiles]
INDEX = {t.numbers: t.index for t in MODEL.tiles}
FIT = e.FitTable(TILES)
SEED = MODEL.rules("seed")
CLASSIC = MODEL.rules("classic")


def table(rules: m.Rules, placed: dict[tuple[int, int], tuple[int, int, int]]) -> e.Table:
    """A position laid out directly (numbers on the cell's corners 0, 1, 2)."""
    board = e.Table(rules, FIT)
    for cell, numbers in placed.items():
        board.place(cell, numbers)
    return board


def moves_at(board: e.Table, cell: tuple[int, int], tile: tuple[int, int, int]) -> list[e.Move]:
    return [mv for mv in board.moves([INDEX[tile]]) if mv.cell == cell]


# --- the set ---------------------------------------------------------------------------------

def test_the_classic_set_has_56_tiles_with_the_known_counts():
    assert len(TILES) == 56 and len(set(TILES)) == 56
    kinds = Counter(len(set(t)) for t in TILES)
    assert kinds == {1: 6, 2: 30, 3: 20}
    for number in range(6):
        assert sum(number in t for t in TILES) == 21
    assert sum(sum(t) for t in TILES) == 420
    assert all(t[0] <= t[1] <= t[2] for t in TILES)  # clockwise ascending: 0-1-2 exists ...
    assert (0, 2, 1) not in TILES  # ... its mirror does not


def test_mirror_tiles_give_76_and_0_to_6_gives_84():
    mirrored = m.generate_tiles(0, 5, mirror=True)
    assert len(mirrored) == len(set(mirrored)) == 76
    assert (0, 2, 1) in mirrored
    assert len(m.generate_tiles(0, 6, mirror=False)) == 84


# --- geometry the engine relies on -----------------------------------------------------------------

def test_edge_offsets_name_the_neighbour_across_each_edge():
    for cell in [(0, 0), (1, 0), (-3, 2), (4, 7)]:
        points, across = e.cell_geometry(cell)
        for i in range(3):
            assert set(tg.edge_between(cell, across[i])) == {points[i], points[(i + 1) % 3]}


def test_a_tile_has_three_rotations_in_an_up_and_three_in_a_down_cell():
    free = FIT.fits((e.FREE, e.FREE, e.FREE))
    assert [nums for _, nums in free[INDEX[(1, 2, 5)]]] == [(1, 2, 5), (2, 5, 1), (5, 1, 2)]
    assert len(free[INDEX[(3, 3, 3)]]) == 1  # a triple's rotations are one placement
    board = table(SEED, {(0, 0): FIVES, (1, 0): FIVES})  # up (0,0), down (1,0)
    up_cell, down_cell = (2, 0), (0, 1)
    assert tg.is_up(up_cell) and not tg.is_up(down_cell)
    (in_up,) = moves_at(board, up_cell, (1, 5, 5))
    (in_down,) = moves_at(board, down_cell, (1, 5, 5))
    assert in_up.rotation != in_down.rotation


# --- the start -------------------------------------------------------------------------------

def play_deal(rules: m.Rules, hands: list[list[tuple[int, int, int]]], pool: list[tuple[int, int, int]],
              choosers=None) -> dict:
    idx_hands = [[INDEX[t] for t in hand] for hand in hands]
    choosers = choosers or [greedy] * len(hands)
    played = tstate.play_round(TILES, FIT, rules, idx_hands, [INDEX[t] for t in pool], choosers, random.Random(1))
    return played.record(TILES)


def test_start_highest_triple_scores_its_sum_plus_10():
    record = play_deal(SEED, [[(1, 2, 3), (3, 3, 3)], [(5, 5, 5), (4, 5, 5)]], [])
    start = record["turns"][0]
    assert start["player"] == 1 and start["tile"] == [5, 5, 5]
    assert (start["score"]["sum"], start["score"]["start_bonus"], start["score"]["total"]) == (15, 10, 25)


def test_start_highest_triple_beats_a_higher_sum_tile():
    record = play_deal(SEED, [[(1, 1, 1)], [(4, 5, 5), (0, 1, 2)]], [])
    assert record["turns"][0]["tile"] == [1, 1, 1]


def test_start_with_0_0_0_gives_40_instead_of_10():
    record = play_deal(SEED, [[(0, 0, 0), (1, 2, 3)], [(2, 4, 5)]], [])
    start = record["turns"][0]
    assert start["tile"] == [0, 0, 0]
    assert start["score"]["start_bonus"] == 40 and start["score"]["total"] == 40


def test_no_triple_highest_sum_opens_without_bonus():
    record = play_deal(SEED, [[(0, 1, 2), (2, 3, 5)], [(3, 4, 4), (1, 2, 2)]], [])
    start = record["turns"][0]
    assert start["tile"] == [3, 4, 4] and start["player"] == 1
    assert start["score"]["start_bonus"] == 0 and start["score"]["total"] == 11


def test_equal_sums_go_to_the_higher_largest_number_then_the_next():
    ranks = [e.start_rank(t) for t in [(3, 3, 3), (0, 4, 5), (1, 4, 4), (2, 3, 4)]]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == 4
    record = play_deal(SEED, [[(2, 3, 4)], [(1, 4, 4)], [(0, 4, 5)]], [])
    assert record["turns"][0]["tile"] == [0, 4, 5]  # 9 with a 5 beats 9 with 4-4
    record = play_deal(SEED, [[(2, 3, 4)], [(1, 4, 4)]], [])
    assert record["turns"][0]["tile"] == [1, 4, 4]


@pytest.mark.parametrize("rules", [SEED, CLASSIC], ids=["seed", "classic"])
def test_mirror_tiles_with_equal_rank_go_to_the_earlier_seat(rules):
    tiles = m.generate_tiles(0, 5, mirror=True)
    mirror, plain = tiles.index((0, 2, 1)), tiles.index((0, 1, 2))
    assert e.choose_starter([[mirror], [plain]], tiles, rules) == (0, mirror)
    assert e.choose_starter([[plain], [mirror]], tiles, rules) == (0, plain)
    hands = [[plain], [mirror]]
    assert opening([[tiles[t] for t in hand] for hand in hands], rules) == (0, (0, 1, 2))


@pytest.mark.parametrize("holder", [0, 1])
def test_classic_the_holder_of_0_0_0_opens_with_it_for_40_instead_of_the_highest_triple(holder):
    hands = [[FIVES, (1, 2, 3)], [(2, 4, 5)]]
    hands[holder].append((0, 0, 0))
    record = play_deal(CLASSIC, hands, [])
    start = record["turns"][0]
    assert start["player"] == holder and start["tile"] == [0, 0, 0]
    assert start["score"]["start_bonus"] == 40 and start["score"]["total"] == 40
    assert opening([list(h) for h in hands], CLASSIC) == (holder, (0, 0, 0))
    seed = play_deal(SEED, hands, [])["turns"][0]  # the seed's rule: the highest triple opens
    assert seed["player"] == 0 and seed["tile"] == [5, 5, 5] and seed["score"]["total"] == 25
    assert opening([list(h) for h in hands], SEED) == (0, FIVES)


def test_classic_0_0_0_opens_only_when_it_scores_more_than_the_opening_it_replaces():
    richer = replace(CLASSIC, start_bonus=30)  # 5-5-5 now opens for 45, more than 0-0-0's 40
    hands = [[FIVES, (1, 2, 3)], [(0, 0, 0), (2, 4, 5)]]
    start = play_deal(richer, hands, [])["turns"][0]
    assert start["player"] == 0 and start["tile"] == [5, 5, 5] and start["score"]["total"] == 45
    assert opening([list(h) for h in hands], richer) == (0, FIVES)
    tied = replace(CLASSIC, start_bonus=25)  # 40 each: the highest triple keeps the opening
    assert play_deal(tied, hands, [])["turns"][0]["tile"] == [5, 5, 5]


def test_the_validator_agrees_on_the_classic_opening(tmp_path):
    """Logged classic games whose 0-0-0 opened over a higher triple: valid as classic, and refused
    at that opening by a preset that differs from classic only in not letting 0-0-0 open."""
    spec = tmp_path / "triomino.toml"
    strict = '\n[presets.strict]\nbased_on = "classic"\nzero_triple_may_open = false\n'
    spec.write_text(template_path("triomino").read_text(encoding="utf-8") + strict)
    model = m.load(spec)
    log = tmp_path / "classic.jsonl"
    result = CliRunner().invoke(main, ["check", "triomino", "--spec", str(spec), "--preset", "classic", "--games",
                                       "12", "--players", "2", "--workers", "1", "--skill-games", "0", "-q",
                                       "--log", str(log)])
    assert result.exit_code in (0, 3), result.output
    checked = 0
    for line in log.read_text().splitlines():
        record = json.loads(line)
        assert problem(REPLAY, model, record, None) is None
        for number, played in enumerate(record["rounds"], 1):
            opened = played["turns"][0]
            triples = [t for hand in played["deal"]["hands"] for t in hand if len(set(t)) == 1]
            if opened["tile"] == [0, 0, 0] and max(triples) != [0, 0, 0]:
                wrong = problem(REPLAY, model, {**record, "preset": "strict"}, None)
                assert wrong is not None and f"round {number}, turn 1: player" in wrong, wrong
                assert "must open with" in wrong and "0-0-0" not in wrong
                checked += 1
                break
    assert checked >= 1


# --- placement rules ---------------------------------------------------------------------------

def test_every_edge_contact_must_match_both_numbers():
    board = table(SEED, {(0, 0): (1, 2, 3)})  # up cell: apex (1,0)=1, (2,1)=2, (0,1)=3
    below = (0, 1)  # down cell across the base: its corners (0,1), (2,1), (1,2)
    # corner (0,1) must be 3 and (2,1) must be 2: only 2-3-3 reads 3, 2 clockwise there
    assert [mv.numbers for mv in moves_at(board, below, (2, 3, 3))] == [(3, 2, 3)]
    assert not moves_at(board, below, (2, 3, 4))  # has 2 and 3, but 2 then 3 clockwise


def test_a_placement_needs_an_edge_contact():
    board = table(SEED, {(0, 0): (1, 2, 3)})
    assert all(len({*tg.corners(mv.cell)} & {*tg.corners((0, 0))}) == 2 for mv in board.moves(range(56)))


# Corner-only contact: X = (1, 0) is a down cell with corners (1,0), (3,0), (2,1). It touches the
# start tile A at (0, 0) along an edge and D at (3, 0) only at the point (3, 0).
A, X, D = (0, 0), (1, 0), (3, 0)


def bridge_position(rules: m.Rules, d_number: int) -> e.Table:
    # A: apex (1,0)=4, (2,1)=2, (0,1)=0. D (down): (3,0)=d, (5,0)=1, (4,1)=1.
    return table(rules, {A: (4, 2, 0), D: (d_number, 1, 1)})


def test_corner_only_contact_may_differ_under_seed():
    board = bridge_position(SEED, d_number=5)
    # X needs (1,0)=4 and (2,1)=2: tile 2-4-x clockwise; corner (3,0) gets x.
    numbers = {mv.numbers for mv in moves_at(board, X, (2, 4, 4)) + moves_at(board, X, (2, 4, 5))}
    assert numbers == {(4, 4, 2), (4, 5, 2)}  # 4 or 5 at (3,0) next to D's 5: both legal


def test_corner_only_contact_must_match_under_classic():
    board = bridge_position(CLASSIC, d_number=5)
    assert not moves_at(board, X, (2, 4, 4))  # its 4 would touch D's 5 at the point
    assert [mv.numbers for mv in moves_at(board, X, (2, 4, 5))] == [(4, 5, 2)]


# --- bridge ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [SEED, CLASSIC], ids=["seed", "classic"])
def test_bridge_scores_40(rules):
    board = bridge_position(rules, d_number=5)
    (move,) = moves_at(board, X, (2, 4, 5))
    score = board.score(move)
    assert score.bridge == 40 and score.sum == 11 and score.total == 51 and score.hexagons == 0


def test_bridge_under_seed_needs_the_same_number_at_the_point():
    board = bridge_position(SEED, d_number=5)
    (move,) = moves_at(board, X, (2, 4, 4))
    assert board.score(move).bridge == 0  # a legal near-bridge: 4 touches 5


def test_bridge_corner_option_off_counts_any_point_contact():
    board = bridge_position(replace(SEED, bridge_corner_must_match=False), d_number=5)
    (move,) = moves_at(board, X, (2, 4, 4))
    assert board.score(move).bridge == 40


def test_near_bridge_point_contact_at_a_corner_of_the_shared_edge_is_no_bridge():
    # D' at (0, -1) (down: (0,-1), (2,-1), (1,0)) touches X only at (1,0), a corner of the edge with A.
    board = table(SEED, {A: (4, 2, 0), (0, -1): (3, 3, 4)})
    moves = moves_at(board, X, (2, 4, 4))
    assert moves and all(board.score(mv).bridge == 0 for mv in moves)


def test_near_bridge_with_two_edge_contacts_is_no_bridge():
    # Add a tile across X's top edge (1,-1): (1,0) and (3,0) shared; X now has two edge contacts.
    points, _ = e.cell_geometry((1, -1))
    assert points[1:] == ((3, 0), (1, 0))
    board = table(SEED, {A: (4, 2, 0), D: (5, 1, 1), (1, -1): (3, 5, 4)})  # (3,0)=5, (1,0)=4
    moves = moves_at(board, X, (2, 4, 5))
    assert moves and all(board.score(mv).bridge == 0 for mv in moves)
    assert board.frontier[X].edge_contacts == 2


def test_single_edge_contact_with_nothing_at_the_far_corner_is_no_bridge():
    # The tile must not count itself as the tile touching its far corner.
    board = table(SEED, {A: (4, 2, 0)})
    assert all(board.score(mv).bridge == 0 for mv in board.moves(range(56)))
    assert all(board.score(mv).total == sum(mv.numbers) for mv in board.moves(range(56)))


# --- hexagons -------------------------------------------------------------------------------------

def hexagon_board(rules: m.Rules, filled: list[tuple[int, int]]) -> e.Table:
    return table(rules, dict.fromkeys(filled, FIVES))


def complete_around(points: list[tuple[int, int]], last: tuple[int, int]) -> list[tuple[int, int]]:
    cells = {c for p in points for c in tg.cells_at_point(p)}
    cells.discard(last)
    return sorted(cells)


@pytest.mark.parametrize(("rules", "expected"), [(SEED, (50, 60, 70)), (CLASSIC, (50, 100, 150))],
                         ids=["seed", "classic"])
def test_one_two_three_hexagons(rules, expected):
    last = (0, 0)
    corner_points = list(tg.corners(last))
    for count in (1, 2, 3):
        board = hexagon_board(rules, complete_around(corner_points[:count], last))
        (move,) = moves_at(board, last, FIVES)
        score = board.score(move)
        assert (score.hexagons, score.hexagon_bonus, score.bridge) == (count, expected[count - 1], 0)
        assert score.total == 15 + expected[count - 1]


def test_five_of_six_cells_is_no_hexagon_the_tile_does_not_count_itself():
    last = (0, 0)
    around = [c for c in tg.cells_at_point(tg.corners(last)[0]) if c != last]
    board = hexagon_board(SEED, around[:4])  # 4 others + the tile itself = 5 of 6
    moves = moves_at(board, last, FIVES)
    assert moves and board.score(moves[0]).hexagons == 0


# --- draws, passes, round ends --------------------------------------------------------------------

def test_draw_penalties_seed_5_10_25_in_total():
    assert [SEED.draw_penalty_for(k) for k in range(4)] == [0, 5, 10, 25]
    extra = replace(SEED, last_draw_penalty_is="extra")
    assert [extra.draw_penalty_for(k) for k in range(4)] == [0, 5, 10, 35]


def test_draw_penalties_classic_5_each_then_10_more():
    assert [CLASSIC.draw_penalty_for(k) for k in range(4)] == [0, 5, 10, 15]
    assert CLASSIC.draw_penalty_for(3) + CLASSIC.failed_draw_penalty == 25


# Player 0 opens with 5-5-5; player 1 holds only 0-0-1 and must draw. (No 0-0-0: in `classic` its
# holder would open with it.)
OPEN = [[FIVES, (1, 1, 1)], [(0, 0, 1)]]


@pytest.mark.parametrize(("rules", "penalty"), [(SEED, 25), (CLASSIC, 25),
                                                (replace(SEED, last_draw_penalty_is="extra"), 35)],
                         ids=["seed", "classic", "seed-extra"])
def test_three_fruitless_draws(rules, penalty):
    record = play_deal(rules, OPEN, [(0, 1, 1), (0, 1, 2), (0, 0, 2), (4, 5, 5)])
    turn = record["turns"][1]
    assert turn["player"] == 1 and len(turn["draws"]) == 3 and turn.get("pass")
    assert turn["score"]["penalty"] == penalty and turn["score"]["total"] == -penalty


@pytest.mark.parametrize(("draws", "penalty"), [(1, 5), (2, 10), (3, 25)])
def test_a_drawn_tile_that_fits_is_played_and_the_penalty_counted(draws, penalty):
    pool = [*[(0, 1, 1), (0, 1, 2)][:draws - 1], (4, 5, 5), (0, 0, 2)]
    record = play_deal(SEED, OPEN, pool)
    turn = record["turns"][1]
    assert len(turn["draws"]) == draws and turn["tile"] == [4, 5, 5]
    assert turn["score"]["penalty"] == penalty and turn["score"]["total"] == 14 - penalty


@pytest.mark.parametrize(("rules", "penalty"), [(SEED, 0), (CLASSIC, 10)], ids=["seed", "classic"])
def test_empty_pool_pass(rules, penalty):
    record = play_deal(rules, OPEN, [])
    turn = record["turns"][1]
    assert turn["draws"] == [] and turn.get("pass") and turn["score"]["penalty"] == penalty


def test_blocked_round_ends_after_a_full_round_without_placements_seed_scores_nothing_more():
    record = play_deal(SEED, [[FIVES, (1, 1, 1)], [(0, 0, 0), (0, 0, 1)]], [])
    assert record["end"]["reason"] == "blocked" and record["end"]["bonus"] == [0, 0]
    assert len(record["turns"]) == 3  # opening, then player 1 and player 0 cannot place
    assert record["scores"] == [25, 0]


UNFITTING_POOL = [(0, 1, 1), (0, 1, 2), (0, 0, 2), (0, 2, 2), (1, 1, 2), (1, 2, 2), (0, 0, 3)]


def test_blocked_round_waits_for_an_empty_pool_when_the_option_is_on():
    record = play_deal(replace(SEED, blocked_needs_empty_pool=True), OPEN, UNFITTING_POOL)
    assert record["end"]["reason"] == "blocked" and record["end"]["pool_left"] == 0
    assert [len(t["draws"]) for t in record["turns"][1:]] == [3, 3, 1, 0]


def test_blocked_round_with_tiles_left_to_draw_by_default_in_seed():
    assert SEED.blocked_needs_empty_pool is False
    record = play_deal(SEED, OPEN, UNFITTING_POOL)
    assert record["end"]["reason"] == "blocked" and record["end"]["pool_left"] == 1
    assert [len(t["draws"]) for t in record["turns"][1:]] == [3, 3]


def test_blocked_round_classic_lowest_hand_collects_the_others_minus_his_own():
    record = play_deal(CLASSIC, OPEN, [])
    assert record["end"]["hand_totals"] == [3, 1]
    assert record["end"]["bonus"] == [0, 3 - 1]
    assert record["scores"] == [25 - 10, -10 + 2]
    assert e.round_end_bonuses(CLASSIC, [10, 4, 7], None) == [0, 10 + 7 - 4, 0]


def test_going_out_classic_collects_every_opponents_hand_plus_25():
    record = play_deal(CLASSIC, [[FIVES, (4, 5, 5)], [(0, 0, 1)], [(1, 2, 3)]], [])
    assert record["end"]["reason"] == "out" and record["end"]["player"] == 0
    assert record["end"]["bonus"] == [25 + 1 + 6, 0, 0]
    assert e.round_end_bonuses(CLASSIC, [0, 7, 9], 0) == [25 + 16, 0, 0]


def test_going_out_seed_has_no_bonus():
    record = play_deal(SEED, [[FIVES, (4, 5, 5)], [(0, 0, 0), (0, 0, 1)]], [])
    assert record["end"]["reason"] == "out" and record["end"]["bonus"] == [0, 0]
    assert record["scores"] == [25 + 14, 0]


def test_classic_game_plays_rounds_until_someone_reaches_400():
    game = tstate.play_game(MODEL, CLASSIC, seat_choosers("greedy", 2), seed=7, fit=FIT)
    totals = game["rounds"][-1]["totals"]
    assert max(totals) >= 400 or len(game["rounds"]) == CLASSIC.max_rounds
    assert all(max(r["totals"]) < 400 for r in game["rounds"][:-1])
    assert game["final_scores"] == totals and len(game["rounds"]) > 1


def test_seed_game_is_one_round():
    game = tstate.play_game(MODEL, SEED, seat_choosers("greedy", 3), seed=3, fit=FIT)
    assert len(game["rounds"]) == 1 and game["final_scores"] == game["rounds"][0]["scores"]


def test_games_are_reproducible_from_their_seed():
    one = tstate.play_game(MODEL, SEED, [greedy, random_legal], seed=11, fit=FIT)
    two = tstate.play_game(MODEL, SEED, [greedy, random_legal], seed=11, fit=FIT)
    assert one == two


def test_template_path_exists():
    assert Path(m.template_path("triomino")).is_file()


@pytest.mark.parametrize("base", [SEED, CLASSIC], ids=["seed", "classic"])
def test_draw_limit_0_closes_the_pool_a_blocked_round_still_ends(base):
    # No drawing at all: a player who cannot place passes as with an empty pool, and the tiles left
    # in the pool cannot keep a blocked round going (it used to loop for ever under `classic`).
    rules = replace(base, draw_limit=0, failed_draw_penalty=7, empty_pool_pass_penalty=3)
    record = play_deal(rules, OPEN, UNFITTING_POOL)
    assert record["end"]["reason"] == "blocked" and record["end"]["pool_left"] == len(UNFITTING_POOL)
    passes = record["turns"][1:]
    assert len(passes) == 2 and all(t["draws"] == [] and t.get("pass") for t in passes)
    assert all(t["score"]["penalty"] == 3 for t in passes)


@pytest.mark.parametrize(("rules", "penalty"), [(SEED, 5), (CLASSIC, 15)], ids=["seed", "classic"])
def test_the_pool_running_out_while_drawing(rules, penalty):
    # One unfitting tile left: the draw costs 5, then the failed-draw penalty (classic 10) applies once.
    record = play_deal(rules, OPEN, [(0, 1, 1)])
    turn = record["turns"][1]
    assert turn["draws"] == [[0, 1, 1]] and turn.get("pass") and turn["score"]["penalty"] == penalty
    nxt = record["turns"][2]
    assert nxt["draws"] == [] and nxt["score"]["penalty"] == rules.empty_pool_pass_penalty


def _people_state(people: tuple[int, ...], seed: int = 17) -> tstate.TriominoState:
    model = m.load(None)
    fit = e.FitTable([t.numbers for t in model.tiles])
    return tstate.TriominoState(model, model.rules("classic"), 2, seed, fit, people=people)


def test_a_person_holding_0_0_0_chooses_the_opening_a_program_takes_the_larger_score() -> None:
    """The option `people`: without it (a check) the holder of 0-0-0 opens with it (40 against 25 and
    less); with the holder among the people, the round waits for the choice, dealt, with nothing laid or
    scored meanwhile."""
    program, person = _people_state(()), _people_state((0,))
    assert program.opening_choice is None and program.starter == 0 and program.to_move == 1
    assert program.fit.tiles[program.first] == e.ZERO_TRIPLE
    assert person.legal_moves() == [tstate.OPEN_ZERO, tstate.OPEN_HIGHEST] and person.to_move == 0
    assert person.turns == program.turns - 1  # the opening is not made yet
    waiting, opened = person.record()["rounds"][0], program.record()["rounds"][0]
    assert waiting["turns"] == [] and waiting["deal"] == opened["deal"] and "end" not in waiting
    assert person.scores() == [0, 0] and person.seen() == () and not person.table.codes
    assert e.ZERO_TRIPLE in [person.fit.tiles[t] for t in person.hand(0)]  # still in the holder's hand
    with pytest.raises(tstate.IllegalMove, match="first choose how the round opens"):
        person.push(None)
    zero, highest = person.copy(), person.copy()
    zero.push(tstate.OPEN_ZERO)
    assert zero.record() == program.record() and zero.to_move == program.to_move
    highest.push(tstate.OPEN_HIGHEST)
    standard = e.choose_starter(highest.dealt_hands, highest.fit.tiles)
    assert (highest.starter, highest.first) == standard != (0, program.first)
    assert highest.record()["rounds"][0]["turns"][0]["tile"] != [0, 0, 0]
    assert highest.scores()[standard[0]] == highest.opening.total > 0


def test_a_persons_draw_or_pass_is_made_at_once_a_programs_is_its_move() -> None:
    """A person's seat is never offered the draw or pass alone; a program's seat is, and both games
    are the same when the person places as the program would."""
    for seed in range(6):
        program, person = _people_state((), seed), _people_state((0,), seed)
        if person.opening_choice is not None:
            person.push(tstate.OPEN_ZERO)
        forced = 0
        while not program.over:
            moves = program.legal_moves()
            if program.to_move == 0 and moves == [tstate.DRAW_OR_PASS]:
                forced += 1
                program.push(tstate.DRAW_OR_PASS)  # the person's state made this one itself
                continue
            assert person.legal_moves() == moves  # the same game, turn by turn
            program.push(greedy(program.table, program.offered(), program.rng))
            person.push(greedy(person.table, person.offered(), person.rng))
        assert person.over and person.record() == program.record()
        if forced:
            return
    raise AssertionError("no seed drew for the person's seat")
