"""The table API of ``table-api.md``: making a table, a role's view, an event, the stream; and a
seat calling the director (Law 9B).

Each route takes its role from :mod:`bridgelaw.server.roles`; the event's path is
:meth:`bridgelaw.server.tables.Server.accept`. After a change (and after a restart, at the first
request) the table's robots are woken.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Depends, WebSocket, WebSocketDisconnect
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StringConstraints,
    ValidationError,
)
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse

from bridgelaw.i18n.views import localize_view
from bridgelaw.server import after, bounds, director, limits, rulings
from bridgelaw.server.db import now
from bridgelaw.server.roles import (
    AtTable,
    AtTableRole,
    Language,
    SeatRole,
    StreamRole,
    TableSessionDep,
    director_only,
    robots_of,
    server_of,
    sessions_of,
)
from bridgelaw.server.tables import NewEvent, NewTable, Refused
from bridgelaw.server.views import DIRECTOR, board_over, dummy_faced

router = APIRouter()
REDIRECT = 4307
"""The close code of a stream sent to the table's owner, whose address is the reason (4000 +
the 307 an event sent to a process not the owner gets; docs/deployment.md)."""


class StreamEvent(BaseModel):
    """An event sent on a table's stream instead of posted: its text, and an ``id`` the
    client chooses to match the answer to it."""

    model_config = ConfigDict(extra="forbid")
    event: str = Field(min_length=1, max_length=200)
    id: StrictInt | Annotated[str, StringConstraints(max_length=64)] | None = None


class NewCall(BaseModel):
    reason: str = Field(default="", max_length=200)


@router.post("/api/tables", dependencies=[Depends(director_only("only the director makes tables"))])
async def create_table(spec: NewTable, connection: HTTPConnection) -> dict[str, Any]:
    server = server_of(connection)
    table_id, tokens = await run_in_threadpool(server.create, spec)
    robots_of(connection).wake(server.live[table_id])
    await director.tell_consoles(server, server.live[table_id])
    return {"table": table_id, "seats": tokens}


@router.get("/api/tables/{table_id}")
async def get_table(at: AtTableRole, connection: HTTPConnection, lang: Language) -> JSONResponse:
    robots_of(connection).wake(at.live)  # after a restart, robots to act carry on
    async with at.live.lock:  # never a state whose event is not yet committed
        await server_of(connection).catch_up(at.live)  # another process's events, if any
        return JSONResponse(at.live.view(at.role, lang=lang))  # a view needs no validating


@router.get("/api/tables/{table_id}/result")
async def get_result(at: AtTableRole, connection: HTTPConnection) -> dict[str, Any]:
    """The table's result and the director's entries: for the director and for each seat,
    who is told every ruling and score of his board (Law 12)."""
    engine = server_of(connection).engine
    async with at.live.lock:
        rows = await run_in_threadpool(director.entries, engine, at.live.id)
        return director.result_of(at.live, rows)


@router.get("/api/tables/{table_id}/after")
async def after_board(
    at: AtTableRole, session: TableSessionDep, connection: HTTPConnection
) -> dict[str, Any]:
    """Once the board is over, for each seat and the director: the four hands, the
    double-dummy table and par, the session's traveller of the board and the seat's next board
    (``server/after.py``); 409 while it is played: the deal is hidden until then (66D)."""
    async with at.live.lock:
        await server_of(connection).catch_up(at.live)
        if not board_over(at.live.table):
            raise Refused(
                409, "the board is not over: its hands are shown once play has ended (66D)"
            )
        board = at.live.table.board
    analysis = await after.analysis_soon(board)  # DDS, in a worker thread; or "pending"
    sessions = sessions_of(connection)
    return after.after_json(sessions, at.live, session.live, session.role, analysis)


@router.post("/api/tables/{table_id}/events")
async def post_event(
    at: AtTableRole, body: NewEvent, connection: HTTPConnection, lang: Language
) -> JSONResponse:
    view = await take_event(at, connection, body.event.strip(), lang)
    return JSONResponse(view)


async def take_event(
    at: AtTable, connection: HTTPConnection, text: str, lang: str | None
) -> dict[str, Any]:
    """One event of ``at``'s role, posted or sent on its stream: checked, accepted (stored and
    pushed, :meth:`~bridgelaw.server.tables.Server.accept`), the director's decision on a
    disputed claim recorded beside the adjudicator's proposal (Law 70), the robots woken.
    With ``lang`` the sender's new view in that language is the answer; without (an event
    sent on the stream, whose update carries the view) only its ``seq``."""
    live = at.live
    server = server_of(connection)
    async with live.lock:
        claim = rulings.disputed_claim(live) if at.role == DIRECTOR else None
        proposal = None if claim is None else await run_in_threadpool(rulings.propose, claim)
        called_at = now()
        bounds.check_review(live, at.role, text)  # 429 past the bound
        view = await server.accept(live, at.role, text, answer=lang is not None)
        # Law 70: the director's decision on a disputed claim, beside the adjudicator's proposal
        settled = live.table.claim  # the engine's claim now (the event may have settled it)
        judged = None
        if claim is not None and proposal is not None and settled is not None:
            judged = rulings.claim_ruling(live, settled, proposal, "")
        if claim is not None and judged is not None:
            await run_in_threadpool(
                rulings.append,
                server.engine,
                live,
                "claim",
                claim.claimer.letter,
                called_at,
                judgement=judged,
            )
        if lang is not None:
            view = localize_view(view, live.table, lang)
        else:
            view = {"seq": len(live.table.events)}
    robots_of(connection).wake(live)
    return view


@router.websocket("/api/tables/{table_id}/stream")
async def stream(
    socket: WebSocket,
    at: StreamRole,
    lang: Language,
    changes: bool = False,
    since: int | None = None,
) -> None:
    """The role's view at once, then after every accepted event the view again, or with
    ``?changes=1`` what changed in it (``server/push.py``). Each view carries its ``seq``, the
    table's last event; a client reconnecting with ``?since=<seq>`` (the last it holds) gets
    the view after each event it missed, then the live stream (docs/deployment.md). With
    several processes, a process not the table's owner closes the stream at once with 4307
    and the owner's address as its reason: the client opens it there. An unknown ``?lang=``
    closes it with 4400 (after the role's checks)."""
    live, role = at.live, at.role
    server = server_of(socket)
    await socket.accept()
    owner = await server.stream_owner(live)
    if owner is not None:  # the owner pushes the table's updates: the client goes there
        await socket.close(code=REDIRECT, reason=owner)
        return
    robots_of(socket).wake(live)
    async with live.lock:
        await server.catch_up(live)  # another process's events, if it owns the table
        refusal = bounds.check_streams(live, role)
        if refusal is None:
            for view in live.join(socket, role, changes, since, lang):
                await socket.send_json(view)
    if refusal is not None:
        limits.log_refusal(server_of(socket), socket.scope, 429, refusal)
        await socket.close(4429, refusal[:120])
        return
    try:
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                break
            reply = await stream_event(socket, at, lang, message)
            # a client that sends but never reads holds no coroutine for ever (a push's bound)
            await asyncio.wait_for(socket.send_json(reply), server.send_timeout())
    except TimeoutError:
        limits.log_refusal(server, socket.scope, 408, "the client does not read its answers")
    except WebSocketDisconnect:
        pass
    finally:
        live.leave(socket, role)


async def stream_event(
    socket: WebSocket, at: AtTable, lang: str, message: Mapping[str, Any]
) -> dict[str, Any]:
    """An event sent on the stream (``{"event": "1NT", "id": 7}``, ``id`` optional), taken
    as if posted: the answer is ``{"accepted": {"id", "seq"}}`` once it is stored and every
    client's update sent (the sender's too, on this stream), or ``{"refused": {"id",
    "status", "error", "law", ...}}`` with the error words in the stream's language and the
    status the post would get (docs/server.md)."""
    number: int | str | None = None
    try:
        sent = StreamEvent.model_validate_json(message.get("text") or message.get("bytes") or "")
        number = sent.id
        if "\x00" in sent.event:  # as in a posted body (server/limits.py): never stored
            raise Refused(422, "the event holds a NUL character, which no text here may hold")
        taken = await take_event(at, socket, sent.event.strip(), None)
    except ValidationError as error:
        problem = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'message'}: {e['msg']}" for e in error.errors()
        )
        refused = Refused(422, f"not an event message ({problem})")
        return {"refused": {"id": number, "status": 422, **refused.body(lang)}}
    except Refused as refused:
        limits.log_refusal(server_of(socket), socket.scope, refused.status, refused.error)
        return {"refused": {"id": number, "status": refused.status, **refused.body(lang)}}
    return {"accepted": {"id": number, "seq": taken["seq"]}}


@router.post("/api/tables/{table_id}/calls")
async def call_director(at: SeatRole, body: NewCall, connection: HTTPConnection) -> dict[str, Any]:
    """A seat calls the director, with an optional reason; dummy's call during the play is
    marked (he may not draw attention to an irregularity then, 9A4)."""
    live = at.live
    async with live.lock:
        table = live.table
        phase = table.phase
        faced = dummy_faced(table)  # dummy, once the opening lead is faced
        dummy = phase == "play" and faced is not None and faced.letter == at.role
    engine = server_of(connection).engine
    reason = body.reason.strip()
    await run_in_threadpool(bounds.check_calls, engine, live.id, at.role)  # 429 past the bound
    number = await run_in_threadpool(
        director.store_call, engine, live.id, at.role, reason, phase, dummy
    )
    async with live.lock:  # the whole table sees that the director was called (9B)
        await director.calls_changed(server_of(connection), live)
    return {"call": number}
