"""The bonuses and penalties of a rule preset as short printed lines, read from the model's Rules.

The score sheet and the rules sheet print the same lines, so a changed preset changes both.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.i18n import pick, times

from ..model import Rules, TriominoModel


@dataclass(frozen=True)
class RefLine:
    key: str  # the Rules field (or a derived name) the value comes from, for tests and tools
    label: str
    value: str  # "+40", "−25", "" for lines that only explain


def signed(points: int) -> str:
    if points == 0:
        return "0"
    return f"+{points}" if points > 0 else f"−{-points}"


def _t(lang: str, en: str, de: str) -> str:
    return pick(lang, {"en": en, "de": de})


def reference_lines(rules: Rules, lang: str, zero_triple: bool = True) -> list[RefLine]:
    """The preset's lines; `zero_triple` False leaves out the 0-0-0 line (a set without that tile)."""
    t = lambda en, de: _t(lang, en, de)  # noqa: E731 - a local shorthand keeps the table readable
    out = [RefLine("sum", t("Each tile: the sum of its three numbers", "Jeder Stein: Summe seiner drei Zahlen"), "")]
    out.append(RefLine("start_bonus", t("Opening with the highest triple", "Eröffnung mit dem höchsten Drilling"),
                       signed(rules.start_bonus)))
    if zero_triple:
        out.append(RefLine("start_bonus_zero_triple",
                           t("Opening with 0-0-0 (instead)", "Eröffnung mit 0-0-0 (stattdessen)"),
                           signed(rules.start_bonus_zero_triple)))
    if rules.start_bonus_without_triple:
        out.append(RefLine("start_bonus_without_triple", t("Opening without any triple", "Eröffnung ohne Drilling"),
                           signed(rules.start_bonus_without_triple)))
    out.append(RefLine("bridge_bonus", t("Bridge", "Brücke"), signed(rules.bridge_bonus)))
    for count, bonus in enumerate(rules.hexagon_bonuses, 1):
        label = (t("Hexagon", "Sechseck") if count == 1
                 else t(f"{count} hexagons with one tile", f"{count} Sechsecke mit einem Stein"))
        out.append(RefLine(f"hexagon_{count}", label, signed(bonus)))
    for draws in range(1, rules.draw_limit + 1):
        label = t(f"Drawing {draws} tile{'s' if draws > 1 else ''} in one turn",
                  f"{draws} Stein{'e' if draws > 1 else ''} in einem Zug ziehen")
        out.append(RefLine(f"draws_{draws}", label, signed(-rules.draw_penalty_for(draws))))
    if rules.failed_draw_penalty and rules.draw_limit:
        out.append(RefLine("failed_draw_penalty",
                           t(f"Still no fit after {rules.draw_limit} draws (extra)",
                             f"{times(rules.draw_limit, 'de').capitalize()} gezogen, noch kein Platz (zusätzlich)"),
                           signed(-rules.failed_draw_penalty)))
    out.append(RefLine("empty_pool_pass_penalty",
                       t("Pass: no fit and nothing left to draw", "Passen: kein Platz, Vorrat leer")
                       if rules.draw_limit else t("Pass: no fit (no drawing)", "Passen: kein Platz (kein Ziehen)"),
                       signed(-rules.empty_pool_pass_penalty)))
    if rules.going_out_bonus or rules.going_out_collects_hands:
        label = t("Going out (last tile placed)", "Als Erster alle Steine abgelegt")
        if rules.going_out_collects_hands:
            label += t(", plus the others' hand totals", ", dazu die Handsummen der anderen")
        out.append(RefLine("going_out_bonus", label, signed(rules.going_out_bonus)))
    if rules.blocked_round_scoring == "lowest_collects":
        out.append(RefLine("blocked_round_scoring",
                           t("Blocked round: lowest hand gets the others' totals minus its own",
                             "Runde blockiert: kleinste Handsumme erhält die der anderen abzüglich der eigenen"), ""))
    if rules.target_score:
        out.append(RefLine("target_score",
                           t(f"Game ends after the round in which someone reaches {rules.target_score}",
                             f"Spielende nach der Runde, in der jemand {rules.target_score} erreicht"), ""))
    else:
        out.append(RefLine("target_score",
                           t("One round; the highest score wins", "Eine Runde; die meisten Punkte gewinnen"), ""))
    return out


def has_zero_triple(model: TriominoModel) -> bool:
    """Whether the set has the 0-0-0 tile that the opening's special bonus is about."""
    return any(t.numbers == (0, 0, 0) for t in model.tiles)


def has_round_end(rules: Rules) -> bool:
    """Rules with scoring at the end of a round, or with several rounds, need the round-end rows."""
    return bool(rules.going_out_bonus or rules.going_out_collects_hands
                or rules.blocked_round_scoring != "none" or rules.max_rounds > 1)
