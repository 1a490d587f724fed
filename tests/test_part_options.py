"""Every option a part's command takes changes that part's pages, or is refused in one line naming it.

Each part command (`pnp tiles GAME`, `pnp scoresheet GAME`, ...) is run for every game that draws the
part, once with each of its options and once without; the pages differ, or the command fails with
exit code 2 and one line naming the option, writing nothing. The command's --help offers only options
that change the part in some game.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import click
import pytest
from hostile_helpers import one_line_error

from pnp import games
from pnp.cli import component_commands

GAMES = games.names()
# Options that choose where and in which files the pages go, not what is drawn on them.
FILES_OPTIONS = {"--output", "--quiet", "--spec", "--help"}
# A value of each shared option that differs from what the shipped specs and the defaults give.
SHARED_VALUES = {"--lang": "de", "--paper": "letter", "--preset": "classic", "--box-size": "150x110x30",
                 "--box-style": "hinged", "--paper-thickness": "0.3", "--format": "pdf", "--dpi": "50"}
# Where an option shows its effect only with another: the SVG pages by default; a tile edge makes a
# difference where the spec's edge leaves a sheet nearly empty (Letter); Zatre's board folds to the
# box's floor, which a box's build or paper changes only near a fold's threshold.
CONTEXT = {("--tile-edge", None, None): ("--paper", "letter"),
           ("--dpi", None, None): ("--format", "png"),
           ("--box-style", "board", "zatre"): ("--box-size", "108x150x30"),
           ("--paper-thickness", "board", "zatre"): ("--box-size", "110x150x30")}
MODES = {"cover": [(), ("--bleed-pdf",)]}  # the print shop's cover is a mode of its own


def _long_name(param: click.Option) -> str:
    return max(param.opts, key=len)


def _option_args(param: click.Option, game: str) -> tuple[str, ...]:
    """The option with a value that is not its default for `game`."""
    flag = _long_name(param)
    if param.is_flag:
        return (flag,)
    if flag in SHARED_VALUES:
        return flag, SHARED_VALUES[flag]
    declared = next((o for g in GAMES for o in games.get(g).options if o.flag == flag), None)
    assert declared is not None, flag
    own = games.get(game).option(declared.name) or declared
    if own.choices:
        return flag, next(choice for choice in own.choices if choice != own.default)
    if own.type is int:
        return flag, str(own.high if own.default != own.high else own.low)
    raise AssertionError(f"{flag}: no value to try")


def cases() -> list[tuple[str, str, tuple[str, ...], str]]:
    """(command, game, mode, option) for every option of every part command, for each game drawing the part."""
    found = []
    for command, lazy in component_commands().items():
        options = [p for p in lazy.build().params if isinstance(p, click.Option)]
        for game in GAMES:
            if command not in games.get(game).components:
                continue
            for mode in MODES.get(command, [()]):
                found += [(command, game, mode, _long_name(p)) for p in options
                          if _long_name(p) not in FILES_OPTIONS and _long_name(p) not in mode]
    return found


def _run(run_pnp, folder: Path, *args: str):
    """The result of `pnp ARGS -o folder`, and a digest of every file it wrote."""
    result = run_pnp(*args, "-o", str(folder), "-q")
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return result, digest.hexdigest()


@pytest.mark.parametrize(("command", "game", "mode", "flag"), cases(),
                         ids=lambda value: " ".join(value) if isinstance(value, tuple) else value)
def test_each_option_of_a_part_changes_its_pages_or_is_refused(tmp_path, run_pnp, command, game, mode, flag):
    param = next(p for p in component_commands()[command].build().params if _long_name(p) == flag)
    needs = CONTEXT.get((flag, command, game), CONTEXT.get((flag, None, None), ()))
    context = () if mode else ("--format", "svg", *needs)
    base, before = _run(run_pnp, tmp_path / "base", command, game, *mode, *context)
    assert base.exit_code == 0, base.output
    result, after = _run(run_pnp, tmp_path / "with", command, game, *mode, *context, *_option_args(param, game))
    if result.exit_code == 0:
        assert after != before, f"pnp {command} {game} {' '.join(mode)} {flag}: accepted, but the pages are the same"
    else:
        one_line_error(result, flag)
        assert not (tmp_path / "with").exists() or not any(p.is_file() for p in (tmp_path / "with").rglob("*"))


def test_the_cases_cover_the_options_a_stranger_tried():
    found = {(command, game, flag) for command, game, _, flag in cases()}
    assert {("scoresheet", "zatre", "--box-size"), ("scoresheet", "zatre", "--ink"),
            ("scoresheet", "zatre", "--box-style"), ("scoresheet", "zatre", "--paper-thickness"),
            ("rules", "zatre", "--box-size"), ("tiles", "triomino", "--preset"),
            ("cover", "rautino", "--box-size")} <= found
    assert ("cover", "rautino", ("--bleed-pdf",), "--paper") in cases()


@pytest.mark.parametrize("command", sorted(component_commands()))
def test_a_part_commands_help_offers_only_options_that_change_the_part(run_pnp, command):
    from pnp.games.base import SHARED_PARTS

    drawing = [games.get(game) for game in GAMES if command in games.get(game).components]
    kit_options = {*SHARED_PARTS, *(option.name for game in drawing for option in game.options)}
    for param in component_commands()[command].build().params:
        if param.name not in kit_options:  # the files' options, and a command's own (--bleed-pdf)
            continue
        changes = [game.title for game in drawing if game.changes(param.name, command)]
        assert param.hidden == (not changes), (command, param.name, changes)
    text = run_pnp(command, "--help").output
    for game in drawing:
        assert f"{game.title}: " in text, text  # what the part is in each game, one line each


def test_the_score_sheets_help_is_its_own(run_pnp):
    text = run_pnp("scoresheet", "--help").output
    for absent in ("--box-size", "--box-style", "--paper-thickness", "stone backs", "--ink"):
        assert absent not in text, absent
    assert "--pages" in text and "--preset" in text


def test_a_box_of_no_game_refuses_a_spec(tmp_path, run_pnp):
    """The plain box reads no spec: a spec named without its game is refused, not ignored."""
    from pnp.spec import template_path

    result = run_pnp("box", "--spec", str(template_path("zatre")), "-o", str(tmp_path / "out"))
    one_line_error(result, "--spec", "pnp box GAME --spec FILE")
    assert not (tmp_path / "out").exists()
