"""A check's result in the studio's words: a headline in plain words first, then the details, with
the command line's options named as the studio's check settings and no job paths."""

from __future__ import annotations

import math
import re
from html import escape
from typing import Any

from pnp.check.report import verdicts_by_look

# The check's options as the studio's check form names its fields.
SETTINGS = {"--skill-games": "Skill games", "--games": "Games", "--max-games": "“At most”", "--strict": "Strict",
            "--confidence": "Confidence", "--players": "Players", "--preset": "Rules"}
# The sweep's: its games are "Games per variant" (its skill match plays a quarter of them), beside the check's
# "At most".
SWEEP_SETTINGS = {**SETTINGS, "--games": "Games per variant", "--skill-games": "Games per variant"}
_OPTION = re.compile(r"(?:<code>)?(--skill-games|--games|--max-games|--strict|--confidence|--players|--preset)\b"
                     r"(?:</code>)?")
# An open test's hint names the option that plays more games: the field to raise.
_HINT = re.compile(r"would decide it \((--skill-games|--games|--max-games)\)")
_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def studio_words(text: str, sweep: bool = False) -> str:
    """A line of the check or sweep (or its HTML report) with the command line's options as the fields of
    the studio's check form (`sweep`: of its sweep)."""
    fields = SWEEP_SETTINGS if sweep else SETTINGS
    text = _HINT.sub(lambda match: f"would decide it (raise {fields[match.group(1)]})", text)
    return _OPTION.sub(lambda match: fields[match.group(1)], text)


def _more_games(result: dict[str, Any]) -> str:
    """The field that plays more games of this check: "At most" under games auto, else Games."""
    return SETTINGS["--max-games" if result.get("sequential") else "--games"]


_COMMAND = re.compile(r"`?pnp (check|sweep|kit)`?")


def form_words(text: str) -> str:
    """A spec's help as the form shows it: its commands and options as the studio's, no backticks
    (the page names the spec's keys by their labels)."""
    return studio_words(_COMMAND.sub(lambda match: f"the {match.group(1)}", text)).replace("`", "")


def _percent(share: float) -> str:
    return f"{share * 100:.0f}"


def _configuration_words(label: str) -> str:
    """'2 players' -> 'two-player' (as in 'of two-player games')."""
    match = re.match(r"^(\d+) players?(.*)$", label)
    if not match:
        return label
    count = int(match.group(1))
    return f"{_COUNT_WORDS.get(count, str(count))}-player{match.group(2)}"


# A threshold test as the checker words it: "2 players: games whose first turn can place a stone
# 100.0% (83.9%-100.0%), minimum 95.0% (check.min_first_move_share): undecided; ...".
_TEST_LINE = re.compile(r"^(?P<configuration>[^:]+): (?P<what>.+?) (?P<figure>-?[\d.]+%? \(-?[\d.]+%?--?[\d.]+%?\)), "
                        r"(?P<bound>minimum|limit) (?P<threshold>-?[\d.]+%?) \((?P<test>[^)]+)\)")
# A share with its interval, "20.0% (-53.9%-76.5%)", and a share alone, "95.0%".
_RANGE = re.compile(r"(-?\d+(?:\.\d+)?)% \((-?\d+(?:\.\d+)?)%-(-?\d+(?:\.\d+)?)%\)")
_SHARE = re.compile(r"(-?\d+(?:\.\d+)?)%")
# The seat advantage is a difference of two shares: percentage points, not per cent.
_ADVANTAGE = re.compile(r"advantage (-?[\d.]+)% \((-?[\d.]+)%-(-?[\d.]+)%\), limit (-?[\d.]+)%")


def _whole(number: str) -> str:
    """Rounded half up, as a reader rounds (76.5 is 77), not to even."""
    return str(math.floor(float(number) + 0.5))


def _range(estimate: str, low: str, high: str) -> str:
    """'20 % (from -54 % to 77 %)'."""
    return f"{_whole(estimate)} % (from {_whole(low)} % to {_whole(high)} %)"


def plain_figures(text: str) -> str:
    """The checker's figures in the studio's words: whole per cents with a space, intervals as
    'from ... to ...', the seat advantage and its limit in percentage points."""
    text = _ADVANTAGE.sub(lambda m: f"advantage {_whole(m[1])} percentage points (from {_whole(m[2])} to "
                                    f"{_whole(m[3])}), limit {_whole(m[4])} percentage points", text)
    text = _RANGE.sub(lambda m: _range(m[1], m[2], m[3]), text)
    return _SHARE.sub(lambda m: f"{_whole(m[1])} %", text)


