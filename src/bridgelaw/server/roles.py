"""Who is asking: the role a request's token gives, as FastAPI dependencies (``Depends``).

A route names in its signature the role it needs, and the role's checks run before the route
does anything (its body included):

* at a table of ``table-api.md``, :data:`AtTableRole`: the director, or one of the table's seats
  (404 for no such table, then 401 without a token, 403 for a token not the table's);
  :func:`seat_only` refuses the director too, with the route's words (:data:`SeatRole`: a seat
  calls the director, Law 9B), :func:`director_at_table` the seats; a board that is over:
  :data:`TableSessionDep`, the asker's role in the session whose board it is (a player's);
* the director alone, :func:`director_only`: 401 without a token, 403 with the route's words
  for any other (the director's console API takes it for a whole router);
* a poll of peers (16B1b), :data:`PollAsker`: the director or one of the poll's peers (401
  without a token, 404 for no such poll, 403 for another token); :data:`PollPeer` refuses the
  director;
* the demo (``serve --demo``), :data:`DemoPlayer`: the player of one of the run's demo nights
  or the director (401, 403); :data:`DemoOfAsker`: the asker's demo night, if any (no
  refusal: the demo's modes are public);
* in a session of ``session-api.md``, :func:`session_role`: the director, a table's device, a
  player, or the public (no token), each route naming the kinds it takes (404 for no such
  session, 403 for a token not the session's, then 401 for the public and 403 for another kind);
* a stream (WebSocket) is refused by closing it with ``4000 +`` the status
  (:data:`StreamRole`, :data:`SessionStreamRole`).

Beside the roles, what several routers' routes take the same way: the table or the session of
the route's address (:data:`LiveTableDep`, :data:`LiveSessionDep`: 404 when there is none) and
the reader's language (:data:`Language`: 400 for an unknown ``?lang=``, a stream closed with
4400).

A refusal is a :class:`~bridgelaw.server.tables.Refused` (the table API) or a
:class:`~bridgelaw.duplicate.state.Refusal` (the session API); the application's handlers answer
it and log it once, without the token (:func:`bridgelaw.server.limits.log_refusal`). The routes
reach the server's parts through the application's state (:func:`server_of`...).
"""

from __future__ import annotations

import contextlib
import hmac
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Path, WebSocketException
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from bridgelaw.duplicate.state import Refusal, Role
from bridgelaw.i18n import UnknownLanguage
from bridgelaw.i18n.views import negotiate
from bridgelaw.i18n.words import unknown_language
from bridgelaw.server import director_work, limits
from bridgelaw.server.db import token_hash
from bridgelaw.server.demo import Demos, DemoSession
from bridgelaw.server.robots import Robots
from bridgelaw.server.sessions import LiveSession, Sessions
from bridgelaw.server.tables import LiveTable, Refused, Server
from bridgelaw.server.views import DIRECTOR

NO_TOKEN = "a token is needed (Authorization: Bearer <token>)"


# -- the server's parts, from the application's state ---------------------------------------------


def server_of(connection: HTTPConnection) -> Server:
    server: Server = connection.app.state.server
    return server


def sessions_of(connection: HTTPConnection) -> Sessions:
    sessions: Sessions = connection.app.state.sessions
    return sessions


def robots_of(connection: HTTPConnection) -> Robots:
    robots: Robots = connection.app.state.robots
    return robots


def bearer(connection: HTTPConnection) -> str | None:
    """The token of ``Authorization: Bearer <token>``, if the request has one."""
    scheme, _, token = connection.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def is_director(server: Server, token: str) -> bool:
    return hmac.compare_digest(token.encode(), server.director_token.encode())


# -- at a table -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class AtTable:
    """A request at one table: the table in memory and the asker's role there (``director``
    or a seat letter)."""

    live: LiveTable
    role: str


async def live_table(table_id: str, connection: HTTPConnection) -> LiveTable:
    """The table in memory (404 if there is none), without a trip through the thread pool
    when it is loaded already (most requests); a replica that was told of events it did not
    read yet (nobody here to push them to: ``Server.notified``) reads them first, so that
    every route sees the table at least as it was at the last notification."""
    server = server_of(connection)
    live = server.live.get(table_id)
    if live is None:
        return await run_in_threadpool(server.get, table_id)
    if live.behind > len(live.table.events):  # a replica told of events it has not read
        async with live.lock:
            await server.catch_up(live)
    return live


LiveTableDep = Annotated[LiveTable, Depends(live_table)]
"""The table of the route's ``table_id`` (404 if there is none), whoever asks."""


async def at_table(table_id: str, connection: HTTPConnection) -> AtTable:
    live = await live_table(table_id, connection)  # 404 first: the seats are the table's
    return AtTable(live, server_of(connection).role(live, bearer(connection)))


