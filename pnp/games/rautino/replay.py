"""Replay game records through an independent validator and print them move by move.

The validator shares nothing with the engine but the model and the grid geometry: it keeps the
board as a dict of cells to colour names and recomputes every rule from the text of the rules
(which cells a stone may cover, edge contacts, shapes formed, points), so an engine bug cannot
hide behind itself.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from pnp.check import replay as driver
from pnp.check.protocol import plural
from pnp.check.replay import InvalidRecord, Items, NotThisSpec, Optional, Switch
from pnp.geometry import trigrid as tg

from .kit.texts import shape_name
from .model import PlayerRules, RautinoModel

Cell = tg.Cell


def grid_name(cell: Cell) -> str:
    """A triangle as a record names it: its grid coordinates."""
    return f"cell {list(cell)}"


class Referee:
    """The rules, applied to a board kept as {cell: colour name}. Its reasons name a triangle by
    `name` (the record's coordinates unless the caller names them its own way: the play table by place)."""

    def __init__(self, model: RautinoModel, players: int, name: Callable[[Cell], str] = grid_name) -> None:
        self.name = name
        self.model = model
        self.rules: PlayerRules = model.rules_for(players)
        self.joker = model.joker.name
        self.board_cells = model.board.cell_set
        self.on_board: dict[Cell, str] = {}
        self.sticking_out: dict[Cell, str] = {}  # joker triangles outside the board

    def colour_at(self, cell: Cell) -> str | None:
        return self.on_board.get(cell) or self.sticking_out.get(cell)

    def why_illegal(self, cells: tuple[Cell, Cell], colours: tuple[str, str]) -> str | None:
        """None when the placement is legal, else the rule it breaks."""
        first, second = cells
        if first == second:
            return f"both triangles of the stone lie on {self.name(first)}"
        covers = 0
        for cell, colour in zip(cells, colours, strict=True):
            if cell not in self.board_cells:
                # Only a triangle beside the board can stick out (its partner lies on the board).
                if not self.rules.joker_overhang or not any(n in self.board_cells for n in tg.neighbours(cell)):
                    return f"{self.name(cell)} is off the board"
                if colour != self.joker:
                    return f"only a joker triangle may stick out of the board ({colour} on {self.name(cell)})"
                if cell in self.sticking_out:
                    return f"{self.name(cell)} off the board is taken by another joker"
                continue
            here = self.on_board.get(cell)
            if here is None:
                continue
            if here != self.joker or not self.rules.joker_overbuild:
                return f"{self.name(cell)} is taken"
            if colour == self.joker:
                return f"a joker may be covered only by a colour triangle (joker on {self.name(cell)})"
            covers += 1
        if all(c not in self.board_cells for c in cells):
            return "the stone must lie on the board"
        if not tg.shares_edge(first, second):
            return "a stone covers two triangles that share an edge"
        if covers == 2 and not self.model.overbuild_both_triangles:
            return "only one triangle of a stone may cover a joker"
        touching = matching = 0
        for cell, colour, partner in ((first, colours[0], second), (second, colours[1], first)):
            for neighbour in tg.neighbours(cell):
                other = None if neighbour == partner else self.colour_at(neighbour)
                if other is None:
                    continue
                touching += 1
                if other == colour or self.joker in (other, colour):
                    matching += 1
                elif self.model.matching == "strict":
                    return (f"{colour} on {self.name(cell)} touches {other} on {self.name(neighbour)} "
                            "(strict matching: every touching edge must match)")
        if touching == 0:
            return "the stone must touch a placed stone along an edge"
        if matching == 0:
            return "at least one touching edge must match in colour"
        return None

    def shapes_formed(self, cells: tuple[Cell, Cell],
                      colours: tuple[str, str]) -> list[tuple[str, list[Cell], int, int]]:
        """(shape name, cells, colours, points) of the shapes the placement forms (before it is laid)."""
        # Ruling: a joker sticking out of the board is part of the shapes it completes.
        overhang = self.model.overhanging_joker_shapes_score
        after = {**self.on_board, **self.sticking_out} if overhang else dict(self.on_board)
        new_on_board = []
        for cell, colour in zip(cells, colours, strict=True):
            if cell in self.board_cells or overhang:
                after[cell] = colour
                new_on_board.append(cell)
        found = []
        for shape in self.model.shapes:
            for instance in self._instances_through(shape.orientations, new_on_board, self.board_cells | set(after)):
                if not all(c in after for c in instance):
                    continue
                if all(c in self.on_board or c in self.sticking_out for c in instance) \
                        and not self.model.rescore_overbuilt_shapes:
                    continue  # it was complete before this stone
                inside = sum(1 for c in new_on_board if c in instance)
                if not shape.accepts_new_cells(inside):
                    continue
                distinct = {after[c] for c in instance} - {self.joker}
                points = shape.points_for(max(1, len(distinct)))
                if points is not None:
                    found.append((shape.name, sorted(instance), max(1, len(distinct)), points))
        return found

    def _instances_through(self, orientations: tuple[frozenset[Cell], ...],
                           new: list[Cell], region: set[Cell] | frozenset[Cell]) -> list[frozenset[Cell]]:
        seen: list[frozenset[Cell]] = []
        for shape in orientations:
            for target in new:
                for anchor in shape:
                    dc, dr = target[0] - anchor[0], target[1] - anchor[1]
                    if (dc + dr) % 2:
                        continue  # an odd shift turns up triangles down
                    moved = frozenset((c + dc, r + dr) for c, r in shape)
                    if moved <= region and moved not in seen:
                        seen.append(moved)
        return seen

    def lay(self, cells: tuple[Cell, Cell], colours: tuple[str, str]) -> None:
        for cell, colour in zip(cells, colours, strict=True):
            if cell in self.board_cells:
                self.on_board[cell] = colour
            else:
                self.sticking_out[cell] = colour

    def fits_somewhere(self, stone: tuple[str, str]) -> bool:
        """Brute force: any two edge-adjacent cells on or next to the board, both orders."""
        candidates = set(self.board_cells) | {n for c in self.board_cells for n in tg.neighbours(c)}
        for cell in candidates:
            for other in tg.neighbours(cell):
                if other not in candidates:
                    continue
                if self.why_illegal((cell, other), stone) is None:
                    return True
        return False


STONE = (str, str)
CELL = (int, int)
PLACEMENT = {"player": int, "stone": STONE, "cells": (CELL, CELL), "colours": STONE, "drawn": [STONE],
             "score": {"stone": int, "combo": int, "total": int,
                       "shapes": [{"shape": str, "cells": [CELL], "colours": int, "points": int}]}}
SKIP = {"player": int, "returned": [STONE], "drawn": [STONE]}
SHAPE = {"players": int, "seed": int, "exchanged": Optional(bool), "matching": Optional(str), "stack": [STONE],
         "start": {"stone": STONE, "cells": [CELL]}, "moves": Items("move", Switch("skip", {True: SKIP}, PLACEMENT)),
         "end": str, "final_scores": [int]}



def _stone(raw: Any) -> tuple[str, str]:
    if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(x, str) for x in raw)):
        raise ValueError(f"not a stone: {raw!r}")
    return raw[0], raw[1]


