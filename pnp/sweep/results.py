"""A sweep's results: the figures of each variant and configuration, the best variant, and the table,
JSON and CSV forms of them.

The best variant is chosen by one rule (see BEST_RULE): among the variants that keep every limit the
designer set (the check's thresholds, the balance limits of seat advantage and skill share, and the
target length when one is given), the one with the smallest seat advantage (the largest over its
configurations), then the one closest to the target length (the median of the passing variants when no
target is given), then the first in grid order. A variant that breaks a limit is never the best, and an
undecided one is listed beside the best, not dropped.
"""

from __future__ import annotations

import csv
import io
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pnp.jsontext import json_text
from pnp.players.levels import STANDARD_LEVELS, name_of
from pnp.sweep.run import Sweep, Variant

BEST_RULE = ("keeps every limit, decided at the confidence: the check's thresholds, the seat advantage and "
             "skill share limits, and the target length when one is given; then the smallest seat advantage "
             "(the largest over its configurations); then the mean game length closest to the target length "
             "(without one, the median of the passing variants); then the first in grid order")


def _summary_mean(key: str) -> Callable[[dict[str, Any]], float | None]:
    def read(figures: dict[str, Any]) -> float | None:
        value = figures.get(key)
        return value.get("mean") if isinstance(value, dict) else None

    return read


def _plain(key: str) -> Callable[[dict[str, Any]], float | None]:
    def read(figures: dict[str, Any]) -> float | None:
        value = figures.get(key)
        return value if isinstance(value, int | float) and not isinstance(value, bool) else None

    return read


def _seat_advantage(figures: dict[str, Any]) -> float | None:
    """The check's own seat advantage when it has one; otherwise the best seat's win share above an
    even share (0 when every seat wins as often)."""
    balance = figures.get("balance")
    for source in (balance if isinstance(balance, dict) else {}, figures):
        value = source.get("seat_advantage")
        if isinstance(value, dict):  # the check's balance section: an interval around its estimate
            value = value.get("estimate")
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value
    shares = figures.get("seat_win_shares") or []
    if len(shares) < 2:
        return None
    return round(max(shares) - 1 / len(shares), 4)


def _skill_signal(figures: dict[str, Any]) -> float | None:
    balance = figures.get("balance")
    for source in (balance if isinstance(balance, dict) else {}, figures):
        value = source.get("skill_signal")
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value
    return None


def _shapes_per_game(figures: dict[str, Any]) -> float | None:
    shapes = figures.get("shapes_per_game_mean")
    return round(sum(shapes.values()), 3) if isinstance(shapes, dict) else None


@dataclass(frozen=True)
class Figure:
    key: str
    title: str
    read: Callable[[dict[str, Any]], float | None]
    better: str  # "low", "high" or "" (neither): how a designer reads it


# The figures of a configuration a sweep compares, in table order; a game shows those it reports.
FIGURES: tuple[Figure, ...] = (
    Figure("seat_advantage", "seat advantage", _seat_advantage, "low"),
    Figure("skill_signal", "skill signal", _skill_signal, "high"),
    Figure("length", "turns per game", _summary_mean("turns_per_game"), ""),
    Figure("mean_score", "mean score", _summary_mean("final_scores"), ""),
    Figure("placed_share", "placed share", _plain("placed_share_mean"), "high"),
    Figure("shapes_per_game", "shapes per game", _shapes_per_game, ""),
    Figure("sheet_rows_needed", "sheet rows needed", _plain("rows_that_suffice"), "low"),
    Figure("draws", "draws per game", _summary_mean("draws_per_game"), ""),
)


def variant_figures(variant: Variant) -> dict[str, dict[str, float | None]]:
    """Configuration label -> figure key -> value, for a simulated variant."""
    if variant.report is None:
        return {}
    balance = getattr(variant.report, "balance", None) or {}
    per_configuration = balance.get("configurations", {})
    matches = list((balance.get("skill") or {}).values())
    signal = matches[0]["win_share"]["estimate"] if matches else None  # the judged match: strongest vs random
    return {label: {figure.key: figure.read({**figures, "balance": {**per_configuration.get(label, {}),
                                                                      "skill_signal": signal}})
                    for figure in FIGURES}
            for label, figures in variant.report.simulation.items()}


