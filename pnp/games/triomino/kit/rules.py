"""The rules sheet in English or German (`ctx.lang`), in two columns, with a drawn bridge and hexagon.

Numbers in the text (hand sizes, bonuses, penalties, the tile count) come from the model and the
chosen preset (`ctx.preset` or the spec's default), as do the two examples, which the
rules engine finds in the spec's own tiles (see examples.py).
"""

from __future__ import annotations

from pnp.components.sheets import rules_page
from pnp.draw.scene import Page
from pnp.draw.text import Bullets, Figure, FlowItem, FlowStyle, Heading, Paragraph, pt
from pnp.games.base import KitContext
from pnp.i18n import pick, times

from ..model import Rules, TriominoModel
from .boardart import draw_tiles, fit_layout, point_marker
from .examples import Example, find_example
from .reference import has_zero_triple, reference_lines, signed

FIGURE_HEIGHT = 55.0
STYLE = FlowStyle(body=pt(9.2), h1=pt(12), h2=pt(10.5), leading=1.3, gap=1.8)


def rules_pages(model: TriominoModel, ctx: KitContext) -> list[Page]:
    rules = model.rules(ctx.preset)
    lang = "de" if ctx.lang == "de" else "en"
    examples = {kind: find_example(model, rules, kind) for kind in ("bridge", "hexagon")}
    text = pick(lang, {"en": ENGLISH, "de": GERMAN})
    columns = text(model, rules, examples)
    underline = model.high >= 6

    def draw_figure(page: Page, name: str, rect: tuple[float, float, float, float]) -> None:
        example = examples[name]
        if example is None:
            return
        _draw_example(page, example, rect, name, underline)

    title = "Triomino — Spielregel" if lang == "de" else "Triomino — rules"
    subtitle = (f"{len(model.tiles)} Steine · {model.min_players}–{model.max_players} Spieler · "
                f"{rules.label.text(lang)}" if lang == "de" else
                f"{len(model.tiles)} tiles · {model.min_players}–{model.max_players} players · "
                f"{rules.label.text(lang)}")
    page = rules_page(ctx.paper.portrait(), title, subtitle, columns, draw_figure,
                      component=f"rules ({lang})", style=STYLE, label=f"rules {lang}")
    return [page]


def _draw_example(page: Page, example: Example, rect: tuple[float, float, float, float], name: str,
                  underline: bool) -> None:
    x, y, w, h = rect
    cells = [cell for cell, _ in example.placements] + list(example.empty)
    grid = fit_layout(cells, (x + 2, y + 1, w - 4, h - 2), max_side=26.0)
    last = example.placements[-1][0]
    tags = {"bonus": str(example.bonus), "tiles": str(len(example.placements))}
    with page.group(cls=f"example-{name}", data=tags) as g:
        draw_tiles(g, example.placements, grid, highlight=[last], empty=example.empty, underline_69=underline,
                   cls="example-tile")
        point_marker(g, grid, example.point, cls="example-point")


def _preset_lines(rules: Rules, lang: str) -> tuple[str, ...]:
    return tuple(f"{line.label}: {line.value}" if line.value else line.label
                 for line in reference_lines(rules, lang)
                 if not line.key.startswith(("start_bonus", "sum", "target", "blocked", "going_out")))


