"""Triomino: placement counts against brute force, checker, records and replay, CLI and bad specs."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check.options import CheckOptions
from pnp.check.protocol import Configuration, Deal, numbered
from pnp.check.replay import problem
from pnp.check.simulate import play_deal
from pnp.check.simulate import records as played_records
from pnp.cli import main
from pnp.games.triomino import checker, engine
from pnp.games.triomino import model as m
from pnp.games.triomino.players import random_legal
from pnp.games.triomino.replay import REPLAY
from pnp.games.triomino.state import play_game
from pnp.geometry import trigrid as tg
from pnp.spec import template_path

MODEL = m.load()
TILES = [t.numbers for t in MODEL.tiles]


# --- placement counts against a brute-force enumerator ------------------------------------------

def brute_force_moves(board: dict, hand: list[int], rules: m.Rules) -> set:
    """Every (cell, tile, numbers) that is legal, found by trying every cell near the table."""
    cols = [c for c, _ in board]
    rows = [r for _, r in board]
    found = set()
    for c in range(min(cols) - 2, max(cols) + 3):
        for r in range(min(rows) - 2, max(rows) + 3):
            cell = (c, r)
            if cell in board or not any(n in board for n in tg.neighbours(cell)):
                continue
            for tile in hand:
                for rotation in range(3):
                    t = TILES[tile]
                    numbers = (t[rotation], t[(rotation + 1) % 3], t[(rotation + 2) % 3])
                    if _legal(board, cell, numbers, rules):
                        found.add((cell, tile, numbers))
    return found


def _legal(board: dict, cell: tuple, numbers: tuple, rules: m.Rules) -> bool:
    mine = dict(zip(tg.corners(cell), numbers, strict=True))
    for other, theirs in board.items():
        their_points = dict(zip(tg.corners(other), theirs, strict=True))
        shared = set(mine) & set(their_points)
        must_match = len(shared) == 2 or (len(shared) == 1 and rules.corner_contacts_must_match)
        if must_match and any(mine[p] != their_points[p] for p in shared):
            return False
    return True


def random_positions(rules, seed: int, games: int, steps: int, hand_sizes: Sequence[int]
                     ) -> Iterator[tuple[engine.Table, dict, list[int], list[int]]]:
    """Positions of random games: each step yields (table, board as cell -> numbers, hand, the
    other tiles), then lays a random legal tile of the hand, or, when none fits, turns the rest so
    that other tiles come to hand. Every game starts with a random tile in the middle."""
    fit = engine.FitTable(TILES)
    rng = random.Random(seed)
    for _game in range(games):
        order = list(range(len(TILES)))
        rng.shuffle(order)
        first, rest = order[0], order[1:]
        table = engine.Table(rules, fit)
        table.place((0, 0), TILES[first])
        board = {(0, 0): TILES[first]}
        for _step in range(steps):
            size = rng.choice(hand_sizes)
            hand = rest[:size]
            yield table, board, hand, rest[size:]
            move = random_legal(table, hand, rng)
            if move is None:
                rest = rest[size:] + rest[:size]
                continue
            table.place(move.cell, move.numbers)
            board[move.cell] = move.numbers
            rest.remove(move.tile)


@pytest.mark.parametrize("preset", ["seed", "classic"])
def test_placement_lists_match_a_brute_force_enumerator(preset):
    rules = MODEL.rules(preset)
    checked = 0
    for table, board, hand, _ in random_positions(rules, seed=5, games=4, steps=20, hand_sizes=[12]):
        moves = table.moves(hand)
        got = {(mv.cell, mv.tile, mv.numbers) for mv in moves}
        assert len(got) == len(moves)  # no placement listed twice
        assert got == brute_force_moves(board, hand, rules)
        checked += 1
    assert checked == 80


@pytest.mark.parametrize("preset", ["seed", "classic"])
def test_best_move_is_the_first_highest_scoring_move_of_the_list(preset):
    # The greedy player's shortcut must choose as a scan of the full move list would.
    compared = 0
    for table, _, hand, _ in random_positions(MODEL.rules(preset), seed=9, games=6, steps=40,
                                              hand_sizes=[1, 3, 9, 15]):
        moves = table.moves(hand)
        best = table.best_move(hand)
        if not moves:
            assert best is None
            continue
        totals = [table.score(mv).total for mv in moves]
        first_best = moves[totals.index(max(totals))]
        assert best == first_best
        assert table.score(best) == table.score(first_best)
        compared += 1
    assert compared > 150


@pytest.mark.parametrize("preset", ["seed", "classic"])
def test_a_best_reply_rescored_around_the_move_equals_a_full_search_after_it(preset):
    # The lookahead rescores only the cells around a candidate's corners; a full search must agree.
    compared = 0
    for table, _, hand, others in random_positions(MODEL.rules(preset), seed=13, games=4, steps=30,
                                                   hand_sizes=[6]):
        replies = table.reply_values(others)
        for move in table.moves(hand):
            after = table.copy()
            after.place(move.cell, move.numbers)
            reply = after.best_move(others)
            assert table.best_reply(move, others, replies) == (after.move_value(reply) if reply else 0)
            compared += 1
    assert compared > 300


@pytest.mark.parametrize("fault", ["rotation", "tile", "cell"])
def test_a_player_asking_for_an_illegal_move_stops_the_game(fault):
    def faulty(table, tiles, rng):
        move = table.best_move(tiles)
        if move is None:
            return None
        if fault == "rotation":  # the tile turned by one corner: its edges no longer match
            turned = (move.rotation + 1) % 3
            return move._replace(rotation=turned, numbers=engine.oriented(TILES[move.tile], turned))
        if fault == "tile":  # a tile the player does not hold
            return move._replace(tile=next(t for t in range(len(TILES)) if t not in tiles))
        return move._replace(cell=(move.cell[0] + 40, move.cell[1]))  # far from the table

    with pytest.raises(ValueError, match="illegal move"):
        play_game(MODEL, MODEL.rules("seed"), [faulty, faulty], 3)


def test_fixed_position_counts():
    rules = MODEL.rules("seed")
    table = engine.Table(rules, engine.FitTable(TILES))
    table.place((0, 0), (5, 5, 5))
    # Three open edges, each 5-5: the tiles with 5 then 5 clockwise are x-5-5 (x = 0..5), one way each.
    counts = dict.fromkeys(table.frontier, 0)
    for mv in table.moves(range(len(TILES))):
        counts[mv.cell] += 1
    assert counts == dict.fromkeys(counts, 6) and len(counts) == 3


# --- checker ----------------------------------------------------------------------------------

def test_static_checks_of_the_classic_set():
    figures, failures, warnings = checker.static_checks(MODEL)
    assert failures == []
    kinds = (figures["tiles"], figures["triples"], figures["with_a_pair"], figures["three_numbers"])
    assert kinds == (56, 6, 30, 20)
    assert figures["tiles_per_number"] == {str(n): 21 for n in range(6)}
    assert figures["corner_total"] == 420
    assert figures["edge_pairs"]["0-0"] == 8 and figures["edge_pairs"]["1-0"] == 2
    assert not figures["missing_edge_pairs"]
    gaps = figures["unfillable_gaps"]
    assert gaps["three_corners"] == 20 and "0-2-1" in gaps["examples"] and gaps["fewer_corners"] == 0
    assert any("mirror" in w for w in warnings)


def write_spec(tmp_path: Path, replace: dict[str, str]) -> Path:
    text = template_path("triomino").read_text(encoding="utf-8")
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "triomino.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_mirror_tiles_leave_no_gap_unfillable(tmp_path):
    model = m.load(write_spec(tmp_path, {"mirror_tiles = false": "mirror_tiles = true"}))
    figures, failures, _ = checker.static_checks(model)
    assert figures["tiles"] == 76 and failures == [] and figures["unfillable_gaps"]["three_corners"] == 0


def test_duplicates_and_missing_edges_fail_the_set(tmp_path):
    kept = [t for t in TILES if t.count(5) < 2]  # no tile with two 5s: nothing continues a 5-5 edge
    tiles = ", ".join(f"[{a}, {b}, {c}]" for a, b, c in kept) + ", [1, 0, 0]"
    model = m.load(write_spec(tmp_path, {"# list = [[0, 0, 0], [0, 0, 1], ...]": f"list = [{tiles}]"}))
    figures, failures, _ = checker.static_checks(model)
    assert not figures["unique"] and any("more than once" in f and "0-0-1" in f for f in failures)
    assert "5-5" in figures["missing_edge_pairs"] and any("5-5" in f for f in failures)
    report = checker.check(model, CheckOptions(games=2, workers=1))
    assert not report.playable and report.simulation == {}


def test_check_report_and_records_replay_through_the_independent_validator():
    options = CheckOptions(games=3, seed=4, players=2, workers=1, skill_games=2)
    report = checker.check(MODEL, options)  # 3 games decide no verdict: only the figures are checked
    assert set(report.simulation) == {"2 players, seed", "2 players, classic"}
    figures = report.simulation["2 players, seed"]
    assert figures["games"] == 3 and figures["rounds_gone_out"] + figures["rounds_blocked"] == 3
    records = list(played_records(checker.SIMULATION, MODEL, options))  # with the skill matrix's games
    matches = len(checker.SIMULATION.players) * (len(checker.SIMULATION.players) - 1) // 2
    assert [r["game"] for r in records] == list(range(6 + options.games_per_match * matches))
    assert {seat for record in records for seat in record["seats"]} == set(checker.SIMULATION.players)
    for record in records:
        assert {"game", "seed", "players", "final_scores", "rounds"} <= set(record)
        assert all(isinstance(s, int) for s in record["final_scores"])
        json.dumps(record)
        assert problem(REPLAY, MODEL, record, io.StringIO()) is None
    classic = [r for r in records if r["preset"] == "classic"]
    assert all(max(r["final_scores"]) >= 400 for r in classic)


def play_one(model, preset: str, seed: int, number: int = 0) -> dict:
    deal = Deal(number, number, seed, Configuration(2, ("greedy", "greedy"), preset))
    return numbered(play_deal(checker.SIMULATION, model, deal).full_record(), "triomino", deal)


def game_record(preset: str = "seed", seed: int = 9) -> dict:
    return play_one(MODEL, preset, seed)


def first_placement(record: dict) -> tuple[int, dict]:
    turns = record["rounds"][0]["turns"]
    index = next(i for i, t in enumerate(turns) if i > 0 and t.get("tile") and not t["draws"])
    return index, turns[index]


@pytest.mark.parametrize(("tamper", "rule"), [
    (lambda t: t["score"].__setitem__("total", t["score"]["total"] + 1), "wrong score"),
    (lambda t: t["score"].__setitem__("bridge", 40), "wrong score"),
    (lambda t: t.__setitem__("cell", [t["cell"][0] + 40, t["cell"][1]]), "no tile along an edge"),
    (lambda t: t.__setitem__("cell", [0, 0]), "already taken"),
    (lambda t: t.__setitem__("player", 1 - t["player"]), "turn"),
])
def test_tampered_records_are_named_with_turn_and_rule(tamper, rule):
    record = game_record()
    index, turn = first_placement(record)
    tamper(turn)
    wrong = problem(REPLAY, MODEL, record, io.StringIO())
    assert wrong is not None and f"round 1, turn {index + 1}" in wrong and rule in wrong


def test_a_wrong_rotation_breaks_an_edge_match():
    record = game_record()
    index, turn = first_placement(record)
    turn["rotation"] = (turn["rotation"] + 1) % 3
    turn["tile"] = turn["tile"]
    wrong = problem(REPLAY, MODEL, record, io.StringIO())
    assert wrong is not None and f"turn {index + 1}" in wrong


def test_drawing_while_able_to_place_is_caught():
    record = game_record()
    _index, turn = first_placement(record)
    pool = record["rounds"][0]["deal"]["pool"]
    turn["draws"] = [pool[0]]
    wrong = problem(REPLAY, MODEL, record, io.StringIO())
    assert wrong is not None and "could place" in wrong



def test_the_replay_numbers_players_from_one_and_keeps_the_records_own():
    """People count players 1, 2, ...: every line the replay prints and every reason it gives does, as the
    play page and the Rautino and Zatre replays do; the record itself keeps its seats from 0."""
    record = game_record("classic", 3)
    kept = json.dumps(record, sort_keys=True)
    out = io.StringIO()
    assert problem(REPLAY, MODEL, record, out) is None
    text = out.getvalue()
    assert json.dumps(record, sort_keys=True) == kept
    assert "player 0" not in text and "[player 0" not in text, text
    opener = record["rounds"][0]["turns"][0]["player"]
    assert f"1. player {opener + 1} opens with" in text
    second = record["rounds"][0]["turns"][1]
    assert f"2. player {second['player'] + 1} " in text and f"[player {second['player'] + 1}: " in text
    ends = [r["end"] for r in record["rounds"] if r["end"]["reason"] == "out"]
    assert ends and f"(player {ends[0]['player'] + 1} goes out)" in text
    index, turn = first_placement(game_record())
    tampered = game_record()
    tampered["rounds"][0]["turns"][index]["player"] = 1 - turn["player"]
    wrong = problem(REPLAY, MODEL, tampered, io.StringIO())
    assert f"it is player {turn['player'] + 1}'s turn, not player {2 - turn['player']}'s" in wrong, wrong


def test_final_scores_are_rechecked():
    record = game_record("classic", 3)
    record["final_scores"][0] += 10
    assert "final scores" in problem(REPLAY, MODEL, record, io.StringIO())


# --- CLI ----------------------------------------------------------------------------------------

def test_cli_check_json_log_and_replay(tmp_path):
    log = tmp_path / "games.jsonl"
    runner = CliRunner()
    result = runner.invoke(main, ["check", "triomino", "--games", "2", "--players", "2", "--preset", "seed",
                                  "--workers", "1", "--skill-games", "0", "--json", "--log", str(log)])
    assert result.exit_code in (0, 3), result.output
    report = json.loads(result.output)
    assert report["verdict"] != "not playable" and list(report["simulation"]) == ["2 players, seed"]
    lines = log.read_text().splitlines()
    assert len(lines) == 2
    replayed = runner.invoke(main, ["replay", "triomino", str(log)])
    assert replayed.exit_code == 0, replayed.output
    assert "opens with" in replayed.output and "triomino: 2 records replayed, 0 invalid" in replayed.output

    record = json.loads(lines[1])
    index, turn = first_placement(record)
    turn["score"]["sum"] += 1
    lines[1] = json.dumps(record)
    log.write_text("\n".join(lines) + "\n")
    replayed = runner.invoke(main, ["replay", "triomino", str(log)])
    assert replayed.exit_code == 1
    assert f"INVALID triomino game 1 (line 2): round 1, turn {index + 1}: wrong score: sum" in replayed.output


def test_cli_unknown_preset_is_exit_2():
    result = CliRunner().invoke(main, ["check", "triomino", "--preset", "house", "--games", "1"])
    assert result.exit_code == 2 and "unknown preset 'house'" in result.output


@pytest.mark.parametrize(("replace", "field", "reason"), [
    ({"low = 0": "low = \"zero\""}, "tiles.low", "must be an integer"),
    ({"high = 5": "high = 5\ncolour = \"red\""}, "tiles.colour", "unknown field"),
    ({"size = 9 ": "# size = 9 "}, "hands.size", "missing"),
    ({"low = 0": "low = 7"}, "tiles.high", "must be at least low"),
    ({"# list = [[0, 0, 0], [0, 0, 1], ...]": "list = [[0, 0, 9]]"}, "tiles.list[0]", "between 0 and 5"),
    ({"# list = [[0, 0, 0], [0, 0, 1], ...]": "list = [[0, 1]]"}, "tiles.list[0]", "three integers"),
    ({"hexagon_bonuses = [50, 60, 70]": "hexagon_bonuses = [50, 60]"}, "presets.seed.hexagon_bonuses",
     "three integers"),
    ({'last_draw_penalty_is = "total"': 'last_draw_penalty_is = "sum"'}, "presets.seed.last_draw_penalty_is",
     "must be one of total, extra"),
    ({"draw_penalty = 5 ": "draw_penalty = -5 "}, "presets.seed.draw_penalty", "must be 0 or more"),
    ({'preset = "seed"': 'preset = "house"'}, "rules.preset", "must be one of"),
    ({"players = [2, 3, 4]": "players = [2, 9]"}, "check.players", "between 2 and 6"),
    ({"corner_contacts_must_match = false": "corner_contacts_must_match = 0"},
     "presets.seed.corner_contacts_must_match", "must be true or false"),
])
def test_bad_spec_is_one_line_with_file_field_reason_and_exit_2(tmp_path, replace, field, reason):
    path = write_spec(tmp_path, replace)
    result = CliRunner().invoke(main, ["check", "triomino", "--spec", str(path), "--games", "1"])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and f"{path}: {field}: " in lines[0] and reason in lines[0]
    assert "Traceback" not in result.output


def test_a_custom_preset_starts_from_a_built_in_one(tmp_path):
    house_table = '[presets.house]\nbased_on = "classic"\nbridge_bonus = 30\n\n[check]'
    path = write_spec(tmp_path, {"[check]": house_table})
    model = m.load(path)
    house = model.rules("house")
    assert house.bridge_bonus == 30 and house.corner_contacts_must_match and house.name == "house"


def blocked_record_ending_in_fruitless_draws() -> dict:
    """A `seed` game whose round ends blocked with tiles left, its last turn three draws and a pass."""
    for seed in range(200):
        record = game_record("seed", seed)
        round_ = record["rounds"][0]
        last = round_["turns"][-1]
        if round_["end"]["reason"] == "blocked" and round_["end"]["pool_left"] and len(last["draws"]) == 3:
            return record
    raise AssertionError("no such game in 200 seeds")


def test_passing_without_drawing_while_the_pool_has_tiles_is_caught():
    record = blocked_record_ending_in_fruitless_draws()
    assert problem(REPLAY, MODEL, record, io.StringIO()) is None
    round_ = record["rounds"][0]
    turn = round_["turns"][-1]
    # The same pass without drawing, every figure after it made consistent with that.
    drawn = sum(sum(t) for t in turn["draws"])
    penalty = turn["score"]["penalty"]
    turn["draws"] = []
    turn["score"] |= {"penalty": 0, "total": 0}
    player = turn["player"]
    round_["end"]["hand_totals"][player] -= drawn
    round_["scores"][player] += penalty
    record["final_scores"][player] += penalty
    wrong = problem(REPLAY, MODEL, record, io.StringIO())
    assert wrong is not None and f"turn {len(round_['turns'])}" in wrong and "pool" in wrong


@pytest.mark.parametrize("preset", ["seed", "classic"])
def test_games_without_drawing_end_and_replay(preset):
    from dataclasses import replace as changed

    rules = changed(MODEL.rules(preset), draw_limit=0, failed_draw_penalty=7, empty_pool_pass_penalty=3,
                    max_rounds=3)
    model = changed(MODEL, presets=MODEL.presets | {preset: rules})
    for seed in range(3):
        record = play_one(model, preset, seed, seed)
        turns = [t for r in record["rounds"] for t in r["turns"]]
        assert all(not t["draws"] for t in turns)
        assert all(t["score"]["penalty"] == 3 for t in turns if t.get("pass"))
        assert problem(REPLAY, model, record, io.StringIO()) is None


def test_the_seat_advantage_is_zero_by_symmetry_and_reported_so() -> None:
    """The hands, not the seats, pick the starter: giving every seat the next seat's hand plays the same game
    with the seats renamed (every player count, both presets), so the check reports the seat advantage as
    0 by symmetry instead of testing it; a mixed seating or a set where a tile and its mirror tie is not."""
    import dataclasses

    from pnp import games
    from pnp.check.options import CheckOptions
    from pnp.check.simulate import check
    from pnp.games.triomino.checker import SIMULATION, fit_table, seat_symmetry
    from pnp.games.triomino.players import seat_player
    from pnp.games.triomino.state import run_game

    model = games.get("triomino").load(None)
    for players in (2, 3, 4):
        for preset in ("seed", "classic"):
            for seed in range(8):
                played = run_game(model, model.rules(preset), [seat_player("random")] * players, seed,
                                  fit_table(model)).final_scores
                turned = run_game(model, model.rules(preset), [seat_player("random")] * players, seed,
                                  fit_table(model), seats=[(i + 1) % players for i in range(players)]).final_scores
                assert turned == [played[(i + 1) % players] for i in range(players)]
    report = check(SIMULATION, model, CheckOptions(games=10, players=2, skill_games=0, workers=1))
    entry = report.balance["configurations"]["2 players, seed"]["seat_advantage"]
    assert entry["by_symmetry"] and entry["estimate"] == 0 and entry["outcome"] == "pass"
    from pnp.check.report import balance_lines

    # In words the figure says why it is 0, not an interval of no width that looks like a measurement
    line = next(line for line in balance_lines(report.balance) if "seat advantage:" in line)
    assert "0 by the rules (the hands, not the seats, decide who starts" in line and "(0.0%-0.0%)" not in line
    from pnp.check.protocol import Configuration

    assert seat_symmetry(model, Configuration(2, ("greedy", "random"), "seed")) is None
    mirrored = dataclasses.replace(model, tiles=[*model.tiles, dataclasses.replace(model.tiles[-1])])
    assert seat_symmetry(mirrored, Configuration(2, ("greedy", "greedy"), "seed")) is None
