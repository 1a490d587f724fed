"""One validating loader for every game's spec file (TOML).

Games read their spec through `Fields`, which checks types as it goes and names the file and the
dotted field path in every error, so a user sees exactly which line of their copy to fix.
"""

from __future__ import annotations

import math
import os
import stat
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

from pnp.errors import SpecError
from pnp.i18n import LANGS, PrintedText, Texts

T = TypeVar("T")

_TYPE_NAMES = {str: "a string", int: "an integer", float: "a number", bool: "true or false",
               list: "a list", dict: "a table"}


def template_path(game: str) -> Traversable:
    """The shipped spec of a game: package data of `pnp.templates`, in a checkout or an installed wheel."""
    return files("pnp.templates") / f"{game}.toml"


# Limits every spec value must keep, whatever the field: far beyond any real game (its own
# fields have tighter limits), they keep a hostile spec from running for hours or filling memory.
MAX_NUMBER = 1_000_000
MAX_ITEMS = 10_000  # entries of one list or table
MAX_TEXT = 1_000  # characters of one string
MAX_BYTES = 1_000_000  # size of a spec file


def check_spec_file(path: Path, game: str | None = None) -> os.stat_result:
    """Refuse, as every command does, a spec path with no file there or with something else than a regular
    file: a folder (a spec in it is named, `game`'s first), a FIFO or /dev/zero (which would hang or fill
    memory). The file's status when it is one."""
    from pnp.files.oserrors import not_found, os_reason, wrong_kind

    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        raise SpecError(path, "-", not_found("file")) from None
    except OSError as exc:
        raise SpecError(path, "-", f"cannot read: {os_reason(exc)}") from None
    mode = info.st_mode
    if stat.S_ISREG(mode):
        return info
    hint = "a spec is a TOML file"
    if stat.S_ISDIR(mode):
        inside = sorted(path.glob("*.toml"), key=lambda spec: (spec.stem != game, spec.name))
        hint = f"name a spec file such as {inside[0]}" if inside else "name a spec file"
    raise SpecError(path, "-", wrong_kind(mode, "file", hint))


