"""A Triomino game a person plays: the game's state (`TriominoState`, the one `pnp check` plays) shown
on the kit's table drawing, a click turned into a move. The opening, draws, passes, the ends of the
rounds and of the game, the scores and the computer seats' choices all come from the state, so a
finished game's record is the record `run_game` makes and `pnp replay` checks.

The state is told which seats people play: a person with no tile that fits draws at once, and when a
drawn tile fits it is the only one they may play; a person holding 0-0-0 where the rules let it open
chooses the opening, offered here in words.
"""

from __future__ import annotations

from typing import Any

from pnp.check.replay import ABANDONED
from pnp.draw.scene import Page, stroked
from pnp.draw.text import pt
from pnp.games.state import IllegalMove
from pnp.games.triomino.checker import fit_table
from pnp.games.triomino.engine import START_CELL, Table, cell_at, cell_id, opening_score, oriented, pattern_of
from pnp.games.triomino.kit.art import DIGIT_SIZE, tile_group
from pnp.games.triomino.kit.boardart import OUTLINE, draw_tiles, fit_layout
from pnp.games.triomino.kit.frames import frames
from pnp.games.triomino.kit.report import BOARD_SIDE, LAST_TILE, MARGIN
from pnp.games.triomino.model import TriominoModel
from pnp.games.triomino.players import seat_player
from pnp.games.triomino.state import OPEN_HIGHEST, OPEN_ZERO, TriominoState, chooser_player
from pnp.geometry import trigrid as tg
from pnp.play.seats import HUMAN
from pnp.play.table import OnState, Refused

# A place's corners in the order of its outline's points (pnp.geometry.trigrid.corners), named as seen.
SCREEN_CORNERS_UP = ("top", "lower right", "lower left")
SCREEN_CORNERS_DOWN = ("upper left", "upper right", "bottom")


