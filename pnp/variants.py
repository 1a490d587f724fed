"""Variants of a spec: field paths into its data, value lists, and the grid of every combination.

A field path names one value of a spec the way a designer reads the file:

    game.hand_size                 a key of a table
    scoring.one_player.combo_bonus tables nest with dots
    stones[0].count                an item of an array of tables by its index (0 is the first)
    shapes[Dreieck].points.1       ... or by its `name`
    stones[colours=red+joker].count ... or by any key; a list value is written with `+`
    board.size_mm.2                an item of a plain array by its index

Values are a comma-separated list (`1,2,3`, `true,false`, `0.5,0.75`, `red,blue`) or an integer range
with both ends included (`1..4`, or `0..10:2` for every second value). A value must have the type of
the value it replaces (an integer may stand where a number is expected).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pnp.errors import PnpError

# More variants than this are refused unless the user confirms (`--yes`): a typo in a range should
# not start a week of simulation.
MAX_VARIANTS_UNCONFIRMED = 10_000
MAX_VALUES_PER_FIELD = 100_000

_STEP = re.compile(r"^(?P<key>[^.\[\]]+)(?P<selectors>(\[[^\[\]]*\])*)$")
_RANGE = re.compile(r"^(-?\d+)\.\.(-?\d+)(?::(\d+))?$")


class VariantError(PnpError):
    """A --vary that names no field of the spec, or values that do not fit it: what was given (a field
    path, FIELD=VALUES) and why it is refused. Printed as `--vary SUBJECT: REASON`; the studio, which
    has no --vary, shows `SUBJECT: REASON`."""

    def __init__(self, subject: str, reason: str) -> None:
        self.subject = subject
        self.reason = reason
        super().__init__(f"--vary {subject}: {reason}" if subject else f"--vary: {reason}")

    @property
    def without_option(self) -> str:
        return f"{self.subject}: {self.reason}" if self.subject else self.reason


@dataclass(frozen=True)
class Vary:
    """One `--vary FIELD=VALUES`: the field path and the values it takes."""

    field: str
    values: tuple[Any, ...]


def split_path(path: str) -> list[str | int | tuple[str, str]]:
    """`shapes[Dreieck].points.1` -> ['shapes', ('name', 'Dreieck'), 'points', '1']."""
    if not path or path != path.strip():
        raise VariantError(repr(path), "a field path such as stones[0].count is needed")
    steps: list[str | int | tuple[str, str]] = []
    for part in path.split("."):
        match = _STEP.match(part)
        if not match:
            raise VariantError(path, f"cannot read {part!r} (write key, key[0] or key[name])")
        steps.append(match.group("key"))
        for selector in re.findall(r"\[([^\[\]]*)\]", match.group("selectors")):
            if not selector:
                raise VariantError(path, f"empty [] in {part!r}")
            if re.fullmatch(r"\d+", selector):
                steps.append(int(selector))
            elif "=" in selector:
                key, _, value = selector.partition("=")
                steps.append((key.strip(), value.strip()))
            else:
                steps.append(("name", selector))
    return steps


def _matches(item: Any, key: str, wanted: str) -> bool:
    if not isinstance(item, dict) or key not in item:
        return False
    value = item[key]
    if isinstance(value, list):
        return "+".join(str(v) for v in value) == wanted
    return str(value) == wanted


def locate(data: dict[str, Any], path: str) -> tuple[Any, str | int]:
    """The container holding the value a path names, and the value's key or index in it."""
    steps = split_path(path)
    node: Any = data
    walked = ""
    for number, step in enumerate(steps):
        last = number == len(steps) - 1
        if isinstance(step, tuple):
            key, wanted = step
            if not isinstance(node, list):
                raise VariantError(path, f"{walked} is not an array of tables")
            found = [i for i, item in enumerate(node) if _matches(item, key, wanted)]
            if len(found) != 1:
                what = "no item" if not found else f"{len(found)} items"
                raise VariantError(path, f"{what} of {walked} with {key} = {wanted!r}")
            step = found[0]
        if isinstance(step, int) or (isinstance(node, list) and isinstance(step, str) and step.isdigit()):
            index = int(step)
            if not isinstance(node, list):
                raise VariantError(path, f"{walked or 'the spec'} is not an array")
            if not 0 <= index < len(node):
                raise VariantError(path, f"{walked} has {len(node)} items, no [{index}]")
            if last:
                return node, index
            node, walked = node[index], f"{walked}[{index}]"
            continue
        if not isinstance(node, dict):
            raise VariantError(path, f"{walked} is not a table")
        if step not in node:
            known = ", ".join(sorted(node)) or "none"
            raise VariantError(path, f"no field {step!r} in {walked or 'the spec'} (fields: {known})")
        if last:
            return node, step
        node, walked = node[step], f"{walked}.{step}" if walked else step
    raise VariantError(path, "a field path such as stones[0].count is needed")


