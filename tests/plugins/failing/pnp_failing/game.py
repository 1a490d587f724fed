"""The failing game's parts: the loader divides by zero."""

from __future__ import annotations

from typing import Any


def load(path: Any) -> Any:
    return 1 // 0


def check(model: Any, options: Any) -> Any:
    raise AssertionError("not reached")


def replay(model: Any, path: Any, out: Any) -> int:
    raise AssertionError("not reached")


def tiles(model: Any, ctx: Any) -> list[Any]:
    raise AssertionError("not reached")