class TriominoTable(OnState):
    game = "triomino"
    turns = 3  # a tile turns a third at a time
    crop = False  # the table grows with the game: its drawing is sized to it
    overlap = False  # each place is a triangle of its own: the whole triangle takes a click
    mark_mm = DIGIT_SIZE * BOARD_SIDE  # a laid tile's digits
    piece_word = "tile"

    def __init__(self, model: TriominoModel, seats: list[str], seed: int, preset: str | None) -> None:
        self.model = model
        self.seats = seats
        self.rules = model.rules(preset)
        self.tiles = fit_table(model).tiles
        people = [seat for seat, name in enumerate(seats) if name == HUMAN]
        self.state = TriominoState(model, self.rules, len(seats), seed, fit_table(model), people=people)
        # Each computer seat's player made as `run_game` seats it (a search player keeps what it saw).
        self.players = [None if name == HUMAN else chooser_player(seat_player(name)) for name in seats]

    # --- the state, read ---------------------------------------------------------------------

    @property
    def table(self) -> Table:
        return self.state.table

    @property
    def hands(self) -> list[list[int]]:
        return self.state.hands

    @property
    def drawn(self) -> list[int]:
        return self.state.drawn

    @property
    def starter(self) -> int:
        return self.state.starter

    @property
    def phase(self) -> str:
        """"drawn" while the seat on turn may play only the tile it drew, else "hand"."""
        return "drawn" if self.state.drawn else "hand"

    def offered(self) -> list[int]:
        """The tiles the seat on turn may play: its hand, or after a draw only the drawn tile."""
        return self.state.offered()

    # --- moving on ---------------------------------------------------------------------------

    def computer_move(self) -> None:
        player = self.players[self.player]
        assert player is not None, "a person's seat has no computer player"
        self.state.push(player(self.state))

    def move(self, move: dict[str, Any]) -> None:
        """A person's move: {"piece": index among the tiles offered, "turned": 0-2, "place": cell id};
        or at a round's opening the person holding 0-0-0 chooses: {"choice": "zero" or "highest"}."""
        if self.state.opening_choice is not None or "choice" in move:
            if self.state.opening_choice is None:
                raise Refused("choice: there is no opening to choose now")
            return self._push(move.get("choice"))
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
        self._push(chosen)

    def _push(self, move: Any) -> None:
        try:
            self.state.push(move)
        except IllegalMove as exc:  # the state's words: nothing changed
            raise Refused(str(exc)) from None

    def offer(self) -> dict[str, Any] | None:
        """The choice the person holding 0-0-0 has at a round's opening, while it is theirs."""
        choice = self.state.opening_choice
        if choice is None:
            return None
        seat, tile = choice
        numbers = self.tiles[tile]
        highest = opening_score(self.rules, numbers).total
        zero = opening_score(self.rules, (0, 0, 0)).total
        triple = "-".join(map(str, numbers))
        other = f"Open with {triple} for {highest} points" if seat == self.starter else \
            f"Let player {seat + 1} open with {triple} ({highest} points to them)"
        return {"question": "You hold 0-0-0: open the round with it, or with the highest triple?",
                "options": [{"choice": OPEN_ZERO, "label": f"Open with 0-0-0 for {zero} points"},
                            {"choice": OPEN_HIGHEST, "label": other}]}

    def _why(self, tile: int, turned: int, place: int) -> str:
        if place not in self.table.open:
            if any(cell_id(cell) == place for cell, _ in self._placed(self.record())[0]):
                return "this place is taken"
            return "a tile must touch a tile on the table along an edge, where some tile can still fit"
        numbers = oriented(self.tiles[tile], turned)
        needed = pattern_of(self.table.codes[place])
        # The corners as the board shows them: the preview draws the tile's numbers there.
        names = SCREEN_CORNERS_UP if tg.is_up(cell_at(place)) else SCREEN_CORNERS_DOWN
        for name, want, have in zip(names, needed, numbers, strict=True):
            if want >= 0 and want != have:
                return (f"the {name} corner touches a {want}; this tile, turned so, shows {have} there "
                        "(touching corners must match)")
        return "this tile does not fit there turned so"

    # --- what the page shows -----------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        return self.state.record()

    def left_record(self) -> dict[str, Any]:
        """The record of a game its players left before its end, marked so: the round in play
        without an end (a draw of the turn in progress is not part of it); a round dealt but not yet
        opened (a person was choosing its opening) is not played, and the game was left after the one before."""
        record = self.record()
        if record["rounds"] and not record["rounds"][-1]["turns"]:
            record["rounds"] = record["rounds"][:-1]
        return {**record, "end": ABANDONED}

    def moves_made(self) -> int:
        """The number of the last frame: every round's opening and turns, counted from 0."""
        # A finished round's frames: its opening, its turns and its end; the state's turns count the
        # openings and turns (an opening the person may still change is not made yet).
        return self.state.turns + len(self.state.rounds) - 1

    def hand(self, player: int) -> list[dict[str, Any]]:
        # `numbers`: corners 0, 1, 2 of a place (its outline's points in order) when laid unturned;
        # turned n times, corner k shows numbers[(n + k) % 3]. The page's preview draws them.
        return [{"piece": i, "label": f"tile {'-'.join(map(str, self.tiles[t]))}", "image": f"piece/{t}/0.svg",
                 "numbers": list(self.tiles[t])} for i, t in enumerate(self.offered())]

    def pile(self) -> int:
        return len(self.state.draw_pile)

    def ending(self) -> str:
        if not self.over:
            return ""
        target, best, played = self.rules.target_score, max(self.state.totals), len(self.state.rounds)
        rounds = f"{played} round{'s' if played != 1 else ''}"
        if target and best >= target:
            return f"a player reached {target} points after {rounds}"
        return f"{rounds} played, as the rules have it"

    def legend(self) -> list[dict[str, Any]]:
        return []

    def note(self) -> str:
        if self.state.drawn:
            count = len(self.state.drawn)
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
        # Nothing laid yet (a person chooses the opening): room for the opening tile and its neighbours.
        cells = cells or [START_CELL]
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
        """The kit's frames; a person's draws name the tiles drawn (a forced draw happens before the
        page shows that person the hand), a computer's do not: its hand stays hidden."""
        people = {seat for seat, name in enumerate(self.seats) if name == HUMAN}
        return frames(self.model, record, people)

    def sheets(self) -> list[dict[str, Any]]:
        return []


def _index(value: Any, length: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < length
