"""Rautino placement counts (perft) against a brute-force enumerator, the checker's verdicts,
game records replayed through the independent validator, and the command line."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from rautino_helpers import BLUE, JOKER, RED, board_with, default_model, with_stones

from pnp import cli
from pnp.check.options import CheckOptions
from pnp.check.protocol import Configuration, Deal
from pnp.check.simulate import play_deal
from pnp.check.simulate import records as played_records
from pnp.games.rautino import GAME, engine
from pnp.games.rautino.checker import SIMULATION, check
from pnp.games.rautino.model import load
from pnp.games.rautino.players import greedy_player
from pnp.games.rautino.state import play_game
from pnp.geometry import trigrid as tg

MODEL = default_model()
TEMPLATE_TEXT = Path(MODEL.source).read_text(encoding="utf-8")


# --- perft ----------------------------------------------------------------------------------

def brute_force_placements(model, players, colours, stone):
    """Every legal (cell, colour, cell, colour) straight from the rules, no engine tables.
    `colours`: {cell: colour index} of everything laid, off-board jokers included."""
    rules = model.rules_for(players)
    joker = len(model.colours)
    board = model.board.cell_set
    near = board | {n for c in board for n in tg.neighbours(c)}
    found = set()
    for first in board:
        for second in tg.neighbours(first):
            if second not in near:
                continue
            for x, y in {stone, stone[::-1]}:
                covers, ok = 0, True
                for cell, colour in ((first, x), (second, y)):
                    here = colours.get(cell)
                    if cell not in board:
                        ok &= rules.joker_overhang and colour == joker and here is None
                    elif here is not None:
                        ok &= rules.joker_overbuild and here == joker and colour != joker
                        covers += 1
                if not ok or (covers == 2 and not model.overbuild_both_triangles):
                    continue
                touching, matching, clash = 0, 0, False
                for cell, colour, partner in ((first, x, second), (second, y, first)):
                    for n in tg.neighbours(cell):
                        if n == partner or n not in colours:
                            continue
                        touching += 1
                        if colours[n] in (colour, joker) or colour == joker:
                            matching += 1
                        else:
                            clash = True
                legal = (touching and not clash) if model.matching == "strict" else matching
                if legal:
                    found.add(frozenset({(first, x), (second, y)}))
    return found


def engine_placements(board, stone):
    cells = board.tables.cells
    return {frozenset({(cells[board.tables.slots[s].a], a), (cells[board.tables.slots[s].b], b)})
            for s, a, b in board.placements(stone)}


def _kinds(model):
    return sorted(set(engine.stone_indices(model)))


def test_perft_from_the_start_position():
    board = board_with({(0, 0): RED, (1, 0): RED}, players=1)
    stones = [(RED, RED), (RED, BLUE), (BLUE, BLUE), (JOKER, JOKER), (RED, JOKER), (BLUE, JOKER)]
    counts = {stone: len(board.placements(stone)) for stone in stones}
    # 4 cells touch the start stone, each with 2 free slots: 8 slots.
    assert counts == {(RED, RED): 8, (RED, BLUE): 8, (BLUE, BLUE): 0, (JOKER, JOKER): 8,
                      (RED, JOKER): 16, (BLUE, JOKER): 8}
    colours = {(0, 0): RED, (1, 0): RED}
    for stone in _kinds(MODEL):
        assert engine_placements(board, stone) == brute_force_placements(MODEL, 1, colours, stone)


def _position_after(model, players, seed, moves):
    """The board of a seeded greedy game after some turns, and its colours by cell."""
    result = play_game(model, players, seed, greedy_player)
    board = engine.Board(model, players)
    tables = board.tables
    start = result.stack[0]
    slot = tables.slot_of[tables.start]
    board.put(slot, *(start if tables.slots[slot].a == tables.start[0] else start[::-1]))
    for turn in [t for t in result.turns if t.stone is not None][:moves]:
        board.put(turn.slot, *turn.colours)
    colours = {tables.cells[i]: c for i, c in enumerate(board.colour) if c != engine.EMPTY}
    return board, colours


@pytest.mark.parametrize(("players", "seed", "moves", "matching"), [
    (1, 1, 6, "strict"), (1, 2, 15, "strict"), (2, 3, 10, "strict"), (2, 4, 20, "strict"),
    (1, 5, 12, "loose"), (2, 6, 16, "loose"),
])
def test_perft_from_game_positions_matches_brute_force(players, seed, moves, matching):
    model = replace(MODEL, matching=matching)
    board, colours = _position_after(model, players, seed, moves)
    total = 0
    for stone in _kinds(model):
        expected = brute_force_placements(model, players, colours, stone)
        assert engine_placements(board, stone) == expected, stone
        total += len(expected)
        for slot, a, b in board.placements(stone):  # the greedy player's quick sum agrees
            assert board.total(slot, a, b) == board.score(slot, a, b).total
    assert total > 0


@pytest.mark.parametrize(("players", "seed", "moves"), [(1, 1, 0), (1, 2, 9), (1, 7, 18), (2, 3, 10), (2, 4, 22)])
def test_best_moves_and_best_reply_agree_with_scoring_every_move(players, seed, moves):
    """The greedy player's shortcut (only slots where a shape can form are scored) and the
    lookahead's best reply give what scoring every legal move gives, ties in move order."""
    board, _ = _position_after(MODEL, players, seed, moves)
    kinds = _kinds(MODEL)
    for hand in ([kinds[0], kinds[5], kinds[9]], kinds[3:6], [kinds[2], kinds[2], kinds[14]], kinds):
        every = board.moves(hand)
        totals = [board.score(slot, a, b).total for _, slot, a, b in every]
        top = max(totals, default=None)
        assert board.best_moves(hand) == [move for move, total in zip(every, totals, strict=True) if total == top]
        assert board.best_total(hand) == top


