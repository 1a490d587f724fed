"""Make every picture of the documentation from the current code.

    .venv/bin/python docs/screenshots.py                 # kit pages, studio and play page
    .venv/bin/python docs/screenshots.py --only kit      # kit pages only (a few seconds)

kit: builds the three kits into a temporary folder with `pnp kit` and renders chosen pages of
each kit PDF with pdftoppm (poppler-utils) into docs/kit/, plus one overview picture.
studio, play: run the browser tests that drive the studio and the play page in headless Chromium
(Debian's /usr/bin/chromium through Playwright, as the tests do) with PNP_STUDIO_SCREENSHOTS or
PNP_PLAY_SCREENSHOTS set, so each screenshot shows the state a test has just checked; they land
in docs/studio/ and docs/play/.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
DPI = 60  # an A4 page 496 x 702 px: the layout reads, the files stay small

# (game, component, which page of that component: 1 the first), the picture's name
KIT_PAGES = [
    ("rautino", "guide", 1, "rautino-guide"),
    ("rautino", "calibration", 1, "calibration"),
    ("rautino", "board", 1, "rautino-board"),
    ("rautino", "tiles", 1, "rautino-stones"),
    ("rautino", "tiles", 2, "rautino-stones-backs"),
    ("rautino", "rules", 1, "rautino-rules"),
    ("rautino", "box", 1, "rautino-box"),
    ("zatre", "board", 1, "zatre-board"),
    ("zatre", "tiles", 1, "zatre-tiles"),
    ("zatre", "scoresheet", 1, "zatre-scoresheet"),
    ("zatre", "box", 1, "zatre-box"),
    ("triomino", "tiles", 1, "triomino-tiles"),
    ("triomino", "scoresheet", 1, "triomino-scoresheet"),
    ("triomino", "box", 1, "triomino-box"),
]
OVERVIEW = ["rautino-guide", "rautino-board", "rautino-stones"]  # the home page's picture, side by side

# The browser tests that write the screenshots, by the folder they write to.
BROWSER_TESTS = {
    "studio": ("PNP_STUDIO_SCREENSHOTS", DOCS / "studio", [
        "tests/test_studio_browser.py::test_a_new_colour_shows_on_the_stone_sheet_and_is_saved",
        "tests/test_studio_browser.py::test_an_invalid_value_shows_the_loaders_message_and_leaves_the_file",
        "tests/test_studio_browser.py::test_a_check_runs_and_shows_its_verdict",
        "tests/test_studio_browser.py::test_the_kit_pdf_downloads_with_every_page",
        "tests/test_studio_browser_work.py",
        "tests/test_studio_editor.py",
    ]),
    "play": ("PNP_PLAY_SCREENSHOTS", DOCS / "play", [
        "tests/test_play_table.py::test_a_whole_game_by_clicks_replays_with_pnp_replay_on_the_same_scores",
        "tests/test_play_browser.py::test_a_played_game_is_listed_in_the_studios_replay_and_steps_on_the_board",
    ]),
}


def page_numbers(kit_folder: Path, game: str, component: str) -> list[int]:
    """The kit's page numbers of a component, read from the SVG names `<game>-NN-<component>.svg`."""
    numbers = []
    for svg in sorted(kit_folder.glob(f"{game}-*-{component}.svg")):
        numbers.append(int(svg.stem.split("-")[1]))
    if not numbers:
        raise SystemExit(f"screenshots: {game} kit has no {component} page in {kit_folder}")
    return numbers


def render_page(pdf: Path, number: int, target: Path) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        stem = Path(scratch) / "page"
        subprocess.run(["pdftoppm", "-png", "-r", str(DPI), "-f", str(number), "-l", str(number),
                        "-singlefile", str(pdf), str(stem)], check=True)
        shutil.move(f"{stem}.png", target)


def kit_pictures() -> None:
    if shutil.which("pdftoppm") is None:
        raise SystemExit("screenshots: pdftoppm is missing (apt install poppler-utils)")
    out = DOCS / "kit"
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run([sys.executable, "-m", "pnp", "kit", "-o", scratch, "--format", "pdf,svg", "-q"],
                       check=True, cwd=ROOT)
        for game, component, nth, name in KIT_PAGES:
            folder = Path(scratch) / game
            render_page(folder / f"{game}-kit.pdf", page_numbers(folder, game, component)[nth - 1],
                        out / f"{name}.png")
            print(f"docs/kit/{name}.png")
    pages = [Image.open(out / f"{name}.png").convert("RGB") for name in OVERVIEW]
    gap, height = 16, max(page.height for page in pages)
    overview = Image.new("RGB", (sum(page.width for page in pages) + gap * (len(pages) + 1), height + 2 * gap),
                         "#e6e6e6")
    x = gap
    for page in pages:
        overview.paste(page, (x, gap))
        x += page.width + gap
    overview.save(out / "overview.png", optimize=True)
    print("docs/kit/overview.png")


def browser_pictures(part: str) -> None:
    variable, folder, tests = BROWSER_TESTS[part]
    folder.mkdir(exist_ok=True)
    env = {**os.environ, variable: str(folder)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", *tests],
                          cwd=ROOT, env=env)
    if done.returncode != 0:
        raise SystemExit(f"screenshots: the {part} tests failed; their screenshots may be of a broken page")
    print(f"docs/{folder.name}/: {len(list(folder.glob('*.png')))} screenshots")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="kit,studio,play", help="comma-separated: kit, studio, play")
    parts = parser.parse_args().only.split(",")
    unknown = set(parts) - {"kit", *BROWSER_TESTS}
    if unknown:
        parser.error(f"--only: unknown part {', '.join(sorted(unknown))}; known: kit, studio, play")
    if "kit" in parts:
        kit_pictures()
    for part in BROWSER_TESTS:
        if part in parts:
            browser_pictures(part)


if __name__ == "__main__":
    main()
