"""Zatre's spec fields in a designer's words."""

from __future__ import annotations

from pnp.games.fields import SpecField as F
from pnp.games.fields import SpecFields

PLAYERS = ("greedy", "random", "mixed")
BOX_STYLES = ("auto", "hinged", "telescoping")
MM = "mm"
SHARE = "share (0 to 1)"

FIELDS = SpecFields(fields=(
    F("game", "Game", "Spiel"),
    F("game.name", "Game name", "Spielname", choices=("zatre",)),
    F("game.title", "Title", "Titel"),
    F("board", "Board", "Spielplan"),
    F("board.layout", "Layout", "Aufbau", widget="lines",
      help="one line per board row: # no field, . normal field, D double field, S the start field"),
    F("board.cell_mm", "Field edge", "Feldkante", unit=MM),
    F("board.large_cell_mm", "Field edge, large board", "Feldkante, großer Plan", unit=MM),
    F("tiles", "Tiles", "Plättchen"),
    F("tiles.size_mm", "Tile edge", "Plättchenkante", unit=MM),
    F("tiles.counts", "Tiles per pip value", "Plättchen je Augenzahl"),
    F("tiles.counts.*", "{key}-pip tiles", "Plättchen mit {key} Augen", unit="tiles", whole=True),
    F("players", "Players", "Spieler"),
    F("players.min", "Fewest players", "Wenigste Spieler", unit="players", whole=True),
    F("players.max", "Most players", "Meiste Spieler", unit="players", whole=True),
    F("players.check", "Player counts to check", "Geprüfte Spielerzahlen", unit="players"),
    F("rules", "Rules", "Regeln"),
    F("rules.first_turn_tiles", "Tiles on the first turn", "Plättchen im ersten Zug", unit="tiles", whole=True),
    F("rules.tiles_per_turn", "Tiles per turn", "Plättchen je Zug", unit="tiles", whole=True),
    F("rules.max_row_sum", "Highest row sum", "Höchste Reihensumme", unit="pips", whole=True),
    F("rules.points", "Points by row sum", "Punkte nach Reihensumme"),
    F("rules.points.*", "Points for the sum {key}", "Punkte für die Summe {key}", unit="points", whole=True),
    F("rules.start_is_double", "Start field is double", "Startfeld zählt doppelt"),
    F("rules.bonus_doubled", "Double fields double the bonus", "Doppelfelder verdoppeln den Bonus"),
    F("rules.double_incomplete_rows", "Incomplete rows count double", "Unvollständige Reihen zählen doppelt"),
    F("sheet", "Score sheet", "Wertungsblatt"),
    F("sheet.rows", "Rows per sheet", "Zeilen je Blatt", unit="rows", whole=True),
    F("sheet.bonus", "Bonus per row", "Bonus je Zeile", unit="points, top down"),
    F("sheet.header", "Blanks above the columns", "Leerfelder über den Spalten",
      help='each a word printed under a line to fill in, left to right, such as "Player"'),
    F("sheet.cross_label", "Double column heading", "Überschrift Doppelspalte"),
    F("sheet.bonus_label", "Bonus column heading", "Überschrift Bonusspalte"),
    F("sheet.total_label", "Row total heading", "Überschrift Zeilensumme"),
    F("sheet.minus_label", "Minus line", "Abzugszeile"),
    F("sheet.grand_total_label", "Grand total line", "Gesamtsummenzeile"),
    F("sheet.sheets_per_page", "Sheets per page", "Blätter je Seite", unit="sheets", whole=True),
    F("check", "Check thresholds", "Prüfgrenzen"),
    F("check.player", "Simulated players", "Simulierte Spieler", choices=PLAYERS),
    F("check.max_overflow_share", "Largest share out of rows", "Größter Anteil ohne Zeilen", unit=SHARE),
    F("check.max_seat_advantage", "Largest seat advantage", "Größter Platzvorteil", unit=SHARE),
    F("check.min_skill_share", "Least skill share", "Mindestanteil Können", unit=SHARE),
    F("box", "Box", "Schachtel"),
    F("box.size_mm", "Box size", "Schachtelgröße", unit="mm: length, width, height"),
    F("box.style", "Box style", "Schachtelart", choices=BOX_STYLES),
    F("box.paper_thickness_mm", "Paper thickness", "Papierstärke", unit=MM),
    F("box.piece_thickness_mm", "Tile thickness", "Plättchenstärke", unit=MM),
    F("box.board_folds", "Board folds", "Faltungen des Plans", unit="folds", whole=True),
))
