"""`pnp replay triomino FILE`: re-check game records from scratch and print them turn by turn.

The validator does not use the engine. It keeps its own board (cell -> number on each corner
point), finds contacts with the plain geometry of `trigrid`, and recomputes every rule directly:
the deal, the opening tile, whether the player could place before drawing, the draws, the
placement's legality, its score with every bonus and penalty, the round end and its scoring.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, TextIO

from pnp.check import replay as driver
from pnp.check.replay import InvalidRecord, Items, NotThisSpec, Optional
from pnp.geometry import trigrid as tg

from .model import Rules, TriominoModel

Tile = tuple[int, int, int]


def _tile(value: Any, what: str) -> Tile:
    if not (isinstance(value, list) and len(value) == 3 and all(isinstance(x, int) for x in value)):
        raise InvalidRecord(f"{what} is not a tile [a, b, c]")
    return value[0], value[1], value[2]


def _turned(tile: Tile) -> Tile:
    return min(tile[i:] + tile[:i] for i in range(3))  # type: ignore[return-value]


class Board:
    """Tiles on the table as numbers on grid points, per cell."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.cells: dict[tg.Cell, dict[tg.Point, int]] = {}

    def problem(self, cell: tg.Cell, numbers: Tile) -> str | None:
        """Why this placement is illegal, or None."""
        if cell in self.cells:
            return f"cell {cell} is already taken"
        mine = dict(zip(tg.corners(cell), numbers, strict=True))
        edge_contacts = 0
        for other, theirs in self.cells.items():
            shared = set(mine) & set(theirs)
            if len(shared) == 2:
                edge_contacts += 1
                if any(mine[p] != theirs[p] for p in shared):
                    return f"the edge shared with the tile at {other} does not match"
            elif len(shared) == 1 and self.rules.corner_contacts_must_match:
                (point,) = shared
                if mine[point] != theirs[point]:
                    return (f"the corner touching the tile at {other} does not match "
                            f"(preset {self.rules.name})")
        if self.cells and not edge_contacts:
            return "the tile touches no tile along an edge"
        return None

    def can_place(self, tiles: list[Tile]) -> bool:
        """Brute force: every empty cell next to the table, every tile, every rotation."""
        candidates = {n for cell in self.cells for n in tg.neighbours(cell) if n not in self.cells}
        for tile in set(tiles):
            for rotation in range(3):
                numbers = (tile[rotation], tile[(rotation + 1) % 3], tile[(rotation + 2) % 3])
                if any(self.problem(cell, numbers) is None for cell in candidates):
                    return True
        return False

    def score(self, cell: tg.Cell, numbers: Tile) -> dict[str, int]:
        """Sum and bonuses of a legal placement, from the tiles already on the table."""
        rules = self.rules
        points = tg.corners(cell)
        hexagons = sum(all(c in self.cells for c in tg.cells_at_point(p) if c != cell) for p in points)
        bridge = 0
        edge_neighbours = [c for c in self.cells if tg.shares_edge(cell, c)]
        if not hexagons and len(edge_neighbours) == 1:
            shared = set(tg.corners(edge_neighbours[0]))
            (far,) = [p for p in points if p not in shared]
            mine = numbers[points.index(far)]
            touching = [c for c in self.cells if far in self.cells[c] and tg.touch_at_point_only(cell, c)]
            if any(not rules.bridge_corner_must_match or self.cells[c][far] == mine for c in touching):
                bridge = rules.bridge_bonus
        hexagon_bonus = rules.hexagon_bonuses[hexagons - 1] if hexagons else 0
        return {"sum": sum(numbers), "bridge": bridge, "hexagons": hexagons, "hexagon_bonus": hexagon_bonus}

    def place(self, cell: tg.Cell, numbers: Tile) -> None:
        self.cells[cell] = dict(zip(tg.corners(cell), numbers, strict=True))


def draw_penalty(rules: Rules, draws: int, placed: bool) -> int:
    if draws == 0:
        return 0
    if draws < rules.draw_limit:
        penalty = draws * rules.draw_penalty
    elif rules.last_draw_penalty_is == "total":
        penalty = rules.last_draw_penalty
    else:
        penalty = (draws - 1) * rules.draw_penalty + rules.last_draw_penalty
    return penalty if placed else penalty + rules.failed_draw_penalty


def opening_bonus(rules: Rules, tile: Tile) -> int:
    if len(set(tile)) == 1:
        return rules.start_bonus_zero_triple if tile == (0, 0, 0) else rules.start_bonus
    return rules.start_bonus_without_triple


