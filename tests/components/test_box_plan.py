"""Which construction is chosen, what is refused and why, the telescoping lid's clearance."""

from __future__ import annotations

import pytest

from pnp.components.box import box_pages, parse_box_size, plan_box
from pnp.components.boxnet import (
    CARD_240GSM_MM,
    LID_PLAY_MM,
    PAPER_80GSM_MM,
    BoxSize,
    telescoping_tray_size,
)
from pnp.draw.paper import A4
from pnp.errors import PnpError

SAFE_W, SAFE_H = 210 - 16, 297 - 16


def net_sizes(plan) -> list[tuple[float, float]]:
    return [(net.width, net.height) for net in plan.nets]


def _fits_safe_area(w: float, h: float) -> bool:
    return (w <= SAFE_W and h <= SAFE_H) or (h <= SAFE_W and w <= SAFE_H)


@pytest.mark.parametrize("thickness", [PAPER_80GSM_MM, CARD_240GSM_MM])
def test_default_box_is_hinged_on_one_a4_sheet(thickness: float) -> None:
    plan = plan_box(BoxSize(130, 102, 23), "auto", thickness, A4)
    assert plan.style == "hinged" and len(plan.nets) == 1
    assert _fits_safe_area(*net_sizes(plan)[0])
    assert len(box_pages(BoxSize(130, 102, 23), "auto", thickness, A4, "Rautino")) == 1


def test_too_big_a_box_is_refused_with_what_fits() -> None:
    with pytest.raises(PnpError) as caught:
        plan_box(BoxSize(250, 200, 50), "hinged", PAPER_80GSM_MM, A4)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("box 250x200x50 does not fit A4")
    assert "hinged box 349.6 x 514.5 mm" in message  # what the net needs
    largest = parse_box_size(message.split("of these proportions is ")[1].split(";")[0])
    assert plan_box(largest, "hinged", PAPER_80GSM_MM, A4).style == "hinged"
    one_more = BoxSize(largest.length + 1, largest.width + 1, largest.height + 1)
    with pytest.raises(PnpError):
        plan_box(one_more, "hinged", PAPER_80GSM_MM, A4)


def test_auto_refuses_when_neither_fits_and_names_a_telescoping_size() -> None:
    with pytest.raises(PnpError, match=r"neither as hinged .* nor as telescoping .*161x129x32"):
        box_pages(BoxSize(250, 200, 50), "auto", PAPER_80GSM_MM, A4, "Zatre")


def test_auto_falls_back_to_telescoping() -> None:
    size = BoxSize(130, 130, 30)
    with pytest.raises(PnpError, match="as telescoping it fits as it is"):
        plan_box(size, "hinged", PAPER_80GSM_MM, A4)
    plan = plan_box(size, "auto", PAPER_80GSM_MM, A4)
    assert plan.style == "telescoping"
    assert [n.name for n in plan.nets] == ["tray", "lid"]
    assert len(box_pages(size, "auto", PAPER_80GSM_MM, A4, "Triomino")) == 2


@pytest.mark.parametrize("thickness", [0.0, PAPER_80GSM_MM, CARD_240GSM_MM])
@pytest.mark.parametrize("size", [BoxSize(130, 102, 23), BoxSize(100, 70, 30)], ids=str)
def test_telescoping_lid_clears_the_tray(size: BoxSize, thickness: float) -> None:
    plan = plan_box(size, "telescoping", thickness, A4)
    tray, lid = plan.nets
    assert lid.outer == size
    # Inside the lid: its walls (t) and its corner glue tabs (t) on each side.
    inner_lid = (size.length - 4 * thickness, size.width - 4 * thickness)
    outer_tray = (tray.outer.length, tray.outer.width)
    for inside, outside in zip(inner_lid, outer_tray, strict=True):
        assert inside - outside == pytest.approx(LID_PLAY_MM)
        assert inside > outside
    assert tray.outer == telescoping_tray_size(size, thickness)
    assert tray.outer.height == pytest.approx(size.height - thickness)  # the lid's top rests on the walls
    for w, h in net_sizes(plan):
        assert _fits_safe_area(w, h)
    for page in box_pages(size, "telescoping", thickness, A4, "Zatre"):
        page.check_safe_area()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("130x102", "expected LxWxH"),
        ("axbxc", "expected LxWxH"),
        ("130x102x5", "height 5 mm is outside"),
        ("2000x100x30", "length 2000 mm is outside"),
        ("", "expected LxWxH"),
    ],
)
def test_bad_sizes_are_one_line_errors(text: str, problem: str) -> None:
    with pytest.raises(PnpError, match=problem) as caught:
        parse_box_size(text)
    assert "\n" not in str(caught.value)


def test_sizes_parse_with_spaces_and_units() -> None:
    assert parse_box_size(" 130 x 102.5 × 23 mm ") == BoxSize(130, 102.5, 23)


def test_bad_style_and_thickness_are_refused() -> None:
    with pytest.raises(PnpError, match="box style 'round'"):
        plan_box(BoxSize(130, 102, 23), "round", PAPER_80GSM_MM, A4)
    with pytest.raises(PnpError, match="paper thickness 2 mm"):
        plan_box(BoxSize(130, 102, 23), "auto", 2.0, A4)


def test_the_same_box_gives_the_same_svg_bytes() -> None:
    from pnp.draw.svg import render_svg

    first = [render_svg(p) for p in box_pages(BoxSize(130, 102, 23), "auto", 0.1, A4, "Rautino", "x")]
    second = [render_svg(p) for p in box_pages(BoxSize(130, 102, 23), "auto", 0.1, A4, "Rautino", "x")]
    assert first == second


def test_artwork_callbacks_get_each_panel_and_its_upright_rotation() -> None:
    calls: list[tuple[str, float]] = []

    def lid_art(page, x, y, w, h, rotation):
        calls.append(("lid", rotation))
        page.rect(x + 2, y + 2, w - 4, h - 4, cls="art")

    def side_art(page, x, y, w, h, rotation):
        calls.append(("side", rotation))

    box_pages(BoxSize(130, 102, 23), "hinged", 0.1, A4, "Rautino", lid_art=lid_art, side_art=side_art)
    assert calls.count(("lid", 180.0)) == 1
    assert sorted(r for what, r in calls if what == "side") == [0.0, 90.0, 180.0, 270.0]
