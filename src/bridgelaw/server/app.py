"""The FastAPI application: the fixed APIs of ``table-api.md`` and ``session-api.md``, the pages.

:func:`create_app` puts the server together: the tables in memory and the path of every event
(:mod:`bridgelaw.server.tables`, whose ``Server`` and ``NewTable`` are named here too), the
robots, the duplicate sessions, the guards (:mod:`bridgelaw.server.limits`), the handlers that
answer and log every refusal, and the routers (:mod:`bridgelaw.server.routes`), which find these
parts in the application's state.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from bridgelaw.director.deadlines import Periods
from bridgelaw.duplicate.state import Refusal
from bridgelaw.server import director, limits, tables
from bridgelaw.server.cluster import Cluster
from bridgelaw.server.db import open_database
from bridgelaw.server.robots import Robots
from bridgelaw.server.roles import refusal_language
from bridgelaw.server.routes import ROUTERS
from bridgelaw.server.sessions import Sessions
from bridgelaw.server.tables import NewTable, Refused, Server

__all__ = ["SEND_TIMEOUT", "NewTable", "Server", "create_app"]

SEND_TIMEOUT = tables.SEND_TIMEOUT
"""Seconds a view may take to be handed to a client's socket before that client is dropped;
read at each push (a test shortens it on a running application)."""


@dataclass(frozen=True)
class Several:
    """One of several processes on one PostgreSQL database (docs/deployment.md)."""

    address: str
    """Where this process answers, as the others send clients to it (``http://host:port``)."""
    lease: float = 3.0
    """Seconds a table's lease lasts unrenewed: a process killed loses its tables after it."""


def records_notified(server: Server) -> Callable[[str], Awaitable[None]]:
    """The server's answer to another process's change of a table's director's records."""

    async def notified(table_id: str) -> None:
        if server.records_notified is not None:
            await server.records_notified(table_id)

    return notified


def _later(work: Coroutine[Any, Any, None]) -> None:
    """``work`` run on the event loop, after what runs now (a hook that may not wait)."""
    asyncio.get_running_loop().create_task(work)


def create_app(
    url: str, director_token: str, several: Several | None = None, periods: Periods | None = None
) -> FastAPI:
    """The application on the database at ``url`` (migrated at start); with ``several``, one
    of several processes sharing it (server/cluster.py); ``periods``: the correction (79C) and
    appeal (92B) periods where a session sets none (the Laws' thirty minutes by default)."""
    server = Server(open_database(url), director_token, send_timeout=lambda: SEND_TIMEOUT)
    if periods is not None:
        server.periods = periods
    lifespan = None
    if several is not None:
        cluster = Cluster(server.engine, several.address, several.lease)
        server.cluster = cluster
        cluster.notified = server.notified
        cluster.relisten = server.relisten
        cluster.taken = server.take

        @asynccontextmanager
        async def lifespan(_: FastAPI) -> AsyncIterator[None]:
            cluster.start(asyncio.get_running_loop())
            try:
                yield
            finally:
                await asyncio.to_thread(cluster.stop)  # our leases given up for the others

    app = FastAPI(
        title="bridgelaw", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    app.state.server = server
    director.install(server)  # what each seat sees of the director's records; his summons
    limits.install(app, server)  # body size and rate limits, the log of refusals
    robots = Robots(server.accept)  # the sample players in the seats the director gives them
    app.state.robots = robots
    server.taken.append(robots.wake)  # a table taken over: its robots carry on
    sessions = Sessions(server)  # duplicate sessions: session-api.md
    sessions.wake = robots.wake
    if server.cluster is not None:  # a session's records stored by the others; its tables taken
        server.cluster.session_notified = sessions.notified
        server.cluster.records_notified = records_notified(server)

        async def relisten() -> None:
            await server.relisten()
            await sessions.relisten()

        server.cluster.relisten = relisten
        server.taken.append(lambda table: _later(sessions.board_played(table)))
    app.state.sessions = sessions
    server.sessions = sessions  # the refusals' log names a session's roles (server/limits.py)

    @app.exception_handler(Refused)
    async def refused(request: Request, error: Refused) -> JSONResponse:
        limits.log_refusal(server, request.scope, error.status, error.error)
        body = error.body(refusal_language(request))
        if error.owner is not None:  # 307: the same request, to the table's owner
            path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            headers = {"Location": error.owner.rstrip("/") + path}
            return JSONResponse(body, status_code=error.status, headers=headers)
        return JSONResponse(body, status_code=error.status)

    @app.exception_handler(Refusal)
    async def refused_in_session(request: Request, error: Refusal) -> JSONResponse:
        limits.log_refusal(server, request.scope, error.status, error.message)
        body: dict[str, Any] = {"error": error.text(refusal_language(request))}
        if error.status == 422 or error.law is not None:
            body["law"] = error.law
        body.update(error.phrase())  # the phrase's id and parameters (docs/languages.md)
        return JSONResponse(body, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
        )
        limits.log_refusal(server, request.scope, 422, problems)
        return JSONResponse({"error": problems, "law": None}, status_code=422)

    for router in ROUTERS:
        app.include_router(router)
    return app
