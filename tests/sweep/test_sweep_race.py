"""`pnp sweep --games auto` races the variants: a game of known seat advantages (a coin that favours seat 1
by the variant's bias), so the right best variant is known."""

from __future__ import annotations

import copy
import random
from types import SimpleNamespace
from typing import Any

import pytest

from pnp.check.limits import BalanceLimits
from pnp.check.protocol import Configuration, Deal, Outcome, Simulation
from pnp.check.report import CheckReport
from pnp.check.sequential import UNPAIRED
from pnp.check.stats import Tally
from pnp.sweep import results
from pnp.sweep.race import race
from pnp.sweep.run import Sweep, SweepOptions, Variant, run_fixed, schedule_of

TWO = Configuration(2, ("greedy", "greedy"))


def configurations(model: float, options: Any) -> list[Configuration]:
    return [TWO]


class Toss:
    """A game state of one move: seat 1 wins with a share of 1/2 + bias/2, a seat advantage of `bias`."""

    def __init__(self, bias: float, seed: int) -> None:
        self.seat_1 = random.Random(seed).random() < 0.5 + bias / 2
        self.over, self.to_move = False, 0

    def push(self, move: Any) -> None:
        self.over = True


def start(model: float, deal: Deal) -> Toss:
    return Toss(model, deal.seed)


def outcome(model: float, deal: Deal, state: Toss) -> Outcome:
    return Outcome({}, [1, 0] if state.seat_1 else [0, 1], 10, 5, 10)


def toss(state: Toss) -> None:
    return None


def seat_player(model: float, name: str) -> Any:
    return toss


def static(model: float, report: CheckReport) -> None:
    pass


def figures(model: float, configuration: Configuration, tally: Tally) -> dict[str, Any]:
    return {}


def judge(model: float, report: CheckReport, configuration: Configuration, figures: dict[str, Any]) -> None:
    pass


def limits(model: float) -> BalanceLimits:
    return BalanceLimits(max_seat_advantage=0.3)


COIN = Simulation("coin", configurations, start, static, figures, judge, balance_limits=limits,
                  seat_player=seat_player, outcome=outcome)
GAME = SimpleNamespace(simulation=COIN)


def _sweep(biases: list[float], options: SweepOptions) -> Sweep:
    variants = []
    for number, bias in enumerate(biases, start=1):
        report = CheckReport("coin", confidence=options.confidence)
        variants.append(Variant(number, {"bias": bias}, "", model=bias, configurations=(TWO,), report=report,
                                static_report=copy.deepcopy(report), tallies={TWO.label: Tally(2)},
                                schedule=schedule_of(COIN, bias, (TWO,), options)))
    return Sweep("coin", ["bias"], options, variants)


def _games(sweep: Sweep) -> int:
    return sum(variant.played for variant in sweep.variants)


BIASES = [0.2, 0.02, 0.45, 0.12]


def test_racing_names_the_best_variant_of_a_long_fixed_sweep_with_fewer_games() -> None:
    fixed = run_fixed(GAME, _sweep(BIASES, SweepOptions(games=6400, workers=1)))  # type: ignore[arg-type]
    raced = race(GAME, _sweep(BIASES, SweepOptions(auto=True, max_games=6400, workers=1)))  # type: ignore[arg-type]
    assert results.best(fixed) is not None and results.best(fixed).number == 2  # type: ignore[union-attr]
    assert results.best(raced).number == results.best(fixed).number  # type: ignore[union-attr]
    assert _games(raced) * 3 <= _games(fixed)
    # The variant over the limit and those clearly less fair than the leader stopped early.
    for position in (0, 2, 3):
        out = raced.variants[position].out
        assert "breaks a limit" in out or "seat advantage clearly above" in out
    assert raced.variants[0].played < raced.variants[1].played and raced.variants[2].played < raced.variants[1].played
    assert not raced.variants[1].out and raced.variants[1].played < 6400
    header, body = results.rows(raced)
    assert body[0][header.index("reason")].startswith("out after ")
    assert raced.race is not None and raced.race["tied"] == [] and raced.race["decided"]
    # Stopped as clearly worse, a variant cannot be the best: none is said to be open for it
    assert any(results.state(v) == "undecided" for v in raced.variants if v.out)
    assert "still undecided" not in results.to_text(raced)


