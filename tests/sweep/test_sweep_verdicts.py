"""A sweep's words for each variant agree with its state: a limit broken is said so whatever else is open,
and a variant the race stopped is not counted among the open ones."""

from __future__ import annotations

from hostile_helpers import run


def test_a_variant_that_breaks_a_limit_is_said_to_while_another_test_is_open() -> None:
    # Ten games: seat 1's 50-point start makes it win every game, far over the seat limit, while the share of
    # games whose first turn can place a stone is still open at ten games.
    result = run("sweep", "rautino", "--vary", "scoring.two_players.seat_1_points=0,50", "--games", "10",
                 "--players", "2", "--skill-games", "0", "--workers", "1", "-q")
    lines = result.output.splitlines()
    header = lines[0].split()
    rows = [line for line in lines[1:] if line.split()[:1] in (["1"], ["2"])]
    assert len(rows) == 2, result.output
    for row in rows:
        assert "breaks a limit" in row and " undecided " not in row, row
    summary = next(line for line in lines if line.startswith("rautino: "))
    assert summary == "rautino: 2 variants, 0 pass every threshold; no best variant", summary
    assert header[:2] == ["variant", "scoring.two_players.seat_1_points"]
