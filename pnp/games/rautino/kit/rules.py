"""The rules sheet: one A4 page in German or English, in two columns, with the shape table
drawn as pictures and the two-player joker examples A (build over) and B (stick out) as diagrams.
Numbers (hand size, points, bonuses) come from the model, so a changed spec changes the text."""

from __future__ import annotations

from pnp.components.sheets import rules_page
from pnp.draw.scene import Page, Style, filled, stroked
from pnp.draw.text import Bullets, FlowItem, FlowStyle, Heading, Paragraph, ink_indent, pt, text_width, wrap
from pnp.games.base import KitContext
from pnp.geometry import trigrid as tg

from ..model import RautinoModel
from ..panels import PANELS
from . import art
from .board import boundary_edges, draw_shape_diagram, stone_outline
from .combo import REGION, ComboExample, combo_example
from .texts import colour_count, points_lines, shape_name, words

STYLE = FlowStyle(body=pt(9), h1=pt(12), h2=pt(10.5), leading=1.28, gap=1.8)
ROW_MM = 17.0  # one shape of the table
EXAMPLE_MM = 30.0
COMBO_MM = 22.0
TABLE_TRI = 7.0
MINI_TRI = 9.0


def rules_pages(model: RautinoModel, ctx: KitContext) -> list[Page]:
    lang = ctx.lang if ctx.lang in ("de", "en") else "en"
    combo = combo_example(model)
    texts = _texts(model, lang, combo)
    page = rules_page(ctx.paper.portrait(), model.title.text(lang), texts["subtitle"], texts["columns"],
                      lambda page, name, rect: _figure(page, model, name, rect, lang, combo),
                      component="rautino rules", style=STYLE, label="rules")
    return [page]


