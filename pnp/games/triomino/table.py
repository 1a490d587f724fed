"""A Triomino game a person plays: the engine's table, hands and draw pile, moved on one decision at
a time in the order and with the random numbers of `run_game` (a test keeps the two equal): the
opening by the highest tile, draws (only the drawn tile may be played) with their penalties,
passes, the end of each round and the rounds of the preset.

A person with no tile that fits draws at once, as the rules make them; when a drawn tile fits, it
is the only one they may play.
"""

from __future__ import annotations

import random
from typing import Any

from pnp.check.replay import ABANDONED
from pnp.draw.scene import Page, stroked
from pnp.draw.text import pt
from pnp.games.triomino.checker import fit_table
from pnp.games.triomino.engine import (
    START_CELL,
    Move,
    PlayedGame,
    PlayedRound,
    Score,
    Table,
    TurnPlayed,
    cell_at,
    cell_id,
    choose_starter,
    deal,
    hand_total,
    oriented,
    pattern_of,
    round_end_bonuses,
    start_bonus,
)
from pnp.games.triomino.kit.art import tile_group
from pnp.games.triomino.kit.boardart import OUTLINE, draw_tiles, fit_layout
from pnp.games.triomino.kit.frames import frames
from pnp.games.triomino.kit.report import BOARD_SIDE, LAST_TILE, MARGIN
from pnp.games.triomino.model import TriominoModel
from pnp.games.triomino.players import seat_player
from pnp.geometry import trigrid as tg
from pnp.play.seats import HUMAN
from pnp.play.table import Refused
from pnp.players.view import SeatView, observer


