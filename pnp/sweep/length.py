"""A sweep's target length (`--length LOW..HIGH`): the mean turns per game the designer wants, judged
like a balance limit, on the interval of the mean at the run's confidence."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.check.confidence import Outcome, histogram_mean_test
from pnp.check.report import describe

if TYPE_CHECKING:
    from pnp.check.protocol import Configuration
    from pnp.check.report import CheckReport
    from pnp.check.stats import Tally

TARGET_LENGTH = "--length"


def judge_length(report: CheckReport, configurations: tuple[Configuration, ...], tallies: dict[str, Tally],
                 target: tuple[float, float]) -> None:
    """Each configuration's mean turns per game against both ends of the target: a finding when the
    whole interval lies outside, undecided while it straddles an end."""
    low, high = target
    for configuration in configurations:
        turns = tallies[configuration.label].histogram("turns")
        if not turns.count:
            continue
        for bound, at_least in ((low, True), (high, False)):
            test = report.zoned(histogram_mean_test(TARGET_LENGTH, turns, bound, at_least=at_least,
                                                    confidence=report.confidence), share=False,
                                  where=f"{configuration.label} {'low' if at_least else 'high'}")
            what = f"turns per game, {configuration.label}:"
            report.note_at_limit(test, f"target length: {describe(test, what, False)}", share=False)
            if test.outcome is Outcome.FAIL:
                report.findings.append(f"target length: {describe(test, what, False)}")
            elif test.outcome is Outcome.UNDECIDED:
                report.balance.setdefault("undecided", []).append(
                    f"target length: {describe(test, what, False)}: {report.undecided_clause(test)}")


def parse_length(text: str) -> tuple[float, float]:
    """`30..40` (both ends kept) or `35` (one length)."""
    from pnp.errors import PnpError

    low_text, sep, high_text = text.partition("..")
    try:
        low = float(low_text)
        high = float(high_text) if sep else low
    except ValueError:
        raise PnpError(f"--length {text}: write LOW..HIGH turns per game, e.g. 30..40") from None
    if not 0 < low <= high:
        raise PnpError(f"--length {text}: LOW..HIGH with 0 < LOW <= HIGH, e.g. 30..40")
    return low, high
