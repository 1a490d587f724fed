"""Short printed words of the board, stones and cover in German and English."""

from __future__ import annotations

from pnp.i18n import Texts

from ..model import RautinoModel, Shape

WORDS = Texts({
    "shapes": {"en": "Shapes", "de": "Formen"},
    "start": {"en": "Start", "de": "Start"},
    "facts": {"en": "1–2 players · age 6–99 · about 15 min", "de": "1–2 Spieler · 6–99 Jahre · ca. 15 Min."},
    "players": {"en": "1–2 players", "de": "1–2 Spieler"},
    "age": {"en": "age 6–99", "de": "6–99 Jahre"},
    "time": {"en": "about 15 minutes", "de": "ca. 15 Minuten"},
    "one_player": {"en": "1 player", "de": "1 Spieler"},
    "per_stone": {"en": "every stone placed", "de": "jeder gelegte Stein"},
    "combo": {"en": "each further shape in one move", "de": "jede weitere Form im selben Zug"},
    "points": {"en": "points", "de": "Punkte"},
    "both": {"en": "both triangles of the new stone inside", "de": "beide Dreiecke des neuen Steins liegen darin"},
    "one": {"en": "one triangle of the new stone inside", "de": "ein Dreieck des neuen Steins liegt darin"},
    "stones": {"en": "stones", "de": "Steine"},
    "cut": {"en": "Cut along the black lines; each colour runs 3 mm past its line.",
            "de": "Entlang der schwarzen Linien schneiden; jede Farbe reicht 3 mm darüber."},
    "backs": {"en": "Back of the previous page: print two-sided, flip on the long edge.",
              "de": "Rückseite der vorigen Seite: beidseitig drucken, an der langen Kante wenden."},
    "joker": {"en": "joker", "de": "Joker"},
    "sheet": {"en": "sheet", "de": "Bogen"},
    "box": {"en": "Rhombus stones, shapes and points", "de": "Rautensteine, Formen und Punkte"},
    "cover_note": {"en": "Cover for the box lid ({w:g} x {h:g} mm), not laminated: cut at the crop marks, glue it "
                         "onto the lid's grey area.",
                   "de": "Deckelbild für die Schachtel ({w:g} x {h:g} mm), nicht laminiert: an den Schnittmarken "
                         "schneiden, auf die graue Fläche des Deckels kleben."},
    "cards_note": {"en": "Shape cards for the second player: laminate this half, then cut along the lines.",
                   "de": "Formenkarten für den zweiten Spieler: diese Hälfte laminieren, dann an den Linien "
                         "schneiden."},
})

def words(lang: str) -> dict[str, str]:
    return WORDS.of(lang)


def shape_name(shape: Shape, lang: str) -> str:
    return shape.label.text(lang)


def colour_count(count: int, lang: str, or_more: bool = False) -> str:
    """How many colours a shape has, in the seed's words: einfarbig, zweifarbig, mehrfarbig."""
    if lang == "de":
        if or_more and count >= 3:
            return "mehrfarbig"
        word = {1: "einfarbig", 2: "zweifarbig", 3: "dreifarbig", 4: "vierfarbig"}.get(count, f"{count}-farbig")
        return word + (" und mehr" if or_more else "")
    noun = "colour" if count == 1 and not or_more else "colours"
    return f"{count}{'+' if or_more else ''} {noun}"


def points_lines(shape: Shape, lang: str) -> list[str]:
    """'einfarbig: 9' / '1 colour: 9' ... one line per scoring colour count."""
    return [f"{colour_count(count, lang, or_more)}: {value}" for count, value, or_more in shape.points]


def one_player_lines(model: RautinoModel, lang: str) -> list[str]:
    w = words(lang)
    rules = model.one_player
    lines = []
    if rules.stone_point:
        lines.append(f"+{rules.stone_point}: {w['per_stone']}")
    if rules.combo_bonus:
        lines.append(f"+{rules.combo_bonus}: {w['combo']}")
    return lines
