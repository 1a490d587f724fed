"""pnp as users install it: build the sdist and the wheel, install the wheel into a fresh venv outside
the checkout, and run every command from a folder that is neither the checkout nor the venv.

The commands run with a cleaned environment (no PYTHONPATH, no active venv) and the installed
package must come from the venv, so nothing here can fall back on the checkout by accident.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

# One build and one venv for the whole module, also under xdist (`make test` runs `--dist loadgroup`).
pytestmark = pytest.mark.xdist_group("release")

ROOT = Path(__file__).resolve().parents[1]
DISTRIBUTION = "pnp-tilekit"  # the name on the package index; the command and the import package are `pnp`
DISTRIBUTION_FILE = DISTRIBUTION.replace("-", "_")  # as sdist and wheel file names spell it
GAMES = ("rautino", "zatre", "triomino")
# Not part of a release: local venvs, caches, earlier builds, generated kits.
_NOT_SOURCE = shutil.ignore_patterns(".venv", ".git", "output", "build", "dist", "*.egg-info", "__pycache__",
                                     ".pytest_cache", ".ruff_cache", ".hypothesis")


@dataclass(frozen=True)
class Release:
    sdist: Path
    wheel: Path
    venv: Path
    cwd: Path
    env: dict[str, str]
    build_log: str  # what `python -m build` printed

    def pnp(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(_bin(self.venv) / "pnp"), *args], cwd=self.cwd, env=self.env,
                              capture_output=True, text=True, timeout=300)


def _bin(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


def _run(cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"{' '.join(cmd)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout + done.stderr


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Release:
    tmp = tmp_path_factory.mktemp("release")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    # Build from a copy, so the build leaves nothing (egg-info, build/) in the checkout.
    source = tmp / "source"
    shutil.copytree(ROOT, source, ignore=_NOT_SOURCE)
    dist = tmp / "dist"
    # Byte-code as a release builds it (a machine's PYTHONDONTWRITEBYTECODE only adds a notice).
    build_env = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    build_log = _run([sys.executable, "-m", "build", "--outdir", str(dist), str(source)], tmp, build_env)
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], tmp, env)
    (wheel,) = dist.glob(f"{DISTRIBUTION_FILE}-*.whl")
    pip = [str(_bin(venv) / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    _run([*pip, "--no-compile", str(wheel)], tmp, env)
    cwd = tmp / "elsewhere"
    cwd.mkdir()
    (sdist,) = dist.glob(f"{DISTRIBUTION_FILE}-*.tar.gz")
    return Release(sdist=sdist, wheel=wheel, venv=venv, cwd=cwd, env=env, build_log=build_log)


def test_the_build_prints_no_warning(release: Release):
    warnings = [line for line in release.build_log.splitlines() if "warn" in line.lower()]
    assert warnings == []


def test_sdist_carries_tests_and_templates(release: Release):
    with tarfile.open(release.sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {f"templates/{game}.toml" for game in GAMES} <= names
    assert {"tests/test_install.py", "tests/drawhelp.py", "setup.py", "pyproject.toml", "CHANGELOG.md"} <= names


def test_wheel_ships_the_specs_as_package_data(release: Release):
    with zipfile.ZipFile(release.wheel) as archive:
        for game in GAMES:
            assert archive.read(f"pnp/templates/{game}.toml") == (ROOT / "templates" / f"{game}.toml").read_bytes()
        static = ROOT / "pnp" / "studio" / "static"
        for name in ("index.html", "app.js", "app.css"):  # the studio works offline: its page ships too
            assert archive.read(f"pnp/studio/static/{name}") == (static / name).read_bytes()


def test_pnp_runs_from_the_venv_not_the_checkout(release: Release):
    where = subprocess.run([str(_bin(release.venv) / "python"), "-c", "import pnp, pnp.templates; print(pnp.__file__)"],
                           cwd=release.cwd, env=release.env, capture_output=True, text=True, check=True)
    assert Path(where.stdout.strip()).is_relative_to(release.venv)


def test_the_distribution_has_its_own_name_and_the_version_pnp_reports(release: Release):
    from pnp import __version__

    assert release.wheel.name == f"{DISTRIBUTION_FILE}-{__version__}-py3-none-any.whl"
    assert release.sdist.name == f"{DISTRIBUTION_FILE}-{__version__}.tar.gz"
    done = release.pnp("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"pnp, version {__version__}"
    installed = subprocess.run([str(_bin(release.venv) / "python"), "-c",
                                f"import importlib.metadata as m; print(m.version({DISTRIBUTION!r}))"],
                               cwd=release.cwd, env=release.env, capture_output=True, text=True, check=True)
    assert installed.stdout.strip() == __version__


def test_the_pnp_script_is_the_command_line_and_keeps_nothing_in_the_cache(release: Release, tmp_path: Path):
    """The `pnp` script runs pnp.cli: its `pnp --help` is byte for byte what pnp.cli prints, and it
    writes nothing in the user's cache folder."""
    cache = tmp_path / "cache"
    cache.mkdir()
    env = {**release.env, "XDG_CACHE_HOME": str(cache)}
    direct = subprocess.run([str(_bin(release.venv) / "python"), "-c", "from pnp.cli import main; main()", "--help"],
                            cwd=release.cwd, env=env, capture_output=True, timeout=300)
    assert direct.returncode == 0 and direct.stdout and not direct.stderr
    done = subprocess.run([str(_bin(release.venv) / "pnp"), "--help"], cwd=release.cwd, env=env,
                          capture_output=True, timeout=300)
    assert (done.stdout, done.stderr, done.returncode) == (direct.stdout, direct.stderr, 0)
    assert list(cache.iterdir()) == []