def test_a_race_that_cannot_separate_two_variants_names_them_and_the_games_that_would() -> None:
    raced = race(GAME, _sweep([0.05, 0.06, 0.6], SweepOptions(auto=True, method=UNPAIRED, max_games=400, workers=1)))  # type: ignore[arg-type]
    assert raced.race is not None
    chosen = results.best(raced)
    assert chosen is not None and chosen.number in (1, 2)
    other = 3 - chosen.number
    assert raced.race["tied"] == [other]
    separate = raced.race["games_to_separate"][str(other)]
    assert separate is None or separate > 400
    assert "still racing the best when the budget was spent: not shown worse" in results.to_text(raced)
    assert [v.played for v in raced.variants[:2]] == [400, 400]


def test_sweep_games_auto_on_the_command_line(tmp_path) -> None:
    import json

    from hostile_helpers import run as cli

    report = tmp_path / "report"
    result = cli("sweep", "zatre", "--vary", "sheet.rows=16,28", "--games", "auto", "--max-games", "100",
                 "--skill-games", "0", "--players", "2", "--workers", "1", "--confidence", "0.5", "--json",
                 "--report", str(report))
    assert result.exit_code in (0, 1, 3), result.output
    document = json.loads(result.output)
    assert document["games"] == "auto" and document["race"]["looks"] == [50, 100]
    assert document["race"]["comparison"].startswith("paired")
    first, second = document["variants"]
    assert first["state"] == "fail" and first["out"].startswith("out after 50 games")  # 16 rows: too few
    assert second["games"] in (50, 100)
    assert "games auto: " in (report / "index.html").read_text(encoding="utf-8")


def test_a_variant_at_its_limit_stops_with_a_tolerance_and_plays_the_budget_without() -> None:
    """Seat advantages 0.3 (exactly the limit) and 0.6: without a tolerance the first is undecided after the
    whole budget; with 0.05 (a zone of 0.1 for the advantage, a difference of two win shares) the race stops
    it at an earlier look, decided and said to be at the limit, and the race is decided."""
    exact = race(GAME, _sweep([0.3, 0.6], SweepOptions(auto=True, method=UNPAIRED, max_games=1600, workers=1,  # type: ignore[arg-type]
                                                            tolerance=0.0)))
    assert results.state(exact.variants[0]) == "undecided" and exact.variants[0].played == 1600
    zoned = race(GAME, _sweep([0.3, 0.6], SweepOptions(auto=True, method=UNPAIRED, max_games=1600, workers=1,  # type: ignore[arg-type]
                                                       tolerance=0.05)))
    first = zoned.variants[0]
    assert results.state(first) != "undecided" and first.played <= 800
    assert first.report is not None and first.report.at_limit[0].startswith("seat advantage, 2 players: ")
    assert "the limit or sits at it within the tolerance of 10.0% (--tolerance), counted as " \
        in first.report.at_limit[0]
    assert zoned.race is not None and zoned.race["decided"] and zoned.race["tolerance"] == 0.05
    assert "breaks a limit" in zoned.variants[1].out and zoned.variants[1].played <= 200  # 0.6: out early
    header, body = results.rows(zoned)
    assert "at the limit: seat advantage, 2 players: " in body[0][header.index("reason")]
    assert results.to_json(zoned)["variants"][0]["at_limit"] == first.report.at_limit


def test_two_variants_identical_by_construction_stop_tied_well_before_the_budget() -> None:
    """Variants 1 and 2 play the very same games (the same bias, the same seeds): with a tolerance of 0.05
    (a zone of 0.1 for the seat advantage) the race shows them within it of each other and stops them
    long before the budget, naming them tied in the text, JSON and CSV."""
    raced = race(GAME, _sweep([0.02, 0.02, 0.45], SweepOptions(auto=True, max_games=6400, workers=1,  # type: ignore[arg-type]
                                                                tolerance=0.05)))
    first, second, third = raced.variants
    assert first.played == second.played <= 1600 and not first.out and not second.out
    assert "breaks a limit" in third.out
    assert raced.race is not None and raced.race["tied"] == [2] and raced.race["tied_within"] == 0.1
    assert raced.race["decided"] and raced.race["differences"]["2"]["estimate"] == 0
    assert raced.race["differences"]["2"]["low"] > -0.1 and raced.race["differences"]["2"]["high"] < 0.1
    assert results.best(raced) is first
    text = results.to_text(raced)
    assert "variant 2 tied with the best: their seat advantages are within 10.0% of each other (95% confidence)" \
        in text
    assert "equal estimates, no number of games would tell them apart" in text
    header, body = results.rows(raced)
    assert body[1][header.index("reason")].startswith("tied with the best, variant 1: seat advantages within 10.0%")
    assert "tied with the best, variant 1" in results.to_csv(raced)
    assert results.to_json(raced)["race"]["tied"] == [2]
    # Without a tolerance nothing shows them tied: they race on to the budget, as before.
    exact = race(GAME, _sweep([0.02, 0.02], SweepOptions(auto=True, max_games=1600, workers=1, tolerance=0.0)))  # type: ignore[arg-type]
    assert [v.played for v in exact.variants] == [1600, 1600] and exact.race["tied_within"] is None  # type: ignore[index]


