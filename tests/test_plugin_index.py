"""The index of game plugins: read back while the installation is unchanged, rebuilt when it changes."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from pluginhelp import PLUGINS, install

from pnp.games import plugins

DOMINO = plugins.Plugin("domino", "pnp_domino:GAME", "pnp-domino 0.1.0")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return folder


def test_a_plugin_installed_after_the_index_was_written_is_found(site: Path) -> None:
    assert DOMINO not in plugins.installed()
    assert plugins.index_path() is not None and plugins.index_path().is_file()
    time.sleep(0.05)  # a later moment than the index's, on any clock granularity
    install(PLUGINS / "domino", site)
    assert DOMINO in plugins.installed()


def test_an_unchanged_installation_is_read_from_the_index_without_a_scan(site: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    install(PLUGINS / "domino", site)
    assert DOMINO in plugins.installed()

    def no_scan() -> list[plugins.Plugin]:
        raise AssertionError("scanned although nothing changed")

    monkeypatch.setattr(plugins, "scan", no_scan)
    assert DOMINO in plugins.installed()


def test_a_removed_plugin_is_gone_from_the_index(site: Path) -> None:
    install(PLUGINS / "domino", site)
    assert DOMINO in plugins.installed()
    time.sleep(0.05)
    for info in site.glob("*.dist-info"):
        for file in info.iterdir():
            file.unlink()
        info.rmdir()
    assert DOMINO not in plugins.installed()


def test_an_unwritable_cache_folder_means_a_scan_each_time(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # not absolute: no index, as the XDG rules say
    install(PLUGINS / "domino", site)
    assert plugins.index_path() is None
    assert DOMINO in plugins.installed()
    assert sys.path[0] == str(site)
