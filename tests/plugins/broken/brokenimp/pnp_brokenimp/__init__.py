"""Declares a game, but its module fails at import with a message of several lines."""

raise ImportError("cannot start:\n  the tables are missing\n  reinstall me")
