"""Whole kits: every game into output/<game>/, the index, reproducible bytes, nothing half-written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp import games
from pnp.spec import template_path


@pytest.fixture(scope="module")
def all_kits(tmp_path_factory, run_pnp) -> Path:
    out = tmp_path_factory.mktemp("kits")
    result = run_pnp("kit", "-o", str(out), "-q")
    assert result.exit_code == 0, result.output
    return out


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_every_game_gets_a_kit(all_kits):
    for name in games.names():
        folder = all_kits / name
        assert (folder / f"{name}-kit.pdf").is_file()
        svgs = sorted(folder.glob(f"{name}-[0-9][0-9]-*.svg"))
        # The guide on both sides of its sheet: what to print on the front, how to make the kit on the back.
        assert [p.name for p in svgs[:2]] == [f"{name}-01-guide.svg", f"{name}-02-guide.svg"]
        # Every kit carries its printer check (its feed arrow is what one-sided printing follows): a kit's
        # PDF is often printed, or passed on, alone.
        checks = [p.name for p in svgs if p.name.endswith("-calibration.svg")]
        assert checks == [f"{name}-03-calibration.svg", f"{name}-04-calibration.svg"]
        assert "once per print job" not in svgs[0].read_text(encoding="utf-8")
        assert any(p.name.endswith("-box.svg") for p in svgs)
        previews = {p.stem for p in (folder / "preview").glob("*.png")}
        assert previews == {p.stem for p in svgs}


def test_index_links_all_resolve(all_kits):
    html = (all_kits / "index.html").read_text(encoding="utf-8")
    links = _links(html)
    assert len(links) > 10
    for link in links:
        assert not link.startswith(("/", "http")), link
        assert (all_kits / link).is_file(), link
    for name in games.names():
        assert f'href="{name}/{name}-kit.pdf"' in html


def _links(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="([^"]+)"', html)


def test_one_kit_into_a_folder_of_kits_keeps_the_contact_sheet_true(all_kits, tmp_path, run_pnp):
    """A second run for one game (here with a second board sheet: more pages) rewrites the contact sheet with
    it, as one set with that kit: every link resolves and the new pages are on it, the other kits still are."""
    import shutil

    out = tmp_path / "kits"
    shutil.copytree(all_kits, out)
    assert run_pnp("kit", "zatre", "--board-sheets", "2", "-o", str(out), "-q").exit_code == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    for link in _links(html):
        assert (out / link).is_file(), link
    pages = sorted(p.name for p in (out / "zatre").glob("zatre-[0-9][0-9]-*.svg"))
    assert all(f'href="zatre/{page}"' in html for page in pages)
    assert len(pages) > len(list((all_kits / "zatre").glob("zatre-[0-9][0-9]-*.svg")))
    for name in games.names():
        assert f'href="{name}/{name}-kit.pdf"' in html


def test_one_kit_alone_gets_a_contact_sheet_in_its_language(tmp_path, run_pnp):
    out = tmp_path / "mine"
    assert run_pnp("kit", "zatre", "--lang", "de", "-o", str(out), "-q").exit_code == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in html and "Print-and-Play" in html
    assert [link.split("/")[0] for link in _links(html)] == ["zatre"] * len(_links(html))
    for link in _links(html):
        assert (out / link).is_file(), link


def test_second_run_gives_identical_bytes(all_kits, tmp_path, run_pnp):
    assert run_pnp("kit", "-o", str(tmp_path), "-q").exit_code == 0
    assert snapshot(tmp_path) == snapshot(all_kits)


def test_kit_pdf_pages_are_a4_and_footers_number_them(all_kits):
    from pypdf import PdfReader

    for name in games.names():
        reader = PdfReader(all_kits / name / f"{name}-kit.pdf")
        for page in reader.pages:  # portrait or landscape A4
            short, long = sorted((float(page.mediabox.width), float(page.mediabox.height)))
            assert short == pytest.approx(595.276, abs=0.01)
            assert long == pytest.approx(841.890, abs=0.01)
        total = len(reader.pages)
        for number, page in enumerate(reader.pages, 1):  # the printer check is the kit's pages 1 and 2
            assert f"page {number}/{total}" in page.extract_text()


def test_a_page_that_does_not_fit_writes_nothing(tmp_path, run_pnp):
    result = run_pnp("kit", "zatre", "-o", str(tmp_path), "--paper", "120x120")
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert "pnp: error:" in result.output
    assert list(tmp_path.rglob("*")) == []


def test_output_path_that_is_a_file(tmp_path, run_pnp):
    target = tmp_path / "file"
    target.write_text("x")
    result = run_pnp("kit", "zatre", "-o", str(target), "--format", "svg")
    assert result.exit_code == 2
    assert "not a folder" in result.output


def test_unknown_component_is_named(tmp_path, run_pnp):
    result = run_pnp("scoresheet", "rautino", "-o", str(tmp_path))
    assert result.exit_code == 2
    assert "rautino has no scoresheet" in result.output


def test_a_component_command_is_kit_only_that_part(tmp_path, run_pnp):
    """`pnp tiles GAME` and `pnp kit GAME --only tiles` are one way to make a part: the same files."""
    alone = run_pnp("tiles", "zatre", "-o", str(tmp_path / "alone"), "--format", "svg,pdf", "-q")
    only = run_pnp("kit", "zatre", "--only", "tiles", "-o", str(tmp_path / "only"), "--format", "svg,pdf", "-q")
    assert alone.exit_code == 0 and only.exit_code == 0, alone.output + only.output
    made = snapshot(tmp_path / "alone")
    assert sorted(made) == ["zatre/zatre-tiles-01.svg", "zatre/zatre-tiles-02.svg", "zatre/zatre-tiles.pdf"]
    assert snapshot(tmp_path / "only") == made


def test_kit_only_makes_the_parts_named_in_kit_order_beside_the_kit(tmp_path, run_pnp):
    out = tmp_path / "out"
    assert run_pnp("kit", "zatre", "-o", str(out), "--format", "svg", "-q").exit_code == 0
    whole = snapshot(out)
    result = run_pnp("kit", "zatre", "--only", "rules, tiles", "-o", str(out), "--format", "svg", "-q")
    assert result.exit_code == 0, result.output
    after = snapshot(out)
    added = sorted(set(after) - set(whole))
    assert added and all(name.startswith("zatre/zatre-tiles-rules-") for name in added), added
    assert {name: after[name] for name in whole} == whole  # the kit beside them stays as it was


@pytest.mark.parametrize(("args", "message"), [
    (("kit", "rautino", "--only", "scoresheet"), "rautino has no scoresheet; its parts are: board, tiles, cover"),
    (("kit", "zatre", "--only", "tiles,dice"), "zatre has no dice; its parts are: board, tiles, scoresheet"),
    (("kit", "--only", "tiles"), "--only: name the game whose parts to make"),
    (("kit", "zatre", "--only", " , "), "--only: name at least one part"),
])
def test_kit_only_refuses_a_part_in_one_line(tmp_path, args, message, run_pnp):
    result = run_pnp(*args, "-o", str(tmp_path / "out"))
    assert result.exit_code == 2 and message in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_init_copies_a_spec_that_loads(tmp_path, run_pnp):
    result = run_pnp("init", "rautino", str(tmp_path / "mine"))
    assert result.exit_code == 0, result.output
    copied = tmp_path / "mine" / "rautino.toml"
    assert copied.read_bytes() == template_path("rautino").read_bytes()
    assert games.get("rautino").load(copied) is not None
    again = run_pnp("init", "rautino", str(tmp_path / "mine"))
    assert again.exit_code == 2 and "already exists" in again.output


def test_every_kit_prints_on_us_letter(tmp_path, run_pnp):
    from pypdf import PdfReader

    result = run_pnp("kit", "-o", str(tmp_path), "--paper", "letter", "--format", "pdf", "-q")
    assert result.exit_code == 0, result.output
    for name in games.names():
        for page in PdfReader(tmp_path / name / f"{name}-kit.pdf").pages:
            short, long = sorted((float(page.mediabox.width), float(page.mediabox.height)))
            assert (short, long) == (pytest.approx(612, abs=0.01), pytest.approx(792, abs=0.01))


def test_rebuilding_removes_stale_pages_but_keeps_formats_not_rebuilt(tmp_path, run_pnp):
    assert run_pnp("kit", "rautino", "-o", str(tmp_path), "--format", "svg,png", "--dpi", "30", "-q").exit_code == 0
    folder = tmp_path / "rautino"
    svgs = sorted(p.name for p in folder.glob("*.svg"))
    pngs = sorted(p.name for p in (folder / "preview").glob("*.png"))
    stale = folder / "rautino-99-tiles.svg"  # left by an earlier kit with more pages
    stale.write_text("<svg/>")
    notes = folder / "rautino-01-notes.txt"
    notes.write_text("mine")

    assert run_pnp("kit", "rautino", "-o", str(tmp_path), "--format", "svg", "-q").exit_code == 0
    assert not stale.exists()
    assert notes.read_text() == "mine"
    assert sorted(p.name for p in folder.glob("*.svg")) == svgs
    # Previews were not rendered this time: they are not stale, and stay.
    assert sorted(p.name for p in (folder / "preview").glob("*.png")) == pngs

    assert run_pnp("kit", "rautino", "-o", str(tmp_path), "--format", "pdf", "-q").exit_code == 0
    assert sorted(p.name for p in folder.glob("*.svg")) == svgs
    assert sorted(p.name for p in (folder / "preview").glob("*.png")) == pngs


def test_the_cover_sheet_is_printed_only_when_asked_for() -> None:
    from pnp.draw.paper import A4
    from pnp.kit import draw_kit, kit_context

    game = games.get("rautino")
    model = game.load(None)
    plain = [item.component for item in draw_kit(game, model, kit_context(A4))]
    asked = [item.component for item in draw_kit(game, model, kit_context(A4, cover=True))]
    assert "cover" not in plain and asked.count("cover") == 1
    assert len(asked) == len(plain) + 2  # one sheet more: the cover and its blank back
