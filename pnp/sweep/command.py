"""`pnp sweep`: check the input, run the grid, print the table or JSON, write the CSV, report and best spec."""

from __future__ import annotations

from pathlib import Path

from pnp.fileio import atomic_write_bytes, check_can_create
from pnp.sweep import results
from pnp.sweep.run import Sweep, SweepOptions, plan, run
from pnp.variants import parse_vary


def sweep(game: str, *, spec: Path | None, vary: tuple[str, ...], options: SweepOptions, csv: Path | None,
          report: Path | None, write_best: Path | None) -> Sweep:
    """Everything before the first game is checked first: a bad option costs no simulation."""
    varies = [parse_vary(option) for option in vary]
    chosen, planned = plan(game, spec, varies, options)
    for folder in [path.parent for path in (csv, write_best) if path] + ([report] if report else []):
        check_can_create(folder)
    done = run(chosen, planned)
    if csv is not None:
        atomic_write_bytes(csv, results.to_csv(done).encode())
    if report is not None:
        from pnp.sweep.report import render_report

        for path, data in render_report(done, report):
            atomic_write_bytes(path, data)
    best = results.best(done)
    if write_best is not None and best is not None:
        atomic_write_bytes(write_best, best.spec_text.encode())
    return done