def test_variants_apart_by_more_than_the_tolerance_are_not_called_tied() -> None:
    """Seat advantages 0.02 and 0.12 with a zone of 0.04: the difference's interval never fits inside it,
    so the race separates them (the second clearly worse) instead of calling them tied."""
    raced = race(GAME, _sweep([0.02, 0.12], SweepOptions(auto=True, max_games=6400, workers=1,  # type: ignore[arg-type]
                                                          tolerance=0.02)))
    assert raced.race is not None and raced.race["tied"] == [] and raced.race["tied_within"] is None
    assert "clearly above variant 1" in raced.variants[1].out
    assert results.best(raced).number == 1  # type: ignore[union-attr]


def test_the_variants_at_the_limit_are_listed_in_the_text_and_the_html_report(tmp_path) -> None:
    """Seat advantage 0.3 on its limit of 0.3, decided by the tolerance: the text and the report list it
    apart, with the test in words; a variant far from its limit is not listed."""
    from pnp.sweep.report import render_report

    zoned = race(GAME, _sweep([0.3, 0.6], SweepOptions(auto=True, method=UNPAIRED, max_games=1600, workers=1,  # type: ignore[arg-type]
                                                       tolerance=0.05)))
    first = zoned.variants[0]
    assert first.report is not None and first.report.at_limit and not zoned.variants[1].report.at_limit  # type: ignore[union-attr]
    assert [(v.number, tests) for v, tests in results.at_limit(zoned)] == [(1, first.report.at_limit)]
    text = results.to_text(zoned)
    assert "\nat the limit (decided by --tolerance 0.05): variant 1\n" in text
    assert f"\n  variant 1: {first.report.at_limit[0]}" in text
    (_, page), = render_report(zoned, tmp_path)
    html = page.decode()
    assert "<h2>At the limit</h2>" in html and '<li id="at-limit-1">Variant 1 (bias = 0.3)' in html
    assert 'id="at-limit-2"' not in html
    from html import escape

    assert f"<li>{escape(first.report.at_limit[0])}</li>" in html
    fixed = run_fixed(GAME, _sweep([0.02], SweepOptions(games=100, workers=1)))  # type: ignore[arg-type]
    assert "At the limit" not in render_report(fixed, tmp_path)[0][1].decode()
    assert "at the limit (" not in results.to_text(fixed)


def test_a_tie_of_two_close_variants_says_how_many_more_games_would_separate_them() -> None:
    raced = race(GAME, _sweep([0.02, 0.03, 0.45], SweepOptions(auto=True, method=UNPAIRED, max_games=6400, workers=1,  # type: ignore[arg-type]
                                                                tolerance=0.05)))
    assert raced.race is not None and raced.race["tied"] == [2] and raced.race["tied_within"] == 0.1
    played = raced.variants[1].played
    assert played < 6400 and raced.race["differences"]["2"]["games"] == played
    separate = raced.race["games_to_separate"]["2"]
    assert separate > played
    assert (f"about {separate - played:,} more games per configuration each ({separate:,} in all) would tell "
            "them apart, if the estimates held") in results.to_text(raced)


# --- the near-best rule on synthetic paired data (pnp.sweep.paired.near_best) ---------------------------------

NEAR_RUNS = 120
NEAR_LOOKS = (50, 100, 200, 400, 800, 1600, 3200, 6400)
NEAR_CASES = [  # signed seat advantages of the variants (seat 1 less seat 2), the deals shared
    (0.0, 0.045, -0.045),  # the fairest at 0, two rivals just outside its zone of 0.04
    (-0.007, 0.063, -0.08, -0.15),  # the measured Rautino sweep's figures (0, 2, 4, 6 points reordered)
    (0.02, -0.065, 0.065),
]


