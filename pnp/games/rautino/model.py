"""Rautino spec -> model: colours, stones, board, shapes, scoring and rule options.

Everything the printed kit and the rules engine need comes from here, so a checked set and a
printed set can never disagree. Every read goes through `Fields`, so bad input names the file,
the field and the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pnp.check.limits import BalanceLimits, read_limits
from pnp.components.boxspec import BoxSettings, read_box_settings
from pnp.geometry import trigrid as tg
from pnp.i18n import LANGS, PrintedText, Texts
from pnp.spec import Fields, in_range, printed_text, template_path

Cell = tg.Cell
Point = tg.Point

SYMBOLS = ("circle", "square", "triangle", "diamond", "star", "cross", "plus", "ring", "hexagon", "heart")
MATCHING = ("strict", "loose")
# Which of the new stone's triangles must lie inside a shape for it to count as formed.
NEW_STONE_RULES = ("any", "both", "one")
PLAYER_COUNTS = (1, 2)
# Upper limits, about ten times the real game (4 colours, 15 stone kinds, 30 stones, 4 shapes,
# 26 mm triangles): no designer needs more, and the checker stays fast (docs/rautino.md, "Limits").
MAX_COLOURS = len(SYMBOLS) - 1  # each colour has its own symbol, and so has the joker
MAX_STONES = 300
MAX_SHAPES = 40
MAX_SHAPE_CELLS = 96  # the triangles of the largest board
MIN_TRIANGLE_MM = 10.0  # a stone still to be cut out and picked up
MAX_TRIANGLE_MM = 100.0
MAX_SHAPE_SPAN = 48  # columns (and rows) of the largest board: a wider shape could never form
MAX_POINTS = 1_000
MAX_SEAT_POINTS = 100  # seat 1's starting points: more than any game's lead would decide it before a stone
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
_POINTS_KEY = re.compile(r"^([1-9][0-9]*)(\+?)$")

# pnp's colour words in every language: a colour named with one of them, and no label, prints in the kit's
# language; another name prints as written.
COLOUR_NAMES = Texts({name: {"en": name, "de": german} for name, german in (
    ("red", "rot"), ("yellow", "gelb"), ("blue", "blau"), ("green", "grün"), ("joker", "Joker"),
    ("orange", "orange"), ("purple", "lila"), ("black", "schwarz"), ("white", "weiß"),
    # The colours the studio offers for a new row (fields.NEW_NAMES), printed in German too.
    ("teal", "türkis"), ("brown", "braun"), ("pink", "rosa"), ("slate", "schiefergrau"))})


@dataclass(frozen=True)
class Colour:
    name: str  # names the colour in the spec's stones and in game records
    fill: str  # "#rrggbb"
    symbol: str  # one of SYMBOLS; printed on each triangle for colour-blind players
    joker: bool = False
    label: PrintedText = None  # type: ignore[assignment]  # the printed name; None: the name, as the spec reads it

    def __post_init__(self) -> None:
        if self.label is None:
            object.__setattr__(self, "label", printed_text(self.name, "name", None, COLOUR_NAMES))


@dataclass(frozen=True)
class StoneKind:
    """A kind of stone: the colours of its two triangles, and how many the set holds."""

    colours: tuple[str, str]
    count: int

    @property
    def label(self) -> str:
        return "/".join(self.colours)


@dataclass(frozen=True)
class Board:
    hexagon_side: int
    triangle_mm: float  # side of one triangle (= one half of a stone) in millimetres
    centre: Point  # grid point in the middle of the hexagon
    start: tuple[Cell, Cell]  # cells of the first stone: its first colour on start[0]
    stone_clearance_mm: float = 0.4  # a stone's triangles are this much shorter a side than the board's

    @property
    def stone_side_mm(self) -> float:
        """Side of a stone's triangle: a hair smaller than the board's, so a stone cut a little
        outside its line still fits inside its place."""
        return self.triangle_mm - self.stone_clearance_mm

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """The board's triangles, row by row."""
        return tuple(sorted(tg.hexagon_cells(self.hexagon_side, self.centre), key=lambda c: (c[1], c[0])))

    @cached_property
    def cell_set(self) -> frozenset[Cell]:
        return frozenset(self.cells)

    @cached_property
    def inner_points(self) -> tuple[Point, ...]:
        return tuple(tg.inner_points(self.cells))

    @property
    def stone_room(self) -> int:
        """Stones that fit on the board (each covers two triangles)."""
        return len(self.cells) // 2

    def layout(self, origin_x: float = 0.0, origin_y: float = 0.0) -> tg.TriLayout:
        """Millimetre layout with the board's top-left corner at (origin_x, origin_y)."""
        min_px, min_py, _, _ = tg.bounds(self.cells)
        side = self.triangle_mm
        height = side * tg.SQRT3_2
        return tg.TriLayout(side, origin_x - min_px * side / 2, origin_y - min_py * height)

    @property
    def size_mm(self) -> tuple[float, float]:
        """Width and height of the board's hexagon in millimetres."""
        min_px, min_py, max_px, max_py = tg.bounds(self.cells)
        return (max_px - min_px) * self.triangle_mm / 2, (max_py - min_py) * self.triangle_mm * tg.SQRT3_2


