"""Game plugins: the `pnp.games` entry points of the installed distributions.

They are found by asking importlib.metadata, which reads the installed distributions' metadata on
sys.path; nothing is kept between runs. The registry (pnp.games) asks only when a command needs a
game that is not shipped with pnp, or lists all games.
"""

from __future__ import annotations

import re
from typing import NamedTuple

GROUP = "pnp.games"
NAME_LIMIT = 40
# A game's name is a command-line word and part of file names: lowercase ASCII letters, digits, - and _,
# starting with a letter (so never an option such as --help, a path or a hidden file).
PLAIN_NAME = re.compile(rf"[a-z][a-z0-9_-]{{0,{NAME_LIMIT - 1}}}")
NAME_RULE = f"a plain word of lowercase letters, digits, - and _, starting with a letter, at most {NAME_LIMIT} long"


class Plugin(NamedTuple):
    name: str  # the game's name, the command-line word
    target: str  # "module:attribute" of its Game declaration
    distribution: str  # the distribution that registers it, with its version: "pnp-domino 0.1.0"

    @property
    def package(self) -> str:
        """The top-level package of the plugin's code."""
        return self.target.partition(":")[0].partition(".")[0]

    @property
    def plain_name(self) -> bool:
        return PLAIN_NAME.fullmatch(self.name) is not None


def installed() -> list[Plugin]:
    """Every registered plugin, sorted by name and distribution."""
    from importlib.metadata import distributions

    found = []
    for distribution in distributions():
        points = [point for point in distribution.entry_points if point.group == GROUP]
        if not points:
            continue
        label = f"{distribution.metadata['Name']} {distribution.version}"
        found += [Plugin(point.name, point.value, label) for point in points]
    return sorted(found, key=lambda plugin: (plugin.name, plugin.distribution))
