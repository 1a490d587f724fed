"""`output/index.html`: a contact sheet of every kit, with relative links so it works from disk."""

from __future__ import annotations

from html import escape
from pathlib import Path

from pnp import __version__
from pnp import games as game_registry
from pnp.i18n import Texts

STYLE = """
body { font-family: 'Bitstream Vera Sans', 'DejaVu Sans', sans-serif; margin: 2em; color: #222; }
h2 { margin-top: 2em; border-bottom: 2px solid #ddd; padding-bottom: .2em; }
.sheet { display: flex; flex-wrap: wrap; gap: 1.2em; }
figure { margin: 0; width: 180px; text-align: center; font-size: .85em; }
figure img { width: 180px; border: 1px solid #bbb; box-shadow: 1px 1px 4px #ccc; background: #fff; }
.pdf { font-weight: bold; }
"""


MARK = b"<title>pnp kits</title>"  # what tells a contact sheet from another index.html

WORDS = Texts({
    "heading": {"en": "Print-and-play kits", "de": "Print-and-Play-Spiele"},
    "how": {"en": "Print the PDFs at 100 % (actual size). Each kit starts with its print guide, then the printer "
                  "check: print that first and measure its 100 mm bars before printing the rest. Made with pnp {v}.",
            "de": "Drucke die PDFs mit 100 % (tatsächliche Größe). Jedes Spiel beginnt mit seiner Druckanleitung, "
                  "dann kommt die Druckerprobe: drucke sie zuerst und miss ihre 100-mm-Balken, bevor du den Rest "
                  "druckst. Gemacht mit pnp {v}."},
})


def kits_in(folder: Path) -> dict[str, Path]:
    """The kits an earlier run left in `folder`, by game: each game's folder holding its kit's PDF."""
    return {name: folder / name for name in game_registry.names() if (folder / name / f"{name}-kit.pdf").is_file()}


def index_page(names: list[str], folders: dict[str, Path], lang: str = "en") -> str:
    """The contact sheet of the kits `names`, read from `folders` (a kit's folder, or the staging
    folder it is about to replace it with); links point to `<name>/...` beside the page."""
    sections = []
    for name in names:
        folder = folders[name]
        title = game_registry.get(name).title

        def link(path: Path, name: str = name, folder: Path = folder) -> str:
            return escape(f"{name}/{path.relative_to(folder).as_posix()}")

        pdfs = sorted(folder.glob("*.pdf"))
        svgs = sorted(folder.glob(f"{name}-[0-9][0-9]-*.svg"))
        links = " · ".join(f'<a class="pdf" href="{link(p)}">{escape(p.name)}</a>' for p in pdfs)
        figures = []
        for svg in svgs:
            preview = folder / "preview" / f"{svg.stem}.png"
            thumb = preview if preview.exists() else svg
            label = svg.stem.removeprefix(f"{name}-")
            figures.append(
                f'<figure><a href="{link(svg)}">'
                f'<img src="{link(thumb)}" alt="{escape(label)}" loading="lazy">'
                f"</a><figcaption>{escape(label)}</figcaption></figure>"
            )
        sections.append(f"<h2>{escape(title)}</h2><p>{links}</p><div class=\"sheet\">{''.join(figures)}</div>")
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>pnp kits</title><style>{STYLE}</style></head><body>
<h1>{escape(WORDS(lang, "heading"))}</h1>
<p>{escape(WORDS(lang, "how", v=__version__))}</p>
{"".join(sections)}
</body></html>
"""
