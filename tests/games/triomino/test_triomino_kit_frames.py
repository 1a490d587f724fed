"""A Triomino record's steps as the replay and the play page read them: a pass says how many tiles
were drawn before it in words ("draws no tile", "draws 1 tile"), never a number that reads as a tile."""

from __future__ import annotations

from pnp.games.triomino.kit.frames import frames


def test_a_pass_and_a_placement_say_how_many_tiles_were_drawn_in_words() -> None:
    turns = [{"player": 0, "tile": [5, 5, 5], "start": True, "draws": [], "score": {"total": 25}},
             {"player": 1, "tile": None, "draws": [], "score": {"total": -10}},
             {"player": 0, "tile": None, "draws": [[1, 2, 3]], "score": {"total": -5}},
             {"player": 1, "tile": [2, 2, 2], "draws": [[1, 1, 1], [2, 2, 2]], "score": {"total": 2}},
             {"player": 0, "tile": None, "draws": [[0, 0, 1], [0, 1, 1], [1, 1, 4]], "score": {"total": -25}},
             {"player": 1, "tile": [0, 1, 2], "draws": [[0, 1, 2]], "score": {"total": 3}}]
    record = {"players": 2, "rounds": [{"round": 1, "turns": turns}]}
    texts = [frame.text for frame in frames(None, record, named={1})]  # the tiles drawn: player 2's only
    assert texts == ["round 1, turn 1: player 1 opens with 5-5-5",
                     "round 1, turn 2: player 2 draws no tile and passes",
                     "round 1, turn 3: player 1 draws 1 tile, none fits, and passes",
                     "round 1, turn 4: player 2 after drawing 2 tiles (1-1-1, 2-2-2) plays 2-2-2",
                     "round 1, turn 5: player 1 draws 3 tiles, none fits, and passes",
                     "round 1, turn 6: player 2 after drawing 1 tile (0-1-2) plays 0-1-2"]
    replay = [frame.text for frame in frames(None, record)]  # a replay names every seat's
    assert replay[4] == "round 1, turn 5: player 1 draws 3 tiles (0-0-1, 0-1-1, 1-1-4), none fits, and passes"


def test_a_penalty_is_shown_as_the_points_it_takes_signed() -> None:
    turns = [{"player": 0, "tile": [5, 5, 5], "start": True, "draws": [], "score": {"total": 25}},
             {"player": 1, "tile": None, "draws": [[1, 2, 3]] * 3, "score": {"penalty": 25, "total": -25}}]
    (_, passed) = frames(None, {"players": 2, "rounds": [{"round": 1, "turns": turns}]})
    assert passed.score == [("penalty", -25), ("total", -25)]


def test_a_persons_forced_draws_at_the_start_name_the_tiles_a_computers_do_not() -> None:
    from pnp.games.triomino.model import load
    from pnp.games.triomino.table import TriominoTable

    table = TriominoTable(load(None), ["human", "greedy", "human"], 5, "classic")  # player 3 passes at once
    steps = table.frames(table.record())
    passed = steps[-1]
    assert passed.seat == 2 and passed.text.startswith("round 1, turn 2: player 3 draws 3 tiles ("), passed.text
    drawn = table.record()["rounds"][0]["turns"][-1]["draws"]
    assert ", ".join("-".join(map(str, tile)) for tile in drawn) in passed.text
    assert ("penalty", -25) in passed.score
    computers = TriominoTable(load(None), ["greedy", "random"], 5, "classic")
    while not computers.over:
        computers.computer_move()
    texts = [step.text for step in computers.frames(computers.record())]
    assert any(" draws " in text or " drawing " in text for text in texts)  # draws made, their tiles unnamed
    assert not any("(" in text for text in texts), texts


def test_the_replays_board_of_the_first_step_heads_its_one_tile_in_the_singular() -> None:
    from pnp.draw.svg import render_svg
    from pnp.games.triomino.kit.report import final_board
    from pnp.games.triomino.model import load
    from pnp.games.triomino.table import TriominoTable

    model = load(None)
    table = TriominoTable(model, ["greedy", "greedy"], 5, None)
    table.computer_move()
    first = table.frames(table.record())[0]
    svg = render_svg(final_board(model, first.record)).decode("utf-8")
    assert "Round 1: 1 tile · scores" in svg, svg[:2000]
