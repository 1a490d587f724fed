"""Ratings from the head-to-head games: a Bradley-Terry strength per player, on the Elo scale, with
intervals, and from the spread between the random player and the strongest whether skill matters.

The model: player i beats player j with probability 1 / (1 + 10 ** ((r_j - r_i) / 400)); a tie
counts half a win to each. The ratings are the maximum-likelihood fit of every match at once, the
first (weakest) player fixed at 0. Each pair that met is also given one tied game, so a player that
never loses keeps a finite rating (the fit would otherwise run off to infinity); with a few hundred
games a match this moves a rating by a few points. The intervals are the normal ones from the
curvature of the likelihood at its peak (the observed information), for each rating against the
anchor: the spread is the strongest player's rating, and its interval is that rating's.

The verdict compares the spread with the rating gap at which the strongest player would win
`min_skill_share` of its games against the random one (0.6: 70 points): "skill matters" when the
whole interval lies above it, "a game of luck" when the whole interval lies below, "undecided"
otherwise. The same threshold as the luck test of the skill matrix, read from every match.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from pnp.check.confidence import z_value

SCALE = 400 / math.log(10)  # natural-log strengths to Elo points
PRIOR_TIES = 1.0  # tied games added to every pair that met


@dataclass(frozen=True)
class Result:
    """A match's games between two players: `wins` of the first (ties counted half)."""

    first: str
    second: str
    wins: float
    games: int


@dataclass(frozen=True)
class Ratings:
    players: tuple[str, ...]  # weakest first; the first is the anchor at 0
    ratings: tuple[float, ...]  # Elo points
    errors: tuple[float, ...]  # standard error of each rating against the anchor (0 for the anchor)

    def interval(self, index: int, confidence: float) -> tuple[float, float]:
        half = z_value(confidence) * self.errors[index]
        return self.ratings[index] - half, self.ratings[index] + half


def elo_gap(share: float) -> float:
    """The rating gap at which the stronger player wins `share` of its games."""
    return 400 * math.log10(share / (1 - share))


def fit(players: Sequence[str], results: Sequence[Result], iterations: int = 100) -> Ratings:
    """Bradley-Terry by Newton's method, the first player fixed at 0."""
    index = {name: i for i, name in enumerate(players)}
    n = len(players)
    pairs: dict[tuple[int, int], list[float]] = {}  # (i, j), i < j -> [wins of i, games]
    for result in results:
        i, j = index[result.first], index[result.second]
        wins = result.wins
        if i > j:
            i, j, wins = j, i, result.games - wins
        entry = pairs.setdefault((i, j), [PRIOR_TIES / 2, PRIOR_TIES])
        entry[0] += wins
        entry[1] += result.games
    strength = [0.0] * n
    information = [[0.0] * n for _ in range(n)]
    for _ in range(iterations):
        gradient = [0.0] * n
        information = [[0.0] * n for _ in range(n)]
        for (i, j), (wins, games) in pairs.items():
            p = 1 / (1 + math.exp(strength[j] - strength[i]))
            gradient[i] += wins - games * p
            gradient[j] -= wins - games * p
            weight = games * p * (1 - p)
            information[i][i] += weight
            information[j][j] += weight
            information[i][j] -= weight
            information[j][i] -= weight
        free = list(range(1, n))  # the anchor stays at 0
        step = _solve([[information[a][b] for b in free] for a in free], [gradient[a] for a in free])
        for a, delta in zip(free, step, strict=True):
            strength[a] += delta
        if max((abs(d) for d in step), default=0.0) < 1e-10:
            break
    covariance = _inverse([[information[a][b] for b in range(1, n)] for a in range(1, n)])
    errors = [0.0] + [math.sqrt(max(0.0, covariance[k][k])) * SCALE for k in range(n - 1)]
    return Ratings(tuple(players), tuple(s * SCALE for s in strength), tuple(errors))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    inverse = _inverse(matrix)
    return [sum(row[k] * vector[k] for k in range(len(vector))) for row in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan with partial pivoting; the information matrix of a connected set of matches is
    positive definite once the anchor is removed."""
    n = len(matrix)
    rows = [list(row) + [float(i == k) for k in range(n)] for i, row in enumerate(matrix)]
    for column in range(n):
        pivot = max(range(column, n), key=lambda r: abs(rows[r][column]))
        if abs(rows[pivot][column]) < 1e-12:
            raise ValueError("the matches do not connect every player")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column][column]
        rows[column] = [v / head for v in rows[column]]
        for r in range(n):
            if r != column and rows[r][column]:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [row[n:] for row in rows]


def rating_figures(players: Sequence[str], results: Sequence[Result], min_skill_share: float,
                   confidence: float, levels: dict[str, str] | None = None) -> dict[str, Any]:
    """The JSON figures: per player its rating and interval, the spread from the weakest player (the
    first) to the strongest (the last) with its interval, the limit it is compared with and the
    verdict (see docs/protocol.md)."""
    ratings = fit(players, results)
    entries = {}
    for i, name in enumerate(ratings.players):
        low, high = ratings.interval(i, confidence)
        entries[name] = {"rating": round(ratings.ratings[i], 1), "low": round(low, 1), "high": round(high, 1),
                         **({"level": levels[name]} if levels and name in levels else {})}
    strongest = len(players) - 1  # the strongest player the game declares, whatever its fit
    low, high = ratings.interval(strongest, confidence)
    limit = elo_gap(min_skill_share)
    verdict = "skill matters" if low > limit else "a game of luck" if high < limit else "undecided"
    return {"anchor": players[0], "players": entries,
            "spread": {"from": players[0], "to": players[strongest], "estimate": round(ratings.ratings[strongest], 1),
                       "low": round(low, 1), "high": round(high, 1)},
            "limit": round(limit, 1), "verdict": verdict}


def rating_lines(figures: dict[str, Any]) -> list[str]:
    spread = figures["spread"]
    lines = [f"  ratings (Bradley-Terry, Elo points, {figures['anchor']} = 0):"]
    for name, entry in sorted(figures["players"].items(), key=lambda item: -item[1]["rating"]):
        level = f" ({entry['level']})" if "level" in entry else ""
        lines.append(f"    {name}{level}: {entry['rating']} ({entry['low']} to {entry['high']})")
    lines.append(f"    spread {spread['from']} to {spread['to']}: {spread['estimate']} ({spread['low']} to "
                 f"{spread['high']}), limit {figures['limit']}: {figures['verdict']}")
    return lines


def ratings_html(figures: dict[str, Any] | None) -> str:
    """The ratings table of the HTML report's balance section."""
    if not figures:
        return ""
    rows = "".join(
        f"<tr><td>{escape(name)}</td><td>{escape(entry.get('level', ''))}</td><td>{entry['rating']}</td>"
        f"<td>{entry['low']} to {entry['high']}</td></tr>"
        for name, entry in sorted(figures["players"].items(), key=lambda item: -item[1]["rating"]))
    spread = figures["spread"]
    return (f"<h3>Ratings</h3><p class=\"note\">Bradley-Terry ratings from every head-to-head game, in Elo "
            f"points, {escape(figures['anchor'])} at 0. The spread from {escape(spread['from'])} to "
            f"{escape(spread['to'])} is {spread['estimate']} ({spread['low']} to {spread['high']}); against "
            f"{figures['limit']} points (the gap at which the stronger wins the spec's min_skill_share): "
            f"<strong>{escape(figures['verdict'])}</strong>.</p><table><tr><th>player</th><th>level</th>"
            f"<th>rating</th><th>interval</th></tr>{rows}</table>")
