"""A Rautino game record as frames: the start stone, then every placement or skip."""

from __future__ import annotations

from typing import Any

from pnp.check.frames import Frame

from .texts import colour_count, shape_name

LANG = "en"  # the language of the frames' lines, as the studio's pages speak it


def frames(model: Any, record: dict[str, Any]) -> list[Frame]:
    players = int(record.get("players", 1))
    totals = [0] * players
    shapes = {shape.name: shape for shape in getattr(model, "shapes", ())}
    start = record["start"]
    out = [Frame(f"start: {'/'.join(start['stone'])}", {**record, "moves": []}, [], list(totals))]
    moves = record.get("moves", [])
    for number, move in enumerate(moves, 1):
        seat = int(move.get("player", 0))
        head = f"move {number}: player {seat + 1}"
        if move.get("skip"):
            returned = ", ".join("/".join(s) for s in move.get("returned", []))
            text = f"{head} cannot place and skips" + (f" (returns {returned})" if returned else "")
            out.append(Frame(text, {**record, "moves": moves[:number]}, [], list(totals), seat))
            continue
        score = move.get("score", {})
        totals[seat] += int(score.get("total", 0))
        breakdown: list[tuple[str, Any]] = [("stone", score.get("stone", 0))]
        for shape in score.get("shapes", []):
            known = shapes.get(shape["shape"])
            name = shape_name(known, LANG) if known else shape["shape"]  # records name shapes as the spec does
            breakdown.append((f"{name} ({colour_count(int(shape['colours']), LANG)})", shape["points"]))
        breakdown += [("combo", score.get("combo", 0)), ("total", score.get("total", 0))]
        text = f"{head} lays {'/'.join(move['stone'])}: +{score.get('total', 0)}"
        out.append(Frame(text, {**record, "moves": moves[:number]}, breakdown, list(totals), seat))
    return out
