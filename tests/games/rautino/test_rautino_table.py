"""Rautino at the play table: a refused stone names the place as the page names it ("place 70, row 4"),
never grid coordinates, and every place, the board's edge places included, has a name."""

from __future__ import annotations

import re

import pytest

from pnp.games.rautino.model import load
from pnp.games.rautino.table import RautinoTable
from pnp.play.table import Refused

MODEL = load(None)


def table() -> RautinoTable:
    return RautinoTable(MODEL, ["human", "human"], 3)  # two players: a joker may stick out of the board


def sticking_out(played: RautinoTable) -> list[int]:
    """The places one of whose triangles lies outside the board."""
    tables = played.board.tables
    return [n for n, slot in enumerate(tables.slots) if max(slot.a, slot.b) >= tables.board_cells]


def test_every_place_has_a_name_and_those_at_the_edge_say_they_stick_out() -> None:
    played = table()
    places = played.places()
    assert all(re.fullmatch(r"place \d+, row \d+(, half outside the board)?", p["label"]) for p in places)
    assert len({p["label"] for p in places}) == len(places)
    outside = set(sticking_out(played))
    assert outside and all(places[n]["label"].endswith(", half outside the board") == (n in outside)
                           for n in range(len(places)))


def test_a_colour_triangle_outside_the_board_is_refused_naming_its_place() -> None:
    played = table()
    place = sticking_out(played)[0]
    hand = played.hands[played.player]
    joker = len(MODEL.all_colours) - 1
    piece = next(i for i, stone in enumerate(hand) if joker not in stone)
    label = played.places()[place]["label"].removesuffix(", half outside the board")
    with pytest.raises(Refused) as refused:
        played.move({"piece": piece, "place": place, "turned": False})
    message = str(refused.value)
    assert message.startswith("only a joker triangle may stick out of the board (")
    assert label in message and "[" not in message, message
    assert re.search(r"the (left|right|upper|lower) triangle of " + re.escape(label), message), message


def test_a_taken_place_is_refused_naming_its_triangle() -> None:
    played = table()
    tables = played.board.tables
    start = next(n for n, slot in enumerate(tables.slots)
                 if played.board.colour[slot.a] >= 0 and played.board.colour[slot.b] >= 0)  # the start stone
    with pytest.raises(Refused) as refused:
        played.move({"piece": 0, "place": start, "turned": False})
    message = str(refused.value)
    label = played.places()[start]["label"]
    assert "[" not in message and label in message and message.endswith("is taken"), message


def test_a_mismatched_edge_names_the_touching_triangle_by_where_it_lies() -> None:
    """The board draws no triangle numbers: the triangle a stone's colour clashes with is named by
    its side of the stone's own triangle, in the page's one numbering (places)."""
    played = table()
    colours = range(len(MODEL.all_colours))
    messages = [played._why(place, a, b) for place in range(len(played.places())) for a in colours for b in colours
                if not played.board.fits(place, a, b)]
    touching = [m for m in messages if " touches " in m]
    assert touching
    for message in touching:
        assert " of row " not in message.split(" touches ")[1], message
        assert re.search(r" touches \w+ on the triangle (left of it|right of it|above it|below it) ", message), message
