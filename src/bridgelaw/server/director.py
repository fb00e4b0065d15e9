"""The director's side of the server: calls from the tables, the ruling log, the board's result.

* A seat calls the director (Law 9B: attention is drawn, the director is summoned):
  ``POST /api/tables/{id}/calls`` with an optional reason. The call is stored, appended only;
  the director marks it answered by appending an answer (``.../calls/{n}/answer``), never by
  changing the call.
* ``GET /api/tables``: every table of the database, where it stands and its open calls.
* For one table: the stored events with their time and sender, the ruling log (each ruling of
  the engine joined to the stored event that brought it: its time and who decided), the
  engine's offer with each option's consequence in plain words (:mod:`.consequences`), and
  the board's result, the table's or one the director entered (Law 12C), read by the scorer's
  own reader (:func:`bridgelaw.formats.results_json.parse_entry`) so that it is exactly what a
  results file holding it would mean. A result entered later supersedes the one in force by
  naming it; nothing is rewritten.

Everything here but calling the director is the director's alone: a seat's token gets 403,
and each refusal is logged (without the token).
"""

from __future__ import annotations

import hmac
import json
from datetime import datetime
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from bridgelaw.server.consequences import explain
from bridgelaw.server.db import now, stamp
from bridgelaw.server.models import CallAnswer, DirectorCall, EventRow, ResultEntry, TableRow
from bridgelaw.server.results import (
    MAX_RESULT,
    RESULT_KEYS,
    result_json,
    result_line,
    table_result,
)
from bridgelaw.server.tables import LiveTable, Refused, Server
from bridgelaw.server.views import DIRECTOR, dummy_faced, view_for

DUMMY_NOTE = (
    "dummy called during the play: dummy may not draw attention to an irregularity before the "
    "play ends (9A4); he may summon the director once another player has drawn it (9B1b)"
)


class NewCall(BaseModel):
    reason: str = Field(default="", max_length=200)


class Answer(BaseModel):
    note: str = Field(default="", max_length=200)


# -- the routes ----------------------------------------------------------------------------------


