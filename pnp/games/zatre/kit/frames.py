"""A Zatre game record as frames: the empty board, then every turn.

Each turn's points are what it adds to its player's total as the score sheet adds it up: a row's
points written in a sheet row with an x2 cross count twice, a cross doubles the points its sheet row
already holds, a full sheet row earns its bonus. The parts of a turn sum to that figure, and every
frame carries the seats' totals so far (the sheets' sums; the tiles kept count against their holders
after the last turn).
"""

from __future__ import annotations

from typing import Any

from pnp.check.frames import Frame
from pnp.games.zatre.sheet import ScoreSheet, SheetRow


def frames(model: Any, record: dict[str, Any]) -> list[Frame]:
    turns = record.get("turns", [])
    players = int(record.get("players", 1 + max((int(t.get("player", 0)) for t in turns), default=0)))
    sheets = [ScoreSheet(model.sheet, model.rules) for _ in range(players)]
    empty = {key: value for key, value in record.items() if key != "final_scores"}
    out = [Frame("the empty board", {**empty, "turns": []}, [], [0] * players)]
    finished = "final_scores" in record and record.get("end") is None and bool(turns)
    minus = [int(m) for m in record.get("minus", [0] * players)]
    for number, turn in enumerate(turns, 1):
        seat = int(turn.get("player", 0))
        placed = ", ".join(f"{pips} at row {row + 1}, column {col + 1}" for pips, row, col in turn.get("tiles", []))
        text = f"turn {number}: player {seat + 1} " + (f"places {placed}" if placed else "places nothing")
        parts = _write(sheets[seat], turn.get("sheet", []))
        if turn.get("kept"):
            parts.append(("kept", " ".join(map(str, turn["kept"]))))
        totals = [sheet.total for sheet in sheets]
        last = number == len(turns)
        if last and finished:  # the bag is empty: the tiles each seat still holds count against it
            if minus[seat]:
                parts.append(("tiles kept at the end", -minus[seat]))
            others = [f"player {s + 1} {-m}" for s, m in enumerate(minus) if m and s != seat]
            if others:
                text += f"; the bag is empty, tiles kept count against their holders: {', '.join(others)}"
            totals = [total - m for total, m in zip(totals, minus, strict=True)]
        gained = sum(value for _, value in parts if isinstance(value, int))
        # The board's heading shows the final scores after the last turn only.
        cut = {**record, "turns": turns[:number]}
        if not last:
            cut.pop("final_scores", None)
        out.append(Frame(text, cut, [("total", gained), *parts], totals, seat))
    return out


def _write(sheet: ScoreSheet, entries: list[list[Any]]) -> list[tuple[str, Any]]:
    """Write a turn's boxes on `sheet`; the parts of what it adds to the sheet's sum, sheet row by row."""
    rows = sorted({int(row) for _, row, _ in entries})
    before = {index: _row(sheet, index) for index in rows}
    for column, _, value in entries:
        if column == "x2":
            sheet.crosses += 1
        else:
            sheet.columns[int(column)].append(int(value))
    points = dict(sheet.rules.points)
    parts: list[tuple[str, Any]] = []
    for index in rows:
        old, new = before[index], sheet.row(index)
        name = f"sheet row {index + 1}"
        factor, old_factor = new.factor, old.factor
        written = [(int(c), int(v)) for c, r, v in entries if c != "x2" and int(r) == index]
        for row_sum, value in written:
            count = value // points[row_sum]
            rows_of = f"row of {row_sum}" if count == 1 else f"{count} rows of {row_sum}"
            if factor == 2:
                parts.append((f"{rows_of}, {_points(value)}, doubled ({name} has x2)", 2 * value))
            else:
                parts.append((rows_of, value))
        held = old.points
        crossed = new.cross and not old.cross
        if factor > old_factor and held:
            why = f"x2 crossed on {name}" if crossed else f"{name} is full"
            parts.append((f"{why}: doubles its {_points(held)}", held))
        elif crossed and not written:  # a row written this turn says it is doubled already
            parts.append(("x2", f"crossed on {name}: its points count twice"
                          + ("" if sheet.rules.double_incomplete_rows else " once it is full")))
        bonus = _bonus(new) - _bonus(old)
        if bonus:
            parts.append((f"bonus, {name} full" + (", doubled" if bonus > new.bonus else ""), bonus))
    return parts


def _row(sheet: ScoreSheet, index: int) -> SheetRow:
    return sheet.row(index) if index < sheet.rows_used else SheetRow(index, False, (), 0, 0)


def _bonus(row: SheetRow) -> int:
    """The row's bonus as its Σ counts it (doubled with the row where the rules say so)."""
    return row.total - row.points * row.factor


def _points(value: int) -> str:
    return f"{value} point{'' if value == 1 else 's'}"
