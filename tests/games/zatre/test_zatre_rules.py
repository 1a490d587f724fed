"""Zatre rules: every rule of the seed and the rules file, as small fixed positions."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from zatre_helpers import model_with, position

from pnp.games.zatre.engine import (
    Geometry,
    IllegalTurn,
    Position,
    apply_turn,
    legal_turns,
    tiles_to_draw,
)
from pnp.games.zatre.model import ZatreModel, load
from pnp.games.zatre.players import (
    CROSS_VALUE,
    REPLY_PIPS,
    _best_cells,
    _best_reply,
    _best_single,
    _ordinary_cells,
    _tables,
    greedy_player,
    random_player,
)
from pnp.games.zatre.sheet import ScoreSheet
from pnp.games.zatre.state import ZatreState, play_game

MODEL = load()


def turn(model: ZatreModel, tiles: dict, hand: list[int], moves: list[tuple[int, tuple[int, int]]]):
    geo, pos = position(model, tiles)
    held = hand[:]
    result = apply_turn(pos, held, [(p, geo.index(c)) for p, c in moves])
    return result, held, pos


# --- rows and sums -------------------------------------------------------------------------------

def test_row_of_13_or_more_is_illegal_in_both_directions() -> None:
    geo, pos = position(MODEL, {(7, 7): 6, (7, 8): 6})
    assert not pos.fits(geo.index((7, 9)), 1)  # horizontal 6+6+1
    assert not pos.fits(geo.index((7, 6)), 1)
    geo, pos = position(MODEL, {(7, 7): 6, (8, 7): 6})
    assert not pos.fits(geo.index((9, 7)), 1)  # vertical
    assert not pos.fits(geo.index((6, 7)), 1)
    with pytest.raises(IllegalTurn, match="does not fit"):
        turn(MODEL, {(7, 7): 6, (8, 7): 6}, [1], [(1, (9, 7))])
    # 12 is the most a row may sum to: allowed
    assert pos.fits(geo.index((7, 8)), 6)


def test_a_second_tile_may_not_push_a_row_over_12() -> None:
    with pytest.raises(IllegalTurn, match="does not fit"):
        turn(MODEL, {(7, 7): 5}, [5, 3], [(5, (7, 8)), (3, (7, 9))])


def test_rows_below_10_are_allowed_and_score_nothing() -> None:
    result, held, _ = turn(MODEL, {(7, 7): 3}, [2, 4], [(2, (7, 8)), (4, (7, 9))])
    assert result.rows == [] and held == []


@pytest.mark.parametrize(("total", "points"), [(10, 1), (11, 2), (12, 4)])
def test_rows_of_10_11_12_score_1_2_4(total: int, points: int) -> None:
    result, _, _ = turn(MODEL, {(7, 7): 6}, [total - 6], [(total - 6, (7, 8))])
    assert [(r.total, r.points) for r in result.rows] == [(total, points)]


def test_a_row_with_two_new_tiles_is_counted_once() -> None:
    result, _, _ = turn(MODEL, {(7, 7): 2}, [5, 5], [(5, (7, 8)), (5, (7, 9))])
    assert [(r.total, r.points) for r in result.rows] == [(12, 4)]


def test_one_tile_scores_both_directions() -> None:
    # 5 at (7,9): horizontal 4+2+5 = 11 and vertical 5+5 = 10 at once
    tiles = {(7, 7): 4, (7, 8): 2, (8, 8): 3, (8, 9): 5}
    result, _, _ = turn(MODEL, tiles, [5], [(5, (7, 9))])
    assert sorted((r.total, r.points) for r in result.rows) == [(10, 1), (11, 2)]


def test_tiles_must_touch_the_board() -> None:
    with pytest.raises(IllegalTurn, match="does not fit"):
        turn(MODEL, {(7, 7): 2}, [3], [(3, (7, 9))])
    with pytest.raises(IllegalTurn, match="does not fit"):
        turn(MODEL, {(7, 7): 2}, [3], [(3, (0, 0))])  # not a field


def test_first_turn_three_tiles_one_on_the_start() -> None:
    geo, pos = position(MODEL, {})
    assert pos.frontier == {geo.index((7, 7))}
    with pytest.raises(IllegalTurn):
        apply_turn(pos, [1, 2, 3], [(1, geo.index((7, 8)))])
    geo, pos = position(MODEL, {})
    result = apply_turn(pos, [5, 2, 6], [(5, geo.index((7, 7))), (6, geo.index((7, 6))),
                                         (2, geo.index((8, 7)))])
    assert [(r.total, r.points) for r in result.rows] == [(11, 2)]


# --- double fields ---------------------------------------------------------------------------------

def test_double_field_without_10_to_12_is_illegal_when_other_places_exist() -> None:
    with pytest.raises(IllegalTurn, match="double field"):
        turn(MODEL, {(7, 7): 1, (6, 7): 1}, [2], [(2, (6, 6))])


def test_double_field_with_a_10_to_12_row_earns_a_cross() -> None:
    result, _, _ = turn(MODEL, {(7, 7): 5, (6, 7): 6}, [5], [(5, (6, 6))])
    assert [(r.total, r.points) for r in result.rows] == [(11, 2)]
    assert result.crosses == 1 and result.last_resort == []


def test_double_field_completed_by_the_turns_other_tile() -> None:
    # 2 on the double makes 2+1 = 3 at first; the 6 then closes the row (6,6)-(6,8) to 12.
    # (6,8) is a double too, so each double tile in the 12-row earns a cross.
    result, _, _ = turn(MODEL, {(7, 7): 1, (6, 7): 4}, [2, 6], [(2, (6, 6)), (6, (6, 8))])
    assert [r.total for r in result.rows] == [12]
    assert result.crosses == 2


def test_two_double_field_scorings_in_one_turn_give_two_crosses_one_below_the_other() -> None:
    result, _, _ = turn(MODEL, {(7, 7): 2, (7, 6): 4, (7, 8): 4}, [6, 6], [(6, (6, 6)), (6, (6, 8))])
    # (6,6): vertical 6+4 = 10; (6,8): vertical 6+4 = 10; the row (6,6)-(6,8) is broken by (6,7)
    assert sorted(r.total for r in result.rows) == [10, 10]
    assert result.crosses == 2
    sheet = ScoreSheet(MODEL.sheet, MODEL.rules)
    entries = sheet.enter_turn([10, 10], 2)
    assert [(e.column, e.row, e.value) for e in entries] == [("10", 0, 2), ("x2", 0, 1), ("x2", 1, 1)]


def _strip(tmp_path: Path, layout: list[str]) -> ZatreModel:
    return model_with(tmp_path, board={"layout": layout})


def test_last_resort_double_field_without_scoring_and_no_cross(tmp_path: Path) -> None:
    model = _strip(tmp_path, ["DS."])
    result, held, _ = turn(model, {(0, 1): 2, (0, 2): 4}, [3], [(3, (0, 0))])
    assert result.rows == [] and result.crosses == 0 and held == []
    geo = Geometry(model)
    assert result.last_resort == [geo.index((0, 0))]
    # with a scoring sum the same double field earns a cross
    result, _, _ = turn(model, {(0, 1): 2, (0, 2): 4}, [6], [(6, (0, 0))])
    assert result.crosses == 1 and result.last_resort == []


def test_last_resort_is_illegal_while_a_normal_field_fits(tmp_path: Path) -> None:
    model = _strip(tmp_path, ["DS.."])
    with pytest.raises(IllegalTurn, match="double field"):
        turn(model, {(0, 1): 2, (0, 2): 4}, [3], [(3, (0, 0))])
    result, _, _ = turn(model, {(0, 1): 2, (0, 2): 4}, [3], [(3, (0, 3))])
    assert result.rows == []


def test_last_resort_tile_must_still_be_placed(tmp_path: Path) -> None:
    model = _strip(tmp_path, ["DS."])
    with pytest.raises(IllegalTurn, match="kept a 3"):
        turn(model, {(0, 1): 2, (0, 2): 4}, [3], [])


@pytest.mark.parametrize("start_is_double", [False, True])
def test_start_field_double_option(tmp_path: Path, start_is_double: bool) -> None:
    model = model_with(tmp_path, rules={"start_is_double": start_is_double})
    geo, pos = position(model, {})
    result = apply_turn(pos, [6, 5, 1], [(6, geo.index((7, 7))), (5, geo.index((7, 8))),
                                         (1, geo.index((8, 7)))])
    assert [r.total for r in result.rows] == [11]
    assert result.crosses == (1 if start_is_double else 0)
    # a start tile without a scoring row is never a fault, and earns nothing
    geo, pos = position(model, {})
    result = apply_turn(pos, [1, 1, 1], [(1, geo.index((7, 7))), (1, geo.index((7, 8))),
                                         (1, geo.index((7, 9)))])
    assert result.crosses == 0


# --- kept tiles and the draw rule -----------------------------------------------------------------

SEALED = {(7, 7): 6, (7, 8): 6, (8, 7): 6, (8, 8): 6}  # every row 12: nothing fits anywhere


def test_unplaceable_tiles_are_kept() -> None:
    result, held, _ = turn(MODEL, SEALED, [1, 3], [])
    assert held == [1, 3] and result.rows == []


def test_a_tile_that_fits_may_not_be_kept() -> None:
    with pytest.raises(IllegalTurn, match="kept a 2"):
        turn(MODEL, {(7, 7): 2}, [2, 3], [(3, (7, 8))])


def test_draw_rule_after_keeping_tiles() -> None:
    _, sealed = position(MODEL, SEALED)
    _, open_board = position(MODEL, {(7, 7): 2})
    assert tiles_to_draw(open_board, [], 2) == 2  # nothing kept: the normal draw
    assert tiles_to_draw(open_board, [4], 2) == 1  # only one tile: draw one
    assert tiles_to_draw(sealed, [4], 2) == 1
    assert tiles_to_draw(open_board, [4, 5], 2) == 0  # two or more, one fits: no draw
    assert tiles_to_draw(sealed, [4, 5], 2) == 1  # two or more, none fits: draw one
    assert tiles_to_draw(sealed, [1, 2, 3], 2) == 1


def test_game_ends_when_last_tile_is_drawn_and_tiles_left_count_minus(tmp_path: Path) -> None:
    # Three fields in a row and five 6s: the first turn places 6+6 (12) and keeps a 6; player 2
    # draws the last two 6s, places none and the game ends after that turn.
    model = model_with(tmp_path, board={"layout": ["S.."]}, tiles={"counts": {"6": 5}},
                       players={"min": 1, "max": 4, "check": [2]})
    result = play_game(model, Geometry(model), [greedy_player] * 2, ["greedy"] * 2, seed=3)
    assert len(result.turns) == 2
    assert result.hands == [[6], [6, 6]]
    assert [s.minus for s in result.sheets] == [6, 12]
    assert result.final_scores == [4 - 6, 0 - 12]


def test_last_turn_is_finished_normally(tmp_path: Path) -> None:
    model = model_with(tmp_path, tiles={"counts": {"1": 3, "2": 2, "3": 2}})
    result = play_game(model, Geometry(model), [greedy_player] * 2, ["greedy"] * 2, seed=1)
    assert [len(t.drawn) for t in result.turns] == [3, 2, 2]
    assert sum(len(t.placements) for t in result.turns) == 7  # the last drawer still placed his tiles


# --- the score sheet -------------------------------------------------------------------------------

def test_two_12s_in_one_turn_give_8_points_in_one_box() -> None:
    sheet = ScoreSheet(MODEL.sheet, MODEL.rules)
    entries = sheet.enter_turn([12, 12], 0)
    assert [(e.column, e.row, e.value) for e in entries] == [("12", 0, 8)]
    assert sheet.columns[12] == [8] and sheet.rows_used == 1


def test_columns_fill_top_down_independently() -> None:
    sheet = ScoreSheet(MODEL.sheet, MODEL.rules)
    sheet.enter_turn([10], 0)
    sheet.enter_turn([12], 1)
    entries = sheet.enter_turn([10, 12, 11], 1)
    assert [(e.column, e.row, e.value) for e in entries] == [("10", 1, 1), ("11", 0, 2), ("12", 1, 4),
                                                              ("x2", 1, 1)]
    assert sheet.columns == {10: [1, 1], 11: [2], 12: [4, 4]}


def test_complete_row_earns_its_printed_bonus() -> None:
    sheet = ScoreSheet(MODEL.sheet, MODEL.rules)
    for _ in range(5):
        sheet.enter_turn([10, 11, 12], 0)
    rows = sheet.rows()
    assert [r.bonus for r in rows] == [3, 3, 3, 3, 4]
    assert rows[0].total == 1 + 2 + 4 + 3
    assert sheet.total == 4 * 10 + 11


def test_incomplete_row_has_no_bonus_and_rows_past_16_have_none() -> None:
    sheet = ScoreSheet(MODEL.sheet, MODEL.rules)
    sheet.enter_turn([10, 12], 0)
    assert sheet.row(0).bonus == 0 and sheet.row(0).total == 5
    for _ in range(17):
        sheet.enter_turn([10, 11, 12], 0)
    assert sheet.row(15).bonus == 6 and sheet.row(16).bonus == 0


def test_crossed_row_counts_double_complete_or_not_bonus_included() -> None:
    sheet = ScoreSheet(MODEL.sheet, MODEL.rules)
    sheet.enter_turn([10, 11, 12], 1)  # row 0 complete and crossed
    sheet.enter_turn([12], 1)  # row 1: only 12, crossed
    assert sheet.row(0).total == (7 + 3) * 2
    assert sheet.row(1).total == 4 * 2
    assert sheet.total == 28


@pytest.mark.parametrize(("bonus_doubled", "incomplete", "row0", "row1"), [
    (True, True, 20, 8), (False, True, 17, 8), (True, False, 20, 4), (False, False, 17, 4)])
def test_doubling_options(tmp_path: Path, bonus_doubled: bool, incomplete: bool, row0: int,
                          row1: int) -> None:
    model = model_with(tmp_path, rules={"bonus_doubled": bonus_doubled, "double_incomplete_rows": incomplete})
    sheet = ScoreSheet(model.sheet, model.rules)
    sheet.enter_turn([10, 11, 12], 1)
    sheet.enter_turn([12], 1)
    assert (sheet.row(0).total, sheet.row(1).total) == (row0, row1)


def test_crosses_fill_their_own_column_and_may_run_ahead() -> None:
    sheet = ScoreSheet(MODEL.sheet, MODEL.rules)
    sheet.enter_turn([10], 2)
    assert sheet.crosses == 2 and sheet.rows_used == 2
    assert sheet.row(1).cross and sheet.row(1).total == 0


def test_minus_points_for_tiles_left() -> None:
    sheet = ScoreSheet(MODEL.sheet, MODEL.rules)
    sheet.enter_turn([11], 0)
    sheet.minus = 9
    assert sheet.total == 2 - 9


# --- placement counts against a brute-force enumerator --------------------------------------------

def brute_force_turns(model: ZatreModel, tiles: dict, hand: list[int]) -> set[frozenset]:
    """Every legal complete turn, written from the rules text with a dict board and nothing else."""
    kinds = {(r, c): ch for r, line in enumerate(model.board.layout) for c, ch in enumerate(line)}
    start = model.board.start
    points = dict(model.rules.points)

    def line_sum(board: dict, cell: tuple[int, int], dr: int, dc: int) -> tuple[int, int]:
        cells = [cell]
        for sign in (1, -1):
            r, c = cell[0] + sign * dr, cell[1] + sign * dc
            while (r, c) in board:
                cells.append((r, c))
                r, c = r + sign * dr, c + sign * dc
        return len(cells), sum(board[x] for x in cells)

    def fits(board: dict, cell: tuple[int, int], pips: int) -> bool:
        if kinds.get(cell, "#") == "#" or cell in board:
            return False
        if not board:
            return cell == start
        r, c = cell
        if not any(n in board for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
            return False
        trial = {**board, cell: pips}
        return all(line_sum(trial, cell, dr, dc)[1] <= 12 for dr, dc in ((0, 1), (1, 0)))

    def scores(board: dict, cell: tuple[int, int]) -> bool:
        lines = (line_sum(board, cell, 0, 1), line_sum(board, cell, 1, 0))
        return any(n >= 2 and s in points for n, s in lines)

    def ordinary(board: dict, pips: int) -> bool:
        return any(fits(board, cell, pips) and (kinds[cell] != "D" or scores({**board, cell: pips}, cell))
                   for cell in kinds)

    found: set[frozenset] = set()
    stack = [(dict(tiles), list(hand), [], set())]
    while stack:
        board, rest, placed, forced = stack.pop()
        moves = [(p, cell) for p in set(rest) for cell in kinds if fits(board, cell, p)]
        if not moves:  # the turn ends only when nothing in hand fits
            if all(kinds[c] != "D" or scores(board, c) or c in forced for _, c in placed):
                found.add(frozenset(placed))
            continue
        for p, cell in moves:
            child = {**board, cell: p}
            now_forced = kinds[cell] == "D" and not scores(child, cell) and not ordinary(board, p)
            left = rest[:]
            left.remove(p)
            stack.append((child, left, [*placed, (p, cell)], forced | {cell} if now_forced else forced))
    return found


def engine_turns(model: ZatreModel, tiles: dict, hand: list[int]) -> set[frozenset]:
    geo, pos = position(model, tiles)
    return {frozenset((p, geo.cell(c)) for p, c in t) for t in legal_turns(pos, hand)}


@pytest.mark.parametrize(("tiles", "hand", "count"), [
    ({}, [5, 2, 6], None),
    ({(7, 7): 4, (6, 7): 2, (6, 6): 3}, [6, 1], None),
    ({(7, 7): 6, (7, 8): 6, (8, 7): 6}, [6, 6], None),
    (SEALED, [1, 2], 1),  # only the empty turn
])
def test_turn_counts_match_brute_force(tiles: dict, hand: list[int], count: int | None) -> None:
    engine = engine_turns(MODEL, tiles, hand)
    brute = brute_force_turns(MODEL, tiles, hand)
    assert engine == brute
    assert len(engine) > 0
    if count is not None:
        assert len(engine) == count


def test_turn_counts_with_last_resort_match_brute_force(tmp_path: Path) -> None:
    model = model_with(tmp_path, board={"layout": ["D..D", ".SD.", "D..."]})
    for tiles, hand in (({(1, 1): 6}, [6, 4]), ({(1, 1): 2, (1, 2): 3}, [5, 1]), ({(1, 1): 5}, [5, 1, 6])):
        engine = engine_turns(model, tiles, hand)
        assert engine == brute_force_turns(model, tiles, hand)


def test_single_tile_placement_count_from_a_fixed_position() -> None:
    _geo, pos = position(MODEL, {(7, 7): 6, (7, 8): 4})
    # fields touching the two tiles: (7,6) (7,9) and above/below each: 6 cells
    assert len(pos.placements(2)) == 6
    assert len(pos.placements(3)) == 4  # a 3 would make 13 at either end of the row


# --- players produce legal turns ------------------------------------------------------------------

@pytest.mark.parametrize("player", [greedy_player, random_player])
def test_players_play_legal_games(player) -> None:
    for seed in range(3):
        result = play_game(MODEL, Geometry(MODEL), [player] * 2, ["x"] * 2, seed)  # apply_turn checks
        assert sum(len(t.drawn) for t in result.turns) == MODEL.tiles.total


def test_greedy_finds_the_two_tile_12() -> None:
    _geo, pos = position(MODEL, {(7, 7): 1})
    moves = greedy_player(pos, [5, 6], random.Random(0))
    test_pos = pos.copy()
    result = apply_turn(test_pos, [5, 6], moves)
    assert sum(r.points for r in result.rows) == 4  # 1+5+6 in one line


def test_position_copy_is_independent() -> None:
    geo, pos = position(MODEL, {(7, 7): 1})
    other = pos.copy()
    other.place(geo.index((7, 8)), 3)
    assert pos.pips[geo.index((7, 8))] == 0 and isinstance(other, Position)


# --- variants the loader accepts play without a fault ---------------------------------------------

@pytest.mark.parametrize("points", [{"12": 4}, {"11": 2, "12": 4}, {"8": 1, "9": 1, "10": 1, "11": 2, "12": 4}])
@pytest.mark.parametrize("player", [greedy_player, random_player])
def test_scoring_variants_play_legal_games(tmp_path: Path, points: dict, player) -> None:
    model = model_with(tmp_path, rules={"points": points})
    for seed in range(30, 40):
        result = play_game(model, Geometry(model), [player] * 2, ["x"] * 2, seed)  # apply_turn checks
        assert sum(len(t.drawn) for t in result.turns) == model.tiles.total


# --- the open cells the move searches scan ----------------------------------------------------------

@pytest.mark.parametrize("counts", [None, {"3": 30, "4": 30, "6": 30}])
@pytest.mark.parametrize("player", [greedy_player, random_player])
def test_open_cells_are_the_frontier_cells_the_smallest_tile_fits(tmp_path: Path, counts: dict | None,
                                                                  player) -> None:
    model = MODEL if counts is None else model_with(tmp_path, tiles={"counts": counts})
    smallest = min(p for p, n in model.tiles.counts if n)
    seen = []

    def checking(pos: Position, hand: list[int], rng: random.Random) -> list[tuple[int, int]]:
        assert pos.live == {c for c in pos.frontier if pos.fits(c, smallest)}
        seen.append(len(pos.frontier) - len(pos.live))
        return player(pos, hand, rng)

    for seed in range(4):
        play_game(model, Geometry(model), [checking] * 2, ["x"] * 2, seed)
    assert max(seen) > 0  # cells do close during a game, so the check compared different sets


def _walk(pos: Position, cell: int, step: int) -> tuple[int, int]:
    """(cell past the far end, pip sum) of the run from `cell` in direction `step`, tile by tile."""
    total = 0
    cell += step
    while pos.pips[cell]:
        total += pos.pips[cell]
        cell += step
    return cell, total


@pytest.mark.parametrize("player", [greedy_player, random_player])
def test_empty_cells_keep_the_far_ends_and_sums_of_their_runs(player) -> None:
    seen = []

    def checking(pos: Position, hand: list[int], rng: random.Random) -> list[tuple[int, int]]:
        w = pos.geo.width
        for c in range(pos.geo.size):
            if pos.geo.is_field[c] and not pos.pips[c]:
                assert (pos.le[c], pos.ls[c]) == _walk(pos, c, -1)
                assert (pos.re[c], pos.rs[c]) == _walk(pos, c, 1)
                assert (pos.ue[c], pos.us[c]) == _walk(pos, c, -w)
                assert (pos.de[c], pos.ds[c]) == _walk(pos, c, w)
                seen.append(pos.re[c] - pos.le[c])
        return player(pos, hand, rng)

    for seed in range(3):
        play_game(MODEL, Geometry(MODEL), [checking] * 2, ["x"] * 2, seed)
    assert max(seen) > 4  # runs of three and more were checked, not only neighbours


# --- the players' lookup tables agree with scoring every placement ----------------------------------

def _ordinary_values(pos: Position, pips: int) -> list[tuple[float, int]]:
    """(value, cell) of every ordinary placement of one tile, scored one by one."""
    found = []
    for cell in pos.frontier:
        if pos.fits(cell, pips):
            points = pos.immediate_points(cell, pips)
            if pos.geo.is_double[cell]:
                if points:
                    found.append((points + CROSS_VALUE, cell))
            else:
                found.append((float(points), cell))
    return found


@pytest.mark.parametrize("counts", [None, {"3": 30, "4": 30, "6": 30}])  # without 1s, replies see closed cells
def test_lookup_tables_value_placements_as_scoring_them_does(tmp_path: Path, counts: dict | None) -> None:
    model = MODEL if counts is None else model_with(tmp_path, tiles={"counts": counts})
    checked = 0

    def checking(pos: Position, hand: list[int], rng: random.Random) -> list[tuple[int, int]]:
        nonlocal checked
        tables = _tables(pos.geo)
        every = {p: _ordinary_values(pos, p) for p in REPLY_PIPS}
        assert _best_reply(pos, tables) == max([v for found in every.values() for v, _ in found], default=0.0)
        for pips in set(hand):
            assert _ordinary_cells(pos, pips, tables) == pos.ordinary_placements(pips)
            ranked = sorted(every[pips], key=lambda item: (-item[0], item[1]))
            assert _best_cells(pos, pips, tables, 2) == [cell for _, cell in ranked[:2]]
            order = list(pos.frontier)
            if ranked:
                top = ranked[0][0]
                first = next(c for c in order if (top, c) in ranked)
                assert _best_single(pos, order, pips) == [(pips, first)]
            else:
                assert _best_single(pos, order, pips) is None
        checked += 1
        return greedy_player(pos, hand, rng)

    for seed in range(3):
        play_game(model, Geometry(model), [checking] * 2, ["x"] * 2, seed)
    assert checked > 100


def _people_state(people: tuple[int, ...], seed: int) -> ZatreState:
    return ZatreState(MODEL, Geometry(MODEL), ["greedy", "greedy"], seed, people=people)


def test_a_persons_pass_is_made_at_once_a_programs_is_its_move() -> None:
    """The option `people`: without it (a check) a seat whose tiles fit nowhere is asked and passes by
    the empty turn; a person's seat passes inside `push` and is never asked. Played alike, the two
    games are the same game, turn for turn, to the same record."""
    for seed in range(40):
        program, person = _people_state((), seed), _people_state((0,), seed)
        forced = 0
        while not program.over:
            hand = program.hands[program.to_move]
            if program.to_move == 0 and program.legal_moves() == [[]]:
                assert not (hand and program.pos.can_place(min(hand)))
                forced += 1
                program.push([])  # the person's state made this one itself
                continue
            assert (person.to_move, person.hands) == (program.to_move, program.hands)
            assert person.legal_moves() != [[]] or person.to_move != 0
            program.push(greedy_player(program.pos, program.hands[program.to_move][:], program.rng))
            person.push(greedy_player(person.pos, person.hands[person.to_move][:], person.rng))
        assert person.over and person.record() == program.record() and person.scores() == program.scores()
        if forced:
            return
    raise AssertionError("no seed made the person's seat pass")
