"""The studio's editor in a real headless Chromium (Debian's chromium, driven by Playwright), through
the page only: no lost edit, the designer's words, and a layout that works at 400 px."""

from __future__ import annotations

import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browserhelp import CHROMIUM, CHROMIUM_ARGS, NO_CHROMIUM
from playwright import sync_api as playwright
from studiohelp import running_studio

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
RAUTINO = "workspace:rautino:set-rautino/rautino.toml"


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    workspace = tmp_path_factory.mktemp("workspace")
    with running_studio(workspace, "rautino", "zatre", "triomino") as base:
        yield base, workspace


@pytest.fixture(scope="module")
def browser() -> Iterator[playwright.Browser]:
    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser: playwright.Browser) -> Iterator[playwright.BrowserContext]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(30_000)
    yield context
    context.close()


@pytest.fixture
def fresh(studio: tuple[str, Path]) -> Iterator[tuple[str, Path]]:
    """The Rautino copy as `pnp init` made it, again for each test."""
    base, workspace = studio
    spec = workspace / "set-rautino" / "rautino.toml"
    original = spec.read_bytes()
    yield base, spec
    spec.write_bytes(original)


def open_spec(page: playwright.Page, base: str, spec_id: str = RAUTINO) -> None:
    page.goto(f"{base}/?spec={spec_id}")
    page.wait_for_function("document.querySelector('#preview-state').textContent.includes('pages')")


def saved(page: playwright.Page) -> None:
    page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")


def eventually(check: Callable[[], bool], seconds: float = 30) -> None:
    """Wait for what the page does to reach the disk."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not reached in time"
        time.sleep(0.05)


def hand_size(spec: Path) -> int:
    return tomllib.loads(spec.read_text(encoding="utf-8"))["game"]["hand_size"]


def set_field(page: playwright.Page, path: str, value: str) -> None:
    field = page.locator(f'.field[data-path="{path}"] input').first
    field.fill(value)
    field.press("Tab")


def test_undo_then_redo_an_edit(context: playwright.BrowserContext, fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    page = context.new_page()
    open_spec(page, base)
    assert page.locator("#undo").is_disabled()
    set_field(page, "game.hand_size", "4")
    page.wait_for_function("!document.querySelector('#undo').disabled")
    eventually(lambda: hand_size(spec) == 4)
    page.click("#undo")
    page.wait_for_function("document.querySelector('#undo-note').textContent === 'undone'")
    eventually(lambda: hand_size(spec) == 3)
    assert page.locator('.field[data-path="game.hand_size"] input').input_value() == "3"
    page.click("#redo")
    page.wait_for_function("document.querySelector('#undo-note').textContent === 'redone'")
    eventually(lambda: hand_size(spec) == 4)
    assert page.locator('.field[data-path="game.hand_size"] input').input_value() == "4"


def test_a_removed_row_comes_back_with_undo(context: playwright.BrowserContext, fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    before = spec.read_text(encoding="utf-8")
    page = context.new_page()
    open_spec(page, base)
    stones = page.locator('.rows[data-path="stones"] > .rowbox')
    assert stones.count() == 15
    page.get_by_role("button", name="remove stone 3", exact=True).click()
    page.wait_for_function("document.querySelectorAll('.rows[data-path=\"stones\"] > .rowbox').length === 14")
    eventually(lambda: len(tomllib.loads(spec.read_text(encoding="utf-8"))["stones"]) == 14)
    page.get_by_role("button", name="Undo: bring back stone 3").click()
    page.wait_for_function("document.querySelectorAll('.rows[data-path=\"stones\"] > .rowbox').length === 15")
    eventually(lambda: spec.read_text(encoding="utf-8") == before)


def test_leaving_with_unsaved_edits_asks_first_and_the_edit_comes_back(
        context: playwright.BrowserContext, fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    before = spec.read_bytes()
    page = context.new_page()
    open_spec(page, base)
    set_field(page, "game.hand_size", "99")  # refused by the loader: not saved
    page.locator('.field[data-path="game.hand_size"] .msg').wait_for()
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))  # leave anyway
    page.reload()
    assert asked == ["beforeunload"]
    # The refused edit is still there after the reload, with its message beside the field.
    page.locator('.field[data-path="game.hand_size"] .msg').wait_for()
    assert page.locator('.field[data-path="game.hand_size"] input').input_value() == "99"
    assert spec.read_bytes() == before


def test_a_saved_page_leaves_without_asking(context: playwright.BrowserContext, fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    page = context.new_page()
    open_spec(page, base)
    set_field(page, "game.hand_size", "5")
    eventually(lambda: hand_size(spec) == 5)
    saved(page)
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
    page.reload()
    page.wait_for_function("document.querySelector('#preview-state').textContent.includes('pages')")
    assert asked == []
    assert page.locator('.field[data-path="game.hand_size"] input').input_value() == "5"


def test_typing_in_the_toml_is_kept_over_a_reload(context: playwright.BrowserContext,
                                                    fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    page = context.new_page()
    open_spec(page, base)
    page.click("#show-toml")
    toml = page.locator("#toml")
    toml.press("Control+End")
    page.keyboard.insert_text("\n# the last words before a reload\n")  # one input event, then at once:
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))  # leave anyway
    page.reload()  # at once: the 400 ms pause before the edit is sent has not passed
    assert asked == ["beforeunload"]
    page.wait_for_function("document.querySelector('#toml').value.includes('the last words before a reload')")
    eventually(lambda: "# the last words before a reload" in spec.read_text(encoding="utf-8"))
    page.wait_for_function("document.querySelector('#undo-note').textContent === 'your unsaved edits were kept'")
