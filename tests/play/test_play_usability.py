"""The play page as a person meets it, in a real headless Chromium (Debian's chromium, driven by
Playwright): the board by keyboard (one Tab stop, arrows by direction, places with names, focus after a
move), a phone's taps (the first shows the piece, the second lays it), messages that neither stay stale
nor push the hand away, whose turn it is said one way, and a bad seed refused before anything ends."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserhelp import free_port, pnp_server, served
from browserhelp import open_table as open_game
from browserhelp import table_ready as ready
from zatre_helpers import small_spec

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("play-usability")]
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 400, "height": 800}
CENTRES = """() => play.targets.map((el) => { const b = el.getBoundingClientRect();
                                       return [el.dataset.place, b.x + b.width / 2, b.y + b.height / 2]; })"""


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("workspace")
    small_spec(folder)
    return folder


@pytest.fixture(scope="module")
def studio(workspace: Path) -> Iterator[str]:
    with pnp_server(["play", "rautino", "--seed", "3"], workspace, "/play?game=rautino") as base:
        yield base


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport=LAPTOP)
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    yield tab
    context.close()


def open_board(page: object, base: str, game: str) -> None:
    """A game whose next piece has places to choose from: Zatre's first tile goes on the start field only,
    so it is laid first, and the second tile of the turn has the fields around it."""
    open_game(page, base, "seats=human,greedy&seed=3" + ("&spec=zatre.toml" if game == "zatre" else ""), game)
    if game == "zatre":
        pick_a_piece_with_hints(page)
        page.locator("#places-layer .place.hint").first.dispatch_event("click")
        page.wait_for_function("play.state.hand.length > 0 && play.state.version >= 1")
        ready(page)


def pick_a_piece_with_hints(page: object, least: int = 1) -> int:
    """Select pieces of the hand (turned as they come) until one shows at least `least` hints; their count."""
    pieces = page.locator("#hand button.piece")
    for index in range(pieces.count()):
        pieces.nth(index).click()
        for _ in range(page.evaluate("play.state.turns")):
            ready(page)
            count = page.locator("#places-layer .place.hint").count()
            if count >= least:
                return count
            if page.locator("#turn-piece").is_hidden():
                break
            page.click("#turn-piece")
    raise AssertionError(f"no piece of the hand shows {least} hints")


def focused(page: object) -> dict:
    return page.evaluate("""(() => { const e = document.activeElement;
        return { tag: e.tagName.toLowerCase(), place: e.dataset ? e.dataset.place : undefined,
                 inBoard: Boolean(e.closest('#board')), name: e.getAttribute('aria-label'),
                 hidden: Boolean(e.closest('[aria-hidden="true"]')) }; })()""")


# --- the board by keyboard ----------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["rautino", "zatre"])
def test_the_board_is_one_tab_stop_of_named_places_and_tab_goes_on_past_it(page: object, studio: str,
                                                                           game: str) -> None:
    open_board(page, studio, game)
    pick_a_piece_with_hints(page, 2)
    assert page.locator("#places-layer [tabindex='0']").count() == 1  # one place takes Tab
    page.locator("#end-game").focus()
    stops = []
    for _ in range(40):  # Tab on until the page's end (the summary of the legend or the next tab stop outside)
        page.keyboard.press("Tab")
        now = focused(page)
        stops.append(now)
        if stops and not now["inBoard"] and any(stop["inBoard"] for stop in stops):
            break
    board = [stop for stop in stops if stop["inBoard"]]
    assert len(board) == 1, stops  # one Tab into the board, the next one past it
    assert not board[0]["hidden"] and board[0]["name"].startswith("place ") and ", free" in board[0]["name"]
    names = page.locator("#places-layer [role='button']").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    assert names and all(name and ", free" in name for name in names)
    assert page.locator("#places-layer [aria-hidden='true'][tabindex]").count() == 0
    hidden_focusable = page.evaluate("""[...document.querySelectorAll('#places-layer [aria-hidden="true"]')]
        .filter((el) => { el.focus(); return document.activeElement === el; }).length""")
    assert hidden_focusable == 0  # a shape a screen reader does not hear is no stop for the keyboard


@pytest.mark.parametrize("game", ["rautino", "zatre"])
def test_arrow_keys_move_to_the_nearest_place_in_their_direction(page: object, studio: str, game: str) -> None:
    open_board(page, studio, game)
    pick_a_piece_with_hints(page, 3)
    centres = {place: (x, y) for place, x, y in page.evaluate(CENTRES)}
    directions = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}
    moved = 0
    for start in list(centres)[:6]:
        for key, (dx, dy) in directions.items():
            page.locator(f"#places-layer [data-place='{start}']").focus()
            page.keyboard.press(key)
            now = focused(page)["place"]
            x, y = centres[start]
            ahead = {p: (cx - x) * dx + (cy - y) * dy for p, (cx, cy) in centres.items() if p != start}
            if all(value < 1 for value in ahead.values()):
                assert now == start, (start, key)  # nothing that way: the focus stays
                continue
            assert now != start and ahead[now] >= 1, (start, key, now)  # it went the way pressed
            moved += 1
    assert moved >= 4


def test_enter_lays_the_piece_and_the_focus_goes_to_the_hand(page: object, studio: str) -> None:
    open_game(page, studio, "seats=human,greedy&seed=3")
    pick_a_piece_with_hints(page)
    page.locator("#places-layer [tabindex='0']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("play.state.version >= 1")
    ready(page)
    now = focused(page)
    assert now["tag"] == "button" and page.evaluate("document.activeElement.closest('#hand') !== null"), now
    page.keyboard.press("Enter")  # and the keyboard goes on: that stone selected, its places shown
    ready(page)
    assert page.evaluate("play.selected") is not None and page.locator("#places-layer [tabindex='0']").count() == 1


# --- a phone's taps -----------------------------------------------------------------------------------

def tap_place(page: object, place: str) -> None:
    x, y = page.evaluate(f"""(() => {{ const b = document.querySelector("#places-layer [data-place='{place}']")
                                 .getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; }})()""")
    page.touchscreen.tap(x, y)


def reachable_hints(page: object) -> list[str]:
    """The hints whose own middle a finger hits (neighbours overlap)."""
    return page.evaluate("""[...document.querySelectorAll('#places-layer .place.hint')].filter((el) => {
        const b = el.getBoundingClientRect();
        return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2) === el; })
        .map((el) => el.dataset.place)""")


def test_a_tap_shows_the_stone_on_the_place_and_a_second_tap_there_lays_it(browser: object, studio: str) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        open_game(page, studio, "seats=human,greedy&seed=3")
        pieces = page.locator("#hand button.piece")
        for index in range(pieces.count()):
            pieces.nth(index).tap()
            ready(page)
            if len(reachable_hints(page)) >= 2:
                break
        first, second = reachable_hints(page)[:2]
        tap_place(page, first)
        ready(page)
        assert page.evaluate("play.state.version") == 0  # nothing laid yet
        assert page.evaluate("play.previewed") == int(first)
        assert page.locator("#places-layer .ghost polygon").count() == 2  # the stone shown there, in its colours
        assert "tap again" in page.locator("#message-text").inner_text()
        tap_place(page, second)  # another place: the preview moves there
        assert page.evaluate("play.previewed") == int(second) and page.evaluate("play.state.version") == 0
        tap_place(page, second)
        page.wait_for_function("play.state.version >= 1")
        ready(page)
        placed = page.evaluate("fetch(`/api/play/${play.state.id}?since=-1`).then((r) => r.json())"
                               ".then((s) => s.steps.find((step) => step.seat === 0))")
        assert placed is not None and page.evaluate("play.mine !== null")
    finally:
        context.close()


# --- messages -----------------------------------------------------------------------------------------

def test_a_refusal_does_not_move_the_hand_and_the_number_stays_off_the_stone(page: object, studio: str) -> None:
    open_game(page, studio, "seats=human,greedy&seed=3")
    pick_a_piece_with_hints(page)
    before = [page.locator(sel).bounding_box()["y"] for sel in ("#hand", "#actions")]
    page.locator("#places-layer .place:not(.hint)").first.dispatch_event("click")
    page.wait_for_function("document.querySelector('#message').className === 'refusal'")
    after = [page.locator(sel).bounding_box()["y"] for sel in ("#hand", "#actions")]
    assert after == before  # the message's room was kept for it
    hint = page.locator("#places-layer .place.hint").first
    hint.focus()
    number = page.locator("#places-layer .place-number").bounding_box()
    ghost = page.locator("#places-layer .ghost").bounding_box()
    overlap_x = min(number["x"] + number["width"], ghost["x"] + ghost["width"]) - max(number["x"], ghost["x"])
    overlap_y = min(number["y"] + number["height"], ghost["y"] + ghost["height"]) - max(number["y"], ghost["y"])
    assert overlap_x <= 0 or overlap_y <= 0.5, (number, ghost)


def test_a_message_of_this_tab_goes_when_a_move_made_in_another_tab_is_shown(browser: object, studio: str) -> None:
    context = browser.new_context(viewport=LAPTOP)
    first = context.new_page()
    try:
        open_game(first, studio, "seats=human,greedy&seed=3")
        pick_a_piece_with_hints(first)
        first.locator("#places-layer .place.hint").first.dispatch_event("click")
        first.wait_for_function("play.state.version >= 1")
        ready(first)
        first.click("#undo")
        first.wait_for_function("document.querySelector('#message-text').textContent.includes('taken back')")
        ready(first)
        second = context.new_page()
        second.goto(first.url)
        second.wait_for_selector("#board svg")
        ready(second)
        pick_a_piece_with_hints(second)
        second.locator("#places-layer .place.hint").first.dispatch_event("click")
        second.wait_for_function(f"play.state.version > {first.evaluate('play.state.version')}")
        ready(second)
        version = second.evaluate("play.state.version")
        first.bring_to_front()
        first.wait_for_function(f"play.state.version === {version}", timeout=20_000)
        ready(first)
        assert first.locator("#message-text").inner_text() == ""
    finally:
        context.close()


def test_continue_after_the_studio_started_again_clears_the_banner(browser: object, workspace: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "pnp", "play", "rautino", "--workspace", str(workspace), "--port", str(port),
               "--no-browser"]
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    try:
        with served(command, port, "/play?game=rautino") as address:
            open_game(page, address, "seats=human,greedy&seed=4")
            pick_a_piece_with_hints(page)
            page.locator("#places-layer .place.hint").first.dispatch_event("click")
            page.wait_for_function("play.state.version >= 1")
            ready(page)
        page.wait_for_function("document.querySelector('#message').className === 'stopped'", timeout=20_000)
        with served(command, port, "/play?game=rautino"):
            page.wait_for_function("document.querySelector('#message-text').textContent"
                                   ".startsWith('The studio is running again')", timeout=20_000)
            page.get_by_role("button", name="Continue this game").click()
            page.wait_for_function("document.querySelector('#message-text').textContent === ''")
            ready(page)
            assert page.locator("#message-actions button").count() == 0
            assert page.evaluate("play.state.version") >= 1
    finally:
        context.close()


# --- whose turn -------------------------------------------------------------------------------------------

def test_whose_turn_is_said_and_marked_in_the_scores_the_same(page: object, studio: str) -> None:
    open_game(page, studio, "seats=human,greedy&seed=3")
    page.locator("#setup-fold > summary").click()
    page.select_option("#pace", label="fast")
    page.evaluate("""() => { window.seen = [];
        const note = () => { const rows = [...document.querySelectorAll('#scores tbody tr')];
          window.seen.push([document.querySelector('#turn').textContent,
                            rows.findIndex((row) => row.classList.contains('on-turn'))]); };
        const watch = new MutationObserver(note);
        watch.observe(document.querySelector('#turn'), { childList: true, characterData: true, subtree: true });
        watch.observe(document.querySelector('#scores'), { childList: true, subtree: true, attributes: true }); }""")
    pick_a_piece_with_hints(page)
    page.locator("#places-layer .place.hint").first.dispatch_event("click")
    page.wait_for_function("play.state.version >= 1")
    ready(page)
    seen = page.evaluate("window.seen")
    moving = [(text, row) for text, row in seen if text.endswith("is moving")]
    assert moving, seen
    for text, row in seen:
        if text.startswith("Player ") and not text.startswith("Game over"):
            assert row == int(text.split()[1]) - 1, (text, row, seen)


# --- the New game form --------------------------------------------------------------------------------

def test_a_bad_seed_is_refused_as_typed_before_the_game_on_the_table_ends(page: object, studio: str) -> None:
    open_game(page, studio, "seats=human,greedy&seed=3")
    pick_a_piece_with_hints(page)
    page.locator("#places-layer .place.hint").first.dispatch_event("click")
    page.wait_for_function("play.state.version >= 1")
    ready(page)
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    game_id = page.evaluate("play.state.id")
    page.locator("#setup-fold > summary").click()
    page.fill("#seed", "99999999999999999999")
    page.click("#start")
    page.wait_for_function("document.querySelector('#setup-message').textContent !== ''")
    assert asked == []  # no confirm: nothing is ended over a form that cannot start a game
    assert page.locator("#setup-message").inner_text() == (
        "seed: a whole number from 0 to 4294967295, not 99999999999999999999")
    state = page.evaluate(f"fetch('/api/play/{game_id}').then((r) => r.json())")
    assert not state["over"] and page.evaluate("play.state.id") == game_id
