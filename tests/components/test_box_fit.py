"""pieces_fit: stacks of stones or tiles on the floor, folded sheets on top."""

from __future__ import annotations

from pnp.components.box import Stack, folded_sheet, pieces_fit
from pnp.components.boxfit import inner_space
from pnp.components.boxnet import PAPER_80GSM_MM, BoxSize

BOX = BoxSize(130, 102, 23)
T = PAPER_80GSM_MM


def test_inner_space_is_inside_walls_tabs_and_flaps() -> None:
    length, width, height = inner_space(BOX, T, "hinged")
    assert (length, width, height) == (130 - 4 * T, 102 - 3 * T, 23 - 2 * T)
    assert inner_space(BOX, T) <= inner_space(BOX, T, "hinged")  # the default holds for both styles


def test_thirty_stones_and_the_rules_fit() -> None:
    stones = Stack("stones", 20, 20, 30, 4.0)
    rules = folded_sheet("rules", 210, 297, T, folds=3)  # A4 folded three times: 105 x 74.25, 8 layers
    assert (rules.width, rules.depth, rules.count) == (105, 74.25, 8)
    result = pieces_fit(BOX, T, [stones, rules])
    assert result.fits, result.explanation
    # 30 stones of 4 mm under 0.8 mm of rules: 5 per stack, 6 stacks of 20 mm.
    assert result.fill_height == 5 * 4.0 + 8 * T
    assert "6 stacks" in result.explanation and "\n" not in result.explanation


def test_a_single_stack_is_named_in_the_singular() -> None:
    result = pieces_fit(BOX, T, [Stack("stones", 20, 20, 4, 4.0)])
    assert result.fits and "(1 stack on the" in result.explanation


def test_too_many_stones_do_not_fit_and_say_why() -> None:
    result = pieces_fit(BOX, T, [Stack("stones", 20, 20, 400, 4.0)])
    assert not result.fits
    assert "80 stacks" in result.explanation and "do not fit side by side" in result.explanation


def test_a_piece_larger_than_the_floor_does_not_fit() -> None:
    result = pieces_fit(BOX, T, [folded_sheet("board", 297, 420, 0.2, folds=1)])
    assert not result.fits
    assert "board" in result.explanation and "larger than" in result.explanation


def test_sheets_too_thick_leave_no_room() -> None:
    boards = Stack("boards", 120, 90, 30, 1.0, on_top=True)
    result = pieces_fit(BOX, T, [Stack("tiles", 30, 30, 10, 2.0), boards])
    assert not result.fits and "no room" in result.explanation


def test_tiles_turn_to_fit_the_floor() -> None:
    # 125 x 40 fits the 129.6 x 101.7 floor only lengthways; two side by side need turning rows.
    result = pieces_fit(BOX, T, [Stack("strips", 40, 125, 2, 5.0)])
    assert result.fits, result.explanation


def test_stacks_that_fit_only_turned_on_their_first_shelf_fit() -> None:
    """Two 40 x 34.6 mm stacks on a 79.6 x 59.7 mm floor: side by side along the length only when both are
    turned (69.2 mm of 79.6); not turned, two need 80 mm, and stacked in depth 69.2 mm of 59.7."""
    box = BoxSize(80, 60, 30)
    result = pieces_fit(box, T, [Stack("tiles", 40, 34.6, 100, 0.45)], "hinged")
    assert result.fits, result.explanation
    assert "2 stacks" in result.explanation
