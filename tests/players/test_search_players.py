"""The search players: the search itself, what a seat may see, levels, and games that replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from hostile_helpers import one_line_error

from pnp import games
from pnp.check.protocol import Configuration, Deal, game_seed
from pnp.check.simulate import play_deal
from pnp.cli import main
from pnp.players.levels import STANDARD_LEVELS, players_of
from pnp.players.search import best_candidate
from pnp.players.view import SeatView, unseen

PRESET = {"triomino": "seed"}


def test_best_candidate_takes_the_highest_mean_over_shared_samples():
    means = [1.0, 3.0, 2.0, 2.9]
    # Sample noise that is the same for every candidate must not change the order.
    noise = [random.Random(s).uniform(-5, 5) for s in range(1000)]
    assert best_candidate(range(4), lambda c, s: means[c] + noise[s], 64) == 1


def test_best_candidate_keeps_the_earlier_of_equal_candidates_and_spends_its_budget():
    calls = []

    def value(candidate: int, sample: int) -> float:
        calls.append((candidate, sample))
        return 1.0

    assert best_candidate(list("abcde"), value, 60) == 0
    assert 30 <= len(calls) <= 60
    assert best_candidate(["only"], value, 60) == 0


def test_unseen_is_a_multiset_difference_in_the_set_order():
    assert unseen([1, 1, 2, 3, 3, 3], seen=[3, 1], hand=[3]) == [1, 2, 3]
    assert unseen(["a", "b"], seen=[], hand=[]) == ["a", "b"]


def test_levels_name_their_players_weakest_first():
    assert players_of(STANDARD_LEVELS, ["expert", "beginner"]) == ("random", "search")
    assert [level.player for level in STANDARD_LEVELS[:3]] == ["random", "greedy", "lookahead"]


class Spy:
    """A search player that also checks what its seat is told before every move."""

    def __init__(self, inner, every: list, check) -> None:
        self.inner, self.every, self.check, self.views = inner, every, check, []

    def observe(self, view: SeatView) -> None:
        self.views.append(view)
        self.inner.observe(view)

    def __call__(self, board, hand, rng):
        if self.views and self.views[-1] is not None:
            self.check(self.views[-1], unseen(self.every, self.views[-1].seen, hand))
            self.views.append(None)  # a second call in a turn (a drawn tile) is told nothing new
        return self.inner(board, hand, rng)


def _hidden_matches(view: SeatView, hidden: list) -> None:
    others = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
    assert len(hidden) == others + view.to_draw  # exactly the other hands and the stack, nothing seen


def test_rautino_seat_view_hides_exactly_the_other_hand_and_the_stack():
    from pnp.games.rautino.engine import stone_indices
    from pnp.games.rautino.players import greedy_player, seat_player
    from pnp.games.rautino.state import play_game

    model = games.get("rautino").load(None)
    spy = Spy(seat_player("search"), stone_indices(model), _hidden_matches)
    result = play_game(model, 2, 5, [spy, greedy_player])
    assert len([v for v in spy.views if v is not None]) >= 8
    assert result.scores


def test_triomino_seat_view_hides_exactly_the_other_hands_and_the_pool():
    from pnp.games.triomino.checker import fit_table
    from pnp.games.triomino.players import greedy, seat_player
    from pnp.games.triomino.state import run_game

    model = games.get("triomino").load(None)
    spy = Spy(seat_player("search"), list(range(len(model.tiles))), _hidden_matches)
    run_game(model, model.rules("seed"), [greedy, spy, greedy], 3, fit_table(model))
    assert len([v for v in spy.views if v is not None]) >= 5


def test_zatre_seat_view_hides_exactly_the_other_hands_and_the_bag():
    from pnp.games.zatre.checker import _geometry
    from pnp.games.zatre.seats import PLAYERS, seat_player
    from pnp.games.zatre.state import play_game

    model = games.get("zatre").load(None)
    spy = Spy(seat_player("search", model), sorted(model.tiles.bag()), _hidden_matches)
    play_game(model, _geometry(model), [PLAYERS["greedy"], spy], ["greedy", "search"], 9)
    assert len([v for v in spy.views if v is not None]) >= 10


@pytest.mark.parametrize("game", sorted(games.names()))
def test_a_search_game_depends_on_its_seed_alone(game):
    chosen = games.get(game)
    model = chosen.load(None)
    deal = Deal(0, 0, game_seed(4, 0), Configuration(2, ("search", "greedy"), PRESET.get(game)))
    first = play_deal(chosen.simulation, model, deal).full_record()
    again = play_deal(chosen.simulation, model, deal).full_record()
    assert first == again
    other = play_deal(chosen.simulation, model, Deal(0, 0, game_seed(4, 0), Configuration(2, ("greedy", "greedy"),
                                                                                   PRESET.get(game))))
    assert other.full_record() != first  # the search player plays its own moves


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(games.names()))
def test_games_of_the_expert_replay_through_the_validators(tmp_path: Path, game: str):
    log = tmp_path / "games.jsonl"
    args = ["check", game, "--games", "1", "--players", "2", "--skill-games", "2", "--levels", "good,expert",
            "--seat-levels", "expert", "--workers", "1", "-q", "--log", str(log)]
    if game in PRESET:
        args += ["--preset", PRESET[game]]
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 3), result.output
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert ["search", "search"] in [r["seats"] for r in records]  # the expert in every seat
    assert sum("search" in r["seats"] and "greedy" in r["seats"] for r in records) == 2  # both seatings
    replayed = CliRunner().invoke(main, ["replay", game, str(log)])
    assert replayed.exit_code == 0, replayed.output


def test_check_names_its_configurations_of_one_level():
    result = CliRunner().invoke(main, ["check", "rautino", "--games", "1", "--players", "2", "--skill-games", "0",
                                       "--seat-levels", "strong", "--workers", "1", "-q", "--json"])
    assert result.exit_code in (0, 3), result.output
    report = json.loads(result.output)
    assert set(report["balance"]["configurations"]) == {"2 players", "2 players, strong in every seat"}


@pytest.mark.parametrize(("levels", "needle"), [
    ("beginner,genius", "unknown strength level 'genius'"),
    ("expert", "at least two different strength levels"),
])
def test_bad_levels_are_one_line(levels, needle, run_pnp):
    one_line_error(run_pnp("check", "rautino", "--games", "1", "--levels", levels, "-q"), "--levels", needle)


def _zatre_view_carries_the_sheets(view: SeatView, hidden: list) -> None:
    _hidden_matches(view, hidden)
    assert tuple(sheet.total for sheet in view.records) == view.scores  # the sheets behind the scores


def test_zatre_seat_view_carries_every_seats_score_sheet():
    from pnp.games.zatre.checker import _geometry
    from pnp.games.zatre.seats import PLAYERS, seat_player
    from pnp.games.zatre.state import play_game

    model = games.get("zatre").load(None)
    spy = Spy(seat_player("search", model), sorted(model.tiles.bag()), _zatre_view_carries_the_sheets)
    result = play_game(model, _geometry(model), [PLAYERS["greedy"], spy], ["greedy", "search"], 9)
    last = [v for v in spy.views if v is not None][-1]
    assert last.records[1] is result.sheets[1] and len(last.records) == 2


def _sheet(crosses: int = 0, **columns: list[int]):
    from pnp.games.zatre.sheet import ScoreSheet

    model = games.get("zatre").load(None)
    sheet = ScoreSheet(model.sheet, model.rules)
    for row_sum, boxes in columns.items():
        sheet.columns[int(row_sum[1:])].extend(boxes)
    sheet.crosses = crosses
    return sheet


def test_zatre_search_values_a_row_by_what_the_sheet_makes_of_it():
    from pnp.games.zatre.search import FILL_CHANCE, copy_sheet, sheet_value

    # Sheet row 0 holds an 11 and a 12 and an x2 cross: a 10 completes it (bonus 3, all doubled).
    before = _sheet(1, c11=[2], c12=[4])
    assert sheet_value(before) == (2 + 4) * 2 + 2 * 1 * FILL_CHANCE  # the empty 10 box may yet be filled
    ten, twelve = copy_sheet(before), copy_sheet(before)
    ten.enter_turn([10], 0)
    twelve.enter_turn([12], 0)
    assert sheet_value(ten) == (1 + 2 + 4 + 3) * 2
    assert sheet_value(twelve) == (2 + 4) * 2 + 4 + 2 * 1 * FILL_CHANCE
    # Row points would take the 12 (4 points against 1); the sheet makes the 10 worth more.
    assert sheet_value(ten) - sheet_value(before) > sheet_value(twelve) - sheet_value(before)
    assert before.columns[10] == []  # the copies leave the seat's own sheet alone


def test_zatre_search_counts_a_cross_ahead_of_the_rows_and_the_lead_over_the_others():
    from pnp.games.zatre.search import FILL_CHANCE, sheet_lead, sheet_value

    ahead = _sheet(1)
    assert sheet_value(ahead) == (1 + 2 + 4) * 2 * FILL_CHANCE
    plain = _sheet(0, c12=[4])
    other = _sheet(0, c10=[1])
    assert sheet_lead([plain, other, ahead], 0) == 4 - (1 + sheet_value(ahead)) / 2


def test_zatre_state_ends_the_game_with_the_tiles_left_against_their_holders():
    from pnp.games.zatre.checker import _geometry
    from pnp.games.zatre.search import playout_turn
    from pnp.games.zatre.state import ZatreState

    model = games.get("zatre").load(None)
    state = ZatreState(model, _geometry(model), ["greedy", "greedy"], 1)
    while not state.over:  # the search's playouts run through the same pushes
        state.push(playout_turn(state))
    assert state.reason == "bag empty"
    assert [sheet.minus for sheet in state.sheets] == [sum(hand) for hand in state.hands]
    assert state.scores() == [sheet.total for sheet in state.sheets]