def shown_figures(sweep: Sweep) -> list[Figure]:
    """The figures at least one variant has a value for."""
    present = {key for variant in sweep.variants for per_label in variant_figures(variant).values()
               for key, value in per_label.items() if value is not None}
    return [figure for figure in FIGURES if figure.key in present]


def broken_limits(variant: Variant) -> list[str]:
    """The balance limits and target length a variant decidedly breaks (its check's findings)."""
    report = variant.report
    return list(report.findings) if report is not None else []


def open_tests(variant: Variant) -> list[str]:
    """Every test still undecided: the check's thresholds, the balance limits and the target length."""
    report = variant.report
    if report is None:
        return []
    return [*report.undecided, *report.balance.get("undecided", [])]


def state(variant: Variant) -> str:
    """'pass' (every limit decided and kept), 'undecided' (none broken, some still open: more games would
    decide them) or 'fail' (a threshold or limit broken, or the variant is not a valid spec)."""
    if variant.report is None or not variant.simulated or not variant.report.playable or broken_limits(variant):
        return "fail"
    return "undecided" if open_tests(variant) else "pass"


def reasons(variant: Variant) -> list[str]:
    """Why a variant fails or is still open: the loader's reason, the failed thresholds, the broken limits
    and the open tests (each naming the games that would decide it)."""
    if variant.error:
        return [variant.error]
    if variant.report is None:
        return []
    return [*variant.report.reasons, *broken_limits(variant), *(f"undecided: {u}" for u in open_tests(variant))]


def passes(variant: Variant) -> bool:
    return state(variant) == "pass"


def summary(sweep: Sweep) -> str:
    """'2 variants, 1 passes every threshold, 1 undecided': the count of each outcome (passing means keeping
    every limit: the thresholds, the balance limits and the target length)."""
    counts = {kind: sum(state(v) == kind for v in sweep.variants) for kind in ("pass", "undecided")}
    text = f"{len(sweep.variants)} variant{'s' if len(sweep.variants) != 1 else ''}, " \
           f"{counts['pass']} pass{'es' if counts['pass'] == 1 else ''} every threshold"
    return text + (f", {counts['undecided']} undecided" if counts["undecided"] else "")


def skill_match(sweep: Sweep) -> str:
    """'the win share of search (expert) against greedy (good)': the players of the variants' judged skill
    match, named by their strength levels ("" when no variant played one)."""
    for variant in sweep.variants:
        judged = next(iter((variant.report.balance.get("skill") or {}).values()), None) if variant.report else None
        if judged:
            return (f"the win share of {_player(judged['player'])} against {_player(judged['opponent'])}, "
                    "each deal with both seatings")
    return ""


def _player(player: str) -> str:
    level = name_of(STANDARD_LEVELS, player)
    return player if level == player else f"{player} ({level})"


def more_games(sweep: Sweep) -> str:
    """What plays more games of a sweep: a larger budget under --games auto, else more --games."""
    return "a larger --max-games" if sweep.options.auto else "more --games"


def exit_code(sweep: Sweep) -> int:
    """0: a best variant; 3: none passes yet, but some are undecided (more games may decide them); 1: none."""
    if best(sweep) is not None:
        return 0
    return 3 if any(state(v) == "undecided" for v in sweep.variants) else 1


def _worst(variant: Variant, key: str) -> float | None:
    values = [v[key] for v in variant_figures(variant).values() if v.get(key) is not None]
    return max(values) if values else None  # type: ignore[type-var]


def _length(variant: Variant) -> float | None:
    values = [v["length"] for v in variant_figures(variant).values() if v.get("length") is not None]
    return statistics.fmean(values) if values else None  # type: ignore[arg-type]


def best(sweep: Sweep) -> Variant | None:
    """The best variant by BEST_RULE, or None when no variant keeps every limit."""
    passing = [variant for variant in sweep.variants if passes(variant)]
    if not passing:
        return None
    lengths = [length for variant in passing if (length := _length(variant)) is not None]
    wanted = sweep.options.target_length
    if wanted is not None:
        target = (wanted[0] + wanted[1]) / 2
    else:
        target = statistics.median(lengths) if lengths else 0.0

    def key(variant: Variant) -> tuple[bool, float, float, int]:
        advantage = _worst(variant, "seat_advantage")
        length = _length(variant)
        return (bool(variant.out), advantage if advantage is not None else 0.0,
                abs(length - target) if length is not None else 0.0, variant.number)

    return min(passing, key=key)


