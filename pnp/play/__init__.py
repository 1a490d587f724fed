"""Playing a kit: games a person plays in the browser, one seat or more against the computer.

A table (one per game) holds a game's state and moves it on through the same engine `pnp check`
uses; `sessions` keeps a bounded number of live tables for the studio's play page.
"""
