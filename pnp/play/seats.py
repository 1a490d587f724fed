"""Who may sit at a table: a person, or a computer player named by its strength level.

The names are the strength levels' (`pnp.players.levels`), the words `pnp check --levels` takes: the
same in `--seats`, the page's address, its seat choices, a saved game's record and the Replay tab. A
level the games add joins them without a second list.
"""

from __future__ import annotations

from pnp.check.replay import PERSON
from pnp.choices import choice_named
from pnp.errors import PnpError
from pnp.players.levels import STANDARD_LEVELS, name_of

HUMAN = PERSON
MAX_SEATS_TEXT = 80


def strength(seat: str) -> str:
    """A computer seat's strength level (a record saved before the seats were named by level names the
    level's seat player: "greedy" reads as "good"); a person's seat reads "you"."""
    return "you" if seat == HUMAN else name_of(STANDARD_LEVELS, seat)


def seat_names(seats: list[str]) -> list[str]:
    """Every seat of a table as the pages name it: its strength level, or for a person "you", or
    "person" where more than one person plays (hot-seat)."""
    people = sum(seat == HUMAN for seat in seats)
    return ["person" if seat == HUMAN and people > 1 else strength(seat) for seat in seats]


def parse_seats(text: str, available: tuple[str, ...], counts: tuple[int, ...], game: str) -> list[str]:
    """`human,good` -> ["human", "good"]: a person or a strength level of the game (`available`) per
    seat; an unknown name or a count the rules do not allow is refused in one line. A game saved
    before seats were named by level names continues: its seat players read as their levels."""
    if not isinstance(text, str) or len(text) > MAX_SEATS_TEXT:
        raise PnpError(f"seats: a list like human,good of at most {MAX_SEATS_TEXT} characters")
    parts = [part.strip() for part in text.split(",") if part.strip()]
    words = [choice_named(part, (HUMAN, *available)) or part for part in parts]  # in any case
    seats = [strength(word) if word != HUMAN else HUMAN for word in words]
    for seat in seats:
        if seat != HUMAN and seat not in available:
            raise PnpError(f"seats: {seat!r} is not a player of {game} at the play table; use human "
                           f"or a strength level: {', '.join(available)}")
    if len(seats) not in counts:
        raise PnpError(f"seats: {len(seats)} seat(s), {game} is for "
                       f"{' or '.join(str(n) for n in counts)} players")
    return seats
