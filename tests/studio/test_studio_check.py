"""A check in the studio: its settings reach the check, its result opens with a headline in plain
words, and the result and the report speak the studio's words (no command-line options, no job paths)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT
from starlette.testclient import TestClient

from pnp import games as game_registry
from pnp.studio.app import create_app
from pnp.studio.jobs import MAX_JOBS_KEPT
from pnp.studio.words import details, headline, tone
from pnp.studio.workspace import Workspace

PORT = 8765
ORIGIN = f"http://127.0.0.1:{PORT}"
pytestmark = pytest.mark.xdist_group("studio-check")


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return tmp_path


@pytest.fixture
def client(workspace: Path) -> Iterator[TestClient]:
    app = create_app(Workspace.open(workspace), hosts={"127.0.0.1"}, port_ref=lambda: PORT)
    with TestClient(app, base_url=ORIGIN, headers={"origin": ORIGIN}) as test_client:
        yield test_client


def run(client: TestClient, game: str, **settings: Any) -> dict[str, Any]:
    spec = client.get("/api/spec", params={"id": f"shipped:{game}"}).json()
    job = client.post("/api/check", json={"id": spec["id"], "text": spec["text"], **settings}).json()
    assert "id" in job, job
    deadline = time.monotonic() + 240
    while (status := client.get(f"/api/check/{job['id']}").json())["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.3)
    return status


def test_the_settings_reach_the_check_and_the_result_opens_with_a_headline(client: TestClient) -> None:
    status = run(client, "rautino", games=12, players=2, confidence=0.9, skill_games=0, strict=True)
    assert status["state"] == "done", status
    result = status["result"]
    assert result["confidence"] == 0.9
    assert not result["balance"].get("skill")  # no skill games
    assert result["balance"]["configurations"].keys() == {"2 players"}
    assert status["headline"] == headline(result)
    assert re.match(r"(Playable\.|Not playable|Playability not decided yet: ).*"
                    r"(Not fair yet|Fairness not decided yet|Fair): ", status["headline"]), status["headline"]
    assert "two-player games" in status["headline"]
    words = " ".join([status["headline"], *status["details"]])
    assert "--" not in words and "studio-output" not in words
    assert len(status["details"]) == len({d.removeprefix("balance (Strict): ") for d in status["details"]})


def test_the_report_in_the_studio_names_the_spec_and_the_settings_as_the_studio_does(
        client: TestClient, workspace: Path) -> None:
    status = run(client, "triomino", games=6, players=2, skill_games=2)
    assert status["state"] == "done", status
    report = client.get(status["report"]).text
    assert "check report" in report
    assert "set checked from the shipped triomino spec" in report
    assert "studio-output" not in report and str(workspace) not in report
    assert not re.search(r"--(games|strict|skill-games|confidence|players|preset)\b", report)
    assert "Strict" in report  # where the report names --strict, the studio names its setting


@pytest.mark.parametrize(("result", "expected"), [
    ({"verdict": "playable", "reasons": [], "tests": [], "balance": {"configurations": {"2 players": {
        "seat_win_shares": [{"estimate": 0.41, "low": 0.35, "high": 0.46},
                            {"estimate": 0.59, "low": 0.54, "high": 0.65}],
        "seat_advantage": {"estimate": 0.18, "low": 0.08, "high": 0.3, "limit": 0.1, "outcome": "fail",
                           "games_to_decide": 100}}}}},
     "Playable. Not fair yet: seat 2 wins 59 % of two-player games and seat 1 41 %, a gap of 18 points (likely "
     "between 8 and 30); a fair set keeps the gap at most 10 points."),
    ({"verdict": "playable", "reasons": [], "tests": [], "balance": {"configurations": {"2 players, seed": {
        "seat_win_shares": [{"estimate": 0.53, "low": 0.45, "high": 0.6},
                            {"estimate": 0.47, "low": 0.4, "high": 0.55}],
        "seat_advantage": {"estimate": 0.0, "low": 0.0, "high": 0.0, "limit": 0.15, "outcome": "pass",
                           "games_to_decide": 0, "by_symmetry": "the hands, not the seats, decide who starts"}}}}},
     "Playable. Fair by the rules: The hands, not the seats, decide who starts."),
    ({"verdict": "not playable", "reasons": ["balance (--strict): game of luck"], "tests": [], "balance": {}},
     "Not playable under Strict (its balance findings fail the check)."),
    ({"verdict": "not playable", "reasons": ["the pieces do not fit the box"], "tests": [], "balance": {}},
     "Not playable: the pieces do not fit the box."),
    ({"verdict": "undecided", "reasons": [], "balance": {},
      "tests": [{"configuration": "2 players", "test": "check.min_first_move_share", "outcome": "undecided",
                 "games_to_decide": 73},
                {"configuration": "2 players", "test": "check.min_placed_share", "outcome": "pass",
                 "games_to_decide": 5}],
      "undecided": ["2 players: games whose first turn can place a stone 100.0% (83.9%-100.0%), minimum 95.0% "
                    "(check.min_first_move_share): undecided; about 73 games would decide it (--games)"]},
     "Playability not decided yet: whether games whose first turn can place a stone reach the minimum of 95 % "
     "(two-player games: 100 % (from 84 % to 100 %)) is open; about 73 games would decide it (raise Games)."),
])
def test_the_headline_says_the_verdict_and_fairness_in_plain_words(result: dict[str, Any], expected: str) -> None:
    assert headline(result) == expected


def _balanced(verdict: str, seat: str, luck: str | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {"verdict": verdict, "balance": {"configurations": {"2 players": {
        "seat_advantage": {"estimate": 0.1, "low": 0.0, "high": 0.2, "limit": 0.1, "outcome": seat}}}}}
    if luck:
        result["balance"]["skill"] = {"greedy v random": {"luck_test": {"outcome": luck}}}
    return result


@pytest.mark.parametrize(("result", "expected"), [
    (_balanced("playable", "pass"), "good"),
    (_balanced("playable", "fail"), "bad"),  # playable but not fair: never green
    (_balanced("playable", "undecided"), "open"),
    (_balanced("playable", "pass", luck="fail"), "bad"),
    (_balanced("undecided", "pass"), "open"),
    (_balanced("not playable", "pass"), "bad"),
])
def test_the_headline_is_coloured_by_its_worst_sentence(result: dict[str, Any], expected: str) -> None:
    assert tone(result) == expected


@pytest.mark.parametrize(("line", "expected"), [
    ("2 players: games place 20.0% (-53.9%-76.5%) of the stones, minimum 50.0% (check.min_placed_share)",
     "2 players: games place 20 % (from -54 % to 77 %) of the stones, minimum 50 % (check.min_placed_share)"),
    ("seat advantage, 2 players: seat 1 wins 75.0%, seat 2 25.0%: advantage 50.0% (6.3%-77.6%), limit 10.0% "
     "(check.max_seat_advantage): undecided; about 20 games would decide it (--games)",
     "seat advantage, 2 players: seat 1 wins 75 %, seat 2 25 %: advantage 50 percentage points (from 6 to 78), "
     "limit 10 percentage points (check.max_seat_advantage): undecided; about 20 games would decide it (raise Games)"),
])
def test_the_details_say_per_cents_and_intervals_in_words(line: str, expected: str) -> None:
    assert details({"undecided": [line]}) == [expected]


def test_only_the_last_check_folders_are_kept(client: TestClient, workspace: Path) -> None:
    checks = workspace / "studio-output" / "checks"
    for number in range(MAX_JOBS_KEPT + 5):  # left by earlier runs of the studio
        (checks / f"old{number:02d}").mkdir(parents=True)
        (checks / f"old{number:02d}" / "games.jsonl").write_text("{}", encoding="utf-8")
        time.sleep(0.01)
    status = run(client, "rautino", games=2, players=1, skill_games=0)
    assert status["state"] == "done"
    kept = sorted(p.name for p in checks.iterdir())
    assert len(kept) == MAX_JOBS_KEPT and status["id"] in kept
    assert "old00" not in kept and f"old{MAX_JOBS_KEPT + 4:02d}" in kept  # the newest stay


def test_jobs_whose_process_is_gone_are_reaped_and_free_their_places(tmp_path: Path) -> None:
    import subprocess
    import sys

    from pnp.studio.jobs import MAX_RUNNING, CheckJob, CheckJobs, CheckSettings

    jobs = CheckJobs(tmp_path)
    for number in range(MAX_RUNNING):  # "running", but their process ended and nobody follows it
        gone = subprocess.Popen([sys.executable, "-c", "pass"])
        gone.wait()
        job = CheckJob(f"gone{number}", "rautino", tmp_path / "checks" / f"gone{number}", 1, 1)
        job._process = gone
        jobs._jobs[job.id] = job
    text = (ROOT / "templates" / "rautino.toml").read_text(encoding="utf-8")
    started = jobs.start("rautino", text, CheckSettings(games=1, players=1, skill_games=0))
    try:
        assert started.state == "running"
        assert [jobs.get(f"gone{n}").state for n in range(MAX_RUNNING)] == ["failed"] * MAX_RUNNING
        assert "ended without a result" in (jobs.get("gone0").error or "")
    finally:
        jobs.shutdown()


@pytest.mark.parametrize("name", game_registry.names())
def test_every_player_count_the_studio_offers_can_be_checked(name: str) -> None:
    from pnp.check.options import CheckOptions

    game = game_registry.get(name)
    model = game.load(None)
    for players in game.players:
        configurations = game.simulation.configurations(model, CheckOptions(players=players))
        assert {c.players for c in configurations} == {players}


def test_a_sweep_checks_every_variant_and_refuses_bad_fields_before_it_starts(client: TestClient) -> None:
    spec = client.get("/api/spec", params={"id": "shipped:rautino"}).json()
    for vary in (None, [{"field": "game.hand_size"}], [{"field": "x\ny", "values": "1"}],
                 [{"field": "game.hand_size", "values": "1;rm"}], []):
        refused = client.post("/api/sweep", json={"id": spec["id"], "text": spec["text"], "vary": vary})
        assert refused.status_code == 400 and "\n" not in refused.json()["error"]
    job = client.post("/api/sweep", json={"id": spec["id"], "text": spec["text"], "games": 4, "players": 2,
                                          "vary": [{"field": "game.hand_size", "values": "2,3"}]}).json()
    deadline = time.monotonic() + 240
    while (status := client.get(f"/api/check/{job['id']}").json())["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.3)
    assert status["state"] == "done" and status["kind"] == "sweep", status
    result = status["result"]
    assert [v["values"] for v in result["variants"]] == [{"game.hand_size": 2}, {"game.hand_size": 3}]
    report = client.get(status["report"]).text
    assert "sweep" in report and not re.search(r"--(games|strict|confidence|players|preset)\b", report)



@pytest.mark.parametrize(("vary", "said"), [
    ([{"field": "game.hand_size", "values": "1..300"}, {"field": "stones[0].count", "values": "1..300"},
      {"field": "stones[1].count", "values": "1..300"}],
     "27,000,000 variants (every combination of the values), more than the 10,000 a sweep runs: give fewer values"),
    ([{"field": "game.hand_size", "values": "2", "label": "Hand size"},
      {"field": "game.hand_size", "values": "3", "label": "Hand size"}],
     "Hand size: picked in two fields; pick each field once"),
    ([{"field": "board.stone_clearance_mm", "values": "0.1..0.5"}],
     "board.stone_clearance_mm: '0.1..0.5' is a range; a decimal field takes a list such as 0.3,0.4,0.5 "
     "(ranges such as 1..4 are for whole numbers)"),
    ([{"field": "game.hand_size", "values": "true", "label": "Game · Hand size"}],
     "Game · Hand size: true is not a whole number like its value now, 3"),
    ([{"field": "game.no_such", "values": "2", "label": "Game · No such"}], "Game · No such: no field 'no_such'"),
])
def test_a_sweep_is_refused_in_the_pages_words_before_any_job_starts(client: TestClient, workspace: Path,
                                                                     vary: list[dict[str, str]], said: str) -> None:
    spec = client.get("/api/spec", params={"id": "shipped:rautino"}).json()
    refused = client.post("/api/sweep", json={"id": spec["id"], "text": spec["text"], "vary": vary})
    assert refused.status_code == 400 and refused.json()["error"].startswith(said), refused.json()
    assert "--" not in refused.json()["error"] and "\n" not in refused.json()["error"]
    assert not (workspace / "studio-output" / "checks").exists() or not any(
        (workspace / "studio-output" / "checks").iterdir())  # no job, no folder


def test_a_preset_of_the_game_starts_a_check(client: TestClient) -> None:
    status = run(client, "triomino", games=2, players=2, skill_games=0, preset="classic")
    assert status["state"] == "done", status


def test_the_studio_check_and_sweep_pass_the_command_lines_default_tolerance(client: TestClient) -> None:
    """One default tolerance (pnp.budget) for the command line and the studio: the studio's check and sweep
    hand it to `pnp check` / `pnp sweep`, a request may set its own, and an out-of-range one is one line."""
    from hostile_helpers import run as cli

    from pnp.budget import DEFAULT_TOLERANCE
    from pnp.studio.jobs import CheckSettings, SweepSettings

    def tolerance(arguments: list[str]) -> float:
        return float(arguments[arguments.index("--tolerance") + 1])

    assert DEFAULT_TOLERANCE > 0
    assert tolerance(CheckSettings().arguments()) == DEFAULT_TOLERANCE
    assert tolerance(SweepSettings((("game.hand_size", "2,3"),)).arguments()) == DEFAULT_TOLERANCE
    assert tolerance(SweepSettings((("game.hand_size", "2,3"),), tolerance=0.05).arguments()) == 0.05
    for command in ("check", "sweep", "tune"):
        assert re.search(rf"--tolerance FLOAT RANGE.*?\[default: {DEFAULT_TOLERANCE}; ", cli(command, "--help").output,
                         re.S)
    assert client.get("/api/games").json()["tolerance"] == DEFAULT_TOLERANCE
    spec = client.get("/api/spec", params={"id": "shipped:rautino"}).json()
    for path, extra in (("/api/check", {}), ("/api/sweep", {"vary": [{"field": "game.hand_size", "values": "2,3"}]})):
        for bad, needle in ((0.7, "tolerance: between 0 and 0.5; got 0.7"),
                            ("x", "tolerance: must be a number such as 0.02")):
            refused = client.post(path, json={"id": spec["id"], "text": spec["text"], "tolerance": bad, **extra})
            assert refused.status_code == 400 and refused.json()["error"] == needle


def test_the_studio_decides_as_the_games_come_in_unless_a_number_is_given(client: TestClient) -> None:
    """Games default to auto (`pnp check --games auto` within the budget the form sets); a number is a
    fixed count; anything else is one line. Either way the first games of each player count are kept."""
    from pnp.budget import DEFAULT_MAX_GAMES
    from pnp.studio.jobs import CheckSettings
    from pnp.studio.replays import MAX_LOGGED_GAMES

    assert CheckSettings().arguments()[:4] == ["--games", "auto", "--max-games", str(DEFAULT_MAX_GAMES)]
    assert CheckSettings(games=30).arguments()[:2] == ["--games", "30"]
    assert client.get("/api/games").json()["auto_max_games"] == DEFAULT_MAX_GAMES
    status = run(client, "rautino", players=2, max_games=100, skill_games=0)
    assert status["state"] == "done", status
    assert status["games"] == "auto"
    looks = status["result"]["sequential"]
    assert looks["games"] <= 100
    # Each verdict names the look (games per player count) that gave it, within the games played there.
    for test, games in looks["decided_at"].items():
        label = test.split(":")[0]
        assert games <= looks["games_per_configuration"].get(label, looks["games"]), (test, games)
    listed = client.get(f"/api/check/{status['id']}/games").json()
    assert listed["configuration_count"] == min(looks["games"], MAX_LOGGED_GAMES)
    spec = client.get("/api/spec", params={"id": "shipped:rautino"}).json()
    for bad, needle in (("lots", "games: a number of games, or auto"), (0, "games: between 1 and"),
                        (True, "games: a number of games, or auto")):
        refused = client.post("/api/check", json={"id": spec["id"], "text": spec["text"], "games": bad})
        assert refused.status_code == 400 and refused.json()["error"].startswith(needle), refused.json()
        assert "\n" not in refused.json()["error"]
    refused = client.post("/api/check", json={"id": spec["id"], "text": spec["text"], "max_games": 0})
    assert refused.status_code == 400 and refused.json()["error"].startswith("At most: between 1 and")


def test_an_auto_check_says_after_how_many_games_it_decided_or_that_its_budget_ran_out() -> None:
    decided = {"sequential": {"games": 400, "max_games": 6400, "decided": True}}
    assert details(decided)[-1] == "Decided after 400 games per player count, as the games came in (at most 6,400)."
    still_open = {"sequential": {"games": 100, "max_games": 100, "decided": False}}
    assert details(still_open)[-1].startswith("Still open after 100 games per player count, the most")
    assert details({}) == []
    each = {"sequential": {"games": 1050, "max_games": 6400, "decided": True,
                           "games_per_configuration": {"1 player": 200, "2 players": 1050},
                           "decided_at": {"2 players: check.max_seat_advantage": 1050,
                                          "1 player: check.min_placed_share": 50}}}
    assert details(each) == [
        "Decided as the games came in: 1 player after 200, 2 players after 1,050 games (at most 6,400 per player "
        "count).",
        "Each verdict came after: 50 games: check.min_placed_share (1 player); "
        "1,050 games: check.max_seat_advantage (2 players)."]
    named = {**each, "game": "rautino"}  # a game's tests named as the studio's form labels their fields
    assert details(named)[-1] == ("Each verdict came after: 50 games: least share of stones placed (1 player); "
                                  "1,050 games: largest seat advantage (2 players).")


def test_experts_in_every_seat_reach_the_check_and_a_level_it_does_not_know_is_one_line(client: TestClient) -> None:
    from pnp.studio.jobs import CheckSettings

    assert CheckSettings(seat_levels=("expert",)).arguments()[-2:] == ["--seat-levels", "expert"]
    assert "--seat-levels" not in CheckSettings().arguments()
    status = run(client, "rautino", games=4, players=2, skill_games=0, seat_levels=["expert"])
    assert status["state"] == "done", status
    [seats] = status["result"]["balance"]["seats_by_level"]
    assert (seats["configuration"], seats["level"]) == ("2 players", "expert")
    spec = client.get("/api/spec", params={"id": "shipped:rautino"}).json()
    for bad, needle in ((["wizard"], "seat levels: 'wizard' is not a level; levels: beginner, good"),
                        ("expert", "seat levels: a list of up to 5 level names")):
        refused = client.post("/api/check", json={"id": spec["id"], "text": spec["text"], "seat_levels": bad})
        assert refused.status_code == 400 and refused.json()["error"].startswith(needle), refused.json()


AUTO_HINT = ("seat advantage, 2 players: seat 1 wins 60.0%, seat 2 40.0%: advantage 20.0% (-5.0%-45.0%), limit 10.0% "
             "(check.max_seat_advantage): undecided; about 900 games would decide it (--max-games)")


def test_a_hint_names_the_field_of_the_form_that_plays_more_games() -> None:
    """Under games auto the field that plays more is "At most"; a sweep's games are "Games per variant"."""
    from pnp.studio.words import studio_words

    assert details({"balance": {"undecided": [AUTO_HINT]}, "sequential": {}})[0].endswith(
        "about 900 games would decide it (raise “At most”)")
    fixed = "2 players: x: undecided; about 73 games would decide it (--games)"
    luck = "game of luck: x: undecided; about 40 games would decide it (--skill-games)"
    assert studio_words(fixed).endswith("(raise Games)") and studio_words(luck).endswith("(raise Skill games)")
    assert studio_words(fixed, sweep=True).endswith("(raise Games per variant)")
    assert studio_words(luck, sweep=True).endswith("(raise Games per variant)")  # a quarter of them
    assert studio_words("the budget (--max-games) spent, some tests open") == \
        "the budget (“At most”) spent, some tests open"


def test_an_auto_headline_asks_for_more_at_most_not_more_games() -> None:
    result = {"verdict": "playable", "reasons": [], "tests": [], "sequential": {"games": 6400, "decided": False},
              "balance": {"configurations": {"2 players": {
                  "seat_win_shares": [{"estimate": 0.6, "low": 0.5, "high": 0.7},
                                      {"estimate": 0.4, "low": 0.3, "high": 0.5}],
                  "seat_advantage": {"estimate": 0.2, "low": -0.05, "high": 0.45, "limit": 0.1,
                                     "outcome": "undecided", "games_to_decide": 900}}}}}
    assert headline(result).endswith("about 900 games would decide it (raise “At most”).")
    assert "(raise Games)" in headline({**result, "sequential": None})


def test_a_sweeps_reasons_speak_the_sweep_forms_words() -> None:
    from pnp.studio.words import sweep_words

    result = {"games": "auto", "variants": [{"variant": 1, "reasons": [f"undecided: {AUTO_HINT}"]}]}
    (reason,) = sweep_words(result)["variants"][0]["reasons"]
    assert reason.endswith("(raise “At most”)") and "--" not in reason and "20 percentage points" in reason
