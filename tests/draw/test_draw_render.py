"""render_pages, the one render path: file names, contents, formats; nothing touches the disk."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.draw.paper import A4
from pnp.draw.render import file_count, page_names, render_pages
from pnp.draw.scene import Page, footer
from pnp.errors import PnpError

ALL = frozenset({"pdf", "svg", "png"})


def page(n: int = 1) -> Page:
    p = Page.for_paper(A4, label=f"sheet {n}")
    p.text(20, 30, f"Seite {n} – Grüße", 5)
    footer(p, "test", "sheet", n, 2, "0.1.0")
    return p


def test_names_formats_and_contents(tmp_path: Path) -> None:
    pages = [page(1), page(2)]
    rendered = render_pages(pages, tmp_path, "tiles", page_names("tiles", 2), ALL, dpi=30)
    assert [path.relative_to(tmp_path).as_posix() for path, _ in rendered] == [
        "tiles.pdf", "tiles-01.svg", "preview/tiles-01.png", "tiles-02.svg", "preview/tiles-02.png"]
    data = dict(rendered)
    assert len(PdfReader(io.BytesIO(data[tmp_path / "tiles.pdf"])).pages) == 2
    assert data[tmp_path / "tiles-01.svg"].startswith(b"<?xml")
    assert data[tmp_path / "preview" / "tiles-01.png"][:8] == b"\x89PNG\r\n\x1a\n"
    assert len(rendered) == file_count(2, ALL)
    assert list(tmp_path.iterdir()) == []


def test_page_names() -> None:
    assert page_names("cover", 1) == ["cover"]
    assert page_names("tiles", 3) == ["tiles-01", "tiles-02", "tiles-03"]
    assert page_names("tiles", 120)[0] == "tiles-001"
    assert page_names("zatre", 2, ["calibration", "board"]) == ["zatre-01-calibration", "zatre-02-board"]


def test_progress_counts_every_file(tmp_path: Path) -> None:
    steps: list[int] = []
    formats = frozenset({"pdf", "svg"})
    render_pages([page(1), page(2)], tmp_path, "t", page_names("t", 2), formats, advance=steps.append)
    assert sum(steps) == file_count(2, formats) == 3


@pytest.mark.parametrize("formats", [frozenset(), frozenset({"jpg"}), frozenset({"pdf", "eps"})])
def test_unknown_formats_are_refused(tmp_path: Path, formats: frozenset[str]) -> None:
    with pytest.raises(PnpError, match="formats"):
        render_pages([page()], tmp_path, "tiles", ["tiles"], formats)


def test_no_pages_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PnpError, match="no pages"):
        render_pages([], tmp_path, "tiles", [], ALL)