def _key(stone: tuple[str, str]) -> tuple[str, str]:
    return (min(stone), max(stone))


def validate(model: RautinoModel, record: dict[str, Any], out: TextIO | None) -> None:
    players = record["players"]
    if players not in (1, 2):
        raise InvalidRecord(f"players: {plural(players, 'player')}, the game is for 1 or 2")
    if record.get("exchanged") and players != 2:
        raise InvalidRecord(f"exchanged: a deal with the seats' shares exchanged is one of 2 players, not {players}")
    if (record.get("matching") or model.matching) != model.matching:
        raise NotThisSpec(f"setup: record played with {record['matching']} matching, "
                         f"the spec says {model.matching}")
    referee = Referee(model, players)
    rules = referee.rules
    stack = deque(_stone(s) for s in record["stack"])
    if Counter(_key(s) for s in stack) != Counter(_key(s) for s in model.stone_list):
        raise NotThisSpec("setup: the stack is not the spec's stone set")
    start = stack.popleft()
    start_cells = [list(c) for c in model.board.start]
    if start_cells != record["start"]["cells"] or list(start) != record["start"]["stone"]:
        raise InvalidRecord("setup: the first stone of the stack must be the start stone, on the start cells")
    referee.lay(model.board.start, start)
    hands: list[list[tuple[str, str]]] = [[] for _ in range(players)]
    for hand in hands:
        for _ in range(model.hand_size):
            if stack:
                hand.append(stack.popleft())
    scores = model.start_scores(players)
    if out is not None:
        out.write(f"  start: {'/'.join(start)} on {start_cells}"
                  + (f"; seat 1 starts with {scores[0]} points" if any(scores) else "") + "\n")
    player = 0
    moves = record["moves"]
    ended_by_round = False
    for number, move in enumerate(moves, 1):
        where = f"move {number}"
        if move["player"] != player:
            raise InvalidRecord(f"{where}: it is player {player + 1}'s turn, not player {move['player'] + 1}'s")
        hand = hands[player]
        if move.get("skip"):
            if players == 1:
                raise InvalidRecord(f"{where}: a single player never skips; the game ends instead")
            fitting = [s for s in hand if referee.fits_somewhere(s)]
            if fitting:
                raise InvalidRecord(f"{where}: skipped although {'/'.join(fitting[0])} can be placed")
            pool = {s for h in hands for s in h} | set(stack)
            if not any(referee.fits_somewhere(s) for s in pool):
                raise InvalidRecord(f"{where}: no stone in play fits any more, so the game has ended")
            if [list(s) for s in hand] != move["returned"]:
                raise InvalidRecord(f"{where}: a skipping player returns all held stones")
            stack.extend(hand)
            hand.clear()
            drawn = [stack.popleft() for _ in range(min(model.hand_size, len(stack)))]
            hand.extend(drawn)
            if [list(s) for s in drawn] != move["drawn"]:
                raise InvalidRecord(f"{where}: drew stones that are not the top of the stack")
            if out is not None:
                out.write(f"  {number:3d}. player {player + 1}: cannot place, returns "
                          f"{', '.join('/'.join(s) for s in move['returned'])} and draws {len(drawn)}\n")
        else:
            stone = _stone(move["stone"])
            if stone not in hand:
                raise InvalidRecord(f"{where}: stone {'/'.join(stone)} is not in player {player + 1}'s hand")
            cells = tuple(tuple(c) for c in move["cells"])
            colours = _stone(move["colours"])
            if len(cells) != 2 or sorted(colours) != sorted(stone):
                raise InvalidRecord(f"{where}: the colours laid must be the stone's two colours")
            reason = referee.why_illegal(cells, colours)  # type: ignore[arg-type]
            if reason:
                raise InvalidRecord(f"{where}: {reason}")
            formed = referee.shapes_formed(cells, colours)  # type: ignore[arg-type]
            combo = rules.combo_bonus * (len(formed) - 1) if formed else 0
            total = rules.stone_point + sum(f[3] for f in formed) + combo
            score = move["score"]
            claimed = sorted((s["shape"], sorted(tuple(c) for c in s["cells"]), s["colours"], s["points"])
                             for s in score["shapes"])
            if claimed != sorted(formed):
                raise InvalidRecord(f"{where}: shapes scored {_shape_text(model, claimed)}, "
                                 f"the rules give {_shape_text(model, formed)}")
            if (score["stone"], score["combo"], score["total"]) != (rules.stone_point, combo, total):
                raise InvalidRecord(f"{where}: score stone {score['stone']} combo {score['combo']} total "
                                 f"{score['total']}, the rules give {rules.stone_point}, {combo}, {total}")
            referee.lay(cells, colours)  # type: ignore[arg-type]
            hand.remove(stone)
            scores[player] += total
            drawn = [stack.popleft()] if stack else []
            hand.extend(drawn)
            if [list(s) for s in drawn] != move["drawn"]:
                raise InvalidRecord(f"{where}: drew a stone that is not the top of the stack")
            if out is not None:
                # The parts add up to the move's points; " + " parts them, as labels hold commas.
                parts = [f"stone {rules.stone_point}"] if rules.stone_point else []
                parts += [f"{_named(model, name)} ({count} colour{'s' if count > 1 else ''}) {points}"
                          for name, _, count, points in formed]
                parts += [f"combo {combo}"] if combo else []
                laid = ", ".join(f"{c} {list(cell)}" for cell, c in zip(cells, colours, strict=True))
                out.write(f"  {number:3d}. player {player + 1}: {'/'.join(stone)} on {laid}: +{total}"
                          f"{' (' + ' + '.join(parts) + ')' if parts else ''}; total {scores[player]}\n")
        if players > 1 and player == players - 1 and not stack:
            ended_by_round = True
            if number != len(moves):
                raise InvalidRecord(f"{where}: the stack is empty and the round is over, the game has ended")
        player = (player + 1) % players
    _check_end(model, record, referee, hands, stack, player, ended_by_round)
    if record["final_scores"] != scores:
        raise InvalidRecord(f"end: final scores {record['final_scores']}, the moves add up to {scores}")
    if out is not None:
        out.write(f"  end: {record['end']}; scores {', '.join(map(str, scores))}\n")


