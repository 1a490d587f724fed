"""Every studio screen scanned with axe-core in Debian's chromium: no serious or critical violation.

axe-core comes from npm into tests/axe/node_modules (`make test` installs it: `npm ci --prefix
tests/axe`); it is injected into the page by the test and never shipped with pnp.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browserhelp import NO_BROWSER, wait_open
from paths import TESTS
from studiohelp import running_studio

playwright = pytest.importorskip("playwright.sync_api", reason=NO_BROWSER)

AXE = TESTS / "axe" / "node_modules" / "axe-core" / "axe.min.js"
NO_AXE = "needs axe-core: npm ci --prefix tests/axe (make test does)"
pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not AXE.is_file(), reason=NO_AXE)]


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_studio(tmp_path_factory.mktemp("workspace"), "rautino", "zatre", "triomino") as base:
        yield base


def serious(page: playwright.Page) -> list[str]:
    """axe's serious and critical findings on the page as it is now, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ["violations"] });
        return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => `${v.impact} ${v.id}: ${v.help} at `
                        + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", "));
    }""")
    return list(found)


def opened(browser: playwright.Browser, base: str, spec: str, width: int) -> playwright.Page:
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{base}/?spec={spec}")
    wait_open(page)
    return page


@pytest.mark.parametrize("width", [1400, 400])
@pytest.mark.parametrize("spec", ["workspace:rautino:set-rautino/rautino.toml", "workspace:zatre:set-zatre/zatre.toml",
                                  "workspace:triomino:set-triomino/triomino.toml", "shipped:rautino"])
def test_the_form_and_preview(browser: playwright.Browser, studio: str, spec: str, width: int) -> None:
    page = opened(browser, studio, spec, width)
    try:
        assert serious(page) == []
        page.click("#show-toml")
        assert serious(page) == []
    finally:
        page.context.close()


def test_messages_versions_and_a_changed_file(browser: playwright.Browser, studio: str) -> None:
    spec = "workspace:rautino:set-rautino/rautino.toml"
    page = opened(browser, studio, spec, 1400)
    other = page.context.new_page()
    try:
        hand = page.locator('.field[data-path="game.hand_size"] input')
        hand.fill("99")
        hand.press("Tab")
        page.locator('.field[data-path="game.hand_size"] .msg').wait_for()
        assert serious(page) == []  # a refused value with its message
        hand.fill("4")
        hand.press("Tab")
        page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
        page.click("#show-history")
        page.locator("#history-list li").first.wait_for()
        page.click("#compare-run")
        page.locator("#compare-result").locator("table, p").first.wait_for()
        assert serious(page) == []  # saved versions and a comparison
        page.evaluate("() => { document.querySelector('[aria-label=\"remove stone 14\"]').click();"
                      " document.querySelector('[aria-label=\"remove stone 15\"]').click(); }")
        page.locator(".row-refusal").wait_for()
        assert serious(page) == []  # a row change refused, said under the rows
        page.get_by_role("button", name="Undo: bring back stone 14").click()
        page.wait_for_function("document.querySelectorAll('.rows[data-path=\"stones\"] > .rowbox').length === 15")
        page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
        other.goto(f"{studio}/?spec={spec}")
        wait_open(other)
        hand.fill("5")
        hand.press("Tab")
        page.wait_for_function("document.querySelector('#save-state').textContent === 'saved'")
        other_hand = other.locator('.field[data-path="game.hand_size"] input')
        other_hand.fill("6")
        other_hand.press("Tab")
        other.locator("#conflict").wait_for()
        assert serious(other) == []  # the file changed elsewhere
    finally:
        page.context.close()


@pytest.mark.parametrize("width", [1400, 400])
def test_check_replay_and_print(browser: playwright.Browser, studio: str, width: int) -> None:
    page = opened(browser, studio, "shipped:zatre", width)
    try:
        page.click("#tabbtn-check")
        assert serious(page) == []
        page.click("#sweep summary")
        for row in (0, 1):  # a sweep refused in the form's words
            page.locator(".sweep-path").nth(row).select_option(index=1)
            page.locator(".sweep-values").nth(row).fill("2,3")
        page.click("#sweep-run")
        page.wait_for_function("document.querySelector('#sweep-state').textContent.includes('pick each field once')")
        assert serious(page) == []
        page.fill("#check-games", "20")
        page.click("#check-run")
        page.locator("#verdict").wait_for(timeout=180_000)
        assert serious(page) == []
        page.click("#tabbtn-replay")
        page.wait_for_function("document.querySelector('#replay-position').textContent.startsWith('step 0 of')")
        page.click("#replay-forward")
        assert serious(page) == []
        page.click("#tabbtn-print")
        assert serious(page) == []
    finally:
        page.context.close()


PLAY_AND_LEAVE = """async () => {
    const post = (path, body) => fetch(path, { method: "POST", headers: { "content-type": "application/json" },
                                               body: JSON.stringify(body) }).then((r) => r.json());
    const state = await post("/api/play/new", { game: "rautino", seats: "human,greedy", seed: 4 });
    for (const [piece] of state.hand.entries()) {
        const hints = await fetch(`/api/play/${state.id}/hints?piece=${piece}&turned=0`).then((r) => r.json());
        if (hints.places.length) {
            await post(`/api/play/${state.id}/move`, { version: state.version, piece, turned: false,
                                                        place: hints.places[0] });
            break;
        }
    }
    return (await post(`/api/play/${state.id}/end`, {})).saved;
}"""


@pytest.mark.parametrize("width", [1400, 400])
def test_replay_of_played_games(browser: playwright.Browser, studio: str, width: int) -> None:
    page = opened(browser, studio, "shipped:rautino", width)
    try:
        assert page.evaluate(PLAY_AND_LEAVE)
        page.click("#tabbtn-replay")
        page.wait_for_function("document.querySelector('#replay-position').textContent.startsWith('step 0 of')")
        assert "abandoned" in page.locator("#replay-pick").inner_text()
        page.click("#replay-forward")
        page.wait_for_function("document.querySelector('#replay-board').naturalWidth > 0")
        assert serious(page) == []
    finally:
        page.context.close()


@pytest.mark.parametrize("width", [1400, 400])
def test_the_play_table(browser: playwright.Browser, studio: str, width: int) -> None:
    """Each game's table: a piece picked with its places, a refusal, a choice, the end; and a stopped studio."""
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    page.set_default_timeout(60_000)
    ready = "['ready', 'over'].includes(document.body.dataset.state)"
    try:
        page.goto(f"{studio}/play?game=zatr&preset=nope")  # an address the table does not know
        page.wait_for_function("document.querySelector('#setup-message').textContent !== ''")
        assert serious(page) == []
        for game, query in [("rautino", "seats=human,greedy&seed=3"),
                            ("zatre", "seats=human,human&seed=2&profi=1"),
                            ("triomino", "seats=human,greedy&seed=17&preset=classic")]:
            page.goto(f"{studio}/play?game={game}&pace=0&{query}")
            page.wait_for_selector("#board svg")
            page.wait_for_function(ready)
            if page.locator("#reveal").is_visible():
                page.click("#reveal")
            assert serious(page) == [], game  # a choice offered (Triomino) or the hand
            if page.locator("#offer").is_visible():
                page.locator("#offer-options button").first.click()
                page.wait_for_function(ready)
            page.locator("#hand button.piece").first.click()
            page.wait_for_function(ready)
            page.locator("#places-layer .place").first.hover()  # a Rautino stone shown where it would go
            page.locator("#places-layer .place").last.dispatch_event("click")  # refused, or a move made
            page.wait_for_function(ready)
            assert serious(page) == [], game
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#end-game")
        page.wait_for_function("document.body.dataset.state === 'over'")
        assert serious(page) == []  # the end
        page.route("**/api/play/**", lambda route: route.abort())  # the studio does not answer
        page.evaluate("heartbeat()")
        page.wait_for_function("document.querySelector('#message').className === 'stopped'")
        assert serious(page) == []
    finally:
        page.context.close()
