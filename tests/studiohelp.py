"""A studio server on a free port over a fresh workspace, for the browser tests."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from browserhelp import free_port, served, wait_open


@contextlib.contextmanager
def running_studio(workspace: Path, *games: str) -> Iterator[str]:
    """The studio's address, serving `workspace` with a `pnp init` copy of each game in set-GAME/."""
    for game in games:
        subprocess.run([sys.executable, "-m", "pnp", "init", game, str(workspace / f"set-{game}")], check=True,
                       capture_output=True)
    port = free_port()
    # The app as `pnp studio` serves it, started without the command line around it: these tests are
    # about the page, and stay apart from what the command adds (its guard over its input files).
    code = ("import sys; from pathlib import Path; from pnp.studio.server import serve; "
            "serve(Path(sys.argv[1]), host='127.0.0.1', port=int(sys.argv[2]), open_browser=False)")
    with served([sys.executable, "-u", "-c", code, str(workspace), str(port)], port) as base:
        yield base


def shot(page: object, name: str, *, scroll_to: str | None = None) -> None:
    """With PNP_STUDIO_SCREENSHOTS set to a folder, write the page as docs/studio shows it there."""
    folder = os.environ.get("PNP_STUDIO_SCREENSHOTS")
    if not folder:
        return
    if scroll_to is not None:
        page.locator(scroll_to).first.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.wait_for_function("document.querySelector('#preview-state').textContent.includes('pages')")
    page.wait_for_function("[...document.querySelectorAll('#pages img')]"  # the preview pages in sight, drawn
                           ".filter(i => i.offsetParent !== null && i.getBoundingClientRect().top < innerHeight)"
                           ".every(i => i.complete && i.naturalWidth > 0)")
    Path(folder).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(Path(folder) / f"studio-{name}.png"))


PORT = 8765
ORIGIN = f"http://127.0.0.1:{PORT}"


@contextlib.contextmanager
def studio_client(workspace: Path) -> Iterator[object]:
    """The studio app over `workspace`, driven in this process (no server, no browser)."""
    from starlette.testclient import TestClient

    from pnp.studio.app import create_app
    from pnp.studio.workspace import Workspace

    app = create_app(Workspace.open(workspace), hosts={"127.0.0.1"}, port_ref=lambda: PORT)
    with TestClient(app, base_url=ORIGIN, headers={"origin": ORIGIN}) as client:
        yield client


def hinted_move(client: object, state: dict) -> dict:
    """A legal move found through the hints route: the first piece and turn that fits somewhere."""
    for piece in range(len(state["hand"])):
        for turned in range(state["turns"]):
            places = client.get(f"/api/play/{state['id']}/hints",
                                params={"piece": piece, "turned": turned}).json()["places"]
            if places:
                turn = bool(turned) if state["turns"] == 2 else turned
                return {"version": state["version"], "piece": piece, "turned": turn, "place": places[0]}
    raise AssertionError("the person on turn holds no piece that fits anywhere")


# The workspace's copy of the Rautino spec, as `running_studio` makes it with `pnp init`
RAUTINO_COPY = "workspace:rautino:set-rautino/rautino.toml"


def open_spec(page: object, base: str, spec_id: str = RAUTINO_COPY) -> None:
    """The studio with the spec `spec_id` open and ready for edits."""
    page.goto(f"{base}/?spec={spec_id}")  # type: ignore[attr-defined]
    wait_open(page)


@contextlib.contextmanager
def rautino_copy(studio: tuple[str, Path]) -> Iterator[tuple[str, Path]]:
    """The workspace's Rautino copy as `pnp init` made it, put back so after the test: (base, its path)."""
    base, workspace = studio
    spec = workspace / "set-rautino" / "rautino.toml"
    original = spec.read_bytes()
    try:
        yield base, spec
    finally:
        spec.write_bytes(original)
