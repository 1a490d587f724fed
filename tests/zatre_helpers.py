"""Shared helpers for the Zatre tests: specs with overrides, positions from a tile map."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pnp.games.zatre.engine import Geometry, Position
from pnp.games.zatre.model import ZatreModel, load
from pnp.spec import template_path


def spec_data() -> dict[str, Any]:
    return tomllib.loads(template_path("zatre").read_text(encoding="utf-8"))


def dump_toml(data: dict[str, Any]) -> str:
    """Just enough TOML writing for our spec (tables of scalars, lists and inline tables)."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f'"{k}" = {value(x)}' for k, x in v.items()) + " }"
        return repr(v)

    lines = []
    for table, fields in data.items():
        lines.append(f"[{table}]")
        lines += [f"{key} = {value(v)}" for key, v in fields.items()]
    return "\n".join(lines) + "\n"


def write_spec(tmp_path: Path, data: dict[str, Any], name: str = "zatre.toml") -> Path:
    path = tmp_path / name
    path.write_text(dump_toml(data), encoding="utf-8")
    return path


def model_with(tmp_path: Path, **tables: dict[str, Any]) -> ZatreModel:
    """The default spec with some fields replaced, e.g. model_with(p, sheet={"rows": 5})."""
    data = spec_data()
    for table, fields in tables.items():
        data[table].update(fields)
    return load(write_spec(tmp_path, data))


def position(model: ZatreModel, tiles: dict[tuple[int, int], int]) -> tuple[Geometry, Position]:
    """A position with these tiles; placed in order of distance from the start so runs stay right."""
    geo = Geometry(model)
    pos = Position(geo)
    start = model.board.start
    for cell in sorted(tiles, key=lambda c: abs(c[0] - start[0]) + abs(c[1] - start[1])):
        pos.place(geo.index(cell), tiles[cell])
    return geo, pos


SMALL_SET = "counts = { 1 = 3, 2 = 3, 3 = 3, 4 = 3, 5 = 3, 6 = 3 }"  # 18 tiles: a short real game


def small_spec(folder: Path) -> Path:
    """The shipped Zatre spec with 18 tiles, as `folder`/zatre.toml: a short real game."""
    text = template_path("zatre").read_text(encoding="utf-8")
    start = text.index("counts = {")
    text = text[:start] + SMALL_SET + text[text.index("\n", start):]
    path = folder / "zatre.toml"
    path.write_text(text, encoding="utf-8")
    return path
