"""Short texts of the printed kit in English and German (the rules sheet has its own module)."""

from __future__ import annotations

from pnp.i18n import Texts

TEXTS = Texts({
    "fronts_note": {
        "en": "Cut the long horizontal lines first, then the slanted ones. Print the next page on the back "
              "(flip on the long edge).",
        "de": "Erst die langen waagrechten Linien schneiden, dann die schrägen. Die nächste Seite auf die "
              "Rückseite drucken (an der langen Kante wenden).",
    },
    "backs_note": {
        "en": "Back of the previous page: print two-sided, flip on the long edge.",
        "de": "Rückseite der vorigen Seite: beidseitig drucken, an der langen Kante wenden.",
    },
})

# The spec's rule presets, as the sheets name them; a preset a user adds is printed as named.
PRESETS = Texts({
    "seed": {"en": "Basic rules", "de": "Grundregeln"},
    "classic": {"en": "Classic rules", "de": "Klassische Regeln"},
})


def preset_name(name: str, lang: str) -> str:
    return PRESETS.get(lang, name, name)
