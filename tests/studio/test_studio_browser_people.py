"""What a person meets in the studio in a real headless Chromium (Debian's chromium, driven by
Playwright): a refused value survives a reload, text that is not TOML opens in the TOML text, number
fields say one thing plainly and keep their ranges in sight."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browserhelp import NO_BROWSER, wait_open
from studiohelp import open_spec, rautino_copy, running_studio

playwright = pytest.importorskip("playwright.sync_api", reason=NO_BROWSER)

pytestmark = pytest.mark.browser
FILL = '.field[data-path="colours[0].fill"] input[type=text]'
HAND = '.field[data-path="game.hand_size"] input'


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    workspace = tmp_path_factory.mktemp("workspace")
    with running_studio(workspace, "rautino", "triomino", "zatre") as base:
        yield base, workspace


@pytest.fixture
def fresh(studio: tuple[str, Path]) -> Iterator[tuple[str, Path]]:
    """The Rautino copy as `pnp init` made it, again for each test."""
    with rautino_copy(studio) as copy:
        yield copy


@pytest.fixture
def page(browser: playwright.Browser) -> Iterator[playwright.Page]:
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()


def asks_before_leaving(page: playwright.Page) -> bool:
    """Whether the page's leave guard stops a reload for the browser's question."""
    return page.evaluate("() => { const e = new Event('beforeunload', { cancelable: true });"
                         " window.dispatchEvent(e); return e.defaultPrevented; }")


def test_a_refused_value_asks_before_a_reload_and_comes_back_marked(page: playwright.Page,
                                                                   fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    before = spec.read_bytes()
    open_spec(page, base)
    assert not asks_before_leaving(page)
    box = page.locator(FILL)
    box.fill("#e73b3")
    box.press("Tab")
    page.wait_for_function("document.querySelector('#save-state').textContent === 'not saved: fix the field marked'")
    assert asks_before_leaving(page)
    page.on("dialog", lambda dialog: dialog.accept())
    page.reload()
    page.wait_for_function("document.querySelector('#design').dataset.opened")
    page.locator(f'{FILL}[aria-invalid="true"]').wait_for()
    assert page.locator(FILL).input_value() == "#e73b3"
    assert "six hex digits" in page.locator('.field[data-path="colours[0].fill"] .msg').text_content()
    assert asks_before_leaving(page)
    assert spec.read_bytes() == before  # the file keeps its last valid version
    box = page.locator(FILL)
    box.fill("#e73b37")  # fixed: saved, nothing refused is kept
    box.press("Tab")
    page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
    assert not asks_before_leaving(page)
    page.reload()
    wait_open(page)
    assert page.locator(FILL).input_value() == "#e73b37"
    assert page.locator(".field .msg").count() == 0


def test_text_that_is_not_toml_opens_in_the_toml_text_after_a_reload(page: playwright.Page,
                                                                     fresh: tuple[str, Path]) -> None:
    base, _ = fresh
    open_spec(page, base)
    page.click("#show-toml")
    page.locator("#toml").click()
    page.keyboard.press("Control+Home")
    page.keyboard.type("x")  # a typo on line 1
    page.wait_for_function("document.querySelector('#spec-error').textContent.includes('line 1,')")
    page.on("dialog", lambda dialog: dialog.accept())
    page.reload()
    page.wait_for_function("document.querySelector('#design').dataset.opened"
                           " && document.querySelector('#design').getAttribute('aria-busy') === 'false'")
    page.wait_for_function("!document.querySelector('#toml').hidden")
    assert page.locator("#form").is_hidden()
    assert page.locator("#toml").input_value().startswith("x# Rautino")
    assert "(at line 1, column 2)" in page.locator("#spec-error").text_content()
    assert "has an error" in page.locator("#preview-state").text_content()
    page.click("#show-form")  # no old values pretending to be the spec
    assert page.locator("#form .field").count() == 0
    assert "fix it in the TOML text" in page.locator("#form").text_content()


def test_a_number_field_says_plainly_what_it_takes_and_the_others_keep_their_ranges(
        page: playwright.Page, fresh: tuple[str, Path]) -> None:
    base, _ = fresh
    open_spec(page, base)
    hints = page.locator(".field .limit").count()
    assert hints > 3
    hand = page.locator(HAND)
    hand.fill("1e2")
    hand.press("Tab")
    message = page.locator('.field[data-path="game.hand_size"] .msg')
    message.wait_for()
    assert message.text_content() == "Hand size: must be a whole number like 3, not 1e2 (1 to 10)"
    assert page.locator(".field .limit").count() == hints
    hand.fill("0")  # refused by the loader, which checks only up to its first error
    hand.press("Tab")
    page.wait_for_function("document.querySelector('.field[data-path=\"game.hand_size\"] .msg')"
                           "?.textContent.includes('between 1 and 10')")
    assert page.locator(".field .limit").count() == hints
    assert "has an error" in page.locator("#preview-state").text_content()
    hand.fill("3")
    hand.press("Tab")
    page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
    assert page.locator(".field .msg").count() == 0
    hand.fill("1000001")  # the field's own range, not the limit every number has
    hand.press("Tab")
    page.wait_for_function("document.querySelector('.field[data-path=\"game.hand_size\"] .msg')"
                           "?.textContent === 'Hand size: must be between 1 and 10'")
    assert page.locator(".field .limit").count() == hints


def settings_refusal(page: playwright.Page, input_id: str) -> str:
    """The Check tab's refusal at the setting `input_id`, marked as the spec form marks a field."""
    page.locator(f'#{input_id}[aria-invalid="true"]').wait_for()
    described = page.locator(f"#{input_id}").get_attribute("aria-describedby") or ""
    message = page.locator(f"#{input_id}-msg")
    assert f"{input_id}-msg" in described.split()
    assert "msg" in (message.get_attribute("class") or "")
    return message.text_content()


