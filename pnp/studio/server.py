"""Starting the studio: bind a local port (a free one when the default is taken), serve, open the browser."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path

from pnp.errors import PnpError

from .workspace import Workspace

DEFAULT_PORT = 8765
LOOPBACK_NAMES = {"127.0.0.1", "localhost", "[::1]"}
UNSPECIFIED = {"0.0.0.0", "::", "[::]"}
# Any routable address: connecting a UDP socket to it sends nothing but picks the outgoing interface.
_PROBE = ("192.0.2.1", 9)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int, *, fall_back: bool) -> socket.socket:
    """A listening socket on host:port; on any free port when that one is taken and `fall_back`.

    SO_REUSEADDR: a studio restarted at once gets its port back although the last one's closed
    connections still wait out TIME-WAIT (a port another program listens on stays refused)."""
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    for candidate in ([port, 0] if fall_back else [port]):
        sock = socket.socket(family, socket.SOCK_STREAM)
        if os.name == "posix":  # on Windows the option would let two servers share one port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
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


def own_addresses() -> list[str]:
    """The names and addresses other machines may use for this one (as they appear in a Host header)."""
    found: list[str] = []
    name = socket.gethostname()
    candidates = [name, socket.getfqdn()]
    with contextlib.suppress(OSError):
        candidates += [info[4][0] for info in socket.getaddrinfo(name, None)]
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(_PROBE)
        candidates.append(probe.getsockname()[0])
    for candidate in candidates:
        host = url_host(str(candidate).split("%")[0].lower())
        if host and host not in found:
            found.append(host)
    return found


def allowed_hosts(host: str, addresses: Callable[[], list[str]] = own_addresses) -> set[str]:
    """The Host names the studio answers to: its loopback names when it listens there or on every
    address, and this machine's own names and addresses when it listens on every address."""
    hosts = {url_host(host)}
    if is_loopback(host) or host in UNSPECIFIED:
        hosts |= LOOPBACK_NAMES
    if host in UNSPECIFIED:
        hosts |= set(addresses())
    return hosts


def network_address(host: str) -> str | None:
    """The address other machines reach the studio at, or None when it listens on loopback only."""
    if is_loopback(host):
        return None
    if host not in UNSPECIFIED:
        return url_host(host)
    routable = [a for a in own_addresses() if _routable(a)]
    return routable[0] if routable else socket.gethostname()


def _routable(host: str) -> bool:
    try:
        return not ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def serve(workspace_dir: Path, *, host: str, port: int | None, open_browser: bool,
          ready: threading.Event | None = None, echo=print, page: str = "") -> None:
    """Serve the studio; `page` (a path and query, e.g. the play page's) is what the browser opens."""
    import uvicorn

    from pnp import stops
    from pnp.files.inputs import outside_command

    from .app import create_app

    workspace = Workspace.open(workspace_dir)
    sock = bind(host, port or DEFAULT_PORT, fall_back=port is None)
    bound = sock.getsockname()[1]
    app = create_app(workspace, hosts=allowed_hosts(host), port_ref=lambda: bound)
    address = f"http://{url_host(host if host not in UNSPECIFIED else '127.0.0.1')}:{bound}/"
    config = uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False)
    server = uvicorn.Server(config)
    echo(f"pnp studio: {address}{page} (workspace {workspace.root}); Ctrl-C stops it")
    outside = network_address(host)
    if outside is not None:
        echo(f"pnp studio: reachable from the network at http://{outside}:{bound}/ too: "
             f"anyone who can reach this machine can edit your specs")
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(address + page,)).start()
    if ready is not None:
        ready.set()
    try:
        with outside_command():
            server.run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl-C is how a server is stopped: no failure, exit 0
        stops.forget()
    echo("pnp studio: stopped")
