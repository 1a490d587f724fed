"""Every link and image of README.md leads somewhere: files and images exist in the repository, and
an anchor (#section, or file.md#section) names a heading of its document. Web addresses are not
fetched (the tests run offline); only their form is checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")  # [text](target) and ![alt](target)
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def links(markdown: str) -> list[tuple[bool, str, str]]:
    """(is an image, text, target) of every inline link outside code blocks and code spans."""
    prose = re.sub(r"`[^`\n]*`", "", FENCE.sub("", markdown))
    return [(bang == "!", text, target) for bang, text, target in LINK.findall(prose)]


def anchors(markdown: str) -> set[str]:
    """GitHub's anchors of the headings: lower case, punctuation dropped, spaces as hyphens."""
    found = set()
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*$", FENCE.sub("", markdown), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        found.add(slug)
    return found


def broken(document: Path) -> list[str]:
    text = document.read_text(encoding="utf-8")
    problems = []
    for image, label, target in links(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # a web address or mailto:
            if not target.startswith(("https://", "http://", "mailto:")):
                problems.append(f"{target}: not a web address this README should link to")
            continue
        path_part, _, anchor = target.partition("#")
        linked = (document.parent / path_part).resolve() if path_part else document
        if not linked.is_relative_to(ROOT) or not linked.exists():
            problems.append(f"{target}: {'image' if image else 'link'} {label!r} leads to no file")
            continue
        if image and linked.suffix.lower() not in (".png", ".svg", ".jpg", ".jpeg", ".gif"):
            problems.append(f"{target}: image {label!r} is not an image file")
        if anchor and (linked.suffix != ".md" or anchor not in anchors(linked.read_text(encoding="utf-8"))):
            problems.append(f"{target}: no heading with the anchor #{anchor}")
    return problems


def test_every_link_and_image_of_the_readme_exists() -> None:
    assert links(README.read_text(encoding="utf-8")), "the README links nothing: the pattern is wrong"
    assert broken(README) == []


def test_the_checker_finds_a_missing_image_a_missing_file_and_a_wrong_anchor(tmp_path: Path) -> None:
    global ROOT
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "there.md").write_text("# Speed and size\n", encoding="utf-8")
    (tmp_path / "shot.png").write_bytes(b"\x89PNG")
    page = tmp_path / "README.md"
    page.write_text("# Top\n![a](shot.png) ![b](missing.png) [c](docs/there.md#speed-and-size) [d](docs/gone.md)\n"
                    "[e](#top) [f](#nowhere) [g](docs/there.md#speed) `[h](in-code.md)`\n"
                    "```\n[i](in-a-fence.md)\n```\n", encoding="utf-8")
    saved, ROOT = ROOT, tmp_path
    try:
        assert broken(page) == [
            "missing.png: image 'b' leads to no file",
            "docs/gone.md: link 'd' leads to no file",
            "#nowhere: no heading with the anchor #nowhere",
            "docs/there.md#speed: no heading with the anchor #speed",
        ]
    finally:
        ROOT = saved


@pytest.mark.parametrize("heading, anchor", [("pnp studio: design in the browser", "pnp-studio-design-in-the-browser"),
                                             ("Rules as implemented: interpretations and their defaults",
                                              "rules-as-implemented-interpretations-and-their-defaults")])
def test_anchors_are_spelled_as_github_spells_them(heading: str, anchor: str) -> None:
    assert anchor in anchors(f"## {heading}\n")
