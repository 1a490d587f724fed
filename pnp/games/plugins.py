"""Game plugins: the `pnp.games` entry points of the installed distributions.

They are read from the distributions' metadata folders (`NAME-VERSION.dist-info`, or `.egg-info`) in
the folders on sys.path, each time: nothing is kept between runs. The registry (pnp.games) looks only
when a command needs a game that is not shipped with pnp, or lists all games.

The files are read here rather than through importlib.metadata, whose import alone (email, zipfile,
csv and more) costs about as much as the rest of `pnp --help`. What it would find is found the same
way: the `[pnp.games]` section of `entry_points.txt`, and a distribution installed in two folders
counts once, from the first on sys.path. Distributions inside zip files on sys.path are not searched.
"""

from __future__ import annotations

import os
import re
import sys
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
    seen: set[str] = set()
    found = []
    for entry in sys.path:
        folder = entry or "."
        try:
            names = sorted(os.listdir(folder))
        except OSError:  # missing, or a zip file
            continue
        for name in names:
            stem, _, kind = name.rpartition(".")
            if kind not in ("dist-info", "egg-info"):
                continue
            key = _normalized(stem.partition("-")[0])
            if key in seen:
                continue  # the same distribution in a folder later on sys.path: not the one Python imports
            seen.add(key)
            info = os.path.join(folder, name)
            points = _entry_points(_text(os.path.join(info, "entry_points.txt")))
            if points:
                label = _label(info, stem)
                found += [Plugin(point, target, label) for point, target in points]
    return sorted(found, key=lambda plugin: (plugin.name, plugin.distribution))


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _text(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.read()
    except OSError:
        return ""


def _entry_points(text: str) -> list[tuple[str, str]]:
    """(name, "module:attribute") of each entry point in the `pnp.games` section; extras are dropped."""
    group = None
    points = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1].strip()
        elif group == GROUP:
            name, equals, value = line.partition("=")
            if equals:
                points.append((name.strip(), value.partition("[")[0].strip()))
    return points


def _label(info: str, stem: str) -> str:
    """'NAME VERSION' from the distribution's metadata headers, else from its folder's name."""
    headers = _text(os.path.join(info, "METADATA" if info.endswith(".dist-info") else "PKG-INFO"))
    fields: dict[str, str] = {}
    for line in headers.splitlines():
        if not line.strip():
            break
        key, colon, value = line.partition(":")
        if colon and key in ("Name", "Version"):
            fields.setdefault(key, value.strip())
    name, _, version = stem.partition("-")
    return f"{fields.get('Name', name)} {fields.get('Version', version)}"
