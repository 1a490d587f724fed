"""Bad input through the CLI: one line naming the cause, exit code 2, and no file left behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hostile_helpers import one_line_error

from pnp import games

GAMES = games.names()


def files_under(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []


@pytest.mark.parametrize(("paper", "needle"), [
    ("0x297", "0x297"),
    ("banana", "--paper banana: expected a4, letter or WIDTHxHEIGHT in mm"),
    ("210x-5", "210x-5"),
])
def test_bad_paper(tmp_path, paper, needle, run_pnp):
    result = run_pnp("calibrate", "--paper", paper, "-o", str(tmp_path / "out"))
    one_line_error(result, "--paper", needle)
    assert files_under(tmp_path) == []


def test_output_path_is_a_file(tmp_path, run_pnp):
    target = tmp_path / "taken"
    target.write_text("not a folder")
    result = run_pnp("calibrate", "-o", str(target))
    one_line_error(result, str(target), "not a folder")
    assert target.read_text() == "not a folder"


def test_output_folder_that_cannot_be_created(tmp_path, run_pnp):
    parent = tmp_path / "file"
    parent.write_text("x")
    result = run_pnp("calibrate", "-o", str(parent / "sub"))
    one_line_error(result, "cannot create output folder")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_unwritable_folder(tmp_path, run_pnp):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        result = run_pnp("calibrate", "-o", str(folder))
        one_line_error(result, "not writable")
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o700)


def test_unwritable_system_folder(run_pnp):
    result = run_pnp("calibrate", "-o", "/proc/pnp-output")
    one_line_error(result, "/proc/pnp-output")


@pytest.mark.parametrize("command", ["check", "kit", "board"])
def test_malformed_spec(tmp_path, command, run_pnp):
    spec = tmp_path / "broken.toml"
    spec.write_text("[board]\nlayout = [\n", encoding="utf-8")
    output = [] if command == "check" else ["-o", str(tmp_path / "out")]
    result = run_pnp(command, "zatre", "--spec", str(spec), *output)
    one_line_error(result, str(spec), "not valid TOML")
    assert files_under(tmp_path / "out") == []


@pytest.mark.parametrize(("game", "edit", "field"), [
    ("rautino", ('colours = ["red", "yellow"]', 'colours = ["red", "purpel"]'), "stones[4].colours"),
    ("rautino", ('colours = ["red", "yellow"]', 'colours = ["red", "yellow", "blue"]'), "stones[4].colours"),
    ("zatre", ("cell_mm = 12.8", 'cell_mm = "big"'), "board.cell_mm"),
    ("triomino", ("side_mm = 40.0", "side_mm = 0"), "tiles.side_mm"),
])
def test_bad_field_names_file_field_and_reason(tmp_path, game, edit, field, run_pnp):
    from pnp.spec import template_path

    text = template_path(game).read_text(encoding="utf-8")
    assert edit[0] in text
    spec = tmp_path / f"{game}.toml"
    spec.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    for command in (["check", game], ["kit", game, "-o", str(tmp_path / "o")]):
        result = run_pnp(*command, "--spec", str(spec))
        one_line_error(result, f"{spec}: {field}: ")
    assert files_under(tmp_path / "o") == []


def test_box_too_big_for_the_paper(tmp_path, run_pnp):
    result = run_pnp("box", "--size", "250x200x50", "-o", str(tmp_path))
    one_line_error(result, "250x200x50", "largest")
    assert files_under(tmp_path) == []


def test_unknown_preset(tmp_path, run_pnp):
    result = run_pnp("check", "triomino", "--preset", "fast", "--games", "2")
    one_line_error(result, "fast")


def unsupported_player_counts() -> list[tuple[str, int]]:
    """Per game, the counts just outside those its rules allow."""
    cases = []
    for name in GAMES:
        allowed = games.get(name).players
        cases += [(name, n) for n in (min(allowed) - 1, max(allowed) + 1) if n >= 1]
    return cases


@pytest.mark.parametrize(("game", "players"), unsupported_player_counts())
def test_player_count_the_game_does_not_support(game, players, run_pnp):
    result = run_pnp("check", game, "--players", str(players), "--games", "2")
    one_line_error(result, "--players", game)


def test_unknown_preset_for_the_printed_sheets(tmp_path, run_pnp):
    result = run_pnp("scoresheet", "triomino", "--preset", "fast", "-o", str(tmp_path))
    one_line_error(result, "unknown preset 'fast'")
    assert files_under(tmp_path) == []
    good = run_pnp("scoresheet", "triomino", "--preset", "classic", "-o", str(tmp_path), "--format", "svg", "-q")
    assert good.exit_code == 0, good.output


def test_existing_folder_that_refuses_files(run_pnp):
    # /proc exists and root passes os.access, but no file can be created in it.
    result = run_pnp("calibrate", "-o", "/proc", "--format", "svg")
    one_line_error(result, "/proc")


def test_log_into_a_folder_that_refuses_files(run_pnp):
    result = run_pnp("check", "rautino", "--games", "2", "--players", "1", "-q", "--log", "/proc/pnp-check.jsonl")
    one_line_error(result, "/proc/pnp-check.jsonl")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("content", "needle"), [
    (b"", "no game records"),
    (b"\n  \n", "no game records"),
    (b"\xff\xfe\x00garbage", "cannot read"),
])
def test_replay_of_an_empty_or_binary_log(tmp_path, game, content, needle, run_pnp):
    log = tmp_path / "games.jsonl"
    log.write_bytes(content)
    result = run_pnp("replay", game, str(log))
    one_line_error(result, str(log), needle)


def test_check_whose_report_cannot_be_written_leaves_no_log(tmp_path, run_pnp):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    log = tmp_path / "logs" / "games.jsonl"
    result = run_pnp("check", "rautino", "--games", "2", "--players", "1", "-q", "--log", str(log),
                 "--report", str(blocker / "report"))
    one_line_error(result, str(blocker))
    assert not log.parent.exists()
    assert blocker.read_text() == "x"


def test_kit_that_does_not_fit_creates_no_output_folder(tmp_path, run_pnp):
    out = tmp_path / "new" / "out"
    result = run_pnp("kit", "zatre", "-o", str(out), "--paper", "120x120", "--format", "svg")
    one_line_error(result)
    assert list(tmp_path.iterdir()) == []


def page_commands(game: str) -> list[str]:
    return ["kit", *games.get(game).components]


@pytest.mark.parametrize("command", [
    [command, name] for name in GAMES if not games.get(name).presets
    for command in ["check", *page_commands(name)]
])
def test_preset_for_a_game_without_presets_is_refused(tmp_path, command, run_pnp):
    output = ["--games", "2"] if command[0] == "check" else ["-o", str(tmp_path / "out"), "--format", "svg"]
    result = run_pnp(*command, *output, "--preset", "classic")
    one_line_error(result, "--preset", command[1], "no rule presets")
    assert files_under(tmp_path) == []


def undeclared_options() -> list[tuple[str, str, str]]:
    """(command, game, option) for every option some game declares that this game does not."""
    cases = []
    for name in GAMES:
        game = games.get(name)
        for command in page_commands(name):
            component = None if command == "kit" else command
            for other in GAMES:
                for option in games.get(other).options:
                    if option.component in (None, component) and game.option(option.name) is None:
                        cases.append((command, name, option.flag))
    return sorted(set(cases))


@pytest.mark.parametrize(("command", "game", "flag"), undeclared_options())
def test_an_option_the_game_does_not_declare_is_refused(tmp_path, command, game, flag, run_pnp):
    from pnp.cli import _declared_options

    declared = _declared_options(None if command == "kit" else command)[flag[2:].replace("-", "_")][0][1]
    value = [] if declared.type is bool else [str(declared.high if declared.high is not None else declared.default)]
    result = run_pnp(command, game, flag, *value, "-o", str(tmp_path / "out"), "--format", "svg")
    one_line_error(result, flag, game, "has no such option")
    assert files_under(tmp_path) == []


def test_undeclared_options_are_tested_for_every_game_that_lacks_them():
    # The shipped games differ in their options, so the test above has cases, e.g. Rautino's.
    assert {("kit", "zatre", "--cover"), ("kit", "rautino", "--board-sheets"),
            ("board", "rautino", "--board-sheets")} <= set(undeclared_options())


def idle_options() -> list[tuple[str, str, str]]:
    """(command, game, option) for every option a game declares that changes nothing on that component."""
    cases = []
    for name in GAMES:
        game = games.get(name)
        for command in page_commands(name):
            if command != "kit":
                cases += [(command, name, option.flag) for option in game.options
                          if option.component in (None, command) and not option.applies_to(command)]
    return sorted(cases)


@pytest.mark.parametrize(("command", "game", "flag"), idle_options())
def test_an_option_that_changes_nothing_on_the_component_is_refused(tmp_path, command, game, flag, run_pnp):
    option = next(o for o in games.get(game).options if o.flag == flag)
    value = [] if option.type is bool else [str(option.high if option.high is not None else option.default)]
    result = run_pnp(command, game, flag, *value, "-o", str(tmp_path / "out"), "--format", "svg")
    one_line_error(result, flag, f"changes nothing on {game}'s {command}")
    assert files_under(tmp_path) == []


def test_idle_options_are_tested_and_kept_out_of_the_component_help(run_pnp):
    # The cover sheet is a whole kit's; the Zatre board's sheets change its board and tiles only.
    assert {("tiles", "rautino", "--cover"), ("cover", "rautino", "--cover"), ("rules", "zatre", "--board-sheets"),
            ("scoresheet", "zatre", "--board-sheets")} <= set(idle_options())
    assert ("tiles", "zatre", "--board-sheets") not in idle_options()
    assert "--cover" not in run_pnp("tiles", "--help").output
    assert "--cover" in run_pnp("kit", "--help").output


def test_preset_for_all_kits_applies_to_the_games_that_have_them(tmp_path, run_pnp):
    result = run_pnp("kit", "-o", str(tmp_path), "--format", "pdf", "--preset", "classic", "-q")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(("command", "option"), [(("kit", "rautino"), "--box-size"), (("box",), "--size")])
@pytest.mark.parametrize(("size", "reason"), [("130x102", "expected LxWxH in mm, e.g. 130x102x23"),
                                              ("130x102x5", "height 5 mm is outside 15..1000 mm"),
                                              ("130x102x500", "box 130x102x500 fits A4 (safe area less footer")])
def test_a_bad_box_size_names_its_option(tmp_path, run_pnp, command, option, size, reason):
    result = run_pnp(*command, option, size, "-o", str(tmp_path / "out"))
    one_line_error(result, f"pnp: error: {option} {size}: {reason}")
    assert files_under(tmp_path) == []
