"""Zatre spec -> game model: board, tiles, players, rule options and the score-sheet layout.

Everything the printed kit and the rules engine need comes from these frozen dataclasses, so a
printed board, tile sheet and score block always match the game the checker simulated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.check.limits import BalanceLimits, read_limits
from pnp.components.boxspec import BoxSettings, read_box_settings
from pnp.errors import SpecError
from pnp.i18n import PrintedText, Texts
from pnp.spec import Fields, in_range, positive, template_path

NO_FIELD, NORMAL, DOUBLE, START = "#", ".", "D", "S"
LAYOUT_CHARS = (NO_FIELD, NORMAL, DOUBLE, START)
PLAYER_KINDS = ("greedy", "random", "mixed")
# Upper limits, about ten times the real game (15 x 15 fields, 121 tiles, 12.8 mm fields): no
# designer needs more, and the checker stays fast (docs/zatre.md, "Limits").
MAX_BOARD_CELLS = 50  # rows, and fields per row
MAX_TILES = 1_000
MAX_CELL_MM = 100.0
MAX_POINTS = 1_000  # points of one row, bonus of one sheet row
MAX_HEADER_FIELDS = 6

Cell = tuple[int, int]  # (row, col), 0-based, row 0 at the top

# The score sheet's default words in every language: a spec that writes one of them as a plain string
# (as the shipped spec does) gets it in the kit's language; other plain strings print as written.
SHEET_WORDS = Texts({
    "Player": {"en": "Player", "de": "Spieler"},
    "Date": {"en": "Date", "de": "Datum"},
    "Game": {"en": "Game", "de": "Spiel"},
    "minus (tiles left)": {"en": "minus (tiles left)", "de": "Minuspunkte (übrige Steine)"},
    "Total": {"en": "Total", "de": "Gesamt"},
    "Bonus": {"en": "Bonus", "de": "Bonus"},
})


@dataclass(frozen=True)
class Board:
    layout: tuple[str, ...]  # as in the spec: one string per row
    cell_mm: float
    large_cell_mm: float = 16.0  # field edge of the large board printed over two sheets

    @property
    def height(self) -> int:
        return len(self.layout)

    @property
    def width(self) -> int:
        return len(self.layout[0])

    def kind(self, cell: Cell) -> str:
        row, col = cell
        if 0 <= row < self.height and 0 <= col < self.width:
            return self.layout[row][col]
        return NO_FIELD

    def _cells(self, kinds: str) -> tuple[Cell, ...]:
        return tuple((r, c) for r, line in enumerate(self.layout) for c, ch in enumerate(line) if ch in kinds)

    @property
    def fields(self) -> tuple[Cell, ...]:
        """Every cell a tile may cover, in reading order."""
        return self._cells(NORMAL + DOUBLE + START)

    @property
    def doubles(self) -> tuple[Cell, ...]:
        """The bright x2 fields as printed (the start field is listed separately)."""
        return self._cells(DOUBLE)

    @property
    def start(self) -> Cell:
        return self._cells(START)[0]

    @property
    def size_mm(self) -> tuple[float, float]:
        return (self.width * self.cell_mm, self.height * self.cell_mm)


@dataclass(frozen=True)
class Tiles:
    counts: tuple[tuple[int, int], ...]  # (pips, how many), pips ascending
    size_mm: float
    clearance_mm: float = 1.0  # board.cell_mm - size_mm: the play a tile has on its field

    @property
    def total(self) -> int:
        return sum(n for _, n in self.counts)

    def bag(self) -> list[int]:
        """Every tile's pip value, sorted; the game shuffles a copy."""
        return [pips for pips, n in self.counts for _ in range(n)]


@dataclass(frozen=True)
class Players:
    min: int
    max: int
    check: tuple[int, ...]


@dataclass(frozen=True)
class Rules:
    first_turn_tiles: int
    tiles_per_turn: int
    max_row_sum: int
    points: tuple[tuple[int, int], ...]  # (row sum, points), sum ascending
    start_is_double: bool
    bonus_doubled: bool
    double_incomplete_rows: bool

    @property
    def scoring_sums(self) -> tuple[int, ...]:
        return tuple(s for s, _ in self.points)

    def points_for(self, row_sum: int) -> int:
        return dict(self.points).get(row_sum, 0)


@dataclass(frozen=True)
class SheetColumn:
    key: str  # "x2", "10", "11", "12", "bonus", "total"
    label: PrintedText  # printed heading, e.g. "12 (4)"


@dataclass(frozen=True)
class Sheet:
    """The printed score sheet: the score block draws exactly this, the engine fills exactly this."""

    rows: int
    bonus: tuple[int, ...]  # printed bonus of sheet row i (rows past the sequence have none)
    scoring_sums: tuple[int, ...]
    points: tuple[int, ...]  # points per row of each scoring sum, same order
    header: tuple[PrintedText, ...]
    cross_label: PrintedText
    bonus_label: PrintedText
    total_label: PrintedText
    minus_label: PrintedText
    grand_total_label: PrintedText
    sheets_per_page: int

    @property
    def columns(self) -> tuple[SheetColumn, ...]:
        sums = tuple(SheetColumn(str(s), PrintedText.same(f"{s} ({p})")) for s, p in zip(self.scoring_sums, self.points,
                                                                        strict=True))
        return (SheetColumn("x2", self.cross_label), *sums, SheetColumn("bonus", self.bonus_label),
                SheetColumn("total", self.total_label))

    def bonus_of_row(self, row: int) -> int:
        return self.bonus[row] if row < len(self.bonus) else 0


