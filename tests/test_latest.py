"""`Latest`: one value kept for the object last asked about, told apart by identity."""

from __future__ import annotations

from pnp.latest import Latest


def test_built_once_per_latest_owner_and_again_for_another_even_an_equal_one() -> None:
    built: list[list[int]] = []

    def build(owner: list[int]) -> int:
        built.append(owner)
        return sum(owner)

    latest = Latest(build)
    first, equal = [1, 2, 3], [1, 2, 3]  # equal, not the same object
    assert latest(first) == 6 and latest(first) == 6
    assert len(built) == 1 and built[0] is first
    assert latest(equal) == 6 and built[-1] is equal  # an equal owner is another owner
    assert latest([4]) == 4 and latest(first) == 6
    assert len(built) == 4  # only the latest is kept: first was built again
