"""`pnp check`: load the spec, run the game's checker, write the log and the report."""

from __future__ import annotations

from pathlib import Path

from pnp import games as game_registry
from pnp.check.report import CheckReport
from pnp.fileio import write_jsonl
from pnp.games.base import CheckOptions


def run_check(game: str, *, spec: Path | None, games: int, seed: int, players: int | None,
              preset: str | None, workers: int, log: Path | None, report: Path | None,
              progress: bool) -> CheckReport:
    chosen = game_registry.get(game)
    model = chosen.load(spec)
    options = CheckOptions(games=games, seed=seed, players=players, preset=preset, workers=workers,
                           progress=progress, log=log)
    result = chosen.check(model, options)
    if log is not None:
        write_jsonl(log, result.records)
    if report is not None:
        from pnp.check.html import write_report

        write_report(chosen, model, result, report)
    return result

