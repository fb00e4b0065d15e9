"""The director's console API: every table and its open calls, and for one table its calls
(answered by appending an answer), its stored events, its ruling log, its result (the table's,
or one he enters: Law 12C) and everything the console shows of it in one answer (the offer
explained in plain words, :mod:`bridgelaw.table.meanings`).

All of it is the director's alone: the router takes the director's token for every route (401
without a token, 403 for any other). The records are :mod:`bridgelaw.server.director`'s.
"""

from __future__ import annotations

import contextlib
import json
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from bridgelaw.director.deadlines import Periods
from bridgelaw.director.record import Applied, Statement
from bridgelaw.i18n.views import localize_records, localize_view
from bridgelaw.records import PdfUnavailable, hand_records_pdf
from bridgelaw.server import bounds, director, director_work, rulings
from bridgelaw.server.db import now
from bridgelaw.server.record_page import record_html
from bridgelaw.server.results import MAX_RESULT, RESULT_KEYS, result_line
from bridgelaw.server.roles import (
    Language,
    LiveTableDep,
    director_only,
    director_stream,
    live_table,
    robots_of,
    server_of,
)
from bridgelaw.server.tables import LiveTable, Refused, Server
from bridgelaw.server.views import DIRECTOR, view_for
from bridgelaw.table.meanings import explain

router = APIRouter(dependencies=[Depends(director_only("only the director may do this"))])
consoles = APIRouter()
"""The console's stream, whose token comes in its address (``?token=``)."""


class Answer(BaseModel):
    note: str = Field(default="", max_length=200)


@router.get("/api/tables")
async def list_tables(request: HTTPConnection) -> dict[str, Any]:
    """Every table of the database, where it stands, and its open calls."""
    server = server_of(request)
    rows = await run_in_threadpool(director.table_ids, server.engine)
    calls = await run_in_threadpool(director.calls_of, server.engine, None, True)
    tables = []
    for table_id, created in rows:
        live = await live_table(table_id, request)
        async with live.lock:  # never a state whose event is not yet committed
            tables.append(director.table_json(live, created, calls.get(table_id, [])))
    return {"tables": tables}


@router.get("/api/tables/{table_id}/calls")
async def list_calls(live: LiveTableDep, request: Request) -> dict[str, Any]:
    engine = server_of(request).engine
    found = await run_in_threadpool(director.calls_of, engine, [live.id], False)
    return {"calls": found.get(live.id, [])}


@router.post("/api/tables/{table_id}/calls/{call_id}/answer")
async def answer_call(
    live: LiveTableDep,
    call_id: Annotated[int, Path(ge=1, le=2**31 - 1)],
    body: Answer,
    request: Request,
) -> dict[str, Any]:
    """The director's answer to a call of the table (404 for no such table, then for no such
    call at it; 409 for a call answered already), recorded as a ruling entry."""
    engine = server_of(request).engine
    note = body.note.strip()
    answered = await run_in_threadpool(director.answer_call, engine, live.id, call_id, note)
    found = await run_in_threadpool(director.calls_of, engine, [live.id], False)
    call = next(c for c in found.get(live.id, []) if c["call"] == call_id)
    facts = (Statement(call["seat"], call["reason"], False),) if call["reason"] else ()
    async with live.lock:  # the engine's rulings as the answer found them
        await run_in_threadpool(
            rulings.append,
            engine,
            live,
            "call",
            call["seat"],
            datetime.fromisoformat(call["time"]),
            facts=facts,
            reasoning=note,
        )
        await director.calls_changed(server_of(request), live)  # acknowledged at the table
    return {"call": call_id, "answered": answered}


@router.get("/api/tables/{table_id}/events")
async def list_events(live: LiveTableDep, request: Request) -> dict[str, Any]:
    engine = server_of(request).engine
    async with live.lock:
        rows = await run_in_threadpool(director.stored_events, engine, live.id)
    return {"events": director.events_json(rows)}


