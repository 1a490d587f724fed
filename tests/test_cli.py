"""The command line: version, help, fast start-up, one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pnp import __version__


def test_version(run_pnp):
    result = run_pnp("--version")
    assert result.exit_code == 0
    assert __version__ in result.output


def test_help_on_every_command(run_pnp):
    top = run_pnp("--help")
    assert top.exit_code == 0
    commands = ["calibrate", "kit", "board", "tiles", "cover", "rules", "scoresheet", "box", "check",
                "replay", "init"]
    for name in commands:
        assert name in top.output
        result = run_pnp(name, "--help")
        assert result.exit_code == 0, (name, result.output)
        assert "Usage:" in result.output


def test_help_reads_the_game_declarations_but_imports_no_engine_or_renderer():
    code = (
        "import sys\n"
        "from pnp.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in sys.modules if m.startswith(('reportlab', 'svgwrite', 'cairosvg', 'cairocffi',"
        " 'pnp.draw', 'pnp.check', 'pnp.kit', 'pnp.components', 'pnp.geometry'))"
        " or m.startswith('pnp.games.') and m.count('.') > 2 and not m.endswith('.options')]\n"
        "print('HEAVY=' + ','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "HEAVY="


def test_unknown_game_is_one_line_exit_2(run_pnp):
    result = run_pnp("check", "chess")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "unknown game 'chess'" in lines[0]


def test_bad_option_value_is_one_line(run_pnp):
    result = run_pnp("check", "rautino", "--games", "0")
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert "--games" in result.output


def test_bad_format_is_one_line(run_pnp):
    result = run_pnp("calibrate", "--format", "pdf,gif")
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert "choose from pdf, svg, png" in result.output


def test_a_games_own_bounds_apply_where_another_game_set_the_command_lines(monkeypatch, tmp_path, run_pnp):
    from dataclasses import replace

    from pnp import games

    zatre = games.get("zatre")
    pages = next(o for o in zatre.options if o.name == "pages")
    strict = replace(zatre, options=tuple(replace(o, high=3) if o is pages else o for o in zatre.options))
    original = games.get
    monkeypatch.setattr(games, "get", lambda name: strict if name == "zatre" else original(name))
    result = run_pnp("scoresheet", "zatre", "--pages", "5", "-o", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.strip() == "pnp: error: --pages 5: out of range for zatre (1 to 3)"
    assert list(tmp_path.iterdir()) == []


# --- a choice in any case, as --paper A4 always was ------------------------------------------------

def test_every_choice_option_takes_its_words_in_any_case():
    """Each option with fixed words uses the one choice type that matches them regardless of case."""
    import click

    from pnp.cli import ChoiceType, main

    ctx = click.Context(main)
    found = []
    for name in main.list_commands(ctx):
        for param in main.get_command(ctx, name).params:
            if isinstance(param.type, click.Choice):
                found.append((name, param.name))
                assert isinstance(param.type, ChoiceType), (name, param.name)
    assert ("kit", "lang") in found and ("kit", "ink") in found and ("box", "style") in found


def _svgs(folder):
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*.svg"))}


@pytest.mark.parametrize(("args", "upper", "lower"), [
    (("calibrate",), ("--lang", "DE"), ("--lang", "de")),
    (("board", "zatre"), ("--ink", "ECO"), ("--ink", "eco")),
    (("tiles", "triomino"), ("--tile-edge", "Spec"), ("--tile-edge", "spec")),
    (("box",), ("--style", "Telescoping"), ("--style", "telescoping")),
    (("rules", "triomino"), ("--preset", "CLASSIC"), ("--preset", "classic")),
    (("board", "RAUTINO"), (), ()),
])
def test_a_choice_in_capitals_is_the_choice(tmp_path, pnp_ok, args, upper, lower):
    pnp_ok(*args, *upper, "--format", "svg", "-q", "-o", str(tmp_path / "upper"))
    pnp_ok(*[a.lower() for a in args], *lower, "--format", "svg", "-q", "-o", str(tmp_path / "lower"))
    made = _svgs(tmp_path / "upper")
    assert made and made == _svgs(tmp_path / "lower")


def test_strength_levels_in_any_case():
    from pnp.cli import LEVELS

    assert LEVELS.convert("Good, EXPERT", None, None) == ("good", "expert")


def test_an_unknown_choice_still_names_the_choices(run_pnp):
    from hostile_helpers import one_line_error

    one_line_error(run_pnp("calibrate", "--lang", "FR"), "--lang", "'FR' is not one of 'de', 'en'")
