"""Report art for `pnp check triomino --report`: the charts that matter for Triomino (draws, bonuses,
how rounds end) and the table at the end of a recorded game, drawn with the kit's tiles."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from pnp.check.charts import binned_counts
from pnp.check.protocol import plural
from pnp.draw.scene import Page, stroked
from pnp.draw.text import pt
from pnp.games.base import Figure
from pnp.geometry.trigrid import bounds

from ..engine import oriented
from ..model import TriominoModel
from .boardart import draw_tiles, fit_layout

if TYPE_CHECKING:
    from pnp.check.report import CheckReport

BOARD_SIDE = 12.0  # mm per tile side on report boards
MARGIN = 12.0
LAST_TILE = "#c62828"  # the outline of the tile the record laid last, as Zatre frames its last turn


def figures(model: TriominoModel, report: CheckReport) -> list[Figure]:
    draws: Counter[int] = Counter()
    bonuses: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    for tally in report.tallies.values():
        draws.update(tally.histogram("draws_per_round").counts)
        bonuses["bridges"] += tally.histogram("bridges_per_round").total
        for count, name in enumerate(("single", "double", "triple"), 1):
            bonuses[f"{count} hexagon{'s' if count > 1 else ''} at once"] += tally.histogram(f"hexagons:{name}").total
        blocked = tally.histogram("blocked")
        ends["out"] += blocked.count - blocked.total
        ends["blocked"] += blocked.total
    return [
        Figure("Draws per round", binned_counts(draws),
               "tiles drawn in the round", "rounds",
               "Many draws mean the hands rarely fit the table: a set with too few fitting tiles."),
        Figure("Bonus placements", {k: bonuses[k] for k in ("bridges", "1 hexagon at once", "2 hexagons at once",
                                                            "3 hexagons at once")},
               "bonus", "placements", "How often the simulated players built bridges and closed hexagons."),
        Figure("How rounds end", {"a player went out": ends["out"], "blocked": ends["blocked"]},
               "round end", "rounds", "Blocked rounds should be rare; many mean the set jams."),
    ]


def final_board(model: TriominoModel, record: dict[str, Any]) -> Page:
    """The table after the last round of a recorded game; bonus placements in yellow."""
    last = record["rounds"][-1]
    placements, bonus_cells = [], []
    for turn in last["turns"]:
        if turn.get("tile") is None:
            continue
        cell = (turn["cell"][0], turn["cell"][1])
        placements.append((cell, oriented(tuple(turn["tile"]), turn["rotation"])))
        score = turn.get("score", {})
        if score.get("bridge") or score.get("hexagons"):
            bonus_cells.append(cell)
    cells = [cell for cell, _ in placements]
    px0, py0, px1, py1 = bounds(cells)
    width = (px1 - px0) / 2 * BOARD_SIDE
    height = (py1 - py0) * BOARD_SIDE * 0.8660254037844386
    page = Page(min(max(width + 2 * MARGIN, 120.0), 1990.0), min(height + 2 * MARGIN + 8.0, 1990.0),
                label=f"triomino game {record.get('game')}")
    grid = fit_layout(cells, (MARGIN, MARGIN + 8.0, page.width - 2 * MARGIN, page.height - 2 * MARGIN - 8.0),
                      max_side=BOARD_SIDE)
    scores = ", ".join(str(s) for s in record.get("final_scores", []))
    heading = f"Round {last['round']}: {plural(len(placements), 'tile')} · scores {scores}"
    page.text(MARGIN, MARGIN + 3.0, heading, pt(9), weight="bold", cls="board-title")
    draw_tiles(page, placements, grid, highlight=bonus_cells, underline_69=model.high >= 6)
    if placements:  # the tile laid last, outlined: a replay shows where each move went
        page.polygon(grid.polygon(placements[-1][0]), style=stroked(LAST_TILE, 0.8), cls="last-tile")
    return page
