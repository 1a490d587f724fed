"""The most games a check or sweep plays: one limit for the command line's options and the studio's
check and sweep forms. Its own light module, so `pnp --help` reads it without importing the checker."""

MAX_GAMES = 1_000_000  # per configuration, and per skill match
