"""The Triomino model: the tile set, hand sizes, rule presets and check thresholds, from the spec.

Everything the printed kit needs (tiles with their clockwise numbers, number range, tile side in
mm) and everything the engine needs (presets) comes from here, so a printed set and a checked
set can never differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from pnp.check.limits import BalanceLimits, read_limits
from pnp.components.boxspec import BoxSettings, read_box_settings
from pnp.i18n import PrintedText
from pnp.spec import Fields, TextRoom, check_printed, in_range, positive, printed_text, template_path

from .options import PRESET_NAMES

Numbers = tuple[int, int, int]


@dataclass(frozen=True)
class Tile:
    """One triangular tile; `numbers` read clockwise from any corner."""

    index: int
    numbers: Numbers

    @property
    def total(self) -> int:
        return sum(self.numbers)

    @property
    def is_triple(self) -> bool:
        return self.numbers[0] == self.numbers[1] == self.numbers[2]

    @property
    def label(self) -> str:
        return "-".join(map(str, self.numbers))


@dataclass(frozen=True)
class Rules:
    """One rule preset; field names are the spec's keys under [presets.NAME]."""

    name: str
    label: PrintedText  # the preset's printed name in each kit language
    corner_contacts_must_match: bool
    start_bonus: int
    start_bonus_zero_triple: int
    start_bonus_without_triple: int
    # The holder of 0-0-0 may open with it (for start_bonus_zero_triple) instead of the highest
    # triple opening; a computer player does when that scores more than the opening it replaces.
    zero_triple_may_open: bool
    bridge_bonus: int
    bridge_corner_must_match: bool
    hexagon_bonuses: tuple[int, int, int]
    draw_limit: int
    draw_penalty: int
    last_draw_penalty: int
    last_draw_penalty_is: str  # "total" | "extra"
    failed_draw_penalty: int
    empty_pool_pass_penalty: int
    going_out_bonus: int
    going_out_collects_hands: bool
    blocked_round_scoring: str  # "none" | "lowest_collects"
    blocked_needs_empty_pool: bool  # a round without placements ends the round only with an empty pool
    target_score: int
    max_rounds: int

    def draw_penalty_for(self, draws: int) -> int:
        """Total penalty of one turn's `draws` draws (before any failed-draw penalty)."""
        if draws <= 0:
            return 0
        if draws < self.draw_limit:
            return draws * self.draw_penalty
        if self.last_draw_penalty_is == "total":
            return self.last_draw_penalty
        return (self.draw_limit - 1) * self.draw_penalty + self.last_draw_penalty

    def hexagon_bonus(self, hexagons: int) -> int:
        return self.hexagon_bonuses[hexagons - 1] if hexagons else 0


SEED_RULES = Rules(
    name="seed", label=printed_text("seed", "label", None, PRESET_NAMES),
    corner_contacts_must_match=False, start_bonus=10, start_bonus_zero_triple=40,
    start_bonus_without_triple=0, zero_triple_may_open=False, bridge_bonus=40, bridge_corner_must_match=True,
    hexagon_bonuses=(50, 60, 70), draw_limit=3, draw_penalty=5, last_draw_penalty=25,
    last_draw_penalty_is="total", failed_draw_penalty=0, empty_pool_pass_penalty=0, going_out_bonus=0,
    going_out_collects_hands=False, blocked_round_scoring="none", blocked_needs_empty_pool=False,
    target_score=0, max_rounds=1,
)
CLASSIC_RULES = Rules(
    name="classic", label=printed_text("classic", "label", None, PRESET_NAMES),
    corner_contacts_must_match=True, start_bonus=10, start_bonus_zero_triple=40,
    start_bonus_without_triple=0, zero_triple_may_open=True, bridge_bonus=40, bridge_corner_must_match=True,
    hexagon_bonuses=(50, 100, 150), draw_limit=3, draw_penalty=5, last_draw_penalty=5,
    last_draw_penalty_is="extra", failed_draw_penalty=10, empty_pool_pass_penalty=10, going_out_bonus=25,
    going_out_collects_hands=True, blocked_round_scoring="lowest_collects", blocked_needs_empty_pool=True,
    target_score=400, max_rounds=40,
)
BUILT_IN_PRESETS = {"seed": SEED_RULES, "classic": CLASSIC_RULES}
STRATEGIES = ("greedy", "random", "mixed")
# Upper limits, about ten times the real game (56 tiles, scores in the hundreds): no designer needs
# more, and the checker stays fast (docs/triomino.md, "Limits").
MAX_TILES = 600
MAX_SCORE = 10_000  # any bonus, penalty or target score
MAX_PRESETS = 20