def test_the_studio_without_its_extra_says_how_to_install_it(release: Release):
    """The wheel is installed without extras: no uvicorn, no starlette."""
    done = release.pnp("studio", "--no-browser")
    assert done.returncode == 2
    assert done.stderr == (
        "pnp: error: pnp studio needs the 'studio' extra (starlette is not installed): "
        "pip install 'pnp-tilekit[studio]', or with pipx: pipx install --force 'pnp-tilekit[studio]' "
        "(from a clone: pip install '.[studio]' / pipx install --force '.[studio]')\n")


def test_kit_from_another_folder(release: Release):
    done = release.pnp("kit", "rautino", "-o", "kit", "-q")
    assert done.returncode == 0, done.stderr
    folder = release.cwd / "kit" / "rautino"
    assert (folder / "rautino-kit.pdf").read_bytes().startswith(b"%PDF")
    assert list(folder.glob("*.svg")) and list((folder / "preview").glob("*.png"))


def test_init_check_replay_from_another_folder(release: Release):
    done = release.pnp("init", "zatre", "specs")
    assert done.returncode == 0, done.stderr
    spec = release.cwd / "specs" / "zatre.toml"
    assert spec.read_bytes() == (ROOT / "templates" / "zatre.toml").read_bytes()

    done = release.pnp("check", "zatre", "--spec", str(spec), "--games", "20", "--log", "games.jsonl",
                       "--workers", "2", "-q")
    assert done.returncode in (0, 3), done.stderr  # 20 games may leave a threshold undecided
    assert "zatre: PLAYABLE" in done.stdout or "zatre: UNDECIDED" in done.stdout
    records = (release.cwd / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(records) >= 20 and all(isinstance(json.loads(line), dict) for line in records)

    done = release.pnp("replay", "zatre", "games.jsonl")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


@pytest.mark.parametrize(("args", "written"), [
    (("box", "triomino", "--format", "pdf"), "triomino/triomino-box.pdf"),
    (("calibrate", "--format", "pdf"), "calibration.pdf"),
    (("rules", "rautino", "--lang", "de", "--format", "pdf"), "rautino/rautino-rules.pdf"),
    (("tiles", "zatre", "--format", "svg"), "zatre/zatre-tiles-01.svg"),
    (("scoresheet", "triomino", "--format", "png"), "triomino/preview/triomino-scoresheet.png"),
], ids=lambda value: value[0] if isinstance(value, tuple) else "")
def test_page_commands_from_another_folder(release: Release, args: tuple[str, ...], written: str):
    out = f"pages-{args[0]}"
    done = release.pnp(*args, "-o", out)
    assert done.returncode == 0, done.stderr
    assert (release.cwd / out / written).stat().st_size > 0
