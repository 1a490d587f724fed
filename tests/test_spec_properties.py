"""Property-based robustness: random edits of every game's spec file.

For any edit, the loader either accepts the file or stops with its one-line `file: field: reason`
error; and a spec it accepts never crashes the engine, the checker or the kit's page layout.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp import games
from pnp.check.options import CheckOptions
from pnp.errors import PnpError, SpecError
from pnp.spec import template_path

LEAF_VALUES = st.one_of(
    st.integers(-5, 200),
    st.floats(-10, 500, allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.text(alphabet="abcdeRSD.#xyz- ", max_size=12),
    st.lists(st.integers(-2, 30), max_size=5),
)


def leaf_paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value that is not a table (tables stay, so edits reach deep fields)."""
    paths = [prefix] if prefix and not isinstance(value, dict) else []
    if isinstance(value, dict):
        for key, item in value.items():
            paths += leaf_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            paths += leaf_paths(item, (*prefix, index))
    return paths


@st.composite
def edited_spec(draw: st.DrawFn, game: str) -> dict[str, Any]:
    spec = tomllib.loads(template_path(game).read_text(encoding="utf-8"))
    paths = leaf_paths(spec)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths))
        parent = spec
        try:
            for step in path[:-1]:
                parent = parent[step]
            key = path[-1]
            # Mostly plausible edits (a designer's), sometimes nonsense (a typo or a broken copy).
            action = draw(st.sampled_from(["nudge", "nudge", "nudge", "replace", "delete", "scale"]))
            value = parent[key]
            if action == "nudge" and isinstance(value, bool):
                parent[key] = not value
            elif action == "nudge" and isinstance(value, int):
                parent[key] = value + draw(st.integers(-3, 3))
            elif action == "nudge" and isinstance(value, float):
                parent[key] = round(value * draw(st.floats(0.5, 2.0)), 2)
            elif action == "nudge" and isinstance(value, list) and value:
                index = draw(st.integers(0, len(value) - 1))
                parent[key] = value[:index] + value[index + 1:] if draw(st.booleans()) else [*value, value[index]]
            elif action == "delete" and isinstance(parent, dict):
                del parent[key]
            elif action == "scale" and isinstance(parent[key], int | float) and not isinstance(parent[key], bool):
                parent[key] = type(parent[key])(parent[key] * draw(st.sampled_from([0, 2, -1, 10])))
            else:
                parent[key] = draw(LEAF_VALUES)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit removed or replaced this path
    return copy.deepcopy(spec)


def check_spec(game_name: str, spec: dict[str, Any], folder: Path) -> None:
    path = folder / f"{game_name}.toml"
    path.write_text(tomli_w.dumps(spec), encoding="utf-8")
    game = games.get(game_name)
    try:
        model = game.load(path)
    except SpecError as exc:
        message = str(exc)
        assert message.startswith(str(path)), message
        assert "\n" not in message
        return
    report = game.check(model, CheckOptions(games=2, seed=3, workers=1))
    assert report.verdict in ("playable", "not playable", "undecided")
    from pnp.draw.paper import A4
    from pnp.kit import draw_kit, kit_context

    try:
        draw_kit(game, model, kit_context(A4), with_calibration=False)
    except PnpError as exc:  # e.g. tiles too large for the paper: a clear one-line refusal is fine
        assert "\n" not in str(exc)


@pytest.mark.parametrize("game_name", games.names())
def test_random_spec_edits_never_crash(game_name, tmp_path_factory):
    folder = tmp_path_factory.mktemp(game_name)

    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow],
              derandomize=True)
    @given(spec=edited_spec(game_name))
    def run(spec: dict[str, Any]) -> None:
        check_spec(game_name, spec, folder)

    run()
