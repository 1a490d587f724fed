"""Kit pages for the studio: drawn by the same kit builder as `pnp kit`, kept in a small cache so
the page, its downloads and the next small edit do not draw everything again."""

from __future__ import annotations

import hashlib
import io
import threading
import zipfile
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from pnp import games as game_registry
from pnp.errors import PnpError
from pnp.i18n import KIT

from .specs import load_model

CACHE_SIZE = 6  # kits kept drawn: a few specs and settings open at once


@dataclass(frozen=True)
class KitSettings:
    game: str
    paper: str = "a4"
    lang: str = "en"
    preset: str | None = None

    def key(self, text: str) -> str:
        digest = hashlib.sha256(f"{self.game}\0{self.paper}\0{self.lang}\0{self.preset}\0{text}".encode())
        return digest.hexdigest()[:20]


@dataclass
class DrawnKit:
    key: str
    settings: KitSettings
    title: str
    components: list[str]
    pages: list[Any]  # pnp.kit.KitPage
    _svgs: dict[int, bytes] = field(default_factory=dict)

    def svg(self, number: int) -> bytes:
        from pnp.draw.svg import render_svg

        if not 0 <= number < len(self.pages):
            raise PnpError(f"page {number + 1}: the kit has {len(self.pages)} pages")
        if number not in self._svgs:
            self._svgs[number] = render_svg(self.pages[number].page)
        return self._svgs[number]

    def pdf(self, component: str | None = None) -> bytes:
        from pnp.draw.pdf import render_pdf

        pages = [p.page for p in self.pages if component is None or p.component == component]
        if not pages:
            raise PnpError(f"{component}: no such part; the parts are {', '.join(self.components)}")
        return render_pdf(pages, title=f"{self.title} — {KIT(self.settings.lang, 'kit')}")

    def svg_zip(self) -> bytes:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for number, item in enumerate(self.pages):
                info = zipfile.ZipInfo(f"{self.settings.game}-{number + 1:02d}-{item.component}.svg",
                                       date_time=(2020, 1, 1, 0, 0, 0))
                archive.writestr(info, self.svg(number), zipfile.ZIP_DEFLATED)
        return buffer.getvalue()

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "title": self.title, "components": self.components,
                "pages": [{"number": n + 1, "component": p.component, "url": f"/api/kit/{self.key}/page/{n + 1}.svg"}
                          for n, p in enumerate(self.pages)]}


class KitCache:
    def __init__(self) -> None:
        self._kits: OrderedDict[str, DrawnKit] = OrderedDict()
        self._lock = threading.Lock()

    def draw(self, settings: KitSettings, text: str, file_name: str) -> DrawnKit:
        from pnp.draw.paper import parse_paper
        from pnp.kit import draw_kit, kit_context

        key = settings.key(text)
        with self._lock:
            if key in self._kits:
                self._kits.move_to_end(key)
                return self._kits[key]
        game = game_registry.get(settings.game)
        game.check_preset(settings.preset)
        model = load_model(settings.game, text, file_name)
        options: dict[str, Any] = {"preset": settings.preset} if settings.preset else {}
        ctx = kit_context(parse_paper(settings.paper), settings.lang, **options)
        pages = draw_kit(game, model, ctx)
        components = list(dict.fromkeys(p.component for p in pages))
        kit = DrawnKit(key, settings, game.title, components, pages)
        with self._lock:
            self._kits[key] = kit
            while len(self._kits) > CACHE_SIZE:
                self._kits.popitem(last=False)
        return kit

    def get(self, key: str) -> DrawnKit:
        with self._lock:
            if key not in self._kits:
                raise PnpError("this preview is gone; refresh the page")
            return self._kits[key]
