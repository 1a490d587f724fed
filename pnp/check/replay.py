"""`pnp replay`: the one driver that reads a log and hands each record to the game's own validator.

The driver reads the log line by line (any size), refuses what is not a record of this game, checks
each record's shape against the game's `RecordShape` (so a validator only ever meets well-typed
data), and prints one line per record and one summary line. A game's validator raises
`InvalidRecord` naming the move and the rule; nothing else of Python reaches the user.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO, cast

from pnp.check.protocol import plural
from pnp.errors import PnpError, printable
from pnp.files.reading import input_name, read_lines


class InvalidRecord(Exception):
    """A record that breaks a rule or the record format. The message starts with where (a move, a
    turn, a round) and says what is wrong, in words a player understands."""


class NotThisSpec(InvalidRecord):
    """A record whose set up (the stones, tiles or rules it starts from) is not the spec's: most likely
    played with another spec."""


# --- record shapes -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Optional:
    """A key that may be missing (or null)."""

    shape: Any


@dataclass(frozen=True)
class Items:
    """A list whose items are named for people: 'move 3', 'turn 12' (counted from 1)."""

    name: str
    shape: Any


@dataclass(frozen=True)
class Switch:
    """An object whose shape depends on one key: e.g. a skip or a placement."""

    key: str
    shapes: Mapping[Any, Any]
    default: Any


# A shape is: int, str, bool, float (a JSON value of that type), [shape] (a list of them), (shape, ...)
# (a list of exactly these), {key: shape} (an object with these keys, others allowed), Optional, Items,
# Switch, or Any (anything).
_TYPE_WORDS = {int: "a whole number", str: "a text", bool: "true or false", float: "a number"}


def _what(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value) if len(str(value)) <= 20 else "a very long number"
    if isinstance(value, str):
        return json.dumps(value[:20] + ("..." if len(value) > 20 else ""), ensure_ascii=False)
    if isinstance(value, list):
        return f"a list of {plural(len(value), 'item')}"
    return "an object"


def _expected(shape: Any) -> str:
    if isinstance(shape, type) and shape in _TYPE_WORDS:
        return _TYPE_WORDS[shape]
    if isinstance(shape, tuple):
        return f"a list of {len(shape)} ({', '.join(_expected(s) for s in shape)})"
    if isinstance(shape, list | Items):
        return "a list"
    return "an object"


def _at(section: str, field: str) -> str:
    """'move 3: cells[1]', 'round 2, turn 5: tile', 'stack', or 'the record'."""
    return ": ".join(part for part in (section, field) if part) or "the record"


def _key(field: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else key


def check_shape(value: Any, shape: Any, section: str = "", field: str = "") -> None:
    """Raise InvalidRecord naming the first place where `value` does not have `shape`."""
    where = _at(section, field)
    if shape is Any:
        return
    if isinstance(shape, Optional):
        if value is not None:
            check_shape(value, shape.shape, section, field)
        return
    if isinstance(shape, type) and shape in _TYPE_WORDS:
        ok = isinstance(value, shape) and (shape is bool or not isinstance(value, bool))
        if shape is float:
            ok = isinstance(value, int | float) and not isinstance(value, bool)
        if not ok:
            raise InvalidRecord(f"{where}: expected {_expected(shape)}, got {_what(value)}")
        return
    if isinstance(shape, Switch):
        if not isinstance(value, dict):
            raise InvalidRecord(f"{where}: expected an object, got {_what(value)}")
        check_shape(value, shape.shapes.get(value.get(shape.key), shape.default), section, field)
        return
    if isinstance(shape, list | tuple | Items):
        if not isinstance(value, list) or (isinstance(shape, tuple) and len(value) != len(shape)):
            raise InvalidRecord(f"{where}: expected {_expected(shape)}, got {_what(value)}")
        if isinstance(shape, Items):  # the item's name replaces the list's field name
            for index, item in enumerate(value):
                named = f"{shape.name} {index + 1}"
                check_shape(item, shape.shape, f"{section}, {named}" if section else named)
        else:
            shapes = shape if isinstance(shape, tuple) else [shape[0]] * len(value)
            for index, (item, item_shape) in enumerate(zip(value, shapes, strict=True)):
                check_shape(item, item_shape, section, _key(field, index))
        return
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            raise InvalidRecord(f"{where}: expected an object, got {_what(value)}")
        for key, item_shape in shape.items():
            if key not in value and not isinstance(item_shape, Optional):
                raise InvalidRecord(f"{_at(section, _key(field, key))}: missing")
            check_shape(value.get(key), item_shape, section, _key(field, key))
        return
    raise TypeError(f"not a record shape: {shape!r}")  # a programming error in a game's shape


# --- the driver ----------------------------------------------------------------------------------

Validator = Callable[[Any, dict[str, Any], TextIO | None], None]


@dataclass(frozen=True)
class Replay:
    """What a game gives `pnp replay`: its record shape and its independent validator, which raises
    InvalidRecord and may print the game move by move to the stream it gets."""

    game: str
    shape: dict[str, Any]
    validate: Validator


# Every game's records carry these, whatever else they hold.
COMMON_SHAPE: dict[str, Any] = {"players": int, "final_scores": [int]}

# The one end a record may name for a game that stopped before the rules end it (a person left the
# play table): `"end": "abandoned"`. A validator replays such a record up to where it stops and
# checks that the game had not ended there; a record that stops early without it is refused.
ABANDONED = "abandoned"

# How a record's `seats` names a seat a person played (at the play table): where the rules let a
# player choose, a person's choice is theirs, and a validator accepts either.
PERSON = "human"


def abandoned(record: dict[str, Any]) -> bool:
    return record.get("end") == ABANDONED


def problem(replayer: Replay, model: Any, record: dict[str, Any], out: TextIO | None = None) -> str | None:
    """What is wrong with one record (shape, then rules), or None when it is valid."""
    kind = record.get("pnp_game", replayer.game)
    if kind != replayer.game:
        return f"a record of a {_what(kind)} game, not of {replayer.game}"
    try:
        check_shape(record, COMMON_SHAPE)  # what the driver itself prints of every record
        check_shape(record, replayer.shape)
        replayer.validate(model, record, out)
    except NotThisSpec as exc:
        return f"{exc}{OTHER_SPEC}"
    except InvalidRecord as exc:
        return str(exc)
    except (KeyError, TypeError, ValueError, IndexError, ArithmeticError, RecursionError):
        # A combination the record shape lets through and the validator cannot follow.
        return FIELDS_DO_NOT_FIT
    return None


FIELDS_DO_NOT_FIT = "the record's fields do not fit together"
# How a record that is not the spec's ends its reason: the replay counts them and says what to do
OTHER_SPEC = " (played with another spec?)"


def parse_record(line: str) -> dict[str, Any]:
    try:
        record = json.loads(line)
    except RecursionError:
        raise InvalidRecord("not a game record: nested too deeply") from None
    except ValueError as exc:  # a number of more digits than Python converts is a ValueError too
        message = exc.msg if isinstance(exc, json.JSONDecodeError) else \
            f"a number of more than {sys.get_int_max_str_digits():,} digits"
        raise InvalidRecord(f"not a JSON record: {message}") from None
    if not isinstance(record, dict):
        raise InvalidRecord(f"not a game record: expected an object, got {_what(record)}")
    return record


def _name(record: dict[str, Any] | None) -> str:
    number = record.get("game") if record else None
    return f"game {number}" if isinstance(number, int) and not isinstance(number, bool) else "record"


def replay(replayer: Replay, model: Any, path: Path, out: TextIO) -> int:
    """Check every record of the log at `path` (`-`: standard input); print one line per record and
    a summary. Returns the number of invalid records. An unreadable file is a PnpError (exit 2).
    Every line printed is escaped: a record's texts may hold control or right-to-left characters."""
    records = invalid = unset = 0
    out = cast(TextIO, _Escaped(out))
    for line_number, line in read_lines(path, "a log is a JSON-lines file of game records"):
        if not line.strip():
            continue
        records += 1
        record: dict[str, Any] | None = None
        try:
            record = parse_record(line)
        except InvalidRecord as exc:
            wrong: str | None = str(exc)
        else:
            wrong = problem(replayer, model, record, out)
        if wrong is not None:
            invalid += 1
            unset += wrong.endswith(OTHER_SPEC)
            out.write(f"INVALID {replayer.game} {_name(record)} (line {line_number}): {wrong}\n")
        else:
            assert record is not None
            scores = "abandoned, scores so far" if abandoned(record) else "final scores"
            out.write(f"valid {replayer.game} {_name(record)} (line {line_number}): "
                      f"{plural(record['players'], 'player')}, {scores} "
                      f"{', '.join(map(str, record['final_scores']))}\n")
    if not records:
        raise PnpError(f"{input_name(path)}: no game records")
    out.write(f"{replayer.game}: {plural(records, 'record')} replayed, {invalid} invalid\n")
    if unset:  # most likely a log of a designer's own spec, replayed against another
        out.write(f"{unset} of them do not start from this spec's set: name the spec they were played with "
                  "(--spec)\n")
    return invalid


