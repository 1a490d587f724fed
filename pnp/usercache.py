"""pnp's folder in the user's cache, and the fingerprint of the installation its files are kept for.

Read before anything else when pnp starts (pnp.launcher), so it imports nothing but os and sys.
"""

from __future__ import annotations

import os
import sys
from zlib import crc32  # built in, unlike hashlib: nothing to load

FIELD = "\x1f"  # between the fields of a cache file's line, and between the parts of the fingerprint


def cache_folder() -> str | None:
    """$XDG_CACHE_HOME/pnp (default ~/.cache/pnp); None where that is not an absolute path: no cache."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pnp") if os.path.isabs(base) else None


def environment_tag(*more: str) -> str:
    """Eight hex digits naming this Python environment (and `more`) in a cache file's name."""
    named = "\n".join([sys.executable, sys.prefix, *more]).encode("utf-8", "surrogateescape")
    return f"{crc32(named):08x}"


def fingerprint() -> str | None:
    """sys.path with each folder's modification time; None where a path cannot be written on one line.

    Installing or removing a distribution adds or removes a `.dist-info` folder, which changes the
    modification time of its folder on sys.path."""
    parts = []
    for entry in sys.path:
        if "\n" in entry or FIELD in entry:
            return None
        try:
            stamp = os.stat(entry or ".").st_mtime_ns
        except OSError:
            stamp = -1
        parts.append(f"{stamp}:{entry}")
    return FIELD.join(parts)
