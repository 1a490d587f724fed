"""Box nets per second: planning and drawing, then rendering to SVG and to PDF."""

from __future__ import annotations

import time

from pnp.components.box import box_pages
from pnp.components.boxnet import PAPER_80GSM_MM, BoxSize
from pnp.draw.paper import A4
from pnp.draw.pdf import render_pdf
from pnp.draw.svg import render_svg

CASES = [(BoxSize(130, 102, 23), "hinged"), (BoxSize(130, 130, 30), "telescoping")]


def rate(label: str, work, seconds: float = 1.0) -> None:
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        work()
        count += 1
    print(f"{label:<32} {count / elapsed:8.1f} nets/s")


def main() -> None:
    for size, style in CASES:
        def pages(size=size, style=style):
            return box_pages(size, style, PAPER_80GSM_MM, A4, "Rautino", "bench")

        rate(f"{size} {style} pages", pages)
        rate(f"{size} {style} svg", lambda pages=pages: [render_svg(p) for p in pages()])
        rate(f"{size} {style} pdf", lambda pages=pages: render_pdf(pages()))


if __name__ == "__main__":
    main()