def openings(hands: list[list[Tile]], rules: Rules, people: set[int]) -> list[tuple[int, Tile]]:
    """The openings the rules allow: the one `opening` names; and where the holder of 0-0-0 may
    open with it and is a person (`people`: their seats), the other one too, for that person chose."""
    standard = opening(hands, rules, zero=False)
    chosen = opening(hands, rules)
    if chosen != standard and chosen[0] in people:
        return [chosen, standard]
    return [chosen]


def opening(hands: list[list[Tile]], rules: Rules, zero: bool = True) -> tuple[int, Tile]:
    """Seat and tile that open: highest triple, else highest sum, then highest numbers; earlier seat
    (a tile and its mirror tie). With `zero_triple_may_open` (and `zero`), the holder of 0-0-0 opens
    with it instead when that scores more."""
    best: tuple[Any, int, Tile] | None = None
    for seat, hand in enumerate(hands):
        for tile in hand:
            key = (len(set(tile)) == 1, sum(tile), sorted(tile, reverse=True))
            if best is None or key > best[0]:
                best = (key, seat, tile)
    if best is None:
        raise InvalidRecord("nobody holds a tile")
    if zero and rules.zero_triple_may_open:
        holders = [seat for seat, hand in enumerate(hands) if (0, 0, 0) in hand]
        if holders and opening_bonus(rules, (0, 0, 0)) > sum(best[2]) + opening_bonus(rules, best[2]):
            return holders[0], (0, 0, 0)
    return best[1], best[2]