def _texts(model: RautinoModel, lang: str, combo: ComboExample | None = None) -> dict:
    one, two = model.one_player, model.two_players
    n, hand = model.stone_count, model.hand_size
    strict = model.matching == "strict"
    table = Heading("Formen und Punkte" if lang == "de" else "Shapes and points", 2)
    figure_table = _figure_item("shapes", len(model.shapes) * ROW_MM)
    if lang == "de":
        match = ("Jede Kante, an der der neue Stein einen liegenden Stein berührt, muss gleichfarbige Dreiecke "
                 "verbinden." if strict else "Mindestens eine berührende Kante muss gleichfarbige Dreiecke "
                 "verbinden; andere dürfen abweichen.")
        col1: list[FlowItem] = [
            Heading("Material", 2),
            Paragraph(f"1 Spielplan aus {PANELS} Teilen, Formenkarten, {n} Rautensteine aus je zwei farbigen "
                      "Dreiecken. Weiß-graue Dreiecke sind Joker und passen an jede Farbe."),
            Heading("Vorbereitung", 2),
            Paragraph(f"Die {PANELS} Teile des Spielplans zum Sechseck zusammenlegen, die Formenkarten daneben. "
                      "Alle Steine verdeckt mischen und als Nachziehstapel bereitlegen. "
                      "Den obersten Stein aufdecken und auf das Startfeld in der Mitte legen."),
            Heading("Anlegen", 2),
            Paragraph("Ein Stein bedeckt zwei freie Dreiecke des Plans und berührt liegende Steine an "
                      f"mindestens einer Kante, wie beim Domino. {match} Ein Joker passt zu jeder Farbe."),
            Paragraph("Eine Form entsteht, wenn der gelegte Stein sie vollendet und mindestens eines seiner "
                      "Dreiecke zu ihr gehört. Gezählt werden die verschiedenen Farben der Form; Joker "
                      "nehmen jede Farbe an. Jede Drehung und Spiegelung zählt.", ),
            table, figure_table, *_combo_items(model, combo, lang),
        ]
        solo = [f"Du hältst {hand} Steine offen vor dir. Lege einen an und ziehe sofort nach."]
        if one.stone_point:
            plural = "" if one.stone_point == 1 else "e"
            solo.append(f"Jeder gelegte Stein: {one.stone_point} Punkt{plural}, dazu die Punkte jeder Form.")
        if one.combo_bonus:
            solo.append(f"Kombo: Entstehen in einem Zug mehrere Formen, gibt jede weitere Form "
                        f"{one.combo_bonus} Extrapunkte.")
        solo.append("Ende: Das Spiel ist vorbei, sobald keiner deiner Steine mehr irgendwo auf den Plan passt. "
                    "Wie viele Punkte schaffst du?")
        duo = [f"Jeder Spieler hält {hand} Steine vor dem Mitspieler verborgen. Die Spieler legen abwechselnd "
               "einen Stein an und ziehen einen nach.",
               f"Passt keiner deiner Steine, zeigst du sie, legst sie unter den Nachziehstapel, ziehst {hand} "
               "neue und setzt diesen Zug aus.",
               "Jede entstandene Form bringt ihre Punkte" + ("." if two.combo_bonus else
                                                              ", ohne Kombo-Bonus.")
               + ("" if two.stone_point else " Gelegte Steine zählen nicht.")]
        if two.seat_1_points:
            duo.append(f"Ausgleich: Der Startspieler beginnt mit {two.seat_1_points} "
                       f"Punkt{'' if two.seat_1_points == 1 else 'en'}.")
        jokers = []
        if two.joker_overbuild:
            jokers.append("Beispiel A: Ein Joker auf dem Plan darf von einem neuen Stein überbaut werden, "
                          "wenn das Farbdreieck darüber passt, auch wenn der Joker nicht frei liegt.")
        if two.joker_overhang:
            jokers.append("Beispiel B: Ein Joker-Dreieck darf über den Rand des Plans hinausragen."
                          + (" Eine Form, die der Stein damit vollendet, zählt wie jede andere."
                             if model.overhanging_joker_shapes_score else ""))
        col2: list[FlowItem] = [Heading("Ein Spieler", 2), Bullets(tuple(solo)),
                                Heading("Zwei Spieler", 2), Bullets(tuple(duo))]
        if jokers:
            col2 += [Heading("Joker zu zweit", 2), Bullets(tuple(jokers))]
            col2 += [_figure_item(name, EXAMPLE_MM) for name in _examples(model)]
        col2 += [Heading("Spielende zu zweit", 2),
                 Paragraph("Das Spiel endet, wenn nichts mehr angelegt werden kann oder wenn der Nachziehstapel "
                           "leer ist und die Runde zu Ende gespielt wurde. Wer die meisten Punkte hat, gewinnt.")]
        subtitle = "Punktejagd mit Rautensteinen · 1–2 Spieler · 6–99 Jahre · ca. 15 Minuten"
    else:
        match = ("Every edge where the new stone touches a stone on the board must join triangles of the same "
                 "colour." if strict else "At least one touching edge must join triangles of the same colour; "
                 "others may differ.")
        col1 = [
            Heading("Contents", 2),
            Paragraph(f"1 board in {PANELS} panels, shape cards, {n} rhombus stones made of two coloured "
                      "triangles each. White-and-grey triangles are jokers and match every colour."),
            Heading("Setup", 2),
            Paragraph(f"Put the {PANELS} board panels together into the hexagon, the shape cards beside it. "
                      "Shuffle all stones face down into a stack. Turn over the top stone "
                      "and lay it on the start space in the middle."),
            Heading("Placing a stone", 2),
            Paragraph("A stone covers two free triangles of the board and touches stones already there along "
                      f"at least one edge, as in dominoes. {match} A joker matches every colour."),
            Paragraph("A shape is formed when the stone you lay completes it and at least one of its "
                      "triangles is part of it. Count the different colours in the shape; jokers take any "
                      "colour. Every rotation and mirror image counts."),
            table, figure_table, *_combo_items(model, combo, lang),
        ]
        solo = [f"Hold {hand} stones face up. Lay one, then draw at once to have {hand} again."]
        if one.stone_point:
            plural = "" if one.stone_point == 1 else "s"
            solo.append(f"Every stone you lay: {one.stone_point} point{plural}, plus the points of each shape.")
        if one.combo_bonus:
            solo.append(f"Combo: when one move forms several shapes, each shape after the first gives "
                        f"{one.combo_bonus} extra points.")
        solo.append("End: the game is over as soon as none of your stones fits anywhere on the board. How high "
                    "can you score?")
        duo = [f"Each player holds {hand} stones hidden from the other. Take turns: lay one stone, draw one.",
               f"If none of your stones fits: show them, put them under the stack, draw {hand} new ones and "
               "miss this turn.",
               "Each shape formed scores its points" + ("." if two.combo_bonus else ", with no combo bonus.")
               + ("" if two.stone_point else " Stones laid score nothing.")]
        if two.seat_1_points:
            duo.append(f"To even out the seats, the first player starts with {two.seat_1_points} "
                       f"point{'' if two.seat_1_points == 1 else 's'}.")
        jokers = []
        if two.joker_overbuild:
            jokers.append("Example A: a joker on the board may be built over by a new stone whose colour "
                          "triangle fits there, even when the joker is not free.")
        if two.joker_overhang:
            jokers.append("Example B: a joker triangle may stick out over the edge of the board."
                          + (" A shape the stone completes this way scores like any other."
                             if model.overhanging_joker_shapes_score else ""))
        col2 = [Heading("One player", 2), Bullets(tuple(solo)), Heading("Two players", 2), Bullets(tuple(duo))]
        if jokers:
            col2 += [Heading("Jokers with two players", 2), Bullets(tuple(jokers))]
            col2 += [_figure_item(name, EXAMPLE_MM) for name in _examples(model)]
        col2 += [Heading("End with two players", 2),
                 Paragraph("The game ends when no stone can be laid any more, or when the stack is empty and the "
                           "round has been played to its end. The player with the most points wins.")]
        subtitle = "A hunt for points with rhombus stones · 1–2 players · age 6–99 · about 15 minutes"
    return {"subtitle": subtitle, "columns": [col1, col2]}


