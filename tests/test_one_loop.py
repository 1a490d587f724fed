"""One loop plays a game to its end: `pnp.check.simulate.play_out`. The states hold the rules of turn
order, rounds and the end; the front ends, players, sweeps, tuning and tables push moves into them
and never loop until the game is over themselves. This scans their source for such a loop: a `while`
whose condition asks whether the game is over, or a long `for` over a range that places or pushes and
breaks out at the end (the shape of an engine's own `play_game`)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ["pnp/play/*.py", "pnp/players/*.py", "pnp/sweep/*.py", "pnp/tune/*.py", "pnp/studio/*.py",
           "pnp/cli.py", "pnp/check/*.py", "pnp/games/*/table.py", "pnp/games/*/players.py",
           "pnp/games/*/search.py", "pnp/games/*/checker.py", "pnp/games/*/kit/*.py"]
# The loops that may ask whether the game is over, and why each is no second game loop.
ALLOWED = {
    ("pnp/check/simulate.py", "play_out"): "the one game loop",
    # The play page moves its computer seats up to the next person's turn; it plays a game through only
    # when no person sits at it (the quick levels alone), by the state's turns and end.
    ("pnp/play/sessions.py", "_computers"): "the computer seats, up to a person's turn",
}
MOVES = {"push", "put", "place", "computer_move", "_conclude", "_end_round"}


def _asks_over(node: ast.AST) -> bool:
    return any((isinstance(n, ast.Attribute) and n.attr == "over") or (isinstance(n, ast.Name) and n.id == "over")
               for n in ast.walk(node))


def _calls(node: ast.AST, names: set[str]) -> bool:
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            func = n.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in names:
                return True
    return False


def _long_range(loop: ast.For) -> bool:
    it = loop.iter
    return (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range"
            and any(isinstance(a, ast.Constant) and isinstance(a.value, int) and a.value >= 1000 for a in it.args))


def game_loops(source: str) -> list[str]:
    """The functions of `source` holding a loop that plays until the game is over."""
    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if (isinstance(node, ast.While) and _asks_over(node.test)) or \
                    (isinstance(node, ast.For) and _long_range(node) and _calls(node, MOVES)):
                found.append(function.name)
                break
    return found


def test_the_scan_finds_a_game_loop_written_again() -> None:
    table = '''
class Table:
    def _advance(self):
        while not self.over and self.choice is None:
            self._end_round()

def play_game(board, hands):
    for turn_number in range(10_000):
        board.put(0, 1, 2)
        if not hands:
            break
'''
    assert sorted(game_loops(table)) == ["_advance", "play_game"]
    simulate = (ROOT / "pnp/check/simulate.py").read_text(encoding="utf-8")
    assert "play_out" in game_loops(simulate)


def test_no_game_loop_outside_the_states_but_the_one() -> None:
    files = sorted({path for pattern in SCANNED for path in ROOT.glob(pattern)})
    assert len(files) > 40 and any(p.name == "table.py" for p in files)
    found = {(str(path.relative_to(ROOT)), name) for path in files
             for name in game_loops(path.read_text(encoding="utf-8"))}
    assert found <= set(ALLOWED), sorted(found - set(ALLOWED))
    assert ("pnp/check/simulate.py", "play_out") in found
