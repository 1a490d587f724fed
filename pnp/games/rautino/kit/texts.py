"""Short printed words of the board, stones and cover in German and English."""

from __future__ import annotations

from ..model import RautinoModel, Shape

WORDS = {
    "en": {
        "shapes": "Shapes",
        "start": "Start",
        "facts": "1–2 players · age 6–99 · about 15 min",
        "players": "1–2 players",
        "age": "age 6–99",
        "time": "about 15 minutes",
        "one_player": "1 player",
        "per_stone": "every stone placed",
        "combo": "each further shape in one move",
        "points": "points",
        "both": "both triangles of the new stone inside",
        "one": "one triangle of the new stone inside",
        "stones": "stones",
        "cut": "Cut along the black lines; each colour runs 3 mm past its line.",
        "backs": "Backs: print on the reverse, flip on the long edge.",
        "joker": "joker",
        "sheet": "sheet",
        "box": "Rhombus stones, shapes and points",
    },
    "de": {
        "shapes": "Formen",
        "start": "Start",
        "facts": "1–2 Spieler · 6–99 Jahre · ca. 15 Min.",
        "players": "1–2 Spieler",
        "age": "6–99 Jahre",
        "time": "ca. 15 Minuten",
        "one_player": "1 Spieler",
        "per_stone": "jeder gelegte Stein",
        "combo": "jede weitere Form im selben Zug",
        "points": "Punkte",
        "both": "beide Dreiecke des neuen Steins liegen darin",
        "one": "ein Dreieck des neuen Steins liegt darin",
        "stones": "Steine",
        "cut": "Entlang der schwarzen Linien schneiden; jede Farbe reicht 3 mm darüber.",
        "backs": "Rückseiten: auf die Rückseite drucken, über die lange Kante wenden.",
        "joker": "Joker",
        "sheet": "Bogen",
        "box": "Rautensteine, Formen und Punkte",
    },
}

COLOUR_NAMES_DE = {"red": "rot", "yellow": "gelb", "blue": "blau", "green": "grün", "joker": "Joker",
                   "orange": "orange", "purple": "lila", "black": "schwarz", "white": "weiß"}


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def shape_name(shape: Shape, lang: str) -> str:
    """The spec's `name` is the seed's German name, `label` the English one."""
    return shape.name if lang == "de" else shape.label


def colour_name(name: str, lang: str) -> str:
    return COLOUR_NAMES_DE.get(name, name) if lang == "de" else name


def points_lines(shape: Shape, lang: str) -> list[str]:
    """'1 colour: 9' ... one line per scoring colour count."""
    lines = []
    for count, value, or_more in shape.points:
        more = "+" if or_more else ""
        if lang == "de":
            noun = "Farbe" if count == 1 and not or_more else "Farben"
            lines.append(f"{count}{more} {noun}: {value}")
        else:
            noun = "colour" if count == 1 and not or_more else "colours"
            lines.append(f"{count}{more} {noun}: {value}")
    return lines


def one_player_lines(model: RautinoModel, lang: str) -> list[str]:
    w = words(lang)
    rules = model.one_player
    lines = []
    if rules.stone_point:
        lines.append(f"+{rules.stone_point}: {w['per_stone']}")
    if rules.combo_bonus:
        lines.append(f"+{rules.combo_bonus}: {w['combo']}")
    return lines
