"""write_document: file names, atomicity, refusing bad output paths."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.draw.paper import A4
from pnp.draw.render import write_document, write_pdf, write_png, write_svg
from pnp.draw.scene import Page, footer
from pnp.errors import LayoutError, PnpError


def page(n: int = 1) -> Page:
    p = Page.for_paper(A4, label=f"sheet {n}")
    p.text(20, 30, f"Seite {n} – Grüße", 5)
    footer(p, "test", "sheet", n, 2, "0.1.0")
    return p


def test_names_and_formats(tmp_path: Path) -> None:
    written = write_document([page(1), page(2)], tmp_path / "out", "tiles", {"pdf", "svg", "png"}, dpi=30)
    names = [p.name for p in written]
    assert names == ["tiles.pdf", "tiles-01.svg", "tiles-02.svg", "tiles-01.png", "tiles-02.png"]
    assert len(PdfReader(tmp_path / "out" / "tiles.pdf").pages) == 2
    assert (tmp_path / "out" / "tiles-01.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_single_page_has_no_number(tmp_path: Path) -> None:
    written = write_document([page()], tmp_path, "cover", {"svg", "png"}, dpi=20)
    assert [p.name for p in written] == ["cover.svg", "cover.png"]


def test_layout_error_writes_nothing(tmp_path: Path) -> None:
    bad = page(2)
    bad.rect(2, 2, 10, 10, label="stray tile")
    out = tmp_path / "kit"
    with pytest.raises(LayoutError, match="stray tile"):
        write_document([page(1), bad], out, "tiles", {"pdf", "svg", "png"})
    assert not out.exists()
    out.mkdir()
    with pytest.raises(LayoutError):
        write_document([page(1), bad], out, "tiles", {"pdf", "svg", "png"})
    assert list(out.iterdir()) == []


def test_no_temp_files_left(tmp_path: Path) -> None:
    write_document([page(1), page(2)], tmp_path, "tiles", {"pdf", "svg"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiles-01.svg", "tiles-02.svg", "tiles.pdf"]


def test_output_path_that_is_a_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.write_text("not a folder")
    with pytest.raises(PnpError, match="output path is a file"):
        write_document([page()], target, "tiles", {"pdf"})
    assert target.read_text() == "not a folder"


@pytest.mark.parametrize("formats", [set(), {"jpg"}, {"pdf", "eps"}])
def test_unknown_formats_are_refused(tmp_path: Path, formats: set[str]) -> None:
    with pytest.raises(PnpError, match="formats"):
        write_document([page()], tmp_path, "tiles", formats)
    assert list(tmp_path.iterdir()) == []


def test_single_writers(tmp_path: Path) -> None:
    assert write_svg(page(), tmp_path / "a.svg").read_bytes().startswith(b"<?xml")
    assert write_pdf([page()], tmp_path / "a.pdf", title="T").read_bytes().startswith(b"%PDF")
    assert write_png(page(), tmp_path / "a.png", dpi=20).read_bytes().startswith(b"\x89PNG")
