"""The numeric settings of a check, a sweep and a tuning, checked one way for the command line's options
and the studio's forms: a number that is not finite (nan, inf) or lies outside its limits is refused in
one line naming the setting, the limits and the value given. Light (no click), so `pnp --help` reads it.
"""

from __future__ import annotations

import math

from pnp.errors import PnpError

CONFIDENCE = (0.5, 0.999)  # of the intervals a verdict compares with thresholds
TOLERANCE = (0.0, 0.5)  # the indifference zone of --games auto
SEED = (0, 2**32 - 1)  # what every seeded generator takes, Optuna's sampler among them
MAX_DIGITS = 30  # of a number given as text: more than any setting needs


def bounded(name: str, value: float, limits: tuple[float, float]) -> float:
    """`value` if it is a finite number within `limits` (both included); else a PnpError naming `name`."""
    low, high = limits
    finite = not isinstance(value, float) or math.isfinite(value)
    if not finite or not low <= value <= high:
        shown = repr(value) if isinstance(value, float) else _short(value)
        raise PnpError(f"{name}: between {_plain(low)} and {_plain(high)}; got {shown}")
    return value


def parse_bounded(name: str, text: str, kind: type[int] | type[float], limits: tuple[float, float]) -> float:
    """`text` as an integer or a decimal (`kind`), checked by `bounded`; a text that is no such number, or
    a number of more than MAX_DIGITS digits (which Python may refuse to read), is refused the same way."""
    given = text.strip()
    if sum(char.isdigit() for char in given) > MAX_DIGITS:
        raise PnpError(f"{name}: between {_plain(limits[0])} and {_plain(limits[1])}; got a number of more "
                       f"than {MAX_DIGITS} digits")
    try:
        value = kind(given)
    except ValueError:
        raise PnpError(f"{name}: {given[:40]!r} is not {'an integer' if kind is int else 'a number'}") from None
    return bounded(name, value, limits)


def _plain(number: float) -> str:
    return f"{number:g}" if isinstance(number, float) else str(number)


def _short(number: int) -> str:
    """An integer as given, or that it is too long to show."""
    return str(number) if abs(number) < 10**MAX_DIGITS else f"a number of more than {MAX_DIGITS} digits"
