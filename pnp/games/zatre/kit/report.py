"""What `pnp check zatre --report` shows beyond the generic charts: boards of recorded games and
how many score-sheet rows the players needed."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.check.replay import ABANDONED
from pnp.components.sheets import content_box, title_band
from pnp.draw.paper import A4
from pnp.draw.scene import Page, stroked
from pnp.games.base import Figure
from pnp.games.zatre.kit.art import CLASSIC, draw_fields, draw_tile
from pnp.games.zatre.model import ZatreModel


def final_board(model: ZatreModel, record: dict[str, Any]) -> Page:
    """The board after a recorded game: every tile where the record put it, the last turn framed."""
    board, cell = model.board, model.board.cell_mm
    page = Page.for_paper(A4, label=f"game {record.get('game', '?')}")
    scores = ", ".join(str(s) for s in record.get("final_scores", []))
    # A game its players left (or one saved to be continued) has no final scores: those it had then.
    heading = "final scores" if record.get("end") != ABANDONED else \
        "scores so far" if isinstance(record.get("resume"), dict) else "scores when left"
    done = (f"{heading} {scores}" if scores
            else f"after turn {len(record.get('turns', []))}")
    top = title_band(page, model.title.text("en"), f"game {record.get('game', '?')} · {done}")
    box = content_box(page)
    x0 = box.x0 + (box.width - board.width * cell) / 2
    y0 = top + max(0.0, (box.y1 - top - board.height * cell) / 2)
    size = model.tiles.size_mm
    gap = (cell - size) / 2
    turns = record.get("turns", [])
    placed = [number for number, turn in enumerate(turns) if turn["tiles"]]
    final = placed[-1] if placed else -1
    with page.group(cls="board", data={"game": str(record.get("game", ""))}) as g:
        draw_fields(g, board, cell, CLASSIC, x0, y0)
        for number, turn in enumerate(turns):
            last = number == final
            for pips, row, col in turn["tiles"]:
                draw_tile(g, pips, x0 + col * cell + gap, y0 + row * cell + gap, size,
                          outline=stroked("#c62828" if last else "#555555", 0.5 if last else 0.2),
                          data={"cell": f"{row},{col}", "turn": str(number)})
    return page


def figures(model: ZatreModel, report: Any) -> list[Figure]:
    """Score-sheet rows used per player-game, the figure that says whether the printed sheet suffices."""
    used: Counter[int] = Counter()
    for tally in report.tallies.values():
        used.update(tally.histogram("rows_used").counts)
    if not used:
        return []
    counts = {str(rows): used.get(rows, 0) for rows in range(min(used), max(max(used), model.sheet.rows) + 1)}
    over = sum(n for rows, n in used.items() if rows > model.sheet.rows)
    return [Figure(
        title="Score-sheet rows used",
        counts=counts,
        x_label="rows a player needed",
        y_label="player-games",
        note=f"The printed sheet has {model.sheet.rows} rows; {over} of {sum(used.values())} player-games "
             "needed more.",
    )]
