"""A studio sweep's fields and values, checked against the spec before its job starts and refused in
the page's words: each field named as the page names it, the limit the page keeps, no command-line
option. The checks are the sweep's own (`pnp.variants`), so what passes here is what `pnp sweep` takes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.errors import PnpError
from pnp.spec import parse_toml
from pnp.variants import MAX_VARIANTS_UNCONFIRMED, VariantError, Vary, get_value, grid_size, parse_values, type_fits

MAX_LABEL = 120
_KINDS = {bool: "true or false", int: "a whole number", float: "a number", str: "a word"}


@dataclass(frozen=True)
class SweepField:
    """One field the page's sweep varies: its path in the spec, the values typed, the page's name for it."""

    path: str
    values: str
    label: str = ""

    @property
    def name(self) -> str:
        return self.label or " ".join(self.path.split())[:MAX_LABEL]


def sweep_fields(vary: Any) -> list[SweepField]:
    """The request's `vary`: a list of {"field", "values", "label" (optional)}."""
    if not isinstance(vary, list) or not all(
            isinstance(item, dict) and isinstance(item.get("field"), str) and isinstance(item.get("values"), str)
            and isinstance(item.get("label", ""), str) for item in vary):
        raise PnpError('vary: a list of {"field": "game.hand_size", "values": "2,3,4"}')
    return [SweepField(item["field"], item["values"].strip(), " ".join(item.get("label", "").split())[:MAX_LABEL])
            for item in vary]


def check_sweep(text: str, fields: list[SweepField]) -> None:
    """Every field once, every value of its field's kind, and no more variants than a sweep runs."""
    data = parse_toml(text, None)
    seen: set[str] = set()
    varies = []
    for field in fields:
        if field.path in seen:
            raise PnpError(f"{field.name}: picked in two fields; pick each field once")
        seen.add(field.path)
        try:
            old = get_value(data, field.path)
        except VariantError as exc:
            raise PnpError(f"{field.name}: {exc.reason}") from None
        try:
            values = parse_values(field.path, field.values)
        except VariantError as exc:
            typed = f"{field.values!r}: " if field.values else ""
            raise PnpError(f"{field.name}: {typed}{exc.reason}") from None
        for value in values:
            if not type_fits(old, value):
                raise PnpError(f"{field.name}: {_misfit(field.values, value, old)}")
        varies.append(Vary(field.path, values))
    size = grid_size(varies)
    if size > MAX_VARIANTS_UNCONFIRMED:
        raise PnpError(f"{size:,} variants (every combination of the values), more than the "
                       f"{MAX_VARIANTS_UNCONFIRMED:,} a sweep runs: give fewer values")


def _misfit(typed: str, value: Any, old: Any) -> str:
    if isinstance(old, float) and isinstance(value, str) and ".." in value:
        return (f"{typed!r} is a range; a decimal field takes a list such as 0.3,0.4,0.5 "
                "(ranges such as 1..4 are for whole numbers)")
    return f"{_shown(value)} is not {_KINDS.get(type(old), 'of its kind')} like its value now, {_shown(old)}"


def _shown(value: Any) -> str:
    """A value as the form shows it: true, 3, 0.4, 'red'."""
    if isinstance(value, bool):
        return str(value).lower()
    return repr(value) if isinstance(value, str) else str(value)
