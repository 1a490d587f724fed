"""A Zatre game record as frames: the empty board, then every turn."""

from __future__ import annotations

from typing import Any

from pnp.check.frames import Frame


def frames(model: Any, record: dict[str, Any]) -> list[Frame]:
    turns = record.get("turns", [])
    empty = {key: value for key, value in record.items() if key != "final_scores"}
    out = [Frame("the empty board", {**empty, "turns": []})]
    for number, turn in enumerate(turns, 1):
        seat = int(turn.get("player", 0))
        placed = ", ".join(f"{pips} at row {row + 1}, column {col + 1}" for pips, row, col in turn.get("tiles", []))
        text = f"turn {number}: player {seat + 1} " + (f"places {placed}" if placed else "places nothing")
        breakdown: list[tuple[str, Any]] = [(f"row of {row['sum']}", row["points"]) for row in turn.get("rows", [])]
        if turn.get("crosses"):
            count = int(turn["crosses"])  # a cross in the sheet's x2 column: that row counts twice
            breakdown.append(("x2", f"{count} row{'s' if count != 1 else ''} doubled"))
        if turn.get("kept"):
            breakdown.append(("kept", turn["kept"]))
        # Zatre's scores are added up on the sheet at the end: known after the last turn only, and
        # the board's heading shows them only then.
        last = number == len(turns)
        totals = list(record.get("final_scores", [])) if last else []
        cut = {**record, "turns": turns[:number]}
        if not last:
            cut.pop("final_scores", None)
        out.append(Frame(text, cut, breakdown, totals, seat))
    return out
