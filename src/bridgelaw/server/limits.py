"""The server's guards: request size, request rate, the log of refusals and a log that never
holds a secret.

- A request body larger than :attr:`Limits.body_bytes` is refused with 413 before the
  application reads it (an event is at most 200 characters; a new table a few hundred bytes).
- Each client has a token bucket of :attr:`Limits.burst` requests refilled at
  :attr:`Limits.rate` per second; a request over it is refused with 429 and ``Retry-After``
  (whole seconds), a WebSocket closed with 4429. WebSocket connections count too. The client is
  the token only when the token is verified (a seat of a table in memory, a role of a session):
  any other token, random or stale, counts as no token, on its address's bucket, so that sending
  a new random token with each request gains nothing. Pages and their files
  (``GET`` outside ``/api/``) have a bucket of their own per address (:attr:`Limits.page_burst`),
  so that one client's flood of the API does not refuse another's page at the same address.
  The director is not limited: he sets up a whole session's tables at once.
- A WebSocket's messages from the client (a table page's events; other pages send none) have a
  bucket per connection
  (:attr:`Limits.ws_burst`, :attr:`Limits.ws_rate`); over it the socket is closed with 4429.
- A request's body must come in chunks at most :attr:`Limits.body_seconds` apart (408
  otherwise: a slow client holds no connection for ever; its head has the same bound, in
  :mod:`bridgelaw.server.connections`).
- A NUL character is refused in a path (400), a query and a JSON body (422): PostgreSQL cannot
  store it in a text, and no bridgelaw text holds one.
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

import asyncio
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
from urllib.parse import parse_qsl

from bridgelaw.server.connections import HEAD_SECONDS, setting
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
NUL_ESCAPE = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")
"""``\\u0000`` in JSON text (not an escaped backslash followed by ``u0000``)."""


RATE = setting("BRIDGELAW_RATE", 20.0)
"""The default of :attr:`Limits.rate` (the environment's, when set: docs/server.md)."""
BURST = int(setting("BRIDGELAW_BURST", 60))
"""The default of :attr:`Limits.burst`."""


@dataclass
class Limits:
    body_bytes: int = 8192
    """The largest request body accepted."""
    director_body_bytes: int = 512 * 1024
    """The largest body the director may send: a session's hand record (``deals``) is PBN text
    of a few hundred boards."""
    rate: float = RATE
    """Requests per second a client may make, sustained."""
    burst: int = BURST
    """Requests a client may make at once before the rate applies."""
    clients: int = 10000
    """Clients remembered at most (the least recently seen are forgotten)."""
    page_rate: float = 10.0
    """Page loads (``GET`` outside ``/api/``) per second from one address, sustained."""
    page_burst: int = 120
    """Page loads from one address at once: a page and its few files, for a room of players
    behind one router opening theirs together."""
    ws_rate: float = 5.0
    """Messages per second a WebSocket's client may send, sustained (a table page sends its
    events on its stream; other pages send none)."""
    ws_burst: int = 20
    """Messages a WebSocket's client may send at once before it is closed with 4429."""
    body_seconds: float = HEAD_SECONDS
    """Seconds between two chunks of a request's body at most (408 after)."""


class Buckets:
    """A token bucket per client, bounded in memory; ``pages``: the budget of page loads."""

    def __init__(self, limits: Limits, pages: bool = False) -> None:
        self.limits, self.pages = limits, pages
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, client: str, now: float) -> float:
        """0 when ``client`` may make a request now (and it is counted), else the seconds to
        wait before the next one."""
        limits = self.limits
        rate, burst = (
            (limits.page_rate, limits.page_burst) if self.pages else (limits.rate, limits.burst)
        )
        tokens, then = self.buckets.pop(client, (float(burst), now))
        tokens = min(float(burst), tokens + (now - then) * rate)
        if tokens >= 1:
            self.buckets[client] = (tokens - 1, now)
            waited = 0.0
        else:
            self.buckets[client] = (tokens, now)
            waited = (1 - tokens) / rate
        while len(self.buckets) > limits.clients:
            self.buckets.popitem(last=False)
        return waited


