"""A command that needs an extra which is not installed names the extra and how to install it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.errors import PnpError
from pnp.extras import MissingExtra, require_extra

HINT = ("pip install 'pnp-tilekit[tune]', or with pipx: pipx install --force 'pnp-tilekit[tune]' "
        "(from a clone: pip install '.[tune]' / pipx install --force '.[tune]')")


def test_a_missing_module_names_the_extra_and_both_installers() -> None:
    with pytest.raises(MissingExtra) as caught:
        require_extra("pnp_not_installed", "tune", "pnp tune")
    assert str(caught.value) == f"pnp tune needs the 'tune' extra (pnp_not_installed is not installed): {HINT}"
    assert isinstance(caught.value, PnpError) and caught.value.exit_code == 2


def test_an_installed_module_is_returned() -> None:
    assert require_extra("json", "tune", "pnp tune").dumps([1]) == "[1]"


def test_a_missing_module_of_pnp_itself_is_not_blamed_on_an_extra() -> None:
    with pytest.raises(ModuleNotFoundError):
        require_extra("pnp.no_such_module", "studio", "pnp studio")


def _hiding(folder: Path, module: str) -> dict[str, str]:
    """An environment in which `module` is not found, as if it were not installed: a finder put first
    on the import path (by a sitecustomize module) refuses it, for an import and a look-up alike."""
    (folder / "sitecustomize.py").write_text(
        "import sys\n"
        "class _Hidden:\n"
        "    @staticmethod\n"
        "    def find_spec(name, path=None, target=None):\n"
        f"        if name == {module!r} or name.startswith({module + '.'!r}):\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "        return None\n"
        "sys.meta_path.insert(0, _Hidden)\n", encoding="utf-8")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), os.environ.get("PYTHONPATH", "")])}


def test_pnp_studio_without_uvicorn_says_how_to_install_the_studio_extra(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pnp", "studio", "--no-browser", "--workspace", str(tmp_path)],
                          env=_hiding(tmp_path, "uvicorn"), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "pnp: error: pnp studio needs the 'studio' extra (uvicorn is not installed): "
        + HINT.replace("tune", "studio")]


def test_pnp_sweep_on_a_cluster_without_dask_says_how_to_install_the_cluster_extra(tmp_path: Path) -> None:
    import socket

    with socket.socket() as listener:  # a port that answers, so the scheduler probe passes
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
        done = subprocess.run([sys.executable, "-m", "pnp", "sweep", "rautino", "--vary", "game.hand_size=2,3",
                               "--games", "2", "--scheduler", address, "-q"],
                              env=_hiding(tmp_path, "distributed"), capture_output=True, text=True, timeout=120,
                              cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        f"pnp: error: --scheduler {address} needs the 'cluster' extra (distributed is not installed): "
        + HINT.replace("tune", "cluster")]
