"""Game plugins installed the way pip lays out a distribution: the package plus a `.dist-info` holding the
entry points of its pyproject.toml, in a folder that goes on PYTHONPATH of a fresh `pnp` process."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

PLUGINS = Path(__file__).parent / "plugins"


def install(project: Path, site: Path) -> None:
    """Install the plugin whose pyproject.toml is in `project` into `site`."""
    meta = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    about = meta["project"]
    for package in meta["tool"]["setuptools"]["packages"]:
        shutil.copytree(project / package, site / package)
    info = site / f"{about['name'].replace('-', '_')}-{about['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {about['name']}\nVersion: {about['version']}\n",
                                   encoding="utf-8")
    lines = [f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in points.items())
             for group, points in about["entry-points"].items()]
    (info / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")


def pnp(site: Path, *args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=timeout)
