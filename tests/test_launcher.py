"""The `pnp` launcher (pnp.launcher): `--help`, `--version` and `COMMAND --help` answered from a kept copy
print byte for byte what the command line prints, and a copy is never used when anything it was made
from changed, nor when it is damaged, planted or cannot be kept.

Each run is a fresh process in a folder of its own with its own cache folder. The probe calls the
launcher the way the `pnp` script does; it ends with exit code 99 only when the launcher answered from
its copy (the command line itself always ends through sys.exit), so every run also says which path it took.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from pluginhelp import PLUGINS, install

FROM_COPY = 99
LAUNCHER = "import sys; from pnp.launcher import main; main(); sys.exit(99)"
COMMAND_LINE = "from pnp.cli import main; main()"
# -P: no "" (the current folder) on sys.path, as for the `pnp` script, whose own folder is there instead.
SAFE_PATH = ["-P"]
ANSWERED = [("--help",), ("-h",), ("--version",), ("-V",), ("kit", "--help"), ("check", "-h")]


@dataclass(frozen=True)
class Run:
    out: bytes
    err: bytes
    code: int
    from_copy: bool

    @property
    def printed(self) -> tuple[bytes, bytes, int]:
        return self.out, self.err, self.code


@pytest.fixture
def place(tmp_path: Path) -> Path:
    """A folder to run in and a cache folder."""
    (tmp_path / "cwd").mkdir()
    (tmp_path / "cache").mkdir()
    return tmp_path


def _env(place: Path, **changes: str | None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "PYTHONPATH")}
    env["XDG_CACHE_HOME"] = str(place / "cache")
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def _run(code: str, place: Path, args: tuple[str, ...], **env: str | None) -> Run:
    done = subprocess.run([sys.executable, *SAFE_PATH, "-c", code, *args], capture_output=True, cwd=place / "cwd",
                          env=_env(place, **env), timeout=120)
    if code == LAUNCHER and done.returncode == FROM_COPY:
        return Run(done.stdout, done.stderr, 0, True)
    return Run(done.stdout, done.stderr, done.returncode, False)


def launcher(place: Path, *args: str, **env: str | None) -> Run:
    return _run(LAUNCHER, place, args, **env)


def command_line(place: Path, *args: str, **env: str | None) -> Run:
    """What pnp.cli prints by itself, without the launcher."""
    return _run(COMMAND_LINE, place, args, **env)


def _copies(place: Path) -> list[Path]:
    return sorted((place / "cache" / "pnp" / "answers").glob("*.txt"))


@pytest.mark.parametrize("args", ANSWERED, ids=" ".join)
def test_an_answer_from_the_copy_is_byte_for_byte_the_command_lines(place: Path, args: tuple[str, ...]) -> None:
    expected = command_line(place, *args)
    assert expected.code == 0 and expected.out and not expected.err
    first, second = launcher(place, *args), launcher(place, *args)
    assert not first.from_copy and second.from_copy
    assert first.printed == second.printed == expected.printed


def test_an_answer_from_the_copy_imports_neither_click_nor_the_games(place: Path) -> None:
    probe = ("import sys; from pnp.launcher import main; main(); "
             "sys.exit(99 if not {'click', 'pnp.cli', 'pnp.games'} & set(sys.modules) else 1)")
    for expected in (0, 99):
        done = subprocess.run([sys.executable, *SAFE_PATH, "-c", probe, "--help"], capture_output=True,
                              cwd=place / "cwd", env=_env(place), timeout=120)
        assert done.returncode == expected, done.stderr


def test_python_m_pnp_answers_the_same(place: Path) -> None:
    expected = command_line(place, "--help")
    for _ in range(2):
        done = subprocess.run([sys.executable, "-m", "pnp", "--help"], capture_output=True, cwd=place / "cwd",
                              env=_env(place), timeout=120)
        assert (done.stdout, done.stderr, done.returncode) == expected.printed


def test_other_command_lines_are_never_kept(place: Path) -> None:
    for args in [("--help", "--version"), ("nosuchcommand", "--help"), ("init", "--force", "--help"), ()]:
        expected = command_line(place, *args)
        for _ in range(2):
            run = launcher(place, *args)
            assert not run.from_copy and run.printed == expected.printed, args
    assert _copies(place) == []


@pytest.mark.parametrize(("columns", "narrower"), [("60", True), ("132", False), ("100", False)])
def test_the_terminal_width_has_a_copy_of_its_own(place: Path, columns: str, narrower: bool) -> None:
    """Help is wrapped to at most 80 columns, so 132 prints what 80 does, from a copy of its own all the same."""
    wide = launcher(place, "check", "--help")
    assert launcher(place, "check", "--help").from_copy
    expected = command_line(place, "check", "--help", COLUMNS=columns)
    first = launcher(place, "check", "--help", COLUMNS=columns)
    second = launcher(place, "check", "--help", COLUMNS=columns)
    assert not first.from_copy and second.from_copy
    assert first.printed == second.printed == expected.printed
    assert (expected.out != wide.out) == narrower


def test_a_columns_value_that_is_no_number_means_the_width_of_a_pipe(place: Path) -> None:
    launcher(place, "check", "--help")
    run = launcher(place, "check", "--help", COLUMNS="abc")
    assert run.from_copy and run.printed == command_line(place, "check", "--help", COLUMNS="abc").printed


def test_another_language_setting_is_not_answered_from_the_copy(place: Path) -> None:
    launcher(place, "--help", LANG="C.UTF-8", LANGUAGE=None, LC_ALL=None, LC_MESSAGES=None)
    run = launcher(place, "--help", LANG="C.UTF-8", LANGUAGE="de", LC_ALL=None, LC_MESSAGES=None)
    assert not run.from_copy
    assert run.printed == command_line(place, "--help", LANGUAGE="de").printed


def test_standard_output_in_another_encoding_is_written_by_the_command_line(place: Path) -> None:
    for encoding in ("latin-1", "ascii"):
        expected = command_line(place, "box", "--help", PYTHONIOENCODING=encoding)  # the help holds "g/m²"
        for _ in range(2):
            run = launcher(place, "box", "--help", PYTHONIOENCODING=encoding)
            assert not run.from_copy and run.printed == expected.printed


def test_a_broken_plugin_is_named_on_every_start_and_nothing_is_answered_from_a_copy(place: Path) -> None:
    site = place / "site"
    site.mkdir()
    install(PLUGINS / "broken" / "brokenimp", site)
    for args in [("--help",), ("--version",), ("kit", "--help")]:
        expected = command_line(place, *args, PYTHONPATH=str(site))
        assert b"pnp: warning: game plugin brokenimp" in expected.err and expected.code == 0
        for _ in range(2):
            run = launcher(place, *args, PYTHONPATH=str(site))
            assert not run.from_copy and run.printed == expected.printed
    assert _copies(place) == []


def test_a_plugin_installed_or_changed_after_the_copy_was_kept_is_shown(place: Path) -> None:
    site = place / "site"
    site.mkdir()
    launcher(place, "--help", PYTHONPATH=str(site))
    assert launcher(place, "--help", PYTHONPATH=str(site)).from_copy
    install(PLUGINS / "domino", site)
    run = launcher(place, "--help", PYTHONPATH=str(site))
    assert not run.from_copy and b"Domino" in run.out
    assert launcher(place, "--help", PYTHONPATH=str(site)).from_copy
    declaration = site / "pnp_domino" / "__init__.py"  # an edit inside the package leaves sys.path alone
    declaration.write_text(declaration.read_text(encoding="utf-8").replace('title="Domino"', 'title="Dominoes"'),
                           encoding="utf-8")
    run = launcher(place, "--help", PYTHONPATH=str(site))
    assert not run.from_copy and b"Dominoes" in run.out
    assert run.printed == command_line(place, "--help", PYTHONPATH=str(site)).printed


def _damage_text(copy: Path) -> None:
    data = copy.read_bytes()
    copy.write_bytes(data.replace(b"Show this message", b"Show this massage"))


def _cut_short(copy: Path) -> None:
    copy.write_bytes(copy.read_bytes()[:-200])


def _garbage(copy: Path) -> None:
    copy.write_bytes(b"\xff\xfe\x00garbage\n" * 50)


def _planted_text(copy: Path) -> None:
    """A well-formed copy whose text was swapped: its checksum no longer matches."""
    head, _, body = copy.read_bytes().partition(b"\n")
    copy.write_bytes(head + b"\n" + body.replace(b"Usage: pnp", b"Usage: xyz"))


def _others_may_write(copy: Path) -> None:
    copy.chmod(0o666)


def _others_may_read(copy: Path) -> None:
    copy.chmod(0o640)


def _folder_others_may_write(copy: Path) -> None:
    copy.parent.chmod(0o777)


def _folder_a_link(copy: Path) -> None:
    folder = copy.parent
    folder.rename(folder.with_name("elsewhere"))
    folder.symlink_to(folder.with_name("elsewhere"))


def _a_link(copy: Path) -> None:
    real = copy.with_name("elsewhere.txt")
    copy.rename(real)
    copy.symlink_to(real)


def _a_pipe(copy: Path) -> None:
    copy.unlink()
    os.mkfifo(copy)


def _a_folder(copy: Path) -> None:
    copy.unlink()
    copy.mkdir()


def _too_large(copy: Path) -> None:
    with copy.open("ab") as file:
        file.truncate(8 << 20)


@pytest.mark.parametrize("damage", [_damage_text, _cut_short, _garbage, _planted_text, _others_may_write,
                                    _others_may_read, _folder_others_may_write, _folder_a_link, _a_link, _a_pipe,
                                    _a_folder, _too_large],
                         ids=lambda damage: damage.__name__.strip("_"))
def test_a_damaged_or_planted_copy_is_never_used(place: Path, damage) -> None:
    expected = command_line(place, "--help")
    launcher(place, "--help")
    (copy,) = _copies(place)
    damage(copy)
    run = launcher(place, "--help")
    assert not run.from_copy and run.printed == expected.printed


@pytest.mark.parametrize("cache", ["file", "relative", "under-a-file"])
def test_a_cache_folder_that_cannot_be_written_means_the_command_line_runs_each_time(place: Path,
                                                                                     cache: str) -> None:
    (place / "cache" / "pnp").write_text("not a folder", encoding="utf-8")
    home = {"file": str(place / "cache"), "relative": "relative/cache",
            "under-a-file": str(place / "cache" / "pnp" / "deeper")}[cache]
    expected = command_line(place, "--help", XDG_CACHE_HOME=home)
    assert expected.code == 0 and not expected.err
    for _ in range(2):
        run = launcher(place, "--help", XDG_CACHE_HOME=home)
        assert not run.from_copy and run.printed == expected.printed
    assert not (place / "cwd" / "relative").exists()


def test_a_closed_pipe_ends_as_the_command_line_does(place: Path) -> None:
    """A reader that is gone before the answer is written: both end with 1 and print nothing."""
    launcher(place, "--help")
    codes = []
    for code in (LAUNCHER, COMMAND_LINE):
        read, write = os.pipe()
        os.close(read)
        done = subprocess.run([sys.executable, "-c", code, "--help"], stdout=write, stderr=subprocess.PIPE,
                              cwd=place / "cwd", env=_env(place), timeout=120)
        os.close(write)
        codes.append((done.returncode, done.stderr))
    assert codes[0] == codes[1] == (1, b"")


def test_the_plugin_index_renewed_for_another_sys_path_leaves_the_copy_in_use(place: Path) -> None:
    """`python -m pnp` puts the current folder on sys.path, so it renews the plugin index the `pnp` script
    wrote (and the other way round); what the index holds follows from sys.path, which is in the key."""
    launcher(place, "--help")
    for _ in range(2):
        done = subprocess.run([sys.executable, "-m", "pnp", "--version"], capture_output=True, cwd=place / "cwd",
                              env=_env(place), timeout=120)
        assert done.returncode == 0
        assert launcher(place, "--help").from_copy


def test_the_launcher_loads_nothing_but_its_own_small_modules(place: Path) -> None:
    """Beyond what bare Python loads: the launcher, the two modules it reads first, and zlib (its checksum),
    where bare Python has not loaded it already."""
    probe = "import sys, json; {}; print(json.dumps(sorted(sys.modules)))"

    def loaded(code: str) -> set[str]:
        done = subprocess.run([sys.executable, *SAFE_PATH, "-c", probe.format(code)], capture_output=True,
                              text=True, cwd=place / "cwd", env=_env(place), timeout=120, check=True)
        return set(json.loads(done.stdout))

    added = loaded("import pnp.launcher") - loaded("pass")
    assert "pnp.launcher" in added
    assert added <= {"pnp", "pnp.launcher", "pnp.terminal", "pnp.usercache", "zlib"}, added


def test_on_a_terminal_the_answer_from_the_copy_is_the_command_lines(place: Path) -> None:
    """Standard output a terminal (a pseudo-terminal of 100 columns here): the same bytes reach it."""
    import fcntl
    import pty
    import struct
    import termios

    def on_terminal(code: str) -> tuple[bytes, int]:
        leader, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
        try:
            done = subprocess.run([sys.executable, *SAFE_PATH, "-c", code, "--help"], stdout=follower,
                                  stderr=subprocess.PIPE, cwd=place / "cwd", env=_env(place), timeout=120)
            assert done.stderr == b""
            os.set_blocking(leader, False)
            return os.read(leader, 1 << 16), done.returncode
        finally:
            os.close(follower)
            os.close(leader)

    expected, code = on_terminal(COMMAND_LINE)
    assert code == 0 and b"Usage: pnp" in expected
    assert on_terminal(LAUNCHER) == (expected, 0)
    assert on_terminal(LAUNCHER) == (expected, FROM_COPY)
