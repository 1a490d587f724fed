"""Short texts of the printed kit in English and German (the rules sheet has its own module)."""

from __future__ import annotations

LANGS = ("en", "de")

TEXTS: dict[str, dict[str, str]] = {
    "tiles_title": {"en": "Triomino tiles", "de": "Triomino-Steine"},
    "fronts": {"en": "fronts", "de": "Vorderseiten"},
    "backs": {"en": "backs", "de": "Rückseiten"},
    "fronts_note": {
        "en": "Cut the long horizontal lines first, then the slanted ones. Print the next page on the back "
              "(flip on the long edge).",
        "de": "Erst die langen waagrechten Linien schneiden, dann die schrägen. Die nächste Seite auf die "
              "Rückseite drucken (an der langen Kante wenden).",
    },
    "backs_note": {
        "en": "Back of the previous page: print duplex, flip on the long edge.",
        "de": "Rückseite der vorigen Seite: beidseitig drucken, an der langen Kante wenden.",
    },
}


def tr(lang: str, key: str) -> str:
    entry = TEXTS[key]
    return entry.get(lang, entry["en"])
