"""Pages per second for the printer check sheet in SVG, PDF and PNG.

Run: python bench/bench_draw.py [--repeat N] [--dpi DPI]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from pnp.components.calibrate import calibration_pages
from pnp.draw.paper import A4


def rate(label: str, pages_per_call: int, repeat: int, fn) -> None:
    fn()  # warm up: font registration, fontconfig, imports
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    elapsed = time.perf_counter() - start
    pages = pages_per_call * repeat
    print(f"{label:<22} {pages / elapsed:8.1f} pages/s  ({pages} pages in {elapsed:.2f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--dpi", type=float, default=100)
    args = parser.parse_args()

    from pnp.draw.pdf import render_pdf
    from pnp.draw.png import render_png
    from pnp.draw.svg import render_svg

    pages = calibration_pages(A4)
    print(f"printer check, A4, {len(pages)} pages, {sum(len(p.items) for p in pages)} primitives")
    rate("build scene", len(pages), args.repeat, lambda: calibration_pages(A4))
    rate("SVG", len(pages), args.repeat, lambda: [render_svg(p) for p in pages])
    rate("PDF (one document)", len(pages), args.repeat, lambda: render_pdf(pages))
    rate(
        f"PNG @ {args.dpi:g} dpi",
        len(pages),
        max(1, args.repeat // 4),
        lambda: [render_png(p, args.dpi) for p in pages],
    )


if __name__ == "__main__":
    main()
