"""A designer's variant: one edited spec drives both the printed sheets and the checker."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main

PURPLE = '''
[[colours]]
name = "purple"
fill = "#7b3fa0"
symbol = "diamond"
'''


def purple_spec(folder: Path) -> Path:
    """The walk-through of docs/designing.md: `pnp init`, add a fifth colour, turn the red/red stones red/purple."""
    result = CliRunner().invoke(main, ["init", "rautino", str(folder)])
    assert result.exit_code == 0, result.output
    spec = folder / "rautino.toml"
    text = spec.read_text(encoding="utf-8")
    text = text.replace("# The white/grey joker triangle", PURPLE + "\n# The white/grey joker triangle", 1)
    assert 'colours = ["red", "red"]' in text
    spec.write_text(text.replace('colours = ["red", "red"]', 'colours = ["red", "purple"]', 1), encoding="utf-8")
    return spec


def test_an_edited_stone_reaches_the_sheet_and_the_checker(tmp_path):
    spec = purple_spec(tmp_path / "variant")
    runner = CliRunner()

    printed = runner.invoke(main, ["tiles", "rautino", "--spec", str(spec), "-o", str(tmp_path / "out"),
                                   "--format", "svg", "-q"])
    assert printed.exit_code == 0, printed.output
    svg = ET.parse(sorted((tmp_path / "out" / "rautino").glob("rautino-tiles*.svg"))[0]).getroot()
    stones = [el.get("data-colours") for el in svg.iter() if el.get("class") == "stone"]
    assert len(stones) == 30
    assert stones.count("red/purple") == 2
    assert "red/red" not in stones
    assert any(el.get("fill") == "#7b3fa0" for el in svg.iter())

    log = tmp_path / "games.jsonl"
    checked = runner.invoke(main, ["check", "rautino", "--spec", str(spec), "--games", "6", "--workers", "1",
                                   "--json", "--log", str(log)])
    assert checked.exit_code in (0, 1, 3), checked.output
    report = json.loads(checked.output)
    assert report["static"]["triangles_per_colour"]["purple"] == 2
    assert report["static"]["triangles_per_colour"]["red"] == 10
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert records
    for record in records:
        assert ["red", "purple"] in record["stack"]
    replayed = runner.invoke(main, ["replay", "rautino", str(log), "--spec", str(spec)])
    assert replayed.exit_code == 0, replayed.output
    # The mistake a designer makes: the log replayed without its spec. Each record says why, and the replay
    # says once what to do.
    forgotten = runner.invoke(main, ["replay", "rautino", str(log)])
    assert forgotten.exit_code == 1
    lines = forgotten.output.splitlines()
    assert all("the stack is not the spec's stone set (played with another spec?)" in line for line in lines[:-2])
    assert lines[-1] == (f"{len(records)} of them do not start from this spec's set: name the spec they were "
                         "played with (--spec)")
    assert "do not start from" not in replayed.output