def _check_end(model: RautinoModel, record: dict[str, Any], referee: Referee,
               hands: list[list[tuple[str, str]]], stack: deque[tuple[str, str]], player: int,
               ended_by_round: bool) -> None:
    end = record["end"]
    kinds = set(model.stone_list)
    board_full = not any(referee.fits_somewhere(s) for s in kinds)
    if ended_by_round:
        if end != "stack empty":
            raise InvalidRecord(f"end: the stack ran out at the end of a round, but the record says {end!r}")
        return
    hand = hands[player]
    if end == driver.ABANDONED:
        # Left by its players: only where the one on turn still had a stone to place (the rules
        # skip or end the game otherwise, with no one to decide).
        if not any(referee.fits_somewhere(s) for s in hand):
            raise InvalidRecord(f"end: 'abandoned' but player {player + 1} had no stone to place, "
                                "so the rules went on without a decision")
    elif end == "all stones placed":
        if hand or stack or len(hands) > 1:
            raise InvalidRecord("end: 'all stones placed' but stones are left")
    elif end == "board full":
        if not board_full:
            raise InvalidRecord("end: 'board full' but a stone of the set still fits")
    elif end == "hand blocked":
        if len(hands) > 1 or any(referee.fits_somewhere(s) for s in hand) or board_full:
            raise InvalidRecord("end: 'hand blocked' but a held stone fits (or the board is full)")
    elif end == "no stone fits":
        pool = {s for h in hands for s in h} | set(stack)
        if len(hands) == 1 or any(referee.fits_somewhere(s) for s in pool) or board_full:
            raise InvalidRecord("end: 'no stone fits' but a stone in play still fits (or the board is full)")
    else:
        raise InvalidRecord(f"end: {end!r} is no end of the game here")


# The replay speaks English, as the check does: a shape by its English label. The record keeps the
# spec's name; a name the spec does not know is printed as the record writes it.
LANG = "en"


def _named(model: RautinoModel, name: str) -> str:
    shape = next((s for s in model.shapes if s.name == name), None)
    return shape_name(shape, LANG) if shape is not None else name


def _shape_text(model: RautinoModel, shapes: list[Any]) -> str:
    """'[big triangle 2; hexagon, both triangles 6]': the labels hold commas, so semicolons part them."""
    return "[" + "; ".join(f"{_named(model, s[0])} {s[3]}" for s in shapes) + "]" if shapes else "nothing"


REPLAY = driver.Replay("rautino", SHAPE, validate)


def replay(model: RautinoModel, path: Path, out: TextIO) -> int:
    return driver.replay(REPLAY, model, path, out)
