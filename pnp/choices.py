"""A word out of a fixed list, in any case: `--lang DE` is `--lang de`, as `--paper A4` is `a4`.

Every option, argument and list that takes one of known words matches it here, so no two of them
differ in what they accept.
"""

from __future__ import annotations

from collections.abc import Iterable


def choice_named(word: str, choices: Iterable[str]) -> str | None:
    """The choice `word` names, as listed: the one equal to it, else the one equal to it in any case
    (None: none is)."""
    listed = tuple(choices)
    if word in listed:
        return word
    folded = word.casefold()
    return next((choice for choice in listed if choice.casefold() == folded), None)