@dataclass(frozen=True)
class CheckSettings:
    players: tuple[int, ...] = (2, 3, 4)
    strategy: str = "greedy"
    max_blocked_round_share: float = 0.5
    max_mean_draws_per_round: float = 30.0
    balance: BalanceLimits = field(default_factory=lambda: BalanceLimits(max_seat_advantage=0.15))


@dataclass(frozen=True)
class TriominoModel:
    name: PrintedText  # the set's title
    low: int
    high: int
    mirror_tiles: bool
    tiles: tuple[Tile, ...]
    side_mm: float
    hand_size: int
    hand_size_many_players: int
    many_players_above: int
    min_players: int
    max_players: int
    presets: dict[str, Rules] = field(hash=False)
    default_preset: str = "seed"
    check: CheckSettings = CheckSettings()
    source: str = "<template>"
    box: BoxSettings = field(default_factory=BoxSettings)  # the spec's [box]

    def hand_size_for(self, players: int) -> int:
        return self.hand_size_many_players if players > self.many_players_above else self.hand_size

    def rules(self, preset: str | None = None) -> Rules:
        from pnp.errors import PnpError

        name = preset or self.default_preset
        if name not in self.presets:
            raise PnpError(f"triomino: unknown preset {name!r}; choose one of {', '.join(self.presets)}")
        return self.presets[name]

    @property
    def numbers(self) -> range:
        return range(self.low, self.high + 1)


def generate_tiles(low: int, high: int, mirror: bool) -> list[Numbers]:
    """Every multiset a <= b <= c read clockwise ascending; with `mirror` also a-c-b for a < b < c."""
    out: list[Numbers] = []
    for a in range(low, high + 1):
        for b in range(a, high + 1):
            for c in range(b, high + 1):
                out.append((a, b, c))
                if mirror and a < b < c:
                    out.append((a, c, b))
    return out


def load(path: Path | None = None) -> TriominoModel:
    spec_path = path if path is not None else template_path("triomino")
    return from_fields(Fields.load(spec_path))


def from_fields(root: Fields) -> TriominoModel:
    if root.has("name"):  # specs written before [game]
        raise root.error("name", 'the set\'s title is [game] title now; [game] name = "triomino" names the game')
    game = root.table("game", required=False)
    name = game.printed("title", "Triomino")
    game.finish()

    tiles_f = root.table("tiles")
    low = tiles_f.req("low", int, in_range(0, 9))
    high = tiles_f.req("high", int, in_range(0, 9))
    if high < low:
        raise tiles_f.error("high", f"must be at least low ({low})")
    mirror = tiles_f.opt("mirror_tiles", bool, False)
    if tiles_f.has("list"):
        numbers = _tile_list(tiles_f, low, high)
    else:
        tiles_f.opt("list", list, [])
        numbers = generate_tiles(low, high, mirror)
    side_mm = tiles_f.opt("side_mm", float, 40.0, in_range(10, 150))
    tiles_f.finish()

    hands = root.table("hands")
    hand_size = hands.req("size", int, in_range(1, 40))
    many = hands.req("size_many_players", int, in_range(1, 40))
    above = hands.opt("many_players_above", int, 3, in_range(1, 12))
    min_players = hands.opt("min_players", int, 2, in_range(1, 12))
    max_players = hands.opt("max_players", int, 6, in_range(1, 12))
    if max_players < min_players:
        raise hands.error("max_players", f"must be at least min_players ({min_players})")
    hands.finish()

    presets = _presets(root)
    rules_f = root.table("rules", required=False)
    default_preset = rules_f.choice("preset", tuple(presets), "seed")
    rules_f.finish()

    check = _check(root.table("check", required=False), min_players, max_players)
    box = read_box_settings(root.table("box", required=False))
    root.finish()

    tiles = tuple(Tile(i, nums) for i, nums in enumerate(numbers))
    _check_printed_name(root, name, side_mm, box)
    needed = min_players * hand_size if min_players <= above else min_players * many
    if len(tiles) < needed:
        raise root.error("tiles", f"{len(tiles)} tiles cannot fill {min_players} hands")
    return TriominoModel(
        name=name, low=low, high=high, mirror_tiles=mirror, tiles=tiles,
        side_mm=side_mm, hand_size=hand_size, hand_size_many_players=many, many_players_above=above,
        min_players=min_players, max_players=max_players, presets=presets, default_preset=default_preset,
        check=check, source=str(root.path), box=box,
    )


MIN_PRINTED_PT = 3  # the cover and the tile backs shrink the set's name to fit, down to this size