def _figure_item(name: str, height: float):
    from pnp.draw.text import Figure

    return Figure(height, name)


def _examples(model: RautinoModel) -> list[str]:
    two = model.two_players
    return [name for name, on in (("example-a", two.joker_overbuild), ("example-b", two.joker_overhang)) if on]


def _combo_items(model: RautinoModel, combo: ComboExample | None, lang: str) -> list[FlowItem]:
    """Heading, figure and the engine's count of the seed's worked combo example."""
    if combo is None:
        return []
    de = lang == "de"
    solo, duo = combo.solo, combo.duo
    shapes = sorted(solo.shapes, key=lambda s: -s.points)
    unit = "Punkte" if de else "points"
    parts = [f"{shape_name(model.shapes[s.shape], lang)} ({colour_count(s.colours, lang)}, {s.points} {unit})"
             for s in shapes]
    listed = (" und " if de else " and ").join([", ".join(parts[:-1]), parts[-1]])
    count = {2: "zwei", 3: "drei"}.get(len(shapes), str(len(shapes))) if de else \
        {2: "two", 3: "three"}.get(len(shapes), str(len(shapes)))
    sums = " + ".join(str(s.points) for s in shapes) + f" + {solo.combo} = {solo.total - solo.stone}"
    stone = solo.stone
    if de:
        further = "Die zweite Form bringt" if len(shapes) == 2 else "Jede weitere Form bringt"
        text = (f"Der gelb-blaue Stein (dick umrandet) vollendet mit seinem gelben Dreieck {count} Formen: "
                f"{listed}. {further} als Kombo {solo.combo // (len(shapes) - 1)} Extrapunkte: {sums} Punkte. "
                f"Allein gespielt kommt {'der Punkt' if stone == 1 else f'{stone} Punkte'} für den gelegten "
                f"Stein dazu: {solo.total}. Zu zweit zählt derselbe Zug {duo.total} Punkte.")
    else:
        further = "The second shape earns" if len(shapes) == 2 else "Each further shape earns"
        text = (f"The yellow-blue stone (bold outline) completes {count} shapes with its yellow triangle: "
                f"{listed}. {further} {solo.combo // (len(shapes) - 1)} combo points: {sums}. In a one-player "
                f"game the stone itself adds {stone}, which makes it {solo.total}. With two players the same "
                f"move scores {duo.total}.")
    return [Heading("Beispiel: eine Kombo" if de else "Example: a combo", 2), _figure_item("combo", COMBO_MM),
            Paragraph(text)]


