"""The server's guards: request size, request rate, the log of refusals and a log that never
holds a secret.

- A request body larger than :attr:`Limits.body_bytes` is refused with 413 before the
  application reads it (an event is at most 200 characters; a new table a few hundred bytes).
- Each client (its token when it sends one, else its address) has a token bucket of
  :attr:`Limits.burst` requests refilled at :attr:`Limits.rate` per second; a request over it
  is refused with 429 and ``Retry-After`` (whole seconds). WebSocket connections count too.
  The director is not limited: he sets up a whole session's tables at once.
- Every refusal (401, 403, 404, 413, 422, 429, 503) is logged on the logger
  ``bridgelaw.server`` with the time (UTC), the role, the table, the request and the reason.
  The log, not a database table: refusals are what a hostile or broken client produces in
  bulk, and writing them to the database would let it grow the database and compete with the
  commits of real events, which are the table's truth. The operator's log
  is where such noise belongs, rotated and kept outside the application.
- The WebSocket's URL carries ``?token=`` (the spec fixes it), so :class:`NoQuery` keeps
  query strings out of every line uvicorn logs (``bridgelaw serve`` installs it; see
  :func:`log_config`), and scrubs any ``token=`` that would still appear.
"""

from __future__ import annotations

import copy
import hmac
import json
import logging
import math
import re
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from bridgelaw.server.db import token_hash

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, MutableMapping

    from fastapi import FastAPI

    from bridgelaw.server.tables import Server

    Scope = MutableMapping[str, Any]
    Message = MutableMapping[str, Any]
    Receive = Callable[[], Awaitable[Message]]
    Send = Callable[[Message], Awaitable[None]]
    ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("bridgelaw.server")

TABLE_PATH = re.compile(r"^/api/tables/([^/]+)")
SESSION_PATH = re.compile(r"^/api/sessions/([^/]+)")
SECRET = re.compile(r"(token=)[^&\s\"']*", re.IGNORECASE)


@dataclass
class Limits:
    body_bytes: int = 8192
    """The largest request body accepted."""
    director_body_bytes: int = 512 * 1024
    """The largest body the director may send: a session's hand record (``deals``) is PBN text
    of a few hundred boards."""
    rate: float = 20.0
    """Requests per second a client may make, sustained."""
    burst: int = 60
    """Requests a client may make at once before the rate applies."""
    clients: int = 10000
    """Clients remembered at most (the least recently seen are forgotten)."""


class Buckets:
    """A token bucket per client, bounded in memory."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, client: str, now: float) -> float:
        """0 when ``client`` may make a request now (and it is counted), else the seconds to
        wait before the next one."""
        limits = self.limits
        tokens, then = self.buckets.pop(client, (float(limits.burst), now))
        tokens = min(float(limits.burst), tokens + (now - then) * limits.rate)
        if tokens >= 1:
            self.buckets[client] = (tokens - 1, now)
            waited = 0.0
        else:
            self.buckets[client] = (tokens, now)
            waited = (1 - tokens) / limits.rate
        while len(self.buckets) > limits.clients:
            self.buckets.popitem(last=False)
        return waited


def scope_token(scope: Scope) -> str | None:
    """The token a request carries: ``Authorization: Bearer`` or the stream's ``?token=``."""
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            scheme, _, token = str(value.decode("latin-1")).partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return token.strip()
    query = str(scope.get("query_string", b"").decode("latin-1"))
    for part in query.split("&"):
        key, _, found = part.partition("=")
        if key == "token" and found:
            return found
    return None


def role_of(server: Server | None, scope: Scope) -> str:
    """Who is asking, in words fit for the log (never the token): ``director``, a seat letter,
    ``unknown token`` or ``no token``."""
    token = scope_token(scope)
    if token is None:
        return "no token"
    if server is None:
        return "unknown token"
    if _same(token, server):
        return "director"
    path = scope.get("path", "")
    match = TABLE_PATH.match(path)
    live = server.live.get(match.group(1)) if match else None
    seat = None if live is None else live.seats.get(token_hash(token))
    if seat is not None:
        return seat
    found = SESSION_PATH.match(path)
    sessions = getattr(server, "sessions", None)
    held = None if found is None or sessions is None else sessions.live.get(found.group(1))
    role = None if held is None else held.state.role_of(token_hash(token))
    return "unknown token" if role is None else str(role.label)