class _Escaped(io.TextIOBase):
    """A text stream that writes what it gets through `printable`, line breaks kept."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(printable(text, keep="\n"))

    def flush(self) -> None:
        self.stream.flush()


# The folder of the play table's saved games inside a workspace; a record's `spec` is a path in it.
PLAYED_FOLDER = "played"


def spec_named(path: Path) -> Path | None:
    """The spec the first record of the log at `path` names (a game saved at the play table names
    the workspace spec it was played with, as a path inside the workspace that holds its `played`
    folder), or None: the game's shipped spec. A named spec that is not there is a PnpError."""
    if str(path) == "-":
        return None  # standard input can be read once only: --spec names its spec
    for _, line in read_lines(path, "a log is a JSON-lines file of game records"):
        if line.strip():
            try:
                named = parse_record(line).get("spec")
            except InvalidRecord:
                return None  # the replay says what is wrong with it
            break
    else:
        return None
    if not isinstance(named, str) or not named:
        return None
    folder = path.resolve().parent
    workspace = folder.parent if folder.name == PLAYED_FOLDER else folder
    spec = workspace / named
    if not spec.is_file():
        raise PnpError(f"{input_name(path)}: spec: the record was played with {printable(named)!r}, "
                       f"not found in {workspace}; name it with --spec")
    return spec