@router.get("/api/tables/{table_id}/rulings")
async def list_rulings(live: LiveTableDep, request: Request) -> dict[str, Any]:
    engine = server_of(request).engine
    async with live.lock:
        rows = await run_in_threadpool(director.stored_events, engine, live.id)
        return {"rulings": director.rulings_json(live, rows)}


@router.post("/api/tables/{table_id}/result")
async def post_result(live: LiveTableDep, request: Request) -> dict[str, Any]:
    """A result the director enters (in the form of ``event-results.md``, with ``note``, the
    pairs' names ``ns`` and ``ew`` and the entry it ``supersedes``), read as the scorer reads
    it: 422 naming every problem."""
    server = server_of(request)
    body = await request.body()
    if len(body) > MAX_RESULT:
        raise Refused(422, f"result: at most {MAX_RESULT} characters")
    try:
        data = json.loads(body)
    except ValueError:
        raise Refused(422, "result: the body is not JSON") from None
    except RecursionError:
        raise Refused(422, "result: the body is nested too deep") from None
    if not isinstance(data, dict):
        raise Refused(422, "result: the body must be a JSON object")
    if bounds.deeper_than(data, bounds.RESULT_DEPTH):
        raise Refused(422, f"result: nested deeper than {bounds.RESULT_DEPTH} levels")
    note = data.pop("note", "")
    expected = data.pop("supersedes", None)
    ns, ew = data.pop("ns", "NS"), data.pop("ew", "EW")
    if not isinstance(note, str) or len(note) > 200:
        raise Refused(422, "result: note must be a text of at most 200 characters")
    if not (isinstance(ns, str) and isinstance(ew, str) and 0 < len(ns + ew) <= 40):
        raise Refused(422, "result: ns and ew must name the pairs (short texts)")
    unknown = sorted(set(data) - RESULT_KEYS)
    if unknown:
        raise Refused(
            422,
            f"result: unknown key {unknown[0]!r} (a result is one of "
            "contract, ns_score, artificial, weighted, split)",
        )
    return await enter_result(server, live, data, note.strip(), expected, ns, ew)


async def enter_result(
    server: Server,
    live: LiveTable,
    data: dict[str, Any],
    note: str,
    expected: object = None,
    ns: str = "NS",
    ew: str = "EW",
    applied: tuple[Applied, ...] = (Applied("12C", "judgement", "result entered at the console"),),
    director_note: str | None = None,
) -> dict[str, Any]:
    """The result the director enters (checked: 422 naming every problem), recorded as the
    table's result, as a ruling entry and as the session's result of the board; after the
    correction period of the published results only with his note (79C2, 409): ``note``, or
    ``director_note`` when the note is made by the server (a poll's)."""
    line = result_line(live.table.board.number, data, ns, ew)  # 422 with every problem
    if (ns, ew) != ("NS", "EW"):
        data = {**data, "pairs": {"ns": ns, "ew": ew}}
    key = await run_in_threadpool(rulings.table_record_key, server.engine, live.id)
    await run_in_threadpool(
        director_work.check_late_correction,
        server.engine,
        key,
        note if director_note is None else director_note,
        await periods_of(server, key),
    )
    async with live.lock:
        await run_in_threadpool(director.enter_result, server.engine, live.id, data, expected, note)
        rows = await run_in_threadpool(director.entries, server.engine, live.id)
        answer = director.result_of(live, rows)
        live.adjusted = director.adjusted_json(live, rows[-1])
        await run_in_threadpool(
            rulings.append,
            server.engine,
            live,
            "result",
            DIRECTOR,
            now(),
            applied=applied,
            score=rulings.score_of(line),
            reasoning=note,
        )
        await server.push(live, DIRECTOR)  # every seat is told the director's result
    await server.records_changed(live)  # and every seat and console of the other processes
    if server.sessions is not None:  # a session's board: its result there too
        await server.sessions.director_result(live, data, note)
    await director.tell_consoles(server, live)
    return answer