def log_refusal(server: Server | None, scope: Scope, status: int, reason: str) -> None:
    """One line on ``bridgelaw.server`` for a refused request: time, role, table, reason."""
    match = TABLE_PATH.match(scope.get("path", "")) or SESSION_PATH.match(scope.get("path", ""))
    table = match.group(1)[:40] if match else "-"
    what = "WS" if scope.get("type") == "websocket" else scope.get("method", "?")
    log.warning(
        "%s refused %d role=%s table=%s %s %s: %s",
        datetime.now(UTC).isoformat(timespec="milliseconds"),
        status,
        role_of(server, scope),
        table,
        what,
        scope.get("path", "")[:200],  # the path only: a query string may hold a token
        reason[:300],
    )


class Guard:
    """ASGI middleware: the rate limit and the body size limit, before the application."""

    def __init__(self, app: ASGIApp, limits: Limits, server: Server | None = None) -> None:
        self.app, self.limits, self.server = app, limits, server
        self.buckets = Buckets(limits)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope_token(scope)
        key = f"token {token_hash(client)}" if client else f"address {_address(scope)}"
        director = self.server is not None and client is not None and _same(client, self.server)
        wait = 0.0 if director else self.buckets.wait(key, time.monotonic())
        if wait > 0:
            retry = max(1, math.ceil(wait))
            reason = f"too many requests from this client: wait {retry} s and send again"
            log_refusal(self.server, scope, 429, reason)
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4429, "reason": reason})
                return
            await _answer(send, 429, reason, [(b"retry-after", str(retry).encode())])
            return
        if scope["type"] == "http":
            sized = await self._sized(scope, receive, send, director)
            if sized is None:
                return
            receive = sized
        await self.app(scope, receive, send)

    async def _sized(
        self, scope: Scope, receive: Receive, send: Send, director: bool
    ) -> Receive | None:
        """The request's body read whole (at most the limit) and handed on; None when it was
        too large and the 413 is sent."""
        limit = self.limits.director_body_bytes if director else self.limits.body_bytes
        reason = f"the request body is larger than {limit} bytes"
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                log_refusal(self.server, scope, 413, reason)
                await _answer(send, 413, reason)
                return None
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return receive  # the client left: let the application see it
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                log_refusal(self.server, scope, 413, reason)
                await _answer(send, 413, reason)
                return None
            chunks.append(chunk)
            more = message.get("more_body", False)
        body, sent = b"".join(chunks), False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return replay


def _same(token: str, server: Server) -> bool:
    return hmac.compare_digest(token.encode(), server.director_token.encode())


def _address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


async def _answer(
    send: Send, status: int, error: str, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    body = json.dumps({"error": error}).encode()
    head = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": head + (headers or [])})
    await send({"type": "http.response.body", "body": body})


def install(app: FastAPI, server: Server, limits: Limits | None = None) -> Limits:
    """Put the guards in front of ``app``; the limits stay changeable (tests, benchmarks)."""
    limits = limits or Limits()
    app.add_middleware(Guard, limits=limits, server=server)
    app.state.limits = limits
    return limits


# -- the log without secrets --------------------------------------------------------------------


def without_query(value: object) -> object:
    """A logged argument with any query string cut off and any ``token=`` value hidden."""
    if not isinstance(value, str):
        return value
    if value.startswith("/") and "?" in value:
        value = value.split("?", 1)[0]
    return SECRET.sub(r"\1…", value)


class NoQuery(logging.Filter):
    """Keeps query strings (the stream's ``?token=``) out of the lines uvicorn logs."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(without_query(a) for a in record.args)
        if isinstance(record.msg, str):
            record.msg = SECRET.sub(r"\1…", record.msg)
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging, with :class:`NoQuery` on every handler and the refusals of
    ``bridgelaw.server`` on the error stream."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"no_query": {"()": "bridgelaw.server.limits.NoQuery"}}
    for handler in config["handlers"].values():
        handler["filters"] = ["no_query"]
    config["formatters"]["refusals"] = {"format": "%(levelname)s: %(message)s"}
    config["handlers"]["refusals"] = {
        "formatter": "refusals",
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
        "filters": ["no_query"],
    }
    config["loggers"]["bridgelaw.server"] = {
        "handlers": ["refusals"],
        "level": "INFO",
        "propagate": False,
    }
    return config