def _check_printed_name(root: Fields, name: PrintedText, side_mm: float, box: BoxSettings) -> None:
    """The set's name must stay readable where the kit shrinks it to fit: across the middle of each
    tile back (0.38 of the side) and on the lid (0.8 of its width)."""
    from pnp.draw.text import pt

    size = pt(MIN_PRINTED_PT)
    rooms = [TextRoom("on the tile backs", 0.38 * side_mm, size, bold=True, upper=True),
             TextRoom("on the cover", 0.8 * min(box.size.length, box.size.width), size, bold=True)]
    check_printed(root.path, "game.title", name, rooms)


def _tile_list(tiles_f: Fields, low: int, high: int) -> list[Numbers]:
    raw = tiles_f.req("list", list)
    if not raw:
        raise tiles_f.error("list", "must name at least one tile")
    if len(raw) > MAX_TILES:
        raise tiles_f.error("list", f"at most {MAX_TILES} tiles; got {len(raw)}")
    out: list[Numbers] = []
    for i, item in enumerate(raw):
        where = f"list[{i}]"
        if not (isinstance(item, list) and len(item) == 3
                and all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
            raise tiles_f.error(where, f"must be three integers [a, b, c], not {item!r}")
        if not all(low <= x <= high for x in item):
            raise tiles_f.error(where, f"numbers must be between {low} and {high}, not {item!r}")
        out.append((item[0], item[1], item[2]))
    return out


def _presets(root: Fields) -> dict[str, Rules]:
    table = root.table("presets", required=False)
    presets = dict(BUILT_IN_PRESETS)
    if len(table.data) > MAX_PRESETS:
        raise root.error("presets", f"at most {MAX_PRESETS} presets; got {len(table.data)}")
    for preset_name in list(table.data):
        sub = table.table(preset_name)
        label = sub.printed("label", preset_name, PRESET_NAMES)  # printed on the rules and sheets
        check_printed(root.path, f"presets.{preset_name}.label" if sub.has("label") else f"presets.{preset_name}",
                      label, [])
        base_name = sub.choice("based_on", tuple(BUILT_IN_PRESETS),
                               preset_name if preset_name in BUILT_IN_PRESETS else "seed")
        presets[preset_name] = _rules(sub, replace(BUILT_IN_PRESETS[base_name], name=preset_name, label=label))
    table.finish()
    return presets


def _rules(f: Fields, base: Rules) -> Rules:
    values: dict[str, Any] = {}
    for spec_field in fields(Rules):
        key = spec_field.name
        default = getattr(base, key)
        if key in ("name", "label"):
            continue
        if key == "hexagon_bonuses":
            bonuses = f.opt(key, list, list(default))
            if len(bonuses) != 3 or not all(isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= MAX_SCORE
                                            for b in bonuses):
                raise f.error(key, f"must be three integers from 0 to {MAX_SCORE} (1, 2, 3 hexagons), not {bonuses!r}")
            values[key] = tuple(bonuses)
        elif key == "last_draw_penalty_is":
            values[key] = f.choice(key, ("total", "extra"), default)
        elif key == "blocked_round_scoring":
            values[key] = f.choice(key, ("none", "lowest_collects"), default)
        elif isinstance(default, bool):
            values[key] = f.opt(key, bool, default)
        elif key in ("draw_limit", "max_rounds"):
            values[key] = f.opt(key, int, default, in_range(0 if key == "draw_limit" else 1, 1000))
        else:
            values[key] = f.opt(key, int, default, _score)
    f.finish()
    return Rules(name=base.name, label=base.label, **values)


def _score(value: int) -> str | None:
    if value < 0:
        return "must be 0 or more"
    return f"must be at most {MAX_SCORE}; got {value}" if value > MAX_SCORE else None


def _check(f: Fields, min_players: int, max_players: int) -> CheckSettings:
    default = CheckSettings()
    players = f.opt("players", list, list(default.players))
    if not players:
        raise f.error("players", "must name at least one player count")
    for count in players:
        is_int = isinstance(count, int) and not isinstance(count, bool)
        if not is_int or not min_players <= count <= max_players:
            raise f.error("players",
                          f"every count must be between {min_players} and {max_players}, not {count!r}")
    settings = CheckSettings(
        players=tuple(players),
        strategy=f.choice("strategy", STRATEGIES, default.strategy),
        max_blocked_round_share=f.opt("max_blocked_round_share", float, default.max_blocked_round_share,
                                      in_range(0, 1)),
        max_mean_draws_per_round=f.opt("max_mean_draws_per_round", float, default.max_mean_draws_per_round,
                                       positive),
        balance=read_limits(f, default.balance.max_seat_advantage, default.balance.min_skill_share),
    )
    f.finish()
    return settings

