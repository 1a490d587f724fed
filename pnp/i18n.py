"""Printed words in every language a kit speaks, kept and looked up one way everywhere.

A catalogue maps each key to its text in every language, side by side, so a missing translation
is an error when the module loads, not an English word on a German page:

    WORDS = Texts({"start": {"en": "Start", "de": "Start"}, "sheet": {"en": "sheet {n}", "de": "Bogen {n}"}})
    WORDS("de", "sheet", n=2)   # "Bogen 2"
    WORDS.of("de")["start"]     # every key in one language, for code that prints many of them

Long texts (the rules sheets) are written per language as whole functions and chosen with `pick`.
`get` takes a default for a key the catalogue lacks. A text a spec prints (a title, a label) is a
`PrintedText`: its text in each language, read by pnp.spec.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

LANGS = ("en", "de")
T = TypeVar("T")


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"language {lang!r}: the kits speak {', '.join(LANGS)}")
    return lang


class Texts(Generic[T]):
    """Key -> {language: text}; every key has every language."""

    def __init__(self, entries: Mapping[str, Mapping[str, T]]) -> None:
        for key, by_lang in entries.items():
            if set(by_lang) != set(LANGS):
                raise ValueError(f"text {key!r} has languages {sorted(by_lang)}; every text needs {list(LANGS)}")
        self._entries = dict(entries)

    def __call__(self, lang: str, key: str, **fields: Any) -> T:
        text = self._entries[key][check_lang(lang)]
        return text.format(**fields) if fields and isinstance(text, str) else text  # type: ignore[return-value]

    def get(self, lang: str, key: str, default: T) -> T:
        """The text for `key`, or `default` (a name from the spec, printed as written) if it has none."""
        return self(lang, key) if key in self._entries else default

    def of(self, lang: str) -> dict[str, T]:
        check_lang(lang)
        return {key: by_lang[lang] for key, by_lang in self._entries.items()}

    def __contains__(self, key: str) -> bool:
        return key in self._entries

    def by_lang(self, key: str) -> dict[str, T]:
        """The key's text in every language."""
        return dict(self._entries[key])


@dataclass(frozen=True)
class PrintedText:
    """A text of a spec that a kit prints, in every kit language.

    `plain`: the spec wrote one string, so a message about any language's text names the field itself;
    otherwise it wrote a table with a text per language, and a message names `field.lang`."""

    texts: tuple[tuple[str, str], ...]  # (language, text) for every language of LANGS, in that order
    plain: bool = True

    def __post_init__(self) -> None:
        if tuple(lang for lang, _ in self.texts) != LANGS:
            raise ValueError(f"a printed text needs a text for each of {list(LANGS)}, in that order")

    @classmethod
    def same(cls, text: str) -> PrintedText:
        """One text, printed as written in every language."""
        return cls(tuple((lang, text) for lang in LANGS))

    @classmethod
    def of(cls, by_lang: Mapping[str, str], plain: bool = False) -> PrintedText:
        return cls(tuple((lang, by_lang[lang]) for lang in LANGS), plain)

    def text(self, lang: str) -> str:
        check_lang(lang)
        return next(text for code, text in self.texts if code == lang)

    def where(self, field: str, lang: str) -> str:
        """The spec field a message about the `lang` text names."""
        return field if self.plain else f"{field}.{lang}"


def in_lang(text: str | PrintedText, lang: str) -> str:
    """A printed text in one language; a plain string (a plugin's model) is the same in every language."""
    return text.text(lang) if isinstance(text, PrintedText) else text


def pick(lang: str, choices: Mapping[str, T]) -> T:
    """The language's entry of a per-language choice (a rules text function, say)."""
    return choices[check_lang(lang)]


# Words the kit itself prints: the footer's part names and page numbers, the box's tagline.
KIT = Texts({
    "page": {"en": "page {n}/{m}", "de": "Seite {n}/{m}"},
    "board": {"en": "board", "de": "Spielplan"},
    "tiles": {"en": "tiles", "de": "Spielsteine"},
    "stones": {"en": "stones", "de": "Spielsteine"},
    "cover": {"en": "cover", "de": "Deckelbild"},
    "rules": {"en": "rules", "de": "Regeln"},
    "scoresheet": {"en": "score sheet", "de": "Punkteblatt"},
    "box": {"en": "box", "de": "Schachtel"},
    "calibration": {"en": "printer check", "de": "Druckertest"},
    "guide": {"en": "print and assembly guide", "de": "Druck- und Bastelanleitung"},
    "blank": {"en": "blank page", "de": "leere Seite"},
    "tagline": {"en": "print and play", "de": "zum Selbstbasteln"},
    "kit": {"en": "print-and-play kit", "de": "Spiel zum Selbstbasteln"},  # a kit's PDF title: "Zatre — kit"
})


_NUMBER_WORDS = Texts({
    str(n): {"en": en, "de": de} for n, en, de in (
        (1, "once", "einmal"), (2, "twice", "zweimal"), (3, "three times", "dreimal"), (4, "four times", "viermal"),
        (5, "five times", "fünfmal"), (6, "six times", "sechsmal"))
})


def times(count: int, lang: str) -> str:
    """'dreimal' / 'three times': a rule book writes small counts of repeats in words."""
    return _NUMBER_WORDS.get(lang, str(count), f"{count}-mal" if lang == "de" else f"{count} times")