def scope_token(scope: Scope) -> str | None:
    """The token a request is judged by: a stream's ``?token=`` (the spec's; its
    ``Authorization`` header is not read), a request's ``Authorization: Bearer``."""
    if scope.get("type") == "websocket":
        query = str(scope.get("query_string", b"").decode("latin-1"))
        for part in query.split("&"):
            key, _, found = part.partition("=")
            if key == "token" and found:
                return found
        return None
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            scheme, _, token = str(value.decode("latin-1")).partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return token.strip()
    return None


def verified_role(server: Server | None, scope: Scope, token: str) -> str | None:
    """The role ``token`` has where the request goes (``director``, a seat letter, a session's
    role), from what is in memory; None when it is no one's there (or not known yet)."""
    if server is None:
        return None
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
    return None if role is None else str(role.label)


def role_of(server: Server | None, scope: Scope) -> str:
    """Who is asking, in words fit for the log (never the token): ``director``, a seat letter,
    ``unknown token`` or ``no token``."""
    token = scope_token(scope)
    if token is None:
        return "no token"
    return verified_role(server, scope, token) or "unknown token"


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


def nul_refusal(scope: Scope) -> tuple[int, str] | None:
    """The refusal of a NUL character in the request's path (400) or in a query parameter
    (422 naming it), raw or %-encoded; None when there is none."""
    raw = bytes(scope.get("raw_path") or b"")
    if "\x00" in scope.get("path", "") or b"\x00" in raw or b"%00" in raw:
        return 400, "the address holds a NUL character, which no name or token has"
    query = bytes(scope.get("query_string", b"")).decode("latin-1")
    if "\x00" not in query and "%00" not in query:
        return None
    named = sorted({k[:40] for k, v in parse_qsl(query, True) if "\x00" in k + v}) or ["?"]
    return 422, f"query: {', '.join(named)}: a NUL character, which no text here may hold"


class Guard:
    """ASGI middleware: the rate limits, the body's size and pace, NUL characters and a
    WebSocket's messages, before the application."""

    def __init__(self, app: ASGIApp, limits: Limits, server: Server | None = None) -> None:
        self.app, self.limits, self.server = app, limits, server
        self.buckets = Buckets(limits)
        self.pages = Buckets(limits, pages=True)

    def bucket(self, scope: Scope) -> tuple[Buckets, str] | None:
        """The bucket a request is counted in and its key; None for the director."""
        token = scope_token(scope)
        role = None if token is None else verified_role(self.server, scope, token)
        if role == "director":
            return None
        if token is not None and role is not None:
            return self.buckets, f"token {token_hash(token)}"
        address = _address(scope)
        page = scope["type"] == "http" and scope.get("method") in ("GET", "HEAD")
        if page and not scope.get("path", "").startswith("/api/"):
            return self.pages, f"pages {address}"
        return self.buckets, f"address {address}"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        counted = self.bucket(scope)
        wait = 0.0 if counted is None else counted[0].wait(counted[1], time.monotonic())
        if wait > 0:
            retry = max(1, math.ceil(wait))
            reason = f"too many requests from this client: wait {retry} s and send again"
            await self.refuse(scope, receive, send, 429, reason, retry)
            return
        nul = nul_refusal(scope)
        if nul is not None:
            await self.refuse(scope, receive, send, *nul)
            return
        if scope["type"] == "websocket":
            await self.app(scope, *self.paced(scope, receive, send))
            return
        sized = await self._sized(scope, receive, send, counted is None)
        if sized is not None:
            await self.app(scope, sized, send)

    async def refuse(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        status: int,
        reason: str,
        retry: int | None = None,
    ) -> None:
        """A refusal before the application: an HTTP answer, or a WebSocket accepted and closed
        with ``4000 +`` the status (a page reads close codes: a refusal before the handshake
        reaches a browser as an anonymous failure, and the page would try again for ever)."""
        log_refusal(self.server, scope, status, reason)
        if scope["type"] == "websocket":
            await close_refused(receive, send, 4000 + status, reason)
            return
        headers = [] if retry is None else [(b"retry-after", str(retry).encode())]
        await _answer(send, status, reason, headers)

    def paced(self, scope: Scope, receive: Receive, send: Send) -> tuple[Receive, Send]:
        """A WebSocket's receive and send with its client's messages counted: over the
        bucket, the socket is closed with 4429 and the application told it left."""
        limits = self.limits
        tokens, then = float(limits.ws_burst), time.monotonic()
        closed = False

        async def receive_paced() -> Message:
            nonlocal tokens, then, closed
            message = await receive()
            if message["type"] != "websocket.receive" or closed:
                return message
            now = time.monotonic()
            tokens = min(float(limits.ws_burst), tokens + (now - then) * limits.ws_rate)
            then = now
            if tokens >= 1:
                tokens -= 1
                return message
            closed = True
            reason = f"more than {limits.ws_burst} messages from this client: closed"
            log_refusal(self.server, scope, 429, reason)
            await send({"type": "websocket.close", "code": 4429, "reason": reason})
            return {"type": "websocket.disconnect", "code": 4429, "reason": reason}

        async def send_paced(message: Message) -> None:
            if not closed:  # after the close, what the application still sends is dropped
                await send(message)

        return receive_paced, send_paced

    async def _sized(
        self, scope: Scope, receive: Receive, send: Send, director: bool
    ) -> Receive | None:
        """The request's body read whole (at most the limit, each chunk within the seconds)
        and handed on; None when it was refused and the answer is sent."""
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
            try:
                message = await asyncio.wait_for(receive(), self.limits.body_seconds)
            except TimeoutError:
                late = f"the request body did not come within {self.limits.body_seconds:g} s"
                log_refusal(self.server, scope, 408, late)
                await _answer(send, 408, late, [(b"connection", b"close")])
                return None
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
        if b"\x00" in body or NUL_ESCAPE.search(body):
            nul = "the request body holds a NUL character (\\u0000), which no text here may hold"
            log_refusal(self.server, scope, 422, nul)
            await _answer(send, 422, nul)
            return None

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return replay