def ENGLISH(model: TriominoModel, rules: Rules, examples: dict[str, Example | None]) -> list[list[FlowItem]]:
    low, high = model.low, model.high
    zero = (f"; opening with 0-0-0 gives {rules.start_bonus_zero_triple} instead of {rules.start_bonus}"
            if has_zero_triple(model) else "")
    zero_opens = (f" Whoever holds 0-0-0 may open with it instead, for {rules.start_bonus_zero_triple} points."
                  if rules.zero_triple_may_open and has_zero_triple(model) else "")
    mirror = (" A tile and its mirror tile rank the same: the player seated first of the two opens."
              if model.mirror_tiles else "")
    opening = (f"Whoever holds the highest triple (three equal numbers) lays it in the middle of the table and "
               f"scores its sum plus {rules.start_bonus}{zero}.{zero_opens} If nobody has a triple, the tile with "
               f"the highest sum opens" + _opening_bonus(rules, ", without bonus.")
               + " If two tiles have the same sum, the one with the higher largest number opens; if that is equal "
                 f"too, the higher second number decides.{mirror} Then play passes round the table.")
    corners = ("Where corners of tiles meet at a point, the numbers there must be the same too."
               if rules.corner_contacts_must_match else
               "Corners that only touch at a point need not match.")
    draws = (f"Cannot place a tile? Draw one from the pool, up to {times(rules.draw_limit, 'en')}. As soon as a "
             f"drawn tile fits, you must place it. If the last tile you may draw does not fit either, your turn "
             f"ends and the next player goes. Each draw costs points (see below); with the pool empty you pass."
             if rules.draw_limit else
             "Cannot place a tile? Pass; nobody draws from the pool.")
    col1: list[FlowItem] = [
        Heading("What you need"),
        Paragraph(f"{len(model.tiles)} triangular tiles with the numbers {low} to {high} in their corners, "
                  f"this sheet, the score sheet and a pencil. {model.min_players} to {model.max_players} players."),
        Heading("Getting ready"),
        Paragraph(f"Shuffle the tiles face down. Everyone takes {model.hand_size} tiles "
                  f"({model.hand_size_many_players} with more than {model.many_players_above} players) "
                  f"and keeps them where the others cannot see the numbers (in the hand, or lying face down in "
                  f"front of them). The rest is the pool."),
        Heading("The first tile"),
        Paragraph(opening),
        Heading("Your turn"),
        Paragraph("Place one tile from your hand next to a tile on the table, so that at least one whole "
                  "edge touches it. Along every edge that touches, both numbers must match: a 3 next to "
                  "a 3, a 5 next to a 5. " + corners),
        Paragraph(draws),
        Paragraph("You score the sum of the three numbers of the tile you placed, plus any bonus."),
        Heading("Bonuses and penalties", level=2),
        Bullets(_preset_lines(rules, "en")),
    ]
    col2: list[FlowItem] = [Heading("Bridge")]
    bridge, hexagon = examples["bridge"], examples["hexagon"]
    col2.append(Paragraph(
        f"A tile that touches just one tile along an edge and, at the opposite corner, another tile only at the "
        f"point{' (with the same number there)' if rules.bridge_corner_must_match else ''}, builds a bridge"
        + (f": {signed(rules.bridge_bonus)}." if rules.bridge_bonus else ", which earns no bonus.")))
    if bridge:
        col2 += [Figure(FIGURE_HEIGHT, "bridge"),
                 Paragraph(f"The yellow tile bridges the gap: an edge touches below, the {_number_at(bridge)} "
                           f"at the ringed point. {_empty_places(bridge, 'en')}")]
    col2.append(Heading("Hexagon"))
    col2.append(Paragraph(
        f"Six tiles round one point form a hexagon. The tile that closes it scores {signed(rules.hexagon_bonuses[0])}; "
        f"closing two at once {signed(rules.hexagon_bonuses[1])}, three {signed(rules.hexagon_bonuses[2])}."))
    if hexagon:
        col2 += [Figure(FIGURE_HEIGHT, "hexagon"),
                 Paragraph(f"The yellow tile closes the hexagon round the {_number_at(hexagon)}: "
                           f"{sum(hexagon.placements[-1][1])} + {hexagon.bonus} points.")]
    col2.append(Heading("End of the round"))
    end = ("The round ends when a player has placed their last tile, or when nobody can place a tile "
           + ("in a whole round and the pool is empty." if rules.blocked_needs_empty_pool and rules.draw_limit
              else "in a whole round, even after drawing." if rules.draw_limit else "in a whole round."))
    if rules.going_out_bonus or rules.going_out_collects_hands:
        end += (f" Whoever places their last tile first earns {signed(rules.going_out_bonus)}"
                + (" plus the numbers left in everyone else's hands." if rules.going_out_collects_hands else "."))
    if rules.blocked_round_scoring == "lowest_collects":
        end += (" In a blocked round the player with the lowest hand total gets the others' totals, less their "
                "own.")
    col2.append(Paragraph(end))
    col2.append(Paragraph(
        f"Play rounds until someone has {rules.target_score} points; finish that round. The highest score wins."
        if rules.target_score else "The game is one round: the highest score wins."))
    return [col1, col2]


