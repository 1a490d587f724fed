"""The studio's editor in a real headless Chromium (Debian's chromium, driven by Playwright), through
the page only: no lost edit, the designer's words, and a layout that works at 400 px."""

from __future__ import annotations

import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browserhelp import NO_BROWSER, wait_open
from studiohelp import open_spec, rautino_copy, running_studio, shot

playwright = pytest.importorskip("playwright.sync_api", reason=NO_BROWSER)

pytestmark = pytest.mark.browser
@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    workspace = tmp_path_factory.mktemp("workspace")
    with running_studio(workspace, "rautino", "zatre", "triomino") as base:
        yield base, workspace


@pytest.fixture
def context(browser: playwright.Browser) -> Iterator[playwright.BrowserContext]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(30_000)
    yield context
    context.close()


@pytest.fixture
def fresh(studio: tuple[str, Path]) -> Iterator[tuple[str, Path]]:
    """The Rautino copy as `pnp init` made it, again for each test."""
    with rautino_copy(studio) as copy:
        yield copy


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


def stone_rows(page: playwright.Page) -> int:
    return page.locator('.rows[data-path="stones"] > .rowbox').count()


def test_remove_clicked_three_times_removes_its_row_once(context: playwright.BrowserContext,
                                                          fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    page = context.new_page()
    open_spec(page, base)
    page.evaluate("() => { const b = document.querySelector('[aria-label=\"remove stone 15\"]');"
                  " b.click(); b.click(); b.click(); }")
    page.wait_for_function("document.querySelectorAll('.rows[data-path=\"stones\"] > .rowbox').length === 14")
    saved(page)
    time.sleep(0.5)  # a second removal, were one sent, would be under way by now
    assert stone_rows(page) == 14 and len(tomllib.loads(spec.read_text(encoding="utf-8"))["stones"]) == 14
    assert page.locator("#save-state").text_content() == "saved"


def test_a_refused_row_edit_is_said_beside_the_rows_and_the_spec_stays_saved(context: playwright.BrowserContext,
                                                                            fresh: tuple[str, Path]) -> None:
    """Two rows removed quicker than the page redraws: the second click's row is gone by its turn."""
    base, spec = fresh
    page = context.new_page()
    open_spec(page, base)
    refusals: list[int] = []
    page.on("response", lambda r: refusals.append(r.status) if r.url.endswith("/api/spec/edit") and r.status >= 400
            else None)
    last = page.get_by_role("button", name="remove stone 15", exact=True)
    last.scroll_into_view_if_needed()
    page.evaluate("() => { document.querySelector('[aria-label=\"remove stone 14\"]').click();"
                  " document.querySelector('[aria-label=\"remove stone 15\"]').click(); }")
    note = page.locator('.rows[data-path="stones"] .row-refusal')
    note.wait_for()
    assert note.text_content() == "Not removed: there is no stone 15 now (14 stones)."
    assert note.get_attribute("role") == "alert" and refusals == [400]
    box, view = note.bounding_box(), page.viewport_size
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"]  # where the person clicked, in sight
    saved(page)
    assert stone_rows(page) == 14 and len(tomllib.loads(spec.read_text(encoding="utf-8"))["stones"]) == 14
    assert page.locator("#spec-error").is_hidden()  # the spec itself is as valid as before
    page.get_by_role("button", name="remove stone 14", exact=True).click()  # the next edit clears the note
    page.wait_for_function("document.querySelectorAll('.rows[data-path=\"stones\"] > .rowbox').length === 13")
    assert note.count() == 0


def test_edits_quicker_than_the_disk_are_all_saved(context: playwright.BrowserContext,
                                                   fresh: tuple[str, Path]) -> None:
    """A slow disk: each save answers late, and the next edit comes while one is on its way."""
    base, spec = fresh
    page = context.new_page()
    page.add_init_script("""
      const send = window.fetch.bind(window);
      window.fetch = async (path, options) => {
        const answer = await send(path, options);
        if (String(path).endsWith("/api/spec/save")) await new Promise((done) => setTimeout(done, 700));
        return answer;
      };""")
    open_spec(page, base)
    page.get_by_role("button", name="remove stone 5", exact=True).click()
    page.wait_for_function("document.querySelectorAll('.rows[data-path=\"stones\"] > .rowbox').length === 14")
    page.get_by_role("button", name="add stone", exact=True).click()
    page.wait_for_function("document.querySelectorAll('.rows[data-path=\"stones\"] > .rowbox').length === 15")
    set_field(page, "game.hand_size", "4")
    eventually(lambda: hand_size(spec) == 4)
    stones = tomllib.loads(spec.read_text(encoding="utf-8"))["stones"]
    assert len(stones) == 15 and stones[-1] == {"colours": ["red", "yellow"], "count": 1}
    saved(page)
    assert page.locator("#conflict").is_hidden()


def test_edits_still_waiting_their_turn_are_made_after_a_reload(context: playwright.BrowserContext,
                                                                fresh: tuple[str, Path]) -> None:
    """A reload while a slow save is on its way and later edits wait their turn: the page comes back and
    makes them, so the file has every edit."""
    base, spec = fresh
    page = context.new_page()
    page.add_init_script("""
      const send = window.fetch.bind(window);
      window.fetch = async (path, options) => {
        const answer = await send(path, options);
        if (String(path).endsWith("/api/spec/save")) await new Promise((done) => setTimeout(done, 1500));
        return answer;
      };""")
    open_spec(page, base)
    page.get_by_role("button", name="remove stone 5", exact=True).click()
    page.wait_for_function("document.querySelectorAll('.rows[data-path=\"stones\"] > .rowbox').length === 14")
    page.get_by_role("button", name="add stone", exact=True).click()
    set_field(page, "game.hand_size", "4")
    page.on("dialog", lambda dialog: dialog.accept())
    page.reload()
    wait_open(page)
    eventually(lambda: hand_size(spec) == 4)
    stones = tomllib.loads(spec.read_text(encoding="utf-8"))["stones"]
    assert len(stones) == 15 and stones[-1] == {"colours": ["red", "yellow"], "count": 1}
    saved(page)


def test_a_value_typed_just_before_a_reload_is_made_after_it(context: playwright.BrowserContext,
                                                              fresh: tuple[str, Path]) -> None:
    """Typed and not yet sent (the pause before it goes has not passed), the value survives the reload the
    person confirms: the page keeps it as it goes and makes it when the spec opens again."""
    base, spec = fresh
    page = context.new_page()
    open_spec(page, base)
    page.locator('.field[data-path="game.hand_size"] input').first.fill("4")  # no Tab: still being typed
    page.on("dialog", lambda dialog: dialog.accept())
    page.reload()
    wait_open(page)
    eventually(lambda: hand_size(spec) == 4)
    assert page.locator('.field[data-path="game.hand_size"] input').first.input_value() == "4"


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
    wait_open(page)
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


def test_a_second_tab_refused_keeps_its_edits_and_reloads(context: playwright.BrowserContext,
                                                          fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    first, second = context.new_page(), context.new_page()
    open_spec(first, base)
    open_spec(second, base)
    set_field(first, "game.hand_size", "4")
    eventually(lambda: hand_size(spec) == 4)
    set_field(second, "board.triangle_mm", "27")
    conflict = second.locator("#conflict")
    conflict.wait_for()
    assert "changed elsewhere" in conflict.text_content()
    assert "triangle_mm = 27" in second.locator("#conflict-edits").input_value()  # to copy
    assert hand_size(spec) == 4 and "triangle_mm = 27" not in spec.read_text(encoding="utf-8")
    second.get_by_role("button", name="Reload the file").click()
    second.wait_for_function("document.querySelector('.field[data-path=\"game.hand_size\"] input').value === '4'")
    assert second.locator("#conflict-edits").input_value().count("triangle_mm = 27") == 1  # still there
    second.get_by_role("button", name="Apply my edits to it").click()
    eventually(lambda: "triangle_mm = 27" in spec.read_text(encoding="utf-8"))
    assert hand_size(spec) == 4  # the other tab's edit stays: only this tab's edits are made again


def test_a_second_tab_applies_its_edits_on_top_of_the_file_changed_elsewhere(context: playwright.BrowserContext,
                                                                             fresh: tuple[str, Path]) -> None:
    """Two tabs edit the same spec: the one refused (the file changed) applies its edits straight from the
    notice, to the file as the other tab saved it; both tabs' edits end up in the file."""
    base, spec = fresh
    first, second = context.new_page(), context.new_page()
    open_spec(first, base)
    open_spec(second, base)
    set_field(first, "game.hand_size", "4")
    eventually(lambda: hand_size(spec) == 4)
    set_field(second, "board.triangle_mm", "27")
    set_field(second, "game.title", "Rautino 2")  # a second edit, also refused
    conflict = second.locator("#conflict")
    second.wait_for_function("document.querySelector('#conflict-edits').value.includes('Rautino 2')")
    box = conflict.bounding_box()
    assert box is not None and 0 <= box["y"] < 900  # brought into sight, though the form was scrolled down
    second.route("**/api/spec/reapply", lambda route: route.abort())  # the studio does not answer, once
    second.get_by_role("button", name="Apply my edits to it").click()
    second.wait_for_function("document.querySelector('#conflict-text').textContent"
                             ".startsWith('Your edits could not be applied: ')")
    assert "Rautino 2" in second.locator("#conflict-edits").input_value()  # still there, to apply or copy
    assert "Rautino 2" not in spec.read_text(encoding="utf-8")
    second.unroute("**/api/spec/reapply")
    second.get_by_role("button", name="Apply my edits to it").click()
    second.wait_for_function("document.querySelector('#undo-note').textContent"
                             " === 'your edits applied to the file as it is now'")
    saved(second)
    data = tomllib.loads(spec.read_text(encoding="utf-8"))
    assert (data["game"]["hand_size"], data["board"]["triangle_mm"], data["game"]["title"]) == (4, 27, "Rautino 2")
    assert conflict.is_hidden()
    assert second.locator('.field[data-path="game.hand_size"] input').input_value() == "4"
    second.click("#undo")  # back to the file as the other tab saved it
    eventually(lambda: "triangle_mm = 27" not in spec.read_text(encoding="utf-8"))
    assert hand_size(spec) == 4


def test_a_refused_value_is_told_in_words_beside_its_field(context: playwright.BrowserContext,
                                                          fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    before = spec.read_bytes()
    page = context.new_page()
    page.set_viewport_size({"width": 1400, "height": 500})
    open_spec(page, base)
    page.locator("#design").evaluate("node => node.scrollTo(0, node.scrollHeight)")
    hand = page.locator('.field[data-path="game.hand_size"] input')
    hand.evaluate("node => { node.value = '3.5'; node.dispatchEvent(new Event('change')); }")
    message = page.locator('.field[data-path="game.hand_size"] .msg')
    message.wait_for()
    assert message.text_content() == "Hand size: must be a whole number like 3, not 3.5 (1 to 10)"
    assert hand.input_value() == "3.5"  # what was typed stays
    assert hand.get_attribute("aria-invalid") == "true"
    box = message.bounding_box()
    assert box is not None and 0 <= box["y"] <= 500  # scrolled into view
    assert spec.read_bytes() == before
    # A TOML error names what is wrong above the text; nothing says "the field marked".
    page.click("#show-toml")
    page.locator("#toml").fill(spec.read_text(encoding="utf-8").replace("hand_size = 3", "hand_size = 0"))
    page.locator("#spec-error").wait_for()
    page.wait_for_function("document.querySelector('#spec-error').textContent.includes('hand_size')")
    assert spec.read_bytes() == before


def test_a_refused_value_is_said_once_and_the_banner_leads_to_its_field(context: playwright.BrowserContext,
                                                                        fresh: tuple[str, Path]) -> None:
    """The reason stands at the field; the banner above the form says that a field needs fixing and
    leads there, without the reason again."""
    base, _ = fresh
    page = context.new_page()
    open_spec(page, base)
    set_field(page, "game.hand_size", "99")
    page.locator('.field[data-path="game.hand_size"] .msg').wait_for()
    reason = page.locator('.field[data-path="game.hand_size"] .msg').text_content().split(": ", 1)[1]
    assert page.evaluate("document.body.innerText").count(reason) == 1, reason
    banner = page.locator("#spec-error")
    assert banner.is_visible() and banner.get_attribute("role") == "alert"
    assert banner.text_content() == "1 field needs fixing: Hand size"
    page.locator("#design").evaluate("node => node.scrollTo(0, node.scrollHeight)")  # scrolled away from it
    banner.get_by_role("link", name="Hand size").click()
    assert page.evaluate("document.activeElement.closest('.field').dataset.path") == "game.hand_size"
    # The TOML view has no field to point at: the banner there says the whole message.
    page.click("#show-toml")
    assert reason in banner.text_content() and banner.is_visible()
    page.click("#show-form")
    assert banner.text_content() == "1 field needs fixing: Hand size"


def test_restore_an_older_version_and_compare_two(context: playwright.BrowserContext,
                                                  fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    original = spec.read_text(encoding="utf-8")
    page = context.new_page()
    open_spec(page, base)
    set_field(page, "game.hand_size", "4")
    eventually(lambda: hand_size(spec) == 4)
    saved(page)
    set_field(page, "game.hand_size", "5")
    eventually(lambda: hand_size(spec) == 5)
    saved(page)
    page.click("#show-history")
    page.get_by_role("button", name="restore version 1", exact=True).wait_for()
    versions = page.locator("#history-list li")
    count = versions.count()
    assert count >= 3 and "(current)" in versions.nth(count - 1).text_content()
    # Compare the version before the first save with the newest: the hand size differs.
    page.select_option("#compare-a", label="version 1")
    page.click("#compare-run")
    row = page.locator("#compare-result tbody tr")
    row.first.wait_for()
    assert row.count() == 1
    assert [c.text_content() for c in row.first.locator("th, td").all()] == ["Hand size (game.hand_size)", "3", "5"]
    page.get_by_role("button", name="restore version 1", exact=True).click()
    eventually(lambda: spec.read_text(encoding="utf-8") == original)
    page.wait_for_function("document.querySelector('.field[data-path=\"game.hand_size\"] input').value === '3'")
    page.wait_for_function(f"document.querySelectorAll('#history-list li').length === {count + 1}")
    assert (spec.parent.parent / ".pnp-history" / "set-rautino" / "rautino.toml" / "0001.toml").read_text(
        encoding="utf-8") == original


def test_the_form_speaks_the_designers_words(context: playwright.BrowserContext, fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    page = context.new_page()
    open_spec(page, base)
    assert page.locator('.field[data-path="game.hand_size"] label').text_content() == "Hand size"
    assert page.locator('.field[data-path="game.hand_size"] .unit').text_content() == "stones"
    assert page.locator('.field[data-path="game.hand_size"] .help').text_content() == "stones each player holds"
    # A fixed choice is a dropdown of the loader's choices.
    symbol = page.get_by_label("Symbol, colour 2", exact=True)
    assert symbol.locator("option").all_text_contents()[:3] == ["circle", "square", "triangle"]
    symbol.select_option("heart")
    eventually(lambda: tomllib.loads(spec.read_text(encoding="utf-8"))["colours"][1]["symbol"] == "heart")
    # A stone row shows the chips of its colours and picks them by name.
    stone = page.get_by_role("group", name="stone 5", exact=True)
    chips = stone.locator(".rowtitle .chip")
    assert [c.get_attribute("title") for c in chips.all()] == ["red", "yellow"]
    stone.get_by_label("Colours of its two triangles, stone 5: triangle 2").select_option("joker")
    eventually(lambda: tomllib.loads(spec.read_text(encoding="utf-8"))["stones"][4]["colours"] == ["red", "joker"])
    page.wait_for_function("[...document.querySelectorAll('[aria-label=\"stone 5\"] .rowtitle .chip')]"
                           ".map(c => c.title).join() === 'red,joker'")
    page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
    shot(page, "stones", scroll_to='[aria-label="colour 4"]')
    # Shape cells are clicked on the triangle grid: one more triangle next to the big triangle.
    grid = page.get_by_role("group", name="Cells, shape 1: click triangles to add or remove them")
    grid.locator('[data-cell="1,0"]').click()
    eventually(lambda: tomllib.loads(spec.read_text(encoding="utf-8"))["shapes"][0]["cells"]
               == [[0, 0], [1, 0], [-1, 1], [0, 1], [1, 1]])
    page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
    shot(page, "shapes", scroll_to='[data-path="shapes"]')
    # A new stone row is valid at once: a kind the set lacks, saved.
    page.get_by_role("button", name="remove stone 5", exact=True).click()
    page.wait_for_function("document.querySelectorAll('.rows[data-path=\"stones\"] > .rowbox').length === 14")
    page.get_by_role("button", name="add stone", exact=True).click()
    page.wait_for_function("document.querySelectorAll('.rows[data-path=\"stones\"] > .rowbox').length === 15")
    eventually(lambda: tomllib.loads(spec.read_text(encoding="utf-8"))["stones"][-1]
               == {"colours": ["red", "yellow"], "count": 1})
    saved(page)
    # The kit language is the kit's: the form keeps the studio's English words.
    page.select_option("#lang", "de")
    page.wait_for_function("document.querySelector('#preview-state').textContent.includes('pages')")
    assert page.locator('.field[data-path="game.hand_size"] label').text_content() == "Hand size"


def test_at_400_px_one_column_and_every_view_by_keyboard(browser: playwright.Browser,
                                                         studio: tuple[str, Path]) -> None:
    base, _ = studio
    context = browser.new_context(viewport={"width": 400, "height": 800})
    context.set_default_timeout(30_000)
    page = context.new_page()
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    try:
        open_spec(page, base)
        shot(page, "narrow")
        wide = "document.documentElement.scrollWidth <= window.innerWidth"
        assert page.evaluate(wide)
        assert page.locator("#work").bounding_box()["width"] >= 360  # not a 60 px strip beside the form
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "skip"
        page.keyboard.press("Enter")
        for name in ("Preview", "Check", "Replay", "Print"):
            focused = page.evaluate("[document.activeElement.getAttribute('role'), document.activeElement.textContent,"
                                    " document.activeElement.getAttribute('aria-selected')]")
            assert focused == ["tab", name, "true"]
            panel = page.locator(f"#tab-{name.lower()}")
            assert panel.is_visible() and panel.get_attribute("role") == "tabpanel"
            assert page.evaluate(wide), name
            if name == "Check":  # the panel's controls come next in the tab order
                page.keyboard.press("Tab")
                assert page.evaluate("document.activeElement.id") == "check-games"
                page.keyboard.press("Shift+Tab")
            if name == "Print":
                page.keyboard.press("Tab")
                assert page.evaluate("document.activeElement.id") == "download-pdf"
                break
            page.keyboard.press("ArrowRight")
        # The header keeps clear of the content whatever the status says.
        page.evaluate("document.querySelector('#save-state').textContent = 'not saved: ' + 'a long reason '.repeat(12)")
        header, design = page.locator("header").bounding_box(), page.locator("#design").bounding_box()
        assert header["y"] + header["height"] <= design["y"] + 1
        assert page.evaluate(wide)
        assert missing == []  # the favicon included
    finally:
        context.close()


def test_the_checks_of_two_versions_side_by_side(context: playwright.BrowserContext,
                                                 fresh: tuple[str, Path]) -> None:
    base, spec = fresh
    page = context.new_page()
    open_spec(page, base)
    set_field(page, "check.min_placed_share", "0.99")  # a threshold one version cannot meet
    eventually(lambda: "min_placed_share = 0.99" in spec.read_text(encoding="utf-8"))
    saved(page)
    page.click("#show-history")
    page.locator("#compare-row").wait_for()
    page.select_option("#compare-a", label="version 1")
    page.click("#tabbtn-check")
    page.fill("#check-games", "20")
    page.click("#compare-check")
    table = page.locator("#compare-checks table")
    table.wait_for(timeout=180_000)
    cells = table.locator("tbody td")
    assert cells.count() == 2
    first, second = (cells.nth(i).locator(".verdict").text_content() for i in range(2))
    assert first in ("PLAYABLE", "UNDECIDED", "NOT PLAYABLE") and second == "NOT PLAYABLE"
    assert "min_placed_share" in cells.nth(1).text_content()  # the failing threshold named
    page.click("#compare-run")
    page.locator("#compare-result table").wait_for()
    page.click("#tabbtn-preview")
    shot(page, "versions")


def test_save_as_then_edit_and_reload_keeps_the_edit(context: playwright.BrowserContext,
                                                      studio: tuple[str, Path]) -> None:
    base, workspace = studio
    page = context.new_page()
    open_spec(page, base, "shipped:zatre")
    page.on("dialog", lambda dialog: dialog.accept("my-zatre"))  # the folder the copy goes to
    page.click("#save-as")
    wait_open(page, "workspace:zatre:my-zatre/zatre.toml")
    copy = workspace / "my-zatre" / "zatre.toml"
    set_field(page, "sheet.rows", "30")
    eventually(lambda: tomllib.loads(copy.read_text(encoding="utf-8"))["sheet"]["rows"] == 30)
    saved(page)
    page.reload()
    wait_open(page)
    assert page.locator("#spec").input_value() == "workspace:zatre:my-zatre/zatre.toml"
    assert page.locator('.field[data-path="sheet.rows"] input').input_value() == "30"
    # Zatre's board layout is edited as lines of text, one per board row.
    layout = page.locator('.field[data-path="board.layout"] textarea')
    assert layout.input_value().split("\n")[0] == "####..D#D..####"
