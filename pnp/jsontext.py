"""JSON as pnp writes it: UTF-8 text, and only numbers JSON has.

Python's json writes an infinite or NaN float as `Infinity` or `NaN`, which is not JSON: no other
reader takes it, and a server's JSON answer refuses it. A figure that has no finite value (the bounds
of an interval one game cannot give) is written as null where it is made; anything else not finite
is a bug, so it fails here rather than reach a file.
"""

from __future__ import annotations

import json
from typing import Any


def json_text(value: Any, *, indent: int | None = None, compact: bool = False) -> str:
    """`value` as JSON text; a ValueError for a number that is not finite."""
    separators = (",", ":") if compact else None
    return json.dumps(value, indent=indent, ensure_ascii=False, allow_nan=False, separators=separators)
