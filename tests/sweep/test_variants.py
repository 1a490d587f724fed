"""Field paths, value lists and grids of `pnp sweep`."""

from __future__ import annotations

import copy
import tomllib

import pytest
from paths import ROOT

from pnp.variants import (
    VariantError,
    Vary,
    assign,
    check_types,
    get_value,
    grid,
    grid_size,
    parse_values,
    parse_vary,
    split_path,
)

ROOT_TEMPLATES = ROOT / "templates"


def with_values(data: dict, changes: dict) -> dict:
    """A deep copy of a spec's data with the values at the given paths replaced."""
    result = copy.deepcopy(data)
    assign(result, changes)
    return result


@pytest.fixture(scope="module")
def rautino() -> dict:
    return tomllib.loads((ROOT_TEMPLATES / "rautino.toml").read_text(encoding="utf-8"))


def test_split_path_reads_indexes_names_and_keys() -> None:
    assert split_path("shapes[Dreieck].points.1") == ["shapes", ("name", "Dreieck"), "points", "1"]
    assert split_path("stones[0].count") == ["stones", 0, "count"]
    assert split_path("stones[colours=red+joker].count") == ["stones", ("colours", "red+joker"), "count"]


@pytest.mark.parametrize(("path", "expected"), [
    ("shapes[Dreieck].points.1", 2),
    ("shapes[Sechseck 2].points.3+", 4),
    ("stones[0].count", 2),
    ("stones[colours=red+joker].count", 2),
    ("scoring.one_player.combo_bonus", 2),
    ("board.start.1.0", 1),
    ("box.size_mm.2", 23),
    ("game.title", "Rautino"),
])
def test_paths_reach_the_values_a_designer_means(rautino: dict, path: str, expected: object) -> None:
    assert get_value(rautino, path) == expected


def test_with_values_changes_a_copy_only(rautino: dict) -> None:
    changed = with_values(rautino, {"shapes[Dreieck].points.1": 3, "stones[1].count": 4})
    assert get_value(changed, "shapes[Dreieck].points.1") == 3
    assert get_value(changed, "stones[1].count") == 4
    assert get_value(rautino, "shapes[Dreieck].points.1") == 2


@pytest.mark.parametrize(("path", "message"), [
    ("shapes[Quadrat].points.1", "no item of shapes with name = 'Quadrat'"),
    ("stones[99].count", "stones has 15 items, no [99]"),
    ("scoring.one_player.combo", "no field 'combo' in scoring.one_player"),
    ("game.title.x", "game.title is not a table"),
    ("stones[colours=red+red+red].count", "no item of stones"),
])
def test_unknown_paths_name_what_is_missing(rautino: dict, path: str, message: str) -> None:
    with pytest.raises(VariantError, match=message.replace("[", r"\[").replace("]", r"\]")):
        get_value(rautino, path)


def test_values_as_lists_and_ranges() -> None:
    assert parse_values("f", "1,2,3") == (1, 2, 3)
    assert parse_values("f", "1..4") == (1, 2, 3, 4)
    assert parse_values("f", "0..10:5") == (0, 5, 10)
    assert parse_values("f", "true,false") == (True, False)
    assert parse_values("f", "0.5, 0.75") == (0.5, 0.75)
    assert parse_values("f", "red,blue") == ("red", "blue")


@pytest.mark.parametrize("text", ["", "1,,2", "4..1", "1..3:0"])
def test_empty_or_backwards_values_are_refused(text: str) -> None:
    with pytest.raises(VariantError, match="--vary f="):
        parse_values("f", text)


def test_a_value_of_the_wrong_type_is_refused_before_anything_runs(rautino: dict) -> None:
    check_types(rautino, [parse_vary("scoring.one_player.combo_bonus=0,2")])
    check_types(rautino, [parse_vary("board.triangle_mm=25,26")])  # an integer where a number goes
    with pytest.raises(VariantError, match="'two' is not an integer"):
        check_types(rautino, [parse_vary("scoring.one_player.combo_bonus=1,two")])
    with pytest.raises(VariantError, match="given twice"):
        check_types(rautino, [parse_vary("game.hand_size=2"), parse_vary("game.hand_size=3")])


def test_grid_is_every_combination_last_field_fastest() -> None:
    varies = [parse_vary("a=1..2"), parse_vary("b=x,y,z")]
    assert grid_size(varies) == 6
    assert list(grid(varies))[:4] == [{"a": 1, "b": "x"}, {"a": 1, "b": "y"}, {"a": 1, "b": "z"}, {"a": 2, "b": "x"}]


def test_a_path_with_an_equals_sign_splits_at_the_equals_sign_after_it(rautino: dict) -> None:
    """`stones[colours=red+joker].count=1,2`: the `=` inside the brackets belongs to the path."""
    vary = parse_vary("stones[colours=red+joker].count=1,2")
    assert vary == Vary("stones[colours=red+joker].count", (1, 2))
    check_types(rautino, [vary])
    assert parse_vary("a[b=c][d=e].f = 3..4") == Vary("a[b=c][d=e].f", (3, 4))
    with pytest.raises(VariantError, match="write FIELD=VALUES"):
        parse_vary("stones[colours=red+joker].count")


def test_a_whole_number_given_for_a_decimal_field_is_written_decimal() -> None:
    """`--vary board.cell_mm=13,14` writes 13.0: the variant's spec (`--write-best`) keeps the field decimal, so a
    later 12.8 in the studio still fits it."""
    import tomlkit

    from pnp.variants import assign

    document = tomlkit.parse("[board]\ncell_mm = 12.8\nrows = 15\n")
    assign(document, {"board.cell_mm": 13, "board.rows": 16})
    assert tomlkit.dumps(document) == "[board]\ncell_mm = 13.0\nrows = 16\n"