def to_json(sweep: Sweep) -> dict[str, Any]:
    chosen = best(sweep)
    return {
        "game": sweep.game,
        "games": "auto" if sweep.options.auto else sweep.options.games,
        "seed": sweep.options.seed,
        "confidence": sweep.options.confidence,
        "fields": sweep.fields,
        "variants": [{
            "variant": variant.number,
            "values": variant.values,
            "verdict": variant.verdict,
            "standing": _verdict(variant),  # the table's word: the verdict, or a limit broken or still open
            "passes": passes(variant),
            "state": state(variant),
            "reasons": reasons(variant),
            **({"at_limit": variant.report.at_limit} if variant.report and variant.report.at_limit else {}),
            "warnings": variant.report.warnings if variant.report else [],
            "games": variant.played,
            **({"out": variant.out} if variant.out else {}),
            "figures": variant_figures(variant),
            "simulation": variant.report.simulation if variant.report else {},
            "skill": variant.report.balance.get("skill", {}) if variant.report else {},
        } for variant in sweep.variants],
        "best": chosen.number if chosen else None,
        "undecided": [variant.number for variant in sweep.variants if state(variant) == "undecided"],
        "best_rule": BEST_RULE,
        **({"race": sweep.race} if sweep.race is not None else {}),
        **({"target_length": list(sweep.options.target_length)} if sweep.options.target_length else {}),
    }


def to_json_text(sweep: Sweep) -> str:
    return json_text(to_json(sweep), indent=2)


def rows(sweep: Sweep) -> tuple[list[str], list[list[str]]]:
    """The table: one row per variant and configuration (one row for a variant that was not played)."""
    figures = shown_figures(sweep)
    header = ["variant", *sweep.fields, "configuration", "verdict", *(f.key for f in figures), "reason"]
    chosen = best(sweep)
    body = []
    for variant in sweep.variants:
        values = [cell(variant.values[name]) for name in sweep.fields]
        verdict = _verdict(variant) + (" (best)" if variant is chosen else "")
        at_limit = [f"at the limit: {a}" for a in (variant.report.at_limit if variant.report else [])]
        stopped = [variant.out or tie_reason(sweep, variant)]  # the race's stop first
        reason = "; ".join([*filter(None, stopped), *reasons(variant), *at_limit])
        per_label = variant_figures(variant) or {"": {}}
        for label, measured in per_label.items():
            body.append([str(variant.number), *values, label, verdict,
                         *(cell(measured.get(f.key)) for f in figures), reason])
    return header, body


def _verdict(variant: Variant) -> str:
    """The check's verdict, or 'breaks a limit' for a playable set whose balance breaks one, or
    'undecided' while a balance test is still open."""
    kind = state(variant)
    # A limit broken is decided whatever else is open: such a variant cannot be the best
    if variant.verdict in ("playable", "undecided") and kind == "fail" and broken_limits(variant):
        return "breaks a limit"
    if variant.verdict == "playable" and kind == "undecided":
        return "undecided"
    return variant.verdict


def cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def to_text(sweep: Sweep) -> str:
    header, body = rows(sweep)
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
             for row in [header, *body]]
    chosen = best(sweep)
    # A variant the race stopped as clearly worse cannot be the best, whatever its own tests say
    still_open = [str(v.number) for v in sweep.variants if state(v) == "undecided" and not v.out]
    if chosen is not None:
        outcome = f"best: variant {chosen.number}"
        if still_open:
            outcome += (f" of those decided; variant{'s' if len(still_open) > 1 else ''} {', '.join(still_open)} "
                        f"still undecided ({more_games(sweep)} would say whether one is better)")
    elif exit_code(sweep) == 3:
        outcome = f"no best variant yet ({more_games(sweep)} would decide the undecided ones)"
    else:
        outcome = "no best variant"
    lines.append(f"{sweep.game}: {summary(sweep)}; {outcome}")
    match = skill_match(sweep)
    if match:
        lines.append(f"skill_signal: {match}")
    if sweep.race is not None:
        lines.append(race_text(sweep.race))
    limited = at_limit(sweep)
    if limited:
        lines.append(f"at the limit (decided by --tolerance {sweep.options.tolerance:g}): "
                     f"variant{'s' if len(limited) > 1 else ''} {', '.join(str(v.number) for v, _ in limited)}")
        lines += [f"  variant {variant.number}: {test}" for variant, tests in limited for test in tests]
    return "\n".join(lines)


