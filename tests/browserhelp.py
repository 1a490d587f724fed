"""Debian's chromium for the tests that look at what a browser shows (driven by Playwright, no download)."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
NO_CHROMIUM = "needs Debian's chromium (installed by .ci/run)"
