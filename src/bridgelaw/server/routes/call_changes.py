"""A mistaken click at a strict table (Law 25A; ``server/call_changes.py``): a seat asks to
change its call, the director decides."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from bridgelaw.cards import Seat
from bridgelaw.server import call_changes, director
from bridgelaw.server.roles import (
    AtTable,
    AtTableRole,
    director_at_table,
    robots_of,
    seat_only,
    server_of,
)
from bridgelaw.server.tables import LiveTable, Refused, Server
from bridgelaw.server.views import CALLS, DIRECTOR, changeable

router = APIRouter()
Asker = Annotated[
    AtTable, Depends(seat_only("a player asks to change his own call; the director decides"))
]
"""The player who asks (a seat of the table, not the director)."""
Decider = Annotated[
    AtTable, Depends(director_at_table("the director decides a change of call (25A)"))
]
"""The director, who decides."""


class ChangeRequest(BaseModel):
    call: str = Field(min_length=1, max_length=4)
    """The call the player meant (``2H``, ``pass``...)."""


class Consent(BaseModel):
    agree: bool


class Decision(BaseModel):
    allow: bool
    note: str = Field(default="", max_length=200)


@router.post("/api/tables/{table_id}/call-changes")
async def request_change(
    at: Asker, body: ChangeRequest, connection: HTTPConnection
) -> dict[str, Any]:
    """A seat asks to replace its last call, made by mistake, with ``call`` (25A1)."""
    live = at.live
    if live.mode != "strict":
        raise Refused(
            422, "at a law table the player says the call he meant: the director judges it", "25A"
        )
    wanted = body.call.strip()
    wanted = "1NT" if wanted.upper() == "1N" else wanted  # the spec's 1N
    if wanted not in CALLS:
        raise Refused(422, f"call: {wanted[:8]!r} is not a call (pass, X, XX, 1C ... 7NT)")
    server = server_of(connection)
    async with live.lock:
        record = changeable(live.table, Seat("NESW".index(at.role)))
        if record is None:
            raise Refused(
                422, f"{at.role} has no call to change now: only before his partner calls", "25A1"
            )
        if wanted == record.call.text:
            raise Refused(422, f"call: {wanted} is the call made")
        pending = [c for c in live.changes if c["kind"] == "request" and c["call"] == record.event]
        decided = {d["request"] for d in live.changes if d["kind"] in ("allow", "refuse")}
        if any(c["id"] not in decided for c in pending):
            raise Refused(409, "this call's change is already before the director")
        row = await run_in_threadpool(
            call_changes.store,
            server.engine,
            live.id,
            "request",
            at.role,
            record.event,
            None,
            wanted,
        )
        live.changes.append(row)
        reason = f"25A: {at.role} asks to change {record.call.text} to {wanted} (a mistaken call)"
        # the request summons the director (Law 9B): his console lists it with the table's calls
        await run_in_threadpool(
            director.store_call, server.engine, live.id, at.role, reason, live.table.phase, False
        )
        await director.calls_changed(server, live)
    return {"request": row}


@router.post("/api/tables/{table_id}/call-changes/{number}/consent")
async def consent(
    at: AtTableRole, number: int, body: Consent, connection: HTTPConnection
) -> dict[str, Any]:
    """The club's option: an opponent of the player consents to his change, or objects."""
    live = at.live
    server = server_of(connection)
    if not server.change_consent:
        raise Refused(403, "at this club the director decides a change of call (25A)")
    async with live.lock:
        request = call_changes.open_request(live.changes, number)
        seat = request["seat"]
        if at.role == DIRECTOR or Seat("NESW".index(at.role)).side == Seat("NESW".index(seat)).side:
            raise Refused(403, f"the opponents of {seat} consent to his change")
        if any(c["request"] == number and c["seat"] == at.role for c in live.changes):
            raise Refused(409, f"{at.role} has answered request {number} already")
        kind = "consent" if body.agree else "object"
        row = await run_in_threadpool(
            call_changes.store, server.engine, live.id, kind, at.role, request["call"], number, ""
        )
        live.changes.append(row)
        side = "EW" if seat in "NS" else "NS"
        if len(call_changes.consents(live.changes, number)) == 2:
            await change(live, server, seat, request)
            row = await run_in_threadpool(
                call_changes.store,
                server.engine,
                live.id,
                "allow",
                side,
                request["call"],
                number,
                "the opponents consent",
            )
            live.changes.append(row)
        await server.push(live, at.role)
    robots_of(connection).wake(live)
    return {"record": row}


async def change(live: LiveTable, server: Server, seat: str, request: dict[str, Any]) -> None:
    """The change allowed (under the table's lock): the call meant and the finding 25A1, by
    the engine's own Law 25 path; 409 once the partner has called (25A1)."""
    record = changeable(live.table, Seat("NESW".index(seat)))
    if record is None or record.event != request["call"]:
        raise Refused(409, f"{seat}'s partner has called since: too late (25A1)", "25A1")
    await server.accept(live, DIRECTOR, f"{seat} {request['text']}")
    await server.accept(live, DIRECTOR, "director unintended")


@router.post("/api/tables/{table_id}/call-changes/{number}/decision")
async def decide(
    at: Decider, number: int, body: Decision, connection: HTTPConnection
) -> dict[str, Any]:
    """The director allows or refuses a request; allowed, the change enters the table as his
    events: the call meant, then his finding that the first was unintended (25A1)."""
    live = at.live
    server = server_of(connection)
    async with live.lock:
        request = call_changes.open_request(live.changes, number)
        seat = request["seat"]
        if body.allow:
            await change(live, server, seat, request)
        kind = "allow" if body.allow else "refuse"
        row = await run_in_threadpool(
            call_changes.store,
            server.engine,
            live.id,
            kind,
            DIRECTOR,
            request["call"],
            number,
            body.note.strip(),
        )
        live.changes.append(row)
        await server.push(live, DIRECTOR)
    robots_of(connection).wake(live)
    return {"decision": row, "view": live.view(DIRECTOR)}
