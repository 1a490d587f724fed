"""Every path a command takes goes through pnp's own path types, so the same mistake reads the same in
every command: a file where a folder belongs, a folder where a file belongs, a file that is not there.
Each is refused in one line naming the path, exit code 2, before anything is run or written."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from hostile_helpers import one_line_error

from pnp.cli import InputPathType, OutputPathType, main

PATH_TYPES = (InputPathType, OutputPathType)


def _commands() -> list[tuple[str, click.Command]]:
    context = click.Context(main)
    return [(name, main.get_command(context, name)) for name in main.list_commands(context)]


def path_params() -> list[tuple[str, str]]:
    """(command, parameter name) for every option and argument of every command that names a path."""
    return [(name, param.name) for name, command in _commands() for param in command.params
            if isinstance(param.type, PATH_TYPES)]


def test_no_command_takes_a_path_through_clicks_own_checks():
    """click.Path words its refusals its own way ("Directory 'x' is a file."): every path is pnp's."""
    for name, command in _commands():
        for param in command.params:
            assert not isinstance(param.type, click.Path), (name, param.name)
    assert {("check", "report"), ("sweep", "report"), ("check", "log"), ("sweep", "write_best"),
            ("tune", "write_best"), ("replay", "records"), ("replay", "spec"), ("studio", "workspace"),
            ("kit", "output"), ("init", "folder"), ("play", "spec_file")} <= set(path_params())


def _command_line(command: str, tested: click.Parameter, value: str, tmp_path: Path) -> list[str]:
    """The command with `value` for the tested parameter, and what else it needs to be read."""
    records = tmp_path / "records.jsonl"
    line = [command]
    for param in main.get_command(click.Context(main), command).params:
        if not isinstance(param, click.Argument):
            continue
        if param is tested:
            line.append(value)
        elif param.name == "game":
            line.append("zatre")
        elif param.name == "records":
            line.append(str(records))
        elif param.name == "folder":
            line.append(str(tmp_path / "new"))
    if isinstance(tested, click.Option):
        line += [max(tested.opts, key=len), value]
    return line


def _mistakes(kind: str, tmp_path: Path) -> list[tuple[Path, str]]:
    """(path, the reason pnp gives) for each mistake a path of this kind may be given."""
    a_file, a_folder = tmp_path / "afile", tmp_path / "afolder"
    a_file.write_text("x")
    a_folder.mkdir()
    if kind == "folder":
        return [(a_file, f"{a_file}: is a file, not a folder")]
    return [(a_folder, f"{a_folder}: is a folder, not a file")]


@pytest.mark.parametrize(("command", "name"), path_params())
def test_the_same_mistake_reads_the_same_in_every_command(tmp_path, run_pnp, command, name):
    param = next(p for p in main.get_command(click.Context(main), command).params if p.name == name)
    kind = param.type.kind
    (tmp_path / "records.jsonl").write_text("")  # a log to replay, where the path tested is another
    mistakes = _mistakes(kind, tmp_path)
    if isinstance(param.type, InputPathType):
        missing = tmp_path / "missing"
        mistakes.append((missing, f"{missing}: {kind} not found"))
    before = sorted(tmp_path.rglob("*"))
    for path, reason in mistakes:
        result = run_pnp(*_command_line(command, param, str(path), tmp_path))
        line = one_line_error(result, reason)
        assert line.startswith(f"pnp: error: {reason}"), line
    assert sorted(tmp_path.rglob("*")) == before  # nothing written, no folder made
