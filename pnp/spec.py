"""One validating loader for every game's spec file (TOML).

Games read their spec through `Fields`, which checks types as it goes and names the file and the
dotted field path in every error, so a user sees exactly which line of their copy to fix.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

from pnp.errors import SpecError

T = TypeVar("T")

_TYPE_NAMES = {str: "a string", int: "an integer", float: "a number", bool: "true or false",
               list: "a list", dict: "a table"}


def template_path(game: str) -> Traversable:
    """The shipped spec of a game: package data of `pnp.templates`, in a checkout or an installed wheel."""
    return files("pnp.templates") / f"{game}.toml"


def load_toml(path: Path | Traversable) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpecError(path, "-", "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError(path, "-", f"cannot read: {exc}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(path, "-", f"not valid TOML: {exc}") from None


def _type_ok(value: Any, typ: type) -> bool:
    if typ is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if typ is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, typ)


class Fields:
    """Typed access to one table of a spec, remembering where it is for error messages."""

    def __init__(self, data: dict[str, Any], path: Path | Traversable | str | None, prefix: str = "") -> None:
        self.data = data
        self.path = path
        self.prefix = prefix
        self._seen: set[str] = set()

    @classmethod
    def load(cls, path: Path | Traversable) -> Fields:
        return cls(load_toml(path), path)

    def name(self, key: str) -> str:
        return f"{self.prefix}.{key}" if self.prefix else key

    def error(self, key: str, reason: str) -> SpecError:
        return SpecError(self.path, self.name(key), reason)

    def has(self, key: str) -> bool:
        return key in self.data

    def _value(self, key: str, typ: type[T]) -> T:
        self._seen.add(key)
        value = self.data[key]
        if not _type_ok(value, typ):
            raise self.error(key, f"must be {_TYPE_NAMES.get(typ, typ.__name__)}, not {value!r}")
        return float(value) if typ is float else value  # type: ignore[return-value]

    def req(self, key: str, typ: type[T], check: Callable[[T], str | None] | None = None) -> T:
        """A required field; `check` returns a reason when the value is out of range."""
        if key not in self.data:
            raise self.error(key, "missing")
        value = self._value(key, typ)
        if check is not None and (reason := check(value)):
            raise self.error(key, reason)
        return value

    def opt(self, key: str, typ: type[T], default: T, check: Callable[[T], str | None] | None = None) -> T:
        if key not in self.data:
            self._seen.add(key)
            return default
        return self.req(key, typ, check)

    def choice(self, key: str, choices: tuple[str, ...], default: str | None = None) -> str:
        if default is not None and key not in self.data:
            self._seen.add(key)
            return default
        value = self.req(key, str)
        if value not in choices:
            raise self.error(key, f"must be one of {', '.join(choices)}, not {value!r}")
        return value

    def table(self, key: str, required: bool = True) -> Fields:
        if key not in self.data and not required:
            self._seen.add(key)
            return Fields({}, self.path, self.name(key))
        return Fields(self.req(key, dict), self.path, self.name(key))

    def tables(self, key: str, required: bool = True) -> Iterator[Fields]:
        """An array of tables, e.g. [[stones]]; each item named `key[i]` in errors."""
        items = self.opt(key, list, []) if not required else self.req(key, list)
        for index, item in enumerate(items):
            where = f"{self.name(key)}[{index}]"
            if not isinstance(item, dict):
                raise SpecError(self.path, where, f"must be a table, not {item!r}")
            yield Fields(item, self.path, where)

    def finish(self) -> None:
        """Reject keys nobody read: a typo must not be silently ignored."""
        unknown = sorted(set(self.data) - self._seen)
        if unknown:
            raise self.error(unknown[0], "unknown field")


def positive(value: float) -> str | None:
    return None if value > 0 else "must be greater than 0"


def non_negative(value: float) -> str | None:
    return None if value >= 0 else "must be 0 or more"


def in_range(low: float, high: float) -> Callable[[float], str | None]:
    def check(value: float) -> str | None:
        return None if low <= value <= high else f"must be between {low} and {high}"

    return check