def get_value(data: dict[str, Any], path: str) -> Any:
    container, key = locate(data, path)
    return container[key]  # type: ignore[index]


def assign(data: dict[str, Any], changes: dict[str, Any]) -> None:
    """Replace the values at the given paths in place (also in a tomlkit document, keeping its comments)."""
    for path, value in changes.items():
        container, key = locate(data, path)
        container[key] = in_type_of(container[key], value)  # type: ignore[index]


def in_type_of(old: Any, new: Any) -> Any:
    """`new` as the field holding `old` keeps it: a whole number given for a decimal field is written 12.0,
    so the field stays decimal and a later 11.8 still fits it."""
    plain = old.unwrap() if hasattr(old, "unwrap") else old  # tomlkit items: their plain value
    if isinstance(plain, float) and isinstance(new, int) and not isinstance(new, bool):
        return float(new)
    return new


def _scalar(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


def check_number_text(field: str, text: str) -> None:
    """Refuse numbers longer than a spec may hold: Python refuses to read an integer of thousands of
    digits, and a decimal of hundreds is infinite as a float."""
    from pnp.tomlscan import MAX_DIGITS

    if re.search(rf"\d{{{MAX_DIGITS + 1},}}", text):
        raise VariantError(field, f"a number of more than {MAX_DIGITS} digits (at most {MAX_DIGITS})")


def parse_values(field: str, text: str) -> tuple[Any, ...]:
    text = text.strip()
    check_number_text(field, text)
    ranged = _RANGE.match(text)
    if ranged:
        first, last, step = int(ranged.group(1)), int(ranged.group(2)), int(ranged.group(3) or 1)
        if step == 0 or last < first:
            raise VariantError(f"{field}={text}", "a range runs from low to high with a step of 1 or more")
        if (last - first) // step + 1 > MAX_VALUES_PER_FIELD:
            raise VariantError(f"{field}={text}", f"more than {MAX_VALUES_PER_FIELD:,} values")
        return tuple(range(first, last + 1, step))
    parts = [part.strip() for part in text.split(",")]
    if not text or any(not part for part in parts):
        raise VariantError(f"{field}={text}", "give a list such as 1,2,3 or a range such as 1..4")
    values = tuple(_scalar(part) for part in parts)
    if any(isinstance(value, float) and not math.isfinite(value) for value in values):
        raise VariantError(f"{field}={text}", "every number must be finite (no nan, inf or 1e999)")
    return values


def split_option(option: str) -> tuple[str, str, str]:
    """FIELD=VALUES split at the first `=` outside brackets: `stones[colours=red+joker].count=1,2` has
    an `=` in its path."""
    depth = 0
    for position, char in enumerate(option):
        if char == "[":
            depth += 1
        elif char == "]":
            depth = max(0, depth - 1)
        elif char == "=" and depth == 0:
            return option[:position], "=", option[position + 1:]
    return option, "", ""


def parse_vary(option: str) -> Vary:
    field, sep, values = split_option(option)
    if not sep or not field.strip():
        raise VariantError(repr(option), "write FIELD=VALUES, e.g. stones[0].count=1..3")
    field = field.strip()
    return Vary(field, parse_values(field, values))


def type_fits(old: Any, new: Any) -> bool:
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool)
    if isinstance(old, float):
        return isinstance(new, int | float)
    return type(old) is type(new)


_TYPE_WORDS = {bool: "true or false", int: "an integer", float: "a number", str: "a string",
               list: "a list", dict: "a table"}


def check_types(data: dict[str, Any], varies: list[Vary]) -> None:
    """Every field exists and every value has its field's type, before anything runs."""
    seen: set[str] = set()
    for vary in varies:
        if vary.field in seen:
            raise VariantError(vary.field, "given twice")
        seen.add(vary.field)
        old = get_value(data, vary.field)
        for value in vary.values:
            if not type_fits(old, value):
                expected = _TYPE_WORDS.get(type(old), type(old).__name__)
                raise VariantError(vary.field, f"{value!r} is not {expected} like the spec's {old!r}")


def grid(varies: list[Vary]) -> Iterator[dict[str, Any]]:
    """Every combination of the varied values, the last field changing fastest."""
    fields = [vary.field for vary in varies]
    for combination in itertools.product(*(vary.values for vary in varies)):
        yield dict(zip(fields, combination, strict=True))


def grid_size(varies: list[Vary]) -> int:
    size = 1
    for vary in varies:
        size *= len(vary.values)
    return size
