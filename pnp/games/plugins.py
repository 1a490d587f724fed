"""Game plugins: the `pnp.games` entry points of the installed distributions, read from a small index.

Scanning every installed distribution for entry points (importlib.metadata) costs more than the rest
of pnp's start-up together, so the result is kept in an index file in the user's cache folder and
read back while the installation is unchanged. Installing or removing a distribution adds or removes
a `.dist-info` folder, which changes the modification time of its folder on sys.path: the index
records those times and is rebuilt when one differs (or sys.path itself does). Where the cache
folder cannot be written, every start scans, as it would without an index.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import NamedTuple

from pnp.usercache import FIELD as _FIELD
from pnp.usercache import cache_folder, environment_tag, fingerprint

GROUP = "pnp.games"
FORMAT = "pnp plugin index 1"


class Plugin(NamedTuple):
    name: str  # the game's name, the command-line word
    target: str  # "module:attribute" of its Game declaration
    distribution: str  # the distribution that registers it, with its version: "pnp-domino 0.1.0"

    @property
    def package(self) -> str:
        """The top-level package of the plugin's code."""
        return self.target.partition(":")[0].partition(".")[0]


def installed() -> list[Plugin]:
    """Every registered plugin, from the index when it is current, else from a scan (which renews it)."""
    index = index_path()
    stamp = fingerprint()
    if index is not None and stamp is not None:
        cached = _read(index, stamp)
        if cached is not None:
            return cached
    found = scan()
    if index is not None and stamp is not None:
        _write(index, stamp, found)
    return found


def scan() -> list[Plugin]:
    from importlib.metadata import distributions

    found = []
    for distribution in distributions():
        points = [point for point in distribution.entry_points if point.group == GROUP]
        if not points:
            continue
        label = f"{distribution.metadata['Name']} {distribution.version}"
        found += [Plugin(point.name, point.value, label) for point in points]
    return sorted(found, key=lambda plugin: (plugin.name, plugin.distribution))


def index_path() -> Path | None:
    """One index per Python environment, in $XDG_CACHE_HOME/pnp (default ~/.cache/pnp)."""
    folder = cache_folder()
    return None if folder is None else Path(folder) / f"plugins-{environment_tag()}.txt"


def _read(index: Path, stamp: str) -> list[Plugin] | None:
    try:
        lines = index.read_text(encoding="utf-8", errors="surrogateescape").split("\n")
    except (OSError, ValueError):
        return None
    if len(lines) < 2 or lines[0] != FORMAT or lines[1] != stamp:
        return None
    plugins = []
    for line in lines[2:]:
        if line:
            fields = line.split(_FIELD)
            if len(fields) != 3:
                return None
            plugins.append(Plugin(*fields))
    return plugins


def _write(index: Path, stamp: str, plugins: list[Plugin]) -> None:
    """Replace the index at once (a concurrent start reads the old or the new one, never half)."""
    lines = [FORMAT, stamp]
    for plugin in plugins:
        fields = (plugin.name, plugin.target, plugin.distribution)
        if any("\n" in field or _FIELD in field for field in fields):
            return  # a name no line can hold: scan again next time
        lines.append(_FIELD.join(fields))
    temporary = index.with_name(f"{index.name}.{os.getpid()}.tmp")
    try:
        index.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogateescape")
        os.replace(temporary, index)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
