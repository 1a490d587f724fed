"""The play page's address in a real headless Chromium (Debian's chromium, driven by Playwright): a
game, preset, seed, pace or profi the table does not know is said in one line and nothing starts; a
game named in other letters is played; the pace chosen stays in the address; New game clicked twice
starts one game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browserhelp import pnp_server
from browserhelp import table_ready as ready

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("play-address")]
GAMES = "Rautino, Triomino, Zatre"


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    workspace = tmp_path_factory.mktemp("workspace")
    with pnp_server(["play", "rautino", "--seed", "3"], workspace, "/play?game=rautino") as base:
        yield base


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert errors == [], errors  # no script error, whatever the address said


def said(page: object) -> str:
    """The setup's line, once the page has read its address."""
    page.wait_for_function("document.querySelector('#setup-message').textContent !== ''")
    message = page.locator("#setup-message")
    assert message.is_visible()
    text = message.inner_text()
    assert "\n" not in text, text
    return text


@pytest.mark.parametrize("query", ["game=zatr", "game=Zatr&seats=human,good", "game=&seed=2"])
def test_an_unknown_game_is_said_with_the_games_there_are_and_the_menu_starts_one(
        page: object, studio: str, query: str) -> None:
    page.goto(f"{studio}/play?{query}&pace=0")
    game = query.split("&")[0].removeprefix("game=")
    assert said(page) == (f"game '{game}' in the address: not a game of this table (the games: {GAMES}); "
                          "choose in the form and press New game")
    assert page.locator("#table").is_hidden()  # nothing started
    assert page.locator("#game").input_value() == "rautino"  # the menu offers a game, not a blank
    page.select_option("#game", "zatre")
    assert page.locator("#setup-message").inner_text() == ""  # the person chose: the address's word is done
    page.click("#start")
    page.wait_for_selector("#board svg")
    ready(page)
    assert page.evaluate("play.state.game") == "zatre"
    assert "game=zatre" in page.evaluate("location.search")


@pytest.mark.parametrize(("query", "game"), [("game=Zatre", "zatre"), ("game=TRIOMINO", "triomino"),
                                             ("game=rautino", "rautino")])
def test_a_game_named_in_other_letters_is_played(page: object, studio: str, query: str, game: str) -> None:
    page.goto(f"{studio}/play?{query}&pace=0&seats=human,good")
    page.wait_for_selector("#board svg")
    ready(page)
    assert page.evaluate("play.state.game") == page.locator("#game").input_value() == game
    assert f"game={game}&" in page.evaluate("location.search")  # the address as the table names it


@pytest.mark.parametrize(("query", "line"), [
    ("game=triomino&preset=nope",
     "preset 'nope' in the address: Triomino's rule presets are seed, classic"),
    ("game=rautino&preset=classic", "preset 'classic' in the address: Rautino has no rule presets"),
    ("game=rautino&seed=abc", "seed 'abc' in the address: a whole number from 0 to 4294967295"),
    ("game=rautino&pace=500",
     "pace '500' in the address: one of 0 (instant), 400 (fast), 900 (readable), 1800 (slow)"),
    ("game=rautino&profi=yes", "profi 'yes' in the address: 1 (profi) or 0"),
    ("game=Rautinoo&pace=sluggish", f"game 'Rautinoo' in the address: not a game of this table (the games: {GAMES}); "
     "pace 'sluggish' in the address: one of 0 (instant), 400 (fast), 900 (readable), 1800 (slow)"),
])
def test_a_value_the_table_does_not_know_is_said_and_nothing_starts(page: object, studio: str, query: str,
                                                                    line: str) -> None:
    page.goto(f"{studio}/play?{query}")
    assert said(page) == f"{line}; choose in the form and press New game"
    assert page.locator("#table").is_hidden() and page.locator("#setup").is_visible()
    page.click("#start")  # the form's own values start a game
    page.wait_for_selector("#board svg")
    assert ready(page) == "ready" and page.locator("#setup-message").inner_text() == ""


def test_a_seat_and_a_preset_the_table_does_not_know_are_said_in_one_line(page: object, studio: str) -> None:
    page.goto(f"{studio}/play?game=triomino&preset=fast&seats=human,wizard")
    assert said(page) == ("preset 'fast' in the address: Triomino's rule presets are seed, classic; "
                          "seat 2: 'wizard' is not a player of triomino at this table; pick the seats (a person "
                          "or a computer level: beginner, good, strong, expert, master) and start a new game")
    assert page.locator("#table").is_hidden()


