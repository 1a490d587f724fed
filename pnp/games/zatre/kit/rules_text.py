"""The rules of Zatre in English and German, in this project's own words.

Numbers (points, tiles per turn, the highest row sum) come from the model, so a changed spec
changes the printed rules too. Figures are named "turn" and "sheet-row".
"""

from __future__ import annotations

from pnp.draw.text import Bullets, FlowItem, Heading, Paragraph
from pnp.draw.text import Figure as Space
from pnp.games.zatre.kit.example import Example, caption
from pnp.games.zatre.model import ZatreModel

TURN_FIGURE_MM = 34.0
ROW_FIGURE_MM = 24.0


def join(items: list[str] | tuple[str, ...], word: str) -> str:
    """"10", "10 or 11", "10, 11 or 12"."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} {items[-1]}"


def numbers(model: ZatreModel) -> dict[str, object]:
    points = dict(model.rules.points)
    sums = model.rules.scoring_sums
    return {
        "tiles": model.tiles.total, "first": model.rules.first_turn_tiles, "per_turn": model.rules.tiles_per_turn,
        "max": model.rules.max_row_sum, "low": sums[0], "sums": join(sums, "or"), "sums_and": join(sums, "and"),
        "summen": join(sums, "oder"), "summen_und": join(sums, "und"),
        "points_en": ", ".join(f"{s} = {p}" for s, p in points.items()),
        "points_de": ", ".join(f"{s} = {p}" for s, p in points.items()),
        "below": sums[0] - 1, "players": f"{max(2, model.players.min)} to {model.players.max}",
        "spieler": f"{max(2, model.players.min)} bis {model.players.max}",
        "bonus": "–".join(map(str, sorted(set(model.sheet.bonus)))) if model.sheet.bonus else "0",
        "rows": model.sheet.rows, "top": sums[-1], "top_twice": 2 * points[sums[-1]],
    }


def line_total(model: ZatreModel, lang: str) -> str:
    """The line-total rule as the spec's doubling options make it."""
    rules = model.rules
    if lang == "de":
        what = "Punkte und Bonus zählen" if rules.bonus_doubled else "die Punkte (nicht der Bonus) zählen"
        when = ("ein Kreuz hat, ob vollständig oder nicht" if rules.double_incomplete_rows
                else "ein Kreuz hat und alle Punktespalten gefüllt sind")
        return (f"Zeilensumme: Punkte plus Bonus; {what} doppelt, wenn die Zeile {when}. Das Ergebnis ist die "
                "Summe aller Zeilen abzüglich der Minuspunkte.")
    what = "points and bonus count" if rules.bonus_doubled else "the points (not the bonus) count"
    when = ("has a cross, complete or not" if rules.double_incomplete_rows
            else "has a cross and all its points boxes are filled")
    return (f"Line total: points plus bonus; {what} double if the line {when}. Your score is the sum of the "
            "line totals less the minus points.")


def turn_example(example: Example | None, lang: str) -> list[FlowItem]:
    """Heading, figure and caption of the example turn; nothing when the board has no room for one."""
    if example is None:
        return []
    return [Heading("Beispiel eines Zuges" if lang == "de" else "Example of a turn", 2),
            Space(TURN_FIGURE_MM, "turn"), Paragraph(caption(example, lang))]


def english(model: ZatreModel, example: Example | None = None) -> tuple[str, str, list[list[FlowItem]]]:
    n = numbers(model)
    left: list[FlowItem] = [
        Heading("Aim", 2),
        Paragraph(f"Lay tiles so that rows add up to exactly {n['sums']}. Such rows score points, x2 fields "
                  f"double whole lines of your score sheet, and the highest total wins. For {n['players']} "
                  f"players; {n['tiles']} tiles with 1 to 6 pips."),
        Heading("Setup", 2),
        Bullets(("Put all tiles face down in a bag or box and mix them.",
                 "Every player takes a score sheet. Draw lots for who starts.")),
        Heading("A turn", 2),
        Paragraph(f"The starting player draws {n['first']} tiles and lays them; one of them covers the red start "
                  f"field. From then on each player in turn draws {n['per_turn']} tiles and lays them."),
        Bullets((
            "Every tile touches a tile already on the board along an edge (a tile laid earlier in the same "
            "turn counts). The tiles of a turn may go apart or side by side.",
            f"A row is the whole unbroken line of two or more tiles, across or down, up to an empty field or the "
            f"edge at each end. No row may ever add up to more "
            f"than {n['max']}.",
            f"Rows of {n['below']} or less are allowed but score nothing.",
            f"Each row that holds a tile laid this turn and adds up to {n['sums']} scores: {n['points_en']} "
            "points. One tile may complete a row across and a row down at once.",
            "Lay every tile you drew if the rules allow it, even without points.",
        )),
        Heading("x2 fields", 2),
        Paragraph(f"A tile may go on an x2 field only if a row through it adds up to {n['sums']} once all the "
                  "tiles of the turn are down. Each such tile earns a cross in the x2 column. Only when a tile "
                  "fits nowhere else may it go on an x2 "
                  "field without scoring; that earns no cross."
                  + (" The red start field counts as an x2 field too." if model.rules.start_is_double else "")),
        Heading("Tiles that do not fit", 2),
        Paragraph("Keep them face down for your next turn. Then, holding two or more tiles of which at least one "
                  "fits, draw none; holding only one tile, or none that fits, draw one. Lay what you can."),
        Heading("End", 2),
        Paragraph("The game ends when a player draws the last tile; that player finishes the turn. The pips of "
                  "tiles still in hand are minus points."),
    ]
    right: list[FlowItem] = [
        Heading("The score sheet", 2),
        Bullets((
            "Each column fills from the top without gaps, independently of the others.",
            "A scoring row's points go in the top free box of its column. Rows with the same sum in one "
            f"turn share one box: two rows of {n['top']} make {n['top_twice']}.",
            "Each cross goes in the top free box of the x2 column.",
            f"A sheet line with entries in all of {n['sums_and']} earns the bonus printed in it ({n['bonus']}).",
            line_total(model, "en"),
        )),
        *turn_example(example, "en"),
        Heading("A filled sheet line", 2),
        Space(ROW_FIGURE_MM, "sheet-row"),
        Heading("Variants", 2),
        Bullets((
            "Profi: the computer version of Zatre shows where a tile may go; its profi level hides those "
            "hints. At the table: nobody helps another player find a place.",
            "Solo: play alone and try to beat your best total.",
            "The Zatre card game is a different game with its own rules; this kit is the board game.",
        )),
    ]
    return model.title.text("en"), "rows that add up to " + str(n["sums"]), [left, right]


