"""pnp keeps nothing in the user's cache folder that decides what it imports or prints: `pnp --help`,
`pnp kit` and `pnp check` neither read nor write there, and a file planted there changes nothing.

Each run is a fresh `pnp` process with its cache home ($XDG_CACHE_HOME, and ~/.cache under $HOME)
in a folder of the test's own; an audit hook (Python's own record of every file opened and folder
listed) names every path the process touched.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from zlib import crc32

import pytest
from pluginhelp import PLUGINS, install

PROBE = """
import json, os, sys
touched = []
def audit(event, args):
    if event in ("open", "os.listdir", "os.scandir", "os.mkdir", "os.rename", "os.replace", "os.remove"):
        path = args[0]
        if isinstance(path, (str, bytes, os.PathLike)):
            touched.append(os.path.abspath(os.fsdecode(path)))
sys.addaudithook(audit)
sys.argv[0] = "pnp"
try:
    from pnp.cli import main
    main(sys.argv[1:])
except SystemExit as ended:
    code = ended.code
else:
    code = 0
with open(os.environ["PROBE_OUT"], "w", encoding="utf-8") as out:
    json.dump({"code": code, "touched": touched}, out)
"""

COMMANDS = [
    ("--help",),
    ("kit", "--help"),
    ("kit", "rautino", "-o", "out", "--format", "svg", "-q"),
    ("kit", "-o", "out", "--format", "svg", "-q"),
    ("check", "zatre", "--games", "2", "--players", "2", "--skill-games", "0", "-q", "--workers", "1"),
]


def _homes(tmp_path: Path, read_only: bool) -> dict[str, str]:
    home = tmp_path / "home"
    cache = tmp_path / "cache"
    for folder in (home / ".cache", cache):
        folder.mkdir(parents=True)
        if read_only:
            folder.chmod(0o555)
    return {"HOME": str(home), "XDG_CACHE_HOME": str(cache)}


def _probe(tmp_path: Path, args: tuple[str, ...], env: dict[str, str]) -> tuple[int, list[str], str]:
    out = tmp_path / "probe.json"
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=work,
                          env={**os.environ, **env, "PROBE_OUT": str(out)}, timeout=600)
    found = json.loads(out.read_text(encoding="utf-8"))
    return found["code"], found["touched"], done.stderr


@pytest.mark.parametrize("args", COMMANDS, ids=lambda args: " ".join(args[:2]))
def test_a_command_reads_and_writes_nothing_in_the_cache_home(tmp_path: Path, args: tuple[str, ...]) -> None:
    env = _homes(tmp_path, read_only=False)
    code, touched, stderr = _probe(tmp_path, args, env)
    assert code in (0, 3), stderr  # check: two games may leave a threshold undecided
    assert stderr == ""
    homes = (env["XDG_CACHE_HOME"], os.path.join(env["HOME"], ".cache"))
    assert [path for path in touched if path.startswith(homes)] == []
    for folder in homes:
        assert list(Path(folder).iterdir()) == []


@pytest.mark.parametrize("args", COMMANDS[:3], ids=lambda args: " ".join(args[:2]))
def test_a_read_only_cache_home_changes_nothing(tmp_path: Path, args: tuple[str, ...]) -> None:
    env = _homes(tmp_path, read_only=True)
    try:
        code, _, stderr = _probe(tmp_path, args, env)
    finally:
        for folder in (Path(env["XDG_CACHE_HOME"]), Path(env["HOME"]) / ".cache"):
            folder.chmod(0o755)
    assert (code, stderr) == (0, "")


def _plant(cache: Path) -> None:
    """An index of game plugins as earlier versions of pnp kept one, naming a module of the standard
    library as a game, foreign-looking: world-writable, in a world-writable folder."""
    folder = cache / "pnp"
    folder.mkdir(parents=True)
    tag = f"{crc32(chr(10).join([sys.executable, sys.prefix]).encode('utf-8', 'surrogateescape')):08x}"
    index = folder / f"plugins-{tag}.txt"
    index.write_text("pnp plugin index 1\n-\nzen\x1fthis:GAME\x1fzen 1.0\n", encoding="utf-8")
    index.chmod(0o666)
    folder.chmod(0o777)
    (folder / "answers").mkdir(mode=0o700)


@pytest.mark.parametrize("args", [("--help",), ("kit", "rautino", "-o", "out", "--format", "svg", "-q")],
                         ids=["help", "kit"])
def test_a_planted_index_imports_nothing(tmp_path: Path, args: tuple[str, ...]) -> None:
    env = _homes(tmp_path, read_only=False)
    _plant(Path(env["XDG_CACHE_HOME"]))
    code, touched, stderr = _probe(tmp_path, args, env)
    assert (code, stderr) == (0, "")
    assert "Zen of Python" not in stderr
    assert [path for path in touched if path.startswith(env["XDG_CACHE_HOME"])] == []


def test_a_fifo_in_the_cache_home_does_not_stop_pnp(tmp_path: Path) -> None:
    env = _homes(tmp_path, read_only=False)
    folder = Path(env["XDG_CACHE_HOME"]) / "pnp"
    folder.mkdir()
    tag = f"{crc32(chr(10).join([sys.executable, sys.prefix]).encode('utf-8', 'surrogateescape')):08x}"
    os.mkfifo(folder / f"plugins-{tag}.txt")
    code, _, stderr = _probe(tmp_path, ("check", "rautino", "--games", "1", "--players", "1", "--skill-games", "0",
                                        "-q", "--workers", "1"), env)
    assert code in (0, 3), stderr
    assert stat.S_ISFIFO((folder / f"plugins-{tag}.txt").stat().st_mode)


def test_a_plugin_is_found_without_any_cache_and_a_broken_one_named_once(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    install(PLUGINS / "domino", site)
    install(PLUGINS / "broken" / "exits", site)
    env = {**_homes(tmp_path, read_only=True), "PYTHONPATH": os.pathsep.join([str(site),
                                                                              os.environ.get("PYTHONPATH", "")])}
    try:
        code, _, stderr = _probe(tmp_path, ("--help",), env)
    finally:
        for folder in (Path(env["XDG_CACHE_HOME"]), Path(env["HOME"]) / ".cache"):
            folder.chmod(0o755)
    assert code == 0
    assert stderr.splitlines() == [
        "pnp: warning: game plugin exits (from pnp-exits 1.0.4): cannot load pnp_exits:GAME: it called "
        "sys.exit(3); skipped"]
