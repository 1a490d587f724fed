"""Who may sit at a table: a person, or a computer player named by a strength a person understands.

The strength names are the strength levels' (`pnp.players.levels`), so a level the games add joins
the page and `--seats` without a second list.
"""

from __future__ import annotations

from pnp.check.replay import PERSON
from pnp.errors import PnpError
from pnp.players.levels import STANDARD_LEVELS, name_of

HUMAN = PERSON
MAX_SEATS_TEXT = 80


def strength(seat: str) -> str:
    return "you" if seat == HUMAN else name_of(STANDARD_LEVELS, seat)


def _player(seat: str) -> str:
    """A seat named by its strength level ("good") is that level's player ("greedy")."""
    return next((level.player for level in STANDARD_LEVELS if level.name == seat), seat)


def parse_seats(text: str, available: tuple[str, ...], counts: tuple[int, ...], game: str) -> list[str]:
    """`human,greedy` -> ["human", "greedy"]; an unknown player or a count the rules do not allow
    is refused in one line."""
    if not isinstance(text, str) or len(text) > MAX_SEATS_TEXT:
        raise PnpError(f"seats: a list like human,greedy of at most {MAX_SEATS_TEXT} characters")
    seats = [_player(part.strip()) for part in text.split(",") if part.strip()]
    for seat in seats:
        if seat != HUMAN and seat not in available:
            raise PnpError(f"seats: {strength(seat)!r} is not a player of {game} at the play table; use human "
                           f"or a strength level: {', '.join(strength(p) for p in available)}")
    if len(seats) not in counts:
        raise PnpError(f"seats: {len(seats)} seat(s), {game} is for "
                       f"{' or '.join(str(n) for n in counts)} players")
    return seats
