"""The studio's guards, as one ASGI middleware in front of every route.

- Host: only the studio's own names (127.0.0.1, localhost, [::1] or the --host given) with its
  port. A foreign Host means DNS rebinding (evil.example resolving to 127.0.0.1): refused.
- Origin: a request that changes state (anything but GET and HEAD) must come from the studio's
  own page; a page of another site open in the same browser cannot post to it.
- Size: a request body larger than the limit is refused before it is read in full.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY_BYTES = 1024 * 1024
SAFE_METHODS = frozenset({"GET", "HEAD"})


class StudioGuard:
    def __init__(self, app: ASGIApp, *, hosts: set[str], port_ref: Callable[[], int],
                 max_body: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.hosts = {h.lower() for h in hosts}
        self.port_ref = port_ref  # the port is known only once the server has bound it
        self.max_body = max_body

    def _allowed_authorities(self) -> set[str]:
        port = self.port_ref()
        return {f"{host}:{port}" for host in self.hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        allowed = self._allowed_authorities()
        host = headers.get("host", "").lower()
        if host not in allowed:
            await _refuse(send, 403, f"host {host or '(none)'!r} is not this studio")
            return
        if scope["method"] not in SAFE_METHODS:
            origin = headers.get("origin", "").lower()
            if origin not in {f"http://{authority}" for authority in allowed}:
                await _refuse(send, 403, f"origin {origin or '(none)'!r} may not change anything here")
                return
        declared = headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _refuse(send, 413, f"request larger than {self.max_body // 1024} KB")
            return
        # The whole body is read here, before any route sees it: a chunked body with no length
        # is counted as it arrives and refused once it passes the limit.
        chunks: list[bytes] = []
        received = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            received += len(chunk)
            if received > self.max_body:
                await _refuse(send, 413, f"request larger than {self.max_body // 1024} KB")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body, delivered = b"".join(chunks), False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _refuse(send: Send, status: int, reason: str) -> None:
    body = json.dumps({"error": reason}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
