"""Input that is not what it claims: specs nested thousands of levels deep, numbers of thousands of
digits, files that are FIFOs or devices, endless lines, lone surrogates, symlink loops."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_helpers import one_line_error, snapshot, spec_with

from pnp.files.reading import MAX_LINE_BYTES
from pnp.tomlscan import MAX_DIGITS, MAX_NESTING

DEEP_KEY = "a" + ".a" * 16_000 + " = 1\n"  # 32 KB; the standard parser alone needs about 1 GB for it

# Runs pnp in a fresh interpreter and writes its peak resident memory (kB) and the processor time
# it used (s; unlike the wall time, not stretched by other work on the machine) to the file named first.
MEASURED = """
import atexit, resource, sys
report = sys.argv.pop(1)
def measure():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    peak = usage.ru_maxrss  # on Linux this keeps the forking parent's peak across exec; VmHWM does not
    try:
        peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        pass
    open(report, "w").write(f"{peak} {usage.ru_utime + usage.ru_stime}")
atexit.register(measure)
from pnp.cli import main
sys.argv[0] = "pnp"
main()
"""


def test_a_spec_nested_thousands_of_levels_deep_is_refused_before_parsing(tmp_path):
    spec = tmp_path / "deep.toml"
    spec.write_text("[game]\n" + DEEP_KEY)
    peak = tmp_path / "peak"
    done = subprocess.run([sys.executable, "-c", MEASURED, str(peak), "check", "rautino", "--spec", str(spec),
                           "--log", str(tmp_path / "games.jsonl"), "--report", str(tmp_path / "report"), "-q"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"pnp: error: {spec}: line 2: nested more than {MAX_NESTING} levels deep")
    memory, seconds = peak.read_text().split()
    assert int(memory) < 150_000  # kB: the interpreter and pnp, no parse tree (about 1 GB without the scan)
    assert float(seconds) < 1.0  # starting Python and pnp included (5 s and more without the scan)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deep.toml", "peak"]


@pytest.mark.parametrize(("text", "line"), [
    ("[game]\n" + DEEP_KEY, 2),
    ("[" + ".".join(["t"] * 40) + "]\nx = 1\n", 1),
    ("x = 1\ny = " + "[" * 40 + "]" * 40 + "\n", 2),
    ("x = " + "{ a = " * 40 + "1" + " }" * 40 + "\n", 1),
    ("x = [\n  1,\n  " + "[" * 40 + "]" * 40 + "\n]\n", 3),
])
def test_every_kind_of_nesting_counts_and_the_line_is_named(tmp_path, text, line, run_pnp):
    spec = tmp_path / "deep.toml"
    spec.write_text(text)
    one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"),
                   f"{spec}: line {line}: nested more than {MAX_NESTING} levels deep")


def test_nesting_inside_strings_and_comments_does_not_count(tmp_path, run_pnp):
    """Brackets and dots in texts are text: the shipped spec with such a title comment still loads."""
    spec = spec_with(tmp_path, "zatre", 'title = "Zatre"',
                     'title = "Zatre" # [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ a.a.a.a.a.a.a.a.a.a.a.a.a\n'
                     'x_note = """\n' + "[" * 50 + "\n" + "a." * 50 + '\n"""')
    result = run_pnp("check", "zatre", "--spec", str(spec), "--games", "1")
    one_line_error(result, f"{spec}: game.x_note: ")  # read through to the loader, which names the stray key


def test_the_studio_reads_specs_through_the_same_guard(tmp_path):
    pytest.importorskip("tomlkit")
    from pnp.errors import PnpError
    from pnp.studio import specs

    text = "[game]\n" + DEEP_KEY
    assert specs.named_game(text) is None
    assert specs.describe(text) is None  # no form: the page shows the text and the loader's message
    with pytest.raises(PnpError, match=f"line 2: nested more than {MAX_NESTING} levels deep"):
        specs.apply_edits(text, [{"op": "set", "path": "game.title", "value": "x"}])
    verdict = specs.validate("zatre", text, "deep.toml")
    assert not verdict.ok and verdict.message.startswith("deep.toml: line 2: nested more than")


def test_a_number_of_thousands_of_digits_in_a_spec_is_an_input_error(tmp_path, run_pnp):
    spec = spec_with(tmp_path, "rautino", "hand_size = 3", "hand_size = " + "9" * 5000)
    line = one_line_error(run_pnp("check", "rautino", "--spec", str(spec), "--games", "1"),
                          f"{spec}: hand_size (line 10): a number of more than {MAX_DIGITS} digits")
    assert len(line) < 200


def test_a_number_of_thousands_of_digits_elsewhere_is_an_input_error(tmp_path, run_pnp):
    huge = "9" * 5000
    one_line_error(run_pnp("sweep", "rautino", "--vary", f"game.hand_size=1..{huge}", "--games", "1", "-q",
                       "--csv", str(tmp_path / "t.csv")),
                   f"--vary game.hand_size: a number of more than {MAX_DIGITS} digits")
    log = tmp_path / "games.jsonl"
    log.write_text(f'{{"game": {huge}, "players": 2, "final_scores": [1, 2]}}\n')
    result = run_pnp("replay", "rautino", str(log))
    assert result.exit_code == 1, result.output
    assert "INVALID rautino record (line 1): not a JSON record: a number of more than 4,300 digits" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl", "spec.toml"] or \
        sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


# --- files that are not files ----------------------------------------------------------------------

def pnp(*args: str, stdin: bytes | None = None, timeout: float = 30) -> subprocess.CompletedProcess:
    """pnp in its own process: a reader that blocks fails the test by its timeout instead of hanging it."""
    return subprocess.run([sys.executable, "-m", "pnp", *args], input=stdin, capture_output=True, timeout=timeout,
                          stdin=None if stdin is not None else subprocess.DEVNULL)


def one_line(done: subprocess.CompletedProcess, *needles: str) -> str:
    assert done.returncode == 2, done.stderr
    lines = done.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnp: error: "), lines
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "r.jsonl"
    os.mkfifo(fifo)
    one_line(pnp("replay", "rautino", str(fifo)), f"{fifo}: is a FIFO, not a file", "- reads standard input")
    spec = tmp_path / "spec.toml"
    os.mkfifo(spec)
    one_line(pnp("check", "rautino", "--spec", str(spec), "--games", "1"), f"{spec}: is a FIFO, not a file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl", "spec.toml"]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused_not_read(device):
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    one_line(pnp("replay", "rautino", device), f"{device}: is a device, not a file")


def test_a_folder_is_refused(tmp_path, run_pnp):
    one_line_error(run_pnp("replay", "rautino", str(tmp_path)), f"{tmp_path}: is a folder, not a file")


def test_dash_reads_standard_input_with_a_line_limit(tmp_path, records_log):
    done = pnp("replay", "rautino", "-", stdin=records_log.read_bytes())
    assert done.returncode == 0, done.stderr
    assert b"rautino: 2 records replayed, 0 invalid" in done.stdout
    endless = b"\0" * (MAX_LINE_BYTES + 10)  # /dev/zero through a pipe: one line without an end
    one_line(pnp("replay", "rautino", "-", stdin=endless),
             f"standard input:1: line longer than the limit of {MAX_LINE_BYTES:,} bytes")
    long_line = records_log.read_bytes().splitlines()[0] + b" " * MAX_LINE_BYTES + b"\n"
    path = tmp_path / "long.jsonl"
    path.write_bytes(records_log.read_bytes() + long_line)
    one_line(pnp("replay", "rautino", str(path)), f"{path}:3: line longer than the limit of {MAX_LINE_BYTES:,}")


def test_the_line_limit_is_documented():
    docs = Path(__file__).parents[1] / "docs"
    records = " ".join((docs / "checker.md").read_text(encoding="utf-8").split())
    specs = " ".join((docs / "designing.md").read_text(encoding="utf-8").split())
    assert f"A line of a log holds at most {MAX_LINE_BYTES:,} bytes" in records
    assert f"nested more than {MAX_NESTING} levels deep" in specs and f"more than {MAX_DIGITS} digits" in specs


def test_a_symlink_loop_is_named_as_one(tmp_path, run_pnp):
    loop = tmp_path / "loop.jsonl"
    loop.symlink_to(loop.name)
    one_line_error(run_pnp("replay", "rautino", str(loop)), f"{loop}: cannot read: a loop of symbolic links")
    one_line_error(run_pnp("check", "rautino", "--spec", str(loop), "--games", "1"),
                   f"{loop}: cannot read: a loop of symbolic links")


@pytest.fixture(scope="module")
def records_log(tmp_path_factory, run_pnp) -> Path:
    log = tmp_path_factory.mktemp("log") / "games.jsonl"
    result = run_pnp("check", "rautino", "--games", "2", "--players", "2", "--workers", "1", "--skill-games", "0",
                 "-q", "--log", str(log))
    assert result.exit_code in (0, 3), result.output
    return log


def test_a_log_may_start_with_a_byte_order_mark(tmp_path, records_log, run_pnp):
    log = tmp_path / "bom.jsonl"
    log.write_bytes(b"\xef\xbb\xbf" + records_log.read_bytes())
    result = run_pnp("replay", "rautino", str(log))
    assert result.exit_code == 0, result.output
    assert "(line 1): 2 players" in result.output and "rautino: 2 records replayed, 0 invalid" in result.output


# --- what a message prints -------------------------------------------------------------------------

def test_a_lone_surrogate_in_a_record_is_an_invalid_record_printed_escaped(tmp_path, records_log):
    record = json.loads(records_log.read_text().splitlines()[0])
    log = tmp_path / "s.jsonl"
    log.write_text(json.dumps({**record, "pnp_game": "\ud800"}) + "\n")  # json writes it as \ud800
    done = pnp("replay", "rautino", str(log))
    assert done.returncode == 1, done.stderr
    assert done.stderr == b""
    assert b'(line 1): a record of a "\\ud800" game, not of rautino' in done.stdout


@pytest.mark.parametrize("bad", ["\u202e", "\u2066", "\x1b[2J", "\u200f", "\x85"])
def test_control_and_bidirectional_characters_are_escaped_in_every_message(tmp_path, bad, run_pnp):
    escaped = "".join(f"\\u{ord(c):04x}" if ord(c) >= 0x100 else f"\\x{ord(c):02x}" if not c.isprintable()
                      else c for c in bad)
    key = json.dumps(f"ti{bad}tle")  # a TOML key in JSON's escapes, which TOML shares
    spec = spec_with(tmp_path, "zatre", 'title = "Zatre"', f'title = "Zatre"\n{key} = 1')
    line = one_line_error(run_pnp("check", "zatre", "--spec", str(spec), "--games", "1"), f"ti{escaped}tle")
    assert bad not in line
    line = one_line_error(run_pnp("sweep", "zatre", "--vary", f"game.x{bad}y=1,2", "--games", "1", "-q"), escaped)
    assert bad not in line
    record = tmp_path / "r.jsonl"
    record.write_text(json.dumps({"pnp_game": f"r{bad}", "players": 2, "final_scores": [1]}, ensure_ascii=False))
    result = run_pnp("replay", "rautino", str(record))
    assert result.exit_code == 1, result.output
    assert "(line 1): a record of a \"r\\" in result.output and bad not in result.output


def test_decomposed_text_is_measured_as_the_character_it_stands_for(tmp_path, run_pnp):
    from pnp import games

    spec = spec_with(tmp_path, "zatre", 'title = "Zatre"', 'title = "Za\u0308tre"')
    model = games.get("zatre").load(spec)
    assert model.title.text("en") == "Z\u00e4tre"
    unknown = spec_with(tmp_path, "zatre", 'title = "Zatre"', 'title = "Zatre\u0301\u0301"', name="x.toml")
    one_line_error(run_pnp("check", "zatre", "--spec", str(unknown), "--games", "1"),
                   f"{unknown}: game.title: the printed font has no character")
    assert snapshot(tmp_path).keys() == {"spec.toml", "x.toml"}


def test_a_path_with_control_characters_is_printed_escaped(tmp_path, run_pnp):
    folder = tmp_path / "a\u202eb\x1b[2J"
    result = run_pnp("init", "rautino", str(folder))
    assert result.exit_code == 0, result.output
    assert "\u202e" not in result.output and "\x1b" not in result.output
    assert "a\\u202eb\\x1b[2J" in result.output
    assert (folder / "rautino.toml").is_file()


def test_dash_reads_a_standard_input_without_a_descriptor(records_log):
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["replay", "rautino", "-"], input=records_log.read_bytes())
    assert result.exit_code == 0, result.output
    assert "rautino: 2 records replayed, 0 invalid" in result.output


def test_the_studio_answers_a_deep_spec_with_its_verdict_not_an_error(tmp_path):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pnp.studio.app import create_app
    from pnp.studio.workspace import Workspace

    origin = "http://127.0.0.1:8765"
    app = create_app(Workspace.open(tmp_path), hosts={"127.0.0.1"}, port_ref=lambda: 8765)
    with TestClient(app, base_url=origin, headers={"origin": origin}) as client:
        answer = client.post("/api/spec/edit", json={"id": "shipped:zatre", "text": "[game]\n" + DEEP_KEY})
        assert answer.status_code == 200
        body = answer.json()
        assert body["form"] is None and not body["validation"]["ok"]
        assert "line 2: nested more than" in body["validation"]["message"]
        edit = [{"op": "set", "path": "game.title", "value": "x"}]
        answer = client.post("/api/spec/edit", json={"id": "shipped:zatre", "text": "[game]\n" + DEEP_KEY,
                                                     "edits": edit})
        assert answer.status_code == 400 and "line 2: nested more than" in answer.json()["error"]
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) in ([], ["studio-output"])
