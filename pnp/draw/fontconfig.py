"""Make cairo (hence cairosvg) find reportlab's Vera TTFs, so SVG->PNG uses the PDF's font.

cairosvg picks fonts through fontconfig by family name. Vera is rarely installed system-wide,
and fontconfig would quietly substitute DejaVu, whose shapes and kerning differ. We write a
small fonts.conf that includes the user's normal configuration plus reportlab's font folder,
and point FONTCONFIG_FILE at it. fontconfig reads that variable once, when cairo first uses a
font, so this must run before anything in the process draws text with cairo.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

from pnp.draw.text import FONT_FAMILY, font_dir
from pnp.files.atomic import atomic_write_text

_CONF_NAME = "pnp-fonts.conf"
_done = False


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    candidate = Path(base) / "pnp" / "fontconfig"
    try:
        candidate.mkdir(parents=True, exist_ok=True)
        if os.access(candidate, os.W_OK):
            return candidate
    except OSError:
        pass
    return Path(tempfile.mkdtemp(prefix="pnp-fontconfig-"))


def _base_config() -> str:
    """The configuration fontconfig would have used without us."""
    current = os.environ.get("FONTCONFIG_FILE")
    if current and Path(current).name != _CONF_NAME:
        return current
    folder = os.environ.get("FONTCONFIG_PATH", "/etc/fonts")
    return str(Path(folder) / "fonts.conf")


def conf_text(cache: Path) -> str:
    fonts = font_dir()
    return (
        '<?xml version="1.0"?>\n'
        '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
        "<fontconfig>\n"
        f"  <cachedir>{escape(str(cache / 'cache'))}</cachedir>\n"
        f'  <include ignore_missing="yes">{escape(_base_config())}</include>\n'
        f"  <dir>{escape(str(fonts))}</dir>\n"
        # reportlab's folder also holds Type 1 demo fonts; only Vera should come from it.
        "  <selectfont><rejectfont>\n"
        f"    <glob>{escape(str(fonts))}/*.pfb</glob>\n"
        f"    <glob>{escape(str(fonts))}/*.afm</glob>\n"
        "  </rejectfont></selectfont>\n"
        # Unhinted outlines, as PDF viewers draw them: hinting snaps each line's glyphs to the
        # pixel grid and made PNG text sit up to a pixel off the PDF's.
        "  <match target=\"font\">\n"
        f"    <test name=\"family\"><string>{FONT_FAMILY}</string></test>\n"
        "    <edit name=\"hinting\" mode=\"assign\"><bool>false</bool></edit>\n"
        "    <edit name=\"hintstyle\" mode=\"assign\"><const>hintnone</const></edit>\n"
        "    <edit name=\"antialias\" mode=\"assign\"><bool>true</bool></edit>\n"
        "    <edit name=\"rgba\" mode=\"assign\"><const>none</const></edit>\n"
        "  </match>\n"
        "</fontconfig>\n"
    )


def ensure_fontconfig() -> Path | None:
    """Set FONTCONFIG_FILE to a config that knows Vera; idempotent. Returns the config path."""
    global _done
    current = os.environ.get("FONTCONFIG_FILE")
    if _done or (current and Path(current).name == _CONF_NAME and Path(current).exists()):
        _done = True
        return Path(current) if current else None
    cache = _cache_dir()
    path = cache / _CONF_NAME
    text = conf_text(cache)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        atomic_write_text(path, text)
    os.environ["FONTCONFIG_FILE"] = str(path)
    _done = True
    return path
