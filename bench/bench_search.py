"""The search player: milliseconds per move at each strength level, and its strength.

    .venv/bin/python bench/bench_search.py speed [GAMES] [GAME[:PRESET]]     (default 4 games per game and level)
    .venv/bin/python bench/bench_search.py strength [GAMES] [GAME[:PRESET]]  (default 40 games per match)

`speed` plays GAMES two-player games per game (and Triomino preset) with the level's search player
in seat 1 against a greedy player, and times every move of the search player in CPU time of this
process (the machine's other load changes wall time, not this): mean, median and the slowest
move, and the mean as a multiple of the reference loop timed in the same run.

`strength [GAMES] [GAME[:PRESET]]` runs, per game and preset, what the README's tables quote:
`pnp check GAME --players 2 --games N --skill-games N --levels strong,expert --seat-levels expert
--seed 1` (Triomino classic without `--seat-levels`: its games are long) and the default matrix
`pnp check GAME --players 2 --games N --skill-games N --seed 1`. It prints the expert against the
strong player (each deal with both seatings) with its interval; Bradley-Terry ratings fitted to
the matches of both runs at once (the expert met only the strong player: an expert match against
the random player costs as much and tells little), with the spread and its verdict; the seat
advantage with greedy and with expert players in every seat and the compensation the report
proposes; and the measures of a good game.
"""

from __future__ import annotations

import importlib
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from reference import reference_seconds

from pnp import games
from pnp.check.protocol import Configuration, Deal, game_seed
from pnp.check.ratings import Result, rating_figures, rating_lines
from pnp.games.base import CheckOptions
from pnp.players.levels import STANDARD_LEVELS

RUNS = [("rautino", None), ("zatre", None), ("triomino", "seed"), ("triomino", "classic")]
# Where each game's checker finds its seat players.
SEAT_PLAYERS = {"rautino": "pnp.games.rautino.checker", "zatre": "pnp.games.zatre.checker",
                "triomino": "pnp.games.triomino.checker"}


class Timed:
    """A seat player whose every move is timed in CPU seconds."""

    def __init__(self, inner: Any, times: list[float]) -> None:
        self.inner, self.times = inner, times
        if hasattr(inner, "observe"):
            self.observe = inner.observe

    def __call__(self, *args: Any) -> Any:
        start = time.process_time()
        move = self.inner(*args)
        self.times.append(time.process_time() - start)
        return move


def chosen(name: str, preset: str | None, only: str | None) -> bool:
    """Whether the run of `name` (and `preset`) is the one asked for, or no one was."""
    label = f"{name}, {preset}" if preset else name
    return only is None or only in (name, label, f"{name}:{preset}")


def speed(count: int, only: str | None = None) -> None:
    reference = reference_seconds(clock=time.process_time)
    print(f"reference loop: {reference:.3f} s CPU")
    print("| game | level | moves | mean ms | median ms | slowest ms | mean / reference |")
    print("|---|---|---|---|---|---|---|")
    for name, preset in RUNS:
        if not chosen(name, preset, only):
            continue
        game = games.get(name)
        model = game.load(None)
        checker = importlib.import_module(SEAT_PLAYERS[name])
        original = checker.seat_player
        for level in STANDARD_LEVELS:
            if not level.player.startswith("search"):
                continue
            times: list[float] = []

            def timed(player: str, *rest: Any, times: list[float] = times, original: Any = original) -> Any:
                made = original(player, *rest)
                return Timed(made, times) if player.startswith("search") else made

            checker.seat_player = timed
            try:
                for index in range(count):
                    seats = (level.player, "greedy")
                    game.simulation.play(model, Deal(index, index, game_seed(1, index),
                                                     Configuration(2, seats, preset)))
            finally:
                checker.seat_player = original
            ms = [t * 1000 for t in times]
            label = f"{name}, {preset}" if preset else name
            print(f"| {label} | {level.name} | {len(ms)} | {statistics.fmean(ms):.0f} | {statistics.median(ms):.0f} "
                  f"| {max(ms):.0f} | {statistics.fmean(ms) / 1000 / reference:.2f}x |")


def share(figure: dict[str, float]) -> str:
    return f"{figure['estimate']:.1%} ({figure['low']:.1%}-{figure['high']:.1%})"


def strength(count: int, only: str | None = None) -> None:
    for name, preset in RUNS:
        if not chosen(name, preset, only):
            continue
        label = f"{name}, {preset}" if preset else name
        game = games.get(name)
        model = game.load(None)
        start = time.perf_counter()
        # The expert against the strong player, and (but for the long classic games) the expert in both seats.
        seat_levels = () if preset == "classic" else ("expert",)
        searched = game.check(model, CheckOptions(games=count, players=2, preset=preset, skill_games=count, seed=1,
                                                  levels=("strong", "expert"), seat_levels=seat_levels))
        # The cheap matrix of the other levels, fitted with the expert's match for the ratings.
        matrix = game.check(model, CheckOptions(games=count, players=2, preset=preset, skill_games=count, seed=1))
        print(f"{label}: {time.perf_counter() - start:.0f} s")
        match = searched.balance["skill"]["search vs lookahead"]
        print(f"  expert vs strong: {share(match['win_share'])} over {match['games']} games (both seatings), "
              f"ties {match['tie_share']:.1%}")
        skill = {**matrix.balance["skill"], **searched.balance["skill"]}
        results = [Result(m["player"], m["opponent"], m["win_share"]["estimate"] * m["games"], m["games"])
                   for m in skill.values()]
        ratings = rating_figures(["random", "greedy", "lookahead", "search"], results, 0.6, 0.95,
                                 {level.player: level.name for level in STANDARD_LEVELS})
        print("  " + "; ".join(line.strip() for line in rating_lines(ratings)[1:]))
        printed: set[str] = set()
        for report in (matrix, searched):
            for configuration, entry in report.balance["configurations"].items():
                if configuration in printed:
                    continue
                printed.add(configuration)
                if "seat_advantage" in entry:
                    print(f"  {configuration}: seat win shares "
                          f"{', '.join(share(s) for s in entry['seat_win_shares'])}; advantage "
                          f"{share(entry['seat_advantage'])} {entry['seat_advantage']['outcome']}"
                          + (f"; compensation {entry['compensation']['rule']}: advantage "
                             f"{share(entry['compensation']['seat_advantage'])}" if "compensation" in entry else ""))
                measures = entry.get("measures", {})
                if "drama" in measures:
                    print(f"    lead changes {share_number(measures['lead_changes_per_game'])}, drama "
                          f"{share_number(measures['drama'])}, decisiveness {share(measures['decisiveness'])}, "
                          f"comebacks {share(measures['comeback_share'])}, margin median "
                          f"{measures['winning_margin']['median']} (mean {share_number(measures['winning_margin'])}), "
                          f"blocked turns {share_number(measures['blocked_turns_per_game'])}")
        for comparison in searched.balance.get("seats_by_level", []):
            print(f"  seats: {comparison['seat_finding']}"
                  + (f"; the compensation with expert players: "
                     f"{share(comparison['compensation_effect']['seat_advantage'])}"
                     if "compensation_effect" in comparison else ""))


def share_number(figure: dict[str, float]) -> str:
    return f"{figure['estimate']} ({figure['low']}-{figure['high']})"


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "speed"
    number = int(sys.argv[2]) if len(sys.argv) > 2 else (4 if what == "speed" else 40)
    only = sys.argv[3] if len(sys.argv) > 3 else None
    if what == "speed":
        speed(number, only)
    else:
        strength(number, only)