@dataclass(frozen=True)
class Shape:
    """A scoring shape as data: its cells (any orientation is found), the rule on how many of
    the new stone's triangles it must contain, and points by number of colours."""

    name: str  # names the shape in game records
    label: PrintedText  # the shape's printed name in each kit language
    cells: frozenset[Cell]  # normalised
    new_stone: str  # one of NEW_STONE_RULES
    # (colours, points, or_more): e.g. (3, 3, True) reads "3 or more colours: 3 points".
    points: tuple[tuple[int, int, bool], ...]

    def points_for(self, colours: int) -> int | None:
        """Points for a shape of that many colours, None when it does not score at all."""
        for count, value, or_more in self.points:
            if colours == count or (or_more and colours > count):
                return value
        return None

    def accepts_new_cells(self, inside: int) -> bool:
        if self.new_stone == "both":
            return inside == 2
        if self.new_stone == "one":
            return inside == 1
        return inside >= 1

    @cached_property
    def orientations(self) -> tuple[frozenset[Cell], ...]:
        return tuple(tg.orientations(self.cells))


@dataclass(frozen=True)
class PlayerRules:
    """The rules that differ between one and two players."""

    stone_point: int  # points for every stone placed
    combo_bonus: int  # points for each shape beyond the first in one placement
    joker_overbuild: bool  # a colour triangle may cover a joker triangle on the board
    joker_overhang: bool  # a joker triangle may stick out of the board
    seat_1_points: int = 0  # two players: the points seat 1 starts with, a compensation for seat 2's edge


@dataclass(frozen=True)
class Thresholds:
    """What a set must reach in the simulation to be called playable."""

    min_placed_share: float  # mean share of the set's stones placed per game
    min_first_move_share: float  # share of games whose first turn has a legal placement
    min_shape_games_share: float  # share of games in which at least one shape forms


