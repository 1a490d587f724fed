"""A game from a plugin played in the browser: the test plugin tests/plugins/domino declares its game
state and no table, is installed as a distribution beside pnp, and `pnp play domino` seats it at the
generic table (pnp.play.generic); a whole game is played by clicks in Debian's chromium and its
record replays."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserhelp import pnp_server
from browserhelp import table_ready as ready
from pluginhelp import PLUGINS, install, pnp

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("play-browser")]
SCREENSHOTS = os.environ.get("PNP_PLAY_SCREENSHOTS")  # a folder for the pictures of the page


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    install(PLUGINS / "domino", folder)
    return folder


@pytest.fixture(scope="module")
def studio(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    workspace = tmp_path_factory.mktemp("workspace")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]))
        with pnp_server(["play", "domino", "--seats", "human,good"], workspace, "/play?game=domino") as base:
            yield base, workspace


@pytest.fixture
def page(browser: object, studio: tuple[str, Path]) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    yield tab
    context.close()


def shot(page: object, name: str) -> None:
    if SCREENSHOTS:
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"), full_page=True)


def test_the_plugin_game_is_offered_with_its_own_strength_levels(page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    page.goto(f"{base}/play?pace=0")
    page.wait_for_selector("#seat-list select")
    assert "domino" in page.locator("#game option").all_inner_texts() or \
        "Domino" in page.locator("#game option").all_inner_texts()
    page.select_option("#game", "domino")
    options = page.get_by_label("Seat 2").locator("option").all_inner_texts()
    assert options == ["a person", "computer, beginner", "computer, good", "computer, expert"]


def test_a_whole_plugin_game_is_played_by_clicks_and_its_record_replays(page: object, studio: tuple[str, Path],
                                                                      site: Path, tmp_path: Path) -> None:
    base, workspace = studio
    page.goto(f"{base}/play?game=domino&pace=0&seats=human,good&seed=4")
    page.wait_for_selector("#board svg")
    ready(page)
    assert page.evaluate("play.state.seats[1]") == {"seat": 2, "player": "good", "strength": "good"}
    board = page.locator("#board svg").inner_html()
    assert "The line: empty: any tile opens it" in board and "Player 1: 7 tiles in hand" in board
    assert page.locator("#offer-question").inner_text() == "Player 1, your move:"
    hand = page.locator("#hand button.piece")
    assert hand.count() == 7 and all("|" in hand.nth(i).get_attribute("aria-label") for i in range(7))
    assert page.locator("#hand-title").inner_text() == "Tiles to choose from"
    shot(page, "domino-start")
    clicks = 0
    while ready(page) != "over":
        buttons = page.locator("#offer-options button")
        labels = buttons.all_inner_texts()
        assert labels and all(label.startswith("lay ") or label == "pass (no tile fits)" for label in labels), labels
        legal = page.evaluate("play.state.offer.options.length")
        assert legal == len(labels)
        buttons.first.click()
        clicks += 1
        assert clicks < 60, "the game does not end"
        if clicks == 2:
            ready(page)
            shot(page, "domino-playing")
    state = page.evaluate("play.state")
    assert state["over"] and state["end"] in ("blocked", "player 1 is out", "player 2 is out")
    assert page.locator("#final").is_visible()
    log = page.locator("#log").inner_text()
    assert "player 1: lay " in log and "player 2: " in log
    shot(page, "domino-over")
    saved = workspace / state["saved"]
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["pnp_game"] == "domino" and record["seats"] == ["human", "good"]
    assert record["final_scores"] == state["scores"]
    replayed = pnp(site, "replay", "domino", str(saved), cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert "domino: 1 record replayed, 0 invalid" in replayed.stdout


def test_a_bad_choice_is_refused_in_one_line(page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    page.goto(f"{base}/play?game=domino&pace=0&seats=human,good&seed=2")
    page.wait_for_selector("#board svg")
    ready(page)
    state = page.evaluate("play.state")
    answer = page.evaluate("""async (state) => {
        const response = await fetch(`/api/play/${state.id}/move`, {method: "POST",
            headers: {"content-type": "application/json"}, body: JSON.stringify({version: state.version, choice: 99})});
        return [response.status, await response.json()];
    }""", state)
    assert answer[0] == 422 and answer[1]["error"].startswith("choice: one of the ")


def test_the_hot_seat_covers_the_hand_and_the_moves_until_shown(page: object, studio: tuple[str, Path]) -> None:
    base, _ = studio
    page.goto(f"{base}/play?game=domino&pace=0&seats=human,human&seed=3")
    page.wait_for_selector("#board svg")
    ready(page)
    assert page.locator("#cover").is_visible() and page.locator("#offer").is_hidden()
    assert page.locator("#hand button.piece").count() == 0
    page.click("#reveal")
    ready(page)
    assert page.locator("#offer").is_visible() and page.locator("#hand button.piece").count() == 7
    page.locator("#offer-options button").first.click()
    ready(page)
    assert page.locator("#reveal").inner_text() == "Player 2: show my tiles"
    assert page.locator("#cover").is_visible() and page.locator("#offer").is_hidden()