def _undecided_test(result: dict[str, Any], test: dict[str, Any]) -> str:
    """What an undecided threshold test asks, in words: 'whether games whose first turn can place a
    stone reach the minimum of 95 % (two-player games: 100 % (from 84 % to 100 %))'."""
    for line in result.get("undecided", []):
        match = _TEST_LINE.match(line)
        if match and match["test"] == test.get("test") and match["configuration"] == test.get("configuration"):
            bound = "reach the minimum" if match["bound"] == "minimum" else "stay within the limit"
            return (f"whether {match['what']} {bound} of {plain_figures(match['threshold'])} "
                    f"({_configuration_words(match['configuration'])} games: {plain_figures(match['figure'])})")
    return f"the test {test.get('test', 'of a threshold')}"


def _verdict(result: dict[str, Any]) -> str:
    verdict = result.get("verdict")
    if verdict == "playable":
        return "Playable."
    if verdict == "not playable":
        reasons = result.get("reasons") or []
        own = [r for r in reasons if not r.startswith("balance (")]
        if reasons and not own:  # only balance findings, which the sentences after this one name
            return "Not playable under Strict (its balance findings fail the check)."
        return f"Not playable: {plain_figures(studio_words(own[0])) if own else 'see the details'}."
    waiting = [t for t in result.get("tests", []) if t.get("outcome") == "undecided" and t.get("games_to_decide")]
    if not waiting:
        return "Playability not decided yet: see the details."
    test = max(waiting, key=lambda t: t["games_to_decide"])
    return (f"Playability not decided yet: {_undecided_test(result, test)} is open; about "
            f"{test['games_to_decide']:,} games would decide it (raise {_more_games(result)}).")


def _fairness(result: dict[str, Any]) -> str:
    balance = result.get("balance") or {}
    seated = [(label, figures) for label, figures in (balance.get("configurations") or {}).items()
              if figures.get("seat_advantage") and figures.get("seat_win_shares")]
    if not seated:
        return ""
    reasons = {figures["seat_advantage"].get("by_symmetry") for _, figures in seated}
    if None not in reasons and len(reasons) == 1:
        reason = reasons.pop()
        return f"Fair by the rules: {reason[0].upper()}{reason[1:]}."
    order = {"fail": 0, "undecided": 1, "pass": 2}
    label, figures = min(seated, key=lambda item: (order.get(item[1]["seat_advantage"]["outcome"], 3),
                                                   -item[1]["seat_advantage"]["estimate"]))
    advantage = figures["seat_advantage"]
    shares = figures["seat_win_shares"]
    lead = max(range(len(shares)), key=lambda n: shares[n]["estimate"])
    trail = min(range(len(shares)), key=lambda n: shares[n]["estimate"])
    limit = _percent(advantage["limit"])
    # The figure and the limit in the same unit: how many percentage points more often the leading seat wins.
    gap = (f"seat {lead + 1} wins {_percent(shares[lead]['estimate'])} % of {_configuration_words(label)} games "
           f"and seat {trail + 1} {_percent(shares[trail]['estimate'])} %, a gap of "
           f"{_percent(advantage['estimate'])} points (likely between {_percent(advantage['low'])} and "
           f"{_percent(advantage['high'])})")
    if advantage["outcome"] == "fail":
        return f"Not fair yet: {gap}; a fair set keeps the gap at most {limit} points."
    if advantage["outcome"] == "undecided":
        games = advantage.get("games_to_decide")
        decide = f"; about {games:,} games would decide it (raise {_more_games(result)})" if games else ""
        return f"Fairness not decided yet: {gap}; a fair set keeps the gap at most {limit} points{decide}."
    return f"Fair: no seat wins more than {limit} percentage points more often than another."


def _luck(result: dict[str, Any]) -> str:
    for match in ((result.get("balance") or {}).get("skill") or {}).values():
        test = match.get("luck_test")
        if test and test.get("outcome") == "fail":
            win = match["win_share"]
            return (f"A game of luck: the {match['player']} player wins only {_percent(win['estimate'])} % "
                    f"(from {_percent(win['low'])} % to {_percent(win['high'])} %) against the {match['opponent']} "
                    f"player; the minimum is {_percent(test['limit'])} %.")
    return ""


