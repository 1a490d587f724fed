"""The validating spec loader: every failure names file, field and reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.errors import SpecError
from pnp.spec import Fields, in_range, load_toml, positive


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "spec.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_malformed_toml_names_file(tmp_path):
    path = write(tmp_path, "title = \n")
    with pytest.raises(SpecError) as info:
        load_toml(path)
    assert str(path) in str(info.value)
    assert "not valid TOML" in str(info.value)
    assert "\n" not in str(info.value)


def test_missing_file(tmp_path):
    with pytest.raises(SpecError, match="file not found"):
        load_toml(tmp_path / "nope.toml")


def test_fields_name_nested_paths(tmp_path):
    path = write(tmp_path, '[board]\nside = "big"\n[[stones]]\ncolours = ["red"]\n[[stones]]\ncount = 0\n')
    spec = Fields.load(path)
    with pytest.raises(SpecError, match=r"board\.side: must be a number, not 'big'"):
        spec.table("board").req("side", float)
    stones = list(spec.tables("stones"))
    with pytest.raises(SpecError, match=r"stones\[1\]\.count: must be greater than 0"):
        stones[1].req("count", int, positive)
    with pytest.raises(SpecError, match=r"stones\[1\]\.colours: missing"):
        stones[1].req("colours", list)


def test_types_are_strict(tmp_path):
    spec = Fields({"flag": 1, "count": True, "size": 3}, tmp_path / "s.toml")
    with pytest.raises(SpecError, match="true or false"):
        spec.req("flag", bool)
    with pytest.raises(SpecError, match="an integer"):
        spec.req("count", int)
    assert spec.req("size", float) == 3.0
    assert isinstance(spec.req("size", float), float)


def test_unknown_keys_rejected_and_defaults(tmp_path):
    spec = Fields({"side": 28, "sidee": 3}, tmp_path / "s.toml")
    assert spec.opt("side", float, 10.0, in_range(5, 60)) == 28
    assert spec.opt("hand", int, 3) == 3
    with pytest.raises(SpecError, match="sidee: unknown field"):
        spec.finish()


def test_choice(tmp_path):
    spec = Fields({"matching": "fuzzy"}, tmp_path / "s.toml")
    with pytest.raises(SpecError, match="must be one of strict, loose, not 'fuzzy'"):
        spec.choice("matching", ("strict", "loose"))
