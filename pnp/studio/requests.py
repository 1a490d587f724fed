"""The one reader of the studio's JSON request bodies: an object nested at most MAX_JSON_DEPTH deep
(a body nested deeper than Python's parser recurses is refused the same way), holding only standard
JSON (no NaN or Infinity)."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from pnp.errors import PnpError

MAX_JSON_DEPTH = 32  # a spec is a few tables deep; a request nested deeper is not the page's
_TOO_DEEP = f"the request body nests more than {MAX_JSON_DEPTH} levels deep"


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in a JSON value (walked without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth <= MAX_JSON_DEPTH:
                stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def parse_body(data: bytes) -> dict[str, Any]:
    try:
        body = json.loads(data, parse_constant=_no_constant)
    except RecursionError:
        raise PnpError(_TOO_DEEP) from None
    except ValueError as exc:  # UnicodeDecodeError is one too
        constant = str(exc) if str(exc) in ("NaN", "Infinity", "-Infinity") else None
        raise PnpError(f"the request body is not JSON{f': {constant} is no JSON number' if constant else ''}"
                       ) from None
    if not isinstance(body, dict):
        raise PnpError("the request body must be a JSON object")
    if _depth(body) > MAX_JSON_DEPTH:
        raise PnpError(_TOO_DEEP)
    return body


async def json_body(request: Request) -> dict[str, Any]:
    return parse_body(await request.body())