async def stream_at_table(table_id: str, connection: HTTPConnection, token: str = "") -> AtTable:
    """A table's stream: its table and role from ``?token=`` (the spec's), refused by closing
    it (logged like every refusal)."""
    server = server_of(connection)
    try:
        live = await live_table(table_id, connection)
        return AtTable(live, server.role(live, token))
    except Refused as error:
        limits.log_refusal(server, connection.scope, error.status, error.error)
        raise WebSocketException(
            4000 + error.status, error.text(refusal_language(connection))
        ) from None


def refusal_language(connection: HTTPConnection) -> str:
    """The language a refusal is written in: the viewer's (``?lang=``, else
    ``Accept-Language``); an unknown ``?lang=``, itself refused, leaves the header's."""
    header = connection.headers.get("accept-language")
    try:
        return negotiate(connection.query_params.get("lang"), header)
    except UnknownLanguage:
        return negotiate(None, header)


def viewer_language(connection: HTTPConnection) -> str:
    """The language a viewer reads (``?lang=``, else ``Accept-Language``, else English;
    ``table-api.md``); an unknown ``?lang=`` is refused with the known ones (400; a stream
    is closed with 4400, in the language of ``Accept-Language``)."""
    try:
        return negotiate(
            connection.query_params.get("lang"), connection.headers.get("accept-language")
        )
    except UnknownLanguage as error:
        refusal = unknown_language(error.lang)
        if connection.scope["type"] == "websocket":
            raise WebSocketException(4400, refusal.text(refusal_language(connection))) from None
        raise Refused(400, refusal) from None


Language = Annotated[str, Depends(viewer_language)]
"""The reader's language (:func:`viewer_language`)."""


async def director_stream(connection: HTTPConnection, token: str = "") -> None:
    """The director's console stream: the director's token from ``?token=`` (a page's
    WebSocket sends no header), refused by closing it (logged like every refusal)."""
    server = server_of(connection)
    if not token or not is_director(server, token):
        status = 401 if not token else 403
        words = NO_TOKEN if not token else "only the director follows every table"
        limits.log_refusal(server, connection.scope, status, words)
        raise WebSocketException(4000 + status, words)


AtTableRole = Annotated[AtTable, Depends(at_table)]
"""The director or one of the table's seats."""
StreamRole = Annotated[AtTable, Depends(stream_at_table)]
"""The director or one of the table's seats, opening the table's stream."""


def seat_only(refusal: str) -> Callable[[AtTable], Awaitable[AtTable]]:
    """A dependency that lets only the table's seats through: :data:`AtTableRole`'s checks,
    then 403 with ``refusal`` for the director (what a player does here, not he)."""

    async def seat(at: AtTableRole) -> AtTable:
        if at.role == DIRECTOR:
            raise Refused(403, refusal)
        return at

    return seat


def director_at_table(refusal: str) -> Callable[[AtTable], Awaitable[AtTable]]:
    """A dependency that lets only the director through at a table: :data:`AtTableRole`'s
    checks (404 for no such table first), then 403 with ``refusal`` for a seat."""

    async def director(at: AtTableRole) -> AtTable:
        if at.role != DIRECTOR:
            raise Refused(403, refusal)
        return at

    return director


SeatRole = Annotated[
    AtTable, Depends(seat_only("a seat calls the director (Law 9B), not the director"))
]
"""One of the table's seats (not the director), calling the director."""


@dataclass(frozen=True)
class TableSession:
    """The session whose board a table plays, in memory, and the asker's role in its log."""

    live: LiveSession | None
    """None when the table belongs to no session held in memory."""
    role: Role | None
    """A player's (a seat's token is its player's for the whole session); None for the
    director and for a token the session's log does not know."""


async def table_session(at: AtTableRole, connection: HTTPConnection) -> TableSession:
    """The session of the table's board and the asker's role there."""
    sessions = sessions_of(connection)
    session_id = sessions.table_session.get(at.live.id)
    live = None if session_id is None else sessions.live.get(session_id)
    token = bearer(connection)
    if live is None or not token:
        return TableSession(live, None)
    return TableSession(live, live.state.role_of(token_hash(token)))


TableSessionDep = Annotated[TableSession, Depends(table_session)]
"""The table's session (if any) and the asker's role in it, after :data:`AtTableRole`'s checks."""


# -- the director ---------------------------------------------------------------------------------


def director_only(refusal: str) -> Callable[[HTTPConnection], Awaitable[None]]:
    """A dependency that lets only the director's token through; ``refusal``: the 403's words
    (what the director alone may do here)."""

    async def director(connection: HTTPConnection) -> None:
        token = bearer(connection)
        if not token:
            raise Refused(401, NO_TOKEN)
        if not is_director(server_of(connection), token):
            raise Refused(403, refusal)

    return director


# -- a poll of peers (16B1b) ----------------------------------------------------------------------

PollId = Annotated[int, Path(ge=1, le=2**31 - 1)]


