"""The search player: milliseconds per move at each strength level, and its strength.

    .venv/bin/python bench/bench_search.py speed [GAMES] [GAME[:PRESET]]     (default 4 games per game and level)
    .venv/bin/python bench/bench_search.py strength [GAMES] [GAME[:PRESET] or all] [SEAT_GAMES] [CHUNKS]
                                                                             (default 40 games, 1 chunk)

`speed` plays GAMES two-player games per game (and Triomino preset) with the level's search player
in seat 1 against a greedy player, and times every move of the search player in CPU time of this
process (the machine's other load changes wall time, not this): mean, median and the slowest
move, and the mean as a multiple of the reference loop timed in the same run.

`strength [GAMES] [GAME[:PRESET] or all] [SEAT_GAMES] [CHUNKS]` runs, per game and preset, what the README's tables
quote: `pnp check GAME --players 2 --games SEAT_GAMES --skill-games GAMES --levels strong,expert
--seat-levels expert --seed 1` and the default matrix `pnp check GAME --players 2 --games GAMES
--skill-games GAMES --seed 1`. SEAT_GAMES (default GAMES; 0 leaves out the expert in both seats,
the default for Triomino classic, whose games are long) sets the games per configuration of the
first run, with greedy and with expert players in both seats. It prints the expert against the
strong player (each deal with both seatings) with its interval;
Bradley-Terry ratings fitted to the matches of both runs at once (the expert met only the strong
player: an expert match against the random player costs as much and tells little), with the
spread and its verdict; the seat advantage with greedy and with expert players in every seat and
the compensation the check proposes from 2,000 greedy games, measured on the expert games; and
(in one chunk) the measures of a good game. Each game ends with its row of the README's table
(`| ... |`), ready to paste.

CHUNKS splits each game's run into that many runs of GAMES / CHUNKS match games (and SEAT_GAMES /
CHUNKS games per configuration), with the seeds 1, 2, ... (so new deals each), and prints the
figures of all the chunks so far after each: a long run on a busy machine gives its figures as it
goes, and stopped after k chunks it gave what `strength GAMES*k/CHUNKS GAME SEAT_GAMES*k/CHUNKS k`
gives.
"""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from reference import reference_seconds

from pnp import games
from pnp.check.compensation import effect
from pnp.check.confidence import seat_advantage_test, wilson
from pnp.check.protocol import Configuration, Deal, game_seed
from pnp.check.ratings import Result, rating_figures, rating_lines
from pnp.check.simulate import play_deal
from pnp.check.stats import Histogram
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
                    play_deal(game.simulation, model, Deal(index, index, game_seed(1, index),
                                                     Configuration(2, seats, preset)))
            finally:
                checker.seat_player = original
            ms = [t * 1000 for t in times]
            label = f"{name}, {preset}" if preset else name
            print(f"| {label} | {level.name} | {len(ms)} | {statistics.fmean(ms):.0f} | {statistics.median(ms):.0f} "
                  f"| {max(ms):.0f} | {statistics.fmean(ms) / 1000 / reference:.2f}x |")


def share(figure: dict[str, float]) -> str:
    return f"{figure['estimate']:.1%} ({figure['low']:.1%}-{figure['high']:.1%})"


class Totals:
    """Wins and games of every match and seat configuration over the chunks of a run (each chunk a
    seed of its own, so its deals are new), and the score differences of the expert-seat games."""

    def __init__(self) -> None:
        self.matches: dict[str, list[Any]] = {}  # label -> [player, opponent, wins, games]
        self.seats: dict[str, list[Any]] = {}  # configuration -> [seat wins, games]
        self.differences = Histogram()
        self.limit = 0.0  # the game's max_seat_advantage

    def add(self, searched: Any, matrix: Any, log: Path) -> None:
        self.limit = searched.balance["max_seat_advantage"]
        for report in (matrix, searched):
            for label, m in report.balance.get("skill", {}).items():
                entry = self.matches.setdefault(label, [m["player"], m["opponent"], 0.0, 0])
                entry[2] += wins(m["win_share"]["estimate"], m["games"])
                entry[3] += m["games"]
        for configuration, entry in searched.balance["configurations"].items():
            if "seat_win_shares" in entry:
                seats = self.seats.setdefault(configuration, [[0.0] * len(entry["seat_win_shares"]), 0])
                seats[0] = [w + wins(s["estimate"], entry["games"])
                            for w, s in zip(seats[0], entry["seat_win_shares"], strict=True)]
                seats[1] += entry["games"]
        for line in log.read_text().splitlines():
            record = json.loads(line)
            if record.get("seats") == ["search", "search"]:
                self.differences.add(record["final_scores"][1] - record["final_scores"][0])


def wins(estimate: float, games: int) -> float:
    """A win share's wins (ties split, so whole or half games) from its rounded share."""
    return round(estimate * games * 2) / 2