def test_a_refused_check_setting_is_marked_at_its_field_and_a_decimal_seed_runs_nothing(
        page: playwright.Page, fresh: tuple[str, Path]) -> None:
    base, _ = fresh
    open_spec(page, base)
    page.click("#tabbtn-check")
    page.fill("#check-games", "-5")
    page.click("#check-run")
    assert settings_refusal(page, "check-games") == "Games: between 1 and 1,000,000, or auto; got -5"
    assert page.locator("#check-progress").is_hidden()
    page.fill("#check-games", "20")
    page.fill("#check-seed", "3.5")
    posted: list[str] = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    page.click("#check-run")
    assert settings_refusal(page, "check-seed") == "Seed: a whole number like 1, not 3.5 (0 to 4294967295)"
    assert page.locator("#check-games").get_attribute("aria-invalid") is None  # the fixed one unmarked
    assert not [url for url in posted if url.endswith("/api/check")]  # no check ran
    page.fill("#check-seed", "4294967296")
    page.click("#check-run")
    assert settings_refusal(page, "check-seed") == "Seed: between 0 and 4294967295; got 4294967296"
    page.fill("#check-seed", "99999999999999999999")  # beyond what a float holds: quoted as typed
    page.click("#check-run")
    assert settings_refusal(page, "check-seed") == "Seed: between 0 and 4294967295; got 99999999999999999999"


