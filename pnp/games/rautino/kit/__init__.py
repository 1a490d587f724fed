"""Rautino's printed kit: board, stone sheets with backs, cover and rules sheet.

Importing this package pulls in the drawing layer; `pnp.games.rautino` imports it only when a
component is drawn.
"""