@dataclass(frozen=True)
class RautinoModel:
    source: str  # the spec file, for messages
    title: PrintedText
    colours: tuple[Colour, ...]  # the playing colours, without the joker
    joker: Colour
    stones: tuple[StoneKind, ...]
    board: Board
    shapes: tuple[Shape, ...]
    players: tuple[int, ...]
    hand_size: int
    matching: str  # "strict" | "loose"
    overbuild_both_triangles: bool
    rescore_overbuilt_shapes: bool
    one_player: PlayerRules
    two_players: PlayerRules
    thresholds: Thresholds
    box: BoxSettings = field(default_factory=BoxSettings)  # the spec's [box]: outer size, construction, contents
    # A shape completed with a joker triangle that sticks out of the board scores like any other.
    overhanging_joker_shapes_score: bool = True
    balance: BalanceLimits = field(default_factory=BalanceLimits)  # the balance fields of [check]

    @property
    def box_mm(self) -> tuple[float, float, float]:
        """Outer length, width and height of the box."""
        return self.box.size.length, self.box.size.width, self.box.size.height

    @property
    def lid_mm(self) -> tuple[float, float]:
        """The box lid (length x width): the size of the cover art."""
        return self.box_mm[0], self.box_mm[1]

    def rules_for(self, players: int) -> PlayerRules:
        return self.one_player if players == 1 else self.two_players

    def start_scores(self, players: int) -> list[int]:
        """Every seat's score before the first stone: seat 1's compensation in a two-player game."""
        return [self.two_players.seat_1_points if players == 2 and seat == 0 else 0 for seat in range(players)]

    @property
    def all_colours(self) -> tuple[Colour, ...]:
        """Playing colours, then the joker: the engine's colour indices follow this order."""
        return (*self.colours, self.joker)

    def colour(self, name: str) -> Colour:
        for colour in self.all_colours:
            if colour.name == name:
                return colour
        raise KeyError(name)

    @property
    def stone_list(self) -> tuple[tuple[str, str], ...]:
        """Every stone of the set, one entry per physical stone, in spec order."""
        return tuple(kind.colours for kind in self.stones for _ in range(kind.count))

    @property
    def stone_count(self) -> int:
        return sum(kind.count for kind in self.stones)


# --- loading ---------------------------------------------------------------------------------

def load(path: Path | None = None) -> RautinoModel:
    path = path or template_path("rautino")
    root = Fields.load(path)
    game = root.table("game")
    title = game.printed("title", "Rautino")
    players = tuple(game.opt("players", list, [1, 2]))
    if not players or any(p not in PLAYER_COUNTS for p in players) or len(set(players)) != len(players):
        raise game.error("players", "must list player counts from 1, 2 without repeats")
    hand_size = game.opt("hand_size", int, 3, in_range(1, 10))
    game.finish()

    colours = tuple(_colour(f) for f in root.tables("colours"))
    if not colours:
        raise root.error("colours", "at least one colour is needed")
    if len(colours) > MAX_COLOURS:
        raise root.error("colours", f"at most {MAX_COLOURS} colours, each with its own symbol (the joker has one "
                                    f"too); got {len(colours)}")
    joker_fields = root.table("joker")
    joker = _colour(joker_fields, joker=True)
    names = [c.name for c in (*colours, joker)]
    for index, name in enumerate(names):
        if names.index(name) != index:
            where = "joker.name" if index == len(names) - 1 else f"colours[{index}].name"
            raise root.error(where, f"colour {name!r} is defined twice")
    _refuse_alike(root, (*colours, joker))
    _refuse_printed_alike(root, (*colours, joker))

    stones = tuple(_stone(f, names) for f in root.tables("stones"))
    if not stones:
        raise root.error("stones", "at least one stone is needed")
    total = sum(kind.count for kind in stones)
    if total > MAX_STONES:
        raise root.error("stones", f"at most {MAX_STONES} stones in all; got {total}")

    board = _board(root.table("board"))
    shapes = tuple(_shape(f, len(colours)) for f in root.tables("shapes"))
    if len(shapes) > MAX_SHAPES:
        raise root.error("shapes", f"at most {MAX_SHAPES} shapes; got {len(shapes)}")
    shape_names = [s.name for s in shapes]
    if len(set(shape_names)) != len(shape_names):
        raise root.error("shapes", "shape names must be different")

    scoring = root.table("scoring")
    rules = root.table("rules")
    matching = rules.choice("matching", MATCHING, "strict")
    both = rules.opt("overbuild_both_triangles", bool, False)
    rescore = rules.opt("rescore_overbuilt_shapes", bool, False)
    overhanging_shapes = rules.opt("overhanging_joker_shapes_score", bool, True)
    one = _player_rules(scoring.table("one_player", required=False),
                        rules.table("one_player", required=False), (1, 2, False, False))
    two = _player_rules(scoring.table("two_players", required=False),
                        rules.table("two_players", required=False), (0, 0, True, True), seat_points=True)
    scoring.finish()
    rules.finish()

    box = read_box_settings(root.table("box", required=False))

    check = root.table("check", required=False)
    share = in_range(0.0, 1.0)
    thresholds = Thresholds(
        min_placed_share=check.opt("min_placed_share", float, 0.5, share),
        min_first_move_share=check.opt("min_first_move_share", float, 0.95, share),
        min_shape_games_share=check.opt("min_shape_games_share", float, 0.5, share),
    )
    balance = read_limits(check, max_seat_advantage=0.1)
    check.finish()
    root.finish()
    model = RautinoModel(str(path), title, colours, joker, stones, board, shapes, players, hand_size,
                         matching, both, rescore, one, two, thresholds, box, overhanging_shapes, balance)
    return model


