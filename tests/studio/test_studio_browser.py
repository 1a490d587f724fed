"""The studio end to end in a real headless Chromium (Debian's chromium, driven by Playwright)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserhelp import pnp_server, wait_open

pytestmark = pytest.mark.browser
SCREENSHOTS = os.environ.get("PNP_STUDIO_SCREENSHOTS")  # a folder: docs/screenshots.py writes the docs' pictures


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    workspace = tmp_path_factory.mktemp("workspace")
    subprocess.run([sys.executable, "-m", "pnp", "init", "rautino", str(workspace / "myset")], check=True,
                   capture_output=True)
    with pnp_server(["studio"], workspace) as base:
        yield base, workspace


@pytest.fixture
def page(browser: object, studio: tuple[str, Path]) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    yield tab
    context.close()


def open_spec(page: object, base: str, spec_id: str) -> None:
    page.goto(f"{base}/?spec={spec_id}")
    page.wait_for_selector("#pages figure img")
    wait_open(page)


def shot(page: object, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"studio-{name}.png"))


MYSET = "workspace:rautino:myset/rautino.toml"


def stone_sheet_svg(page: object) -> str:
    return page.evaluate("async () => { const img = document.querySelector("
                         "'#pages figure[data-component=\"tiles\"] img'); return (await fetch(img.src)).text(); }")


def test_a_new_colour_shows_on_the_stone_sheet_and_is_saved(page: object, studio: tuple[str, Path]) -> None:
    base, workspace = studio
    open_spec(page, base, MYSET)
    red = re.search(r'fill = "(#[0-9a-fA-F]{6})"', (workspace / "myset" / "rautino.toml").read_text()).group(1)
    assert red in stone_sheet_svg(page)
    colour = page.locator('.field[data-path="colours[0].fill"] input[type=text]')
    colour.fill("#7b3fa0")
    colour.press("Tab")
    page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
    deadline = time.monotonic() + 30
    while "#7b3fa0" not in stone_sheet_svg(page) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "#7b3fa0" in stone_sheet_svg(page)
    assert red not in stone_sheet_svg(page)
    assert 'fill = "#7b3fa0"' in (workspace / "myset" / "rautino.toml").read_text(encoding="utf-8")
    swatch = page.locator('.field[data-path="colours[0].fill"] input[type=color]')
    assert swatch.input_value() == "#7b3fa0"  # the swatch follows the typed colour
    shot(page, "design")


def test_an_invalid_value_shows_the_loaders_message_and_leaves_the_file(page: object, studio: tuple[str, Path]) -> None:
    base, workspace = studio
    before = (workspace / "myset" / "rautino.toml").read_bytes()
    open_spec(page, base, MYSET)
    hand = page.locator('.field[data-path="game.hand_size"] input')
    # The range shows before anything is typed, and the input knows it.
    assert page.locator('.field[data-path="game.hand_size"] .limit').text_content() == "1 to 10"
    assert (hand.get_attribute("min"), hand.get_attribute("max")) == ("1", "10")
    hand.fill("99")
    hand.press("Tab")
    message = page.locator('.field[data-path="game.hand_size"] .msg')
    message.wait_for()
    assert "between 1 and 10" in message.text_content()
    assert "not saved" in page.locator("#save-state").text_content()
    shot(page, "invalid")
    assert (workspace / "myset" / "rautino.toml").read_bytes() == before


def test_a_check_runs_and_shows_its_verdict(page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    open_spec(page, base, "shipped:rautino")
    page.click('.tabs button[data-tab="check"]')
    page.fill("#check-games", "40")
    page.click("#check-run")
    verdict = page.locator("#verdict")
    verdict.wait_for(timeout=120_000)
    assert re.match(r"Playable\.|Not playable|Playability not decided yet: ", verdict.text_content())
    page.frame_locator("#check-report").locator("h1").wait_for()
    shot(page, "check")

    # Step through the best game of the check, forward and back, on the kit's own board.
    page.click('.tabs button[data-tab="replay"]')
    page.locator("#replay-controls").wait_for()
    assert page.locator("#replay-pick option").first.text_content().startswith("best game")
    page.wait_for_function("document.querySelector('#replay-position').textContent.startsWith('step 0 of')")
    start_text = page.locator("#replay-text").text_content()
    assert start_text.startswith("start:")
    for _ in range(3):
        page.click("#replay-forward")
    page.wait_for_function("document.querySelector('#replay-position').textContent.startsWith('step 3 of')")
    third = page.locator("#replay-text").text_content()
    assert third.startswith("move 3: player")
    assert page.locator("#replay-move table th").first.text_content() in ("stone", "")
    board = page.locator("#replay-board")
    assert board.get_attribute("src").endswith("/board/3.svg")
    page.wait_for_function("document.querySelector('#replay-board').naturalWidth > 0")
    shot(page, "replay")
    page.click("#replay-back")
    page.wait_for_function("document.querySelector('#replay-position').textContent.startsWith('step 2 of')")
    assert page.locator("#replay-text").text_content().startswith("move 2: player")
    page.click("#replay-first")
    assert page.locator("#replay-text").text_content() == start_text


def test_the_kit_pdf_downloads_with_every_page(page: object, studio: tuple[str, Path], tmp_path: Path) -> None:
    from pypdf import PdfReader

    base, _ = studio
    open_spec(page, base, "shipped:zatre")
    pages = page.locator("#pages figure").count()
    page.click('.tabs button[data-tab="print"]')
    shot(page, "print")
    with page.expect_download() as download:
        page.click("#download-pdf")
    target = tmp_path / "kit.pdf"
    download.value.save_as(target)
    assert len(PdfReader(target).pages) == pages >= 7


def test_the_games_fields_offer_the_checkers_limit(page: object, studio: tuple[str, Path]) -> None:
    from pnp.budget import MAX_GAMES

    base, _ = studio
    open_spec(page, base, MYSET)
    for field in ("#check-max-games", "#check-skill-games"):
        assert page.get_attribute(field, "max") == str(MAX_GAMES), field
    # Games decide as they come in unless a number is typed; the budget is shown only then.
    assert page.input_value("#check-games") == page.input_value("#sweep-games") == "auto"
    page.click('.tabs button[data-tab="check"]')
    assert page.is_visible("#check-max-games")
    page.fill("#check-games", "40")
    assert not page.is_visible("#check-max-games")