@router.post("/api/tables/{table_id}/seats/{seat}/token")
async def reissue_seat(live: LiveTableDep, seat: str, request: Request) -> dict[str, Any]:
    """A seat's link given again (its player lost it): a new token; the old one is refused
    from now on and its open pages are closed with 4403."""
    if seat not in ("N", "E", "S", "W"):
        raise Refused(422, f"seat: {seat[:10]!r} is not one of N, E, S, W")
    server = server_of(request)
    async with live.lock:
        token = await run_in_threadpool(server.reissue, live, seat)
        dropped = [socket for socket, role in live.clients if role == seat]
        for socket in dropped:
            live.leave(socket, seat)
    for socket in dropped:
        with contextlib.suppress(Exception):  # a socket gone already
            await socket.close(4403, "the director gave this seat a new link")
    return {"table": live.id, "seat": seat, "token": token}


@router.get("/api/tables/{table_id}/console")
async def console(live: LiveTableDep, request: Request, lang: Language) -> dict[str, Any]:
    """Everything the console shows of one table, in one answer; its rulings and offer in the
    reader's language (``?lang=``, else ``Accept-Language``: the console's page sends its own)."""
    engine = server_of(request).engine
    async with live.lock:
        rows = await run_in_threadpool(director.stored_events, engine, live.id)
        results = await run_in_threadpool(director.entries, engine, live.id)
        calls = await run_in_threadpool(director.calls_of, engine, [live.id], False)
        claim = rulings.disputed_claim(live)
        proposal = None if claim is None else await run_in_threadpool(rulings.propose, claim)
        return {
            "adjudication": None if proposal is None else rulings.adjudication_json(proposal),
            "view": localize_view(view_for(live.table, DIRECTOR, live.mode), live.table, lang),
            "offer": explain(live.table.awaiting),  # the typed offer: its commands
            "events": director.events_json(rows),
            "rulings": localize_records(
                director.rulings_json(live, rows), lang, live.table.edition
            ),
            "calls": calls.get(live.id, []),
            "result": director.result_of(live, results),
            # what was said at the table beside its events: 20F's records (the facts of a
            # Law 21 ruling) and the requests to change a mistaken call (25A)
            "explanations": list(live.explanations),
            "call_changes": list(live.changes),
        }


class ClaimDecision(BaseModel):
    tricks: int | None = Field(default=None, ge=0, le=13)
    """The claimer's side's tricks of those remaining; none: the adjudicator's proposal."""
    reasoning: str = Field(default="", max_length=2000)


@router.post("/api/tables/{table_id}/claim")
async def rule_claim(live: LiveTableDep, body: ClaimDecision, request: Request) -> dict[str, Any]:
    """Law 70: the director accepts the adjudicator's proposal on the disputed claim (no
    ``tricks``) or changes it, with his reasoning; the table goes on as after ``director tricks
    n`` and the ruling is recorded as a 70 claim judgement (409 when no claim waits for him)."""
    server = server_of(request)
    async with live.lock:
        claim = rulings.disputed_claim(live)
        if claim is None:
            raise Refused(409, "no disputed claim waits for the director at this table")
        proposal = await run_in_threadpool(rulings.propose, claim)
        if proposal is None:
            raise Refused(
                409, "the adjudicator found no line within its limit: rule with 'director tricks n'"
            )
        decided = proposal.tricks if body.tricks is None else body.tricks
        if decided > claim.remaining:
            raise Refused(422, f"tricks: {decided} of {claim.remaining} remaining (Law 70)")
        called_at = now()
        view = await server.accept(live, DIRECTOR, f"director tricks {claim.for_declarer(decided)}")
        settled = live.table.claim
        judged = None
        if settled is not None:
            judged = rulings.claim_ruling(live, settled, proposal, body.reasoning.strip())
        entry = None
        if judged is not None:
            entry = await run_in_threadpool(
                rulings.append,
                server.engine,
                live,
                "claim",
                claim.claimer.letter,
                called_at,
                judgement=judged,
                reasoning=body.reasoning.strip(),
            )
    robots_of(request).wake(live)
    return {"view": view, "entry": entry}


