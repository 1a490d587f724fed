"""Paper sizes in millimetres and the parser behind --paper."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.errors import PnpError

# Home printers cannot print the outer 4-5 mm; everything that matters stays this far inside.
SAFE_MARGIN_MM = 8.0

# Larger than A0's long side; anything bigger is a typo, not a sheet of paper.
MAX_PAPER_MM = 2000.0


@dataclass(frozen=True)
class Paper:
    """A sheet of paper; width and height in mm as given (A4 is 210 x 297, portrait)."""

    name: str
    width: float
    height: float

    @property
    def is_landscape(self) -> bool:
        return self.width > self.height

    def landscape(self) -> Paper:
        if self.is_landscape:
            return self
        return Paper(self.name, self.height, self.width)

    def portrait(self) -> Paper:
        if self.is_landscape:
            return Paper(self.name, self.height, self.width)
        return self

    def __str__(self) -> str:
        return f"{self.name} ({_fmt(self.width)} x {_fmt(self.height)} mm)"


A4 = Paper("A4", 210.0, 297.0)
LETTER = Paper("Letter", 215.9, 279.4)

_NAMED = {"a4": A4, "letter": LETTER}
_NUMBER = r"(\d+(?:\.\d+)?|\.\d+)"
_SIZE = re.compile(rf"{_NUMBER}\s*[x×]\s*{_NUMBER}(?:\s*mm)?")


def _fmt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def parse_paper(text: str) -> Paper:
    """'a4', 'letter' (any case) or 'WIDTHxHEIGHT' in mm, e.g. '210x297' or '300.5x400'."""
    cleaned = text.strip().lower()
    if cleaned in _NAMED:
        return _NAMED[cleaned]
    match = _SIZE.fullmatch(cleaned)
    if not match:
        raise PnpError(f"--paper {text}: expected a4, letter or WIDTHxHEIGHT in mm")
    width, height = float(match.group(1)), float(match.group(2))
    for value in (width, height):
        if value <= 0:
            raise PnpError(f"--paper {text}: width and height must be greater than 0 mm")
        if value > MAX_PAPER_MM:
            raise PnpError(f"--paper {text}: {_fmt(value)} mm is larger than {_fmt(MAX_PAPER_MM)} mm")
    if min(width, height) <= 2 * SAFE_MARGIN_MM:
        raise PnpError(
            f"--paper {text}: too small; the {_fmt(SAFE_MARGIN_MM)} mm margins leave nothing to print on"
        )
    return Paper(f"{_fmt(width)}x{_fmt(height)}", width, height)