def _figure(page: Page, model: RautinoModel, name: str, rect: tuple[float, float, float, float],
            lang: str, combo: ComboExample | None = None) -> None:
    x, y, w, h = rect
    if name == "combo" and combo is not None:
        _combo_figure(page, model, combo, x, y, w, h)
    elif name == "shapes":
        _shape_table(page, model, x, y, w, lang)
    elif name == "example-a":
        _example_a(page, model, x, y, w, h, lang)
    elif name == "example-b":
        _example_b(page, model, x, y, w, h, lang)


def _shape_table(page: Page, model: RautinoModel, x: float, y: float, w: float, lang: str) -> None:
    wds = words(lang)
    size = pt(8)
    for index, shape in enumerate(model.shapes):
        top = y + index * ROW_MM
        colour = model.colours[index % len(model.colours)]
        with page.group(cls="rules-shape", data={"shape": shape.name}) as g:
            draw_shape_diagram(g, model, shape, x + 0.5, top + 1.0, TABLE_TRI, colour)
            tx = x + 28.0
            g.text(tx, top + 1.0 + pt(9), shape_name(shape, lang), pt(9), weight="bold",
                   field=f"shapes[{index}].{'name' if lang == 'de' else 'label'}")
            rule = [wds[shape.new_stone]] if shape.new_stone in ("both", "one") else []
            pairs = points_lines(shape, lang)
            pairs[-1] += f" {wds['points']}"  # the unit stays with the last value, never alone on a line
            ly = top + 1.0 + pt(9) + size * 1.25
            lines = [part for text in rule for part in wrap(text, w - 28.0, size)] + _join_pairs(pairs, w - 28.0, size)
            for line in lines:
                g.text(tx, ly, line, size)
                ly += size * 1.25
        if index:
            page.line(x + 0.2, top - 0.3, x + w - 0.2, top - 0.3, style=stroked("#bbbbbb", 0.15))


def _join_pairs(pairs: list[str], width: float, size: float) -> list[str]:
    """'count: value' pairs joined by ' · ' into lines no wider than `width`, no pair split."""
    lines: list[str] = []
    for pair in pairs:
        if lines and text_width(f"{lines[-1]} · {pair}", size) <= width:
            lines[-1] += f" · {pair}"
        else:
            lines.append(pair)
    return lines


def _mini_board(g, region: set[tg.Cell], layout: tg.TriLayout, edge: bool = True) -> None:
    for cell in sorted(region):
        g.polygon(layout.polygon(cell), style=filled(art.BOARD_FILL, art.GRID, 0.2))
    if edge:
        for p, q in boundary_edges(region):
            g.line(*layout.point(p), *layout.point(q), style=stroked(art.INK, 0.5))


def _stones(g, model: RautinoModel, layout: tg.TriLayout, stones, new: bool = False) -> None:
    for cells, names in stones:
        for cell, name in zip(cells, names, strict=True):
            art.draw_triangle(g, layout.polygon(cell), model.colour(name), symbol_scale=0.55,
                              outline=stroked(art.INK, 0.15))
        width = 0.8 if new else 0.35
        g.polygon(stone_outline(layout, cells), style=Style(stroke=art.INK, stroke_width=width, linejoin="round"),
                  cls="new-stone" if new else "")


def _caption(g, x: float, y: float, text: str, w: float) -> None:
    for index, line in enumerate(wrap(text, w, pt(7.5))):
        g.text(x + ink_indent(line, pt(7.5)), y + index * pt(7.5) * 1.2, line, pt(7.5), style=filled("#333333"))