async def close_refused(receive: Receive, send: Send, code: int, reason: str) -> None:
    """A WebSocket refused with a close code: its handshake accepted, then closed."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": code, "reason": reason[:120]})


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
    """Put the guards in front of ``app``; the limits stay changeable (tests, benchmarks).
    Also: a stream refused by a route closed with its code after the handshake (not refused
    before it), and a database that fails to read or write answered 503."""
    from fastapi import WebSocketException
    from sqlalchemy.exc import DBAPIError
    from starlette.requests import HTTPConnection, Request
    from starlette.responses import JSONResponse, Response
    from starlette.websockets import WebSocket, WebSocketState

    limits = limits or Limits()
    app.add_middleware(Guard, limits=limits, server=server)
    app.state.limits = limits

    async def stream_refused(connection: HTTPConnection, error: Exception) -> None:
        assert isinstance(connection, WebSocket) and isinstance(error, WebSocketException)
        if connection.application_state is WebSocketState.CONNECTING:
            await connection.accept()
        if connection.application_state is WebSocketState.CONNECTED:
            # a close reason is at most 123 bytes: the words' UTF-8 cut (2 bytes for "ł", "ő")
            reason = (error.reason or "").encode("utf-8")[:120].decode("utf-8", "ignore")
            await connection.close(error.code, reason)

    async def database_failed(connection: Request, error: Exception) -> Response:
        first = str(error).strip().splitlines()[0][:200] if str(error).strip() else ""
        reason = f"the database could not be read or written ({type(error).__name__}): try again"
        log.error("database error on %s: %s", connection.scope.get("path", "")[:200], first)
        log_refusal(server, connection.scope, 503, reason)
        if isinstance(connection, WebSocket):
            if connection.application_state is WebSocketState.CONNECTING:
                await connection.accept()
            if connection.application_state is WebSocketState.CONNECTED:
                await connection.close(4503, reason[:120])
            return Response(status_code=503)  # not sent: the socket is closed
        return JSONResponse({"error": reason}, status_code=503)

    app.add_exception_handler(WebSocketException, stream_refused)
    app.add_exception_handler(DBAPIError, database_failed)
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
