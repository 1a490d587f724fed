"""Rautino's spec fields in a designer's words, and new rows the loader accepts at once."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from pnp.games.fields import SpecField as F
from pnp.games.fields import SpecFields, unused
from pnp.i18n import LANGS

# Kept here (not imported from the model) so the declaration stays light; a test keeps them equal.
SYMBOLS = ("circle", "square", "triangle", "diamond", "star", "cross", "plus", "ring", "hexagon", "heart")
MATCHING = ("strict", "loose")
NEW_STONE = ("any", "both", "one")
BOX_STYLES = ("auto", "hinged", "telescoping")
# Fills for added colours: far apart from the shipped four and from each other.
NEW_FILLS = ("#8e44ad", "#e67e22", "#1abc9c", "#6d4c41", "#ec407a", "#37474f")
NEW_NAMES = ("purple", "orange", "teal", "brown", "pink", "slate")


def _new_colour(rows: list[dict[str, Any]], data: dict[str, Any]) -> dict[str, Any]:
    joker = data.get("joker", {})
    names = {str(r.get("name")) for r in rows} | {str(joker.get("name"))}
    fills = {str(r.get("fill")).lower() for r in rows} | {str(joker.get("fill")).lower()}
    symbols = {str(r.get("symbol")) for r in rows} | {str(joker.get("symbol"))}
    name = unused(names, NEW_NAMES, "colour")
    return {"name": name, "fill": unused(fills, NEW_FILLS, "#777777"), "symbol": unused(symbols, SYMBOLS, SYMBOLS[0]),
            "label": _label_like(rows[-1], name)}


def _label_like(row: dict[str, Any], name: str) -> str | dict[str, str]:
    """A new row's printed name, written as the row it copies writes its own: a string, or a text per language."""
    return dict.fromkeys(LANGS, name) if isinstance(row.get("label"), dict) else name


def _new_stone(rows: list[dict[str, Any]], data: dict[str, Any]) -> dict[str, Any]:
    names = [str(c.get("name")) for c in data.get("colours", [])] + [str(data.get("joker", {}).get("name", "joker"))]
    have = {tuple(sorted(map(str, r.get("colours", [])))) for r in rows}
    for pair in combinations_with_replacement(names, 2):
        if tuple(sorted(pair)) not in have:
            return {"colours": list(pair), "count": 1}
    return {"colours": [names[0], names[0]], "count": 1}


def _new_shape(rows: list[dict[str, Any]], data: dict[str, Any]) -> dict[str, Any]:
    names = {str(r.get("name")) for r in rows}
    name = unused(names, (), "shape")
    return {"name": name, "label": _label_like(rows[-1], name), "cells": [[0, 0], [1, 0], [2, 0]], "new_stone": "any",
            "points": {"1": 1}}


MM = "mm"
SHARE = "share (0 to 1)"