class TriominoTable:
    game = "triomino"
    turns = 3  # a tile turns a third at a time
    crop = False  # the table grows with the game: its drawing is sized to it
    overlap = False  # each place is a triangle of its own: the whole triangle takes a click
    piece_word = "tile"

    def __init__(self, model: TriominoModel, seats: list[str], seed: int, preset: str | None) -> None:
        self.model = model
        self.seats = seats
        # Each computer seat's player made as `pnp check` makes it (a search player keeps what it saw).
        self.players = [None if seat == HUMAN else seat_player(seat) for seat in seats]
        self.rules = model.rules(preset)
        self.fit = fit_table(model)
        self.tiles = self.fit.tiles
        self.seed = seed
        self.deal_rng = random.Random(seed)
        self.rng = random.Random(seed ^ 0x5EED)
        self.totals = [0] * len(seats)
        self.rounds: list[PlayedRound] = []
        self.over = False
        self._start_round()
        self._advance()

    # --- a round -----------------------------------------------------------------------------

    def _start_round(self) -> None:
        n = len(self.seats)
        self.hands, self.pool = deal(len(self.tiles), n, self.model.hand_size_for(n), self.deal_rng)
        self.dealt = [list(hand) for hand in self.hands]
        self.draw_pile = list(reversed(self.pool))
        self.round_turns: list[TurnPlayed] = []
        starter, first = choose_starter(self.hands, self.tiles, self.rules)
        # Where the rules let the holder of 0-0-0 open with it instead of the highest triple, a
        # person holding it chooses (the computer seats take the larger score, as `choose_starter`).
        standard = choose_starter(self.hands, self.tiles)
        self.choice = standard if (starter, first) != standard and self.seats[starter] == HUMAN else None
        self._open(starter, first)
        self.stats = {"draws": 0, "bridges": 0, "hexagons": [0, 0, 0], "passes": 0}
        self.idle = 0
        self.phase: str | None = None  # None: between turns; "hand": the seat plays from its hand; "drawn"
        self.drawn: list[int] = []

    def _open(self, starter: int, first: int) -> None:
        """The round's opening tile laid by its seat, on a table set up afresh."""
        self.starter, self.first = starter, first
        self.hands = [list(hand) for hand in self.dealt]
        self.hands[starter].remove(first)
        self.table = Table(self.rules, self.fit)
        self.table.place(START_CELL, self.tiles[first])
        self.opening = Score(sum(self.tiles[first]), start_bonus=start_bonus(self.rules, self.tiles[first]))
        self.round_scores = [0] * len(self.seats)
        self.round_scores[starter] += self.opening.total
        self.player = starter
        self.out_player: int | None = None if self.hands[starter] else starter

    def _played_round(self, finished: bool) -> PlayedRound:
        n = len(self.seats)
        totals = [hand_total(hand, self.tiles) for hand in self.hands]
        bonus = round_end_bonuses(self.rules, totals, self.out_player) if finished else [0] * n
        scores = [s + b for s, b in zip(self.round_scores, bonus, strict=True)]
        played = PlayedRound(self.starter, self.dealt, self.pool, self.first, self.opening, list(self.round_turns),
                             self.out_player, totals, bonus, len(self.draw_pile),
                             sum(len(h) for h in self.hands) + len(self.draw_pile), scores,
                             {**self.stats, "hexagons": list(self.stats["hexagons"])})
        played.number = len(self.rounds) + 1
        played.totals = [a + b for a, b in zip(self.totals, scores, strict=True)]
        return played

    def _end_round(self) -> None:
        played = self._played_round(True)
        self.rounds.append(played)
        self.totals = list(played.totals or self.totals)
        target = self.rules.target_score
        if (target and max(self.totals) >= target) or len(self.rounds) >= self.rules.max_rounds:
            self.over = True
        else:
            self._start_round()

    # --- turns -------------------------------------------------------------------------------

    def _advance(self) -> None:
        """New turns, a person's draws and passes and the ends of rounds, until a seat decides."""
        n = len(self.seats)
        while not self.over and self.choice is None:
            if self.phase is None:
                if self.out_player is not None or self.idle >= n:
                    self._end_round()
                    continue
                self.player = (self.player + 1) % n
                self.drawn = []
                self.phase = "hand"
            if self.seats[self.player] != HUMAN or self.phase == "drawn":
                return
            if self.table.can_place(self.hands[self.player]):
                return
            if self.draw_pile and self.rules.draw_limit:
                while self.draw_pile and len(self.drawn) < self.rules.draw_limit:
                    tile = self.draw_pile.pop()
                    self.hands[self.player].append(tile)
                    self.drawn.append(tile)
                    if self.table.can_place([tile]):
                        self.phase = "drawn"
                        return
            self._conclude(None)

    def offered(self) -> list[int]:
        """The tiles the seat on turn may play: its hand, or after a draw only the drawn tile."""
        return self.drawn[-1:] if self.phase == "drawn" else self.hands[self.player]

    def computer_move(self) -> None:
        chooser = self.players[self.player]
        assert chooser is not None, "a person's seat has no computer player"
        hand = self.hands[self.player]
        observe = observer(chooser)
        if observe is not None:  # a player that plans ahead is told what the seat may know, as in play_round
            seen = (self.first, *(turn[2].tile for turn in self.round_turns if turn[2] is not None))
            observe(SeatView(self.player, tuple(map(len, self.hands)), len(self.draw_pile),
                             tuple(self.round_scores), seen))
        move = chooser(self.table, hand, self.rng)
        if move is None and self.draw_pile and self.rules.draw_limit:
            while self.draw_pile and len(self.drawn) < self.rules.draw_limit:
                tile = self.draw_pile.pop()
                hand.append(tile)
                self.drawn.append(tile)
                move = chooser(self.table, [tile], self.rng)
                if move is not None:
                    break
        self._conclude(move)

    def move(self, move: dict[str, Any]) -> None:
        """A person's move: {"piece": index among the tiles offered, "turned": 0-2, "place": cell id};
        or at a round's opening the person holding 0-0-0 chooses: {"choice": "zero" or "highest"}."""
        if self.choice is not None or "choice" in move:
            return self._choose(move.get("choice"))
        offered = self.offered()
        piece, place, turned = move.get("piece"), move.get("place"), move.get("turned", 0)
        if not _index(piece, len(offered)):
            raise Refused(f"piece: no tile {piece!r} among the tiles player {self.player + 1} may play")
        if not _index(turned, 3):
            raise Refused("turned: 0, 1 or 2 (thirds of a turn)")
        if not isinstance(place, int) or isinstance(place, bool):
            raise Refused(f"place: no place {place!r} on the table")
        tile = offered[piece]
        chosen = next((m for m in self.table.moves([tile]) if cell_id(m.cell) == place and m.rotation == turned), None)
        if chosen is None:
            raise Refused(self._why(tile, turned, place))
        self._conclude(chosen)

    def _choose(self, choice: Any) -> None:
        if self.choice is None:
            raise Refused("choice: there is no opening to choose now")
        if choice not in ("zero", "highest"):
            raise Refused("choice: first choose how the round opens: with 0-0-0 (zero) or the highest triple (highest)")
        if choice == "highest":
            self._open(*self.choice)
        self.choice = None
        self._advance()

    def offer(self) -> dict[str, Any] | None:
        """The choice the person holding 0-0-0 has at a round's opening, while it is theirs."""
        if self.choice is None:
            return None
        seat, tile = self.choice
        numbers = self.tiles[tile]
        highest = sum(numbers) + start_bonus(self.rules, numbers)
        triple = "-".join(map(str, numbers))
        other = f"Open with {triple} for {highest} points" if seat == self.starter else \
            f"Let player {seat + 1} open with {triple} ({highest} points to them)"
        return {"question": "You hold 0-0-0: open the round with it, or with the highest triple?",
                "options": [{"choice": "zero", "label": f"Open with 0-0-0 for {self.opening.total} points"},
                            {"choice": "highest", "label": other}]}

    def _why(self, tile: int, turned: int, place: int) -> str:
        if place not in self.table.open:
            if any(cell_id(cell) == place for cell, _ in self._placed(self.record())[0]):
                return "this place is taken"
            return "a tile must touch a tile on the table along an edge, where some tile can still fit"
        numbers = oriented(self.tiles[tile], turned)
        needed = pattern_of(self.table.codes[place])
        for corner, (want, have) in enumerate(zip(needed, numbers, strict=True)):
            if want >= 0 and want != have:
                return (f"corner {corner + 1} touches a {want}; this tile, turned so, shows {have} there "
                        "(touching corners must match)")
        return "this tile does not fit there turned so"

    def _conclude(self, move: Move | None) -> None:
        """The end of a turn as `play_round` scores it."""
        rules, player, drawn = self.rules, self.player, self.drawn
        if drawn:
            penalty = rules.draw_penalty_for(len(drawn)) + (rules.failed_draw_penalty if move is None else 0)
            self.stats["draws"] += len(drawn)
        else:
            penalty = rules.empty_pool_pass_penalty if move is None else 0
        if move is not None:
            if not self.table.is_legal(move) or move.tile not in (drawn[-1:] if drawn else self.hands[player]):
                raise Refused("that move is not one of the engine's legal moves")  # pragma: no cover
            bridge, hexagons, hexagon_bonus = self.table.bonuses(move)
            self.table.place(move.cell, move.numbers)
            self.hands[player].remove(move.tile)
            self.idle = 0
            self.stats["bridges"] += bool(bridge)
            if hexagons:
                self.stats["hexagons"][hexagons - 1] += 1
            total = self.fit.sums[move.tile] + bridge + hexagon_bonus - penalty
            self.round_turns.append((player, list(drawn), move, bridge, hexagons, hexagon_bonus, penalty, total))
            if not self.hands[player]:
                self.out_player = player
        else:
            self.idle = 0 if self.draw_pile and rules.draw_limit and rules.blocked_needs_empty_pool else self.idle + 1
            self.stats["passes"] += 1
            total = -penalty
            self.round_turns.append((player, list(drawn), None, 0, 0, 0, penalty, total))
        self.round_scores[player] += total
        self.phase = None
        self.drawn = []
        self._advance()

    # --- what the page shows -----------------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        if self.over:
            return list(self.totals)
        return [a + b for a, b in zip(self.totals, self.round_scores, strict=True)]

    def record(self) -> dict[str, Any]:
        rounds = self.rounds if self.over else [*self.rounds, self._played_round(False)]
        record = PlayedGame(self.seed, self.rules.name, rounds, self.scores, self.tiles).record()
        if not self.over:
            del record["rounds"][-1]["end"]  # the round is still being played: it has no end yet
        return record

    def left_record(self) -> dict[str, Any]:
        """The record of a game its players left before its end, marked so: the round in play
        without an end (a draw of the turn in progress is not part of it)."""
        return {**self.record(), "end": ABANDONED}

    def moves_made(self) -> int:
        """The number of the last frame: every round's opening and turns, counted from 0."""
        current = 0 if self.over else 1 + len(self.round_turns)
        # A finished round's frames: its opening, its turns and its end. An opening the person may
        # still change (0-0-0 or the highest triple) is not made yet.
        return sum(2 + len(r.turns) for r in self.rounds) + current - 1 - (self.choice is not None)

    def hand(self, player: int) -> list[dict[str, Any]]:
        return [{"piece": i, "label": f"tile {'-'.join(map(str, self.tiles[t]))}", "image": f"piece/{t}/0.svg"}
                for i, t in enumerate(self.offered())]

    def pile(self) -> int:
        return len(self.draw_pile)

    def ending(self) -> str:
        if not self.over:
            return ""
        target, best = self.rules.target_score, max(self.totals)
        rounds = f"{len(self.rounds)} round{'s' if len(self.rounds) != 1 else ''}"
        if target and best >= target:
            return f"a player reached {target} points after {rounds}"
        return f"{rounds} played, as the rules have it"

    def legend(self) -> list[dict[str, Any]]:
        return []

    def note(self) -> str:
        if self.phase == "drawn":
            count = len(self.drawn)
            return (f"No tile of your hand fitted: you drew {count} tile{'s' if count != 1 else ''}; "
                    "the last one fits and is the one you may play.")
        return ""

    def hints(self, piece: int, turned: int) -> list[int]:
        offered = self.offered()
        if not _index(piece, len(offered)):
            raise Refused(f"piece: no tile {piece!r} among the tiles player {self.player + 1} may play")
        return sorted({cell_id(m.cell) for m in self.table.moves([offered[piece]]) if m.rotation == turned % 3})

    def open_places(self) -> list[int]:
        return sorted(self.table.open)

    def _layout(self, cells: list[tg.Cell]) -> tuple[Page, tg.TriLayout]:
        """The table's page and grid: room for every cell beside a tile, where the next one may go."""
        around = {n for cell in cells for n in tg.neighbours(cell)} | set(cells)
        px0, py0, px1, py1 = tg.bounds(around)
        width, height = (px1 - px0) / 2 * BOARD_SIDE, (py1 - py0) * BOARD_SIDE * tg.SQRT3_2
        page = Page(min(max(width + 2 * MARGIN, 120.0), 1990.0), min(height + 2 * MARGIN + 8.0, 1990.0),
                    label="triomino table")
        grid = fit_layout(list(around), (MARGIN, MARGIN + 8.0, page.width - 2 * MARGIN,
                                         page.height - 2 * MARGIN - 8.0), max_side=BOARD_SIDE)
        return page, grid

    def _placed(self, record: dict[str, Any]) -> tuple[list[tuple[tg.Cell, Any]], list[tg.Cell]]:
        placements, bonus = [], []
        for turn in record["rounds"][-1]["turns"]:
            if turn.get("tile") is None:
                continue
            cell = (turn["cell"][0], turn["cell"][1])
            placements.append((cell, oriented(tuple(turn["tile"]), turn["rotation"])))
            if turn["score"].get("bridge") or turn["score"].get("hexagons"):
                bonus.append(cell)
        return placements, bonus

    def places(self) -> list[dict[str, Any]]:
        placements, _ = self._placed(self.record())
        _, grid = self._layout([cell for cell, _ in placements])
        out = []
        for cid in sorted(self.table.open):
            cell = cell_at(cid)
            out.append({"place": cid, "points": [[round(x, 2), round(y, 2)] for x, y in grid.polygon(cell)],
                        "label": f"place {len(out) + 1}, row {cell[1] + 1}, column {cell[0] + 1}",
                        "free": True})
        return out

    def last_cells(self, record: dict[str, Any]) -> list[list[float]] | None:
        return None  # the board drawing marks the last tile itself

    def board_page(self, record: dict[str, Any]) -> Page:
        placements, bonus = self._placed(record)
        page, grid = self._layout([cell for cell, _ in placements])
        last = record["rounds"][-1]
        # The scores of this frame (the score table's), not those of the round's end.
        scores = ", ".join(str(s) for s in record.get("final_scores") or last.get("totals") or [])
        count = f"{len(placements)} tile{'' if len(placements) == 1 else 's'}"
        page.text(MARGIN, MARGIN + 3.0, f"Round {last.get('round', 1)}: {count} · scores {scores}",
                  pt(9), weight="bold", cls="board-title")
        draw_tiles(page, placements, grid, highlight=bonus, underline_69=self.model.high >= 6)
        if placements:
            page.polygon(grid.polygon(placements[-1][0]), style=stroked(LAST_TILE, 0.8), cls="last-tile")
        return page

    def piece_page(self, a: int, b: int) -> Page:
        if not _index(a, len(self.tiles)) or b != 0:
            raise Refused(f"piece: no tile {a} in this set")
        layout = tg.TriLayout(16.0, 0.5, 0.5)
        page = Page(17.0, layout.height + 1.0, safe_margin=0.25, label=f"tile {'-'.join(map(str, self.tiles[a]))}")
        page.add(tile_group(layout.polygon((0, 0)), self.tiles[a], face="#ffffff", outline=OUTLINE,
                            underline_69=self.model.high >= 6))
        return page

    def frames(self, record: dict[str, Any]) -> list[Any]:
        return frames(self.model, record)

    def sheets(self) -> list[dict[str, Any]]:
        return []


def _index(value: Any, length: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < length
