"""The studio's sweep in a real headless Chromium (Debian's chromium, driven by Playwright): its field
menu names what each entry varies, its values hint at what the sweep takes, and what it refuses is said
in the page's words, never over the last sweep's results; an invalid variant says why."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserhelp import pnp_server, wait_open

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("studio-sweep")]
SWEEP_SECONDS = 180_000


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    workspace: Path = tmp_path_factory.mktemp("workspace")
    with pnp_server(["studio"], workspace) as base:
        yield base


@pytest.fixture
def page(browser: object, studio: str) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(60_000)
    tab.goto(f"{studio}/?spec=shipped:rautino")
    wait_open(tab, "shipped:rautino")
    tab.click('.tabs button[data-tab="check"]')
    tab.click("#sweep summary")
    yield tab
    context.close()


def pick(page: object, row: int, field: str, values: str) -> None:
    page.locator(".sweep-path").nth(row).select_option(field)
    page.locator(".sweep-values").nth(row).fill(values)


def refusal(page: object) -> str:
    """What the page says of a sweep it does not start: one line, in its own words."""
    page.click("#sweep-run")
    page.wait_for_function("document.querySelector('#sweep-state').textContent !== ''")
    text = page.locator("#sweep-state").inner_text()
    assert "\n" not in text and "--" not in text and "pnp:" not in text, text
    assert page.locator("#sweep-run").is_enabled() and page.locator("#sweep-cancel").is_hidden()
    return text


def test_each_field_of_the_menu_names_what_it_varies(page: object) -> None:
    labels = page.locator(".sweep-path").first.locator("option").all_text_contents()
    assert len(labels) == len(set(labels)), [label for label in labels if labels.count(label) > 1]
    shapes = {page.locator(f".sweep-path >> nth=0 >> option[value='{path}']").text_content()
              for path in ("shapes[0].points.1", "shapes[1].points.1", "shapes[2].points.1", "shapes[3].points.1")}
    assert shapes == {"shape 1 (Dreieck) · Points by colours · 1 colours",
                      "shape 2 (Sechseck 1) · Points by colours · 1 colours",
                      "shape 3 (Sechseck 2) · Points by colours · 1 colours",
                      "shape 4 (Figur) · Points by colours · 1 colours"}, shapes
    stone = page.locator(".sweep-path >> nth=0 >> option[value='stones[0].count']").text_content()
    assert re.fullmatch(r"stone 1 \(\w+, \w+\) · How many", stone), stone  # its two colours


def test_the_values_hint_offers_ranges_for_whole_numbers_only(page: object) -> None:
    values = page.locator(".sweep-values").first
    page.locator(".sweep-path").first.select_option("game.hand_size")
    assert ".." in values.get_attribute("placeholder")
    page.locator(".sweep-path").first.select_option("board.stone_clearance_mm")  # a decimal: 0.4
    assert ".." not in values.get_attribute("placeholder") and "0." in values.get_attribute("placeholder")
    hint = page.locator("#sweep .hint").first.inner_text()
    assert "whole numbers" in hint and "decimal" in hint, hint


@pytest.mark.parametrize(("rows", "said"), [
    ([("game.hand_size", "1..300"), ("stones[0].count", "1..300"), ("stones[1].count", "1..300")],
     "27,000,000 variants (every combination of the values), more than the 10,000 a sweep runs: give fewer values"),
    ([("game.hand_size", "2,3"), ("game.hand_size", "4")],
     "Game · Hand size: picked in two fields; pick each field once"),
    ([("board.stone_clearance_mm", "0.1..0.5:0.1")],
     "Board · Stone clearance: '0.1..0.5:0.1' is a range; a decimal field takes a list such as 0.3,0.4,0.5 "
     "(ranges such as 1..4 are for whole numbers)"),
    ([("game.hand_size", "2.5,3")], "Game · Hand size: 2.5 is not a whole number like its value now, 3"),
    ([("game.hand_size", "4..2")],
     "Game · Hand size: '4..2': a range runs from low to high with a step of 1 or more"),
    ([("game.hand_size", "2;3")], "Game · Hand size: '2;3' is not a whole number like its value now, 3"),
    ([], "pick a field to vary and its values (Field 1 to Field 3)"),
])
def test_a_sweep_refused_says_why_in_the_pages_words(page: object, rows: list[tuple[str, str]], said: str) -> None:
    for index, (field, values) in enumerate(rows):
        pick(page, index, field, values)
    assert refusal(page) == said


def test_a_refusal_clears_the_last_sweeps_results_and_an_invalid_variant_says_why(page: object) -> None:
    page.select_option("#check-players", "2")
    page.fill("#sweep-games", "4")
    pick(page, 0, "game.hand_size", "0,3")
    page.click("#sweep-run")
    rows = page.locator("#sweep-table tr")
    page.wait_for_function("document.querySelectorAll('#sweep-table tr').length === 3", timeout=SWEEP_SECONDS)
    invalid = rows.nth(1).locator("td")
    assert invalid.nth(2).inner_text() == "invalid (Game · Hand size: must be between 1 and 10)"
    assert invalid.nth(3).inner_text() == "none"  # not played
    pick(page, 1, "game.hand_size", "4")
    assert refusal(page) == "Game · Hand size: picked in two fields; pick each field once"
    assert rows.count() == 0  # the results above belonged to the sweep before