class Replayer:
    def __init__(self, model: TriominoModel, out: TextIO | None) -> None:
        self.model = model
        self.out = out
        self.tile_set = Counter(_turned(t.numbers) for t in model.tiles)
        self.people: set[int] = set()  # the seats a person played (the play table names them): they choose


    def say(self, text: str) -> None:
        if self.out is not None:
            self.out.write(text + "\n")

    def game(self, record: dict[str, Any]) -> None:
        seats = record.get("seats")
        self.people = {i for i, seat in enumerate(seats) if seat == driver.PERSON} if isinstance(seats, list) else set()
        preset = record.get("preset")
        if preset not in self.model.presets:
            raise NotThisSpec(f"preset: {preset!r} is not a preset of this set "
                                f"({', '.join(self.model.presets)})")
        rules = self.model.presets[preset]
        players = record.get("players")
        if not isinstance(players, int) or not self.model.min_players <= players <= self.model.max_players:
            raise InvalidRecord(f"players: {players} is not a player count of the game "
                                f"({self.model.min_players} to {self.model.max_players})")
        rounds = record.get("rounds")
        if not isinstance(rounds, list) or not rounds:
            raise InvalidRecord("the record has no rounds")
        left = driver.abandoned(record)
        if record.get("end") is not None and not left:
            raise InvalidRecord(f"end: {record['end']!r}: a Triomino game ends by its rounds; "
                                f"the only end a record names is {driver.ABANDONED!r}")
        totals = [0] * players
        # A game left between two rounds (the next one dealt, its opening not yet chosen) ends with a whole round.
        between = left and isinstance(rounds[-1], dict) and "end" in rounds[-1]
        for number, round_record in enumerate(rounds, 1):
            if number > 1 and (number - 1 >= rules.max_rounds
                               or (rules.target_score and max(totals) >= rules.target_score)):
                raise InvalidRecord(f"round {number}: the game was already over")
            scores = self.round(rules, players, number, round_record,
                                left and not between and number == len(rounds))
            totals = [a + b for a, b in zip(totals, scores, strict=True)]
        over = len(rounds) >= rules.max_rounds or bool(rules.target_score and max(totals) >= rules.target_score)
        if between and over:
            raise InvalidRecord(f"end: 'abandoned' after round {len(rounds)}, but that round ended the game")
        if left:
            self.say(f"  abandoned {'after' if between else 'in'} round {len(rounds)}")
        elif not over:
            raise InvalidRecord(f"the game ends after round {len(rounds)} although nobody reached the target")
        if record.get("final_scores") != totals:
            raise InvalidRecord(f"final scores {record.get('final_scores')} should be {totals}")
        self.say(f"  final scores: {totals}")

    def round(self, rules: Rules, players: int, number: int, record: dict[str, Any],
              abandoned: bool = False) -> list[int]:
        """The round's scores; `abandoned`: the game was left during this round, which must not
        have ended, and its scores are those of its turns so far."""
        where = f"round {number}"
        deal = record.get("deal") or {}
        hands = [[_tile(t, f"{where}: a dealt tile") for t in hand] for hand in deal.get("hands", [])]
        pool = [_tile(t, f"{where}: a pool tile") for t in deal.get("pool", [])]
        size = self.model.hand_size_for(players)
        if len(hands) != players or any(len(h) != size for h in hands):
            raise InvalidRecord(f"{where}: the deal must give {players} hands of {size} tiles")
        if Counter(_turned(t) for h in hands for t in h) + Counter(_turned(t) for t in pool) != self.tile_set:
            raise NotThisSpec(f"{where}: the deal is not the tile set")
        turns = record.get("turns") or []
        self.say(f" {where}: hands " + " | ".join(" ".join("-".join(map(str, t)) for t in h) for h in hands))

        board = Board(rules)
        scores = [0] * players
        allowed = openings(hands, rules, self.people)
        head = turns[0] if turns else {}
        seat, first = next(((s, t) for s, t in allowed if head.get("player") == s and head.get("tile") == list(t)),
                           allowed[0])
        if head.get("player") != seat or head.get("tile") != list(first) or not head.get("start"):
            raise InvalidRecord(f"{where}, turn 1: player {seat + 1} must open with {'-'.join(map(str, first))}")
        if head.get("cell") != [0, 0] or head.get("rotation") != 0:
            raise InvalidRecord(f"{where}, turn 1: the opening tile lies at cell [0, 0] in rotation 0")
        bonus = opening_bonus(rules, first)
        expected = {"sum": sum(first), "bridge": 0, "hexagons": 0, "hexagon_bonus": 0, "start_bonus": bonus,
                    "penalty": 0, "total": sum(first) + bonus}
        self.compare(f"{where}, turn 1", head.get("score"), expected)
        hands[seat].remove(first)
        board.place((0, 0), first)
        scores[seat] += expected["total"]
        self.say(f"  1. player {seat + 1} opens with {'-'.join(map(str, first))}: {expected['total']}"
                 f" (start bonus {bonus})")

        pile = list(pool)
        player = seat
        idle = 0
        out: int | None = None if hands[seat] else seat
        for index, turn in enumerate(turns[1:], 2):
            at = f"{where}, turn {index}"
            if out is not None or idle >= players:
                raise InvalidRecord(f"{at}: the round had already ended")
            player = (player + 1) % players
            if turn.get("player") != player:
                raise InvalidRecord(f"{at}: it is player {player + 1}'s turn, not player {turn['player'] + 1}'s")
            hand = hands[player]
            draws = [_tile(t, f"{at}: a drawn tile") for t in turn.get("draws", [])]
            placing = turn.get("tile") is not None
            if (draws or not placing) and board.can_place(hand):
                raise InvalidRecord(f"{at}: player {player + 1} could place a tile and must not draw or pass")
            if len(draws) > rules.draw_limit:
                raise InvalidRecord(f"{at}: more than {rules.draw_limit} draws")
            if draws != pile[:len(draws)]:
                raise InvalidRecord(f"{at}: the drawn tiles are not the top of the pool")
            del pile[:len(draws)]
            for k, tile in enumerate(draws):
                last = k == len(draws) - 1
                if not (last and placing) and board.can_place([tile]):
                    raise InvalidRecord(f"{at}: drawn tile {'-'.join(map(str, tile))} fits; drawing must stop")
                hand.append(tile)
            if not placing and len(draws) < rules.draw_limit and pile:
                what = "stopped drawing" if draws else "passed without drawing"
                raise InvalidRecord(f"{at}: player {player + 1} {what} with tiles left in the pool")
            if placing:
                tile = _tile(turn["tile"], f"{at}: the tile")
                if tile not in hand:
                    raise InvalidRecord(f"{at}: player {player + 1} does not hold {'-'.join(map(str, tile))}")
                if draws and tile != draws[-1]:
                    raise InvalidRecord(f"{at}: after drawing only the drawn tile can be placed")
                cell, rotation = turn.get("cell"), turn.get("rotation")
                if not (isinstance(cell, list) and len(cell) == 2 and rotation in (0, 1, 2)):
                    raise InvalidRecord(f"{at}: needs a cell [c, r] and a rotation 0-2")
                target = (cell[0], cell[1])
                numbers = (tile[rotation], tile[(rotation + 1) % 3], tile[(rotation + 2) % 3])
                if (why := board.problem(target, numbers)) is not None:
                    raise InvalidRecord(f"{at}: {why}")
                expected = board.score(target, numbers)
                penalty = draw_penalty(rules, len(draws), placed=True)
                board.place(target, numbers)
                hand.remove(tile)
                idle = 0
                if not hand:
                    out = player
            else:
                expected = {"sum": 0, "bridge": 0, "hexagons": 0, "hexagon_bonus": 0}
                penalty = (draw_penalty(rules, len(draws), placed=False) if draws
                           else rules.empty_pool_pass_penalty)
                idle = 0 if pile and rules.draw_limit and rules.blocked_needs_empty_pool else idle + 1
            expected |= {"start_bonus": 0, "penalty": penalty}
            expected["total"] = expected["sum"] + expected["bridge"] + expected["hexagon_bonus"] - penalty
            self.compare(at, turn.get("score"), expected)
            scores[player] += expected["total"]
            self.say(f"  {index}. {self.describe(turn, expected)}  [player {player + 1}: {scores[player]}]")
        ended = out is not None or idle >= players
        if abandoned:
            if ended:
                raise InvalidRecord(f"{where}: 'abandoned' but the round had ended, and with it the game")
            if record.get("end") is not None:
                raise InvalidRecord(f"{where}: the round was left unfinished and has no end")
            if record.get("scores") != scores:
                raise InvalidRecord(f"{where}: round scores {record.get('scores')} should be {scores} so far")
            return scores
        if not ended:
            raise InvalidRecord(f"{where}: the record stops before the round ended")

        totals = [sum(sum(t) for t in h) for h in hands]
        bonus = [0] * players
        if out is not None:
            bonus[out] = rules.going_out_bonus
            if rules.going_out_collects_hands:
                bonus[out] += sum(totals) - totals[out]
        elif rules.blocked_round_scoring == "lowest_collects":
            for p in range(players):
                if totals[p] == min(totals):
                    bonus[p] = sum(totals) - 2 * totals[p]
        end = record.get("end") or {}
        reason = "out" if out is not None else "blocked"
        if end.get("reason") != reason or end.get("player") != out:
            raise InvalidRecord(f"{where}: the round ended {reason}"
                          + (f" by player {out + 1}" if out is not None else "") + f", not {end.get('reason')}")
        if end.get("hand_totals") != totals or end.get("bonus") != bonus:
            raise InvalidRecord(f"{where}: round-end hands {end.get('hand_totals')} / bonus {end.get('bonus')} "
                          f"should be {totals} / {bonus}")
        scores = [s + b for s, b in zip(scores, bonus, strict=True)]
        if record.get("scores") != scores:
            raise InvalidRecord(f"{where}: round scores {record.get('scores')} should be {scores}")
        self.say(f"  round {number} ends {reason}"
                 + (f" (player {out + 1} goes out)" if out is not None else "")
                 + f"; hands left {totals}, end bonus {bonus}; round scores {scores}")
        return scores

    @staticmethod
    def compare(at: str, recorded: Any, expected: dict[str, int]) -> None:
        if recorded != expected:
            wrong = [k for k in expected if not isinstance(recorded, dict) or recorded.get(k) != expected[k]]
            details = ", ".join(f"{k} {recorded.get(k) if isinstance(recorded, dict) else None} "
                                f"should be {expected[k]}" for k in wrong) or "unexpected fields"
            raise InvalidRecord(f"{at}: wrong score: {details}")

    @staticmethod
    def describe(turn: dict[str, Any], score: dict[str, int]) -> str:
        parts = [f"player {turn['player'] + 1}"]  # people count players from 1; the record from 0
        if turn.get("draws"):
            parts.append("draws " + ", ".join("-".join(map(str, t)) for t in turn["draws"]))
        if turn.get("tile") is None:
            parts.append("passes")
        else:
            parts.append(f"plays {'-'.join(map(str, turn['tile']))} at {tuple(turn['cell'])} "
                         f"rotation {turn['rotation']}")
        detail = [f"{score['sum']}"]
        if score["bridge"]:
            detail.append(f"bridge {score['bridge']}")
        if score["hexagons"]:
            detail.append(f"{score['hexagons']} hexagon(s) {score['hexagon_bonus']}")
        if score["penalty"]:
            detail.append(f"penalty -{score['penalty']}")
        return " ".join(parts) + f": {score['total']} (" + ", ".join(detail) + ")"


TILE = (int, int, int)
SCORE = {"sum": int, "bridge": int, "hexagons": int, "hexagon_bonus": int, "start_bonus": int, "penalty": int,
         "total": int}
TURN = {"player": int, "draws": Optional([TILE]), "tile": Optional(TILE), "cell": Optional((int, int)),
        "rotation": Optional(int), "score": Optional(SCORE)}
ROUND = {"deal": {"hands": [[TILE]], "pool": [TILE]}, "turns": Items("turn", TURN),
         "end": Optional({"reason": str, "player": Optional(int), "hand_totals": [int], "bonus": [int]}),
         "scores": [int]}
SHAPE = {"players": int, "seed": int, "preset": str, "rounds": Items("round", ROUND), "final_scores": [int],
         "end": Optional(str)}


def validate(model: TriominoModel, record: dict[str, Any], out: TextIO | None) -> None:
    Replayer(model, out).game(record)


REPLAY = driver.Replay("triomino", SHAPE, validate)



def replay(model: TriominoModel, path: Path, out: TextIO) -> int:
    return driver.replay(REPLAY, model, path, out)
