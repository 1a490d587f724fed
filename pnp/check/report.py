"""The checker's result: a verdict with reasons, and the figures behind it."""

from __future__ import annotations

import dataclasses
import math
import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pnp.budget import MATCH_SHARE
from pnp.check.confidence import DEFAULT_CONFIDENCE, NO_INTERVAL, Interval, Kind, Outcome, ThresholdTest
from pnp.check.measures import measure_lines
from pnp.check.ratings import rating_lines
from pnp.jsontext import json_text

if TYPE_CHECKING:
    from pnp.check.stats import Tally

# Exit codes of `pnp check`: 2 is bad input (every command).
EXIT_PLAYABLE, EXIT_NOT_PLAYABLE, EXIT_UNDECIDED = 0, 1, 3

TEXT_WIDTH = 110  # of the text report's wrapped lists
NO_BREAK = "\u00a0"


def figure_text(value: float, share: bool) -> str:
    return f"{value:.1%}" if share else f"{value:.2f}"


def describe(test: ThresholdTest, what: str, share: bool) -> str:
    """'games place 48.0% (41.2%-55.3%) of the stones, minimum 50.0% (check.min_placed_share)'."""
    interval = test.interval
    bound = "minimum" if test.at_least else "limit"
    spread = f"{figure_text(interval.low, share)}-{figure_text(interval.high, share)}" if interval.bounded \
        else NO_INTERVAL
    return (f"{what} {figure_text(interval.estimate, share)} ({spread}), {bound} "
            f"{figure_text(test.threshold, share)} ({test.name})")


def games_to_decide(test: ThresholdTest, per_game: float = 1.0) -> int | None:
    """About how many games (not trials: a test may count player-games or rounds, `per_game` of
    them in a game) would decide the test; None when none would."""
    trials = test.games_to_decide()
    return None if trials is None else math.ceil(trials / max(per_game, 1e-9))


def test_json(configuration: str, test: ThresholdTest, per_game: float = 1.0) -> dict[str, Any]:
    return {"configuration": configuration, "test": test.name, **test.interval.to_json(),
            "threshold": test.threshold, "at_least": test.at_least, "trials": test.games,
            "outcome": test.outcome.value, "games_to_decide": games_to_decide(test, per_game)}


