"""The value built for the object last asked about: tables a run builds once per model and reads
every game, without holding one per model a sweep plays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Latest(Generic[K, V]):
    """`build(owner)`, kept for the latest `owner`. Owners are told apart by identity: not by id(),
    which a new object may reuse once the old one is gone, nor by hashing, which a frozen spec pays
    field by field on every call."""

    __slots__ = ("_build", "_owner", "_value")

    def __init__(self, build: Callable[[K], V]) -> None:
        self._build = build
        self._owner: object = None
        self._value: V | None = None

    def __call__(self, owner: K) -> V:
        if owner is not self._owner or self._value is None:
            self._value = self._build(owner)
            self._owner = owner
        return self._value