def headline(result: dict[str, Any]) -> str:
    """The verdict, fairness and luck in a few plain sentences, e.g. "Playable. Not fair yet: seat 2 wins
    59 % of two-player games and seat 1 41 %, a gap of 18 points (likely between 8 and 30); a fair set
    keeps the gap at most 10 points."."""
    return " ".join(part for part in (_verdict(result), _fairness(result), _luck(result)) if part)


def tone(result: dict[str, Any]) -> str:
    """How the headline is coloured: "good" only when the set is playable, fair and no game of luck,
    "open" while any of these is undecided, else "bad"."""
    balance = result.get("balance") or {}
    outcomes = [figures["seat_advantage"].get("outcome") for figures in (balance.get("configurations") or {}).values()
                if figures.get("seat_advantage")]
    outcomes += [match["luck_test"].get("outcome") for match in (balance.get("skill") or {}).values()
                 if match.get("luck_test")]
    verdict = result.get("verdict")
    if verdict == "not playable" or "fail" in outcomes:
        return "bad"
    if verdict != "playable" or "undecided" in outcomes:
        return "open"
    return "good"


def details(result: dict[str, Any]) -> list[str]:
    """Every reason, open question, finding and warning of the check, in the studio's words."""
    balance = result.get("balance") or {}
    lines = [*result.get("reasons", []), *result.get("undecided", []), *balance.get("findings", []),
             *balance.get("undecided", []), *result.get("warnings", [])]
    # Under strict, a balance finding is also a reason ("balance (--strict): ..."): said once.
    said = " ".join([*result.get("reasons", []), *result.get("undecided", [])])
    kept = [line for n, line in enumerate(lines) if n < len(result.get("reasons", [])) + len(
        result.get("undecided", [])) or f": {line}" not in said]
    return [plain_figures(studio_words(line)) for line in dict.fromkeys(kept)] + _looks(result)


def _test_label(game: str | None, test: str) -> str:
    """A check's test ('check.min_placed_share') as the studio's form labels its field."""
    from pnp import games as registry

    declared = registry.get(game).fields.find(test) if game in registry.names() else None
    return declared.en[0].lower() + declared.en[1:] if declared is not None else test


def _looks(result: dict[str, Any]) -> list[str]:
    """Under games auto: how many games it took, or that the budget ran out first, and after how many
    games each verdict came, the tests that came together named together."""
    sequential = result.get("sequential")
    if not sequential:
        return []
    games = f"{sequential['games']:,} games per player count"
    played = sequential.get("games_per_configuration") or {}
    if sequential["decided"] and len(set(played.values())) > 1:  # each player count stopped on its own
        each = ", ".join(f"{label} after {n:,}" for label, n in played.items())
        lines = [f"Decided as the games came in: {each} games (at most {sequential['max_games']:,} per player count)."]
    elif sequential["decided"]:
        lines = [f"Decided after {games}, as the games came in (at most {sequential['max_games']:,})."]
    else:
        lines = [f"Still open after {games}, the most the check may play; raise “At most” to decide it."]
    looks = []
    for games_then, tests in verdicts_by_look(sequential).items():
        labelled: dict[str, list[str]] = {}  # a test decided for several player counts: named once
        for where, test in tests:
            labelled.setdefault(_test_label(result.get("game"), test), []).append(where)
        looks.append(f"{games_then:,} games: " + ", ".join(f"{label} ({', '.join(wheres)})"
                                                           for label, wheres in labelled.items()))
    if looks:
        lines.append("Each verdict came after: " + "; ".join(looks) + ".")
    return lines


def sweep_words(result: dict[str, Any]) -> dict[str, Any]:
    """A sweep's result as the studio's sweep table shows it: each variant's reasons with its figures in
    words and the options named as the sweep's fields."""
    variants = [{**variant, "reasons": [plain_figures(studio_words(reason, sweep=True))
                                        for reason in variant.get("reasons", [])]}
                for variant in result.get("variants", [])]
    return {**result, "variants": variants}


def report_page(html: str, title: str, source: str, sweep: bool = False) -> str:
    """The check's (`sweep`: the sweep's) HTML report as the studio shows it: the spec named as the studio
    names it (not the job's copy in studio-output), the options as the studio's settings."""
    html = re.sub(r'<p class="source">.*?</p>', f'<p class="source">{escape(title)} set checked from '
                  f"{escape(source)}</p>", html, count=1, flags=re.S)
    return studio_words(html, sweep)
