"""A check's result in the studio's words: a headline in plain words first, then the details, with
the command line's options named as the studio's check settings and no job paths."""

from __future__ import annotations

import re
from html import escape
from typing import Any

# The check's options as the studio's check form names them.
SETTINGS = {"--skill-games": "raise Skill games", "--games": "raise Games", "--strict": "Strict",
            "--confidence": "Confidence", "--players": "Players", "--preset": "Rules"}
_OPTION = re.compile(r"(?:<code>)?(--skill-games|--games|--strict|--confidence|--players|--preset)\b(?:</code>)?")
_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def studio_words(text: str) -> str:
    """A line of the check (or its HTML report) with the command line's options as the studio's settings."""
    return _OPTION.sub(lambda match: SETTINGS[match.group(1)], text)


def _percent(share: float) -> str:
    return f"{share * 100:.0f}"


def _configuration_words(label: str) -> str:
    """'2 players' -> 'two-player' (as in 'of two-player games')."""
    match = re.match(r"^(\d+) players?(.*)$", label)
    if not match:
        return label
    count = int(match.group(1))
    return f"{_COUNT_WORDS.get(count, str(count))}-player{match.group(2)}"


def _verdict(result: dict[str, Any]) -> str:
    verdict = result.get("verdict")
    if verdict == "playable":
        return "Playable."
    if verdict == "not playable":
        reasons = result.get("reasons") or []
        own = [r for r in reasons if not r.startswith("balance (")]
        if reasons and not own:  # only balance findings, which the sentences after this one name
            return "Not playable under Strict (its balance findings fail the check)."
        return f"Not playable: {studio_words(own[0]) if own else 'see the details'}."
    waiting = [t["games_to_decide"] for t in result.get("tests", [])
               if t.get("outcome") == "undecided" and t.get("games_to_decide")]
    more = f"about {max(waiting):,} games would decide it (raise Games)" if waiting else "see the details"
    return f"Not decided yet: {more}."


def _fairness(result: dict[str, Any]) -> str:
    balance = result.get("balance") or {}
    seated = [(label, figures) for label, figures in (balance.get("configurations") or {}).items()
              if figures.get("seat_advantage") and figures.get("seat_win_shares")]
    if not seated:
        return ""
    order = {"fail": 0, "undecided": 1, "pass": 2}
    label, figures = min(seated, key=lambda item: (order.get(item[1]["seat_advantage"]["outcome"], 3),
                                                   -item[1]["seat_advantage"]["estimate"]))
    advantage = figures["seat_advantage"]
    limit = f"the limit is {_percent(advantage['limit'])} points"
    shares = figures["seat_win_shares"]
    seat = max(range(len(shares)), key=lambda n: shares[n]["estimate"])
    share = shares[seat]
    wins = (f"seat {seat + 1} wins {_percent(share['estimate'])} % ({_percent(share['low'])}-"
            f"{_percent(share['high'])} %) of {_configuration_words(label)} games")
    if advantage["outcome"] == "fail":
        return f"Not fair yet: {wins}; {limit}."
    if advantage["outcome"] == "undecided":
        games = advantage.get("games_to_decide")
        decide = f"; about {games:,} games would decide it (raise Games)" if games else ""
        return f"Fairness not decided yet: {wins}; {limit}{decide}."
    return f"Fair: no seat wins more than the limit allows ({limit})."


def _luck(result: dict[str, Any]) -> str:
    for match in ((result.get("balance") or {}).get("skill") or {}).values():
        test = match.get("luck_test")
        if test and test.get("outcome") == "fail":
            win = match["win_share"]
            return (f"A game of luck: the {match['player']} player wins only {_percent(win['estimate'])} % "
                    f"({_percent(win['low'])}-{_percent(win['high'])} %) against the {match['opponent']} player; "
                    f"the minimum is {_percent(test['limit'])} %.")
    return ""


def headline(result: dict[str, Any]) -> str:
    """The verdict, fairness and luck in a few plain sentences, e.g. "Playable. Not fair yet: seat 2
    wins 59 % (54-65 %) of two-player games; the limit is 10 points."."""
    return " ".join(part for part in (_verdict(result), _fairness(result), _luck(result)) if part)


def details(result: dict[str, Any]) -> list[str]:
    """Every reason, open question, finding and warning of the check, in the studio's words."""
    balance = result.get("balance") or {}
    lines = [*result.get("reasons", []), *result.get("undecided", []), *balance.get("findings", []),
             *balance.get("undecided", []), *result.get("warnings", [])]
    # Under strict, a balance finding is also a reason ("balance (--strict): ..."): said once.
    said = " ".join([*result.get("reasons", []), *result.get("undecided", [])])
    kept = [line for n, line in enumerate(lines) if n < len(result.get("reasons", [])) + len(
        result.get("undecided", [])) or f": {line}" not in said]
    return [studio_words(line) for line in dict.fromkeys(kept)]


def report_page(html: str, title: str, source: str) -> str:
    """The check's HTML report as the studio shows it: the spec named as the studio names it (not the
    job's copy in studio-output), the options as the studio's settings."""
    html = re.sub(r'<p class="source">.*?</p>', f'<p class="source">{escape(title)} set checked from '
                  f"{escape(source)}</p>", html, count=1, flags=re.S)
    return studio_words(html)
