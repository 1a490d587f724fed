"""Paired deals (`pnp check --pairs`): a two-seat deal played as dealt and with the seats' hands and draws
exchanged, the seat advantage read per pair.

The exchanged deal exchanges exactly the two seats' shares (read back from the deal of each game), a
pair's second game holds the same pieces as its first, the check plays N / 2 pairs for even N, the
paired variance is no larger than the games' own on a seeded run, and an exchanged game's record
replays and is played again move for move from its seed.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import games
from pnp.check import simulate
from pnp.check.options import CheckOptions
from pnp.check.protocol import Configuration, deal_for, game_seed
from pnp.check.stats import Tally
from pnp.cli import main
from pnp.games.rautino.state import RautinoState
from pnp.games.state import exchange_blocks
from pnp.games.zatre.checker import _geometry
from pnp.games.zatre.state import ZatreState

SEEDS = range(12)


def test_exchange_blocks_swaps_whole_pairs_and_undoes_itself() -> None:
    items = list(range(10))
    assert exchange_blocks(items, 1, 3, pairs=1) == [0, 4, 5, 6, 1, 2, 3, 7, 8, 9]
    assert exchange_blocks(items, 3, 2) == [0, 1, 2, 5, 6, 3, 4, 7, 8, 9]  # 7, 8 have no partner block
    assert exchange_blocks(items, 0, 1) == [1, 0, 3, 2, 5, 4, 7, 6, 9, 8]
    for start, size in ((0, 1), (1, 3), (3, 2), (2, 4)):
        assert exchange_blocks(exchange_blocks(items, start, size), start, size) == items


@pytest.mark.parametrize("seed", SEEDS)
def test_rautino_exchanges_the_hands_and_every_two_draws(seed: int) -> None:
    model = games.get("rautino").load(None)
    hand = model.hand_size
    plain, exchanged = RautinoState(model, 2, seed), RautinoState(model, 2, seed, exchanged=True)
    dealt, swapped = plain.result.stack, exchanged.result.stack
    assert Counter(dealt) == Counter(swapped)
    assert swapped[0] == dealt[0]  # the start stone belongs to no seat
    assert swapped[1:1 + hand] == dealt[1 + hand:1 + 2 * hand]  # seat 1 is dealt seat 2's hand
    assert swapped[1 + hand:1 + 2 * hand] == dealt[1:1 + hand]
    rest, rest_swapped = dealt[1 + 2 * hand:], swapped[1 + 2 * hand:]
    for k in range(0, len(rest) - 1, 2):  # seat 1 draws first after the deal: each two draws change seats
        assert (rest_swapped[k], rest_swapped[k + 1]) == (rest[k + 1], rest[k])
    if len(rest) % 2:
        assert rest_swapped[-1] == rest[-1]
    if not plain.result.turns and not exchanged.result.turns:  # nobody had to skip at the deal
        assert exchanged.hands == plain.hands[::-1]
    assert exchanged.record()["exchanged"] is True and "exchanged" not in plain.record()


@pytest.mark.parametrize("seed", SEEDS)
def test_zatre_exchanges_every_two_blocks_of_draws_after_the_first_turn(seed: int) -> None:
    model = games.get("zatre").load(None)
    first, per_turn = model.rules.first_turn_tiles, model.rules.tiles_per_turn
    kinds = ("greedy", "greedy")
    plain = ZatreState(model, _geometry(model), kinds, seed)
    exchanged = ZatreState(model, _geometry(model), kinds, seed, exchanged=True)
    bag, swapped = plain.bag, exchanged.bag
    assert sorted(bag) == sorted(swapped)
    assert swapped[:first] == bag[:first]  # the start player's first draw, one tile of it for the start field
    assert exchanged.hands == plain.hands  # so the first turn is the same
    pairs = (len(bag) - first) // (2 * per_turn)
    for k in range(pairs):
        a = first + 2 * k * per_turn
        b = a + per_turn
        assert swapped[a:b] == bag[b:b + per_turn] and swapped[b:b + per_turn] == bag[a:b]
    assert swapped[first + 2 * pairs * per_turn:] == bag[first + 2 * pairs * per_turn:]
    # Seat 2's first draw in the exchanged game is seat 1's second draw in the game as dealt.
    assert swapped[first:first + per_turn] == bag[first + per_turn:first + 2 * per_turn]


def test_only_two_seats_exchange() -> None:
    with pytest.raises(ValueError, match="two seats"):
        RautinoState(games.get("rautino").load(None), 1, 3, exchanged=True)
    model = games.get("zatre").load(None)
    with pytest.raises(ValueError, match="two seats"):
        ZatreState(model, _geometry(model), ("greedy",) * 3, 3, exchanged=True)


def test_a_paired_schedule_plays_each_deal_twice_and_leaves_other_counts_alone() -> None:
    configurations = (Configuration(1, ("greedy",)), Configuration(2, ("greedy", "greedy")),
                      Configuration(3, ("greedy",) * 3))
    games_each = 7
    deals = [deal_for(configurations, games_each, 5, number, paired=True)
             for number in range(len(configurations) * games_each)]
    for deal in deals:
        if deal.configuration.players == 2:
            assert deal.seed == game_seed(5, deal.index - deal.index % 2)
            assert deal.exchanged == bool(deal.index % 2)
        else:  # one seat or three: nothing to exchange, the seeds of an unpaired run
            assert (deal.seed, deal.exchanged) == (game_seed(5, deal.index), False)
    # The first game of each pair is the game of that number in an unpaired run.
    plain = [deal_for(configurations, games_each, 5, number) for number in range(len(deals))]
    assert [d.seed for d in deals if not d.exchanged] == [d.seed for d in plain if d.index % 2 == 0
                                                           or d.configuration.players != 2]


@pytest.mark.parametrize("games_played", [6, 7])
def test_a_fixed_check_plays_half_as_many_pairs(games_played: int) -> None:
    """N even: N / 2 pairs; N odd: (N - 1) / 2 pairs and the last deal once, counted in the win shares but
    not in the seat advantage, which is read from whole pairs."""
    game = games.get("rautino")
    options = CheckOptions(games=games_played, seed=2, players=2, workers=1, skill_games=0, pairs=True)
    report = simulate.check(game.simulation, game.load(None), options)
    tally = report.tallies["2 players"]
    assert tally.games == games_played
    assert tally.pairs.count == games_played // 2
    assert tally.seat_edge().games == 2 * (games_played // 2)


def test_a_game_without_the_exchanged_deal_plays_its_games_unpaired(tmp_path: Path) -> None:
    runner = CliRunner()
    logs = []
    for extra in ([], ["--pairs"]):
        log = tmp_path / f"triomino{len(extra)}.jsonl"
        result = runner.invoke(main, ["check", "triomino", "--players", "2", "--games", "4", "--skill-games", "0",
                                      "--workers", "1", "-q", "--log", str(log), *extra])
        assert result.exit_code in (0, 3), result.output
        logs.append(log.read_bytes())
    assert logs[0] == logs[1]


def test_the_paired_variance_is_no_larger_than_the_games_own() -> None:
    """400 seeded Rautino games in 200 pairs: the variance of the seat edge read per pair (one game's share)
    is smaller than that of the same games read one by one, and than that of 400 unpaired games."""
    game = games.get("rautino")
    model = game.load(None)
    edges = {}
    for pairs in (False, True):
        options = CheckOptions(games=400, seed=1, players=2, skill_games=0, pairs=pairs)
        edges[pairs] = simulate.check(game.simulation, model, options).tallies["2 players"]
    paired = edges[True].seat_edge()
    one_by_one = Tally(2, games=edges[True].games, seat_wins=edges[True].seat_wins, ties=edges[True].ties)
    assert paired.games == 400
    assert paired.variance <= one_by_one.seat_edge().variance
    assert paired.variance <= edges[False].seat_edge().variance


def test_the_seat_advantage_is_read_per_pair() -> None:
    game = games.get("rautino")
    options = CheckOptions(games=80, seed=1, players=2, skill_games=0, pairs=True)
    report = simulate.check(game.simulation, game.load(None), options)
    advantage = report.balance["configurations"]["2 players"]["seat_advantage"]
    tally = report.tallies["2 players"]
    assert advantage["interval"] == "paired" and advantage["pairs"] == 40
    assert advantage["estimate"] == pytest.approx(abs(tally.seat_edge().mean), abs=1e-4)
    assert advantage["low"] <= advantage["estimate"] <= advantage["high"]
    assert "(limit 10%, from 40 pairs of deals)" in report.to_text()


@pytest.mark.parametrize("game_name", ["rautino", "zatre"])
def test_an_exchanged_record_replays_and_is_played_again_from_its_seed(game_name: str, tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    runner = CliRunner()
    result = runner.invoke(main, ["check", game_name, "--players", "2", "--games", "4", "--skill-games", "0",
                                  "--pairs", "--workers", "1", "-q", "--log", str(log)])
    assert result.exit_code in (0, 3), result.output
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [r.get("exchanged", False) for r in records] == [False, True, False, True]
    assert records[0]["seed"] == records[1]["seed"] != records[2]["seed"] == records[3]["seed"]
    pieces = "stack" if game_name == "rautino" else "bag"
    assert sorted(map(str, records[0][pieces])) == sorted(map(str, records[1][pieces]))
    assert records[0][pieces] != records[1][pieces]
    replayed = runner.invoke(main, ["replay", game_name, str(log)])
    assert replayed.exit_code == 0, replayed.output
    assert f"{game_name}: 4 records replayed, 0 invalid" in replayed.output
    # The record's seed and exchange deal the game again, and the same players play it move for move.
    simulation, model = games.get(game_name).simulation, games.get(game_name).load(None)
    again = simulate.records(simulation, model, CheckOptions(games=4, seed=1, players=2, skill_games=0, pairs=True))
    assert list(again) == records
    if game_name == "zatre":  # a bag that does not follow the seed's exchanged order is named
        records[1].pop("exchanged")
        log.write_text(json.dumps(records[1]) + "\n", encoding="utf-8")
        refused = runner.invoke(main, ["replay", game_name, str(log)])
        assert refused.exit_code == 1
        assert "the bag order does not follow the seed" in refused.output
