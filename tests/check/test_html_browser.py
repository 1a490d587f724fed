"""The HTML pages pnp writes, opened from disk in a real headless Chromium: the kit's contact sheet
(`output/index.html`), a check report and a sweep report. Each must load without a script or
console error, show every image it refers to, link only to files that exist, draw its charts at a
visible size with their labels inside them, and fit a laptop-wide window without a sideways scroll.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from browserhelp import NO_BROWSER
from conftest import PnpRun

playwright = pytest.importorskip("playwright.sync_api", reason=NO_BROWSER)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("html-browser")]

WIDTH = 1280  # a laptop window


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory, run_pnp: PnpRun) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("html")
    assert run_pnp("kit", "-o", str(out / "kit"), "-q", "--format", "pdf,svg,png").exit_code == 0
    assert run_pnp("check", "zatre", "--games", "40", "--players", "2", "--workers", "1", "-q",
               "--report", str(out / "check")).exit_code in (0, 3)
    assert run_pnp("sweep", "rautino", "--vary", "scoring.one_player.combo_bonus=0,2", "--vary",
               "shapes[Dreieck].points.1=1,2", "--players", "1", "--games", "30", "--workers", "1", "-q",
               "--report", str(out / "sweep")).exit_code in (0, 1, 3)
    return {name: out / name / "index.html" for name in ("kit", "check", "sweep")}


def opened(browser: playwright.Browser, page_file: Path) -> tuple[playwright.Page, list[str]]:
    tab = browser.new_page(viewport={"width": WIDTH, "height": 900})
    errors: list[str] = []
    tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(page_file.as_uri())
    tab.wait_for_load_state("load")
    # The contact sheet loads its thumbnails lazily, as they scroll into view: load them all now
    # (a broken one fails to decode and keeps a natural width of 0).
    tab.evaluate("Promise.all([...document.images].map(i => {"
                 " i.loading = 'eager'; return i.decode().catch(() => null); }))")
    return tab, errors


@pytest.mark.parametrize("name", ["kit", "check", "sweep"])
def test_a_page_loads_whole_and_fits_the_window(browser: playwright.Browser, pages: dict[str, Path], name: str):
    tab, errors = opened(browser, pages[name])
    try:
        assert errors == []
        images = tab.evaluate("[...document.images].map(i => [i.getAttribute('src'), i.complete && i.naturalWidth])")
        assert all(width for _, width in images), [src for src, width in images if not width]
        # Every link to a file of the output leads to a file that is there.
        for href in tab.evaluate("[...document.querySelectorAll('a[href]')].map(a => a.href)"):
            parts = urlsplit(href)
            if parts.scheme == "file":
                assert Path(unquote(parts.path)).is_file(), href
        # Nothing pushes the page sideways (a wide table scrolls in its own box).
        assert tab.evaluate("document.documentElement.scrollWidth") <= WIDTH
    finally:
        tab.close()


def test_the_contact_sheet_shows_every_page_of_every_kit(browser: playwright.Browser, pages: dict[str, Path]):
    tab, _ = opened(browser, pages["kit"])
    try:
        written = sorted(p for p in pages["kit"].parent.rglob("*.svg"))
        shown = tab.evaluate("[...document.images].filter(i => i.naturalWidth > 100).length")
        assert shown >= len(written) > 20
        pdf_links = tab.evaluate("[...document.querySelectorAll('a[href$=\".pdf\"]')].map(a => a.textContent)")
        assert {"rautino-kit.pdf", "zatre-kit.pdf", "triomino-kit.pdf"} <= set(pdf_links)
    finally:
        tab.close()


@pytest.mark.parametrize("name", ["check", "sweep"])
def test_charts_are_drawn_at_a_readable_size_with_their_labels_inside(browser: playwright.Browser,
                                                                      pages: dict[str, Path], name: str):
    tab, _ = opened(browser, pages[name])
    try:
        charts = tab.evaluate("""[...document.querySelectorAll('svg')].map(svg => {
            const box = svg.getBoundingClientRect();
            // Labels as drawn (rotated ones too), against the chart's box on the screen.
            const texts = [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect());
            const outside = texts.filter(t => t.left < box.left - 0.5 || t.top < box.top - 0.5
                || t.right > box.right + 0.5 || t.bottom > box.bottom + 0.5).length;
            const inside = outside === 0;
            return {width: box.width, height: box.height, texts: texts.length, inside};
        })""")
        assert len(charts) >= 3
        for chart in charts:
            assert chart["width"] >= 300 and chart["height"] >= 100, chart
            assert chart["texts"] >= 3 and chart["inside"], chart
    finally:
        tab.close()
