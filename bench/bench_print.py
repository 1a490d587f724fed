"""What a printed kit costs and how safe its cuts are, measured from the kit files.

For each game (A4 and Letter): sheets of paper the kit PDF prints on two-sided (pages / 2), the
least distance of any number, symbol or pip to its cut line, how far each back's colour runs past
its front's cut line, and the ink coverage of every page (the mean darkness of the PDF page
rasterised at 50 dpi: 0 % white paper, 100 % solid black), with the largest difference from the
estimate the guide prints (pnp.components.ink, from the drawing, no renderer).

Run: python bench/bench_print.py (prints a Markdown table).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from pnp.components.ink import coverage
from pnp.components.margins import sheet_margins
from pnp.draw.paper import A4, LETTER
from pnp.games.base import BoxOptions, KitContext
from pnp.kit import KitJob, draw_job, render_job

GAMES = ("rautino", "zatre", "triomino")


def ink_coverage(pdf: bytes, dpi: float = 50) -> list[float]:
    """Per page, the share of the page's area covered by ink, weighting grey by its darkness."""
    import pypdfium2 as pdfium
    from PIL import ImageStat

    document = pdfium.PdfDocument(pdf)
    out = []
    for page in document:
        grey = page.render(scale=dpi / 72).to_pil().convert("L")
        out.append(1 - ImageStat.Stat(grey).mean[0] / 255)
    return out


def main() -> None:
    print("| kit | pages | sheets | marks inside cut | back past cut | ink per page (%) | estimate off by |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for paper in (A4, LETTER):
            for game in GAMES:
                job = KitJob(game, None, None, KitContext(paper, "en", None, BoxOptions(), {}),
                             frozenset({"pdf"}), 100, Path(folder))
                drawn = draw_job(job)
                (_, pdf), = render_job(job, drawn)
                pages = drawn[1]
                tiles = [(pages[i].page, pages[i + 1].page) for i in range(0, len(pages), 2)
                         if pages[i].component == "tiles"]
                margins = [sheet_margins(front, back) for front, back in tiles]
                inside = min(m.inside_mm for m in margins)
                cover = min(m.cover_mm for m in margins if m.cover_mm is not None)
                printed = ink_coverage(pdf)
                ink = " ".join(f"{100 * c:.0f}" for c in printed)
                off = max(abs(coverage(item.page) - c) for item, c in zip(pages, printed, strict=True))
                print(f"| {game} {paper.name} | {len(pages)} | {len(pages) // 2} | {inside:.2f} mm | "
                      f"{cover:.2f} mm | {ink} | {100 * off:.1f} points |")


if __name__ == "__main__":
    main()
