"""A game plugin's name is a plain word, and what a plugin's files say reaches the terminal escaped.

Plugins are laid out here as pip installs a distribution (a package and its `.dist-info`) in a folder
on PYTHONPATH of a fresh `pnp`: one registered as `--help` (an option's spelling), one whose name
holds a right-to-left override, and one whose title and distribution name carry a terminal's
window-title sequence (ESC ] ... BEL). None reaches the terminal raw, even through a pipe.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pluginhelp import pnp

RAW = ("\x1b", "\x07", "\u202e")
GAME_MODULE = """
from pnp.games.base import Game, GameParts


def parts() -> GameParts:
    raise AssertionError("never used here")


GAME = Game(name={name!r}, title={title!r}, components={{"tiles": "Tiles."}}, parts=parts, players=(2,))
"""


def _plugin(site: Path, distribution: str, package: str, point: str, name: str, title: str) -> None:
    (site / package).mkdir()
    (site / package / "__init__.py").write_text(GAME_MODULE.format(name=name, title=title), encoding="utf-8")
    info = site / f"{package}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[pnp.games]\n{point} = {package}:GAME\n", encoding="utf-8")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("named-site")
    _plugin(folder, "pnp-helpname", "pnp_helpname", "--help", "--help", "Help")
    _plugin(folder, "pnp-rtl", "pnp_rtl", "evil\u202eoc", "evil\u202eoc", "Evil")
    _plugin(folder, "pnp-\x1b]0;owned\x07title", "pnp_title", "titled", "titled", "\x1b]0;owned\x07Titled")
    return folder


NOTICES = [
    "pnp: warning: game plugin --help (from pnp-helpname 1.0) is ignored: its name must be a plain word of "
    "lowercase letters, digits, - and _, starting with a letter, at most 40 long",
    "pnp: warning: game plugin evil\\u202eoc (from pnp-rtl 1.0) is ignored: its name must be a plain word of "
    "lowercase letters, digits, - and _, starting with a letter, at most 40 long",
]


def test_a_plugin_named_like_an_option_is_named_once_and_skipped(site: Path, tmp_path: Path) -> None:
    done = pnp(site, "kit", "-o", "out", "--format", "svg", "--lang", "de", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "internal error" not in done.stderr
    assert done.stderr.splitlines() == [*NOTICES, "pnp: warning: game plugin titled (from pnp-\\x1b]0;owned\\x07title "
                                                  "1.0): its parts() failed: AssertionError: never used here; skipped"]
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["rautino", "triomino", "zatre"]


def test_names_and_titles_from_plugins_reach_the_terminal_escaped(site: Path, tmp_path: Path) -> None:
    for args in (("--help",), ("tiles", "--help"), ("check", "titled", "--games", "1")):
        done = pnp(site, *args, cwd=tmp_path)
        for raw in RAW:
            assert raw not in done.stdout and raw not in done.stderr, (args, done.stdout, done.stderr)
    top = pnp(site, "--help", cwd=tmp_path)
    assert "\\x1b]0;owned\\x07Titled" in " ".join(top.stdout.split())
    assert top.stderr.splitlines() == NOTICES