def test_the_pace_chosen_stays_in_the_address_and_a_reload_keeps_it(page: object, studio: str) -> None:
    page.goto(f"{studio}/play?game=rautino&seats=human,good&pace=900")
    page.wait_for_selector("#board svg")
    ready(page)
    page.click("#setup-fold summary")
    page.select_option("#pace", label="slow")
    assert "pace=1800" in page.evaluate("location.search")
    game_id = page.evaluate("play.state.id")
    page.reload()
    page.wait_for_selector("#board svg")
    ready(page)
    assert page.evaluate("play.state.id") == game_id
    assert page.locator("#pace").input_value() == "1800"
    page.goto(f"{studio}/play?game=rautino&seats=human,good&pace=0")
    page.wait_for_selector("#board svg")
    assert page.locator("#pace").input_value() == "0"  # instant, as the address says


def test_new_game_clicked_twice_starts_one_game_and_back_returns_to_the_one_before(page: object,
                                                                                   studio: str) -> None:
    page.goto(f"{studio}/play?game=rautino&seats=human,good&pace=0")
    page.wait_for_selector("#board svg")
    ready(page)
    first = page.evaluate("play.state.id")
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    started: list[str] = []
    page.on("request", lambda request: started.append(request.url) if request.url.endswith("/api/play/new") else None)
    page.click("#setup-fold summary")
    page.dblclick("#start")
    page.wait_for_function(f"play.state && play.state.id !== {first!r}")
    ready(page)
    page.wait_for_timeout(500)  # a second game, were one made, would be asked for by now
    assert len(asked) == 1 and len(started) == 1, (asked, started)
    second = page.evaluate("play.state.id")
    page.go_back()
    page.wait_for_function(f"play.state && play.state.id === {first!r}")
    assert page.evaluate("new URLSearchParams(location.search).get('id')") == first
    assert second != first


def test_a_second_start_while_one_is_being_made_does_nothing(page: object, studio: str) -> None:
    """Two clicks before the studio has answered the first: one game."""
    page.goto(f"{studio}/play?pace=0")
    page.wait_for_selector("#seat-list select")
    started: list[str] = []
    page.on("request", lambda request: started.append(request.url) if request.url.endswith("/api/play/new") else None)
    page.evaluate("document.querySelector('#start').click(); document.querySelector('#start').click()")
    page.wait_for_selector("#board svg")
    ready(page)
    page.wait_for_timeout(500)
    assert len(started) == 1, started


def test_the_address_after_a_start_names_the_game_as_the_table_does(page: object, studio: str) -> None:
    page.goto(f"{studio}/play?game=Triomino&preset=classic&seed=4&pace=400")
    page.wait_for_selector("#board svg")
    ready(page)
    search = page.evaluate("Object.fromEntries(new URLSearchParams(location.search))")
    assert {k: search[k] for k in ("game", "preset", "seed", "pace")} == {
        "game": "triomino", "preset": "classic", "seed": "4", "pace": "400"}



def test_a_wrong_value_beside_a_games_id_is_said_beside_the_game(page: object, studio: str) -> None:
    page.goto(f"{studio}/play?game=rautino&seats=human,good&pace=0")
    page.wait_for_selector("#board svg")
    ready(page)
    game_id = page.evaluate("play.state.id")
    page.goto(f"{studio}/play?game=rautino&seats=human,good&pace=5&id={game_id}")
    page.wait_for_selector("#board svg")
    ready(page)
    assert page.evaluate("play.state.id") == game_id
    assert page.locator("#message").inner_text() == (
        "pace '5' in the address: one of 0 (instant), 400 (fast), 900 (readable), 1800 (slow).")


@pytest.mark.parametrize(("pace", "value"), [("slow", "1800"), ("Fast", "400"), ("instant", "0"), ("900", "900")])
def test_the_pace_is_read_by_its_name_as_the_menu_says_it_or_its_milliseconds(page: object, studio: str, pace: str,
                                                                              value: str) -> None:
    page.goto(f"{studio}/play?game=rautino&seats=human,good&pace={pace}")
    page.wait_for_selector("#board svg")
    assert ready(page) == "ready"
    assert page.locator("#pace").input_value() == value
    assert page.locator("#setup-message").inner_text() == ""


def test_an_id_the_studio_does_not_know_offers_what_the_page_has(page: object, studio: str) -> None:
    page.goto(f"{studio}/play?game=zatre&seats=human,good&seed=7&id=doesnotexist")
    text = said(page)
    assert "from this address" not in text  # no such button: the words name the one there is
    assert "New game starts one with the settings this address names" in text, text
    assert page.locator("#table").is_hidden()
    assert page.locator("#game").input_value() == "zatre" and page.locator("#seed").input_value() == "7"
    page.get_by_role("button", name="New game", exact=True).click()  # and that button does so
    page.wait_for_selector("#board svg")
    assert ready(page) == "ready" and page.evaluate("[play.state.game, play.state.seats.length]") == ["zatre", 2]