def _example_a(page: Page, model: RautinoModel, x: float, y: float, w: float, h: float, lang: str) -> None:
    """A: a red triangle laid over a joker that touches red: before and after."""
    colours = [c.name for c in model.colours]
    red, other = colours[0], colours[min(2, len(colours) - 1)]
    joker = model.joker.name
    region = {(c, r) for r in (0, 1) for c in range(-1, 5)}
    placed = [((0, 0), (1, 0)), ((-1, 1), (0, 1))]
    before = [(placed[0], (red, joker)), (placed[1], (other, red))]
    new = (((1, 0), (2, 0)), (red, other))
    with page.group(cls="rules-example", data={"example": "A"}) as g:
        g.text(x, y + pt(10), "A", pt(12), weight="bold")
        for index, stones in enumerate(([], [new])):
            ox = x + 8 + index * 44
            layout = tg.TriLayout(MINI_TRI, ox + MINI_TRI / 2, y + 1)
            _mini_board(g, region, layout)
            _stones(g, model, layout, before)
            _stones(g, model, layout, stones, new=True)
        ax, ay = x + 8 + 39.5, y + 1 + MINI_TRI * tg.SQRT3_2
        g.path(("M", ax - 3, ay), ("L", ax + 2, ay), style=stroked(art.INK, 0.5))
        g.polygon([(ax + 3, ay), (ax + 1, ay - 1.3), (ax + 1, ay + 1.3)], style=filled(art.INK))
        name = model.colour(red).label.text(lang)
        red_de = f"{name}farbenes" if name.endswith(("a", "e")) else f"{name}es"  # rotes, orangefarbenes
        caption = (f"Der neue Stein legt sein {red_de} Dreieck auf den Joker; dort berührt es ein {red_de} Dreieck."
                   if lang == "de" else f"The new stone's {name} half covers the joker and touches {name}.")
        _caption(g, x + 8, y + 2 * MINI_TRI * tg.SQRT3_2 + 5, caption, w - 8)


def _example_b(page: Page, model: RautinoModel, x: float, y: float, w: float, h: float, lang: str) -> None:
    """B: a joker triangle sticking out over the board's top edge."""
    colour = model.colours[min(3, len(model.colours) - 1)].name
    joker = model.joker.name
    region = {(c, r) for r in (1, 2) for c in range(0, 8)}
    placed = [(((2, 1), (3, 1)), (colour, colour))]
    new = (((4, 1), (4, 0)), (colour, joker))
    with page.group(cls="rules-example", data={"example": "B"}) as g:
        g.text(x, y + pt(10), "B", pt(12), weight="bold")
        layout = tg.TriLayout(MINI_TRI, x + 8 - MINI_TRI / 2, y + 1 - 0 * MINI_TRI)
        _mini_board(g, region, layout)
        _stones(g, model, layout, placed)
        _stones(g, model, layout, [new], new=True)
        caption = ("Das Joker-Dreieck ragt über den Rand des Plans; das farbige liegt auf dem Plan und passt."
                   if lang == "de" else "The joker triangle sticks out over the board's edge; the coloured "
                   "one lies on the board and matches.")
        _caption(g, x + 8 + 4.5 * MINI_TRI, y + 2 * MINI_TRI * tg.SQRT3_2 - 1, caption,
                 w - 8 - 4.5 * MINI_TRI)


def _combo_figure(page: Page, model: RautinoModel, combo: ComboExample, x: float, y: float, w: float,
                  h: float) -> None:
    """The position before the move and after it, side by side."""
    px0, py0, px1, py1 = tg.bounds(REGION)
    tri = min(MINI_TRI, (h - 2) / ((py1 - py0) * tg.SQRT3_2), (w - 12) / (px1 - px0))
    width, height = (px1 - px0) * tri / 2, (py1 - py0) * tri * tg.SQRT3_2
    with page.group(cls="rules-example", data={"example": "combo", "total": str(combo.solo.total)}) as g:
        for index, new in enumerate(([], [combo.new])):
            ox = x + 0.5 + index * (width + 12)
            layout = tg.TriLayout(tri, ox - px0 * tri / 2, y + 1 - py0 * tri * tg.SQRT3_2)
            _mini_board(g, set(REGION), layout, edge=False)
            _stones(g, model, layout, combo.laid)
            _stones(g, model, layout, new, new=True)
        ax, ay = x + width + 6, y + 1 + height / 2
        g.path(("M", ax - 3, ay), ("L", ax + 2, ay), style=stroked(art.INK, 0.5))
        g.polygon([(ax + 3, ay), (ax + 1, ay - 1.3), (ax + 1, ay + 1.3)], style=filled(art.INK))
