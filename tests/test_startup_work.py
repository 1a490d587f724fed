"""What `pnp --help` does at start: it builds no command's options, and imports no module it does not
show; a command line naming a shipped game does not look up the game plugins (the start-up time
itself is measured by bench/bench_startup.py, not here)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from typing import Any

PROBE = """
import io, json, sys, contextlib
import click
built = []
original = click.core.Parameter.__init__
def counting(self, param_decls=None, *args, **kwargs):
    built.append(list(param_decls or []))
    original(self, param_decls, *args, **kwargs)
click.core.Parameter.__init__ = counting
from pnp.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
import pnp.games
looked_up = pnp.games._catalogue.cache_info().currsize > 0
print(json.dumps({"built": built, "modules": sorted(sys.modules), "looked_up": looked_up}))
"""


def _probe(*args: str) -> dict[str, Any]:
    """The probe run in a folder of its own."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True,
                              cwd=folder)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_help_builds_only_the_options_of_the_group_itself() -> None:
    built = _probe("--help")["built"]
    names = {name for decls in built for name in decls if name.startswith("-")}
    assert names == {"-h", "--help", "-V", "--version"}, built


def test_a_command_builds_its_own_options_only() -> None:
    built = _probe("init", "--help")["built"]
    names = {name for decls in built for name in decls}
    assert "--force" in names and "--games" not in names and "--spec" not in names, names


def test_help_loads_no_engine_kit_or_heavy_library() -> None:
    modules = set(_probe("--help")["modules"])
    for heavy in ("pnp.spec", "pnp.check.run", "pnp.draw.scene", "pnp.kit", "tomllib"):
        assert heavy not in modules, heavy


def test_a_command_line_naming_a_shipped_game_does_not_look_up_the_plugins() -> None:
    """`pnp init rautino ''` is refused (an empty folder name) after its command was built and its game
    found: the shipped games are known without asking the installed distributions."""
    found = _probe("init", "rautino", "")
    assert "pnp.games.rautino" in found["modules"]
    assert not found["looked_up"]


def test_help_lists_the_plugins_so_it_looks_them_up() -> None:
    assert _probe("--help")["looked_up"]