def at_limit(sweep: Sweep) -> list[tuple[Variant, list[str]]]:
    """The variants with a test decided only by the tolerance (its figure within it of the limit), each
    with those tests in words, in grid order."""
    return [(variant, list(variant.report.at_limit)) for variant in sweep.variants
            if variant.report is not None and variant.report.at_limit]


def race_text(race: dict[str, Any]) -> str:
    """'games auto: 3,150 games played (looks at 50..6400 games per configuration, 95% confidence over all
    looks)', then the variants still tied with the best: shown within the tolerance of it, or left so by
    the budget, with about how many games would separate them."""
    looks = race["looks"]
    if race.get("comparison", "").startswith("paired"):
        how = (f"{len(looks)} looks at {looks[0]}..{looks[-1]} games per configuration, one level over all of them, "
               f"{race['confidence']:.0%} confidence; variants compared on the same deals")
    else:
        how = (f"looks at {looks[0]}..{looks[-1]} games per configuration, {race['confidence']:.0%} confidence "
               "over all looks")
    played = race.get("games_per_variant") or {}
    each = f"; games per configuration: {', '.join(f'variant {n} {g:,}' for n, g in played.items())}" if played else ""
    text = f"games auto: {race['games']:,} games played ({how}){each}"
    if race["tied"]:
        text += "; " + tie_text(race)
    return text


def tie_text(race: dict[str, Any]) -> str:
    """Which variants remain tied with the best, and why the race stopped them."""
    tied = race["tied"]
    names = f"variant{'s' if len(tied) > 1 else ''} {', '.join(map(str, tied))}"
    separate = [(n, race["games_to_separate"].get(str(n)), race.get("differences", {}).get(str(n))) for n in tied]
    if race.get("tied_within") is None:
        zone = 2 * race.get("tolerance", 0.0)
        within = f" by more than {zone:.1%}" if zone else ""
        text = f"{names} still racing the best when the budget was spent: not shown worse{within}"
        return text + "".join(f"; variant {number} {difference_text(found, games)}"
                              for number, games, found in separate if found is not None)
    zone = race["tied_within"]
    them = "theirs" if len(tied) > 1 else "its"
    if race.get("near_best"):
        text = (f"{names} kept beside the best: the best's seat advantage is shown at most {zone:.1%} above {them} "
                f"({race['confidence']:.0%} confidence) and {them} not shown more than {zone:.1%} above the best's, "
                "so the race stopped")
    else:
        text = (f"{names} tied with the best: their seat advantages are within {zone:.1%} of each other "
                f"({race['confidence']:.0%} confidence), so the race stopped them")
    for number, games, found in separate:
        if found is not None:
            text += f"; variant {number} {difference_text(found, games)}"
    return text


def difference_text(found: dict[str, Any], games: int | None) -> str:
    """A variant's seat advantage less the best's with its interval, and what it shows: apart (the interval
    leaves 0) or not yet, with about how many games per configuration would tell them apart."""
    interval = f"{found['estimate']:+.1%} ({found['low']:+.1%} to {found['high']:+.1%})"
    if found["low"] > 0 or found["high"] < 0:
        side = "above" if found["low"] > 0 else "below"
        return f"less the best {interval}: its seat advantage shown {side} the best's"
    if not games:
        return f"less the best {interval}: equal estimates, no number of games would tell them apart"
    return (f"less the best {interval}: about {games - found['games']:,} more games per configuration each "
            f"({games:,} in all) would tell them apart, if the estimates held")


def tie_reason(sweep: Sweep, variant: Variant) -> str:
    """The table's word for a variant the race left tied with the best ('' for any other)."""
    race = sweep.race
    chosen = best(sweep)
    if race is None or chosen is None or variant.number not in race["tied"]:
        return ""
    if race.get("tied_within") is None:
        return f"still tied with the best, variant {chosen.number}, when the budget was spent"
    if race.get("near_best"):
        return (f"beside the best, variant {chosen.number}: the best's seat advantage shown at most "
                f"{race['tied_within']:.1%} above this one's after {variant.played} games")
    return (f"tied with the best, variant {chosen.number}: seat advantages within {race['tied_within']:.1%} of "
            f"each other after {variant.played} games")


def to_csv(sweep: Sweep) -> str:
    header, body = rows(sweep)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(body)
    return out.getvalue()