def strength(count: int, only: str | None = None, seat_count: int | None = None, chunks: int = 1) -> None:
    rows: list[str] = []
    for name, preset in RUNS:
        if not chosen(name, preset, only):
            continue
        label = f"{name}, {preset}" if preset else name
        title = label[0].upper() + label[1:]
        game = games.get(name)
        model = game.load(None)
        start = time.perf_counter()
        # The expert against the strong player, and (but for the long classic games, unless asked) the
        # expert in both seats.
        seat_games = (0 if preset == "classic" else count) if seat_count is None else seat_count
        proposal = reference_compensation(game, model, preset) if seat_games else None
        totals = Totals()
        for seed in range(1, chunks + 1):
            skill_per, seat_per = max(2, count // chunks), seat_games // chunks
            log = Path(tempfile.mkstemp(suffix=".jsonl")[1])
            searched = game.check(model, CheckOptions(games=seat_per or skill_per, players=2, preset=preset,
                                                      skill_games=skill_per, seed=seed, levels=("strong", "expert"),
                                                      seat_levels=("expert",) if seat_per else (), log=log))
            # The cheap matrix of the other levels, fitted with the expert's match for the ratings.
            matrix = game.check(model, CheckOptions(games=skill_per, players=2, preset=preset,
                                                    skill_games=skill_per, seed=seed))
            totals.add(searched, matrix, log)
            log.unlink()
            print(f"{label}, seed{'s 1 to' if seed > 1 else ''} {seed}: {time.perf_counter() - start:.0f} s")
            row = report_totals(title, totals, proposal)
            print(f"  row: {row}")
            if chunks == 1:
                print_measures(searched, matrix)
            sys.stdout.flush()
        rows.append(row)
    print("\nREADME rows (game | N | expert vs strong | ratings good / strong / expert (expert's interval) | spread):")
    print("\n".join(rows))


def report_totals(title: str, totals: Totals, proposal: dict[str, Any] | None) -> str:
    """Print the figures of the chunks so far and return the README row."""
    won, played = totals.matches["search vs lookahead"][2:]
    match = wilson(won, played).to_json()
    print(f"  expert vs strong: {share(match)} over {played} games (both seatings)")
    results = [Result(p, o, w, g) for p, o, w, g in totals.matches.values()]
    ratings = rating_figures(["random", "greedy", "lookahead", "search"], results, 0.6, 0.95,
                             {level.player: level.name for level in STANDARD_LEVELS})
    print("  " + "; ".join(line.strip() for line in rating_lines(ratings)[1:]))
    for configuration, (seat_wins, games_played) in totals.seats.items():
        test = seat_advantage_test("check.max_seat_advantage", seat_wins, games_played, totals.limit)
        print(f"  {configuration} ({games_played} games): seat win shares "
              f"{', '.join(share(wilson(w, games_played).to_json()) for w in seat_wins)}; advantage "
              f"{share(test.interval.to_json())} {test.outcome.value}")
    if proposal and totals.differences.count:
        after = effect(totals.differences, proposal["seat"] - 1, proposal["points"], totals.limit, 0.95)
        print(f"    {proposal['rule']} on the {totals.differences.count} expert games: seat win shares "
              f"{', '.join(share(s) for s in after['seat_win_shares'])}, advantage {share(after['seat_advantage'])} "
              f"{after['seat_advantage']['outcome']}")
    players, spread = ratings["players"], ratings["spread"]
    return (f"| {title} | {played} | {row_share(match)} "
            f"| {' / '.join(str(players[p]['rating']) for p in ('greedy', 'lookahead', 'search'))} "
            f"({players['search']['low']:.0f} to {players['search']['high']:.0f}) "
            f"| {spread['estimate']:.0f} ({spread['low']:.0f} to {spread['high']:.0f}): {ratings['verdict']} |")


def print_measures(searched: Any, matrix: Any) -> None:
    printed: set[str] = set()
    for report in (searched, matrix):
        for configuration, entry in report.balance["configurations"].items():
            measures = entry.get("measures", {})
            if configuration in printed or "drama" not in measures:
                continue
            printed.add(configuration)
            print(f"  {configuration}: lead changes {share_number(measures['lead_changes_per_game'])}, drama "
                  f"{share_number(measures['drama'])}, decisiveness {share(measures['decisiveness'])}, "
                  f"comebacks {share(measures['comeback_share'])}, margin median "
                  f"{measures['winning_margin']['median']} (mean {share_number(measures['winning_margin'])}), "
                  f"blocked turns {share_number(measures['blocked_turns_per_game'])}")


def reference_compensation(game: Any, model: Any, preset: str | None) -> dict[str, Any] | None:
    """The compensation the check proposes from 2,000 greedy games (`pnp check GAME --players 2 --games
    2000 --skill-games 0 --seed 1`), to be measured on the expert games: fewer greedy games than that
    rarely make the seat advantage a finding, and only a finding gets a proposal."""
    greedy = game.check(model, CheckOptions(games=2000, players=2, preset=preset, skill_games=0, seed=1))
    entry = greedy.balance["configurations"]["2 players" if preset is None else f"2 players, {preset}"]
    proposal = entry.get("compensation")
    print(f"  2,000 greedy games: advantage {share(entry['seat_advantage'])} {entry['seat_advantage']['outcome']}"
          + (f"; proposed: {proposal['rule']}, advantage {share(proposal['seat_advantage'])}" if proposal else
             "; no compensation proposed"))
    return proposal


def row_share(figure: dict[str, float]) -> str:
    return f"{figure['estimate'] * 100:.1f} % ({figure['low'] * 100:.1f}-{figure['high'] * 100:.1f})"


def share_number(figure: dict[str, float]) -> str:
    return f"{figure['estimate']} ({figure['low']}-{figure['high']})"


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "speed"
    number = int(sys.argv[2]) if len(sys.argv) > 2 else (4 if what == "speed" else 40)
    only = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] != "all" else None
    if what == "speed":
        speed(number, only)
    else:
        strength(number, only, int(sys.argv[4]) if len(sys.argv) > 4 else None,
                 int(sys.argv[5]) if len(sys.argv) > 5 else 1)