FIELDS = SpecFields(
    fields=(
        F("game", "Game", "Spiel"),
        F("game.name", "Game name", "Spielname", choices=("rautino",)),
        F("game.title", "Title", "Titel"),
        F("game.players", "Player counts to check", "Geprüfte Spielerzahlen", unit="players"),
        F("game.hand_size", "Hand size", "Steine auf der Hand", unit="stones", whole=True),
        F("colours", "Colours", "Farben"),
        F("colours[].name", "Name", "Name"),
        F("colours[].label", "Printed name", "Gedruckter Name"),
        F("colours[].fill", "Colour", "Farbe"),
        F("colours[].symbol", "Symbol", "Symbol", choices=SYMBOLS,
          help="printed on every triangle, for colour-blind players and black-and-white printers"),
        F("joker", "Joker", "Joker"),
        F("joker.name", "Name", "Name"),
        F("joker.label", "Printed name", "Gedruckter Name"),
        F("joker.fill", "Colour", "Farbe"),
        F("joker.symbol", "Symbol", "Symbol", choices=SYMBOLS, help="the joker matches every colour"),
        F("stones", "Stones", "Steine"),
        F("stones[].colours", "Colours of its two triangles", "Farben der zwei Dreiecke", widget="colour-pair"),
        F("stones[].count", "How many", "Anzahl", unit="stones", whole=True),
        F("board", "Board", "Spielplan"),
        F("board.hexagon_side", "Hexagon side", "Sechseckseite", unit="triangles", whole=True),
        F("board.triangle_mm", "Triangle side", "Dreiecksseite", unit=MM),
        F("board.stone_clearance_mm", "Stone clearance", "Spiel der Steine", unit=MM),
        F("board.centre", "Centre point", "Mittelpunkt", unit="[column, row]"),
        F("board.start", "Start stone's cells", "Felder des Startsteins", unit="[[column, row], ...]"),
        F("box", "Box", "Schachtel"),
        F("box.size_mm", "Box size", "Schachtelgröße", unit="mm: length, width, height"),
        F("box.style", "Box style", "Schachtelart", choices=BOX_STYLES),
        F("box.paper_thickness_mm", "Paper thickness", "Papierstärke", unit=MM),
        F("box.piece_thickness_mm", "Stone thickness", "Steinstärke", unit=MM),
        F("box.board_folds", "Board folds", "Faltungen des Plans", unit="folds", whole=True),
        F("shapes", "Scoring shapes", "Wertungsfiguren"),
        F("shapes[].name", "Name", "Name"),
        F("shapes[].label", "Label", "Bezeichnung"),
        F("shapes[].cells", "Cells", "Felder", widget="trigrid-cells",
          help="click the triangles of the shape; every rotation and reflection counts too"),
        F("shapes[].new_stone", "New stone inside", "Neuer Stein darin", choices=NEW_STONE,
          help="how many of the placed stone's triangles must lie in the shape: any (1 or 2), both or one"),
        F("shapes[].points", "Points by colours", "Punkte nach Farben",
          help='by number of distinct colours in the shape; "3+" means 3 or more'),
        F("shapes[].points.*", "{key} colours", "{key} Farben", unit="points",
          whole=True),
        F("scoring", "Scoring", "Wertung"),
        F("scoring.one_player", "One player", "Ein Spieler"),
        F("scoring.two_players", "Two players", "Zwei Spieler"),
        F("scoring.*.stone_point", "Points per stone", "Punkte je Stein", unit="points", whole=True),
        F("scoring.*.combo_bonus", "Combo bonus", "Kombinationsbonus", unit="points", whole=True),
        F("scoring.two_players.seat_1_points", "Seat 1 starts with", "Platz 1 beginnt mit", unit="points",
          whole=True, help="a compensation for the second seat's edge (pnp check proposes one)"),
        F("rules", "Rules", "Regeln"),
        F("rules.matching", "Matching edges", "Passende Kanten", choices=MATCHING,
          help="strict: every touching edge matches; loose: at least one does"),
        F("rules.overbuild_both_triangles", "Overbuild with both triangles", "Mit beiden Dreiecken überbauen"),
        F("rules.rescore_overbuilt_shapes", "Overbuilt shapes score again", "Überbaute Figuren zählen erneut"),
        F("rules.overhanging_joker_shapes_score", "Shapes with an overhanging joker score",
          "Figuren mit überstehendem Joker zählen"),
        F("rules.one_player", "One player", "Ein Spieler"),
        F("rules.two_players", "Two players", "Zwei Spieler"),
        F("rules.*.joker_overbuild", "Joker overbuild", "Joker überbauen",
          help="a colour triangle may cover a joker triangle on the board"),
        F("rules.*.joker_overhang", "Joker overhang", "Joker überstehen",
          help="a joker triangle may stick out of the board"),
        F("check", "Check thresholds", "Prüfgrenzen"),
        F("check.min_placed_share", "Least share of stones placed", "Mindestanteil gelegter Steine", unit=SHARE),
        F("check.min_first_move_share", "Least share with a first move", "Mindestanteil mit erstem Zug", unit=SHARE),
        F("check.min_shape_games_share", "Least share of games with a shape", "Mindestanteil Spiele mit Figur",
          unit=SHARE),
        F("check.max_seat_advantage", "Largest seat advantage", "Größter Platzvorteil", unit=SHARE),
        F("check.min_skill_share", "Least skill share", "Mindestanteil Können", unit=SHARE),
    ),
    new_rows={"colours": _new_colour, "stones": _new_stone, "shapes": _new_shape},
    row_names={"colours": ("colour", "Farbe"), "stones": ("stone", "Stein"), "shapes": ("shape", "Figur")},
)
