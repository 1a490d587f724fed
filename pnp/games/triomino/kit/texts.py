"""Short texts of the printed kit in English and German (the rules sheet has its own module)."""

from __future__ import annotations

from pnp.i18n import Texts

TEXTS = Texts({
    "sheet limit": {
        "en": "{paper} takes at most {n} tiles of {side:g} mm ({strips} strips of {per}, {way}); one more strip "
              "would need {short} mm more than the printable area, and the tiles keep their size.",
        "de": "{paper} fasst höchstens {n} Steine von {side:g} mm ({strips} Streifen zu {per}, {way}); ein "
              "weiterer Streifen bräuchte {short} mm mehr als die druckbare Fläche, und die Steine behalten "
              "ihre Größe."},
    "portrait": {"en": "portrait", "de": "hochkant"},
    "landscape": {"en": "landscape", "de": "quer"},
    "fronts_note": {
        "en": "Cut the long horizontal lines first, then the slanted ones. Print the next page on the back "
              "(flip on the long edge).",
        "de": "Erst die langen waagerechten Linien schneiden, dann die schrägen. Die nächste Seite auf die "
              "Rückseite drucken (an der langen Kante wenden).",
    },
    "backs_note": {
        "en": "Back of the previous page: print two-sided, flip on the long edge.",
        "de": "Rückseite der vorigen Seite: beidseitig drucken, an der langen Kante wenden.",
    },
})

