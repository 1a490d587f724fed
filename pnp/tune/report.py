"""What `pnp tune` prints: every trial with its values, games, distance and target verdicts, then the best
variant with its intervals and the targets it meets (as a table, or one JSON document)."""

from __future__ import annotations

from typing import Any

from pnp.check.confidence import NO_INTERVAL
from pnp.jsontext import json_text
from pnp.sweep import results
from pnp.tune.search import Trial, Tuning


def _interval(figure: str, trial: Trial) -> str:
    interval = trial.figures.get(figure)
    if interval is None:
        return "-"
    if figure == "turns_per_game":
        return f"{interval.estimate:.1f} ({interval.low:.1f}-{interval.high:.1f})" if interval.bounded else \
            f"{interval.estimate:.1f} ({NO_INTERVAL})"
    return str(interval)


def to_text(tuning: Tuning) -> str:
    fields = [d.field for d in tuning.dimensions]
    header = ["trial", *fields, "games", "state", "distance", *(t.text for t in tuning.targets)]
    body = [[str(t.number), *(results.cell(t.values[f]) for f in fields), str(t.games), t.outcome,
             f"{t.objective:.3f}" if t.state != "invalid" else "-",
             *(t.verdicts.get(target.text, "-") for target in tuning.targets)] for t in tuning.trials]
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in [header, *body]]
    games = sum(t.games for t in tuning.trials)
    best = tuning.best
    shown = best or tuning.closest
    lines.append(f"{tuning.game}: {len(tuning.trials)} trials, {games:,} games; "
                 + (f"best: trial {best.number}" if best else "no trial meets every target and limit"))
    if shown is not None:
        lines.append(("best" if best else "closest") + ": " + ", ".join(
            f"{f} = {results.cell(shown.values[f])}" for f in fields))
        for target in tuning.targets:
            lines.append(f"  {target.text}: {_interval(target.figure, shown)}: "
                         f"{shown.verdicts.get(target.text, '-')}")
        if shown.stopped:
            lines.append(f"  {shown.stopped}")
        reasons = results.reasons(shown.variant)
        lines += [f"  {reason}" for reason in reasons]
    return "\n".join(lines)


def to_json(tuning: Tuning) -> dict[str, Any]:
    best = tuning.best

    def trial_json(t: Trial) -> dict[str, Any]:
        return {"trial": t.number, "values": t.values, "outcome": t.outcome, "state": t.state,
                "check_state": results.state(t.variant), "repeat_of": t.repeat_of, "stopped": t.stopped,
                "games": t.games, "distance": round(t.objective, 6) if t.state != "invalid" else None,
                "targets": t.verdicts,
                "figures": {name: interval.to_json() for name, interval in t.figures.items()},
                "reasons": results.reasons(t.variant)}

    return {"game": tuning.game, "trials": [trial_json(t) for t in tuning.trials],
            "targets": [t.text for t in tuning.targets], "confidence": tuning.options.confidence,
            "max_games": tuning.options.max_games, "tolerance": tuning.options.tolerance,
            "games": sum(t.games for t in tuning.trials),
            "best": best.number if best else None, "sweep_instead": tuning.sweep_instead}


def to_json_text(tuning: Tuning) -> str:
    return json_text(to_json(tuning), indent=2)
