"""The play table as a person meets it, in Debian's chromium: the game the address names survives a
reload, a second tab, Back and Forward and a studio started again; a stopped studio is said where the
player looks; messages sit beside the hand in one laptop screen; a whole Zatre field takes a click;
the Rautino stone shows its colours where it would go; Triomino's 0-0-0 opening is the person's
choice; and whole games of each game played by clicks replay with `pnp replay` on the same scores."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserhelp import free_port, served
from test_play_browser import click_a_legal_place, open_game, ready, select_a_fitting_piece
from zatre_helpers import small_spec

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("play-browser")]
SCREENSHOTS = os.environ.get("PNP_PLAY_SCREENSHOTS")  # a folder: write the docs' screenshots there
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 400, "height": 800}


def studio_command(workspace: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "pnp", "play", "rautino", "--workspace", str(workspace), "--port", str(port),
            "--no-browser"]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("workspace")
    small_spec(folder)
    return folder


@pytest.fixture(scope="module")
def base(workspace: Path) -> Iterator[str]:
    port = free_port()
    with served(studio_command(workspace, port), port, "/play?game=rautino") as address:
        yield address


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport=LAPTOP)
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    yield tab
    context.close()


def game_now(page: object) -> list:
    return page.evaluate("[play.state.id, play.state.version, play.state.scores, play.state.hand.map(p => p.label)]")


def in_view(page: object, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] \
        and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]


# --- the game the address names ---------------------------------------------------------------------

def test_reload_a_second_tab_and_back_and_forward_show_the_same_game(page: object, base: str) -> None:
    open_game(page, base, "seats=human,greedy&seed=4&spec=zatre.toml", game="zatre")
    while page.locator("#log li").count() < 3:  # the opening turn and the computer's answer
        click_a_legal_place(page)
        ready(page)
    click_a_legal_place(page)  # and a tile of a turn not finished yet
    ready(page)
    first = game_now(page)
    assert f"id={first[0]}" in page.url and "game=zatre" in page.url
    page.reload()
    page.wait_for_selector("#board svg")
    ready(page)
    assert game_now(page) == first and page.locator("#log li").count() >= 2  # the log is back too
    other = page.context.new_page()
    other.goto(page.url)
    other.wait_for_selector("#board svg")
    ready(other)
    assert game_now(other) == first
    click_a_legal_place(other)  # a move in the second tab is shown in the first one
    ready(other)
    page.wait_for_function(f"play.state.version === {other.evaluate('play.state.version')}", timeout=15_000)
    ready(page)
    assert game_now(page) == game_now(other)
    other.close()
    zatre = game_now(page)
    # New game asks first; not now leaves the game as it is.
    page.click("#setup-fold summary")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#start")
    assert ready(page) == "ready" and game_now(page) == zatre
    page.select_option("#game", "rautino")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#start")
    page.wait_for_function(f"play.state && play.state.id !== '{zatre[0]}'")
    ready(page)
    assert page.evaluate("play.state.game") == "rautino" and "game=rautino" in page.url
    rautino = game_now(page)
    page.go_back()
    page.wait_for_function(f"play.state.id === '{zatre[0]}'")
    ready(page)
    assert page.evaluate("play.state.game") == "zatre" and page.locator("#final h2").inner_text() \
        == "Scores when the game was ended"  # the new game ended it, as New game asked
    page.go_forward()
    page.wait_for_function(f"play.state.id === '{rautino[0]}'")
    ready(page)
    assert game_now(page) == rautino and page.evaluate("play.state.over") is False


@pytest.mark.slow
def test_a_stopped_studio_is_said_at_once_and_one_started_again_continues_the_game(browser: object,
                                                                                   workspace: Path) -> None:
    port = free_port()
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    try:
        with served(studio_command(workspace, port), port, "/play?game=rautino") as address:
            open_game(page, address, "seats=human,strong&seed=6&preset=classic", game="triomino")
            for _ in range(2):
                click_a_legal_place(page)
                ready(page)
            before = game_now(page)
        page.locator("#hand button.piece").first.click()  # the studio is gone: said where the player looks
        page.wait_for_function("document.querySelector('#message').className === 'stopped'")
        assert page.locator("#message-text").inner_text().startswith("The studio has stopped")
        assert in_view(page, "#message") and page.locator("#message").get_attribute("aria-live") == "polite"
        assert page.locator("#message-actions button").all_inner_texts() == ["Continue this game", "New game"]
        with served(studio_command(workspace, port), port, "/play?game=rautino"):
            page.wait_for_function("document.querySelector('#message-text').textContent"
                                   ".startsWith('The studio is running again')", timeout=20_000)
            page.get_by_role("button", name="Continue this game").click()
            page.wait_for_function("!document.querySelector('#message').className.includes('stopped')")
            ready(page)
            assert game_now(page) == before
            click_a_legal_place(page)  # and it goes on
            ready(page)
            assert page.evaluate("play.state.version") == before[1] + 1
            page.reload()  # a page opened afresh on a studio started again: the same game
            page.wait_for_selector("#board svg")
            ready(page)
            assert page.evaluate("play.state.version") == before[1] + 1
    finally:
        context.close()


def test_an_address_the_game_cannot_be_played_with_is_refused_on_the_page(page: object, base: str) -> None:
    page.goto(f"{base}/play?game=rautino&seats=human,greedy,greedy&pace=0")
    page.wait_for_function("document.querySelector('#setup-message').textContent !== ''")
    assert page.locator("#setup-message").inner_text().startswith("3 seats: Rautino is for 1 or 2 players")
    assert page.locator("#table").is_hidden()  # no two-player game in its place


# --- what happens, where the eye is ------------------------------------------------------------------

@pytest.mark.parametrize("profi", [False, True])
def test_a_whole_zatre_field_takes_a_click_and_a_refusal_is_said_beside_the_hand(page: object, base: str,
                                                                                profi: bool) -> None:
    open_game(page, base, f"seats=human,greedy&seed=3&spec=zatre.toml{'&profi=1' if profi else ''}", game="zatre")
    page.locator("#hand button.piece").first.click()
    ready(page)
    start = page.evaluate("play.state.places.find(p => p.label.includes('row 8, column 8')).place")
    wrong = page.locator(f"#places-layer .place[data-place='{start + 2}']")
    box = wrong.bounding_box()
    page.mouse.click(box["x"] + 2, box["y"] + box["height"] - 2)  # a corner of a field where no tile may go
    page.wait_for_function("document.querySelector('#message-text').textContent !== ''")
    assert page.locator("#message").get_attribute("class") == "refusal"
    assert page.locator("#message-text").inner_text() == "the first tile goes on the start field"
    assert in_view(page, "#message")  # beside the hand, in one laptop screen
    target = page.locator(f"#places-layer .place[data-place='{start}']")
    box = target.bounding_box()
    assert box["width"] >= 40  # the whole field, not a spot in its middle
    page.mouse.click(box["x"] + box["width"] - 3, box["y"] + 3)  # near a corner of the start field
    page.wait_for_function("play.state.version === 1")
    ready(page)
    assert page.evaluate("play.state.version") == 1


def test_the_rautino_stone_shows_its_colours_where_it_would_go_and_turns_there(page: object, base: str) -> None:
    open_game(page, base, "seats=human,greedy&seed=3")
    select_a_fitting_piece(page)
    colours = page.evaluate("play.state.hand[play.selected].colours")
    turned = page.evaluate("play.turned")
    hint = page.locator("#places-layer .place.hint").first
    hint.hover()
    fills = page.locator("#places-layer .ghost polygon").evaluate_all("ps => ps.map(p => p.getAttribute('fill'))")
    assert fills == (colours[::-1] if turned else colours) and len(fills) == 2
    place = hint.get_attribute("data-place")
    page.keyboard.press("r")  # turned where it is shown: the colours swap sides
    ready(page)
    page.locator(f"#places-layer .place[data-place='{place}']").hover()
    fills = page.locator("#places-layer .ghost polygon").evaluate_all("ps => ps.map(p => p.getAttribute('fill'))")
    assert fills == (colours if turned else colours[::-1])
    page.locator("#places-layer .place.hint").first.focus()  # by keyboard, the same
    assert page.locator("#places-layer .ghost polygon").count() == 2
    assert page.locator("#legend").is_visible() and "1 colour:" in page.locator("#legend-list").inner_text()


def test_undo_takes_the_move_away_from_the_log_and_the_points(page: object, base: str) -> None:
    open_game(page, base, "seats=human,greedy&seed=5")
    click_a_legal_place(page)
    ready(page)
    click_a_legal_place(page)
    ready(page)
    log = page.locator("#log li").all_inner_texts()
    page.click("#undo")
    page.wait_for_function("play.state.version === 3")
    ready(page)
    assert page.locator("#message").get_attribute("class") == "info"
    assert page.locator("#message-text").inner_text() == "Your last move was taken back."
    assert page.locator("#log li").all_inner_texts() == log[2:2 + page.locator("#log li").count()]
    assert page.locator("#log li").count() >= 3  # the game so far, not an empty log
    assert log[1] not in page.locator("#points").inner_text()  # the points of the move taken back are gone


def test_triomino_offers_the_0_0_0_opening_to_the_person_and_records_the_choice(page: object, base: str,
                                                                               workspace: Path) -> None:
    open_game(page, base, "seats=human,greedy&seed=17&preset=classic", game="triomino")
    assert page.locator("#offer").is_visible() and in_view(page, "#offer")
    assert page.locator("#offer-question").inner_text().startswith("You hold 0-0-0")
    assert page.locator("#hand button.piece").first.is_disabled()  # the choice comes first
    page.get_by_role("button", name="Let player 2 open with 4-4-4 (22 points to them)").click()
    ready(page)
    assert page.locator("#offer").is_hidden()
    assert "player 2 opens with 4-4-4" in " ".join(page.locator("#log li").all_inner_texts())
    assert "0-0-0" not in " ".join(page.locator("#log li").all_inner_texts())
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#end-game")
    ready(page)
    saved = workspace / page.locator("#saved").get_attribute("data-path")
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["rounds"][0]["turns"][0]["tile"] == [4, 4, 4] and record["seats"][0] == "human"
    result = subprocess.run([sys.executable, "-m", "pnp", "replay", "triomino", str(saved)], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_hot_seat_names_each_seat_a_person(page: object, base: str) -> None:
    open_game(page, base, "seats=human,human&seed=3")
    assert page.locator("#scores td:first-child").all_inner_texts() == ["Player 1 (person)", "Player 2 (person)"]
    assert page.locator("#turn").inner_text() == "Player 1 (person) to move"


# --- whole games -----------------------------------------------------------------------------------

GAMES = {"rautino": "seats=human,greedy&seed=3", "zatre": "seats=human,greedy&seed=2&spec=zatre.toml",
         "triomino": "seats=human,greedy&seed=17&preset=classic"}


def docs_shot(page: object, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.wait_for_timeout(400)  # a turned piece ends its turning
        page.screenshot(path=str(Path(SCREENSHOTS) / f"play-{name}.png"))


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1366", "400"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_by_clicks_replays_with_pnp_replay_on_the_same_scores(browser: object, base: str,
                                                                           workspace: Path, game: str,
                                                                           viewport: dict) -> None:
    context = browser.new_context(viewport=viewport, has_touch=viewport is PHONE)
    page = context.new_page()
    page.set_default_timeout(30_000)
    laptop = viewport is LAPTOP
    try:
        open_game(page, base, GAMES[game], game=game)
        if laptop:
            docs_shot(page, f"{game}-start")
        moves = 0
        while ready(page) != "over":
            click_a_legal_place(page)
            moves += 1
            if moves == 6 and laptop:
                ready(page)
                if page.evaluate("!play.state.over"):
                    select_a_fitting_piece(page)
                    page.locator("#places-layer .place.hint").first.hover()
                    assert in_view(page, "#turn") and in_view(page, "#hand") and in_view(page, "#message")
                    docs_shot(page, game)
            assert moves < 300
        assert in_view(page, "#final") or not laptop
        if laptop:
            page.locator("#final").scroll_into_view_if_needed()
            docs_shot(page, f"{game}-end")
        ending = page.locator("#saved").inner_text()
        assert re.match(r"The game ended: \w.+\. Saved as played/", ending), ending  # the reason, never blank
        assert "+-" not in page.locator("#log").inner_text()
        shown = [int(s) for s in page.locator("#final-scores li").evaluate_all("els => els.map(e => e.dataset.score)")]
        if game == "zatre":  # the score sheets as the kit prints them
            assert [int(t) for t in page.locator(".sheet tfoot td:last-child").all_inner_texts()] == shown
            heads = page.locator(".sheet").first.locator("thead th").all_inner_texts()
            assert [h.replace("\n", " ") for h in heads] == ["", "x2", "10 (1)", "11 (2)", "12 (4)", "Bonus", "Σ"]
        if game == "triomino":  # the last round's end, said; the board's heading shows the score table's scores
            assert page.locator("#message").get_attribute("class") == "round"
            assert re.match(r"Round \d+ ends: ", page.locator("#message-text").inner_text())
            heading = page.locator("#board svg .board-title").text_content()
            assert heading.endswith(f"scores {', '.join(map(str, shown))}"), heading
        # The drawing is not read out mark by mark ("x2" over and over): the places and the log say it.
        assert page.evaluate("[...document.querySelector('#board svg').children]"
                             ".every(c => c.id === 'places-layer' || c.getAttribute('aria-hidden') === 'true')")
        saved = workspace / page.locator("#saved").get_attribute("data-path")
        result = subprocess.run([sys.executable, "-m", "pnp", "replay", game, str(saved)], capture_output=True,
                                text=True, timeout=300, cwd=workspace.parent)
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"final scores {', '.join(map(str, shown))}" in result.stdout
        assert ("named by the record" in result.stdout) == (game == "zatre")  # the workspace's own Zatre set
    finally:
        context.close()


@pytest.mark.slow
@pytest.mark.parametrize("pace", [400, 0])  # 0: the computer moves at once, the round's end still pauses
def test_a_rounds_end_is_announced_and_the_table_pauses_on_it(page: object, base: str, pace: int) -> None:
    page.goto(f"{base}/play?game=triomino&pace={pace}&seats=greedy,greedy&seed=1&preset=seed")
    page.wait_for_function("document.querySelector('#message').className === 'round'", timeout=120_000)
    announced = page.evaluate("Date.now()")
    assert page.locator("#message").get_attribute("aria-live") == "polite"
    assert re.match(r"Round 1 ends: ", page.locator("#message-text").inner_text())
    assert in_view(page, "#message")
    page.wait_for_function("document.body.dataset.state === 'over'")
    assert page.evaluate("Date.now()") - announced >= 2000  # time to read it before the game goes on


def test_a_quick_second_pick_shows_the_places_of_the_piece_picked_last(page: object, base: str) -> None:
    """The answer for the first piece arrives after the one for the second: the second's places stay."""
    open_game(page, base, "seats=human,greedy&seed=5")
    game_id = page.evaluate("play.state.id")
    want = page.evaluate(f"fetch('/api/play/{game_id}/hints?piece=1&turned=0').then(r => r.json())")["places"]

    def late(route: object) -> None:
        page.wait_for_timeout(800)
        route.continue_()

    page.route("**/hints?piece=0&*", late)
    page.evaluate("document.querySelectorAll('#hand button.piece')[0].click();"
                  "document.querySelectorAll('#hand button.piece')[1].click()")
    page.wait_for_timeout(1200)
    ready(page)
    shown = sorted(int(p) for p in page.locator("#places-layer .place.hint").evaluate_all(
        "els => els.map(e => e.dataset.place)"))
    assert page.evaluate("play.selected") == 1 and shown == sorted(want)