@dataclass
class CheckReport:
    game: str
    playable: bool = True  # no static check and no threshold test failed
    reasons: list[str] = field(default_factory=list)  # why the set fails; empty when playable
    warnings: list[str] = field(default_factory=list)
    static: dict[str, Any] = field(default_factory=dict)
    simulation: dict[str, Any] = field(default_factory=dict)  # per configuration, e.g. "2 players"
    confidence: float = DEFAULT_CONFIDENCE  # of every interval a threshold test compares
    strict: bool = False  # balance findings fail the check
    # Threshold tests whose interval still straddles the threshold, each naming the games that would decide it.
    undecided: list[str] = field(default_factory=list)
    tests: list[dict[str, Any]] = field(default_factory=list)  # every threshold test of the verdict
    balance: dict[str, Any] = field(default_factory=dict)  # fairness, skill and length (pnp.check.balance)
    findings: list[str] = field(default_factory=list)  # balance findings, apart from playability
    sequential: dict[str, Any] = field(default_factory=dict)  # --games auto: the looks and games (pnp.check.sequential)
    # --games auto --tolerance: the indifference zone of every test (a share's points; a mean's fraction
    # of its threshold), and the tests it decided "at the limit", in words with their intervals.
    tolerance: float = 0.0
    at_limit: list[str] = field(default_factory=list)
    # --games auto (pnp.check.sequential.RATIO): per kind of test, each side's error of the ratio test read at
    # this look (none: no ratio test) and its interval's confidence (none: `confidence`), and whether the
    # intervals may decide at this look.
    ratio_errors: dict[Kind, float] = field(default_factory=dict)
    closing_errors: dict[Kind, float] = field(default_factory=dict)  # each side's error at a test's closing look
    kind_confidences: dict[Kind, float] = field(default_factory=dict)
    interval_look: bool = True
    # --games auto (RATIO): the first verdict of every test decided at an earlier look, by configuration and
    # test, which the test keeps; shared from look to look. None: every look judges afresh.
    verdicts: dict[str, Outcome] | None = field(default=None, repr=False)
    # --games auto (check, sweep, tune): the looks' games, the skill matches' too, come from the budget, so an
    # undecided test names --max-games as what would play more; otherwise --games, or --skill-games for a match.
    budgeted: bool = False
    title: str = ""  # the spec's title and file, for the report
    spec_file: str = ""
    # What the HTML report draws, not part of the JSON document: each configuration's tally (by the
    # same label as in `simulation`) and the records of the games it shows ("best", "worst").
    tallies: dict[str, Tally] = field(default_factory=dict, repr=False)
    games_drawn: list[tuple[str, dict[str, Any]]] = field(default_factory=list, repr=False)

    def fail(self, reason: str) -> None:
        self.playable = False
        self.reasons.append(reason)

    def threshold(self, configuration: str, test: ThresholdTest, what: str, *, share: bool = True,
                  per_game: float = 1.0) -> None:
        """A [check] threshold judged on its interval: a failure only when the whole interval lies
        on the wrong side, undecided while it straddles the threshold."""
        test = self.zoned(test, share, where=configuration)
        self.tests.append(test_json(configuration, test, per_game))
        outcome = test.outcome
        self.note_at_limit(test, f"{configuration}: {describe(test, what, share)}", share)
        if outcome is Outcome.FAIL:
            self.fail(f"{configuration}: {describe(test, what, share)}")
        elif outcome is Outcome.UNDECIDED:
            self.undecided.append(f"{configuration}: {describe(test, what, share)}: "
                                  f"{self.undecided_clause(test, per_game)}")

    def undecided_clause(self, test: ThresholdTest, per_game: float = 1.0, skill_match: bool = False) -> str:
        """'undecided; about 73 games would decide it (--games)', naming the option of this run that plays
        more games. Under --games auto a skill match plays a quarter of each look's games (MATCH_SHARE), so
        the games it needs are counted in the budget per configuration that gives it them."""
        if self.budgeted:
            return undecided_clause(test, per_game / MATCH_SHARE if skill_match else per_game, "--max-games")
        return undecided_clause(test, per_game, "--skill-games" if skill_match else "--games")

    def zoned(self, test: ThresholdTest, share: bool = True, shares: int = 1, where: str = "") -> ThresholdTest:
        """The test with this report's indifference zone: the tolerance itself for a share (`shares` times
        it for a difference of that many shares' worth, as the seat advantage: two win shares), that
        fraction of the threshold for a mean (turns, draws per round); under `--games auto` with the ratio
        test read, keeping the verdict the test (`where`: its configuration or match) reached before."""
        if self.tolerance <= 0:
            return test
        zone = self.tolerance * shares if share else self.tolerance * (abs(test.threshold) or 1.0)
        kind = test.figure_kind
        test = test.at_confidence(self.kind_confidences.get(kind, test.confidence))
        test = dataclasses.replace(test, tolerance=zone).with_ratio(self.ratio_errors.get(kind, 0.0),
                                                                    self.interval_look,
                                                                    self.closing_errors.get(kind, 0.0))
        if self.verdicts is None:
            return test
        key = f"{where}: {test.name}"
        if key in self.verdicts:
            return dataclasses.replace(test, settled=self.verdicts[key])
        if test.outcome is not Outcome.UNDECIDED:
            self.verdicts[key] = test.outcome
        return test

    def note_at_limit(self, test: ThresholdTest, text: str, share: bool = True) -> None:
        """A test decided only by the tolerance, said in words: the interval straddles the limit, so the
        figure may sit at it, and the verdict could have gone either way there."""
        if test.at_limit:
            kept = test.outcome is Outcome.PASS
            self.at_limit.append(f"{text}: {'keeps' if kept else 'breaks'} the limit or sits at it within the "
                                 f"tolerance of {figure_text(test.tolerance, share)} (--tolerance), counted as "
                                 f"{'kept' if kept else 'broken'}")

    @property
    def verdict(self) -> str:
        if not self.playable:
            return "not playable"
        return "undecided" if self.undecided else "playable"

    @property
    def exit_code(self) -> int:
        if not self.playable:
            return EXIT_NOT_PLAYABLE
        return EXIT_UNDECIDED if self.undecided else EXIT_PLAYABLE

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "spec": self.spec_file,
            "verdict": self.verdict,
            "playable": self.verdict == "playable",
            "confidence": self.confidence,
            "reasons": self.reasons,
            "undecided": self.undecided,
            **({"at_limit": self.at_limit} if self.at_limit else {}),
            "warnings": self.warnings,
            "tests": self.tests,
            "static": self.static,
            "simulation": self.simulation,
            "balance": self.balance,
            **({"sequential": self.sequential} if self.sequential else {}),
        }

    def to_json_text(self) -> str:
        return json_text(self.to_json(), indent=2)

    def to_text(self) -> str:
        lines = [f"{self.game}: {self.verdict.upper()}"]
        lines += [f"  reason: {r}" for r in self.reasons]
        lines += [f"  undecided: {u}" for u in self.undecided]
        lines += [f"  at the limit: {a}" for a in self.at_limit]
        lines += [f"  warning: {w}" for w in self.warnings]
        if self.static:
            lines.append("static checks:")
            lines += _lines(self.static, 1)
        if self.simulation:
            lines.append("simulation:")
            lines += _lines(self.simulation, 1)
        if self.balance:
            lines += balance_lines(self.balance)
        if self.sequential:
            lines.append(sequential_line(self.sequential))
        return "\n".join(lines)


