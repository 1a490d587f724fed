"""Triomino's game state (pnp.games.state): deals, the opening, draws, passes, rounds and the end.

A move is the engine's `Move` (cell, tile, rotation, numbers), or None when no tile the seat may
play fits: `push(None)` draws by the preset's rule until a drawn tile fits (the seat then places that
tile, and only that one) or the limit is reached (a pass, with its penalties). A round ends when a
hand goes out or nobody places for a full round; its bonuses are scored and the next round is dealt
until the preset's target or round limit ends the game. These rules are written here once.

A seat a person plays (`people`) decides one thing more and one thing less. Where the rules let the
holder of 0-0-0 open with it instead of the highest triple and 0-0-0 scores more, a person holding it
chooses: the round waits, dealt and with nothing laid or scored, with the moves OPEN_ZERO and
OPEN_HIGHEST (a seat of the computer opens with the larger score, as `choose_starter` does). And a
person's draw or pass, the one move open to them when no tile fits, is made at once: they are asked
only when they have a choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Any, Literal

from pnp.games.state import IllegalMove, Player, deal_hidden
from pnp.players.view import SeatView, observer, unseen

from .engine import (
    START_CELL,
    Chooser,
    FitTable,
    Move,
    Numbers,
    PlayedGame,
    PlayedRound,
    Score,
    Table,
    TurnPlayed,
    choose_starter,
    deal,
    hand_total,
    opening_score,
    round_end_bonuses,
)
from .model import Rules, TriominoModel

DRAW_OR_PASS = None  # the move of a seat with no tile that fits
OPEN_ZERO, OPEN_HIGHEST = "zero", "highest"  # a person's choice of the round's opening (see the module's note)
OpeningChoice = Literal["zero", "highest"]


class TriominoState:
    """One Triomino game of `players` seats from seed `seed`, under `rules` (see the module's note)."""

    # Seat i is dealt the hand seat seats[i] gets from the seed (the pool is shared, so that is all a seat is
    # dealt): the same deals with the seats renamed. None: as dealt.
    seats: tuple[int, ...] | None = None
    # The seats people play (see the module's note); none: every seat is a program's, as in a check.
    people: frozenset[int] = frozenset()
    # While a person holding 0-0-0 chooses the round's opening: (seat, tile) of the highest triple,
    # the other opening they may choose, and (seat, tile) of 0-0-0; None otherwise.
    opening_choice: tuple[int, int] | None = None
    zero_opening: tuple[int, int] | None = None
    # A sample dealt by `sampler` reads its game's table and round lists until its first push.
    _shared = False

    def __init__(self, model: TriominoModel, rules: Rules, players: int, seed: int, fit: FitTable,
                 seats: Sequence[int] | None = None, people: Collection[int] = ()) -> None:
        self.model, self.rules, self.fit, self.players, self.seed = model, rules, fit, players, seed
        if seats is not None:
            self.seats = tuple(seats)
        if people:
            self.people = frozenset(people)
        # The generator of the deals, and the state it was in after the last deal (None: not read yet,
        # the generator is still in it): a copy deals from a generator of its own made from that state,
        # so that it deals what the game would and leaves the game's deals alone. Only copies read it.
        self._dealer: random.Random | None = random.Random(seed)
        self._deals: tuple[Any, ...] | None = None
        self.rng = random.Random(seed ^ 0x5EED)
        self.totals = [0] * players
        self.rounds: list[PlayedRound] = []
        self.round = 0
        self.last_round = rules.max_rounds
        self.over = False
        self._start_round(*self._deal())
        self._settle()

    @classmethod
    def dealt(cls, fit: FitTable, rules: Rules, hands: list[list[int]], pool: list[int],
              rng: random.Random) -> TriominoState:
        """One round from a given deal (`pool` in draw order), the players drawing from `rng`."""
        state = object.__new__(cls)
        state.model, state.rules, state.fit, state.players, state.seed = None, rules, fit, len(hands), 0
        state._dealer, state._deals, state.rng = None, (), rng
        state.totals, state.rounds, state.round, state.last_round, state.over = [0] * len(hands), [], 0, 1, False
        state._start_round(hands, pool)
        return state

    # --- the protocol ---------------------------------------------------------------------------

    @property
    def turns(self) -> int:
        """Turns of every round, each round's opening included once it is chosen."""
        current = 0 if self.over else 1 + len(self.turn_log) - (self.opening_choice is not None)
        return sum(1 + len(r.turns) for r in self.rounds) + current

    @property
    def reason(self) -> str:
        if not self.over:
            return ""
        last = self.rounds[-1]
        how = "went out" if last.out_player is not None else "blocked"
        return f"round {last.number} {how}, {plural(len(self.rounds), 'round')} played"

    def scores(self) -> list[int]:
        if self.over:
            return list(self.totals)
        return [a + b for a, b in zip(self.totals, self.round_scores, strict=True)]

    def hand(self, seat: int) -> list[int]:
        return self.hands[seat]

    def offered(self) -> list[int]:
        """The tiles the seat to move may play: its hand, or the tile it just drew."""
        return self.drawn[-1:] if self.drawn else self.hands[self.to_move]

    def legal_moves(self) -> list[Any]:
        if self.over:
            return []
        if self.opening_choice is not None:
            return [OPEN_ZERO, OPEN_HIGHEST]
        return self.table.moves(self.offered()) or [DRAW_OR_PASS]

    def push(self, move: Move | OpeningChoice | None) -> None:
        if self._shared:
            self._own_lists()
        if move is None or self.over or self.opening_choice is not None:
            self._push_no_placement(move)
        else:
            self._place(move)
        if self.people:
            self._settle()

    def push_trusted(self, move: Move | OpeningChoice | None) -> None:
        """`push` for a move known to be legal (pnp.games.state, the trusted push): a search's candidate
        or playout move, taken from the table's own moves of the tiles offered. The move is not checked
        (neither the tile nor the place, nor that a seat drawing holds no tile that fits); the draw, the
        pass, the next seat, the round's end and the next deal are applied as `push` applies them."""
        if self._shared:
            self._own_lists()
        if self.over or self.opening_choice is not None:
            self._push_no_placement(move)  # the end, or a person's choice of the opening: as `push`
        elif move is None:
            if not (self.draw_pile and self.rules.draw_limit and self._draw_until_one_fits()):
                self._pass()
        else:
            self._lay(move)
        if self.people:
            self._settle()

    def _push_no_placement(self, move: OpeningChoice | None) -> None:
        if self.over:
            raise IllegalMove("the game is over")
        if self.opening_choice is not None:
            self._choose_opening(move)
        else:
            self._draw_or_pass()

    def _place(self, move: Any) -> None:
        if not isinstance(move, Move):
            raise IllegalMove(f"{move!r} is no move (a placement, or None to draw or pass)")
        drawn, table = self.drawn, self.table
        scored = table._scored  # a move the greedy search just built from this table is legal (`is_legal`, inlined)
        if move[1] not in (drawn[-1:] if drawn else self.hands[self.to_move]) or not (
                (scored is not None and scored[0] is move) or table.is_legal(move)):
            raise IllegalMove(f"player {self.to_move + 1} chose an illegal move: {move}")
        self._lay(move)

    def _lay(self, move: Move) -> None:
        """A legal placement laid and scored, and what follows it: the next seat or the round's end."""
        player, table, drawn = self.to_move, self.table, self.drawn
        hand = self.hands[player]
        cell, tile, _, numbers = move
        scored = table._scored
        if scored is not None and scored[0] is move:
            # The greedy search just built it from this table: bonuses and cell id known.
            _, (bridge, hexagons, hexagon_bonus), cid = scored
            table.place_at(cid, numbers)
        else:
            bridge, hexagons, hexagon_bonus = table.bonuses(move)
            table.place(cell, numbers)
        hand.remove(tile)
        if drawn:
            penalty = self.rules.draw_penalty_for(len(drawn))
            self.draws += len(drawn)
            self.drawn = []  # the record keeps this turn's list
        else:
            penalty = 0
        self.idle = 0
        if bridge:
            self.bridges += 1
        if hexagons:  # a new list: copies share the old one (see `_own_lists`)
            counts = self.hexagon_counts[:]
            counts[hexagons - 1] += 1
            self.hexagon_counts = counts
        total = self.fit.sums[tile] + bridge + hexagon_bonus - penalty
        self.turn_log.append((player, drawn, move, bridge, hexagons, hexagon_bonus, penalty, total))
        self.round_scores[player] += total
        if hand:
            self.to_move = (player + 1) % self.players
        else:
            self.out_player = player
            self._end_round()

    def _draw_or_pass(self) -> None:
        """The move None: draw until a drawn tile fits (the seat then places it), or pass."""
        hand, table = self.hands[self.to_move], self.table
        if self.drawn or (table.unplaceable != self.fit.hand_mask(hand) and table.can_place(hand)):
            raise IllegalMove(f"player {self.to_move + 1} holds a tile that fits: it may not draw or pass")
        if self.draw_pile and self.rules.draw_limit and self._draw_until_one_fits():
            return  # the seat places the drawn tile
        self._pass()

    def copy(self) -> TriominoState:
        other = self._alike()
        other.hands = [hand[:] for hand in self.hands]
        other.draw_pile = self.draw_pile[:]
        other._own_lists()
        return other

    def _alike(self) -> TriominoState:
        """A game sharing every field with this one, dealing its next rounds as this one would."""
        if self._deals is None and self._dealer is not None:  # read once per round, by the first copy
            self._deals = self._dealer.getstate()
        other = object.__new__(TriominoState)
        other.__dict__.update(self.__dict__)
        other._dealer = None
        return other

    def _own_lists(self) -> None:
        """A table and lists of its own in place of those it shares (see `sampler`): those a turn
        changes in place. The others (totals, rounds, the tiles drawn, the hexagon counts) are replaced
        by new lists when they change, so games share them."""
        self.table = self.table.copy()
        self.round_scores, self.turn_log = self.round_scores[:], self.turn_log[:]
        self._shared = False

    def seen(self) -> tuple[int, ...]:
        """The tiles on the table this round: seen by every seat."""
        if self._seen is not None:
            return self._seen
        if self.first is None:  # a person still chooses the opening: nothing laid
            return ()
        return (self.first, *(turn[2][1] for turn in self.turn_log if turn[2] is not None))

    def view(self, seat: int) -> SeatView:
        return SeatView(seat, tuple(map(len, self.hands)), len(self.draw_pile), tuple(self.round_scores),
                        self.seen())

    def sample(self, seat: int, rng: random.Random) -> TriominoState:
        other = self.sampler(seat)(rng)
        other._own_lists()  # its own at once: the game may move on while the sample lives
        return other

    def sampler(self, seat: int) -> Callable[[random.Random], TriominoState]:
        """`sample(seat, rng)` for many generators, the tiles the seat has not seen worked out once
        (pnp.games.state, the sampler). Each sample reads this game's table, scores and round lists
        until its first push, which lays it on copies of its own: a search deals them and copies them
        while the game stands still."""
        hidden = unseen(range(len(self.fit.tiles)), self.seen(), self.hands[seat])
        sizes = [len(h) for h in self.hands]

        def deal(rng: random.Random) -> TriominoState:
            other = self._alike()
            hands, pile = deal_hidden(hidden, sizes, seat, rng)
            hands[seat] = self.hands[seat][:]
            other.hands, other.draw_pile = hands, pile[::-1]  # pop() draws
            other._shared = True
            other.rng = rng  # the sample's own draws
            return other

        return deal

    def record(self) -> dict[str, Any]:
        """The game so far; while it runs, the round in play too, without an end (a draw of the turn in
        progress is not part of it; while a person chooses the opening, the round is dealt and has no turns)."""
        opened = self.over or self.first is not None
        rounds = self.rounds if not opened or self.over else [*self.rounds, self._played(finished=False)]
        record = PlayedGame(self.seed, self.rules.name, rounds, self.scores(), self.fit.tiles).record()
        if not self.over and opened:
            del record["rounds"][-1]["end"]  # the round goes on: it has no end yet
        elif not opened:
            tiles = self.fit.tiles
            record["rounds"].append({
                "starter": self.starter, "round": self.round, "totals": list(self.totals), "turns": [],
                "deal": {"hands": [[[*tiles[t]] for t in hand] for hand in self.dealt_hands],
                         "pool": [[*tiles[t]] for t in self.pool]},
                "scores": [0] * self.players})
        return record

    @classmethod
    def as_seen(cls, table: Table, hand: list[int], rng: random.Random, view: SeatView) -> TriominoState:
        """The round as `view.seat` sees it, holding `hand`, as if it were the last: the hidden tiles are
        blanks of the right number until `sample` deals them. Table and generator are shared, not copied."""
        state = object.__new__(cls)
        state.model, state.rules, state.fit, state.players = None, table.rules, table.fit, len(view.hand_sizes)
        state.rng, state._dealer, state._deals, state.seed, state.table = rng, None, (), 0, table
        state.totals, state.round_scores = [0] * state.players, list(view.scores)
        state.rounds, state.round, state.last_round, state.over, state._seen = [], 1, 1, False, view.seen
        state.hands = [hand[:] if seat == view.seat else [0] * size for seat, size in enumerate(view.hand_sizes)]
        state.draw_pile, state.drawn, state.turn_log = [0] * view.to_draw, [], []
        state.to_move, state.idle, state.out_player = view.seat, 0, None
        state.draws = state.bridges = state.passes = 0
        state.hexagon_counts = [0, 0, 0]
        state.dealt_hands, state.pool, state.starter = [], [], view.seat
        state.first = view.seen[0] if view.seen else None
        state.opening = Score(0)
        return state

    # --- the rules of draws, passes, rounds and the end ------------------------------------------

    def _deal(self) -> tuple[list[list[int]], list[int]]:
        """The next round's deal."""
        generator = self._dealer
        if generator is None:  # a copy
            generator = self._dealer = random.Random()
            generator.setstate(self._deals)
        hands, pool = deal(len(self.fit.tiles), self.players, self.model.hand_size_for(self.players), generator)
        self._deals = None  # the generator has moved on: the next copy reads its state again
        if self.seats is not None:
            hands = [hands[seat] for seat in self.seats]
        return hands, pool

    def _start_round(self, hands: list[list[int]], pool: list[int]) -> None:
        self.round += 1
        self.dealt_hands, self.pool = [list(hand) for hand in hands], pool
        self.draw_pile = list(reversed(pool))  # pop() draws the next tile
        self.draws = self.bridges = self.passes = 0
        self.hexagon_counts = [0, 0, 0]  # turns completing one, two, three hexagons
        self.drawn: list[int] = []
        self._seen: tuple[int, ...] | None = None
        starter, first = choose_starter(hands, self.fit.tiles, self.rules)
        self._set_up(hands, starter)
        if starter in self.people:
            standard = choose_starter(hands, self.fit.tiles)
            if (starter, first) != standard:  # 0-0-0 may open and scores more: the person chooses
                self.opening_choice, self.zero_opening = standard, (starter, first)
                return
        self._open(starter, first)
        self._next()

    def _set_up(self, hands: list[list[int]], to_move: int) -> None:
        """The round dealt from `hands` on a table set up afresh, nothing laid yet."""
        self.hands = hands
        self.table = Table(self.rules, self.fit)
        self.round_scores = [0] * self.players
        self.turn_log: list[TurnPlayed] = []
        self.starter, self.first, self.opening = to_move, None, Score(0)
        self.idle = 0  # turns in a row without a placement
        self.out_player: int | None = None
        self.to_move = to_move

    def _open(self, starter: int, first: int) -> None:
        """The round's opening tile laid by its seat."""
        tiles, hands = self.fit.tiles, self.hands
        self.starter, self.first = starter, first
        hands[starter].remove(first)
        self.table.place(START_CELL, tiles[first])
        self.opening = opening_score(self.rules, tiles[first])
        self.round_scores[starter] += self.opening.total
        self.out_player = None if hands[starter] else starter
        self.to_move = starter

    def _choose_opening(self, choice: Any) -> None:
        """A person's choice of the opening: open with 0-0-0, or let the highest triple open instead."""
        if choice not in (OPEN_ZERO, OPEN_HIGHEST):
            raise IllegalMove("choice: first choose how the round opens: with 0-0-0 (zero) or the highest "
                              "triple (highest)")
        chosen = self.zero_opening if choice == OPEN_ZERO else self.opening_choice
        self.opening_choice = self.zero_opening = None
        assert chosen is not None
        self._open(*chosen)
        self._next()

    def _settle(self) -> None:
        """A person's draw or pass, when no tile of their hand fits, made at once (see the module's note)."""
        while (not self.over and self.to_move in self.people and self.opening_choice is None and not self.drawn
               and not self.table.can_place(self.hands[self.to_move])):
            self._draw_or_pass()

    def _next(self) -> None:
        """The next seat's turn, or the end of the round (and of the game)."""
        self.drawn = []
        if self.out_player is None and self.idle < self.players:
            self.to_move = (self.to_move + 1) % self.players
            return
        self._end_round()

    def _draw_until_one_fits(self) -> bool:
        """Whether a tile drawn by the preset's limit fits (it is the last one drawn)."""
        # A fresh list: the empty one it replaces may be in the log already.
        pile, drawn, hand = self.draw_pile, [], self.hands[self.to_move]
        self.drawn = drawn
        rank_bit, frontier = self.fit.rank_bit, self.table.open.values()
        while pile and len(drawn) < self.rules.draw_limit:
            tile = pile.pop()
            hand.append(tile)
            drawn.append(tile)
            if any(map(rank_bit[tile].__and__, frontier)):  # some open cell takes it (a loop in C)
                return True
        return False

    def _pass(self) -> None:
        rules, drawn = self.rules, self.drawn
        if drawn:
            penalty = rules.draw_penalty_for(len(drawn)) + rules.failed_draw_penalty
        else:  # nothing to draw (a limit of 0 closes the pool)
            penalty = rules.empty_pool_pass_penalty
        self.draws += len(drawn)
        # Blocked: nobody places for a full round (by default also with nothing left to draw).
        self.idle = 0 if self.draw_pile and rules.draw_limit and rules.blocked_needs_empty_pool else self.idle + 1
        self.passes += 1
        self.turn_log.append((self.to_move, drawn, None, 0, 0, 0, penalty, -penalty))
        self.round_scores[self.to_move] -= penalty
        self._next()

    def _played(self, finished: bool) -> PlayedRound:
        """The round as played so far; `finished`: it has ended, with its bonuses."""
        n, tiles, hands = self.players, self.fit.tiles, self.hands
        totals = [hand_total(hand, tiles) for hand in hands]
        bonus = round_end_bonuses(self.rules, totals, self.out_player) if finished else [0] * n
        scores = [s + b for s, b in zip(self.round_scores, bonus, strict=True)]
        played = PlayedRound(self.starter, self.dealt_hands, self.pool, self.first, self.opening,
                             self.turn_log if finished else self.turn_log[:], self.out_player, totals, bonus,
                             len(self.draw_pile), sum(len(h) for h in hands) + len(self.draw_pile), scores,
                             {"draws": self.draws, "bridges": self.bridges,
                              "hexagons": self.hexagon_counts if finished else self.hexagon_counts[:],
                              "passes": self.passes})
        played.number, played.totals = self.round, [a + b for a, b in zip(self.totals, scores, strict=True)]
        return played

    def _end_round(self) -> None:
        played = self._played(finished=True)
        self.totals = list(played.totals or ())
        self.rounds = [*self.rounds, played]  # a new list: copies share the old one (see `_own_lists`)
        target = self.rules.target_score
        if self.round >= self.last_round or (target and max(self.totals) >= target):
            self.over = True
            self.round_scores = [0] * self.players
            return
        self._start_round(*self._deal())


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def chooser_player(choose: Chooser) -> Player:
    """A player of the engine's kind, (table, tiles, rng) -> move or None, playing a state; one that
    plans ahead (with `observe`) is told its seat's view at the start of each turn."""
    observe = observer(choose)

    def play(state: TriominoState) -> Move | None:
        if observe is not None and not state.drawn:
            observe(state.view(state.to_move))
        return choose(state.table, state.offered(), state.rng)

    def play_plain(state: TriominoState) -> Move | None:
        drawn = state.drawn
        return choose(state.table, drawn[-1:] if drawn else state.hands[state.to_move], state.rng)

    return play if observe is not None else play_plain


def run_state(model: TriominoModel, rules: Rules, choosers: Sequence[Chooser], seed: int,
              fit: FitTable, seats: Sequence[int] | None = None) -> TriominoState:
    """One seeded game played by the engine's choosers through the one game loop; `seats`: as
    TriominoState's."""
    from pnp.check.simulate import play_out

    state = TriominoState(model, rules, len(choosers), seed, fit, seats)
    return play_out(state, [chooser_player(c) for c in choosers])  # type: ignore[return-value]


def play_round(tiles: Sequence[Numbers], fit: FitTable, rules: Rules, hands: list[list[int]], pool: list[int],
               choosers: Sequence[Chooser], rng: random.Random) -> PlayedRound:
    """Play one round from a deal; `pool` is in draw order."""
    from pnp.check.simulate import play_out

    state = TriominoState.dealt(fit, rules, hands, pool, rng)
    play_out(state, [chooser_player(c) for c in choosers])
    return state.rounds[0]


def run_game(model: TriominoModel, rules: Rules, choosers: Sequence[Chooser], seed: int,
             fit: FitTable | None = None, seats: Sequence[int] | None = None) -> PlayedGame:
    """One seeded game (one or more rounds); `fit` is the model's FitTable, if one is at hand; `seats`: as
    TriominoState's."""
    state = run_state(model, rules, choosers, seed, fit or FitTable([t.numbers for t in model.tiles]), seats)
    return PlayedGame(seed, rules.name, state.rounds, state.scores(), state.fit.tiles)


def play_game(model: TriominoModel, rules: Rules, choosers: Sequence[Chooser], seed: int,
              fit: FitTable | None = None) -> dict[str, Any]:
    """One seeded game (one or more rounds) -> its record, JSON-ready."""
    return run_game(model, rules, choosers, seed, fit).record()
