"""A game left before its end: each game's independent validator replays a record marked
`"end": "abandoned"` up to where it stops, and refuses a record that stops early without the mark,
a mark on a game that had ended, and any other end where the rules name none."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from pnp import games as registry
from pnp.check import replay as driver
from pnp.games.rautino import replay as rautino_replay
from pnp.games.triomino import replay as triomino_replay
from pnp.games.zatre import replay as zatre_replay
from pnp.play.games import playable

PRESETS = {"rautino": None, "zatre": None, "triomino": "classic"}
SEATS = {"rautino": ["greedy", "random"], "zatre": ["greedy", "random"], "triomino": ["greedy", "random"]}


def table_after(game: str, moves: int, seed: int = 2) -> Any:
    """A table of computer seats stopped after `moves` decisions (before its end)."""
    model = registry.get(game).load(None)
    table = playable(game)[1](model, SEATS[game], seed, PRESETS[game])
    for _ in range(moves):
        table.computer_move()
        assert not table.over
    return table


VALIDATORS = {"rautino": rautino_replay.REPLAY, "zatre": zatre_replay.REPLAY, "triomino": triomino_replay.REPLAY}


def problem(game: str, record: dict[str, Any], out: io.StringIO | None = None) -> str | None:
    """What the game's own validator finds wrong with the record, or None."""
    return driver.problem(VALIDATORS[game], registry.get(game).load(None), record, out)


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
@pytest.mark.parametrize("moves", [0, 1, 7])
def test_an_abandoned_record_replays_up_to_where_it_stops(game: str, moves: int) -> None:
    table = table_after(game, moves)
    record = table.left_record()
    assert record["end"] == driver.ABANDONED
    out = io.StringIO()
    assert problem(game, record, out) is None
    assert "abandoned" in out.getvalue()
    assert record["final_scores"] == list(table.scores)


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_a_record_that_stops_early_without_the_mark_is_refused(game: str) -> None:
    record = table_after(game, 5).left_record()
    truncated = {key: value for key, value in record.items() if key != "end"}
    wrong = problem(game, truncated)
    assert wrong is not None and "abandoned" not in wrong, wrong


def test_a_rautino_record_that_stops_early_with_an_end_of_the_rules_is_refused() -> None:
    record = table_after("rautino", 5).left_record()
    for end in ("stack empty", "board full", "no stone fits"):
        assert problem("rautino", {**record, "end": end}) is not None


@pytest.mark.parametrize("game", ["zatre", "triomino"])
def test_no_end_but_abandoned_is_named_where_the_rules_name_none(game: str) -> None:
    record = table_after(game, 5).left_record()
    wrong = problem(game, {**record, "end": "quit"})
    assert wrong is not None and wrong.startswith("end: 'quit'") and "'abandoned'" in wrong, wrong


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_a_finished_game_marked_abandoned_is_refused(game: str) -> None:
    model = registry.get(game).load(None)
    table = playable(game)[1](model, SEATS[game], 2, PRESETS[game])
    while not table.over:
        table.computer_move()
    record = table.record()
    assert problem(game, record) is None
    assert problem(game, {**record, "end": driver.ABANDONED}) is not None


@pytest.mark.parametrize("game", ["rautino", "zatre", "triomino"])
def test_pnp_replay_says_the_game_was_abandoned(game: str, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from pnp.cli import main

    path = tmp_path / "left.jsonl"
    record = {"pnp_game": game, "game": 1, **table_after(game, 4).left_record()}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", game, str(path)])
    assert result.exit_code == 0, result.output
    assert f"valid {game} game 1 (line 1): 2 players, abandoned, scores so far" in result.output
    truncated = {key: value for key, value in record.items() if key != "end"}
    path.write_text(json.dumps(truncated) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", game, str(path)])
    assert result.exit_code == 1 and "INVALID" in result.output, result.output


def test_a_zatre_game_left_during_a_turn_keeps_its_whole_turns() -> None:
    model = registry.get("zatre").load(None)
    table = playable("zatre")[1](model, ["human", "human"], 4, None)
    for _ in range(3):  # whole turns: the first tile of each legal turn the hints lead to, until it ends
        turns = table.moves_made()
        while table.moves_made() == turns:
            table.move({"piece": 0, "place": table.hints(0, False)[0]} if table.hints(0, False)
                       else {"piece": 1, "place": table.hints(1, False)[0]})
    table.move({"piece": 0, "place": table.hints(0, False)[0]})  # one tile of a turn of two
    assert table.pending and table.state.drawn_now
    record = table.left_record()
    assert len(record["turns"]) == 3
    assert problem("zatre", record) is None


def test_a_triomino_game_left_after_a_draw_replays_without_the_draw() -> None:
    model = registry.get("triomino").load(None)
    table = None
    for seed in range(40):
        table = playable("triomino")[1](model, ["human", "human"], seed, "seed")
        while not table.over and table.phase != "drawn":
            piece, turned, place = next((p, t, c) for p in range(len(table.offered())) for t in range(3)
                                        for c in table.hints(p, t))
            table.move({"piece": piece, "turned": turned, "place": place})
        if table.phase == "drawn":
            break
    assert table is not None and table.phase == "drawn"
    assert problem("triomino", table.left_record()) is None