# The keys of a distribution (`pnp.check.stats`): its runs in a report read as one table.
SUMMARY_COLUMNS = ("count", "mean", "min", "q1", "median", "q3", "max")


def _lines(value: Any, depth: int) -> list[str]:
    pad = "  " * depth
    out: list[str] = []
    # Every distribution of this level in one table, where the first of them stands.
    table: dict[str, dict[str, float]] = {}
    table_at = 0
    for key, item in value.items():
        if is_summary(item):
            table_at = table_at if table else len(out)
            table[key] = item
        elif isinstance(item, dict) and item and not _is_flat(item):
            out.append(f"{pad}{key}:")
            out += _lines(item, depth + 1)
        elif isinstance(item, dict):
            out += _wrapped(f"{pad}{key}: ", ", ".join(_pair(k, v) for k, v in item.items()), pad)
        elif isinstance(item, list):
            out += _wrapped(f"{pad}{key}: ", ", ".join(str(x) for x in item), pad)
        else:
            out.append(f"{pad}{key}: {item}")
    if table:
        out[table_at:table_at] = _summary_table(table, pad)
    return out


def is_summary(item: Any) -> bool:
    """A distribution as `pnp.check.stats` writes it: these keys in this order, or only a count of 0."""
    return isinstance(item, dict) and tuple(item) in (SUMMARY_COLUMNS, ("count",))


def summary_cells(row: dict[str, float]) -> list[str]:
    """A distribution's figures for a table, in SUMMARY_COLUMNS order ("-" where there are none).
    Two decimals for reading; the JSON keeps the figures as computed."""
    cells = []
    for column in SUMMARY_COLUMNS:
        number = row.get(column)
        if number is None:
            cells.append("-")
        elif column in ("count", "min", "max") and float(number).is_integer():
            cells.append(f"{int(number)}")
        else:
            cells.append(f"{number:.2f}")
    return cells


def _summary_table(rows: dict[str, dict[str, float]], pad: str) -> list[str]:
    """Distributions as aligned columns under one header: easier to compare than one line each."""
    texts = {name: summary_cells(row) for name, row in rows.items()}
    name_width = max(len(name) for name in rows)
    widths = [max(len(column), *(len(t[i]) for t in texts.values())) for i, column in enumerate(SUMMARY_COLUMNS)]
    header = "  ".join(column.rjust(width) for column, width in zip(SUMMARY_COLUMNS, widths, strict=True))
    lines = [f"{pad}{'':<{name_width}}  {header}"]
    for name, cells in texts.items():
        body = "  ".join(text.rjust(width) for text, width in zip(cells, widths, strict=True))
        lines.append(f"{pad}{name:<{name_width}}  {body}")
    return lines


def _is_flat(item: dict[str, Any]) -> bool:
    return all(isinstance(v, int | float | str) for v in item.values())


def _pair(key: str, value: Any) -> str:
    """'0-1 6': a short pair stays on one line when a list wraps; a name with a comma is quoted, so the
    list reads as it is meant ('hexagon, one triangle' 5.0)."""
    text = f"{f'{key!r}' if ',' in str(key) else key} {value}"
    return text.replace(" ", NO_BREAK) if len(text) <= 16 else text


def _wrapped(head: str, text: str, pad: str) -> list[str]:
    """A long list on lines of a terminal's width, continued under its first item, not one per line."""
    lines = textwrap.wrap(text, width=TEXT_WIDTH, initial_indent=head, subsequent_indent=pad + "    ",
                          break_on_hyphens=False) or [head.rstrip()]
    return [line.replace(NO_BREAK, " ") for line in lines]


def undecided_clause(test: ThresholdTest, per_game: float, option: str) -> str:
    games = games_to_decide(test, per_game)
    if games is None:
        return "undecided; the figure sits on the threshold, no number of games would decide it"
    return f"undecided; about {games} games would decide it ({option})"


