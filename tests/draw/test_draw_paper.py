"""Paper sizes and the --paper parser."""

from __future__ import annotations

import pytest

from pnp.draw.paper import A4, LETTER, Paper, parse_paper
from pnp.errors import PnpError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a4", A4),
        ("A4", A4),
        (" Letter ", LETTER),
        ("210x297", Paper("210x297", 210.0, 297.0)),
        ("300.5X400", Paper("300.5x400", 300.5, 400.0)),
        ("297 x 210 mm", Paper("297x210", 297.0, 210.0)),
    ],
)
def test_parse_paper_accepts_names_and_sizes(text: str, expected: Paper) -> None:
    assert parse_paper(text) == expected


@pytest.mark.parametrize(
    "text", ["banana", "", "a5", "0x297", "210x0", "-210x297", "210x2001", "210", "10x10"]
)
def test_parse_paper_rejects_with_one_line(text: str) -> None:
    with pytest.raises(PnpError) as info:
        parse_paper(text)
    message = str(info.value)
    assert message.startswith(f"--paper {text}:")
    assert "\n" not in message


def test_banana_message() -> None:
    with pytest.raises(PnpError, match=r"^--paper banana: expected a4, letter or WIDTHxHEIGHT in mm$"):
        parse_paper("banana")


def test_orientation_swaps_and_is_idempotent() -> None:
    assert A4.landscape() == Paper("A4", 297.0, 210.0)
    assert A4.landscape().landscape() == A4.landscape()
    assert A4.landscape().portrait() == A4
    assert A4.portrait() is A4
