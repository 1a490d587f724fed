"""`pnp sweep`: check the input, run the grid, print the table or JSON, write the CSV, report and best spec."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import PnpError
from pnp.files.atomic import write_files
from pnp.files.targets import output_file, output_folder, refuse_foreign
from pnp.sweep import results
from pnp.sweep.race import race
from pnp.sweep.run import Sweep, SweepOptions, plan, run_fixed
from pnp.variants import parse_vary


def check_outputs(*, csv: Path | None, report: Path | None, write_best: Path | None) -> None:
    """Every output can be written and no two outputs are the same file: refused before any game."""
    targets: dict[Path, str] = {}
    named = [("--csv", csv), ("--write-best", write_best)]
    if report is not None:
        from pnp.sweep.report import REPORT_MARK

        output_folder(report)
        refuse_foreign(report / "index.html", REPORT_MARK)  # a check report or a kit's contact sheet stays
        named.append(("--report", report / "index.html"))
    for option, path in named:
        if path is None:
            continue
        target = output_file(path).resolve()
        if target in targets:
            raise PnpError(f"{path}: named by both {targets[target]} and {option}; give each output its own file")
        targets[target] = option


def sweep(game: str, *, spec: Path | None, vary: tuple[str, ...], options: SweepOptions, csv: Path | None,
          report: Path | None, write_best: Path | None) -> Sweep:
    """Everything before the first game is checked first: a bad option costs no simulation. The files
    are written together at the end, all or none."""
    varies = [parse_vary(option) for option in vary]
    chosen, planned = plan(game, spec, varies, options)
    check_outputs(csv=csv, report=report, write_best=write_best)
    if options.scheduler is not None:
        from pnp.extras import check_extra
        from pnp.sweep.cluster import probe

        check_extra("distributed", "cluster", f"--scheduler {options.scheduler}")
        probe(options.scheduler)  # a scheduler that does not answer is refused before the first game
    done = race(chosen, planned) if planned.options.auto else run_fixed(chosen, planned)
    outputs: list[tuple[Path, bytes]] = []
    if csv is not None:
        outputs.append((csv, results.to_csv(done).encode()))
    if report is not None:
        from pnp.sweep.report import render_report

        outputs += render_report(done, report)
    best = results.best(done)
    if write_best is not None and best is not None:
        outputs.append((write_best, best.spec_text.encode()))
    write_files(outputs)
    return done
