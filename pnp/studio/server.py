"""Starting the studio: bind a local port (a free one when the default is taken), serve, open the browser."""

from __future__ import annotations

import ipaddress
import socket
import threading
import webbrowser
from pathlib import Path

from pnp.errors import PnpError

from .workspace import Workspace

DEFAULT_PORT = 8765
LOOPBACK_NAMES = {"127.0.0.1", "localhost", "[::1]"}


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int, *, fall_back: bool) -> socket.socket:
    """A listening socket on host:port; on any free port when that one is taken and `fall_back`."""
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    for candidate in ([port, 0] if fall_back else [port]):
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.bind((host.strip("[]"), candidate))
        except OSError as exc:
            sock.close()
            if candidate == 0 or not fall_back:
                raise PnpError(f"--port {port}: cannot listen on {host}: {exc.strerror or exc}") from None
            continue
        sock.listen(64)
        return sock
    raise PnpError(f"--port {port}: cannot listen on {host}")


def url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def serve(workspace_dir: Path, *, host: str, port: int | None, open_browser: bool,
          ready: threading.Event | None = None, echo=print, page: str = "") -> None:
    """Serve the studio; `page` (a path and query, e.g. the play page's) is what the browser opens."""
    import uvicorn

    from .app import create_app

    workspace = Workspace.open(workspace_dir)
    sock = bind(host, port or DEFAULT_PORT, fall_back=port is None)
    bound = sock.getsockname()[1]
    hosts = set(LOOPBACK_NAMES) if is_loopback(host) else {url_host(host)}
    hosts.add(url_host(host))
    app = create_app(workspace, hosts=hosts, port_ref=lambda: bound)
    address = f"http://{url_host(host if host != '0.0.0.0' else '127.0.0.1')}:{bound}/"
    config = uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False)
    server = uvicorn.Server(config)
    echo(f"pnp studio: {address}{page} (workspace {workspace.root}); Ctrl-C stops it")
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(address + page,)).start()
    if ready is not None:
        ready.set()
    server.run(sockets=[sock])
