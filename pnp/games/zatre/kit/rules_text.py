"""The rules of Zatre in English and German, in this project's own words.

Numbers (points, tiles per turn, the highest row sum) come from the model, so a changed spec
changes the printed rules too. Figures are named "turn" and "sheet-row".
"""

from __future__ import annotations

from pnp.draw.text import Bullets, FlowItem, Heading, Paragraph
from pnp.draw.text import Figure as Space
from pnp.games.zatre.model import ZatreModel

TURN_FIGURE_MM = 34.0
ROW_FIGURE_MM = 24.0


def numbers(model: ZatreModel) -> dict[str, object]:
    points = dict(model.rules.points)
    sums = model.rules.scoring_sums
    return {
        "tiles": model.tiles.total, "first": model.rules.first_turn_tiles, "per_turn": model.rules.tiles_per_turn,
        "max": model.rules.max_row_sum, "low": sums[0], "sums": ", ".join(map(str, sums[:-1])) + f" or {sums[-1]}",
        "summen": ", ".join(map(str, sums[:-1])) + f" oder {sums[-1]}",
        "points_en": ", ".join(f"{s} = {p}" for s, p in points.items()),
        "points_de": ", ".join(f"{s} = {p}" for s, p in points.items()),
        "below": sums[0] - 1, "players": f"{max(2, model.players.min)} to {model.players.max}",
        "spieler": f"{max(2, model.players.min)} bis {model.players.max}",
        "bonus": "–".join(map(str, sorted(set(model.sheet.bonus)))) if model.sheet.bonus else "0",
        "rows": model.sheet.rows,
    }