@dataclass(frozen=True)
class Check:
    player: str
    max_overflow_share: float
    balance: BalanceLimits = field(default_factory=BalanceLimits)


@dataclass(frozen=True)
class ZatreModel:
    title: PrintedText
    board: Board
    tiles: Tiles
    players: Players
    rules: Rules
    sheet: Sheet
    check: Check
    source: str  # the spec file, for messages
    box: BoxSettings = field(default_factory=BoxSettings)  # the spec's [box]


def load(path: Path | None = None) -> ZatreModel:
    path = path or template_path("zatre")
    root = Fields.load(path)
    game = root.table("game")
    title = game.printed("title", "Zatre")
    game.finish()
    board = _board(root.table("board"))
    tiles = _tiles(root.table("tiles"), board)
    players = _players(root.table("players"))
    rules = _rules(root.table("rules"), tiles)
    _check_room(board, tiles, rules, path)
    sheet = _sheet(root.table("sheet"), rules)
    check_fields = root.table("check", required=False)
    check = Check(player=check_fields.choice("player", PLAYER_KINDS, "greedy"),
                  max_overflow_share=check_fields.opt("max_overflow_share", float, 0.01, in_range(0, 1)),
                  balance=read_limits(check_fields, max_seat_advantage=0.1))
    check_fields.finish()
    box = read_box_settings(root.table("box", required=False))
    root.finish()
    model = ZatreModel(title, board, tiles, players, rules, sheet, check, str(path), box)
    return model


def _board(f: Fields) -> Board:
    layout = f.req("layout", list)
    if not layout:
        raise f.error("layout", "must list at least one row")
    if len(layout) > MAX_BOARD_CELLS:
        raise f.error("layout", f"at most {MAX_BOARD_CELLS} rows; got {len(layout)}")
    for index, line in enumerate(layout):
        if not isinstance(line, str):
            raise f.error(f"layout[{index}]", f"must be a string, not {line!r}")
        if len(line) > MAX_BOARD_CELLS:
            raise f.error(f"layout[{index}]", f"at most {MAX_BOARD_CELLS} cells per row; got {len(line)}")
        if len(line) != len(layout[0]):
            raise f.error(f"layout[{index}]", f"has {len(line)} cells, row 0 has {len(layout[0])}")
        bad = sorted(set(line) - set(LAYOUT_CHARS))
        if bad:
            raise f.error(f"layout[{index}]", f"unknown cell {bad[0]!r}; use one of # . D S")
    starts = sum(line.count(START) for line in layout)
    if starts != 1:
        raise f.error("layout", f"needs exactly one start field 'S', found {starts}")
    cell = f.req("cell_mm", float, in_range(1, MAX_CELL_MM))
    large = f.opt("large_cell_mm", float, max(cell, 16.0), in_range(1, MAX_CELL_MM))
    if large < cell:
        raise f.error("large_cell_mm", f"must be at least cell_mm ({cell}): it is the larger board")
    board = Board(tuple(layout), cell, large)
    f.finish()
    _check_connected(board, f)
    return board


def _check_connected(board: Board, f: Fields) -> None:
    """Every field must be reachable from the start, or some fields could never be played."""
    fields = set(board.fields)
    seen = {board.start}
    todo = [board.start]
    while todo:
        r, c = todo.pop()
        for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if cell in fields and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    if len(seen) != len(fields):
        lone = min(fields - seen)
        raise f.error("layout", f"field {lone} is not connected to the start field")


