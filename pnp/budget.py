"""The most games a check or sweep plays, and the defaults of `--games auto`: one declaration for the
command line's options and the studio's check and sweep forms. Its own light module, so `pnp --help`
reads it without importing the checker."""

MAX_GAMES = 1_000_000  # per configuration, and per skill match
# `--games auto`: the budget per configuration (the looks at 50, 100, ..., 6400 games: 8 looks), and each
# test's indifference zone (`--tolerance`: 2 points of a share, 2 % of a mean's threshold), one default
# for the command line's check, sweep and tune and the studio's check and sweep.
DEFAULT_MAX_GAMES = 6400
DEFAULT_TOLERANCE = 0.02
TUNE_MAX_GAMES = 1600  # a trial of `pnp tune` is one of many: a smaller budget each
# `--games auto`: a look's skill match plays this many times fewer games than each configuration (a quarter,
# as `pnp check` plays them), until its luck test is decided.
MATCH_SHARE = 4
