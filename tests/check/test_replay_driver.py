"""The one replay driver on hostile logs: every invalid record is one plain line naming the game, the
record and the move, never Python internals; exit 1 for invalid records, 2 for an unreadable file."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check.replay import InvalidRecord, Items, Optional, Switch, check_shape
from pnp.cli import main

GAMES = ["rautino", "zatre", "triomino"]
INTERNALS = ("Traceback", "Error(", "KeyError", "TypeError", "ValueError", "IndexError", "None",
             "RecursionError", "'stack'")


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> dict[str, list[dict]]:
    folder = tmp_path_factory.mktemp("logs")
    found = {}
    for game in GAMES:
        log = folder / f"{game}.jsonl"
        args = ["check", game, "--games", "2", "--players", "2", "--workers", "1", "--skill-games", "0", "-q",
                "--log", str(log)]
        result = CliRunner().invoke(main, args + (["--preset", "seed"] if game == "triomino" else []))
        assert result.exit_code in (0, 3), result.output
        found[game] = [json.loads(line) for line in log.read_text().splitlines()]
    return found


def replay(tmp_path: Path, game: str, lines: list[str]) -> tuple[int, list[str]]:
    log = tmp_path / "hostile.jsonl"
    log.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", game, str(log)])
    summary = [x for x in result.output.splitlines() if x.startswith(("INVALID", "valid", f"{game}:"))]
    for word in INTERNALS:
        assert word not in result.output, result.output
    return result.exit_code, summary


def assert_one_invalid(code: int, lines: list[str], game: str, *words: str) -> str:
    assert code == 1
    invalid = [x for x in lines if x.startswith("INVALID")]
    assert len(invalid) == 1, lines
    assert invalid[0].startswith(f"INVALID {game} ")
    for word in words:
        assert word in invalid[0], invalid[0]
    assert lines[-1] == f"{game}: 1 record replayed, 1 invalid"
    return invalid[0]


@pytest.mark.parametrize("game", GAMES)
def test_a_deeply_nested_line(tmp_path: Path, game: str) -> None:
    code, lines = replay(tmp_path, game, ["[" * 100_000 + "]" * 100_000])
    assert_one_invalid(code, lines, game, "record (line 1)", "nested too deeply")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("line", "words"), [
    ('{"game": 3, "players": 2', "not a JSON record"),
    ("[1, 2]", "expected an object"),
    ('"text"', "expected an object"),
    ("{}", "missing"),
])
def test_broken_records(tmp_path: Path, game: str, line: str, words: str) -> None:
    code, lines = replay(tmp_path, game, [line])
    assert_one_invalid(code, lines, game, "(line 1)", words)


@pytest.mark.parametrize(("recorded", "replayed"), [("zatre", "triomino"), ("triomino", "rautino"),
                                                    ("rautino", "zatre")])
def test_a_record_of_another_game(tmp_path: Path, records, recorded: str, replayed: str) -> None:
    code, lines = replay(tmp_path, replayed, [json.dumps(records[recorded][0])])
    assert_one_invalid(code, lines, replayed, "game 0 (line 1)", f'a record of a "{recorded}" game')


def test_a_record_of_another_game_without_its_name(tmp_path: Path, records) -> None:
    record = {k: v for k, v in records["zatre"][0].items() if k != "pnp_game"}
    code, lines = replay(tmp_path, "triomino", [json.dumps(record)])
    assert_one_invalid(code, lines, "triomino", "preset: missing")


def _rautino_off_board(record: dict) -> str:
    record["moves"][2]["cells"] = [[100, 100], [101, 100]]
    return "move 3: cell [100, 100] is off the board"


def _zatre_off_board(record: dict) -> str:
    record["turns"][1]["tiles"][0][1:] = [500, 500]
    return "turn 2: "


def _triomino_off_board(record: dict) -> str:
    turns = record["rounds"][0]["turns"]
    index = next(i for i, t in enumerate(turns) if i > 0 and t.get("tile"))
    turns[index]["cell"] = [10**6, 3]
    return f"round 1, turn {index + 1}: "


@pytest.mark.parametrize(("game", "tamper"), [("rautino", _rautino_off_board), ("zatre", _zatre_off_board),
                                              ("triomino", _triomino_off_board)])
def test_off_board_cells(tmp_path: Path, records, game: str, tamper) -> None:
    record = copy.deepcopy(records[game][0])
    where = tamper(record)
    code, lines = replay(tmp_path, game, [json.dumps(record)])
    line = assert_one_invalid(code, lines, game, where)
    assert "share an edge" not in line


@pytest.mark.parametrize(("game", "tamper", "words"), [
    ("rautino", lambda r: r["moves"][3].__setitem__("stone", "red"), "move 4: stone: expected a list of 2"),
    ("rautino", lambda r: r.pop("stack"), "stack: missing"),
    ("rautino", lambda r: r["moves"][0].__setitem__("player", "1"), "move 1: player: expected a whole number"),
    ("zatre", lambda r: r["turns"][2]["tiles"][0].__setitem__(1, "x"), "turn 3: tiles[0][1]: expected"),
    ("zatre", lambda r: r.__setitem__("bag", {"a": 1}), "bag: expected a list, got an object"),
    ("triomino", lambda r: r["rounds"][0]["turns"][0].__setitem__("tile", [1, 2]),
     "round 1, turn 1: tile: expected a list of 3"),
    ("triomino", lambda r: r.__setitem__("preset", None), "preset: expected a text, got null"),
    ("triomino", lambda r: r.__setitem__("final_scores", [True, 3]), "final_scores[0]: expected a whole number"),
])
def test_wrong_types(tmp_path: Path, records, game: str, tamper, words: str) -> None:
    record = copy.deepcopy(records[game][0])
    tamper(record)
    code, lines = replay(tmp_path, game, [json.dumps(record)])
    assert_one_invalid(code, lines, game, "game 0 (line 1)", words)


@pytest.mark.parametrize("game", GAMES)
def test_every_record_gets_a_line_and_plural_forms_are_right(tmp_path: Path, records, game: str) -> None:
    good = records[game][0]
    code, lines = replay(tmp_path, game, [json.dumps(good)])
    assert code == 0
    assert lines == [f"valid {game} game 0 (line 1): 2 players, final scores "
                     f"{', '.join(map(str, good['final_scores']))}", f"{game}: 1 record replayed, 0 invalid"]
    code, lines = replay(tmp_path, game, [json.dumps(r) for r in records[game]] + ["{"])
    assert code == 1 and lines[-1] == f"{game}: 3 records replayed, 1 invalid"


@pytest.mark.parametrize(("content", "words"), [(b"\xff\xfe{}\n", "not UTF-8"), (b"\n\n", "no game records")])
def test_an_unreadable_file_is_exit_2(tmp_path: Path, content: bytes, words: str) -> None:
    log = tmp_path / "log.jsonl"
    log.write_bytes(content)
    result = CliRunner().invoke(main, ["replay", "zatre", str(log)])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and words in result.output


def test_record_shapes_name_the_place() -> None:
    shape = {"moves": Items("move", Switch("skip", {True: {"skip": bool}}, {"cells": [(int, int)]})),
             "note": Optional(str)}
    check_shape({"moves": [{"skip": True}, {"cells": [[1, 2]]}]}, shape)
    with pytest.raises(InvalidRecord, match=r"^move 2: cells\[0\]\[1\]: expected a whole number, got 2.5$"):
        check_shape({"moves": [{"skip": True}, {"cells": [[1, 2.5]]}]}, shape)
    with pytest.raises(InvalidRecord, match=r"^note: expected a text, got 3$"):
        check_shape({"moves": [], "note": 3}, shape)