def test_the_replay_fits_400_px_and_its_step_buttons_stay_on_one_line(browser: playwright.Browser,
                                                                      fresh: tuple[str, Path]) -> None:
    base, _ = fresh
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(120_000)
    page = context.new_page()
    try:
        open_spec(page, base)
        page.click("#tabbtn-check")
        page.fill("#check-games", "10")
        page.fill("#check-skill-games", "0")
        page.click("#check-run")
        page.locator("#verdict").wait_for()
        page.click("#tabbtn-replay")
        page.wait_for_function("document.querySelector('#replay-position').textContent.startsWith('step 0 of')")
        steps = ["#replay-first", "#replay-back", "#replay-position", "#replay-forward", "#replay-last"]
        tops = {round(page.locator(step).bounding_box()["y"] + page.locator(step).bounding_box()["height"] / 2)
                for step in steps}
        assert len(tops) == 1, tops  # one line of step controls
        page.set_viewport_size({"width": 400, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.locator("#replay-pick").bounding_box()["width"] <= 400
        tops = {round(page.locator(step).bounding_box()["y"] + page.locator(step).bounding_box()["height"] / 2)
                for step in steps}
        assert len(tops) == 1, tops
    finally:
        context.close()


def test_the_kit_language_changes_the_kit_only_and_is_kept_over_a_reload(page: playwright.Page,
                                                                         fresh: tuple[str, Path]) -> None:
    base, _ = fresh
    open_spec(page, base)
    assert page.locator("label:has(#lang)").text_content().startswith("Kit language")
    kits: list[str] = []
    page.on("request", lambda r: kits.append(r.post_data or "") if r.url.endswith("/api/kit") else None)
    page.select_option("#lang", "de")
    page.wait_for_function("document.querySelector('#preview-state').textContent.includes('pages')")
    assert any('"lang": "de"' in body or '"lang":"de"' in body for body in kits)
    # The studio's own words stay in one language: labels, buttons and notices in English.
    assert page.locator('.field[data-path="game.hand_size"] label').text_content() == "Hand size"
    assert page.get_by_role("button", name="add colour", exact=True).count() == 1
    assert page.get_by_role("button", name="remove colour 3", exact=True).count() == 1
    assert page.locator('.field[data-path="game.hand_size"] .help').text_content() == "stones each player holds"
    page.reload()
    wait_open(page)
    assert page.locator("#lang").input_value() == "de"


TRIOMINO = "workspace:triomino:set-triomino/triomino.toml"
ZATRE = "workspace:zatre:set-zatre/zatre.toml"


@pytest.fixture
def games(studio: tuple[str, Path]) -> Iterator[str]:
    """The Triomino and Zatre copies as `pnp init` made them, again for each test."""
    base, workspace = studio
    specs = [workspace / "set-triomino" / "triomino.toml", workspace / "set-zatre" / "zatre.toml"]
    originals = [spec.read_bytes() for spec in specs]
    yield base
    for spec, original in zip(specs, originals, strict=True):
        spec.write_bytes(original)


def test_the_forms_speak_their_own_words_and_a_refusal_stands_at_the_field_changed(page: playwright.Page,
                                                                                   games: str) -> None:
    page.goto(f"{games}/?spec={TRIOMINO}")
    wait_open(page)
    low = page.locator('.field[data-path="tiles.low"] input')
    low.fill("7")
    low.press("Tab")
    message = page.locator('.field[data-path="tiles.low"] .msg')
    message.wait_for()
    assert message.text_content() == "Highest number: must be at least “Lowest number” (7)"
    assert page.locator('.field[data-path="tiles.high"] .msg').count() == 0
    assert page.locator("#spec-error a").text_content() == "Lowest number"
    helps = " ".join(page.locator(".field .help").all_text_contents())
    for word in ("`", "--preset", "pnp check", "many_players_above"):
        assert word not in helps, word
    page.goto(f"{games}/?spec={ZATRE}")
    wait_open(page)
    size = page.locator('.field[data-path="tiles.size_mm"] input')
    fits = size.input_value()
    size.fill("20.5")  # a decimal: the field stays one
    size.press("Tab")
    message = page.locator('.field[data-path="tiles.size_mm"] .msg')
    message.wait_for()
    assert "board.cell_mm" not in message.text_content()
    assert "Field edge" in message.text_content()
    size.fill(fits)
    size.press("Tab")
    page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
    layout = page.locator('.field[data-path="board.layout"] textarea')
    layout.fill("S")  # a board too small to play: the loader says why, in the form's words
    layout.press("Tab")
    message = page.locator('.field[data-path="board.layout"] .msg')
    message.wait_for()
    assert message.text_content().startswith("Layout: a board of 1 field is too small to play")
    assert "rules.first_turn_tiles" not in message.text_content()