@pytest.mark.parametrize(("players", "seed", "moves"), [(1, 2, 9), (2, 4, 14), (2, 6, 20)])
def test_a_copy_tries_a_stone_and_leaves_the_board_as_it_was(players, seed, moves):
    """The lookahead player lays its candidates on copies, which share the board's caches: the
    board keeps its placements and totals, and the copy has those of the position with the stone."""
    board, colours = _position_after(MODEL, players, seed, moves)
    kinds = _kinds(MODEL)

    def placements_and_totals(b):
        return {stone: [(s, x, y, b.total(s, x, y)) for s, x, y in b.placements(stone)] for stone in kinds}

    before = placements_and_totals(board)
    _, slot, a, b = board.best_moves(kinds)[0]  # a scoring stone where there is one
    after = board.copy()
    after.put(slot, a, b)
    assert placements_and_totals(board) == before
    cells, laid = board.tables.cells, board.tables.slots[slot]
    colours_after = {**colours, cells[laid.a]: a, cells[laid.b]: b}
    for stone in kinds:
        assert engine_placements(after, stone) == brute_force_placements(MODEL, players, colours_after, stone)
        for s, x, y in after.placements(stone):
            assert after.total(s, x, y) == after.score(s, x, y).total
    assert placements_and_totals(board) == before  # scoring the copy pruned nothing of the board's
    # And the other way round: the board moves on, the copy keeps its own position.
    copy_before = placements_and_totals(after)
    _, slot, a, b = next(move for move in board.moves(kinds) if move[1] != slot)
    board.put(slot, a, b)
    assert placements_and_totals(after) == copy_before


def test_perft_counts_overbuild_and_overhang_in_two_player_positions():
    extra = 0
    for seed in range(4):
        board, colours = _position_after(MODEL, 2, seed, 20)
        for stone in _kinds(MODEL):
            for placement in engine_placements(board, stone):
                extra += any(cell in colours or cell not in MODEL.board.cell_set for cell, _ in placement)
    assert extra > 0  # the two-player joker rules do add placements in real games


