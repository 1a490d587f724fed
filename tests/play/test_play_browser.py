"""Playing in a real headless Chromium (Debian's chromium, driven by Playwright): a whole game
against the computer through clicks only, hints or none, the keyboard, a narrow screen, and the
hot-seat cover."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserhelp import open_table as open_game
from browserhelp import pnp_server, wait_open
from browserhelp import table_ready as ready
from zatre_helpers import small_spec

from pnp import games as registry

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("play-browser")]
SCREENSHOTS = os.environ.get("PNP_PLAY_SCREENSHOTS")  # a folder: docs/screenshots.py writes the docs' pictures


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    workspace = tmp_path_factory.mktemp("workspace")
    small_spec(workspace)
    with pnp_server(["play", "rautino", "--seed", "3"], workspace, "/play?game=rautino") as base:
        yield base, workspace


@pytest.fixture
def page(browser: object, studio: tuple[str, Path]) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    yield tab
    context.close()


def select_a_fitting_piece(page: object) -> object:
    """Pick pieces and turn them until the page shows hints (clicks only); the hints' locator. A choice
    the rules offer first (Triomino's 0-0-0 opening) is answered with its first option."""
    if page.locator("#offer").is_visible():
        page.locator("#offer-options button").first.click()
        ready(page)
    pieces = page.locator("#hand button.piece")
    for index in range(pieces.count()):
        pieces.nth(index).click()
        for _ in range(page.evaluate("play.state.turns")):
            ready(page)
            hints = page.locator("#places-layer .place.hint")
            if hints.count():
                return hints
            if page.locator("#turn-piece").is_hidden():
                break  # a piece that cannot be turned
            page.click("#turn-piece")
    seen = page.evaluate("""async () => {
        const id = play.state.id;
        const server = await fetch(`/api/play/${id}`).then((r) => r.json());
        const fits = [];
        for (let piece = 0; piece < server.hand.length; piece += 1) {
          for (let turned = 0; turned < 3; turned += 1) {
            const hints = await fetch(`/api/play/${id}/hints?piece=${piece}&turned=${turned}`).then((r) => r.json());
            if (hints.places && hints.places.length) fits.push([piece, turned]);
          }
        }
        return JSON.stringify({page: play.state.version, server: server.version, hand: play.state.hand.length,
                               serverHand: server.hand.length, fits, message: $("message-text").textContent});
    }""")
    raise AssertionError(f"no piece of the hand fits, yet the page gave the person the turn: {seen}")


def click_a_legal_place(page: object) -> None:
    select_a_fitting_piece(page).first.click()


def test_a_whole_game_against_the_computer_by_clicks_ends_on_the_scores_pnp_replay_finds(
        page: object, studio: tuple[str, Path]) -> None:
    base, workspace = studio
    open_game(page, base, "seats=human,greedy&seed=3")
    moves = 0
    while ready(page) != "over":
        click_a_legal_place(page)
        moves += 1
        assert moves < 200
    shown = [int(s) for s in page.locator("#final-scores li").evaluate_all("items => items.map(i => i.dataset.score)")]
    assert page.locator("#final h2").inner_text() == "Final scores"
    saved = workspace / page.locator("#saved").get_attribute("data-path")
    out = io.StringIO()
    game = registry.get("rautino")
    assert game.replay(game.load(None), saved, out) == 0
    assert f"final scores {', '.join(map(str, shown))}" in out.getvalue()


def test_hints_show_the_engines_places_and_profi_shows_none(page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    open_game(page, base, "seats=human,greedy&seed=5")
    page.locator("#hand button.piece").first.click()
    ready(page)
    game_id = page.evaluate("play.state.id")
    shown = sorted(int(p) for p in page.locator("#places-layer .place.hint").evaluate_all(
        "els => els.map(e => e.dataset.place)"))
    expected = page.evaluate(f"fetch('/api/play/{game_id}/hints?piece=0&turned=0').then(r => r.json())")["places"]
    assert shown == sorted(expected)
    open_game(page, base, "seats=human,greedy&seed=5&profi=1")
    page.locator("#hand button.piece").first.click()
    ready(page)
    assert page.locator("#places-layer .place").count() > 0  # places to click, none marked
    assert page.locator("#places-layer .place.hint").count() == 0
    assert page.locator("#places-layer .place").first.evaluate("e => getComputedStyle(e).fill") == "rgba(0, 0, 0, 0)"


def test_keyboard_and_accessible_names(page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    open_game(page, base, "seats=human,greedy&seed=3")
    label = page.locator("#hand button.piece").first.get_attribute("aria-label")
    assert label.endswith(" stone") and "-" in label
    widths = page.locator("#hand img").evaluate_all("imgs => imgs.map(i => i.complete && i.naturalWidth)")
    assert widths and all(widths), widths  # each stone drawn by the kit's artwork
    page.locator("#hand button.piece").first.click()
    ready(page)
    if not page.locator("#places-layer .place.hint").count():
        page.keyboard.press("r")
        ready(page)
    first = page.locator("#places-layer .place.hint").first
    assert first.get_attribute("aria-label").startswith("place ")
    name = first.get_attribute("aria-label")
    assert page.get_by_role("button", name=name, exact=True).count() >= 1  # reachable by its name
    first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    page.wait_for_function("play.state.version === 1")
    ready(page)
    assert page.locator("#points").inner_text().startswith("+")
    assert page.locator("#board svg .last-stone").count() == 1  # the computer's answer, marked


def test_a_narrow_screen_and_the_hot_seat_cover(browser: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    context = browser.new_context(viewport={"width": 400, "height": 800}, has_touch=True)
    page = context.new_page()
    try:
        open_game(page, base, "seats=human,human&seed=3")
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
        assert page.locator("#hand button.piece").count() == 0  # player 1's stones hidden until confirmed
        assert page.locator("#scores tr").first.inner_text().startswith("Player 1 (person)")
        page.tap("#reveal")
        ready(page)
        page.locator("#hand button.piece").first.wait_for()
        click_a_legal_place(page)
        ready(page)
        assert page.locator("#cover").is_visible()
        assert page.locator("#reveal").inner_text() == "Player 2: show my stones"
        assert page.locator("#hand button.piece").count() == 0
        assert page.locator("#undo").is_disabled()
        # Zatre: the cover stays away while the same player lays the second tile of a turn
        open_game(page, base, "seats=human,human&seed=3&spec=zatre.toml", game="zatre")
        page.tap("#reveal")
        ready(page)
        click_a_legal_place(page)  # the first of the opening turn's tiles
        ready(page)
        assert page.evaluate("play.state.player") == 0 and page.locator("#cover").is_hidden()
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
        open_game(page, base, "seats=human,greedy&seed=3", game="triomino")
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
    finally:
        context.close()


# Hint markers whose centre lies on a tile of the board drawing.
HINTS_ON_TILES = """() => {
  const tiles = [...document.querySelectorAll('#board svg .tile')].map((t) => t.getBBox());
  const hints = [...document.querySelectorAll('#places-layer .place.hint')].map((h) => h.getBBox());
  if (!tiles.length || !hints.length) return -1;
  return hints.filter((h) => tiles.some((t) => h.x + h.width / 2 > t.x && h.x + h.width / 2 < t.x + t.width
    && h.y + h.height / 2 > t.y && h.y + h.height / 2 < t.y + t.height)).length;
}"""


def test_a_whole_zatre_game_by_clicks_fills_the_sheets_and_replays(page: object, studio: tuple[str, Path]) -> None:
    base, workspace = studio
    open_game(page, base, "seats=human,greedy&seed=2&spec=zatre.toml", game="zatre")
    assert page.locator("#turn-piece").is_hidden()
    assert page.locator("#hand button.piece").first.get_attribute("aria-label").startswith("tile of ")
    tiles = 0
    while ready(page) != "over":
        click_a_legal_place(page)
        tiles += 1
        if tiles == 5:
            ready(page)
            select_a_fitting_piece(page)
            assert page.evaluate(HINTS_ON_TILES) == 0  # hints are drawn on free fields, never on a tile
        assert tiles < 100
    assert page.locator(".sheet caption").all_inner_texts() == ["Score sheet of player 1", "Score sheet of player 2"]
    shown = [int(s) for s in page.locator("#final-scores li").evaluate_all("items => items.map(i => i.dataset.score)")]
    totals = [int(t) for t in page.locator(".sheet tfoot td:last-child").all_inner_texts()]
    assert totals == shown
    saved = workspace / page.locator("#saved").get_attribute("data-path")
    out = io.StringIO()
    game = registry.get("zatre")
    assert game.replay(game.load(workspace / "zatre.toml"), saved, out) == 0
    assert f"final scores {', '.join(map(str, shown))}" in out.getvalue()


@pytest.mark.parametrize("preset", ["seed", "classic"])
def test_a_whole_triomino_game_by_clicks_ends_on_the_scores_pnp_replay_finds(page: object, studio: tuple[str, Path],
                                                                            preset: str) -> None:
    base, workspace = studio
    open_game(page, base, f"seats=human,greedy&seed=1&preset={preset}", game="triomino")
    moves = 0
    while ready(page) != "over":
        click_a_legal_place(page)
        moves += 1
        assert moves < 300
    shown = [int(s) for s in page.locator("#final-scores li").evaluate_all("items => items.map(i => i.dataset.score)")]
    saved = workspace / page.locator("#saved").get_attribute("data-path")
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["preset"] == preset and (preset == "seed" or len(record["rounds"]) > 1)
    out = io.StringIO()
    game = registry.get("triomino")
    assert game.replay(game.load(None), saved, out) == 0
    assert f"final scores {', '.join(map(str, shown))}" in out.getvalue()


def test_the_studios_play_link_plays_the_spec_being_edited(page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    page.goto(f"{base}/?spec=workspace:zatre:zatre.toml")
    wait_open(page, "workspace:zatre:zatre.toml")
    page.click("#play-link")
    page.wait_for_selector("#board svg")
    ready(page)
    assert page.evaluate("[play.state.game, play.state.spec]") == ["zatre", "zatre.toml"]
    assert page.evaluate("play.state.pile") == 15  # the workspace's set of 18 tiles, 3 drawn to open


def test_computer_moves_show_whose_turn_it_is_at_the_pace_with_the_persons_controls_off(
        page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    page.goto(f"{base}/play?game=rautino&pace=1800&seats=human,greedy&seed=3")
    page.wait_for_selector("#board svg")
    ready(page)
    hints = select_a_fitting_piece(page)
    started = page.evaluate("Date.now()")
    hints.first.click()
    page.wait_for_function("document.querySelector('#turn').textContent.includes('is moving')")
    assert page.locator("#turn").inner_text() == "Player 2 (good) is moving"  # never "you to move" meanwhile
    page.wait_for_function("document.querySelector('#log li.mine')")
    assert page.locator("#turn-piece").is_disabled() and page.locator("#undo").is_disabled()
    pieces = page.locator("#hand button.piece")
    assert pieces.count() > 0 and all(pieces.nth(i).is_disabled() for i in range(pieces.count()))
    mine = page.locator("#log li.mine")
    assert mine.count() == 1 and "player 1 lays" in mine.inner_text()
    assert len(re.findall(r"\+\d+", mine.inner_text())) == 1, mine.inner_text()  # the points, said once
    ready(page)
    assert page.evaluate("Date.now()") - started >= 1500  # the answer waited for the chosen pace
    assert page.locator("#turn").inner_text() == "Player 1 (you) to move"
    assert "player 1 lays" in page.locator("#log li.mine").inner_text()  # the person's points stay in view
    latest = page.locator("#log li.latest")
    assert latest.count() == 1 and "player 2" in latest.inner_text()


def test_the_persons_last_move_stays_in_view_part_by_part_while_the_computer_moves(
        page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    open_game(page, base, "seats=human,greedy&seed=2&pace=0", game="triomino")
    select_a_fitting_piece(page).first.click()
    page.wait_for_function("document.querySelector('#points .mine')")
    ready(page)
    parts = page.evaluate("play.mine.score.filter(([p, v]) => p !== 'total' && v)"
                          ".map(([p, v]) => `${p}: ${typeof v === 'number' && v > 0 ? '+' : ''}${v}`)")
    shown = page.locator("#points .mine").inner_text()
    assert parts and all(part in shown for part in parts), (parts, shown)  # as the computer's move is shown


def test_a_persons_forced_draws_before_their_first_turn_are_told_with_the_tiles_and_a_signed_penalty(
        page: object, studio: tuple[str, Path]) -> None:
    """Hot-seat, classic: player 3 draws three tiles and passes inside the opening, before seeing the hand."""
    base, _ = studio
    open_game(page, base, "seats=human,greedy,human&seed=5&preset=classic&pace=0", game="triomino")
    ready(page)
    log = page.locator("#log").inner_text()
    assert re.search(r"-25 round 1, turn 2: player 3 draws 3 tiles \(\d-\d-\d, \d-\d-\d, \d-\d-\d\), none fits, "
                     r"and passes", log), log
    assert "penalty: -25" in page.locator("#points").inner_text()


def test_the_triomino_preview_draws_the_tiles_numbers_at_its_place_and_turn(page: object,
                                                                         studio: tuple[str, Path]) -> None:
    """Hints and the place under the pointer show the held tile's numbers where they would lie, turned as
    the server lays it: corner k of the place shows numbers[(turned + k) % 3]."""
    base, _ = studio
    open_game(page, base, "seats=human,greedy&seed=2", game="triomino")
    hints = select_a_fitting_piece(page)
    hints.first.hover()
    page.wait_for_selector("#places-layer .ghost .ghost-numbers text")
    numbers = page.evaluate("play.state.hand[play.selected].numbers")
    turned = page.evaluate("play.turned")
    shown = page.eval_on_selector_all("#places-layer .ghost .ghost-numbers text", "els => els.map(e => e.textContent)")
    assert shown == [str(numbers[(turned + k) % 3]) for k in range(3)], (shown, numbers, turned)
    per_hint = page.eval_on_selector_all("#places-layer .hint-numbers", "els => els.length")
    assert per_hint == hints.count()  # every hint shows the tile's numbers too


def test_the_points_and_the_log_show_nothing_before_anything_is_scored(page: object, studio: tuple[str, Path]) -> None:
    """A person who opens (here holding 0-0-0, so asked how): no empty points box or log heading before it."""
    base, _ = studio
    open_game(page, base, "seats=human,greedy&seed=4&preset=classic", game="triomino")
    assert page.evaluate("play.state.steps.length") == 0  # nothing laid or scored yet
    assert page.locator("#offer").is_visible()
    for empty in ("#points", ".log-title"):
        assert page.locator(empty).is_hidden(), empty  # no box and no heading with nothing in them
    assert page.locator("#points").get_attribute("role") == "status"  # the live region stays in the page
    page.locator("#offer-options button").first.click()
    ready(page)
    assert page.locator("#points").is_visible() and "player 1 opens with" in page.locator("#points").inner_text()
    assert page.locator(".log-title").is_visible()


@pytest.mark.parametrize("game", ["rautino", "zatre"])
def test_the_points_box_waits_for_the_first_points(page: object, studio: tuple[str, Path], game: str) -> None:
    """The board as the game began (Zatre's empty board, Rautino's start stone) is in the log, not in the box
    of the points just scored."""
    base, _ = studio
    open_game(page, base, "seats=human,greedy&seed=3" + ("&spec=zatre.toml" if game == "zatre" else ""), game)
    assert page.locator("#points").inner_text().strip() == "" and page.locator("#points").is_hidden()


@pytest.mark.parametrize("profi", [False, True])
@pytest.mark.parametrize("game", ["rautino", "zatre"])
def test_a_piece_put_where_it_does_not_fit_is_refused_with_the_rule(page: object, studio: tuple[str, Path],
                                                                    game: str, profi: bool) -> None:
    base, _ = studio
    spec = "&spec=zatre.toml" if game == "zatre" else ""
    open_game(page, base, f"seats=human,greedy&seed=3{spec}{'&profi=1' if profi else ''}", game=game)
    page.locator("#hand button.piece").first.click()
    ready(page)
    game_id, version = page.evaluate("[play.state.id, play.state.version]")
    fits = set(page.evaluate(f"fetch('/api/play/{game_id}/hints?piece=0&turned=0').then(r => r.json())")["places"]) \
        if not profi else set()
    opened = set(page.evaluate(f"fetch('/api/play/{game_id}/open').then(r => r.json())")["open"])
    clickable = {int(p) for p in page.locator("#places-layer .place").evaluate_all(
        "els => els.map(e => e.dataset.place)")}
    assert opened <= clickable and len(clickable) > len(opened)  # every free place takes a click
    wrong = next(p for p in sorted(clickable - opened - fits))
    page.locator(f"#places-layer .place[data-place='{wrong}']").dispatch_event("click")
    page.wait_for_function("document.querySelector('#message').textContent.length > 0")
    ready(page)
    message = page.locator("#message").inner_text()
    assert message and "\n" not in message and "is not" not in message, message  # the rule, in one line
    assert page.evaluate("play.state.version") == version


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_a_narrow_screen_shows_the_game_first_and_folds_the_settings_away(
        browser: object, studio: tuple[str, Path], game: str) -> None:
    base, _ = studio
    context = browser.new_context(viewport={"width": 400, "height": 800}, has_touch=True)
    page = context.new_page()
    try:
        open_game(page, base, "seats=human,greedy&seed=3" + ("&spec=zatre.toml" if game == "zatre" else ""), game)
        assert page.locator("#setup").is_hidden() and page.locator("#setup-fold summary").is_visible()
        top = {name: page.locator(name).bounding_box()["y"]
               for name in ("#turn", "#message", "#hand", "#board", "#scores", "#points")}
        assert top["#turn"] < top["#message"] < top["#hand"] < top["#board"] < top["#scores"] < top["#points"], top
        assert top["#turn"] < 120 and top["#board"] < 600, top  # the hand and the board in the first screen
        page.click("#setup-fold summary")
        assert page.locator("#start").is_visible()  # a new game is a tap away
    finally:
        context.close()


# The numbers of the first hand piece as the page shows them: its drawing laid out in the page at the
# size its image is shown, each number's font size in CSS px and the height of its box (unturned ones).
HAND_NUMBERS = """async () => {
  const image = document.querySelector('#hand img');
  await image.decode();
  const holder = document.createElement('div');
  holder.style.cssText = `position: absolute; left: 0; top: 0; width: ${image.getBoundingClientRect().width}px`;
  holder.innerHTML = (await fetch(image.src).then((r) => r.text())).replace(/^<\\?xml[^>]*>/, '');
  document.body.append(holder);
  const svg = holder.querySelector('svg');
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.style.cssText = 'display: block; width: 100%; height: auto';
  const numbers = [...svg.querySelectorAll('text')].map((text) => {
    const m = text.getScreenCTM();
    return { font: parseFloat(text.getAttribute('font-size')) * Math.hypot(m.a, m.b),
             height: text.hasAttribute('transform') ? null : text.getBoundingClientRect().height };
  });
  holder.remove();
  return numbers;
}"""
# The board's marks of a class, as shown: font size in CSS px, and whether each lies in the board's view.
BOARD_MARKS = """(cls) => {
  const view = document.querySelector('#board').getBoundingClientRect();
  return [...document.querySelectorAll(`#board svg text.${cls}`)].map((text) => {
    const m = text.getScreenCTM();
    const box = text.getBoundingClientRect();
    return { font: parseFloat(text.getAttribute('font-size')) * Math.hypot(m.a, m.b),
             seen: box.left >= view.left && box.right <= view.right };
  });
}"""
# Every element shown outside the board whose right edge passes the window's.
PAST_THE_RIGHT = """() => [...document.querySelectorAll('body *')]
  .filter((node) => !node.closest('#board') && node.getClientRects().length)
  .filter((node) => node.getBoundingClientRect().right > innerWidth + 0.5)
  .map((node) => node.id || node.className || node.tagName)"""


@pytest.mark.parametrize(("game", "query", "marks"), [
    ("triomino", "", "tile-number"),  # the board holds the computer's opening tile
    ("zatre", "&spec=zatre.toml", "double-mark"),  # the x2 of the double fields
    ("rautino", "", None),  # stones read by colour and symbol; its whole board fits
])
def test_a_phone_shows_the_pieces_and_the_boards_marks_at_a_readable_size(
        browser: object, studio: tuple[str, Path], game: str, query: str, marks: str | None) -> None:
    base, _ = studio
    context = browser.new_context(viewport={"width": 400, "height": 800}, has_touch=True)
    page = context.new_page()
    try:
        open_game(page, base, f"seats=human,greedy&seed=3{query}", game)
        numbers = page.evaluate(HAND_NUMBERS)
        if game == "triomino":
            assert len(numbers) == 3 and min(round(n["font"], 2) for n in numbers) >= 12, numbers
            assert all(n["height"] >= 12 for n in numbers if n["height"] is not None), numbers
        board = page.locator("#board")
        if marks:
            shown = page.evaluate(BOARD_MARKS, marks)
            assert shown and min(round(m["font"], 2) for m in shown) >= 12, shown
            assert any(m["seen"] for m in shown)  # the board's marks in sight, not scrolled away
        else:
            assert board.evaluate("b => b.scrollWidth <= b.clientWidth")  # the whole board in sight
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
        assert page.evaluate(PAST_THE_RIGHT) == []
        if board.evaluate("b => b.scrollWidth > b.clientWidth"):  # a board wider than the window scrolls itself
            assert board.evaluate("b => getComputedStyle(b).overflowX") == "auto"
            assert board.get_attribute("tabindex") == "0"  # and the keyboard reaches it to scroll it
    finally:
        context.close()


def test_overlapping_rautino_hints_differ_in_outline_and_show_their_number_in_focus(
        page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    open_game(page, base, "seats=human,greedy&seed=3")
    hints = select_a_fitting_piece(page)
    if hints.count() < 2:
        page.locator("#hand button.piece").nth(1).click()
        ready(page)
    styles = page.locator("#places-layer .place.hint").evaluate_all(
        "els => els.map(e => getComputedStyle(e).stroke + getComputedStyle(e).strokeDasharray)")
    assert len(styles) >= 2 and len(set(styles)) >= min(len(styles), 4) > 1, styles
    second = page.locator("#places-layer .place.hint").nth(1)
    second.focus()
    assert page.locator("#places-layer .place-number").text_content() == second.get_attribute("data-number") == "2"


def test_end_game_asks_first_then_saves_the_game_abandoned_and_it_replays(page: object,
                                                                         studio: tuple[str, Path]) -> None:
    base, workspace = studio
    open_game(page, base, "seats=human,greedy&seed=7")
    for _ in range(2):
        click_a_legal_place(page)
        ready(page)
    page.once("dialog", lambda dialog: dialog.dismiss())  # not now: the game goes on
    page.click("#end-game")
    assert ready(page) == "ready" and page.locator("#final").is_hidden()
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click("#end-game")
    assert ready(page) == "over" and "abandoned" in asked[0]
    assert page.locator("#final h2").inner_text() == "Scores when the game was ended"
    assert page.locator("#end-game").is_hidden() and "wins" not in page.locator("#final-scores").inner_text()
    saved = workspace / page.locator("#saved").get_attribute("data-path")
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["end"] == "abandoned" and len(record["moves"]) == 4
    out = io.StringIO()
    game = registry.get("rautino")
    assert game.replay(game.load(None), saved, out) == 0
    assert "abandoned, scores so far" in out.getvalue()


def test_a_page_left_mid_game_keeps_the_game_saved_and_its_address_continues_it(
        page: object, studio: tuple[str, Path]) -> None:
    base, workspace = studio
    before = set((workspace / "played").glob("*.jsonl")) if (workspace / "played").exists() else set()
    open_game(page, base, "seats=human,greedy&seed=8")
    click_a_legal_place(page)
    ready(page)
    game_id, version, address = page.evaluate("[play.state.id, play.state.version, location.href]")
    page.goto(f"{base}/")
    (saved,) = set((workspace / "played").glob("*.jsonl")) - before
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["end"] == "abandoned" and len(record["resume"]["moves"]) == 1  # replays as far as it went
    page.goto(address)
    page.wait_for_selector("#board svg")
    ready(page)
    assert page.evaluate("[play.state.id, play.state.version, play.state.over]") == [game_id, version, False]


def test_the_seat_choice_offers_every_strength_level_and_plays_the_expert(page: object,
                                                                         studio: tuple[str, Path]) -> None:
    base, _ = studio
    page.goto(f"{base}/play?pace=0")
    page.wait_for_selector("#seat-list select")
    page.select_option("#game", "rautino")
    seat = page.get_by_label("Seat 2")
    assert seat.locator("option").all_inner_texts() == [
        "a person", "computer, beginner", "computer, good", "computer, strong", "computer, expert", "computer, master"]
    assert "expert plays its best moves on in sampled games" in page.locator("#seats-help").inner_text()
    seat.select_option(label="computer, expert")
    page.click("#start")
    page.wait_for_selector("#board svg")
    ready(page)
    assert page.evaluate("play.state.seats[1]") == {"seat": 2, "player": "expert", "strength": "expert"}
    click_a_legal_place(page)
    ready(page)
    assert "player 2" in page.locator("#log li.latest").inner_text()
    assert "Player 2 (expert)" in page.locator("#scores").inner_text()


def test_a_played_game_is_listed_in_the_studios_replay_and_steps_on_the_board(page: object,
                                                                             studio: tuple[str, Path]) -> None:
    base, _ = studio
    open_game(page, base, "seats=human,greedy&seed=9")
    for _ in range(2):
        click_a_legal_place(page)
        ready(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#end-game")
    ready(page)
    name = Path(page.locator("#saved").get_attribute("data-path")).name
    scores = " : ".join(str(s) for s in page.evaluate("play.state.scores"))
    page.goto(f"{base}/?spec=shipped:rautino")
    wait_open(page, "shipped:rautino")
    page.click("#tabbtn-replay")
    page.wait_for_function("document.querySelector('#replay-position').textContent.startsWith('step 0 of')")
    option = page.locator(f"#replay-pick option[value='played:{name}']")
    label = option.inner_text()
    assert label.startswith("Rautino · ") and f"· you v good · abandoned · scores when left {scores}" in label, label
    assert option.evaluate("o => o.parentElement.label").startswith("played games (")
    page.select_option("#replay-pick", f"played:{name}")
    page.wait_for_function(f"state.replay && state.replay.board.includes('{name}')")  # not a game listed before it
    assert page.locator("#replay-position").inner_text() == "step 0 of 4"
    page.click("#replay-last")
    page.wait_for_function("document.querySelector('#replay-position').textContent === 'step 4 of 4'")
    assert page.locator("#replay-text").inner_text().startswith("move 4: player 2")
    page.wait_for_function("document.querySelector('#replay-board').naturalWidth > 0")
    assert page.locator("#replay-board").get_attribute("src") == f"/api/played/{name}/board/4.svg"
    if SCREENSHOTS:
        page.locator(".tabs").evaluate("node => node.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        page.screenshot(path=str(Path(SCREENSHOTS) / "replay-played.png"))


def test_a_seat_or_game_the_table_does_not_know_is_said_in_one_line_and_nothing_starts(
        page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    page.goto(f"{base}/play?game=rautino&seats=human,wizard&pace=0")
    page.wait_for_selector("#seat-list select")
    message = page.locator("#setup-message")
    assert message.is_visible()
    assert message.inner_text().startswith("seat 2: 'wizard' is not a player of rautino at this table; pick the seats")
    assert "expert" in message.inner_text() and "\n" not in message.inner_text()
    assert page.locator("#table").is_hidden()  # no game was started with a seat nobody asked for
    page.get_by_label("Seat 2").select_option(label="computer, good")
    page.click("#start")
    page.wait_for_selector("#board svg")
    assert message.inner_text() == ""
    # A game the server refuses (a spec that is not in the workspace) is said where the setup is.
    page.goto(f"{base}/play?game=zatre&spec=no-such/zatre.toml&pace=0")
    page.wait_for_function("document.querySelector('#setup-message').textContent !== ''")
    assert message.is_visible() and page.locator("#table").is_hidden()
