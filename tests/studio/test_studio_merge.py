"""A person's edits made again on a spec someone else saved meanwhile: theirs and the person's both kept."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from studiohelp import studio_client

from pnp.spec import template_path
from pnp.studio import specs
from pnp.studio.merge import reapply

RAUTINO = template_path("rautino").read_text(encoding="utf-8")


def edited(text: str, *edits: dict) -> str:
    return specs.apply_edits(text, list(edits))


# Past 200 lines the line matcher sets aside lines that recur often (blank lines, "[[stones]]"): a
# longer spec merges as well.
LONGER = edited(RAUTINO, *[{"op": "add_row", "path": "stones"}] * 8)


def put(path: str, value: object) -> dict:
    return {"op": "set", "path": path, "value": value}


@pytest.mark.parametrize("base", [RAUTINO, LONGER], ids=["shipped", "longer"])
def test_edits_of_different_fields_are_both_kept(base: str) -> None:
    mine = edited(base, put("board.triangle_mm", 27), put("stones[3].count", 7))
    theirs = edited(base, put("game.hand_size", 4), put("stones[4].count", 8))
    merged = reapply(base, mine, theirs)
    data = tomllib.loads(merged.text)
    assert (data["board"]["triangle_mm"], data["game"]["hand_size"], merged.overlaps) == (27, 4, 0)
    assert [row["count"] for row in data["stones"][3:5]] == [7, 8]


def test_edits_of_neighbouring_lines_are_both_kept() -> None:
    mine = edited(RAUTINO, put("game.title", "Mine"))
    theirs = edited(RAUTINO, put("game.players", [2]))  # the line after the title
    data = tomllib.loads(reapply(RAUTINO, mine, theirs).text)
    assert (data["game"]["title"], data["game"]["players"]) == ("Mine", [2])


def test_the_same_field_changed_by_both_takes_the_persons_value_and_says_so() -> None:
    mine = edited(RAUTINO, put("game.hand_size", 5))
    theirs = edited(RAUTINO, put("game.hand_size", 4), put("board.triangle_mm", 27))
    merged = reapply(RAUTINO, mine, theirs)
    data = tomllib.loads(merged.text)
    assert (data["game"]["hand_size"], data["board"]["triangle_mm"], merged.overlaps) == (5, 27, 1)
    same = reapply(RAUTINO, theirs, theirs)  # the very same edits on both sides: made once
    assert (same.text, same.overlaps) == (theirs, 0)


def test_rows_added_by_both_are_both_kept_and_a_row_removed_elsewhere_stays_removed() -> None:
    stones = len(tomllib.loads(RAUTINO)["stones"])
    mine = edited(RAUTINO, {"op": "add_row", "path": "stones"}, put(f"stones[{stones}].count", 7))
    theirs = edited(RAUTINO, {"op": "add_row", "path": "stones"}, put(f"stones[{stones}].count", 9))
    counts = [row["count"] for row in tomllib.loads(reapply(RAUTINO, mine, theirs).text)["stones"]]
    assert len(counts) == stones + 2 and counts[-2:] == [9, 7]
    removed = edited(RAUTINO, {"op": "remove_row", "path": "stones[2]"})
    mine = edited(RAUTINO, put("stones[5].count", 7))
    data = tomllib.loads(reapply(RAUTINO, mine, removed).text)
    expected = tomllib.loads(edited(removed, put("stones[4].count", 7)))  # the same stone, one place up
    assert data == expected


def test_nothing_changed_elsewhere_gives_the_persons_text_and_nothing_changed_here_the_files() -> None:
    mine = edited(RAUTINO, put("game.hand_size", 5))
    assert reapply(RAUTINO, mine, RAUTINO).text == mine
    assert reapply(RAUTINO, RAUTINO, mine).text == mine


def test_a_spec_of_the_largest_size_of_one_line_repeated_keeps_the_persons_edit() -> None:
    """The line matcher's worst case (every line alike), as large as a spec may be: it answers, with the
    person's edit in it, rather than comparing every line with every other."""
    same = "\n" * (specs.MAX_SPEC_BYTES - 1)
    merged = reapply(same, same + "a = 1\n", "b = 2\n" + same)
    assert merged.text.count("a = 1") == 1


def test_the_studio_route_merges_and_refuses_in_one_line(tmp_path: Path) -> None:
    mine = edited(RAUTINO, put("board.triangle_mm", 27))
    theirs = edited(RAUTINO, put("game.hand_size", 4))
    with studio_client(tmp_path) as client:
        answer = client.post("/api/spec/reapply", json={"base": RAUTINO, "edited": mine, "now": theirs})
        assert answer.status_code == 200 and answer.json() == {"text": reapply(RAUTINO, mine, theirs).text,
                                                                "overlaps": 0}
        missing = client.post("/api/spec/reapply", json={"base": RAUTINO, "edited": mine})
        assert (missing.status_code, missing.json()["error"]) == (400, "now: the spec's TOML text is needed")
        huge = client.post("/api/spec/reapply", json={"base": RAUTINO, "edited": "x" * (specs.MAX_SPEC_BYTES + 1),
                                                      "now": theirs})
        assert (huge.status_code, huge.json()["error"]) == (400, "edited: larger than 256 KB, the limit of a spec")