def german(model: ZatreModel, example: Example | None = None) -> tuple[str, str, list[list[FlowItem]]]:
    n = numbers(model)
    left: list[FlowItem] = [
        Heading("Ziel", 2),
        Paragraph(f"Lege die Steine so, dass Reihen genau {n['summen']} ergeben. Solche Reihen bringen Punkte, "
                  f"x2-Felder verdoppeln ganze Zeilen des Punkteblatts, und die höchste Summe gewinnt. Für "
                  f"{n['spieler']} Spieler; {n['tiles']} Steine mit 1 bis 6 Augen."),
        Heading("Vorbereitung", 2),
        Bullets(("Alle Steine verdeckt in einen Beutel oder eine Schachtel geben und mischen.",
                 "Jeder Spieler nimmt ein Punkteblatt. Wer beginnt, wird ausgelost.")),
        Heading("Ein Zug", 2),
        Paragraph(f"Der Startspieler zieht {n['first']} Steine und legt sie; einer davon bedeckt das rote "
                  f"Startfeld. Danach zieht jeder reihum {n['per_turn']} Steine und legt sie an."),
        Bullets((
            "Jeder Stein berührt mit einer Kante einen Stein auf dem Spielplan (auch einen, der in diesem Zug "
            "gelegt wurde). Die Steine eines Zuges dürfen getrennt oder nebeneinander liegen.",
            f"Eine Reihe ist die ganze lückenlose Linie aus zwei oder mehr Steinen, waagerecht oder senkrecht, "
            f"an jedem Ende bis zu einem leeren Feld oder zum Rand. "
            f"Keine Reihe darf je mehr als {n['max']} ergeben.",
            f"Reihen bis {n['below']} sind erlaubt, zählen aber nichts.",
            f"Jede Reihe mit einem Stein aus diesem Zug, die {n['summen']} ergibt, zählt: {n['points_de']} "
            "Punkte. Ein Stein kann zugleich eine waagerechte und eine senkrechte Reihe vollenden.",
            "Die gezogenen Steine musst du legen, wenn die Regeln es erlauben, auch ohne Punkte.",
        )),
        Heading("x2-Felder", 2),
        Paragraph(f"Ein Stein darf nur dann auf ein x2-Feld, wenn eine Reihe durch ihn {n['summen']} ergibt, "
                  "sobald alle Steine dieses Zuges liegen. Dafür gibt es ein Kreuz in der Spalte x2. Nur wenn "
                  "ein Stein sonst nirgends passt, "
                  "darf er ohne Wertung auf ein x2-Feld; dann gibt es kein Kreuz."
                  + (" Das rote Startfeld zählt auch als x2-Feld." if model.rules.start_is_double else "")),
        Heading("Steine, die nicht passen", 2),
        Paragraph("Du behältst sie verdeckt für deinen nächsten Zug. Hast du dann zwei oder mehr Steine und passt "
                  "mindestens einer, ziehst du keinen; hast du nur einen Stein oder passt keiner, ziehst du "
                  "einen. Lege, was du legen kannst."),
        Heading("Ende", 2),
        Paragraph("Das Spiel endet, wenn ein Spieler den letzten Stein zieht; er beendet seinen Zug. Die Augen "
                  "der Steine, die noch auf der Hand sind, zählen als Minuspunkte."),
    ]
    right: list[FlowItem] = [
        Heading("Das Punkteblatt", 2),
        Bullets((
            "Jede Spalte wird von oben ohne Lücken gefüllt, unabhängig von den anderen.",
            "Die Punkte einer Reihe kommen in das oberste freie Kästchen ihrer Spalte. Reihen gleicher Summe "
            f"in einem Zug teilen sich ein Kästchen: zwei {n['top']}er ergeben {n['top_twice']}.",
            "Jedes Kreuz kommt in das oberste freie Kästchen der Spalte x2.",
            f"Eine Zeile mit Einträgen in allen Spalten {n['summen_und']} bringt den dort gedruckten Bonus "
            f"({n['bonus']}).",
            line_total(model, "de"),
        )),
        *turn_example(example, "de"),
        Heading("Eine ausgefüllte Zeile", 2),
        Space(ROW_FIGURE_MM, "sheet-row"),
        Heading("Varianten", 2),
        Bullets((
            "Profi: Die Computerversion von Zatre zeigt, wo ein Stein passt; die Profi-Stufe blendet diese "
            "Hilfen aus. Am Tisch heißt das: Niemand hilft einem anderen, einen Platz zu finden.",
            "Solo: Spiel allein und versuche, deine Bestmarke zu schlagen.",
            "Das Zatre-Kartenspiel ist ein anderes Spiel mit eigenen Regeln; dieser Bausatz ist das Brettspiel.",
        )),
    ]
    return model.title.text("de"), "Reihen, die " + str(n["summen"]) + " ergeben", [left, right]
