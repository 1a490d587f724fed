"""Triomino's spec fields in a designer's words."""

from __future__ import annotations

from pnp.games.fields import SpecField as F
from pnp.games.fields import SpecFields

STRATEGIES = ("greedy", "random", "mixed")
PRESETS = ("seed", "classic")
LAST_DRAW = ("total", "extra")
BLOCKED = ("none", "lowest_collects")
BOX_STYLES = ("auto", "hinged", "telescoping")
MM = "mm"
SHARE = "share (0 to 1)"
POINTS = "points"

FIELDS = SpecFields(fields=(
    F("game", "Game", "Spiel"),
    F("game.name", "Game name", "Spielname", choices=("triomino",)),
    F("game.title", "Title", "Titel"),
    F("tiles", "Tiles", "Steine"),
    F("tiles.low", "Lowest number", "Kleinste Zahl", whole=True),
    F("tiles.high", "Highest number", "Größte Zahl", whole=True),
    F("tiles.mirror_tiles", "Mirror tiles too", "Auch Spiegelsteine"),
    F("tiles.list", "Explicit tiles", "Ausdrückliche Steine", unit="[[a, b, c], ...]"),
    F("tiles.side_mm", "Tile side", "Steinseite", unit=MM),
    F("hands", "Hands", "Hände"),
    F("hands.size", "Hand size", "Steine auf der Hand", unit="tiles", whole=True),
    F("hands.size_many_players", "Hand size, many players", "Handgröße bei vielen Spielern", unit="tiles",
      whole=True),
    F("hands.many_players_above", "Many players: more than", "Viele Spieler: mehr als", unit="players",
      whole=True),
    F("hands.min_players", "Fewest players", "Wenigste Spieler", unit="players", whole=True),
    F("hands.max_players", "Most players", "Meiste Spieler", unit="players", whole=True),
    F("rules", "Rules", "Regeln"),
    F("rules.preset", "Rules preset", "Regelvariante", choices=PRESETS),
    F("presets", "Rule presets", "Regelvarianten"),
    F("presets.*", "Preset {key}", "Variante {key}"),
    F("presets.*.label", "Printed name", "Gedruckter Name"),
    F("presets.*.corner_contacts_must_match", "Corner contacts must match", "Spitzen müssen passen"),
    F("presets.*.start_bonus", "Start bonus", "Startbonus", unit=POINTS, whole=True),
    F("presets.*.start_bonus_zero_triple", "Start bonus for 0-0-0", "Startbonus für 0-0-0", unit=POINTS,
      whole=True),
    F("presets.*.start_bonus_without_triple", "Start bonus without a triple", "Startbonus ohne Drilling",
      unit=POINTS, whole=True),
    F("presets.*.zero_triple_may_open", "0-0-0 may open instead of the highest triple",
      "0-0-0 darf statt des höchsten Drillings eröffnen"),
    F("presets.*.bridge_bonus", "Bridge bonus", "Brückenbonus", unit=POINTS, whole=True),
    F("presets.*.bridge_corner_must_match", "Bridge corner must match", "Brückenspitze muss passen"),
    F("presets.*.hexagon_bonuses", "Hexagon bonuses", "Sechseckboni", unit="points for 1, 2, 3 hexagons"),
    F("presets.*.draw_limit", "Draws per turn", "Ziehen je Zug", unit="tiles", whole=True),
    F("presets.*.draw_penalty", "Draw penalty", "Abzug je Ziehen", unit=POINTS, whole=True),
    F("presets.*.last_draw_penalty", "Last draw penalty", "Abzug letztes Ziehen", unit=POINTS, whole=True),
    F("presets.*.last_draw_penalty_is", "Last draw penalty is", "Abzug letztes Ziehen ist", choices=LAST_DRAW),
    F("presets.*.failed_draw_penalty", "Failed draw penalty", "Abzug erfolgloses Ziehen", unit=POINTS,
      whole=True),
    F("presets.*.empty_pool_pass_penalty", "Pass penalty, empty pool", "Abzug Passen, leerer Vorrat",
      unit=POINTS, whole=True),
    F("presets.*.going_out_bonus", "Going out bonus", "Bonus fürs Ausmachen", unit=POINTS, whole=True),
    F("presets.*.going_out_collects_hands", "Going out collects the hands", "Ausmachen kassiert die Hände"),
    F("presets.*.blocked_round_scoring", "Blocked round scoring", "Wertung blockierter Runden", choices=BLOCKED),
    F("presets.*.blocked_needs_empty_pool", "Blocked needs an empty pool", "Blockiert erst bei leerem Vorrat"),
    F("presets.*.target_score", "Target score", "Zielpunktzahl", unit=POINTS, whole=True),
    F("presets.*.max_rounds", "Most rounds", "Höchstens Runden", unit="rounds", whole=True),
    F("check", "Check thresholds", "Prüfgrenzen"),
    F("check.players", "Player counts to check", "Geprüfte Spielerzahlen", unit="players"),
    F("check.strategy", "Simulated players", "Simulierte Spieler", choices=STRATEGIES),
    F("check.max_blocked_round_share", "Largest share of blocked rounds", "Größter Anteil blockierter Runden",
      unit=SHARE),
    F("check.max_mean_draws_per_round", "Most draws per round", "Meiste Ziehen je Runde", unit="tiles"),
    F("check.max_seat_advantage", "Largest seat advantage", "Größter Platzvorteil", unit=SHARE),
    F("check.min_skill_share", "Least skill share", "Mindestanteil Können", unit=SHARE),
    F("box", "Box", "Schachtel"),
    F("box.size_mm", "Box size", "Schachtelgröße", unit="mm: length, width, height"),
    F("box.style", "Box style", "Schachtelart", choices=BOX_STYLES),
    F("box.paper_thickness_mm", "Paper thickness", "Papierstärke", unit=MM),
    F("box.piece_thickness_mm", "Tile thickness", "Steinstärke", unit=MM),
    F("box.board_folds", "Board folds", "Faltungen des Plans", unit="folds", whole=True),
))
