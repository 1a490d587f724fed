"""What every test file shares: pnp's command line run in the test's own process, and the markers of
tests that need a browser or take long."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browserhelp import launched_chromium
from click.testing import CliRunner, Result

from pnp.cli import main

PnpRun = Callable[..., Result]


def invoke_pnp(*args: str, input: str | bytes | None = None) -> Result:
    """`pnp ARGS` in this process: Click's result, with the exit code and what pnp printed."""
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture(scope="session")
def run_pnp() -> PnpRun:
    """`run_pnp("kit", "zatre", "-o", folder)`: the result of that command line (exit_code, output)."""
    return invoke_pnp


@pytest.fixture(scope="session")
def pnp_ok() -> PnpRun:
    """Like `run_pnp`, for a command that must succeed: a failure ends the test with pnp's output."""

    def run_ok(*args: str, input: str | bytes | None = None) -> Result:
        result = invoke_pnp(*args, input=input)
        assert result.exit_code == 0, result.output
        return result

    return run_ok


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per test module (Debian's, driven by Playwright); skipped where missing."""
    yield from launched_chromium()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked `browser` is skipped, for one reason, where Playwright or chromium is missing."""
    from browserhelp import BROWSER_READY, NO_BROWSER

    if BROWSER_READY:
        return
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.skip(reason=NO_BROWSER))