async def poll_asker(poll_id: PollId, connection: HTTPConnection) -> str | None:
    """The director (None) or the peer of the poll whose token this is (his name): 401 without
    a token, 404 for no such poll, 403 for a token neither the director's nor a peer's."""
    token = bearer(connection)
    if not token:
        raise Refused(401, NO_TOKEN)
    server = server_of(connection)
    if is_director(server, token):
        return None
    return await run_in_threadpool(director_work.peer_of, server.engine, poll_id, token)


PollAsker = Annotated[str | None, Depends(poll_asker)]
"""The poll's director (None) or one of its peers (his name)."""


async def poll_peer(asker: PollAsker) -> str:
    if asker is None:
        raise Refused(403, "a peer answers a poll, not the director")
    return asker


PollPeer = Annotated[str, Depends(poll_peer)]
"""One of the poll's peers (his name), not the director."""


# -- the demo (serve --demo) ----------------------------------------------------------------------


async def demo_of_asker(connection: HTTPConnection) -> DemoSession | None:
    """The demo night of this run whose player's token the request has, if any."""
    demos: Demos = connection.app.state.demos
    return demos.of(bearer(connection))


DemoOfAsker = Annotated[DemoSession | None, Depends(demo_of_asker)]


async def demo_player(connection: HTTPConnection) -> None:
    """The player of one of this run's demo nights, or the director (401 without a token,
    403 for another)."""
    token = bearer(connection)
    if not token:
        raise Refused(401, "a demo player's token is needed (Authorization: Bearer <token>)")
    demos: Demos = connection.app.state.demos
    if demos.of(token) is None and not is_director(server_of(connection), token):
        raise Refused(403, "only a demo night's player starts another demo night")


DemoPlayer = Depends(demo_player)
"""A demo night's player or the director (a route's ``dependencies``)."""


# -- in a session ---------------------------------------------------------------------------------


async def live_session(session_id: str, connection: HTTPConnection) -> LiveSession:
    """The session in memory, replayed from its log if needed (404 if there is none); after a
    restart, the robots of its boards in play go on where the log left them, and a board that
    ended just before the stop gives the session its result."""
    sessions = sessions_of(connection)
    live = sessions.live.get(session_id)
    if live is not None:
        await sessions.refresh(live)  # several processes: the log as it stands now
        return live
    live = await run_in_threadpool(sessions.load, session_id)
    if not live.resumed:  # after a restart: the robots of the boards in play go on
        live.resumed = True
        server = server_of(connection)
        state = live.state
        shown = state.round if state.round is not None else state.rounds
        for slot, table_id in state.table_ids.items():
            if slot[0] == shown and state.status(slot) not in ("to-play", "late"):
                # the round's tables held, ended too: the views show their phase, as those
                # of the process that made them (several processes answer alike)
                await run_in_threadpool(server.get, table_id)
            elif state.status(slot) in ("to-play", "late"):
                table = await run_in_threadpool(server.get, table_id)
                if server.cluster is not None:  # a table nobody owns is this process's now
                    with contextlib.suppress(Refused):
                        async with table.lock:
                            await server.own(table)
                # the board's last event was stored but the server stopped before its result
                # reached the session's log: the result is taken from the table now
                await sessions.board_played(table)
                sessions.wake_robots([table])
    return live


LiveSessionDep = Annotated[LiveSession, Depends(live_session)]
"""The session of the route's ``session_id``."""


def session_role(*kinds: str) -> Callable[[LiveSession, HTTPConnection], Awaitable[Role]]:
    """A dependency giving the asker's role in the session (``Sessions.role``: 403 for a token
    not the session's), which must be one of ``kinds`` (401 for the public, 403 for another)."""

    async def role_in_session(live: LiveSessionDep, connection: HTTPConnection) -> Role:
        role = sessions_of(connection).role(live, bearer(connection))
        if role.kind in kinds:
            return role
        if role.kind == "public":
            raise Refusal(401, NO_TOKEN)
        raise Refusal(403, f"the {role.kind}'s token may not do this")

    return role_in_session


@dataclass(frozen=True)
class InSession:
    """A request in one session: the session in memory and the asker's role there."""

    live: LiveSession
    role: Role


async def stream_in_session(
    session_id: str, connection: HTTPConnection, token: str = ""
) -> InSession:
    """A session's stream: the role of ``?token=`` (none: the public, who follows the
    published results), refused by closing it."""
    try:
        live = await live_session(session_id, connection)
        return InSession(live, sessions_of(connection).role(live, token or None))
    except Refusal as error:
        words = error.text(refusal_language(connection))  # cut to a close reason's bytes later
        raise WebSocketException(4000 + error.status, words) from None


SessionStreamRole = Annotated[InSession, Depends(stream_in_session)]
"""Anyone's role in the session, opening its stream."""