# -- the ruling record and the director's log -----------------------------------------------------

MAX_QUERY = 100


@router.get("/api/tables/{table_id}/record")
async def table_record(live: LiveTableDep, request: Request) -> dict[str, Any]:
    """The record the table's rulings belong to (its session's, or its own), as a casebook."""
    server = server_of(request)
    key = await run_in_threadpool(rulings.table_record_key, server.engine, live.id)
    return await record_document(server, key)


async def periods_of(server: Server, key: str) -> Periods:
    """The 79C and 92B periods of a record: a session's are its spec's, a lone table's the
    server's default."""
    return await run_in_threadpool(director_work.periods_of, server.engine, key, server.periods)


async def record_document(server: Server, key: str) -> dict[str, Any]:
    """A record as a casebook, with its deadlines (from the publication, if any), its appeals
    and its polls."""
    engine = server.engine
    periods = await periods_of(server, key)
    rows = await run_in_threadpool(rulings.rows_of, engine, key)
    published = await run_in_threadpool(director_work.published_of, engine, key)
    document = rulings.record_json(rows, key, published, periods)
    document["appeals"] = await run_in_threadpool(director_work.appeals_json, engine, key, periods)
    document["polls"] = await run_in_threadpool(director_work.polls_json, engine, key)
    return document


@router.get("/api/tables/{table_id}/record.html", response_class=HTMLResponse)
async def table_record_html(live: LiveTableDep, request: Request, lang: Language) -> HTMLResponse:
    """The same record as a printable page in the reader's language."""
    return HTMLResponse(record_html(await table_record(live, request), lang))


@router.get("/api/tables/{table_id}/record.pdf")
async def table_record_pdf(live: LiveTableDep, request: Request, lang: Language) -> Response:
    """The printable page as a PDF (WeasyPrint; 503 when it cannot run here)."""
    page = record_html(await table_record(live, request), lang)
    try:
        data = await run_in_threadpool(hand_records_pdf, page)
    except PdfUnavailable as error:
        raise Refused(503, str(error)) from None
    return Response(data, media_type="application/pdf")


@router.get("/api/director/log")
async def director_log(
    request: Request,
    clause: Annotated[
        str | None, Query(max_length=MAX_QUERY, pattern=r"^[0-9]{1,2}[A-Za-z0-9]*$")
    ] = None,
    table: Annotated[str | None, Query(max_length=MAX_QUERY)] = None,
    player: Annotated[str | None, Query(max_length=MAX_QUERY)] = None,
    session: Annotated[str | None, Query(max_length=MAX_QUERY)] = None,
) -> dict[str, Any]:
    """Every ruling of every record matching all the criteria given (Law 81C: the director's
    log), superseded ones too; ``session`` names a record (``table:<id>`` for a lone table)."""
    rows = await run_in_threadpool(rulings.rows_of, server_of(request).engine)
    return {"rulings": rulings.search(rows, clause, table, player, session)}


@consoles.websocket("/api/director/stream", dependencies=[Depends(director_stream)])
async def console_stream(socket: WebSocket) -> None:
    """The director's console, live: every table's line at once (as ``GET /api/tables``),
    then ``{"table": {...}}`` (with ``"calls"`` when they changed) after each change of a
    table: an event, a call, its answer, a result (``Server.announce``)."""
    server = server_of(socket)
    await socket.accept()
    await socket.send_json(await list_tables(socket))
    server.consoles.add(socket)
    try:
        while True:
            await socket.receive_text()  # nothing is read from the console
    except WebSocketDisconnect:
        pass
    finally:
        server.consoles.discard(socket)