# --- checker and records ----------------------------------------------------------------------

def test_default_set_is_playable_and_every_record_replays():
    report = check(MODEL, CheckOptions(games=12, seed=3, workers=1))
    assert report.playable, report.reasons
    assert set(report.simulation) == {"1 player", "2 players"}
    solo = report.simulation["1 player"]
    assert solo["games"] == 12 and sum(solo["end_reasons"].values()) == 12
    for key in ("stones_placed", "final_scores", "games_forming_each_shape", "skipped_turns",
                "games_placing_every_stone", "end_reasons"):
        assert key in solo
    # The records include the skill matrix's head-to-head games, stronger players too.
    records = list(played_records(SIMULATION, MODEL, CheckOptions(games=12, seed=3, skill_games=2)))
    matches = len(SIMULATION.players) * (len(SIMULATION.players) - 1) // 2
    assert len(records) == 24 + 2 * matches
    assert {seat for record in records for seat in record["seats"]} == set(SIMULATION.players)
    for record in records:
        for key in ("game", "seed", "players", "final_scores", "stack", "moves"):
            assert key in record
        json.dumps(record)
        assert GAME.replay is not None
    from pnp.check.replay import problem
    from pnp.games.rautino.replay import REPLAY

    for record in records:
        assert problem(REPLAY, MODEL, record) is None, record["game"]


def test_records_show_the_score_breakdown():
    outcome = play_deal(SIMULATION, MODEL, Deal(0, 0, 42, Configuration(1, ("greedy",))))
    record = outcome.full_record()  # built on demand: a run without a log or report builds none
    formed = [s["shape"] for m in record["moves"] if not m.get("skip") for s in m["score"]["shapes"]]
    assert outcome.measures["shapes"] == len(formed)
    assert all(outcome.measures[f"shape:{s.name}"] == formed.count(s.name) for s in MODEL.shapes)
    move = next(m for m in record["moves"] if len(m["score"]["shapes"]) > 1)
    score = move["score"]
    assert score["stone"] == 1
    assert score["combo"] == 2 * (len(score["shapes"]) - 1)
    assert score["total"] == 1 + sum(s["points"] for s in score["shapes"]) + score["combo"]
    assert set(move) >= {"player", "stone", "cells", "colours", "score", "drawn"}
    assert len(record["stack"]) == MODEL.stone_count


def bad_set_spec(tmp_path):
    """4 stones, 8 colours each on a single triangle (each with its own symbol), no jokers: nothing can
    ever match."""
    template = tmp_path / "template.toml"
    text = TEMPLATE_TEXT
    head, _, _ = text.partition("[[colours]]")
    _, _, tail = text.partition("[board]")
    symbols = ["circle", "square", "triangle", "diamond", "star", "cross", "plus", "hexagon"]
    colours = "".join(f'[[colours]]\nname = "c{i}"\nfill = "#{i * 30:02x}{255 - i * 30:02x}80"\n'
                      f'symbol = "{symbol}"\n\n' for i, symbol in enumerate(symbols))
    joker = '[joker]\nname = "joker"\nfill = "#e6e6e6"\nsymbol = "ring"\n\n'
    stones = "".join(f'[[stones]]\ncolours = ["c{2 * i}", "c{2 * i + 1}"]\n\n' for i in range(4))
    template.write_text(head + colours + joker + stones + "[board]" + tail, encoding="utf-8")
    return template


def test_bad_set_is_not_playable_with_a_reason(tmp_path):
    model = GAME.load(bad_set_spec(tmp_path))
    assert model.stone_count == 4
    report = check(model, CheckOptions(games=5, seed=1, workers=1))
    assert not report.playable
    assert any("can never be placed" in r for r in report.reasons)
    assert any("first turn" in r for r in report.reasons)
    assert report.simulation["1 player"]["stones_placed"]["max"] == 1


