"""Rautino rules: the seed's worked example, every row of the points table, jokers, matching,
the two-player joker rules, the cannot-place rule and both end conditions."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rautino_helpers import (
    BLUE,
    GREEN,
    JOKER,
    RED,
    YELLOW,
    board_with,
    default_model,
    fits,
    score_of,
    shape_points,
    with_stones,
)

from pnp.check.replay import problem
from pnp.games.rautino import engine
from pnp.games.rautino.players import greedy_player, random_player
from pnp.games.rautino.records import to_record
from pnp.games.rautino.replay import REPLAY
from pnp.games.rautino.state import play_game
from pnp.geometry import trigrid as tg

MODEL = default_model()
P = (1, 0)  # the centre point; the hexagon around it: (-1,-1) (0,-1) (1,-1) above, (-1,0) (0,0) (1,0) below
HEX_AROUND_P = [(-1, -1), (0, -1), (1, -1), (-1, 0), (0, 0), (1, 0)]


def test_worked_example_two_colour_hexagon_and_big_yellow_triangle():
    # The hexagon around P lacks (0, 0); a yellow/blue stone, yellow on (0, 0) and blue below it
    # on (0, 1), completes it with one of its triangles, and completes the big yellow triangle
    # (1, -1) (0, 0) (1, 0) (2, 0).
    position = {(-1, -1): BLUE, (0, -1): BLUE, (1, -1): YELLOW, (-1, 0): YELLOW, (1, 0): YELLOW,
                (2, 0): YELLOW}
    stone = ((0, 0), (0, 1)), (YELLOW, BLUE)
    solo = board_with(position, players=1)
    assert fits(solo, *stone)
    score = score_of(solo, *stone)
    assert shape_points(MODEL, score) == [("Dreieck", 2), ("Sechseck 2", 8)]
    hexagon = next(s for s in score.shapes if MODEL.shapes[s.shape].name == "Sechseck 2")
    assert hexagon.colours == 2
    assert score.combo == 2
    assert sum(s.points for s in score.shapes) + score.combo == 12
    assert score.stone == 1 and score.total == 13
    duel = score_of(board_with(position, players=2), *stone)
    assert duel.total == 10  # two players: no stone point, no combo bonus


def test_worked_example_through_the_independent_referee():
    from pnp.games.rautino.replay import Referee

    position = {(-1, -1): "blue", (0, -1): "blue", (1, -1): "yellow", (-1, 0): "yellow", (1, 0): "yellow",
                (2, 0): "yellow"}
    for players, stone_point, combo in ((1, 1, 2), (2, 0, 0)):
        referee = Referee(MODEL, players)
        referee.on_board.update(position)
        cells, colours = ((0, 0), (0, 1)), ("yellow", "blue")
        assert referee.why_illegal(cells, colours) is None
        formed = sorted((name, count, points) for name, _, count, points in referee.shapes_formed(cells, colours))
        assert formed == [("Dreieck", 1, 2), ("Sechseck 2", 2, 8)]
        rules = MODEL.rules_for(players)
        assert (rules.stone_point, rules.combo_bonus) == (stone_point, combo)


def _hexagon_score(colours_around: dict, stone_cells: tuple, stone_colours: tuple, players: int = 2):
    board = board_with(colours_around, players)
    return score_of(board, stone_cells, stone_colours)


@pytest.mark.parametrize(("others", "stone", "colours", "points"), [
    ([RED] * 4, (RED, RED), 1, 9),
    ([RED, RED, BLUE, BLUE], (RED, BLUE), 2, 6),
    ([RED, YELLOW, BLUE, BLUE], (RED, RED), 3, 3),
    ([RED, YELLOW, BLUE, GREEN], (RED, RED), 4, 3),  # "3+": four colours score as three
    ([JOKER, JOKER, JOKER, JOKER], (JOKER, JOKER), 1, 9),  # jokers only: one colour
    ([RED, JOKER, RED, JOKER], (JOKER, RED), 1, 9),  # jokers take the colour
])
def test_sechseck_1_both_triangles_of_the_stone_inside(others, stone, colours, points):
    free = [(0, 0), (1, 0)]  # two edge-adjacent cells of the hexagon
    around = dict(zip([c for c in HEX_AROUND_P if c not in free], others, strict=True))
    score = _hexagon_score(around, tuple(free), stone)
    assert [(MODEL.shapes[s.shape].name, s.colours, s.points) for s in score.shapes] == [
        ("Sechseck 1", colours, points)]


@pytest.mark.parametrize(("others", "new", "colours", "points"), [
    ([RED] * 5, RED, 1, 12),
    ([RED, RED, BLUE, BLUE, BLUE], RED, 2, 8),
    ([RED, YELLOW, BLUE, BLUE, BLUE], RED, 3, 4),
    ([RED, YELLOW, BLUE, GREEN, GREEN], RED, 4, 4),
    ([JOKER, BLUE, BLUE, JOKER, BLUE], JOKER, 1, 12),
])
def test_sechseck_2_one_triangle_of_the_stone_inside(others, new, colours, points):
    # (0, 0) is the last hole; the stone's other triangle goes below it on (0, 1), outside.
    around = dict(zip([c for c in HEX_AROUND_P if c != (0, 0)], others, strict=True))
    score = _hexagon_score(around, ((0, 0), (0, 1)), (new, GREEN))
    assert [(MODEL.shapes[s.shape].name, s.colours, s.points) for s in score.shapes] == [
        ("Sechseck 2", colours, points)]


BIG_TRIANGLE = [(0, 0), (-1, 1), (0, 1), (1, 1)]


@pytest.mark.parametrize(("others", "stone", "points"), [
    ([YELLOW, YELLOW], (YELLOW, YELLOW), [("Dreieck", 2)]),
    ([YELLOW, JOKER], (JOKER, YELLOW), [("Dreieck", 2)]),
    ([YELLOW, BLUE], (YELLOW, YELLOW), []),  # two colours: no shape
])
def test_dreieck_single_colour_only(others, stone, points):
    board = board_with({(-1, 1): others[0], (1, 1): others[1]}, players=2)
    assert shape_points(MODEL, score_of(board, ((0, 0), (0, 1)), stone)) == points


# A side-2 rhombus: the big up triangle with apex (2, -1) and the big down triangle below it.
RHOMBUS = [(1, -1), (0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (1, 2)]


@pytest.mark.parametrize(("colour", "expected", "total"), [
    (GREEN, [("Dreieck", 2), ("Figur", 5)], 1 + 2 + 5 + 2),
    (BLUE, [], 1),  # the rhombus and the top triangle would hold two colours
])
def test_figur_single_colour_rhombus_with_combo(colour, expected, total):
    # The last hole is the top apex (1, -1); the stone's other triangle lies outside, on (0, -1).
    board = board_with({c: GREEN for c in RHOMBUS if c != (1, -1)}, players=1)
    score = score_of(board, ((1, -1), (0, -1)), (colour, GREEN))
    assert shape_points(MODEL, score) == expected
    assert score.total == total  # the complete hexagon inside the rhombus gets no new triangle: no score


def test_combo_counts_each_shape_beyond_the_first():
    # A red stone on (0, 0) and (0, 1) closes the hexagon around P with one triangle, the hexagon
    # around (2, 1) with both, and three big triangles: (0,0) (-1,1) (0,1) (1,1); (-1,0) (0,0)
    # (1,0) (0,1); (1,-1) (0,0) (1,0) (2,0). Five shapes: four combos.
    position = {c: RED for c in HEX_AROUND_P if c != (0, 0)}
    position |= {(-1, 1): RED, (1, 1): RED, (2, 0): RED, (2, 1): RED}
    score = score_of(board_with(position, 1), ((0, 0), (0, 1)), (RED, RED))
    names = shape_points(MODEL, score)
    assert names == [("Dreieck", 2)] * 3 + [("Sechseck 1", 9), ("Sechseck 2", 12)]
    assert score.combo == 8
    assert score.total == 1 + 6 + 9 + 12 + 8
    two = score_of(board_with(position, 2), ((0, 0), (0, 1)), (RED, RED))
    assert two.total == 6 + 9 + 12  # two players: each shape scores, no combo bonus


def test_shapes_without_a_new_triangle_do_not_score():
    # A complete two-colour hexagon is on the board; a stone laid beside it forms nothing.
    position = dict(zip(HEX_AROUND_P, [RED, BLUE, RED, BLUE, RED, BLUE], strict=True))
    board = board_with(position, 1)
    assert fits(board, ((2, -1), (3, -1)), (RED, RED))
    score = score_of(board, ((2, -1), (3, -1)), (RED, RED))
    assert score.shapes == () and score.total == 1


# --- matching -------------------------------------------------------------------------------

# A stone on (-1, 0) and (-2, 0) touches (0, 0) and (-1, -1) from (-1, 0), (-3, 0) and (-2, 1) from (-2, 0).
MIXED = {(0, 0): RED, (-2, 1): BLUE}
SLOT = ((-1, 0), (-2, 0))


def test_strict_matching_needs_every_contact_to_match():
    board = board_with(MIXED)
    assert not fits(board, SLOT, (RED, RED))  # red touches blue at (-2, 1)
    assert fits(board, SLOT, (RED, BLUE))
    assert fits(board, SLOT, (RED, JOKER))  # a joker triangle matches anything
    assert fits(board, SLOT, (JOKER, BLUE))
    assert not fits(board, SLOT, (GREEN, GREEN))


def test_loose_matching_needs_one_matching_contact():
    board = board_with(MIXED, model=replace(MODEL, matching="loose"))
    assert fits(board, SLOT, (RED, RED))
    assert fits(board, SLOT, (GREEN, BLUE))
    assert not fits(board, SLOT, (GREEN, GREEN))  # nothing matches


def test_placed_jokers_match_any_colour_and_a_stone_must_touch():
    board = board_with({(0, 0): JOKER})
    assert fits(board, ((-1, 0), (-1, -1)), (GREEN, BLUE))
    assert not fits(board, ((-3, 0), (-4, 0)), (GREEN, GREEN))  # touches nothing
    assert not fits(board, ((0, 0), (0, 1)), (GREEN, GREEN))  # 1 player: no overbuild


# --- two-player jokers ----------------------------------------------------------------------

def test_joker_overbuild_two_players_only():
    position = {(0, 0): JOKER, (1, 0): RED}  # a red/joker stone
    cover = ((0, 0), (0, 1)), (RED, RED)
    assert fits(board_with(position, players=2), *cover)
    assert not fits(board_with(position, players=1), *cover)
    assert not fits(board_with(position, players=2), ((0, 0), (0, 1)), (BLUE, BLUE))  # blue touches red
    assert not fits(board_with(position, players=2), ((0, 0), (0, 1)), (JOKER, RED))  # joker on joker


def test_joker_overbuild_when_not_free_needs_a_matching_colour():
    position = {(0, 0): JOKER, (1, 0): RED, (-1, 0): RED, (0, 1): BLUE, (1, 1): BLUE}
    board = board_with(position, players=2)
    # (0, 0) is surrounded: only a triangle matching all of red, red and blue could cover it.
    assert not fits(board, ((0, 0), (-1, 0)), (RED, RED))  # (-1, 0) is taken by a colour
    board2 = board_with({(0, 0): JOKER, (1, 0): RED, (0, 1): RED}, players=2)
    assert fits(board2, ((0, 0), (-1, 0)), (RED, GREEN))
    assert not fits(board2, ((0, 0), (-1, 0)), (GREEN, RED))


def test_overbuild_of_both_triangles_is_an_option():
    position = {(0, 0): JOKER, (1, 0): JOKER, (-1, 0): RED}
    cover = ((0, 0), (1, 0)), (RED, RED)
    assert not fits(board_with(position, players=2), *cover)
    both = replace(MODEL, overbuild_both_triangles=True)
    assert fits(board_with(position, players=2, model=both), *cover)


def test_covering_a_joker_scores_only_shapes_it_completes():
    position = {c: RED for c in HEX_AROUND_P if c != (0, 0)} | {(0, 0): JOKER}
    board = board_with(position, players=2)
    # (0, 1) completes the big triangle (-1,0) (0,0) (1,0) (0,1); the hexagon was complete already.
    score = score_of(board, ((0, 0), (0, 1)), (RED, RED))
    assert shape_points(MODEL, score) == [("Dreieck", 2)]
    rescoring = board_with(position, players=2, model=replace(MODEL, rescore_overbuilt_shapes=True))
    assert shape_points(MODEL, score_of(rescoring, ((0, 0), (0, 1)), (RED, RED))) == [
        ("Dreieck", 2), ("Sechseck 2", 12)]


def _edge_slot():
    """A board cell on the edge, the ring cell beyond it, and another neighbour on the board."""
    tables = engine.tables_for(MODEL)
    for slot in tables.slots:
        if slot.b >= tables.board_cells:
            inside = [n for n in slot.contacts_a if n < tables.board_cells]
            if inside:
                return tables.cells[slot.a], tables.cells[slot.b], tables.cells[inside[0]]
    raise AssertionError("no edge slot")


def test_joker_overhang_two_players_only():
    edge, outside, neighbour = _edge_slot()
    assert outside not in MODEL.board.cell_set
    position = {neighbour: RED}
    assert fits(board_with(position, players=2), (edge, outside), (RED, JOKER))
    assert not fits(board_with(position, players=2), (edge, outside), (JOKER, RED))  # colour outside
    assert not fits(board_with(position, players=1), (edge, outside), (RED, JOKER))
    no_overhang = replace(MODEL, two_players=replace(MODEL.two_players, joker_overhang=False))
    assert not fits(board_with(position, players=2, model=no_overhang), (edge, outside), (RED, JOKER))



def _overhanging_instance(model, shape_name):
    """Cells of a shape instance with exactly one cell outside the board, that cell, and a
    board cell of the instance next to it."""
    tables = engine.tables_for(model)
    for inst, members in enumerate(tables.instance_cells):
        outside = [c for c in members if c >= tables.board_cells]
        if model.shapes[tables.instance_shape[inst]].name == shape_name and len(outside) == 1:
            out = tables.cells[outside[0]]
            cells = [tables.cells[c] for c in members]
            edge = next(c for c in cells if c != out and tg.shares_edge(c, out))
            return cells, out, edge
    raise AssertionError(f"no {shape_name} reaches over the edge")


@pytest.mark.parametrize(("shape_name", "points"), [("Dreieck", 2), ("Figur", 5)])
def test_a_shape_completed_by_an_overhanging_joker_scores_by_the_option(shape_name, points):
    from pnp.games.rautino.replay import Referee

    on = replace(MODEL, overhanging_joker_shapes_score=True)
    cells, out, edge = _overhanging_instance(on, shape_name)
    position = {c: RED for c in cells if c not in (out, edge)}
    stone = (edge, out), (RED, JOKER)
    for setting in (True, False):
        model = replace(MODEL, overhanging_joker_shapes_score=setting)
        board = board_with(position, players=2, model=model)
        assert fits(board, *stone)
        scored = shape_points(model, score_of(board, *stone))
        assert ((shape_name, points) in scored) is setting
        referee = Referee(model, 2)
        referee.on_board.update(dict.fromkeys(position, "red"))
        assert referee.why_illegal(stone[0], ("red", "joker")) is None
        formed = sorted((name, p) for name, _, _, p in referee.shapes_formed(stone[0], ("red", "joker")))
        assert formed == scored


def test_simulated_overhang_shapes_replay_only_under_their_setting():
    off = replace(MODEL, overhanging_joker_shapes_score=False)
    for seed in range(200):
        record = to_record(MODEL, play_game(MODEL, 2, seed, greedy_player), seed)
        if any(list(cell) not in [list(c) for c in MODEL.board.cells]
               for move in record["moves"] if not move.get("skip")
               for shape in move["score"]["shapes"] for cell in shape["cells"]):
            break
    else:
        raise AssertionError("no game scored a shape with an overhanging joker")
    assert problem(REPLAY, MODEL, record) is None
    assert "the rules give" in problem(REPLAY, off, record)

# --- turn order, the cannot-place rule and the end ---------------------------------------------

TWO_WORLDS = with_stones(MODEL, [("red", "red", 12), ("blue", "blue", 12)])


def test_two_player_cannot_place_rule_returns_hand_and_skips():
    skipped = 0
    for seed in range(6):
        result = play_game(TWO_WORLDS, 2, seed, greedy_player)
        record = to_record(TWO_WORLDS, result, seed)
        assert problem(REPLAY, TWO_WORLDS, record) is None
        start_colour = result.stack[0][0]
        for turn in result.turns:
            if turn.stone is None:
                skipped += 1
                assert len(turn.returned) == 3
                assert all(s[0] != start_colour for s in turn.returned)  # none could touch the start
            else:
                assert turn.stone[0] == start_colour
    assert skipped > 0


def test_one_player_ends_when_no_held_stone_fits():
    ends = {play_game(TWO_WORLDS, 1, seed, greedy_player).end for seed in range(6)}
    assert "hand blocked" in ends


def test_one_player_ends_when_all_stones_are_placed():
    result = play_game(MODEL, 1, 3, greedy_player)
    if result.end != "all stones placed":
        result = next(r for r in (play_game(MODEL, 1, s, greedy_player) for s in range(20))
                      if r.end == "all stones placed")
    assert result.placed == MODEL.stone_count


SMALL_BOARD = with_stones(MODEL, [("joker", "joker", 40)],
                          board=replace(MODEL.board, hexagon_side=2))


@pytest.mark.parametrize("players", [1, 2])
def test_game_ends_when_the_board_allows_no_placement(players):
    result = play_game(SMALL_BOARD, players, 7, random_player)
    assert result.end == "board full"
    assert not result.board.any_fits({(JOKER, JOKER)})
    assert problem(REPLAY, SMALL_BOARD, to_record(SMALL_BOARD, result, 0)) is None


def test_two_players_stop_when_no_stone_in_play_fits():
    # Interpretation: the board still takes a red stone, but all three are laid and only blue
    # stones are left in the hands and the stack; skipping would go on for ever.
    few_red = with_stones(MODEL, [("red", "red", 3), ("blue", "blue", 12)])
    result = play_game(few_red, 2, 0, greedy_player)
    assert result.end == "no stone fits"
    assert result.placed == 3 and result.skips > 0
    assert result.board.any_fits({(RED, RED)})  # not "board full"
    assert not result.board.any_fits({(BLUE, BLUE)})
    record = to_record(few_red, result, 0)
    assert problem(REPLAY, few_red, record) is None
    assert "board full" in problem(REPLAY, few_red, {**record, "end": "board full"})


def test_two_players_end_when_the_stack_is_empty_after_the_round():
    result = play_game(MODEL, 2, 11, greedy_player)
    assert result.end == "stack empty"
    assert result.turns[-1].player == 1  # the round is finished
    assert len(result.turns) % 2 == 0
    # Every stone was drawn: the rest of the set is in the hands (the last player may hold one
    # stone fewer, having found the stack empty).
    assert MODEL.stone_count - result.placed in (2 * MODEL.hand_size - 1, 2 * MODEL.hand_size)
    assert result.turns[-1].drawn == ()


def test_the_stack_is_a_seeded_shuffle_and_the_start_stone_is_its_top():
    first = play_game(MODEL, 1, 5, greedy_player)
    again = play_game(MODEL, 1, 5, greedy_player)
    assert first.stack == again.stack and first.scores == again.scores
    assert sorted(first.stack) == sorted(engine.stone_indices(MODEL))
    start = first.board.tables.start
    laid = (first.board.colour[start[0]], first.board.colour[start[1]])
    assert laid in {first.stack[0], first.stack[0][::-1]}


@pytest.mark.parametrize("wrong", ["slot", "negative slot", "slot past the board", "stone", "hand index"])
def test_a_player_asking_for_an_illegal_move_stops_the_game(wrong):
    def buggy(board, hand, rng):
        hand_index, slot, a, b = board.best_moves(hand)[0]
        slots = len(board.tables.slots)
        if wrong == "slot":  # a slot far from every stone on the board
            return hand_index, next(s for s in range(slots) if not board.fits(s, a, b)), a, b
        if wrong == "negative slot":  # would name a legal slot from the end of a list
            return hand_index, slot - slots, a, b
        if wrong == "slot past the board":
            return hand_index, slots + slot, a, b
        if wrong == "stone":
            return hand_index, slot, *next((x, y) for x in range(JOKER + 1) for y in range(JOKER + 1)
                                           if hand[hand_index] not in ((x, y), (y, x)))
        return len(hand), slot, a, b

    with pytest.raises(engine.IllegalMove):
        play_game(MODEL, 1, 3, buggy)


def test_shared_score_memo_stays_bounded_and_changes_no_game(monkeypatch):
    expected = [play_game(MODEL, players, seed, greedy_player) for players, seed in ((1, 4), (2, 5))]
    engine._SCORE_MEMOS.clear()
    monkeypatch.setattr(engine, "_SCORE_MEMO_PAIRS", 3 * (JOKER + 1) ** 2)  # three completion patterns
    for (players, seed), before in zip(((1, 4), (2, 5)), expected, strict=True):
        again = play_game(MODEL, players, seed, greedy_player)
        assert again.scores == before.scores
        assert [(t.slot, t.colours) for t in again.turns] == [(t.slot, t.colours) for t in before.turns]
    assert engine._SCORE_MEMOS and all(len(memo) <= 3 for memo in engine._SCORE_MEMOS.values())


def test_a_sweep_over_many_scorings_keeps_a_few_memos_and_the_same_games():
    """Each scoring (points, stone point, combo bonus) has its own memo; only the last few stay."""
    import dataclasses

    engine._SCORE_MEMOS.clear()
    for bonus in range(10):
        variant = dataclasses.replace(MODEL, one_player=dataclasses.replace(MODEL.one_player, combo_bonus=bonus))
        play_game(variant, 1, 3, greedy_player)
        assert len(engine._SCORE_MEMOS) <= engine._SCORE_MEMO_KEYS
    assert len(engine._SCORE_MEMOS) == engine._SCORE_MEMO_KEYS
    again = play_game(MODEL, 1, 4, greedy_player)  # an evicted scoring starts a memo afresh
    engine._SCORE_MEMOS.clear()
    assert play_game(MODEL, 1, 4, greedy_player).scores == again.scores
