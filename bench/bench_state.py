"""Engine speed before and after the game states: the same seeded games, old code and new, in one run.

Run: python bench/bench_state.py [games] [--search N] [--old COMMIT]
     (default 1,000 games per configuration; the old side is commit 2e0c120, the last before every
     game was played through its state)

The old side is that commit's `pnp` and `templates`, unpacked with `git archive` into a temporary
folder and imported from there in a process of its own; the new side is this checkout. Each side
plays every configuration `pnp check GAME` plays by default (greedy seats, every player count and
preset), the same deals, no records, in one process: CPU time of that process. The two sides take
turns, half the games each turn, so the machine's load falls on both alike. The table gives each
configuration's time per 1,000 games on both sides and new / old (1.00: as fast; below: faster).
With --search N, each game also plays N two-player games of the expert against the good player
(first preset), and the time per game is compared the same way; so is the expert's own time per move
(CPU time inside the search player's calls over the moves it weighed: those with more than one
candidate, counted at the one function both sides call for them, `best_candidate`. The two sides ask
their player for a move at different times, the old one once per drawn tile, so their calls are not
the same moves; the moves weighed are).
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OLD = "2e0c120"
GAMES = ("rautino", "zatre", "triomino")


SEARCH_MOVES = "search moves"  # in a key: the number of the expert's moves, not seconds


def time_search_calls(spent: dict[str, float]) -> None:
    """Add every call of this side's search player to spent["seconds"], and every move it weighed (more
    than one candidate) to spent["calls"]: the shared SearchPlayer of the game states, or (the old side)
    each game's own, which imports `best_candidate` by name."""
    shared = importlib.import_module("pnp.players.search")
    owners = ([shared] if hasattr(shared, "SearchPlayer")
              else [importlib.import_module(f"pnp.games.{name}.search") for name in GAMES])
    for owner in owners:
        call, weigh = owner.SearchPlayer.__call__, owner.best_candidate

        def timed(self, *args, _call=call):
            start = time.process_time()
            try:
                return _call(self, *args)
            finally:
                spent["seconds"] += time.process_time() - start

        def counted(candidates, *args, _weigh=weigh):
            if len(candidates) > 1:
                spent["calls"] += 1
            return _weigh(candidates, *args)

        owner.SearchPlayer.__call__ = timed
        owner.best_candidate = counted


def side(games: int, first: int, search: int) -> dict[str, float]:
    """CPU seconds per configuration for games first .. first + games - 1 (run in a process of its own,
    with the old or the new `pnp` first on the path); with `search`, the expert's games, and its time
    and number of moves."""
    from pnp import games as registry
    from pnp.check.options import CheckOptions
    from pnp.check.protocol import Configuration, Deal, game_seed

    try:
        from pnp.check.simulate import play_deal
    except ImportError:  # the old side: each game's own play function
        def play_deal(simulation, model, deal):  # type: ignore[no-redef]
            return simulation.play(model, deal)

    seconds: dict[str, float] = {}
    spent = {"seconds": 0.0, "calls": 0}
    if search:
        time_search_calls(spent)
    for name in GAMES:
        game = registry.get(name)
        model = game.load(None)
        simulation = game.simulation
        configurations = list(simulation.configurations(model, CheckOptions()))
        for configuration in configurations:
            start = time.process_time()
            for index in range(first, first + games):
                play_deal(simulation, model, Deal(index, index, game_seed(1, index), configuration))
            seconds[f"{name}, {configuration.label}"] = time.process_time() - start
        if search:
            expert = Configuration(2, ("search", "greedy"), configurations[0].preset)
            spent["seconds"], spent["calls"] = 0.0, 0
            start = time.process_time()
            for index in range(first, first + search):
                play_deal(simulation, model, Deal(index, index, game_seed(1, index), expert))
            seconds[f"{name}, expert against good (per game)"] = time.process_time() - start
            seconds[f"{name}, expert's search (per move, ms)"] = spent["seconds"]
            seconds[f"{name}, expert's {SEARCH_MOVES}"] = spent["calls"]
    return seconds


def run_side(path: Path, games: int, first: int, search: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(path), os.environ.get("PYTHONPATH", "")])}
    # `pnp.templates` is the folder templates/ mapped by the package's install: the side's own is loaded
    # by hand, else the old side would read this checkout's specs.
    templates = str(path / "templates" / "__init__.py")
    code = (f"import json, sys, importlib.util; sys.path.insert(0, {str(path)!r}); "
            f"sys.path.insert(1, {str(ROOT / 'bench')!r}); import pnp; "
            f"spec = importlib.util.spec_from_file_location('pnp.templates', {templates!r}); "
            f"module = sys.modules['pnp.templates'] = importlib.util.module_from_spec(spec); "
            f"spec.loader.exec_module(module); "
            f"from bench_state import side; print(json.dumps(side({games}, {first}, {search})))")
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=path, capture_output=True, text=True,
                          check=False)
    if done.returncode:
        raise SystemExit(f"bench_state: the side at {path} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(games: int = 1000, search: int = 0, old: str = OLD) -> None:
    with tempfile.TemporaryDirectory(prefix="pnp-old-") as folder:
        unpacked = Path(folder)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", old, "pnp", "templates"], capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(unpacked)], input=archive, check=True)
        totals: dict[str, dict[str, float]] = {"old": {}, "new": {}}
        half = games // 2
        turns = ((0, half, search // 2), (half, games - half, search - search // 2))
        for first, count, searched in turns:
            for name, path in (("old", unpacked), ("new", ROOT)):
                for key, value in run_side(path, count, first, searched).items():
                    totals[name][key] = totals[name].get(key, 0.0) + value
    print(f"{games:,} games per configuration, old = {old}, new = this checkout (CPU seconds per 1,000 games)")
    print(f"{'configuration':<48} {'old':>9} {'new':>9} {'new/old':>8}")
    ratios = []
    configured = [key for key in totals["old"] if "per " not in key and SEARCH_MOVES not in key]
    for key, before in totals["old"].items():
        if SEARCH_MOVES in key:
            continue
        after = totals["new"][key]
        if "per move" in key:  # seconds over the moves each side weighed (the same games: the same moves)
            moves_key = key.replace("search (per move, ms)", SEARCH_MOVES)
            before, after = (1000 * side_totals[key] / max(side_totals[moves_key], 1)
                             for side_totals in (totals["old"], totals["new"]))
            scale = 1.0
        else:
            scale = (1000 / games) if "per game" not in key else (1 / max(search, 1))
        ratio = after / before
        if key in configured:
            ratios.append(ratio)
        print(f"{key:<48} {before * scale:>9.2f} {after * scale:>9.2f} {ratio:>8.2f}")
    total_old = sum(totals["old"][k] for k in configured)
    total_new = sum(totals["new"][k] for k in configured)
    print(f"{'every configuration':<48} {total_old:>9.2f} {total_new:>9.2f} {total_new / total_old:>8.2f}")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    search_games = 0
    old_commit = OLD
    if "--search" in arguments:
        at = arguments.index("--search")
        search_games = int(arguments[at + 1])
        del arguments[at:at + 2]
    if "--old" in arguments:
        at = arguments.index("--old")
        old_commit = arguments[at + 1]
        del arguments[at:at + 2]
    main(int(arguments[0]) if arguments else 1000, search_games, old_commit)