def _check_room(board: Board, tiles: Tiles, rules: Rules, path: Path) -> None:
    """A board too small to play is refused: it must hold the first turn's tiles, and a straight line
    of fields long enough for the lowest scoring sum with the highest tiles (10 with 6 pips: two)."""
    fields = set(board.fields)
    if len(fields) < rules.first_turn_tiles:
        count = f"{len(fields)} field{'' if len(fields) == 1 else 's'}"
        raise SpecError(path, "board.layout", f"a board of {count} is too small to play: at least "
                        f"{rules.first_turn_tiles} fields, room for the first turn's {rules.first_turn_tiles} "
                        "tiles (rules.first_turn_tiles)")
    top = max(pips for pips, _ in tiles.counts)
    lowest = rules.points[0][0]
    need = -(-lowest // top)
    longest = 0
    for r, c in fields:
        for dr, dc in ((0, 1), (1, 0)):
            if (r - dr, c - dc) in fields:
                continue  # not where a line begins
            length = 1
            while (r + dr * length, c + dc * length) in fields:
                length += 1
            longest = max(longest, length)
    if longest < need:
        raise SpecError(path, "board.layout", f"no straight line of {need} fields, the fewest tiles of at most "
                        f"{top} pips that reach the lowest scoring sum, {lowest} (rules.points); the longest "
                        f"line has {longest}")


def _int_keys(f: Fields, key: str, low: int, high: int) -> tuple[tuple[int, int], ...]:
    table = f.req(key, dict)
    pairs = []
    for name, value in table.items():
        where = f"{key}.{name}"
        if not name.isdigit() or not low <= int(name) <= high:
            raise f.error(where, f"key must be a whole number from {low} to {high}")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise f.error(where, f"must be a whole number 0 or more, not {value!r}")
        pairs.append((int(name), value))
    if not pairs:
        raise f.error(key, "must not be empty")
    return tuple(sorted(pairs))


def _tiles(f: Fields, board: Board) -> Tiles:
    size = f.req("size_mm", float, positive)
    if size >= board.cell_mm:
        raise f.error("size_mm", f"must be smaller than board.cell_mm ({board.cell_mm}) to leave clearance")
    counts = _int_keys(f, "counts", 1, 6)
    f.finish()
    tiles = Tiles(counts, size, board.cell_mm - size)
    if tiles.total < 3:
        raise f.error("counts", "needs at least 3 tiles")
    if tiles.total > MAX_TILES:
        raise f.error("counts", f"at most {MAX_TILES:,} tiles in all; got {tiles.total:,}")
    return tiles


def _players(f: Fields) -> Players:
    low = f.req("min", int, in_range(1, 8))
    high = f.req("max", int, in_range(low, 8))
    check = f.req("check", list)
    for index, n in enumerate(check):
        if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= high:
            raise f.error(f"check[{index}]", f"must be a player count from {low} to {high}, not {n!r}")
    if not check:
        raise f.error("check", "must name at least one player count")
    f.finish()
    return Players(low, high, tuple(check))


def _rules(f: Fields, tiles: Tiles) -> Rules:
    first = f.req("first_turn_tiles", int, in_range(1, 6))
    per_turn = f.req("tiles_per_turn", int, in_range(1, 6))
    if first > tiles.total:
        raise f.error("first_turn_tiles", f"more than the {tiles.total} tiles in the set")
    max_sum = f.req("max_row_sum", int, in_range(2, 36))
    points = _int_keys(f, "points", 2, 36)
    for row_sum, value in points:
        if row_sum > max_sum:
            raise f.error(f"points.{row_sum}", f"row sum above max_row_sum ({max_sum}) can never be made")
        if not 0 < value <= MAX_POINTS:
            raise f.error(f"points.{row_sum}", f"must be from 1 to {MAX_POINTS}, not {value}")
    # A tile on a double field needs a scoring row; a later tile of the turn may lengthen that row.
    # It must still score then, or the turn's own next tile could void the first: so every sum from
    # the lowest scoring one up to max_row_sum must score.
    missing = [s for s in range(points[0][0], max_sum + 1) if s not in dict(points)]
    if missing:
        raise f.error("points", f"no points for a row of {', '.join(map(str, missing))}: the scoring sums must "
                                f"run without a gap up to max_row_sum ({max_sum})")
    rules = Rules(first, per_turn, max_sum, points,
                  start_is_double=f.opt("start_is_double", bool, False),
                  bonus_doubled=f.opt("bonus_doubled", bool, True),
                  double_incomplete_rows=f.opt("double_incomplete_rows", bool, True))
    f.finish()
    return rules


def _sheet(f: Fields, rules: Rules) -> Sheet:
    rows = f.req("rows", int, in_range(1, 200))
    bonus = f.req("bonus", list)
    for index, value in enumerate(bonus):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_POINTS:
            raise f.error(f"bonus[{index}]", f"must be a whole number from 0 to {MAX_POINTS}, not {value!r}")
    if len(bonus) > rows:
        raise f.error("bonus", f"has {len(bonus)} values but the sheet has only {rows} rows")
    header = f.printed_list("header", ["Player", "Date", "Game"], SHEET_WORDS)
    if len(header) > MAX_HEADER_FIELDS:
        raise f.error("header", f"at most {MAX_HEADER_FIELDS} fields; got {len(header)}")
    sheet = Sheet(
        rows=rows, bonus=tuple(bonus), scoring_sums=rules.scoring_sums,
        points=tuple(p for _, p in rules.points), header=header,
        cross_label=f.printed("cross_label", "x2", SHEET_WORDS),
        bonus_label=f.printed("bonus_label", "Bonus", SHEET_WORDS),
        total_label=f.printed("total_label", "Σ", SHEET_WORDS),
        minus_label=f.printed("minus_label", "minus (tiles left)", SHEET_WORDS),
        grand_total_label=f.printed("grand_total_label", "Total", SHEET_WORDS),
        sheets_per_page=f.opt("sheets_per_page", int, 2, in_range(1, 16)),
    )
    f.finish()
    return sheet
