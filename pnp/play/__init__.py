"""Playing a kit: games a person plays in the browser, one seat or more against the computer.

A game's table (its own, declared beside its kit as `GameParts.table`, or the generic one of
`generic`) shows the game's state and turns a click into a move; `games` finds a game's table,
`seats` names who sits at it, and `sessions` keeps a bounded number of live tables for the studio's
play page. Nothing here names a game.
"""
