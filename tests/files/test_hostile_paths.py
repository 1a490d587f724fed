"""Hostile output paths: too long, not a file, a link, an input, another command's file, empty."""

from __future__ import annotations

import json
import os
import socket
import stat

import pytest
from hostile_helpers import one_line_error, snapshot, spec_with

from pnp.spec import template_path

LONG = "a" * 300  # longer than any file system's name limit (255 bytes)


@pytest.mark.parametrize("args", [
    ("calibrate", "-o", "{long}/x"),
    ("kit", "zatre", "-o", "{long}", "-q"),
    ("board", "zatre", "-o", "{long}", "-q"),
    ("box", "-o", "{long}", "-q"),
    ("check", "rautino", "--games", "1", "--report", "{long}", "-q"),
    ("check", "rautino", "--games", "1", "--log", "{long}/log.jsonl", "-q"),
    ("init", "zatre", "{long}"),
])
def test_a_path_too_long_is_one_line(tmp_path, args, run_pnp):
    long = str(tmp_path / LONG)
    result = run_pnp(*(a.format(long=long) for a in args))
    one_line_error(result, LONG[:50], "File name too long")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("make", "kind"), [
    (lambda p: os.mkfifo(p), "a FIFO"),
    (lambda p: socket.socket(socket.AF_UNIX).bind(str(p)), "a socket"),
])
def test_a_fifo_or_socket_is_refused_not_replaced(tmp_path, make, kind, run_pnp):
    target = tmp_path / "log.jsonl"
    make(target)
    result = run_pnp("check", "rautino", "--games", "1", "--log", str(target), "-q")
    one_line_error(result, f"{target}: is {kind}, not a file", "use - for standard output")
    assert not stat.S_ISREG(os.lstat(target).st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/full") or os.geteuid() != 0, reason="needs /dev/full and root")
def test_a_device_is_refused_and_stays_a_device(run_pnp):
    result = run_pnp("check", "rautino", "--games", "1", "--log", "/dev/full", "-q")
    one_line_error(result, "/dev/full: is a device, not a file")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_dev_stdout_is_refused_and_dash_writes_the_log_to_standard_output(tmp_path, run_pnp):
    if os.path.islink("/dev/stdout"):
        before = os.readlink("/dev/stdout")
        result = run_pnp("check", "rautino", "--games", "1", "--log", "/dev/stdout", "-q")
        assert result.exit_code == 2
        assert os.readlink("/dev/stdout") == before
    result = run_pnp("check", "rautino", "--games", "3", "--skill-games", "0", "--log", "-", "-q")
    assert result.exit_code in (0, 3), result.output
    records = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert [r["game"] for r in records] == list(range(6))  # 3 games for 1 and for 2 players, numbered on
    assert "rautino: " in result.stderr and "rautino: " not in result.stdout  # the verdict line
    assert list(tmp_path.iterdir()) == []


def test_a_symlink_is_written_through_to_its_target(tmp_path, run_pnp):
    target = tmp_path / "real.jsonl"
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    result = run_pnp("check", "rautino", "--games", "2", "--skill-games", "0", "--log", str(link), "-q")
    assert result.exit_code in (0, 3), result.output
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert len(target.read_text().splitlines()) == 4  # 2 games for 1 and for 2 players
    dangling = tmp_path / "dangling.jsonl"
    dangling.symlink_to(tmp_path / "new.jsonl")
    assert run_pnp("check", "rautino", "--games", "1", "--log", str(dangling), "-q").exit_code in (0, 3)
    assert dangling.is_symlink() and (tmp_path / "new.jsonl").is_file()


def test_an_output_that_is_an_input_is_refused(tmp_path, run_pnp):
    spec = spec_with(tmp_path, "rautino", 'title = "Rautino"', 'title = "Rautino"')
    before = spec.read_bytes()
    result = run_pnp("check", "rautino", "--spec", str(spec), "--games", "1", "--log", str(spec), "-q")
    one_line_error(result, f"{spec}: is an input of this command")
    assert spec.read_bytes() == before
    link = tmp_path / "via-link.jsonl"
    link.symlink_to(spec)
    result = run_pnp("check", "rautino", "--spec", str(spec), "--games", "1", "--log", str(link), "-q")
    one_line_error(result, "is an input of this command")
    assert spec.read_bytes() == before
    shipped = template_path("zatre")
    shipped_bytes = shipped.read_bytes()
    one_line_error(run_pnp("check", "zatre", "--games", "1", "--log", str(shipped), "-q"), "is an input")
    assert shipped.read_bytes() == shipped_bytes


def test_a_report_never_replaces_a_kits_contact_sheet(tmp_path, run_pnp):
    out = tmp_path / "out"
    assert run_pnp("kit", "-o", str(out), "-q", "--format", "pdf,svg").exit_code == 0
    before = snapshot(out)
    result = run_pnp("check", "rautino", "--games", "1", "--report", str(out), "-q")
    one_line_error(result, f"{out / 'index.html'}: exists and was not made by this command")
    assert snapshot(out) == before
    # ... and a kit never replaces a report's page.
    report = tmp_path / "report"
    assert run_pnp("check", "rautino", "--games", "1", "--report", str(report), "-q").exit_code in (0, 3)
    assert run_pnp("check", "rautino", "--games", "2", "--report", str(report), "-q").exit_code in (0, 3)
    before = snapshot(report)
    one_line_error(run_pnp("kit", "-o", str(report), "-q", "--format", "pdf,svg"),
                   "index.html: exists and was not made")
    assert snapshot(report) == before


@pytest.mark.parametrize("args", [
    ("kit", "zatre", "-o", ""), ("calibrate", "-o", " "), ("check", "zatre", "--log", ""),
    ("check", "zatre", "--report", ""), ("init", "zatre", ""), ("kit", "zatre", "-o", "-"),
])
def test_an_empty_output_path_is_an_error(tmp_path, monkeypatch, args, run_pnp):
    monkeypatch.chdir(tmp_path)
    one_line_error(run_pnp(*args), "Invalid value")
    assert list(tmp_path.iterdir()) == []


def test_one_path_for_two_outputs_is_refused(tmp_path, run_pnp):
    report = tmp_path / "report"
    result = run_pnp("check", "rautino", "--games", "1", "--report", str(report), "--log", str(report / "index.html"),
                     "-q")
    one_line_error(result, f"{report / 'index.html'}: named for two outputs of this command")
    assert not report.exists()


def test_a_file_where_the_kit_folder_goes_stays(tmp_path, run_pnp):
    (tmp_path / "zatre").write_text("mine")
    one_line_error(run_pnp("kit", "zatre", "-o", str(tmp_path), "-q", "--format", "pdf"),
                   f"{tmp_path / 'zatre'}: is a file, not a folder")
    assert (tmp_path / "zatre").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["zatre"]


def test_a_command_guards_its_own_inputs_not_another_threads_writes(tmp_path):
    """The studio serves requests on threads of its own; a command run meanwhile in the same process
    (a test's, or a library user's) makes its inputs unwritable for itself alone."""
    import threading

    from pnp.errors import PnpError
    from pnp.files.inputs import command_inputs, note_input
    from pnp.files.targets import output_file

    spec = tmp_path / "mine.toml"
    spec.write_text("x = 1\n")
    other_thread: list[object] = []
    with command_inputs():
        note_input(spec)
        with pytest.raises(PnpError, match="is an input of this command"):
            output_file(spec)
        worker = threading.Thread(target=lambda: other_thread.append(output_file(spec)))
        worker.start()
        worker.join()
    assert other_thread == [spec]
