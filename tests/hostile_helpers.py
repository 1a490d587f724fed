"""Shared checks of the hostile-input tests: one line, the right exit code, nothing written."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import invoke_pnp as run  # noqa: F401  (the `run_pnp` fixture's command line, where not yet a fixture)

from pnp.spec import template_path


def one_line_error(result, *needles: str, code: int = 2) -> str:
    """The one line of a failed command; asserts its exit code and that it names every needle."""
    assert result.exit_code == code, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output
    if code == 2:  # bad input; an internal error (70) or a stop (143) words its line otherwise
        assert lines[0].startswith("pnp: error: "), lines[0]
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def spec_with(tmp_path: Path, game: str, old: str, new: str, name: str = "spec.toml", count: int = 1) -> Path:
    """A copy of the game's template with `old` replaced by `new` (`count` times; -1 for all)."""
    text = template_path(game).read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def spec_sub(tmp_path: Path, game: str, pattern: str, new: str, name: str = "spec.toml") -> Path:
    """A copy of the game's template with the first match of the regex `pattern` replaced."""
    text = template_path(game).read_text(encoding="utf-8")
    changed, n = re.subn(pattern, new, text, count=1, flags=re.S | re.M)
    assert n == 1, pattern
    path = tmp_path / name
    path.write_text(changed, encoding="utf-8")
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` by relative path, with its bytes (to prove nothing changed)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
