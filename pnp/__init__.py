"""pnp: print-and-play kits for tile games, with a rule checker for their tile sets."""

__version__ = "0.2.0"
