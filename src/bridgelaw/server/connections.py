"""Slow and greedy connections: uvicorn's HTTP/1.1 protocol with two bounds it lacks.

* **A request's head must arrive within** :data:`HEAD_SECONDS` of the connection's opening (or
  of the previous answer on a kept-alive connection). uvicorn (h11) has no such timeout: its
  keep-alive timer is cancelled by any byte received, so a client sending its headers one byte
  at a time ("slowloris") held a connection, and a file descriptor, for ever. A late head is
  answered 408 and the connection closed. The body has its own bound, each chunk within the
  same seconds (:class:`bridgelaw.server.limits.Guard`).
* **At most** :data:`PER_ADDRESS` **connections from one address** at once (WebSockets
  included): one more is answered 503 and closed at once, so that one client cannot take every
  file descriptor of the process (1,100 slow connections under the usual limit of 1,024 made
  every other request wait). A club room behind one router shares an address: a page holds one
  WebSocket and a kept-alive connection or two, so 256 is room for a hundred players.

Both are read from the environment when the server starts (``BRIDGELAW_HEAD_SECONDS``,
``BRIDGELAW_CONNECTIONS_PER_ADDRESS``; documented in docs/server.md). ``bridgelaw serve`` names
these classes to uvicorn by their import paths (:func:`uvicorn_options`).
"""

from __future__ import annotations

import asyncio
import os
import resource
from collections import Counter
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


def setting(name: str, default: float) -> float:
    """A number from the environment's ``name``, else ``default``."""
    value = os.environ.get(name, "")
    try:
        return float(value) if value else default
    except ValueError:
        raise SystemExit(f"{name}={value!r}: a number is needed") from None


HEAD_SECONDS = setting("BRIDGELAW_HEAD_SECONDS", 10.0)
"""Seconds a request's head (its line and headers) may take to arrive; a chunk of its body too."""
PER_ADDRESS = int(setting("BRIDGELAW_CONNECTIONS_PER_ADDRESS", 256))
"""Connections (HTTP and WebSocket) one address may hold at once."""

LATE = b"HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n"
FULL = (
    b"HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\ncontent-type: text/plain\r\n"
    b"content-length: 46\r\n\r\ntoo many connections from this address at once"
)

held: Counter[str] = Counter()
"""The connections open now, by address (the server's one event loop updates it)."""


def _address(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"


def _release(address: str) -> None:
    held[address] -= 1
    if held[address] <= 0:
        del held[address]


class GuardedHTTP(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's head and a cap per address."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.address = ""
        self.counted = False
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.address = _address(transport)
        if held[self.address] >= PER_ADDRESS:
            transport.write(FULL)
            transport.close()
            return
        held[self.address] += 1
        self.counted = True
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.counted:
            self.counted = False
            _release(self.address)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the head has arrived whole
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._arm()  # the next request's head, on a kept-alive connection

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()
        # the WebSocket protocol takes the connection, and its count (WebSocketCounted)
        self.counted = False
        super().handle_websocket_upgrade(event)

    def _arm(self) -> None:
        self._disarm()
        self.deadline = self.loop.call_later(HEAD_SECONDS, self._late)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _late(self) -> None:
        self.deadline = None
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self.transport.write(LATE)
            self.transport.close()


class WebSocketCounted(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, giving back its address's count when it closes."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.address = _address(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        address = getattr(self, "address", None)
        if address is not None:
            del self.address
            _release(address)
        super().connection_lost(exc)


def open_files() -> int:
    """The soft limit of open files raised to the hard one (each connection is a descriptor);
    the limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft


def uvicorn_options() -> dict[str, Any]:
    """uvicorn's settings for the bounds above, given by import path (a worker process
    imports them too)."""
    return {
        "http": "bridgelaw.server.connections:GuardedHTTP",
        "ws": "bridgelaw.server.connections:WebSocketCounted",
        "timeout_keep_alive": 5,
        "h11_max_incomplete_event_size": 16 * 1024,  # a request's head: 16 KiB at most
    }