def balance_lines(balance: dict[str, Any]) -> list[str]:
    """The balance section of the text output."""
    lines = [f"balance ({level_text(balance['confidence'])} intervals):"]
    lines += [f"  finding: {f}" for f in balance["findings"]] or ["  findings: none"]
    lines += [f"  undecided: {u}" for u in balance.get("undecided", [])]
    for label, entry in balance.get("configurations", {}).items():
        lines.append(f"  {label} ({entry['games']} games):")
        if "seat_win_shares" in entry:
            shares = ", ".join(f"seat {i + 1} {_interval(s)}" for i, s in enumerate(entry["seat_win_shares"]))
            lines.append(f"    seat win shares: {shares}; ties {entry['tie_share']:.1%}")
            advantage = entry["seat_advantage"]
            paired = f", from {advantage['pairs']} pairs of deals" if advantage.get("interval") == "paired" else ""
            figure = (f"0 by the rules ({advantage['by_symmetry']}), not measured" if advantage.get("by_symmetry")
                      else _interval(advantage))
            lines.append(f"    seat advantage: {figure} (limit {advantage['limit']:.0%}{paired}): "
                         f"{advantage['outcome']}")
            lines.append("    mean score per seat: " + ", ".join(str(s) for s in entry["seat_mean_scores"]))
            if "compensation" in entry:
                lines.append("    " + _compensation(entry["compensation"]))
        lines.append(f"    turns per game: {_spread(entry['turns_per_game'])}")
        if "rounds_per_game" in entry:
            lines.append(f"    rounds per game: {_spread(entry['rounds_per_game'])}")
        lines += measure_lines(entry.get("measures", {}))
    for label, match in balance.get("skill", {}).items():
        lines.append(f"  skill, {label} ({match['games']} games, seats alternated): "
                     f"{match['player']} wins {_interval(match['win_share'])}, ties {match['tie_share']:.1%}; "
                     f"mean scores {match['mean_scores'][0]} to {match['mean_scores'][1]}")
    if "ratings" in balance:
        lines += rating_lines(balance["ratings"])
    for comparison in balance.get("seats_by_level", []):
        spec, level = comparison["spec_players"], comparison["level_players"]
        lines.append(f"  seats, {comparison['configuration']}: advantage {_interval(spec)} ({spec['outcome']}) with "
                     f"the spec's players, {_interval(level)} ({level['outcome']}) with {comparison['level']} "
                     f"players in every seat: {comparison['seat_finding']}")
        if "compensation_effect" in comparison:
            after = comparison["compensation_effect"]["seat_advantage"]
            lines.append(f"    the proposed compensation with {comparison['level']} players: advantage "
                         f"{_interval(after)}: {after['outcome']}")
    return lines


def _compensation(proposal: dict[str, Any]) -> str:
    shares = ", ".join(f"seat {i + 1} {_interval(s)}" for i, s in enumerate(proposal["seat_win_shares"]))
    after = proposal["seat_advantage"]
    return (f"proposed compensation: {proposal['rule']}; on these games: {shares}, advantage "
            f"{_interval(after)}: {after['outcome']}")


def _interval(figure: dict[str, Any]) -> str:
    return str(Interval.from_json(figure))


def _spread(figure: dict[str, float]) -> str:
    return f"mean {figure['mean']}, quartiles {figure['q1']} / {figure['median']} / {figure['q3']}"



def level_text(confidence: float) -> str:
    """A confidence as a percentage with the digits it needs: '95%', '99.69%', never a rounded '100%'."""
    for digits in range(3):
        text = f"{confidence:.{digits}%}"
        if abs(float(text[:-1]) / 100 - confidence) < 1e-9:
            return text
    text = f"{confidence:.2%}"
    return text if float(text[:-1]) < 100 else f"{confidence:.4%}"


def sequential_line(figures: dict[str, Any]) -> str:
    """'games auto: every test decided after 1 player 200, 2 players 1000 games (looks at 50..6400 games,
    ...)', then when the verdicts came, the tests decided at the same look on one line."""
    outcome = "every test decided" if figures["decided"] else "the budget (--max-games) spent, some tests open"
    zone = f", tolerance {figures['tolerance']:g}" if figures.get("tolerance") else ""
    looks = figures["looks"]
    played = figures.get("games_per_configuration") or {}
    games = (", ".join(f"{label} {n}" for label, n in played.items()) + " games" if len(set(played.values())) > 1
             else f"{figures['games']} games per configuration")
    level = level_text(figures["look_confidence"])
    if figures.get("mean_look_confidence", figures["look_confidence"]) != figures["look_confidence"]:
        level += f" (means {level_text(figures['mean_look_confidence'])})"
    line = (f"games auto: {outcome} after {games} (looks at {looks[0]}..{looks[-1]} games, each at "
            f"{level}: {level_text(figures['confidence'])} over all looks{zone})")
    return "\n".join([line, *(f"  decided after {n} games: {', '.join(f'{where}: {test}' for where, test in tests)}"
                              for n, tests in verdicts_by_look(figures).items())])


def verdicts_by_look(figures: dict[str, Any]) -> dict[int, list[tuple[str, str]]]:
    """An auto check's verdicts grouped by the look that gave them, the earliest first: games per
    configuration -> (configuration or match, test) pairs, from the report's `decided_at`."""
    by_games: dict[int, list[tuple[str, str]]] = {}
    for where_test, games in (figures.get("decided_at") or {}).items():
        where, _, test = where_test.rpartition(": ")
        by_games.setdefault(games, []).append((where, test))
    return dict(sorted(by_games.items()))