def _refuse_alike(root: Fields, colours: tuple[Colour, ...]) -> None:
    """Two colours with one fill, or one symbol, print stones nobody can tell apart: for colour-blind
    players and on a black-and-white printer the symbol is the only cue. The joker comes last."""
    where = [f"colours[{index}]" for index in range(len(colours) - 1)] + ["joker"]
    for key in ("fill", "symbol"):
        first: dict[str, int] = {}
        for index, colour in enumerate(colours):
            value = getattr(colour, key)
            if value in first:
                raise root.error(f"{where[index]}.{key}", f"the same as {where[first[value]]} ({value!r}); "
                                                          f"each colour needs its own {key}")
            first[value] = index


def colour_field(colours: tuple[Colour, ...], index: int) -> str:
    """The spec field a colour's printed name comes from: its label, or its name where it has none. The joker
    comes last."""
    colour = colours[index]
    where = "joker" if colour.joker else f"colours[{index}]"
    named = printed_text(colour.name, "name", None, COLOUR_NAMES)  # what the name alone prints
    return f"{where}.name" if colour.label == named else f"{where}.label"


def _refuse_printed_alike(root: Fields, colours: tuple[Colour, ...]) -> None:
    """Two colours printed with one name, in any kit language, are one colour to the players who read it."""
    for lang in LANGS:
        first: dict[str, int] = {}
        for index, colour in enumerate(colours):
            text = colour.label.text(lang)
            if text in first:
                other = colour_field(colours, first[text]).rsplit(".", 1)[0]
                raise root.error(colour.label.where(colour_field(colours, index), lang),
                                 f"printed {text!r} in the {lang} kit, as {other} is; each colour needs its own name")
            first[text] = index


def _colour(fields: Fields, joker: bool = False) -> Colour:
    name = fields.req("name", str, lambda v: None if v.strip() else "must not be empty")
    fill = fields.req("fill", str, lambda v: None if _HEX.match(v) else "must be a colour like #d7263d")
    symbol = fields.req("symbol", str, lambda v: None if v in SYMBOLS else
                        f"must be one of {', '.join(SYMBOLS)}, not {v!r}")
    label = fields.printed("label", name, COLOUR_NAMES)
    fields.finish()
    return Colour(name, fill.lower(), symbol, joker, label)


def _stone(fields: Fields, names: list[str]) -> StoneKind:
    colours = fields.req("colours", list)
    if len(colours) != 2:
        raise fields.error("colours", f"a stone has exactly 2 triangles, not {len(colours)}")
    for colour in colours:
        if not isinstance(colour, str):
            raise fields.error("colours", f"colour names must be strings, not {colour!r}")
        if colour not in names:
            raise fields.error("colours", f"unknown colour {colour!r}; known: {', '.join(names)}")
    count = fields.opt("count", int, 1, in_range(1, MAX_STONES))
    fields.finish()
    return StoneKind((colours[0], colours[1]), count)


def _cell_list(fields: Fields, key: str) -> list[Cell]:
    raw = fields.req(key, list)
    cells = []
    for item in raw:
        if not (isinstance(item, list) and len(item) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in item)):
            raise fields.error(key, f"each cell must be [column, row] integers, not {item!r}")
        cells.append((item[0], item[1]))
    if len(set(cells)) != len(cells):
        raise fields.error(key, "a cell is listed twice")
    return cells


