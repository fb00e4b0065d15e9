"""The FastAPI application: the fixed API of ``table-api.md``.

The tables in memory and the path of every event are :mod:`bridgelaw.server.tables`' (its
``Server`` and ``NewTable`` are named here too); this module puts the application together.
"""

from __future__ import annotations

import hmac
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from bridgelaw.server import director, limits, pages, session_pages, sessions, tables
from bridgelaw.server.db import open_database
from bridgelaw.server.robots import Robots
from bridgelaw.server.tables import LiveTable, NewEvent, NewTable, Refused, Server

__all__ = ["SEND_TIMEOUT", "NewTable", "Server", "create_app"]

SEND_TIMEOUT = tables.SEND_TIMEOUT
"""Seconds a view may take to be handed to a client's socket before that client is dropped;
read at each push (a test shortens it on a running application)."""


def create_app(url: str, director_token: str) -> FastAPI:
    """The application on the database at ``url`` (migrated at start)."""
    server = Server(open_database(url), director_token, send_timeout=lambda: SEND_TIMEOUT)
    app = FastAPI(title="bridgelaw", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server
    limits.install(app, server)  # body size and rate limits, the log of refusals

    @app.exception_handler(Refused)
    async def refused(request: Request, error: Refused) -> JSONResponse:
        limits.log_refusal(server, request.scope, error.status, error.error)
        body: dict[str, Any] = {"error": error.error}
        if error.status == 422:
            body["law"] = error.law
        return JSONResponse(body, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
        )
        limits.log_refusal(server, request.scope, 422, problems)
        return JSONResponse({"error": problems, "law": None}, status_code=422)

    def bearer(request: Request) -> str | None:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        return token.strip() if scheme.lower() == "bearer" else None

    @app.post("/api/tables")
    async def create_table(spec: NewTable, request: Request) -> dict[str, Any]:
        token = bearer(request)
        if not token:
            raise Refused(401, "a token is needed (Authorization: Bearer <token>)")
        if not hmac.compare_digest(token.encode(), director_token.encode()):
            raise Refused(403, "only the director makes tables")
        table_id, tokens = await run_in_threadpool(server.create, spec)
        robots.wake(server.live[table_id])
        return {"table": table_id, "seats": tokens}

    async def live_table(table_id: str) -> LiveTable:
        # a table in memory without a trip through the thread pool (most requests)
        live = server.live.get(table_id)
        return live if live is not None else await run_in_threadpool(server.get, table_id)

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        live = await live_table(table_id)
        role = server.role(live, bearer(request))
        robots.wake(live)  # after a restart, robots to act carry on
        async with live.lock:  # never a state whose event is not yet committed
            return live.view(role)

    @app.post("/api/tables/{table_id}/events")
    async def post_event(table_id: str, body: NewEvent, request: Request) -> dict[str, Any]:
        live = await live_table(table_id)
        role = server.role(live, bearer(request))
        async with live.lock:
            view = await server.accept(live, role, body.event.strip())
        robots.wake(live)
        return view

    robots = Robots(server.accept)
    app.state.robots = robots

    @app.websocket("/api/tables/{table_id}/stream")
    async def stream(socket: WebSocket, table_id: str, token: str = "") -> None:
        try:
            live = await live_table(table_id)
            role = server.role(live, token)
        except Refused as error:
            limits.log_refusal(server, socket.scope, error.status, error.error)
            await socket.close(code=4000 + error.status, reason=error.error)
            return
        await socket.accept()
        robots.wake(live)
        async with live.lock:
            await socket.send_json(live.view(role))
            live.clients.append((socket, role))
        try:
            while True:
                await socket.receive_text()  # nothing is read from clients yet
        except WebSocketDisconnect:
            pass
        finally:
            if (socket, role) in live.clients:
                live.clients.remove((socket, role))

    pages.install(app)  # the table page (issue 14, item 4)
    director.install(app, server)  # calls, the ruling log, results, the console
    sessions.install(app, server)  # duplicate sessions: session-api.md
    session_pages.install(app, app.state.sessions)  # the pages of a club night
    return app
