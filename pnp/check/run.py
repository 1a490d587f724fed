"""`pnp check`: load the spec, run the game's checker, write the log and the report."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from pnp import games as game_registry
from pnp.budget import DEFAULT_TOLERANCE
from pnp.check.options import CheckOptions
from pnp.check.report import CheckReport
from pnp.errors import PnpError
from pnp.files.atomic import write_files
from pnp.files.targets import STDOUT, output_file, output_folder, refuse_foreign
from pnp.games.base import Game
from pnp.i18n import in_lang

REPORT_MARK = b": check report</title>"  # in the head of every report's index.html
REPORT_FILES = ("index.html", "best-game.svg", "worst-game.svg")


def add_box_fit(game: Game, model: Any, report: CheckReport) -> None:
    """The printed parts must suffice: the pieces have to fit the kit's box."""
    from pnp.components.boxspec import box_fit, settings_for

    fit = box_fit(game, model)
    if fit is None:
        return
    settings = settings_for(model)
    report.static["box"] = {
        "outer_mm": str(settings.size),
        "inner_mm": "x".join(f"{v:.1f}" for v in fit.inner),
        "fill_height_mm": round(fit.fill_height, 1),
        "fits": fit.fits,
        "explanation": fit.explanation,
    }
    if not fit.fits:
        report.fail(f"the pieces do not fit the box: {fit.explanation}")


def run_check(game: str, *, spec: Path | None, games: int, seed: int, players: int | None,
              preset: str | None, workers: int, log: Path | None, report: Path | None,
              progress: bool, confidence: float = 0.95, skill_games: int | None = None,
              strict: bool = False, max_games: int | None = None, levels: tuple[str, ...] = (),
              seat_levels: tuple[str, ...] = (), tolerance: float = DEFAULT_TOLERANCE,
              log_games: int | None = None, pairs: bool = False) -> CheckReport:
    """`games` 0 is --games auto: looks until every test is decided, at most `max_games` per configuration,
    each test's indifference zone `tolerance` wide either side of its threshold (a fixed check ignores it)."""
    chosen = game_registry.get(game)
    chosen.check_preset(preset)
    model = chosen.load(spec)
    if log is not None and str(log) != STDOUT:  # now, not after minutes of simulation
        output_file(log)
    if report is not None:
        output_folder(report)
        refuse_foreign(report / "index.html", REPORT_MARK)  # a kit's contact sheet stays
        if log is not None and str(log) != STDOUT and Path(log).resolve().parent == report.resolve() \
                and Path(log).name in REPORT_FILES:
            raise PnpError(f"{log}: named for two outputs of this command")
    options = CheckOptions(games=games, seed=seed, players=players, preset=preset, workers=workers,
                           progress=progress, log=log, log_games=log_games, keep_games=report is not None,
                           confidence=confidence, skill_games=skill_games, strict=strict, levels=levels,
                           seat_levels=seat_levels, pairs=pairs)
    if games == 0:
        from pnp.check import auto, sequential

        if chosen.simulation is None:
            raise PnpError(f"{game}: --games auto needs a game with a simulation protocol; give --games N")
        options = dataclasses.replace(options, games=max_games or sequential.DEFAULT_MAX_GAMES)
        result = auto.check(chosen.simulation, model, options, max_games or sequential.DEFAULT_MAX_GAMES,
                            tolerance=tolerance)
    else:
        result = chosen.check(model, options)  # streams the log
    named = getattr(model, "title", None) or getattr(model, "name", None)
    result.title = in_lang(named, "en") if named else chosen.title  # the report speaks English
    result.spec_file = str(getattr(model, "source", None) or spec or "")
    add_box_fit(chosen, model, result)
    if report is not None:
        from pnp.check.html import render_report

        write_files(render_report(chosen, model, result, report))
    return result

