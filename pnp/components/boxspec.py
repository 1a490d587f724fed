"""The `[box]` table of a game's spec: outer size, construction and paper thickness.

Kept free of drawing so that game models (and the checker) can read it cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pnp.components.boxfit import FitResult, Stack, folded_sheet, pieces_fit
from pnp.components.boxnet import DEFAULT_SIZE, DEFAULT_THICKNESS_MM, BoxSize, parse_box_size
from pnp.errors import PnpError
from pnp.games.base import BoxOptions
from pnp.spec import Fields

if TYPE_CHECKING:
    from pnp.games.base import Game

STYLES = ("auto", "hinged", "telescoping")


# Contents, for the fit check: a piece cut from 240 g/m² photo paper and laminated on both sides,
# and a sheet of that card or of 80 g/m² paper.
PIECE_THICKNESS_MM = 0.45
CARD_THICKNESS_MM = 0.27
PAPER_THICKNESS_MM = 0.10


@dataclass(frozen=True)
class BoxSettings:
    size: BoxSize = field(default=DEFAULT_SIZE)
    style: str = "auto"
    paper_thickness: float = DEFAULT_THICKNESS_MM  # of the box net itself
    piece_thickness: float = PIECE_THICKNESS_MM  # one tile or stone, for the fit check


def read_box_settings(spec: Fields) -> BoxSettings:
    """Read `[box]` (every field optional): size_mm = [L, W, H], style, paper_thickness_mm,
    piece_thickness_mm. (A board goes in as its game says: in panels or folded between its places.)"""
    size = DEFAULT_SIZE
    if spec.has("size_mm"):
        values = spec.req("size_mm", list)
        if len(values) != 3 or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            raise spec.error("size_mm", f"must be three numbers [length, width, height] in mm, not {values!r}")
        try:
            size = parse_box_size("x".join(str(v) for v in values))
        except PnpError as exc:
            raise spec.error("size_mm", str(exc)) from None
    style = spec.choice("style", STYLES, "auto")
    thickness = spec.opt("paper_thickness_mm", float, DEFAULT_THICKNESS_MM,
                         lambda v: None if 0 <= v <= 1 else "must be between 0 and 1 mm")
    piece = spec.opt("piece_thickness_mm", float, PIECE_THICKNESS_MM,
                     lambda v: None if 0.05 <= v <= 10 else "must be between 0.05 and 10 mm")
    spec.finish()
    return BoxSettings(size, style, thickness, piece)


A4_MM = (210.0, 297.0)


def printed_sheet(name: str, folds: int, thickness: float = PAPER_THICKNESS_MM, count: int = 1) -> Stack:
    """`count` A4 sheets (rules, score block, board) folded in half `folds` times, lying on top."""
    sheet = folded_sheet(name, *A4_MM, thickness, folds)
    return Stack(name, sheet.width, sheet.depth, sheet.count * count, thickness, on_top=True, sheets=count,
                 printed=True)


def settings_for(model: Any, overrides: BoxOptions | None = None) -> BoxSettings:
    """The model's box settings (defaults when its spec has none), with CLI overrides applied."""
    settings: BoxSettings = getattr(model, "box", None) or BoxSettings()
    overrides = overrides or BoxOptions()
    size = parse_box_size(overrides.size) if overrides.size else settings.size
    style = overrides.style or settings.style
    thickness = overrides.paper_thickness
    return BoxSettings(size, style, settings.paper_thickness if thickness is None else thickness,
                       settings.piece_thickness)


def box_fit(game: Game, model: Any) -> FitResult | None:
    """Whether the game's pieces fit the box its spec asks for (None: the game lists no contents)."""
    if game.box_contents is None:
        return None
    settings = settings_for(model)
    return pieces_fit(settings.size, settings.paper_thickness, game.box_contents(model))