def english(model: ZatreModel) -> tuple[str, str, list[list[FlowItem]]]:
    n = numbers(model)
    left: list[FlowItem] = [
        Heading("Aim", 2),
        Paragraph(f"Lay tiles so that rows add up to exactly {n['sums']}. Such rows score points, x2 fields "
                  f"double whole lines of your score sheet, and the highest total wins. For {n['players']} "
                  f"players; {n['tiles']} tiles with 1 to 6 pips."),
        Heading("Setup", 2),
        Bullets(("Put all tiles face down in a bag or box and mix them.",
                 "Every player takes a score sheet. Agree on who starts.")),
        Heading("A turn", 2),
        Paragraph(f"The starting player draws {n['first']} tiles and lays them; one of them covers the red start "
                  f"field. From then on each player in turn draws {n['per_turn']} tiles and lays them."),
        Bullets((
            "Every tile touches a tile already on the board along an edge (a tile laid earlier in the same "
            "turn counts). The tiles of a turn may go apart or side by side.",
            f"A row is an unbroken line of two or more tiles, across or down. No row may ever add up to more "
            f"than {n['max']}.",
            f"Rows of {n['below']} or less are allowed but score nothing.",
            f"Each row that holds a tile laid this turn and adds up to {n['sums']} scores: {n['points_en']} "
            "points. One tile may complete a row across and a row down at once.",
            "Lay every tile you drew if the rules allow it, even without points.",
        )),
        Heading("x2 fields", 2),
        Paragraph(f"A tile may go on an x2 field only if a row through it then adds up to {n['sums']}. Each such "
                  "tile earns a cross in the x2 column. Only when a tile fits nowhere else may it go on an x2 "
                  "field without scoring; that earns no cross."),
        Heading("Tiles that do not fit", 2),
        Paragraph("Keep them face down for your next turn. Then, holding two or more tiles of which one fits, "
                  "draw none; holding one tile, or none that fits, draw one. Lay what you can."),
        Heading("End", 2),
        Paragraph("The game ends when a player draws the last tile; that player finishes the turn. The pips of "
                  "tiles still in hand are minus points."),
    ]
    right: list[FlowItem] = [
        Heading("The score sheet", 2),
        Bullets((
            "Each column fills from the top without gaps, independently of the others.",
            "A scoring row's points go in the top free box of its column. Rows with the same sum in one "
            "turn share one box: two rows of 12 make 8.",
            "Each cross goes in the top free box of the x2 column.",
            f"A sheet line with entries in all of {n['sums']} earns the bonus printed in it ({n['bonus']}).",
            "Line total: points plus bonus, doubled if the line has a cross. Your score is the sum of the "
            "line totals less the minus points.",
        )),
        Heading("Example of a turn", 2),
        Space(TURN_FIGURE_MM, "turn"),
        Paragraph("On the board: 2-3-1 across and 5 above the 1. Drawn: 4 and 6. The 4 makes 2+3+1+4 = 10 "
                  "across. The 6 on the x2 field makes 5+6 = 11 across and 6+4 = 10 down. Written: 2 in "
                  "column 10 (two 10s share a box), 2 in column 11, and a cross."),
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
    return model.title, "rows that add up to " + str(n["sums"]), [left, right]


def german(model: ZatreModel) -> tuple[str, str, list[list[FlowItem]]]:
    n = numbers(model)
    left: list[FlowItem] = [
        Heading("Ziel", 2),
        Paragraph(f"Legt die Steine so, dass Reihen genau {n['summen']} ergeben. Solche Reihen bringen Punkte, "
                  f"x2-Felder verdoppeln ganze Zeilen des Spielblocks, und die höchste Summe gewinnt. Für "
                  f"{n['spieler']} Spieler; {n['tiles']} Steine mit 1 bis 6 Augen."),
        Heading("Vorbereitung", 2),
        Bullets(("Alle Steine verdeckt in einen Beutel oder eine Schachtel geben und mischen.",
                 "Jeder nimmt ein Blatt vom Spielblock. Ein Startspieler wird bestimmt.")),
        Heading("Ein Zug", 2),
        Paragraph(f"Der Startspieler zieht {n['first']} Steine und legt sie; einer davon deckt das rote "
                  f"Startfeld. Danach zieht jeder reihum {n['per_turn']} Steine und legt sie an."),
        Bullets((
            "Jeder Stein berührt mit einer Kante einen Stein auf dem Brett (auch einen, der in diesem Zug "
            "gelegt wurde). Die Steine eines Zuges dürfen getrennt oder nebeneinander liegen.",
            f"Eine Reihe ist eine lückenlose Linie aus zwei oder mehr Steinen, waagerecht oder senkrecht. "
            f"Keine Reihe darf je mehr als {n['max']} ergeben.",
            f"Reihen bis {n['below']} sind erlaubt, zählen aber nichts.",
            f"Jede Reihe mit einem Stein aus diesem Zug, die {n['summen']} ergibt, zählt: {n['points_de']} "
            "Punkte. Ein Stein kann zugleich eine waagerechte und eine senkrechte Reihe vollenden.",
            "Gezogene Steine müssen gelegt werden, wenn die Regeln es erlauben, auch ohne Punkte.",
        )),
        Heading("x2-Felder", 2),
        Paragraph(f"Ein Stein darf nur dann auf ein x2-Feld, wenn eine Reihe durch ihn danach {n['summen']} "
                  "ergibt. Dafür gibt es ein Kreuz in der Spalte x2. Nur wenn ein Stein sonst nirgends passt, "
                  "darf er ohne Wertung auf ein x2-Feld; dann gibt es kein Kreuz."),
        Heading("Steine, die nicht passen", 2),
        Paragraph("Sie bleiben verdeckt für den nächsten Zug. Wer dann zwei oder mehr Steine hat, von denen "
                  "einer passt, zieht keinen; wer einen oder keinen passenden hat, zieht einen. Gelegt wird, "
                  "was geht."),
        Heading("Ende", 2),
        Paragraph("Das Spiel endet, wenn ein Spieler den letzten Stein zieht; er beendet seinen Zug. Die Augen "
                  "der Steine, die noch in der Hand sind, zählen als Minuspunkte."),
    ]
    right: list[FlowItem] = [
        Heading("Der Spielblock", 2),
        Bullets((
            "Jede Spalte wird von oben ohne Lücken gefüllt, unabhängig von den anderen.",
            "Die Punkte einer Reihe kommen in das oberste freie Kästchen ihrer Spalte. Reihen gleicher Summe "
            "in einem Zug teilen sich ein Kästchen: zwei 12er ergeben 8.",
            "Jedes Kreuz kommt in das oberste freie Kästchen der Spalte x2.",
            f"Eine Zeile mit Einträgen in allen Spalten {n['summen']} bringt den dort gedruckten Bonus "
            f"({n['bonus']}).",
            "Zeilensumme: Punkte plus Bonus, verdoppelt, wenn die Zeile ein Kreuz hat. Das Ergebnis ist die "
            "Summe aller Zeilen minus die Minuspunkte.",
        )),
        Heading("Beispiel eines Zuges", 2),
        Space(TURN_FIGURE_MM, "turn"),
        Paragraph("Auf dem Brett: 2-3-1 waagerecht und 5 über der 1. Gezogen: 4 und 6. Die 4 ergibt 2+3+1+4 = 10 "
                  "waagerecht. Die 6 auf dem x2-Feld ergibt 5+6 = 11 waagerecht und 6+4 = 10 senkrecht. "
                  "Eingetragen: 2 in Spalte 10 (zwei 10er teilen ein Kästchen), 2 in Spalte 11 und ein Kreuz."),
        Heading("Eine ausgefüllte Zeile", 2),
        Space(ROW_FIGURE_MM, "sheet-row"),
        Heading("Varianten", 2),
        Bullets((
            "Profi: Die Computerfassung von Zatre zeigt, wo ein Stein passt; die Profi-Stufe blendet diese "
            "Hilfen aus. Am Tisch: niemand hilft einem anderen, einen Platz zu finden.",
            "Solo: allein spielen und die eigene Bestmarke schlagen.",
            "Das Zatre-Kartenspiel ist ein anderes Spiel mit eigenen Regeln; dieser Bausatz ist das Brettspiel.",
        )),
    ]
    return model.title, "Reihen, die " + str(n["summen"]) + " ergeben", [left, right]