def install(app: FastAPI, server: Server) -> None:
    """Add the director's routes and the console page to ``app``."""

    def bearer(request: Request) -> str | None:
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        return token.strip() if scheme.lower() == "bearer" else None

    def director_only(request: Request) -> None:
        token = bearer(request)
        if not token:
            raise Refused(401, "a token is needed (Authorization: Bearer <token>)")
        if not hmac.compare_digest(token.encode(), server.director_token.encode()):
            raise Refused(403, "only the director may do this")

    async def live_of(table_id: str) -> LiveTable:
        return await run_in_threadpool(server.get, table_id)

    # -- calling the director (a seat) ---------------------------------------------------------

    @app.post("/api/tables/{table_id}/calls")
    async def call_director(table_id: str, body: NewCall, request: Request) -> dict[str, Any]:
        live = await live_of(table_id)
        role = server.role(live, bearer(request))
        if role == DIRECTOR:
            raise Refused(403, "a seat calls the director (Law 9B), not the director")

        async with live.lock:
            table = live.table
            phase = table.phase
            faced = dummy_faced(table)  # dummy, once the opening lead is faced
            dummy = phase == "play" and faced is not None and faced.letter == role

        def store() -> int:
            with Session(server.engine) as session, session.begin():
                call = DirectorCall(
                    table_id=table_id,
                    seat=role,
                    reason=body.reason.strip(),
                    time=now(),
                    phase=phase,
                    dummy=dummy,
                )
                session.add(call)
                session.flush()
                return call.id

        return {"call": await run_in_threadpool(store)}

    def calls_of(table_ids: list[str] | None, open_only: bool) -> dict[str, list[dict[str, Any]]]:
        query = select(DirectorCall, CallAnswer).outerjoin(
            CallAnswer, CallAnswer.call_id == DirectorCall.id
        )
        if table_ids is not None:
            query = query.where(DirectorCall.table_id.in_(table_ids))
        if open_only:
            query = query.where(CallAnswer.id.is_(None))
        found: dict[str, list[dict[str, Any]]] = {}
        with Session(server.engine) as session:
            for call, answer in session.execute(query.order_by(DirectorCall.id)):
                found.setdefault(call.table_id, []).append(
                    {
                        "call": call.id,
                        "seat": call.seat,
                        "reason": call.reason,
                        "time": stamp(call.time),
                        "phase": call.phase,
                        "law_note": DUMMY_NOTE if call.dummy else None,
                        "answered": None if answer is None else stamp(answer.time),
                        "note": None if answer is None else answer.note,
                    }
                )
        return found

    @app.get("/api/tables/{table_id}/calls")
    async def list_calls(table_id: str, request: Request) -> dict[str, Any]:
        director_only(request)
        await live_of(table_id)  # 404 for no such table
        found = await run_in_threadpool(calls_of, [table_id], False)
        return {"calls": found.get(table_id, [])}

    @app.post("/api/tables/{table_id}/calls/{call_id}/answer")
    async def answer_call(
        table_id: str, call_id: int, body: Answer, request: Request
    ) -> dict[str, Any]:
        director_only(request)

        def store() -> str:
            with Session(server.engine) as session, session.begin():
                call = session.get(DirectorCall, call_id)
                if call is None or call.table_id != table_id:
                    raise Refused(404, f"no call {call_id} at table {table_id!r}")
                answer = CallAnswer(call_id=call_id, note=body.note.strip(), time=now())
                session.add(answer)
                session.flush()
                return stamp(answer.time)

        try:
            answered = await run_in_threadpool(store)
        except IntegrityError:
            raise Refused(409, f"call {call_id} is already answered") from None
        return {"call": call_id, "answered": answered}

    # -- every table ---------------------------------------------------------------------------

    def table_ids() -> list[tuple[str, datetime]]:
        with Session(server.engine) as session:
            rows = session.execute(select(TableRow.id, TableRow.created).order_by(TableRow.created))
            return [(r[0], r[1]) for r in rows]

    @app.get("/api/tables")
    async def list_tables(request: Request) -> dict[str, Any]:
        director_only(request)
        rows = await run_in_threadpool(table_ids)
        calls = await run_in_threadpool(calls_of, None, True)
        tables = []
        for table_id, created in rows:
            live = await live_of(table_id)
            async with live.lock:  # never a state whose event is not yet committed
                table = live.table
                turn = table.next_to_act
                tables.append(
                    {
                        "table": table_id,
                        "board": table.board.number,
                        "edition": table.edition,
                        "mode": live.mode,
                        "created": stamp(created),
                        "phase": table.phase,
                        "turn": None if turn is None else turn.letter,
                        "awaiting": None if table.awaiting is None else table.awaiting.as_json(),
                        "contract": None if table.contract is None else str(table.contract),
                        "declarer": None if table.declarer is None else table.declarer.letter,
                        "events": len(table.events),
                        "calls": calls.get(table_id, []),
                    }
                )
        return {"tables": tables}

    # -- one table: events, rulings, the offer explained ----------------------------------------

    def stored(table_id: str) -> list[EventRow]:
        with Session(server.engine) as session:
            query = select(EventRow).where(EventRow.table_id == table_id)
            return list(session.scalars(query.order_by(EventRow.index)))

    def events_json(rows: list[EventRow]) -> list[dict[str, Any]]:
        return [
            {"index": r.index, "text": r.text, "sent_by": r.who, "time": stamp(r.time)}
            for r in rows
        ]

    def rulings_json(live: LiveTable, rows: list[EventRow]) -> list[dict[str, Any]]:
        """Each ruling with the stored event that brought it: its time, the actor the event
        names (the director for a judgement, a seat for its choice) and the role that sent it
        (the director may enter a player's choice for him)."""
        by_index = {r.index: r for r in rows}
        log_: list[dict[str, Any]] = []
        for ruling in live.table.rulings:
            row = by_index.get(ruling.event)
            log_.append(
                {
                    **ruling.as_json(),
                    "event_text": None if row is None else row.text,
                    "decided_by": None if row is None else row.text.split()[0],
                    "sent_by": None if row is None else row.who,
                    "time": None if row is None else stamp(row.time),
                }
            )
        return log_

    @app.get("/api/tables/{table_id}/events")
    async def list_events(table_id: str, request: Request) -> dict[str, Any]:
        director_only(request)
        live = await live_of(table_id)
        async with live.lock:
            rows = await run_in_threadpool(stored, table_id)
        return {"events": events_json(rows)}

    @app.get("/api/tables/{table_id}/rulings")
    async def list_rulings(table_id: str, request: Request) -> dict[str, Any]:
        director_only(request)
        live = await live_of(table_id)
        async with live.lock:
            rows = await run_in_threadpool(stored, table_id)
            return {"rulings": rulings_json(live, rows)}

    # -- the result of the board ---------------------------------------------------------------

    def entries(table_id: str) -> list[ResultEntry]:
        with Session(server.engine) as session:
            query = select(ResultEntry).where(ResultEntry.table_id == table_id)
            return list(session.scalars(query.order_by(ResultEntry.id)))

    def result_of(live: LiveTable, rows: list[ResultEntry]) -> dict[str, Any]:
        board = live.table.board.number
        history: list[dict[str, Any]] = []
        for row in rows:
            entry = json.loads(row.entry)
            pairs = entry.pop("pairs", {})
            history.append(
                {
                    "id": row.id,
                    "supersedes": row.supersedes,
                    "note": row.note,
                    "time": stamp(row.time),
                    "result": result_json(
                        result_line(board, entry, pairs.get("ns", "NS"), pairs.get("ew", "EW")),
                        entry,
                    ),
                }
            )
        reached = table_result(live)
        if history:
            in_force: dict[str, Any] | None = history[-1]["result"]
        elif reached is not None:
            in_force = result_json(result_line(board, reached, "NS", "EW"), reached)
        else:
            in_force = None
        return {
            "table_result": reached,
            "score_cancelled": live.table.score_cancelled,
            "entries": history,
            "in_force": history[-1]["id"] if history else None,
            "result": in_force,
            "by": "director" if history else ("table" if in_force else None),
        }

    @app.get("/api/tables/{table_id}/result")
    async def get_result(table_id: str, request: Request) -> dict[str, Any]:
        director_only(request)
        live = await live_of(table_id)
        async with live.lock:
            rows = await run_in_threadpool(entries, table_id)
            return result_of(live, rows)

    @app.post("/api/tables/{table_id}/result")
    async def post_result(table_id: str, request: Request) -> dict[str, Any]:
        director_only(request)
        live = await live_of(table_id)
        body = await request.body()
        if len(body) > MAX_RESULT:
            raise Refused(422, f"result: at most {MAX_RESULT} characters")
        try:
            data = json.loads(body)
        except ValueError:
            raise Refused(422, "result: the body is not JSON") from None
        if not isinstance(data, dict):
            raise Refused(422, "result: the body must be a JSON object")
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
        result_line(live.table.board.number, data, ns, ew)  # 422 with every problem
        if (ns, ew) != ("NS", "EW"):
            data["pairs"] = {"ns": ns, "ew": ew}

        def store() -> None:
            with Session(server.engine) as session, session.begin():
                current = session.scalars(
                    select(ResultEntry.id)
                    .where(ResultEntry.table_id == table_id)
                    .order_by(ResultEntry.id.desc())
                    .limit(1)
                ).first()
                if expected is not None and expected != current:
                    raise Refused(
                        409, f"the result in force is now entry {current}; look at it again"
                    )
                session.add(
                    ResultEntry(
                        table_id=table_id,
                        entry=json.dumps(data, sort_keys=True),
                        supersedes=current,
                        note=note.strip(),
                        time=now(),
                    )
                )

        async with live.lock:
            try:
                await run_in_threadpool(store)
            except IntegrityError:  # another entry superseded the same one first
                raise Refused(409, "another result was entered at the same time") from None
            rows = await run_in_threadpool(entries, table_id)
            answer = result_of(live, rows)
        if server.sessions is not None:  # a session's board: its result there too
            await server.sessions.director_result(live, data, note.strip())
        return answer

    # -- everything the console shows of one table, in one answer -------------------------------

    @app.get("/api/tables/{table_id}/console")
    async def console(table_id: str, request: Request) -> dict[str, Any]:
        director_only(request)
        live = await live_of(table_id)
        async with live.lock:
            rows = await run_in_threadpool(stored, table_id)
            results = await run_in_threadpool(entries, table_id)
            calls = await run_in_threadpool(calls_of, [table_id], False)
            view = view_for(live.table, DIRECTOR, live.mode)
            return {
                "view": view,
                "offer": explain(live.table.awaiting),  # the typed offer: its commands
                "events": events_json(rows),
                "rulings": rulings_json(live, rows),
                "calls": calls.get(table_id, []),
                "result": result_of(live, results),
            }

    # -- the console page ------------------------------------------------------------------------

    static = resources.files("bridgelaw.server") / "static"

    @app.get("/director", response_class=HTMLResponse)
    async def console_page() -> HTMLResponse:
        return HTMLResponse((static / "director.html").read_text(encoding="utf-8"))

    @app.get("/director/console.js")
    async def console_js() -> Response:
        text = (static / "director.js").read_text(encoding="utf-8")
        return Response(text, media_type="text/javascript")

    @app.get("/director/console.css")
    async def console_css() -> Response:
        text = (static / "director.css").read_text(encoding="utf-8")
        return Response(text, media_type="text/css")
