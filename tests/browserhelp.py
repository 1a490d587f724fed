"""Debian's chromium for the tests that look at what a browser shows (driven by Playwright, no download)."""

from __future__ import annotations

import contextlib
import importlib.util
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
# Every test marked `browser` is skipped, for this one reason, where either is missing (see conftest.py).
BROWSER_READY = CHROMIUM is not None and importlib.util.find_spec("playwright") is not None
NO_BROWSER = "needs Playwright (the test extra) and Debian's chromium (installed by .ci/run; no browser download works)"


def launched_chromium() -> Iterator[Any]:
    """Debian's chromium under Playwright for a module's tests (a fixture body: `yield from` it)."""
    from playwright import sync_api as playwright

    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def wait_open(page: Any, spec_id: str | None = None) -> None:
    """Wait until the studio shows a spec (`spec_id`, if given) in an editor that takes input, and its
    preview drawn: only then is a typed value an edit of that spec."""
    opened = "document.querySelector('#design').dataset.opened"
    page.wait_for_function(f"{opened} === {spec_id!r}" if spec_id else opened)
    page.wait_for_function("document.querySelector('#design').getAttribute('aria-busy') === 'false'"
                           " && document.querySelector('#preview-state').textContent.includes('pages')")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def pnp_server(command: list[str], workspace: Path, expect: str = "/") -> Iterator[str]:
    """`pnp studio` or `pnp play` started as a user starts it, on a free port of 127.0.0.1; yields its
    address once its first line names `expect` after the port, and stops it afterwards."""
    port = free_port()
    with served([sys.executable, "-m", "pnp", *command, "--workspace", str(workspace), "--port", str(port),
                 "--no-browser"], port, expect) as base:
        yield base


@contextlib.contextmanager
def served(argv: list[str], port: int, expect: str = "/") -> Iterator[str]:
    """A server process on `port`: its address once its first line names `expect` after the port;
    stopped afterwards."""
    server = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    assert f":{port}{expect}" in line, line
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def table_ready(page: Any) -> str:
    """Wait until the play page's table takes input or shows a finished game; which of the two."""
    page.wait_for_function("['ready', 'over'].includes(document.body.dataset.state)")
    return page.evaluate("document.body.dataset.state")


def open_table(page: Any, base: str, query: str, game: str = "rautino") -> None:
    """The play page of `game` with the address's `query`, at no pace, once its table is ready."""
    page.goto(f"{base}/play?game={game}&pace=0&{query}")
    page.wait_for_selector("#board svg")
    table_ready(page)
