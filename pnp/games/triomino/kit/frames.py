"""A Triomino game record as frames: every turn of every round; the board is the round's.

A turn that drew names the tiles drawn, for the seats `named` (every seat in a replay, where the game
is over; at the play table a person's own, whose forced draws happen before the page shows their
hand). A penalty is shown as the points it takes, signed.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from pnp.check.frames import Frame


def frames(model: Any, record: dict[str, Any], named: Container[int] | None = None) -> list[Frame]:
    players = int(record.get("players", 2))
    out: list[Frame] = []
    rounds = record.get("rounds", [])
    before = [0] * players  # the scores when the round began
    for index, game_round in enumerate(rounds):
        number = game_round.get("round", index + 1)
        totals = list(before)
        turns = game_round.get("turns", [])
        for position, turn in enumerate(turns):
            seat = int(turn.get("player", 0))
            score = turn.get("score") or {}
            totals[seat] += int(score.get("total", 0))
            drawn = turn.get("draws", [])
            draws = len(drawn)
            tiles = f"{draws} tile{'' if draws == 1 else 's'}" if draws else "no tile"  # "draws 0" reads as tile 0
            if draws and (named is None or seat in named):
                tiles += f" ({', '.join('-'.join(map(str, tile)) for tile in drawn)})"
            drew = f" after drawing {tiles}" if draws else ""
            if turn.get("tile") is None:
                fits = ", none fits," if draws else ""
                text = f"round {number}, turn {position + 1}: player {seat + 1} draws {tiles}{fits} and passes"
            else:
                tile = "-".join(str(n) for n in turn["tile"])
                verb = "opens with" if turn.get("start") else "plays"
                text = f"round {number}, turn {position + 1}: player {seat + 1}{drew} {verb} {tile}"
            # The board's heading reads the cut record's scores: those after this turn, not the game's last.
            cut = {**record, "rounds": [*rounds[:index], {**game_round, "turns": turns[: position + 1]}],
                   "final_scores": list(totals)}
            # The record keeps a penalty as the points it costs; the page shows what it adds: -25.
            breakdown = [(key.replace("_", " "), -value if key == "penalty" else value)
                         for key, value in score.items() if value]
            out.append(Frame(text, cut, breakdown, list(totals), seat))
        # The round's end scores what the turns do not (going out, a blocked round): a step of its own.
        before = list(game_round.get("totals", totals))
        if "end" not in game_round:
            continue  # a round still being played (or left unfinished) has no end to show
        end = game_round["end"] or {}
        bonus = [int(b) for b in end.get("bonus", [])]
        reason = str(end.get("reason") or "the end")
        how = f"player {int(end['player']) + 1} goes out" if reason == "out" and end.get("player") is not None \
            else reason
        text = f"round {number} ends: {how}" + (f", bonus {' : '.join(map(str, bonus))}" if any(bonus) else "")
        cut = {**record, "rounds": rounds[: index + 1], "final_scores": list(before)}
        out.append(Frame(text, cut, [("bonus", " : ".join(map(str, bonus)))] if any(bonus) else [], list(before)))
    return out