def near_run(rng: random.Random, truths: tuple[float, ...], zone: float = 0.04, confidence: float = 0.95,
             shared: float = 0.9) -> tuple[int | None, int]:
    """One race on the near-best rule alone: every variant plays every look; a deal's luck (one uniform
    draw) is the same for all variants with probability `shared`, else each draws its own. Returns the
    variant named best (None: the budget ran out) and the games per variant."""
    from pnp.check import sequential
    from pnp.sweep.paired import SeatRecord, near_best
    from pnp.sweep.race import near_confidence

    plan = sequential.plan(confidence, NEAR_LOOKS[-1], tolerance=zone / 2)
    each = near_confidence(plan, len(truths))
    assert each is not None
    records = [SeatRecord() for _ in truths]
    played = 0
    for look in NEAR_LOOKS:
        for _ in range(played, look):
            common = rng.random()
            for record, truth in zip(records, truths, strict=True):
                luck = common if rng.random() < shared else rng.random()
                record.add("2 players", [1, 0] if luck < (1 + truth) / 2 else [0, 1])
        played = look
        signed = [sum(r.wins["2 players"][0]) / look - sum(r.wins["2 players"][1]) / look for r in records]
        leader = min(range(len(truths)), key=lambda v: abs(signed[v]))
        rivals = [r for v, r in enumerate(records) if v != leader]
        if near_best(records[leader], rivals, zone, each):
            return leader, look
    return None, NEAR_LOOKS[-1]


def near_wrong(found: list[tuple[int | None, int]], truths: tuple[float, ...], zone: float = 0.04) -> float:
    """The share of races that named a variant whose seat advantage is more than the zone above the best's."""
    fairest = min(abs(t) for t in truths)
    return sum(named is not None and abs(truths[named]) > fairest + zone for named, _ in found) / len(found)


@pytest.mark.parametrize("truths", NEAR_CASES)
def test_the_near_best_rule_names_a_variant_within_the_zone_of_the_best(truths: tuple[float, ...]) -> None:
    """At most 5 % (1 - confidence) of races name a variant more than the zone above the fairest, within the
    noise of NEAR_RUNS runs; bench/bench_sprt.py --only race runs more."""
    found = [near_run(random.Random(seed), truths) for seed in range(NEAR_RUNS)]
    assert near_wrong(found, truths) <= 0.05 + 3 * (0.05 * 0.95 / NEAR_RUNS) ** 0.5


def test_worst_lead_reads_where_zero_lies() -> None:
    from pnp.check.confidence import Interval
    from pnp.sweep.paired import worst_lead

    # A rival 0.07 above: fairer only if the leader lies below -0.035; the level's low end says how far.
    assert worst_lead(Interval(-0.007, -0.05, 0.04), Interval(0.07, 0.07, 0.07)) == pytest.approx(0.03)
    assert worst_lead(Interval(-0.007, -0.06, 0.04), Interval(0.07, 0.07, 0.07)) == pytest.approx(0.05)
    assert worst_lead(Interval(0.0, -0.01, 0.01), Interval(0.07, 0.06, 0.08)) == pytest.approx(-0.04)


@pytest.mark.parametrize(("near_best", "tied_within"), [(True, 0.04), (False, None)])
def test_a_variant_shown_behind_the_best_is_not_called_tied_nor_given_games_to_separate(
        near_best: bool, tied_within: float | None) -> None:
    """A rival whose difference from the best leaves 0 is shown behind it, though not by the zone: the words
    say so, and no "about 0 more games" would separate what is already apart."""
    race_figures = {"tied": [4], "tied_within": tied_within, "near_best": near_best, "tolerance": 0.02,
                    "confidence": 0.95, "games_to_separate": {"4": 6400},
                    "differences": {"4": {"estimate": 0.065, "low": 0.018, "high": 0.113, "games": 6400}}}
    text = results.tie_text(race_figures)
    assert "variant 4 less the best +6.5% (+1.8% to +11.3%): its seat advantage shown above the best's" in text
    assert "more games" not in text and "tied" not in text and "told apart" not in text
    if near_best:
        assert "kept beside the best: the best's seat advantage is shown at most 4.0% above its" in text
    else:
        assert "still racing the best when the budget was spent: not shown worse by more than 4.0%" in text