def test_thresholds_come_from_the_spec():
    demanding = replace(MODEL, thresholds=replace(MODEL.thresholds, min_placed_share=1.0))
    report = check(demanding, CheckOptions(games=6, seed=2, workers=1, players=2))
    assert not report.playable  # two players always keep their last hands
    assert any(r.startswith("2 players: share of the stones placed per game") for r in report.reasons)


def test_a_set_of_two_colours_that_never_meet_fails():
    apart = with_stones(MODEL, [("red", "red", 15), ("blue", "blue", 15)])
    report = check(apart, CheckOptions(games=8, seed=2, workers=1, players=1))
    assert not report.playable
    assert any("minimum 50.0% (check.min_placed_share)" in r for r in report.reasons)


# --- replay catches broken records ---------------------------------------------------------------

def _records(tmp_path, games=3):
    path = tmp_path / "games.jsonl"
    result = CliRunner().invoke(cli.main, ["check", "rautino", "--games", str(games), "--seed", "9",
                                           "--workers", "1", "--log", str(path), "-q"])
    assert result.exit_code in (0, 3), result.output
    return path, [json.loads(line) for line in path.read_text().splitlines()]


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def test_replay_prints_every_game_and_accepts_valid_records(tmp_path):
    path, records = _records(tmp_path)
    result = CliRunner().invoke(cli.main, ["replay", "rautino", str(path)])
    assert result.exit_code == 0, result.output
    assert f"rautino: {len(records)} records replayed, 0 invalid" in result.output
    assert result.output.count("game ") >= len(records)
    assert "hexagon, both triangles (2 colours) 6" in result.output


def test_replay_names_shapes_in_english_as_the_check_does(tmp_path):
    """The replay speaks English like the check: a shape is named by its English label, in the moves and
    in the reason a record is refused, though the record keeps the spec's (German) name."""
    path, records = _records(tmp_path, games=2)
    assert any(s["shape"] == "Sechseck 1" for r in records for m in r["moves"] if not m.get("skip")
               for s in m["score"]["shapes"])
    valid = CliRunner().invoke(cli.main, ["replay", "rautino", str(path)])
    assert valid.exit_code == 0, valid.output
    broken = copy.deepcopy(records)
    move = next(m for m in broken[0]["moves"] if not m.get("skip") and m["score"]["shapes"])
    move["score"]["shapes"][0]["points"] += 1
    _write(path, broken)
    invalid = CliRunner().invoke(cli.main, ["replay", "rautino", str(path)])
    assert invalid.exit_code == 1
    refused = next(line for line in invalid.output.splitlines() if line.startswith("INVALID"))
    assert "shapes scored [" in refused
    for output in (valid.output, refused):
        for german in ("Dreieck", "Sechseck", "Figur"):
            assert german not in output
    assert any(shape.label.text("en") in refused for shape in MODEL.shapes)
    for shape in MODEL.shapes:
        label = shape.label.text("en")
        assert f"+ {label} (" in valid.output or f"({label} (" in valid.output


