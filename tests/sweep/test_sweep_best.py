"""The best variant of a sweep is what the designer asked for: every limit kept (thresholds, seat advantage,
skill share, target length), an undecided variant never silently dropped."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.check.balance import judge_balance
from pnp.check.confidence import share_test
from pnp.check.limits import BalanceLimits
from pnp.check.protocol import Configuration, Outcome
from pnp.check.report import CheckReport
from pnp.check.stats import Tally
from pnp.sweep import results
from pnp.sweep.charts import heat_map
from pnp.sweep.results import FIGURES
from pnp.sweep.run import Sweep, SweepOptions, Variant

TWO = Configuration(2, ("greedy", "greedy"))


def _variant(number: int, seat_1_wins: int, games: int, *, first_moves: int | None = None) -> Variant:
    """A two-player variant judged like a check: its seat wins out of `games`, and, when given, how many
    games had a first move (against check.min_first_move_share = 0.99)."""
    tally = Tally(2)
    for game in range(games):
        tally.add_game(Outcome({}, [1, 0] if game < seat_1_wins else [0, 1], 30, 15, 30))
    report = CheckReport("rautino")
    report.simulation[TWO.label] = {"games": games}
    if first_moves is not None:
        report.threshold(TWO.label, share_test("check.min_first_move_share", first_moves, games, 0.99,
                                               at_least=True), "games whose first turn can place a stone")
    judge_balance(report, (TWO,), {TWO.label: tally}, {}, BalanceLimits(max_seat_advantage=0.1))
    return Variant(number, {"game.hand_size": number + 1}, "", configurations=(TWO,), report=report,
                   tallies={TWO.label: tally}, played=games)


def _sweep(*variants: Variant) -> Sweep:
    return Sweep("rautino", ["game.hand_size"], SweepOptions(games=400), list(variants))


def test_the_least_fair_variant_is_not_named_best_while_the_fairest_are_undecided() -> None:
    """400 games: the two fairest variants (seat advantage 2.5 %) are undecided on the first-move share,
    the third plays its first moves but has a seat advantage of 15.5 %, above the 10 % limit."""
    fair = [_variant(1, 205, 400, first_moves=397), _variant(2, 195, 400, first_moves=397)]
    unfair = _variant(3, 231, 400, first_moves=400)
    sweep = _sweep(*fair, unfair)
    assert results.best(sweep) is not unfair
    assert results.best(sweep) is None and results.exit_code(sweep) == 3
    for variant in fair:
        assert results.state(variant) == "undecided"
        assert any("check.min_first_move_share" in reason for reason in results.reasons(variant))
    document = results.to_json(sweep)
    assert document["best"] is None and document["undecided"] == [1, 2, 3]
    header, body = results.rows(sweep)
    reason = header.index("reason")
    assert all(row[reason] for row in body)  # no empty reason: every undecided test is named
    text = results.to_text(sweep)
    assert "no best variant yet" in text


def test_a_variant_that_decidedly_breaks_the_seat_limit_is_out_and_a_fair_one_is_best() -> None:
    fair = _variant(1, 1050, 2000)  # 5 % seat advantage: decided within 10 % at 2000 games
    unfair = _variant(2, 1400, 2000)  # 40 %: decidedly above
    sweep = _sweep(unfair, fair)
    assert results.state(unfair) == "fail" and results.state(fair) == "pass"
    assert results.best(sweep) is fair
    assert any("seat advantage" in reason for reason in results.reasons(unfair))
    header, body = results.rows(sweep)
    assert body[0][header.index("verdict")] == "breaks a limit"


def test_a_passing_best_lists_the_undecided_variants_beside_it() -> None:
    open_variant = _variant(1, 1100, 2000)  # an advantage of 10 %, on the limit: undecided
    passing = _variant(2, 1040, 2000)
    sweep = _sweep(open_variant, passing)
    assert results.best(sweep) is passing
    assert "still undecided" in results.to_text(sweep) and json.loads(results.to_json_text(sweep))["undecided"] == [1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 400), st.sampled_from([None, 380, 400])), min_size=1, max_size=6))
def test_the_rule_never_names_a_variant_that_breaks_a_limit(cases: list[tuple[int, int | None]]) -> None:
    variants = [_variant(n, wins, 400, first_moves=first) for n, (wins, first) in enumerate(cases, start=1)]
    chosen = results.best(_sweep(*variants))
    if chosen is not None:
        assert results.state(chosen) == "pass"
        assert not results.broken_limits(chosen) and not chosen.report.undecided  # type: ignore[union-attr]
    keeping = [v for v in variants if results.state(v) == "pass"]
    assert (chosen is None) == (not keeping)


def test_heat_maps_darken_the_better_end_of_every_figure() -> None:
    """Seat advantage (lower is better) and placed share (higher is better): the darkest cell is the better one,
    and the chart says so."""
    from pnp.sweep.charts import Point

    def lightness(svg: str, value: str) -> int:
        cell = svg.split(f"<title>{value}</title>")[0].rsplit("<rect", 1)[1]
        return int(cell.split("hsl(212, 55%, ")[1].split("%")[0])

    by_key = {figure.key: figure for figure in FIGURES}
    cells = {("1", "a"): Point(0.05, "pass", False), ("1", "b"): Point(0.3, "pass", False)}
    low_better = heat_map("seat advantage", "r", ["1"], "c", ["a", "b"], cells, by_key["seat_advantage"].better)
    assert lightness(low_better, "0.05") < lightness(low_better, "0.3")
    assert "darker: better (lower)" in low_better
    high_better = heat_map("placed share", "r", ["1"], "c", ["a", "b"], cells, by_key["placed_share"].better)
    assert lightness(high_better, "0.3") < lightness(high_better, "0.05")
    assert "darker: better (higher)" in high_better
    neutral = heat_map("mean score", "r", ["1"], "c", ["a", "b"], cells, by_key["mean_score"].better)
    assert "darker: larger" in neutral


def _with_turns(number: int, turns: list[int]) -> Variant:
    """A variant decided fair (5 % seat advantage at 2000 games) whose games last `turns`, cycled."""
    variant = _variant(number, 1050, 2000)
    tally = Tally(2)
    for game in range(2000):
        tally.add_game(Outcome({}, [1, 0] if game < 1050 else [0, 1], turns[game % len(turns)], 10, 20))
    variant.tallies = {TWO.label: tally}
    return variant


def test_a_target_length_is_a_limit_and_ranks_by_closeness_to_its_middle() -> None:
    from pnp.sweep.length import judge_length

    short, middle, long_ = _with_turns(1, [20, 22]), _with_turns(2, [34, 36]), _with_turns(3, [39, 41])
    for variant in (short, middle, long_):
        judge_length(variant.report, (TWO,), variant.tallies, (30.0, 40.0))  # type: ignore[arg-type]
        variant.report.simulation[TWO.label]["turns_per_game"] = {  # type: ignore[union-attr]
            "mean": variant.tallies[TWO.label].histogram("turns").mean}
    assert results.state(short) == "fail"
    assert any("target length" in reason and "minimum 30.00" in reason for reason in results.reasons(short))
    assert results.state(long_) == "undecided"  # 40 on average: its interval straddles the upper end
    assert results.state(middle) == "pass"
    sweep = Sweep("rautino", ["game.hand_size"], SweepOptions(games=2000, target_length=(30.0, 40.0)),
                  [short, middle, long_])
    assert results.best(sweep) is middle


def test_a_bad_length_is_one_line() -> None:
    from hostile_helpers import one_line_error, run

    result = run("sweep", "zatre", "--vary", "sheet.rows=20", "--length", "40..30", "--games", "1")
    one_line_error(result, "--length 40..30: LOW..HIGH with 0 < LOW <= HIGH")