def load_toml(path: Path | Traversable, game: str | None = None) -> dict[str, Any]:
    """The spec's TOML; a path that is no spec file is refused naming, for a folder, a spec in it (`game`'s
    first)."""
    from pnp.files.inputs import note_input
    from pnp.files.oserrors import not_found, os_reason

    try:
        if isinstance(path, Path):  # a user's file; shipped specs inside a zipped install are not
            info = check_spec_file(path, game)
            if info.st_size > MAX_BYTES:
                raise SpecError(path, "-", f"the file is larger than {MAX_BYTES:,} bytes; a spec is a few kB")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpecError(path, "-", not_found("file")) from None
    except UnicodeDecodeError as exc:
        raise SpecError(path, "-", f"cannot read: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise SpecError(path, "-", f"cannot read: {os_reason(exc)}") from None
    if isinstance(path, Path):
        note_input(path)  # no output of this run may replace it
    return parse_toml(text, path)


# A spec names the game it is for in `[game] name`. pnp reads that field itself (pnp.games.base), before
# the game's loader, so every game's loader, a plugin's too, takes it without declaring it.
GAME_TABLE, GAME_NAME = "game", "name"


def game_of(data: dict[str, Any], path: Path | Traversable | str | None = None) -> str | None:
    """The game a spec's data names (None: it names none, as specs written before the field)."""
    table = data.get(GAME_TABLE)
    if not isinstance(table, dict) or GAME_NAME not in table:
        return None
    name = table[GAME_NAME]
    if not isinstance(name, str) or not name.strip():
        raise SpecError(path, f"{GAME_TABLE}.{GAME_NAME}", f"must be the name of a game, not {name!r}")
    return name.strip()


def parse_toml(text: str, path: Path | Traversable | str | None) -> dict[str, Any]:
    """Spec text as data, for every reader of specs (the loader, the studio, sweeps). Text nested
    deeper or holding longer numbers than any spec needs is refused before the parser sees it:
    the parser would spend seconds and gigabytes on a few kilobytes of dotted keys."""
    from pnp.tomlscan import TooDeep, scan

    text = text.removeprefix("\ufeff")  # editors on Windows save a byte-order mark
    try:
        scan(text)
        return tomllib.loads(text)
    except TooDeep as exc:
        raise SpecError(path, exc.where, exc.reason) from None
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(path, "-", f"not valid TOML: {exc}") from None
    except RecursionError:
        raise SpecError(path, "-", "not valid TOML: nested too deeply") from None
    except ValueError as exc:  # a number beyond what Python converts (the scan stops those first)
        raise SpecError(path, "-", f"not valid TOML: {exc}") from None


def _check_values(value: Any, where: str, path: Path | str | None) -> None:
    """Refuse what no field may hold: infinite or NaN numbers, control characters and line breaks in
    text (every text is printed on one line), endless lists. A number's size is checked as its field is
    read (_check_sizes), after the field's own range, which is the limit a designer needs to hear."""
    if isinstance(value, dict):
        if len(value) > MAX_ITEMS:
            raise SpecError(path, where or "-", f"at most {MAX_ITEMS:,} entries; got {len(value):,}")
        for key, item in value.items():
            _check_text(key, f"{where}.{key}" if where else key, path)
            _check_values(item, f"{where}.{key}" if where else key, path)
    elif isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise SpecError(path, where, f"at most {MAX_ITEMS:,} entries; got {len(value):,}")
        for index, item in enumerate(value):
            _check_values(item, f"{where}[{index}]", path)
    elif isinstance(value, str):
        _check_text(value, where, path)
    elif isinstance(value, float) and not math.isfinite(value):
        raise SpecError(path, where, f"must be a finite number, not {value}")


def _check_sizes(value: Any, where: str, path: Path | Traversable | str | None) -> None:
    """Refuse a number beyond MAX_NUMBER in a value read from a spec, however deep in its lists and tables."""
    if isinstance(value, dict):
        for key, item in value.items():
            _check_sizes(item, f"{where}.{key}", path)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_sizes(item, f"{where}[{index}]", path)
    elif isinstance(value, int | float) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        raise SpecError(path, where, f"at most {MAX_NUMBER:,} in size; got {value:,}")


def _check_text(text: str, where: str, path: Path | str | None) -> None:
    if len(text) > MAX_TEXT:
        raise SpecError(path, where, f"at most {MAX_TEXT:,} characters; got {len(text):,}")
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            name = unicodedata.name(char, f"U+{ord(char):04X}")
            raise SpecError(path, where, f"line breaks and control characters are not allowed; found {name}")


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
        if not prefix:  # a whole spec, from a file or built in memory: the limits of every value
            _check_values(data, "", path)

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
        if isinstance(value, str):  # "a" + U+0308 is "ä": measured, drawn and compared as one character
            return unicodedata.normalize("NFC", value)  # type: ignore[return-value]
        return float(value) if typ is float else value  # type: ignore[return-value]

    def req(self, key: str, typ: type[T], check: Callable[[T], str | None] | None = None) -> T:
        """A required field; `check` returns a reason when the value is out of range. The field's own
        range is said first; then any number in the value beyond what any field holds (MAX_NUMBER)."""
        value = self._read(key, typ, check)
        _check_sizes(value, self.name(key), self.path)
        return value

    def _read(self, key: str, typ: type[T], check: Callable[[T], str | None] | None = None) -> T:
        if key not in self.data:
            raise self.error(key, "missing" + self._typo_of(key))
        value = self._value(key, typ)
        if isinstance(check, Bounds) and (found := _limits.get()) is not None:
            found[self.name(key)] = check
        if check is not None and (reason := check(value)):
            raise self.error(key, reason)
        return value

    def _typo_of(self, key: str) -> str:
        """'; found tiles_per_trun: a typo?' where the table holds a key close to a missing one."""
        from difflib import get_close_matches

        near = get_close_matches(key, sorted(k for k in self.data if k not in self._seen), n=1)
        return f"; found {near[0]}: a typo?" if near else ""

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

    def printed(self, key: str, default: str, words: Texts[str] | None = None) -> PrintedText:
        """A text the kit prints: a string, printed as written in every kit language, or a table with one
        text per kit language (`{ en = "Total", de = "Gesamt" }`). A string that is a key of `words` (the
        game's own default words) prints as `words` has it in each language."""
        self._seen.add(key)
        return printed_text(self.data.get(key, default), self.name(key), self.path, words)

    def printed_list(self, key: str, default: list[str], words: Texts[str] | None = None) -> tuple[PrintedText, ...]:
        """A list of printed texts, each read as `printed` reads one."""
        items = self.opt(key, list, default)
        return tuple(printed_text(item, f"{self.name(key)}[{index}]", self.path, words)
                     for index, item in enumerate(items))

    def table(self, key: str, required: bool = True) -> Fields:
        if key not in self.data and not required:
            self._seen.add(key)
            return Fields({}, self.path, self.name(key))
        table = Fields(self._read(key, dict), self.path, self.name(key))  # its fields are checked as read
        if not self.prefix and key == GAME_TABLE:
            table._seen.add(GAME_NAME)  # read by pnp before the game's loader
        return table

    def tables(self, key: str, required: bool = True) -> Iterator[Fields]:
        """An array of tables, e.g. [[stones]]; each item named `key[i]` in errors."""
        items: list[Any] = self._read(key, list) if required or key in self.data else []
        self._seen.add(key)
        for index, item in enumerate(items):
            where = f"{self.name(key)}[{index}]"
            if not isinstance(item, dict):
                raise SpecError(self.path, where, f"must be a table, not {item!r}")
            yield Fields(item, self.path, where)

    def finish(self) -> None:
        """Reject keys nobody read: a typo must not be silently ignored."""
        unread = set(self.data) - self._seen
        game_table = self.data.get(GAME_TABLE)
        if not self.prefix and isinstance(game_table, dict) and set(game_table) <= {GAME_NAME}:
            unread.discard(GAME_TABLE)  # only the game's name, for a game whose loader reads no [game]
        unknown = sorted(unread)
        if unknown:
            from difflib import get_close_matches

            near = get_close_matches(unknown[0], sorted(self._seen), n=1)
            raise self.error(unknown[0], f"unknown field; did you mean {near[0]}?" if near else "unknown field")


@dataclass(frozen=True)
class Bounds:
    """The range a number field must lie in: the loader's check, and the limit the studio shows beside
    the field before anyone types a wrong value. Both ends are included unless `above` (then the value
    must be greater than `low`)."""

    low: float | None = None
    high: float | None = None
    above: bool = False

    def __call__(self, value: float) -> str | None:
        if self.above and self.low is not None and not value > self.low:
            return f"must be greater than {self.low}"
        if self.high is None:
            return None if self.low is None or value >= self.low else f"must be {self.low} or more"
        return None if self.low is None or self.low <= value <= self.high else \
            f"must be between {self.low} and {self.high}"

    @property
    def text(self) -> str:
        """The limit in words, e.g. '1 to 40' or 'more than 0'."""
        if self.high is None:
            return f"more than {self.low:g}" if self.above else f"{self.low:g} or more"
        return f"{self.low:g} to {self.high:g}"


positive = Bounds(0, above=True)


def in_range(low: float, high: float) -> Bounds:
    return Bounds(low, high)


# The limits the loader met, by field path, while `recorded_limits` is active (the studio's hints).
_limits: ContextVar[dict[str, Bounds] | None] = ContextVar("spec_limits", default=None)


@contextmanager
def recorded_limits() -> Iterator[dict[str, Bounds]]:
    """Collect the `Bounds` of every field a loader checks in this block, keyed by field path."""
    found: dict[str, Bounds] = {}
    token = _limits.set(found)
    try:
        yield found
    finally:
        _limits.reset(token)


# ---- printed text -----------------------------------------------------------------------------

_ONE_PER_LANG = f"a string, or a table with one text for each kit language ({', '.join(LANGS)})"


def printed_text(value: Any, where: str, path: Path | Traversable | str | None,
                 words: Texts[str] | None = None) -> PrintedText:
    """The one reader of a spec text that a kit prints (see Fields.printed)."""
    if isinstance(value, str):
        text = unicodedata.normalize("NFC", value)
        return PrintedText.of(words.by_lang(text), plain=True) if words is not None and text in words \
            else PrintedText.same(text)
    if not isinstance(value, dict):
        raise SpecError(path, where, f"must be {_ONE_PER_LANG}, not {value!r}")
    unknown = [key for key in value if key not in LANGS]
    if unknown:
        raise SpecError(path, where, f"unknown language {unknown[0]!r}; the kit languages are "
                                     f"{', '.join(LANGS)}, one text each")
    missing = [lang for lang in LANGS if lang not in value]
    if missing:
        raise SpecError(path, where, f"no text for {', '.join(missing)}; a table needs one text for each kit "
                                     f"language ({', '.join(LANGS)})")
    for lang in LANGS:
        if not isinstance(value[lang], str):
            raise SpecError(path, f"{where}.{lang}", f"must be a string, not {value[lang]!r}")
    return PrintedText.of({lang: unicodedata.normalize("NFC", value[lang]) for lang in LANGS})


@dataclass(frozen=True)
class TextRoom:
    """One place a spec text is printed: the widest it may be there, at its type size (mm).

    Games compute rooms from their real layout on the default papers (A4 and Letter), so a text
    that loads is a text every default kit can print."""

    where: str  # "on the board", "on the stone backs"...
    width_mm: float
    size_mm: float
    bold: bool = False
    upper: bool = False  # printed in capitals
    lang: str | None = None  # the kit language whose pages have this room; None: every language's


def check_printed(path: Path | str | None, field: str, text: str | PrintedText, rooms: Iterable[TextRoom],
                  langs: Iterable[str] = LANGS) -> None:
    """Refuse a text the printed font cannot draw or that is wider than a place it is printed in, in each kit
    language of `langs`; the message names the language's text it means (`field.de`) where the spec gave one
    per language, and says how many characters of it fit there (measured with the real font)."""
    printed = text if isinstance(text, PrintedText) else PrintedText.same(text)
    places = list(rooms)
    for lang in langs:
        _check_one(path, printed.where(field, lang), printed.text(lang),
                   [room for room in places if room.lang in (None, lang)])


def _check_one(path: Path | str | None, field: str, text: str, rooms: list[TextRoom]) -> None:
    from pnp.draw.text import missing_glyphs, text_width

    text = unicodedata.normalize("NFC", text)  # the font draws "ä", which "a" + U+0308 stands for
    if not text.strip():
        raise SpecError(path, field, "must not be empty")
    for bold in (False, True):
        if missing := missing_glyphs(text, bold):
            raise SpecError(path, field, f"the printed font has no character {missing[0]!r}")
    worst: tuple[int, TextRoom] | None = None  # the room that holds the fewest characters of it
    for room in rooms:
        shown = text.upper() if room.upper else text
        if text_width(shown, room.size_mm, room.bold) <= room.width_mm + 1e-9:
            continue
        fit = 0
        while fit < len(shown) and text_width(shown[: fit + 1], room.size_mm, room.bold) <= room.width_mm:
            fit += 1
        if worst is None or fit < worst[0]:
            worst = (fit, room)
    if worst is not None:
        fit, room = worst
        size = f"{room.size_mm / (25.4 / 72):.0f} pt"
        if fit == 0:  # the place itself is too small: say so rather than "at most 0 characters"
            raise SpecError(path, field, f"no room for text {room.where} ({max(room.width_mm, 0):.0f} mm at {size})")
        raise SpecError(path, field, f"at most {fit} characters of this text fit {room.where} "
                                     f"({room.width_mm:.0f} mm at {size}); got {len(text)}")