@pytest.mark.parametrize(("tamper", "rule"), [
    (lambda r: r["moves"][3]["score"].__setitem__("total", r["moves"][3]["score"]["total"] + 1), "score"),
    (lambda r: r["moves"][2].__setitem__("cells", [[-7, 0], [-6, 0]]), "move 3"),
    (lambda r: r["moves"][4].__setitem__("stone", ["blue", "red"] if r["moves"][4]["stone"] != ["blue", "red"]
                                          else ["green", "red"]), "not in player"),
    (lambda r: r["final_scores"].__setitem__(0, r["final_scores"][0] + 5), "final scores"),
    (lambda r: r["moves"][5]["score"].__setitem__("shapes", []), "shapes scored"),
])
def test_replay_names_game_move_and_rule_of_an_invalid_record(tmp_path, tamper, rule):
    path, records = _records(tmp_path, games=2)
    broken = copy.deepcopy(records)
    target = next(r for r in broken if r["players"] == 1 and any(
        m["score"]["shapes"] for m in r["moves"][5:6]))
    tamper(target)
    _write(path, broken)
    result = CliRunner().invoke(cli.main, ["replay", "rautino", str(path)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith("INVALID")]
    assert len(lines) == 1
    assert f"game {target['game']}" in lines[0] and rule in lines[0]


# --- command line ---------------------------------------------------------------------------------

def test_cli_check_json_and_exit_codes(tmp_path):
    few = CliRunner().invoke(cli.main, ["check", "rautino", "--games", "4", "--players", "2",
                                        "--workers", "1", "--json"])
    assert few.exit_code == 3, few.output  # 4 games cannot clear a 95 % threshold: undecided
    document = json.loads(few.output)
    assert document["verdict"] == "undecided" and "2 players" in document["simulation"]
    assert any("check.min_first_move_share" in u and "games would decide it" in u for u in document["undecided"])
    ok = CliRunner().invoke(cli.main, ["check", "rautino", "--games", "80", "--players", "2", "--workers", "1",
                                       "--skill-games", "0", "--confidence", "0.8", "--json"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.output)["verdict"] == "playable"
    bad = CliRunner().invoke(cli.main, ["check", "rautino", "--spec", str(bad_set_spec(tmp_path)),
                                        "--games", "3", "--workers", "1", "-q"])
    assert bad.exit_code == 1
    assert "NOT PLAYABLE" in bad.output




@pytest.mark.parametrize(("old", "new", "field", "reason"), [
    ('colours = ["red", "yellow"]', 'colours = ["red", "purple"]', "stones[4].colours", "unknown colour"),
    ('colours = ["red", "yellow"]', 'colours = ["red", "yellow", "blue"]', "stones[4].colours",
     "exactly 2 triangles, not 3"),
    ("hexagon_side = 4", "", "board.hexagon_side", "missing"),
    ("triangle_mm = 26.0", 'triangle_mm = "big"', "board.triangle_mm", "must be a number"),
    ("count = 2", "count = 2.5", "stones[0].count", "must be an integer"),
    ('matching = "strict"', 'matching = "tight"', "rules.matching", "must be one of strict, loose"),
    ('symbol = "circle"', 'symbol = "blob"', "colours[0].symbol", "must be one of"),
    ('fill = "#e73b36"', 'fill = "red"', "colours[0].fill", "must be a colour"),
    ('points = { "1" = 5 }', 'points = { "one" = 5 }', "shapes[3].points.one", "colour counts"),
    ("hand_size = 3", "hand_size = 3\nhands = 2", "game.hands", "unknown field"),
    ("start = [[0, 0], [1, 0]]", "start = [[0, 0], [5, 0]]", "board.start", "edge-adjacent"),
    ("centre = [1, 0]", "centre = [true, 0]", "board.centre", "grid point"),
    ("overhanging_joker_shapes_score = true", 'overhanging_joker_shapes_score = "yes"',
     "rules.overhanging_joker_shapes_score", "must be"),
])

def test_bad_spec_is_one_line_with_file_field_reason(tmp_path, old, new, field, reason):
    assert old in TEMPLATE_TEXT
    spec = tmp_path / "bad.toml"
    spec.write_text(TEMPLATE_TEXT.replace(old, new, 1), encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["check", "rautino", "--spec", str(spec), "--games", "1"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith(f"pnp: error: {spec}: {field}: ")
    assert reason in lines[0]
    assert "Traceback" not in result.output


def test_overhanging_joker_shapes_option_comes_from_the_spec(tmp_path):
    assert MODEL.overhanging_joker_shapes_score is True
    spec = tmp_path / "off.toml"
    spec.write_text(TEMPLATE_TEXT.replace("overhanging_joker_shapes_score = true",
                                          "overhanging_joker_shapes_score = false", 1), encoding="utf-8")
    assert load(spec).overhanging_joker_shapes_score is False
    spec.write_text(TEMPLATE_TEXT.replace("overhanging_joker_shapes_score = true\n", "", 1), encoding="utf-8")
    assert load(spec).overhanging_joker_shapes_score is True  # the default


def test_a_double_whose_colour_is_on_no_other_stone_can_never_be_placed():
    # Purple lies on one purple/purple stone only: its two triangles cannot touch each other, and
    # no other stone carries purple or a joker, so the stone never finds a match (unless it is the
    # start stone).
    from pnp.games.rautino.model import Colour

    purple = Colour("purple", "#7b3fa0", "diamond")
    plain = [(*kind.colours, kind.count) for kind in MODEL.stones if "joker" not in kind.colours]
    model = with_stones(replace(MODEL, colours=(*MODEL.colours, purple)), [*plain, ("purple", "purple", 1)])
    report = check(model, CheckOptions(games=4, seed=1, workers=1, players=1))
    assert report.static["colours_that_cannot_connect"] == ["purple"]
    assert report.static["stones_that_can_never_be_placed"] == ["purple/purple"]
    assert not report.playable
    assert any("can never be placed" in r for r in report.reasons)


@pytest.mark.parametrize(("stones", "lonely", "stuck"), [
    ([("purple", "purple", 2)], [], []),  # two stones: purple meets purple
    ([("purple", "purple", 1), ("purple", "red", 1)], [], []),
    ([("purple", "joker", 1)], ["purple"], []),  # its own joker matches nothing else, but it is a joker
    ([("purple", "red", 1)], ["purple"], []),  # red still matches
    ([("purple", "orange", 1)], ["purple", "orange"], ["purple/orange"]),
])
def test_which_colours_connect(stones, lonely, stuck):
    from pnp.check.report import CheckReport
    from pnp.games.rautino.checker import static_figures
    from pnp.games.rautino.model import Colour

    extra = (Colour("purple", "#7b3fa0", "diamond"), Colour("orange", "#f08020", "hexagon"))
    base = [("red", "red", 2), ("blue", "blue", 2)]
    model = with_stones(replace(MODEL, colours=(*MODEL.colours, *extra)), base + stones)
    figures = static_figures(model, CheckReport("rautino"))
    assert figures["colours_that_cannot_connect"] == lonely
    assert figures["stones_that_can_never_be_placed"] == stuck


def test_check_names_shapes_in_english(tmp_path, run_pnp):
    """The check speaks English: a shape is named by its English label (the spec's `label`, as the English
    kit prints it), in the text, the JSON and the report's chart; the records keep the spec's names."""
    from pnp.games.rautino.kit.report import figures as report_figures

    labels = [shape.label.text("en") for shape in MODEL.shapes]
    assert labels == ["big triangle", "hexagon, both triangles", "hexagon, one triangle", "big rhombus"]
    text = run_pnp("check", "rautino", "--games", "6", "--players", "1", "--workers", "1", "--skill-games", "0",
                   "-q")
    assert text.exit_code in (0, 3), text.output
    for german in ("Dreieck", "Sechseck", "Figur"):
        assert german not in text.output
    assert "big triangle" in text.output and "'hexagon, both triangles'" in text.output
    data = json.loads(run_pnp("check", "rautino", "--games", "6", "--players", "1", "--workers", "1",
                              "--skill-games", "0", "-q", "--json").output)
    assert list(data["static"]["scoring_colour_counts_per_shape"]) == labels
    assert list(data["simulation"]["1 player"]["games_forming_each_shape"]) == labels
    report = check(MODEL, CheckOptions(games=4, seed=1, workers=1, players=1, skill_games=0))
    assert list(report_figures(MODEL, report)[0].counts) == labels
