"""The documentation site builds in strict mode (a broken link, a missing page or a missing picture
fails), its command-line reference lists every command and option of `pnp`, and the README leads a
newcomer to the pages that matter in one link."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import click
import pytest

from pnp.cli import main

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.xdist_group("docs")  # one build serves every test of this file


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("site")
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)],
                           cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    problems = [line for line in built.stderr.splitlines() if line.startswith(("WARNING", "ERROR"))]
    assert built.returncode == 0 and not problems, "\n".join(problems) or built.stderr[-3000:]
    return target


class _Sections(HTMLParser):
    """The text under each heading of the generated reference, keyed by the heading's id."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: dict[str, list[str]] = {}
        self.current = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if re.fullmatch(r"h[1-6]", tag):
            self.current = dict(attrs).get("id") or self.current
            self.sections.setdefault(self.current, [])

    def handle_data(self, data: str) -> None:
        self.sections.setdefault(self.current, []).append(data)


def missing_from_reference(html: str, group: click.Group) -> list[str]:
    """Every command of the group, and every option and argument its --help shows, that its section
    of the reference does not name; the section of a command is the one headed `pnp COMMAND`."""
    parser = _Sections()
    parser.feed(html)
    text = {anchor: " ".join(parts) for anchor, parts in parser.sections.items()}
    missing = []
    context = click.Context(group, info_name="pnp")
    commands = [("pnp", group)] + [(f"pnp-{name}", group.get_command(context, name))
                                   for name in group.list_commands(context)]
    for anchor, command in commands:
        words = anchor.replace("-", " ", 1)
        if anchor not in text:
            missing.append(f"{words}: no section")
            continue
        for param in command.params:
            if getattr(param, "hidden", False):  # not in the command's --help either
                continue
            if isinstance(param, click.Option):
                names = param.opts + param.secondary_opts
            else:
                names = [param.human_readable_name]
            for name in names:
                if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text[anchor]):
                    missing.append(f"{words}: {name}")
    return missing


def test_the_site_builds_in_strict_mode_with_every_page_of_the_navigation(site: Path) -> None:
    for page in ("getting-started", "printing", "designing", "checker", "sequential", "sweeps", "play", "rules",
                 "rautino", "zatre", "triomino", "plugins", "protocol", "api", "cli", "benchmarks", "changelog"):
        assert (site / page / "index.html").is_file(), page
    changelog = (site / "changelog" / "index.html").read_text(encoding="utf-8")
    assert "0.2.0" in changelog  # CHANGELOG.md itself, included


def test_the_command_line_reference_names_every_command_and_option(site: Path) -> None:
    html = (site / "cli" / "index.html").read_text(encoding="utf-8")
    assert missing_from_reference(html, main) == []


def test_a_command_or_option_left_out_of_the_reference_is_found(site: Path) -> None:
    html = (site / "cli" / "index.html").read_text(encoding="utf-8")
    without_tune = re.sub(r'<h3 id="pnp-tune".*?(?=<h3|\Z)', "", html, flags=re.S)
    assert missing_from_reference(without_tune, main) == ["pnp tune: no section"]
    without_option = html.replace("--max-games", "--most-games")
    assert {line.split(":")[0] for line in missing_from_reference(without_option, main)} == {
        "pnp check", "pnp sweep", "pnp tune"}


def test_the_api_reference_is_made_from_the_docstrings(site: Path) -> None:
    from pnp.games.base import Game

    html = (site / "api" / "index.html").read_text(encoding="utf-8")
    first_line = (Game.__doc__ or "").strip().splitlines()[0]
    assert first_line and " ".join(first_line.split()[:5]) in " ".join(re.sub(r"<[^>]+>", "", html).split())


def test_the_site_fetches_no_web_fonts(site: Path) -> None:
    for page in site.rglob("*.html"):
        assert "fonts.googleapis.com" not in page.read_text(encoding="utf-8"), page


def test_the_readme_leads_to_each_newcomers_task_in_one_link() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in ("docs/printing.md", "docs/designing.md", "docs/checker.md", "docs/play.md", "docs/plugins.md",
                 "docs/cli.md", "docs/index.md"):
        assert f"]({page}" in readme, page
    assert len(readme.splitlines()) <= 200


RANGE_IN_DOCS = re.compile(r"`(--[a-z-]+) ([0-9.]+)` to `([0-9.]+)`")


def stated_ranges() -> list[tuple[str, str, float, float]]:
    """(page, option, low, high) for every range of an option the docs state as `--option LOW` to `HIGH`."""
    return [(page.name, option, float(low), float(high))
            for page in sorted((ROOT / "docs").glob("*.md"))
            for option, low, high in RANGE_IN_DOCS.findall(page.read_text(encoding="utf-8"))]


def test_a_range_the_docs_state_is_the_range_the_option_takes() -> None:
    context = click.Context(main)
    ranges: dict[str, set[tuple[float, float]]] = {}
    for name in main.list_commands(context):
        for param in main.get_command(context, name).params:
            if isinstance(param, click.Option) and isinstance(param.type, click.IntRange | click.FloatRange):
                for flag in param.opts:
                    ranges.setdefault(flag, set()).add((param.type.min, param.type.max))
    stated = stated_ranges()
    assert ("checker.md", "--confidence") in {(page, option) for page, option, _, _ in stated}
    for page, option, low, high in stated:
        assert ranges.get(option) == {(low, high)}, (page, option, low, high, ranges.get(option))


def synopsis_gaps(text: str, group: click.Group) -> list[str]:
    """Every option of a command that the command table of docs/usage.md leaves out: each command's rows
    (`pnp COMMAND ...`) together name all of its options, except, for the commands that write pages, those
    the paragraph "Options of the commands that write pages" names for all of them."""
    context = click.Context(group, info_name="pnp")
    commands = set(group.list_commands(context))
    named: dict[str, set[str]] = {}
    for row in re.findall(r"^\| `(pnp [^|]*?(?:\\\|[^|]*?)*)` \|", text, flags=re.M):
        words = [word.strip("`,") for word in row.split()]  # `pnp board GAME`, `tiles`, ...: one row, five commands
        for command in {words[1], *(word for word in words[2:] if word in commands)}:
            named.setdefault(command, set()).update(re.findall(r"(?<![\w-])-{1,2}[a-zA-Z][\w-]*", row))
    shared = text.split("Options of the commands that write pages:", 1)[1].split("\n\n", 1)[0]
    for_pages = set(re.findall(r"(?<![\w-])-{1,2}[a-zA-Z][\w-]*", shared))
    gaps = []
    for name in sorted(commands):
        command = group.get_command(context, name)
        options = [p for p in command.params if isinstance(p, click.Option) and not p.hidden]
        writes_pages = any(p.name == "formats" for p in options)
        for param in options:
            flags = set(param.opts)
            if "--help" in flags or (writes_pages and flags & for_pages):
                continue
            if not flags & named.get(name, set()):
                gaps.append(f"pnp {name}: {max(param.opts, key=len)}")
    return gaps


def test_the_command_table_names_every_option_of_every_command() -> None:
    text = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    assert synopsis_gaps(text, main) == []


def test_an_option_left_out_of_the_command_table_is_found() -> None:
    text = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    without = text.replace("[--pairs] ", "")
    assert synopsis_gaps(without, main) == ["pnp check: --pairs"]