def GERMAN(model: TriominoModel, rules: Rules, examples: dict[str, Example | None]) -> list[list[FlowItem]]:
    low, high = model.low, model.high
    zero = (f"; wer mit 0-0-0 beginnt, erhält {rules.start_bonus_zero_triple} statt {rules.start_bonus}"
            if has_zero_triple(model) else "")
    zero_opens = (f" Wer 0-0-0 hat, darf stattdessen damit beginnen und erhält {rules.start_bonus_zero_triple} "
                  "Punkte." if rules.zero_triple_may_open and has_zero_triple(model) else "")
    mirror = (" Ein Stein und sein Spiegelstein sind gleichrangig: Es beginnt, wer von beiden zuerst sitzt."
              if model.mirror_tiles else "")
    opening = (f"Wer den höchsten Drilling (drei gleiche Zahlen) hat, legt ihn als ersten Stein in die Mitte des "
               f"Tisches und erhält seine Augensumme plus {rules.start_bonus}{zero}.{zero_opens} Hat niemand einen "
               f"Drilling, beginnt der Stein mit der höchsten Augensumme" + _opening_bonus(rules, ", ohne Bonus.")
               + " Haben zwei Steine dieselbe Augensumme, beginnt der mit der höheren größten Zahl; ist auch sie "
                 f"gleich, entscheidet die zweithöchste Zahl.{mirror} Danach geht es reihum weiter.")
    corners = ("Wo Ecken von Steinen in einem Punkt zusammentreffen, müssen die Zahlen ebenfalls gleich sein."
               if rules.corner_contacts_must_match else
               "Ecken, die sich nur in einem Punkt berühren, müssen nicht passen.")
    draws = (f"Kein Stein passt? Dann ziehst du einen Stein aus dem Vorrat, höchstens "
             f"{times(rules.draw_limit, 'de')}. Sobald ein gezogener Stein passt, musst du ihn legen. Passt auch "
             f"der letzte erlaubte nicht, ist der nächste Spieler an der Reihe. Jedes Ziehen kostet Punkte "
             f"(siehe unten); ist der Vorrat leer, setzt du aus."
             if rules.draw_limit else
             "Kein Stein passt? Dann setzt du aus; aus dem Vorrat wird nicht gezogen.")
    col1: list[FlowItem] = [
        Heading("Material"),
        Paragraph(f"{len(model.tiles)} dreieckige Steine mit den Zahlen {low} bis {high} in den Ecken, dieses "
                  f"Blatt, das Punkteblatt und ein Stift. {model.min_players} bis {model.max_players} Spieler."),
        Heading("Vorbereitung"),
        Paragraph(f"Alle Steine verdeckt mischen. Jeder nimmt {model.hand_size} Steine "
                  f"({model.hand_size_many_players} bei mehr als {model.many_players_above} Spielern) und hält "
                  f"sie so, dass die anderen die Zahlen nicht sehen (in der Hand oder verdeckt vor sich "
                  f"liegend). Die übrigen Steine bilden "
                  f"den Vorrat."),
        Heading("Der erste Stein"),
        Paragraph(opening),
        Heading("Dein Zug"),
        Paragraph("Leg einen Stein aus deiner Hand an einen Stein auf dem Tisch, so dass mindestens eine ganze "
                  "Kante anliegt. An jeder anliegenden Kante müssen beide Zahlen gleich sein: eine 3 an eine 3, "
                  "eine 5 an eine 5. " + corners),
        Paragraph(draws),
        Paragraph("Du erhältst die Augensumme des gelegten Steins und dazu jeden Bonus."),
        Heading("Boni und Strafen", level=2),
        Bullets(_preset_lines(rules, "de")),
    ]
    col2: list[FlowItem] = [Heading("Brücke")]
    bridge, hexagon = examples["bridge"], examples["hexagon"]
    col2.append(Paragraph(
        f"Ein Stein, der nur an einer Kante einen Stein berührt und an der gegenüberliegenden Ecke einen anderen "
        f"nur mit der Spitze{' (mit derselben Zahl dort)' if rules.bridge_corner_must_match else ''}, "
        f"bildet eine Brücke"
        + (f": {signed(rules.bridge_bonus)}." if rules.bridge_bonus else ", die keinen Bonus bringt.")))
    if bridge:
        col2 += [Figure(FIGURE_HEIGHT, "bridge"),
                 Paragraph(f"Der gelbe Stein schlägt die Brücke: unten liegt eine Kante an, am markierten Punkt "
                           f"die {_number_at(bridge)}. {_empty_places(bridge, 'de')}")]
    col2.append(Heading("Sechseck"))
    col2.append(Paragraph(
        f"Sechs Steine um einen Punkt bilden ein Sechseck. Wer es mit einem Stein schließt, erhält "
        f"{signed(rules.hexagon_bonuses[0])}; zwei auf einmal {signed(rules.hexagon_bonuses[1])}, "
        f"drei {signed(rules.hexagon_bonuses[2])}."))
    if hexagon:
        col2 += [Figure(FIGURE_HEIGHT, "hexagon"),
                 Paragraph(f"Der gelbe Stein schließt das Sechseck um die {_number_at(hexagon)}: "
                           f"{sum(hexagon.placements[-1][1])} + {hexagon.bonus} Punkte.")]
    col2.append(Heading("Ende der Runde"))
    end = ("Die Runde endet, wenn jemand seinen letzten Stein gelegt hat oder wenn "
           + ("bei leerem Vorrat eine ganze Runde lang niemand legen kann."
              if rules.blocked_needs_empty_pool and rules.draw_limit
              else "eine ganze Runde lang niemand legen kann, auch nicht nach dem Ziehen." if rules.draw_limit
              else "eine ganze Runde lang niemand legen kann."))
    if rules.going_out_bonus or rules.going_out_collects_hands:
        end += (f" Wer als Erster alle Steine abgelegt hat, erhält {signed(rules.going_out_bonus)}"
                + (" und dazu die Zahlen, die die anderen noch auf der Hand haben." if rules.going_out_collects_hands
                   else "."))
    if rules.blocked_round_scoring == "lowest_collects":
        end += (" Ist die Runde blockiert, erhält, wer die kleinste Handsumme hat, die Handsummen der anderen "
                "abzüglich der eigenen.")
    col2.append(Paragraph(end))
    col2.append(Paragraph(
        f"Gespielt wird, bis jemand {rules.target_score} Punkte hat; diese Runde wird zu Ende gespielt. "
        f"Die meisten Punkte gewinnen." if rules.target_score else
        "Das Spiel dauert eine Runde: die meisten Punkte gewinnen."))
    return [col1, col2]


def _empty_places(example: Example, lang: str) -> str:
    """The caption's word on the places the figure tints grey: they must stay empty (one, or several).

    Only the outer ones show their dashed outline; the tint marks all of them.
    """
    if not example.empty:
        return ""
    one = len(example.empty) == 1
    if lang == "de":
        return "Der grau getönte Platz bleibt frei." if one else "Die grau getönten Plätze bleiben frei."
    return "The grey place stays empty." if one else "The grey places stay empty."


def _number_at(example: Example) -> int:
    """The number the example's tiles show at its marked point."""
    from pnp.geometry.trigrid import corners

    for cell, numbers in example.placements:
        points = corners(cell)
        if example.point in points:
            return numbers[points.index(example.point)]
    raise ValueError("no tile at the example's point")


def _opening_bonus(rules: Rules, none: str) -> str:
    return f" ({signed(rules.start_bonus_without_triple)})." if rules.start_bonus_without_triple else none