def _board(fields: Fields) -> Board:
    side = fields.req("hexagon_side", int, in_range(2, 12))
    triangle_mm = fields.req("triangle_mm", float, in_range(MIN_TRIANGLE_MM, MAX_TRIANGLE_MM))
    centre_raw = fields.opt("centre", list, [1, 0])
    if not (len(centre_raw) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in centre_raw)
            and sum(centre_raw) % 2 == 1):
        raise fields.error("centre", "must be a grid point [x, y] with x + y odd")
    centre = (centre_raw[0], centre_raw[1])
    start = _cell_list(fields, "start")
    if len(start) != 2 or not tg.shares_edge(start[0], start[1]):
        raise fields.error("start", "must be two edge-adjacent cells")
    clearance = fields.opt("stone_clearance_mm", float, 0.4, in_range(0.0, triangle_mm / 4))
    board = Board(side, triangle_mm, centre, (start[0], start[1]), clearance)
    if not set(start) <= board.cell_set:
        raise fields.error("start", "the start stone must lie on the board")
    fields.finish()
    return board


def _shape(fields: Fields, colour_count: int) -> Shape:
    """A shape; a colour count in its points that no shape of its triangles and the spec's colours holds
    is refused: it could never score."""
    name = fields.req("name", str, lambda v: None if v.strip() else "must not be empty")
    label = fields.printed("label", name)
    if label.plain:  # the seed's convention: `name` is the German name, a string `label` the English one
        label = PrintedText.of({lang: name if lang == "de" else label.text(lang) for lang in LANGS}, plain=True)
    cells = _cell_list(fields, "cells")
    if not cells:
        raise fields.error("cells", "a shape needs at least one cell")
    if len(cells) > MAX_SHAPE_CELLS:
        raise fields.error("cells", f"at most {MAX_SHAPE_CELLS} cells; got {len(cells)}")
    span = max(max(c[i] for c in cells) - min(c[i] for c in cells) for i in (0, 1)) + 1
    if span > MAX_SHAPE_SPAN:
        raise fields.error("cells", f"a shape spans at most {MAX_SHAPE_SPAN} columns or rows (the largest board); "
                                    f"got {span}")
    new_stone = fields.choice("new_stone", NEW_STONE_RULES, "any")
    points_table = fields.req("points", dict)
    points = []
    for key, value in points_table.items():
        match = _POINTS_KEY.match(key)
        if not match:
            raise fields.error(f"points.{key}", "keys are colour counts like \"1\" or \"3+\"")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_POINTS:
            raise fields.error(f"points.{key}", f"must be an integer from 0 to {MAX_POINTS}, not {value!r}")
        colours = int(match.group(1))
        most = min(len(cells), colour_count)
        if colours > most:
            limit = f" (the spec has {colour_count})" if colour_count < len(cells) else ""
            raise fields.error(f"points.{key}", f"never scores: a shape of {len(cells)} triangles holds at most "
                                                f"{most} colours{limit}")
        points.append((colours, value, bool(match.group(2))))
    if not points:
        raise fields.error("points", "at least one colour count must score")
    fields.finish()
    return Shape(name, label, tg.normalise(cells), new_stone, tuple(sorted(points)))


def _player_rules(scoring: Fields, rules: Fields, defaults: tuple[int, int, bool, bool],
                  seat_points: bool = False) -> PlayerRules:
    """One player count's rules; `seat_points`: the table may give seat 1 starting points (two players)."""
    result = PlayerRules(
        stone_point=scoring.opt("stone_point", int, defaults[0], in_range(0, 100)),
        combo_bonus=scoring.opt("combo_bonus", int, defaults[1], in_range(0, 100)),
        joker_overbuild=rules.opt("joker_overbuild", bool, defaults[2]),
        joker_overhang=rules.opt("joker_overhang", bool, defaults[3]),
        seat_1_points=scoring.opt("seat_1_points", int, 0, in_range(0, MAX_SEAT_POINTS)) if seat_points else 0,
    )
    scoring.finish()
    rules.finish()
    return result
