"""A Rautino game record as frames: the start stone, then every placement or skip."""

from __future__ import annotations

from typing import Any

from pnp.check.frames import Frame


def frames(model: Any, record: dict[str, Any]) -> list[Frame]:
    players = int(record.get("players", 1))
    totals = [0] * players
    start = record["start"]
    out = [Frame(f"start: {'/'.join(start['stone'])}", {**record, "moves": []}, [], list(totals))]
    moves = record.get("moves", [])
    for number, move in enumerate(moves, 1):
        seat = int(move.get("player", 0))
        head = f"move {number}: player {seat + 1}"
        if move.get("skip"):
            returned = ", ".join("/".join(s) for s in move.get("returned", []))
            text = f"{head} cannot place and skips" + (f" (returns {returned})" if returned else "")
            out.append(Frame(text, {**record, "moves": moves[:number]}, [], list(totals)))
            continue
        score = move.get("score", {})
        totals[seat] += int(score.get("total", 0))
        breakdown: list[tuple[str, Any]] = [("stone", score.get("stone", 0))]
        for shape in score.get("shapes", []):
            colours = shape["colours"]
            breakdown.append((f"{shape['shape']} ({colours} colour{'s' if colours != 1 else ''})", shape["points"]))
        breakdown += [("combo", score.get("combo", 0)), ("total", score.get("total", 0))]
        text = f"{head} lays {'/'.join(move['stone'])}: +{score.get('total', 0)}"
        out.append(Frame(text, {**record, "moves": moves[:number]}, breakdown, list(totals)))
    return out
