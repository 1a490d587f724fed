"""Who may sit at a table: a person, or a computer player named by a strength a person understands.

The strength names live here only, so a stronger player the games add later joins the list in one line.
"""

from __future__ import annotations

from pnp.errors import PnpError

HUMAN = "human"
# Computer player -> the strength a person reads on the page, weakest first.
STRENGTHS = {"random": "beginner", "greedy": "good", "lookahead": "strong"}
MAX_SEATS_TEXT = 80


def strength(seat: str) -> str:
    return "you" if seat == HUMAN else STRENGTHS.get(seat, seat)


def parse_seats(text: str, available: tuple[str, ...], counts: tuple[int, ...], game: str) -> list[str]:
    """`human,greedy` -> ["human", "greedy"]; an unknown player or a count the rules do not allow
    is refused in one line."""
    if not isinstance(text, str) or len(text) > MAX_SEATS_TEXT:
        raise PnpError(f"seats: a list like human,greedy of at most {MAX_SEATS_TEXT} characters")
    seats = [part.strip() for part in text.split(",") if part.strip()]
    for seat in seats:
        if seat != HUMAN and seat not in available:
            raise PnpError(f"seats: {seat!r} is not a player of {game}; use human or one of "
                           f"{', '.join(available)}")
    if len(seats) not in counts:
        raise PnpError(f"seats: {len(seats)} seat(s), {game} is for "
                       f"{' or '.join(str(n) for n in counts)} players")
    return seats
