"""The studio's work kept, through the page only, in a real headless Chromium (Debian's chromium
driven by Playwright): a copy saved as takes every edit, a check's settings and headline, a
cancelled check keeps the last result, the replay list names its kinds of games."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserhelp import pnp_server, wait_open
from paths import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("studio-work")]
SCREENSHOTS = os.environ.get("PNP_STUDIO_SCREENSHOTS")  # a folder: docs/screenshots.py writes the docs' pictures


def shot(page: object, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"studio-{name}.png"))


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    workspace = tmp_path_factory.mktemp("workspace")
    (workspace / "broken").mkdir()
    shipped = (ROOT / "templates" / "rautino.toml").read_text(encoding="utf-8")
    (workspace / "broken" / "rautino.toml").write_text(shipped.replace('title = "Rautino"', 'title = "Rautino'),
                                                       encoding="utf-8")
    # The studio as a user starts it: through the command line, whose commands guard their inputs.
    with pnp_server(["studio"], workspace) as base:
        yield base, workspace


@pytest.fixture
def page(browser: object, studio: tuple[str, Path]) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(60_000)
    yield tab
    context.close()


def opened(page: object) -> None:
    page.wait_for_selector("#pages figure img", state="attached")
    wait_open(page)


# A field of each game's spec and the value an evening's edit gives it, as the file then reads.
EDITS = {"rautino": ("game.title", "Evening", 'title = "Evening"'),
         "zatre": ("game.title", "Evening", 'title = "Evening"'),
         "triomino": ("tiles.side_mm", "37.5", "side_mm = 37.5")}


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_save_as_then_edit_then_reload_keeps_the_edit(page: object, studio: tuple[str, Path], game: str) -> None:
    base, workspace = studio
    field, value, line = EDITS[game]
    page.goto(f"{base}/?spec=shipped:{game}")
    opened(page)
    page.once("dialog", lambda dialog: dialog.accept(f"copy-of-{game}"))
    page.click("#save-as")
    wait_open(page, f"workspace:{game}:copy-of-{game}/{game}.toml")
    box = page.locator(f'.field[data-path="{field}"] input')
    box.fill(value)
    box.press("Tab")
    saved = workspace / f"copy-of-{game}" / f"{game}.toml"
    deadline = time.monotonic() + 30
    while line not in saved.read_text(encoding="utf-8") and time.monotonic() < deadline:
        time.sleep(0.2)
    page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
    assert line in saved.read_text(encoding="utf-8")
    page.reload()
    opened(page)
    assert page.locator(f'.field[data-path="{field}"] input').input_value() == value


def test_while_a_copy_opens_the_editor_takes_no_input_then_the_first_edit_is_saved(
        page: object, studio: tuple[str, Path]) -> None:
    base, workspace = studio
    page.goto(f"{base}/?spec=shipped:rautino")
    opened(page)
    held: list[object] = []  # a busy machine: the copy's spec arrives late
    page.route("**/api/spec?id=workspace*", lambda route: held.append(route))
    page.once("dialog", lambda dialog: dialog.accept("slow-copy"))
    page.click("#save-as")
    page.wait_for_function("document.querySelector('#design').getAttribute('aria-busy') === 'true'")
    assert page.evaluate("document.querySelector('#design').inert")
    title = page.locator('.field[data-path="game.title"] input')
    with pytest.raises(Exception, match=r"(?i)timeout"):  # the old form does not take the value
        title.fill("Lost", timeout=1500)
    assert len(held) == 1
    held[0].continue_()
    wait_open(page, "workspace:rautino:slow-copy/rautino.toml")
    title.fill("Kept")
    title.press("Tab")
    page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
    assert 'title = "Kept"' in (workspace / "slow-copy" / "rautino.toml").read_text(encoding="utf-8")


def test_a_value_typed_and_left_in_its_field_is_saved_after_a_pause_and_kept_on_reload(
        page: object, studio: tuple[str, Path]) -> None:
    base, workspace = studio
    page.goto(f"{base}/?spec=shipped:rautino")
    opened(page)
    page.once("dialog", lambda dialog: dialog.accept("typed-copy"))
    page.click("#save-as")
    wait_open(page, "workspace:rautino:typed-copy/rautino.toml")
    hand = page.locator('.field[data-path="game.hand_size"] input')
    hand.click()
    hand.press("Control+a")
    hand.type("5")  # the cursor stays in the field: no Tab, no click elsewhere
    saved = workspace / "typed-copy" / "rautino.toml"
    deadline = time.monotonic() + 30
    while "hand_size = 5" not in saved.read_text(encoding="utf-8") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "hand_size = 5" in saved.read_text(encoding="utf-8")
    page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
    versions = len(list((workspace / "typed-copy").rglob("*.toml")))
    hand.press("Tab")  # leaving the field sends nothing again: no second save of the same value
    time.sleep(1.5)
    assert len(list((workspace / "typed-copy").rglob("*.toml"))) == versions
    page.reload()
    wait_open(page)
    assert page.locator('.field[data-path="game.hand_size"] input').input_value() == "5"


def test_a_spec_with_a_toml_error_opens_in_the_toml_text_and_is_fixed_there(
        page: object, studio: tuple[str, Path]) -> None:
    base, workspace = studio
    page.goto(f"{base}/?spec=workspace:rautino:broken/rautino.toml")
    toml = page.locator("#toml")
    toml.wait_for(state="visible")
    assert "not valid TOML" in page.locator("#spec-error").text_content()
    assert page.locator("#save-state").text_content() == "the file has an error; fix it to save"
    toml.fill(toml.input_value().replace('title = "Rautino', 'title = "Rautino"', 1))
    page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'"
                           " && document.querySelector('#spec-error').hidden")
    assert re.search(r'^title = "Rautino"\s', (workspace / "broken" / "rautino.toml").read_text(encoding="utf-8"),
                     re.MULTILINE)


def test_a_check_with_its_settings_opens_with_a_headline_and_a_cancelled_one_keeps_it(
        page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    page.goto(f"{base}/?spec=shipped:rautino")
    opened(page)
    page.click('.tabs button[data-tab="check"]')
    page.fill("#check-games", "12")
    page.select_option("#check-players", "2")
    page.select_option("#check-confidence", "0.9")
    page.fill("#check-skill-games", "2")
    page.check("#check-strict")
    page.click("#check-run")
    verdict = page.locator("#verdict")
    verdict.wait_for(timeout=180_000)
    headline = verdict.text_content()
    assert re.match(r"(Playable\.|Not playable|Not decided yet: ).* of two-player games", headline), headline
    assert "--" not in page.locator("#check-result").text_content()
    colour = page.locator("#verdict").get_attribute("class")  # green only for a set that is playable and fair
    assert "playable" not in colour.split() or not re.search(r"Not fair yet|not decided yet|A game of luck", headline)
    source = page.frame_locator("#check-report").locator("p.source")
    assert source.text_content().endswith("set checked from the shipped rautino spec")
    shot(page, "check-headline")
    # A long check, cancelled: the result above stays.
    page.fill("#check-games", "50000")
    page.click("#check-run")
    page.locator("#check-cancel").wait_for(state="visible")
    page.wait_for_function("document.querySelector('#check-state').textContent.includes('simulated games')"
                           " || document.querySelector('#check-state').textContent.includes('starting')")
    assert page.locator("#verdict").text_content() == headline
    page.click("#check-cancel")
    page.wait_for_function("document.querySelector('#check-state').textContent.startsWith('cancelled')")
    assert page.locator("#verdict").text_content() == headline
    # The replay list names the configurations' games and the skill matches' apart, with seats.
    page.click('.tabs button[data-tab="replay"]')
    page.locator("#replay-controls").wait_for()
    groups = page.locator("#replay-pick optgroup")
    labels = [groups.nth(i).get_attribute("label") for i in range(groups.count())]
    assert labels[0].startswith("configuration games (12") and labels[1].startswith("skill-match games (")
    assert "seat 1 " in page.locator("#replay-pick optgroup").nth(1).locator("option").first.text_content()


def test_a_sweep_shows_its_table_and_a_variant_is_saved_as_a_new_spec(page: object, studio: tuple[str, Path]) -> None:
    base, workspace = studio
    page.goto(f"{base}/?spec=shipped:rautino")
    opened(page)
    page.click('.tabs button[data-tab="check"]')
    page.click("#sweep summary")
    page.select_option("#check-players", "2")
    page.locator(".sweep-path").first.select_option("game.hand_size")
    page.locator(".sweep-values").first.fill("2,3")
    page.fill("#check-max-games", "100")  # games auto: the variants race, at most 100 games each
    page.click("#sweep-run")
    rows = page.locator("#sweep-table tr")
    page.wait_for_function("document.querySelectorAll('#sweep-table tr').length === 3", timeout=180_000)
    assert [rows.nth(i).locator("td").nth(1).text_content() for i in (1, 2)] == ["2", "3"]
    header = page.locator("#sweep-table th").nth(1)
    assert header.get_attribute("title") == "game.hand_size" and header.text_content() == page.locator(
        ".sweep-path").first.locator("option:checked").text_content()  # the form's words, not the spec path
    for i in (1, 2):  # only a playable variant is offered to be kept
        offered = rows.nth(i).locator("button.use-variant").count() == 1
        standing = rows.nth(i).locator("td").nth(2).text_content()
        assert offered == standing.startswith("playable")
        # the check's verdict, then what else places the variant, in words
        assert re.fullmatch(r"(playable|undecided|not playable)(; (breaks a limit|a limit still open))?(; .+)?",
                            standing), standing
    assert page.locator("#sweep-table th").nth(3).text_content() == "games per player count"
    played = [int(rows.nth(i).locator("td").nth(3).text_content().replace(",", "")) for i in (1, 2)]
    assert all(games in (50, 100) for games in played), played
    assert "games in all, decided as they came in" in page.locator("#sweep-state").text_content()
    advantages = [rows.nth(i).locator("td").nth(4).text_content() for i in (1, 2)]
    assert all(re.fullmatch(r"1 percentage point|\d+ percentage points|–", text) for text in advantages), advantages
    page.locator("#sweep").scroll_into_view_if_needed()
    shot(page, "sweep")
    page.once("dialog", lambda dialog: dialog.accept("hand-of-three"))
    page.click('button[aria-label="use variant 2"]')
    wait_open(page, "workspace:rautino:hand-of-three/rautino.toml")
    assert page.locator('.field[data-path="game.hand_size"] input').input_value() == "3"
    assert "hand_size = 3" in (workspace / "hand-of-three" / "rautino.toml").read_text(encoding="utf-8")


def test_the_sweep_offers_the_fields_the_form_has_now_by_their_names(page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    page.goto(f"{base}/?spec=shipped:rautino")
    opened(page)
    page.once("dialog", lambda dialog: dialog.accept("fewer-colours"))
    page.click("#save-as")
    wait_open(page, "workspace:rautino:fewer-colours/rautino.toml")
    page.click('.tabs button[data-tab="check"]')
    page.click("#sweep summary")

    def offered() -> list[str]:
        return page.locator(".sweep-path").first.locator("option").evaluate_all("os => os.map(o => o.value)")

    rows = page.locator('fieldset.rows[data-path="stones"] .rowbox')
    count = rows.count()
    last = f"stones[{count - 1}]"
    assert any(path.startswith(last + ".") for path in offered())
    labels = page.locator(".sweep-path").first.locator("option").all_text_contents()
    assert "Hand size" in " ".join(labels) and not any(label.startswith("game.") for label in labels), labels
    page.locator(".sweep-path").first.select_option("game.hand_size")
    rows.nth(count - 1).locator("button.remove").click()
    page.wait_for_function(f"document.querySelectorAll('fieldset.rows[data-path=\"stones\"] .rowbox').length"
                           f" === {count - 1}")
    page.wait_for_function(f"![...document.querySelector('.sweep-path').options].some(o => o.value.startsWith("
                           f"'{last}.'))")
    assert page.locator(".sweep-path").first.input_value() == "game.hand_size"  # a pick still there is kept


def test_a_check_whose_studio_stopped_says_so_instead_of_waiting(browser: object, tmp_path: Path) -> None:
    """Ctrl-C on the studio while a check runs: the page says the studio is not answering and offers Run again."""
    workspace = tmp_path / "gone"
    workspace.mkdir()
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        with pnp_server(["studio"], workspace) as base:
            page.goto(f"{base}/?spec=shipped:zatre")
            opened(page)
            page.click('.tabs button[data-tab="check"]')
            page.fill("#check-games", "50000")
            page.click("#check-run")
            page.locator("#check-cancel").wait_for(state="visible")
        page.wait_for_function(
            "document.querySelector('#check-state').textContent.startsWith('The studio is not answering')")
        assert page.locator("#check-run").is_enabled() and page.locator("#check-cancel").is_hidden()
    finally:
        context.close()
