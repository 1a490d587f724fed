"""Rautino's colours stay apart for colour-blind players and on a greyscale printer, measured on
the fills the printed stone sheet really carries (read back from its SVG).

Colour vision deficiency is simulated with the full-severity matrices of Machado, Oliveira and
Fernandes (2009), applied to linear sRGB; colours are compared as CIE76 ΔE in CIELAB (D65).
Greyscale is Rec. 601 luma, 0-255, as a printer or copier turns colour into grey.
"""

from __future__ import annotations

import itertools

import pytest
from drawhelp import SVG_NS, svg_root

from pnp.draw.paper import A4
from pnp.draw.svg import render_svg
from pnp.games.base import KitContext
from pnp.games.rautino import GAME
from pnp.games.rautino.model import load

PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
MIN_DELTA_E = 20.0
MIN_LUMA = 30.0

Rgb = tuple[float, float, float]


def srgb(fill: str) -> Rgb:
    return tuple(int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def linear(rgb: Rgb) -> Rgb:
    return tuple(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)  # type: ignore[return-value]


def simulate(rgb: Rgb, matrix) -> Rgb:
    lin = linear(rgb)
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin, strict=True)))) for row in matrix)  # type: ignore[return-value]


def lab(lin: Rgb) -> Rgb:
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: Rgb, b: Rgb) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5


def luma(rgb: Rgb) -> float:
    r, g, b = rgb
    return 255 * (0.299 * r + 0.587 * g + 0.114 * b)


@pytest.fixture(scope="module")
def printed_fills() -> dict[str, str]:
    """Each colour's fill as the stone sheet prints it: its key swatch, checked against the stones."""
    model = load(None)
    page = GAME.impl.components["tiles"](model, KitContext(A4, "en"))[0]
    root = svg_root(render_svg(page))
    fills = {}
    for group in root.iter(f"{SVG_NS}g"):
        if group.get("class") == "colour-key":
            fills[group.get("data-colour")] = next(group.iter(f"{SVG_NS}polygon")).get("fill").lower()
    stone_fills = {el.get("fill").lower() for g in root.iter(f"{SVG_NS}g") if g.get("class") == "stone"
                   for el in g.iter(f"{SVG_NS}polygon") if el.get("fill") not in (None, "none")}
    assert set(fills.values()) <= stone_fills | {"#ffffff"}
    assert set(fills) == {c.name for c in model.all_colours}
    return fills


def test_the_simulation_reproduces_the_old_red_green_clash() -> None:
    # The fills before this check: red and green nearly met for a deuteranope.
    assert delta_e(simulate(srgb("#e0303f"), DEUTERANOPIA), simulate(srgb("#4cb050"), DEUTERANOPIA)) < 10.5


@pytest.mark.parametrize("matrix", [PROTANOPIA, DEUTERANOPIA], ids=["protanopia", "deuteranopia"])
def test_every_two_colours_differ_under_colour_blindness(printed_fills, matrix) -> None:
    for (a, fa), (b, fb) in itertools.combinations(sorted(printed_fills.items()), 2):
        difference = delta_e(simulate(srgb(fa), matrix), simulate(srgb(fb), matrix))
        assert difference >= MIN_DELTA_E, f"{a} and {b}: ΔE {difference:.1f}"


def test_every_two_colours_differ_in_greyscale(printed_fills) -> None:
    for (a, fa), (b, fb) in itertools.combinations(sorted(printed_fills.items()), 2):
        difference = abs(luma(srgb(fa)) - luma(srgb(fb)))
        assert difference >= MIN_LUMA, f"{a} and {b}: luma {difference:.1f}"


# ---- two colours alike: refused by the loader, for every command and the studio ------------------

ALIKE = [
    ('fill = "#164d9d"', 'fill = "#E73B36"', "colours[2].fill: the same as colours[0] ('#e73b36'); "
                                             "each colour needs its own fill"),
    ('symbol = "triangle"', 'symbol = "circle"', "colours[3].symbol: the same as colours[0] ('circle'); "
                                                 "each colour needs its own symbol"),
    ('symbol = "ring"', 'symbol = "star"', "joker.symbol: the same as colours[1] ('star'); "
                                           "each colour needs its own symbol"),
]


@pytest.mark.parametrize(("old", "new", "reason"), ALIKE)
@pytest.mark.parametrize("command", ["check", "kit"])
def test_two_colours_alike_are_a_spec_error_naming_both(tmp_path, run_pnp, command, old, new, reason) -> None:
    from hostile_helpers import one_line_error, spec_with

    spec = spec_with(tmp_path, "rautino", old, new)
    out = tmp_path / "out"
    args = ["--games", "1"] if command == "check" else ["-o", str(out)]
    one_line_error(run_pnp(command, "rautino", "--spec", str(spec), *args), f"pnp: error: {spec}: {reason}")
    assert not out.exists()


def test_the_studio_form_refuses_a_symbol_another_colour_has(tmp_path) -> None:
    from studiohelp import studio_client

    with studio_client(tmp_path) as client:
        spec = client.get("/api/spec", params={"id": "shipped:rautino"}).json()
        result = client.post("/api/spec/edit", json={"id": spec["id"], "text": spec["text"], "edits": [
            {"op": "set", "path": "colours[3].symbol", "value": "circle"}]}).json()
    assert not result["validation"]["ok"]
    assert result["validation"]["field"] == "colours[3].symbol"
    assert "the same as colours[0] ('circle')" in result["validation"]["message"]


def test_every_shipped_colour_has_its_own_fill_and_symbol() -> None:
    model = load()
    for key in ("fill", "symbol"):
        values = [getattr(colour, key) for colour in model.all_colours]
        assert len(set(values)) == len(values), key
