"""The director's records of the tables: calls from the seats, their answers, the results he
enters, and what his console shows of a table (its stored events, its ruling log, its result).

* A seat calls the director (Law 9B: attention is drawn, the director is summoned): the call is
  stored, appended only; the director marks it answered by appending an answer, never by
  changing the call.
* The ruling log joins each ruling of the engine to the stored event that brought it: its time
  and who decided.
* The board's result is the table's or one the director entered (Law 12C), read by the scorer's
  own reader (:mod:`bridgelaw.server.results`). A result entered later supersedes the one in
  force by naming it; nothing is rewritten.

Each function that reads or writes the database runs in a worker thread (the routes of
:mod:`bridgelaw.server.routes.director` and :mod:`bridgelaw.server.routes.tables` call them so).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from bridgelaw.server import call_changes, explanations
from bridgelaw.server.db import now, stamp
from bridgelaw.server.models import CallAnswer, DirectorCall, EventRow, ResultEntry, TableRow
from bridgelaw.server.results import result_json, result_line, table_result
from bridgelaw.server.tables import LiveTable, Refused, Server
from bridgelaw.server.views import DIRECTOR

DUMMY_NOTE = (
    "dummy called during the play: dummy may not draw attention to an irregularity before the "
    "play ends (9A4); he may summon the director once another player has drawn it (9B1b)"
)


# -- calls ----------------------------------------------------------------------------------------


def store_call(
    engine: Engine, table_id: str, seat: str, reason: str, phase: str, dummy: bool
) -> int:
    """A seat's call stored; its number."""
    with Session(engine) as session, session.begin():
        call = DirectorCall(
            table_id=table_id, seat=seat, reason=reason, time=now(), phase=phase, dummy=dummy
        )
        session.add(call)
        session.flush()
        return call.id


def calls_of(
    engine: Engine, table_ids: list[str] | None, open_only: bool
) -> dict[str, list[dict[str, Any]]]:
    """The calls of these tables (of every table: None), the open ones only if asked, by table."""
    query = select(DirectorCall, CallAnswer).outerjoin(
        CallAnswer, CallAnswer.call_id == DirectorCall.id
    )
    if table_ids is not None:
        query = query.where(DirectorCall.table_id.in_(table_ids))
    if open_only:
        query = query.where(CallAnswer.id.is_(None))
    found: dict[str, list[dict[str, Any]]] = {}
    with Session(engine) as session:
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


def answer_call(engine: Engine, table_id: str, call_id: int, note: str) -> str:
    """The director's answer to a call, stored; its time (404 for no such call at the table,
    409 for a call answered already)."""
    try:
        with Session(engine) as session, session.begin():
            call = session.get(DirectorCall, call_id)
            if call is None or call.table_id != table_id:
                raise Refused(404, f"no call {call_id} at table {table_id!r}")
            answer = CallAnswer(call_id=call_id, note=note, time=now())
            session.add(answer)
            session.flush()
            return stamp(answer.time)
    except IntegrityError:
        raise Refused(409, f"call {call_id} is already answered") from None


def seen_calls(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What every seat sees of the table's calls: who called, when, and when the director
    answered; not the caller's reason, which is for the director."""
    return [{k: c[k] for k in ("call", "seat", "time", "answered")} for c in calls]


def read_calls(engine: Engine, live: LiveTable) -> None:
    """``live``'s calls as its seats see them, read again (in a worker thread)."""
    live.director_calls = seen_calls(calls_of(engine, [live.id], False).get(live.id, []))


async def calls_changed(server: Server, live: LiveTable) -> None:
    """After a call or its answer (under the table's lock): every seat sees it, and the
    consoles get the table's open calls."""
    await run_in_threadpool(read_calls, server.engine, live)
    await server.push(live, DIRECTOR)
    await tell_consoles(server, live, calls=True)
    await server.records_changed(live)  # the other processes' seats and consoles too


def waiting_reason(live: LiveTable) -> str | None:
    """The reason of the call the table makes when the engine waits for the director's
    judgement (a disputed claim, a comparable call...), or None when it does not."""
    awaiting = live.table.awaiting
    if awaiting is None or awaiting.who != DIRECTOR:
        return None
    law = f" (Law {awaiting.law})" if awaiting.law else ""
    return f"the table waits for the director's ruling{law}"


def install(server: Server) -> None:
    """The director's records as the tables show them: each table loaded reads its result in
    force and its calls; after each event, a table whose engine waits for the director's
    judgement calls him (Law 9B: the players draw attention and summon him; at this table the
    engine knows it first), once while a call of the table is open."""

    def load(live: LiveTable) -> None:
        live.adjusted = result_in_force(server.engine, live)
        read_calls(server.engine, live)
        explanations.read(server.engine, live)  # the facts of a Law 21 ruling (20F)
        live.changes = call_changes.read(server.engine, live.id)  # 25A at a strict table

    async def summon(live: LiveTable) -> None:
        reason = waiting_reason(live)
        if reason is None or any(c["answered"] is None for c in live.director_calls):
            return
        event = live.table.events[-1] if live.table.events else None
        if event is None or event.who not in ("N", "E", "S", "W"):
            return  # the director's own event: he is at the table
        phase = live.table.phase
        await run_in_threadpool(store_call, server.engine, live.id, event.who, reason, phase, False)
        await run_in_threadpool(read_calls, server.engine, live)  # in the event's own views
        await tell_consoles(server, live, calls=True)
        await server.records_changed(live)

    async def changed_elsewhere(table_id: str) -> None:
        """Another process changed the table's director's records: read again here, the
        table's seats here get their views, and the consoles here the table's open calls."""
        live = server.live.get(table_id)
        if live is None:
            if not server.consoles:
                return  # nobody here sees the table: it reads its records when loaded
            try:
                live = await run_in_threadpool(server.get, table_id)  # read with its records
            except Refused:
                return
        else:
            async with live.lock:
                await run_in_threadpool(load, live)
                await server.push(live, DIRECTOR)
        await tell_consoles(server, live, calls=True)

    server.loaders.append(load)
    server.on_stored.append(summon)
    server.records_notified = changed_elsewhere


# -- every table ----------------------------------------------------------------------------------


def table_ids(engine: Engine) -> list[tuple[str, datetime]]:
    """Every table of the database with the time it was made, oldest first."""
    with Session(engine) as session:
        rows = session.execute(select(TableRow.id, TableRow.created).order_by(TableRow.created))
        return [(r[0], r[1]) for r in rows]


def table_json(live: LiveTable, created: datetime, calls: list[dict[str, Any]]) -> dict[str, Any]:
    """Where a table stands, for the list of every table."""
    return {**live.summary(), "created": stamp(created), "calls": calls}


async def tell_consoles(server: Server, live: LiveTable, calls: bool = False) -> None:
    """A change of ``live`` other than an event (a call, its answer, a result) told to the
    director's consoles; ``calls``: with the table's open calls (read only when a console
    listens)."""
    if not server.consoles:
        return
    message: dict[str, Any] = {"table": live.summary()}
    if calls:
        found = await run_in_threadpool(calls_of, server.engine, [live.id], True)
        message["calls"] = found.get(live.id, [])
    await server.announce(message)


# -- one table: events, rulings -------------------------------------------------------------------


def stored_events(engine: Engine, table_id: str) -> list[EventRow]:
    with Session(engine) as session:
        query = select(EventRow).where(EventRow.table_id == table_id)
        return list(session.scalars(query.order_by(EventRow.index)))


def events_json(rows: list[EventRow]) -> list[dict[str, Any]]:
    return [
        {"index": r.index, "text": r.text, "sent_by": r.who, "time": stamp(r.time)} for r in rows
    ]


def rulings_json(live: LiveTable, rows: list[EventRow]) -> list[dict[str, Any]]:
    """Each ruling with the stored event that brought it: its time, the actor the event
    names (the director for a judgement, a seat for its choice) and the role that sent it
    (the director may enter a player's choice for him)."""
    by_index = {r.index: r for r in rows}
    log: list[dict[str, Any]] = []
    for ruling in live.table.rulings:
        row = by_index.get(ruling.event)
        log.append(
            {
                **ruling.as_message(),  # its message and params: the console's language
                "event_text": None if row is None else row.text,
                "decided_by": None if row is None else row.text.split()[0],
                "sent_by": None if row is None else row.who,
                "time": None if row is None else stamp(row.time),
            }
        )
    return log


# -- the result of the board ----------------------------------------------------------------------


def entries(engine: Engine, table_id: str) -> list[ResultEntry]:
    """The results the director entered at the table, oldest first."""
    with Session(engine) as session:
        query = select(ResultEntry).where(ResultEntry.table_id == table_id)
        return list(session.scalars(query.order_by(ResultEntry.id)))


def result_of(live: LiveTable, rows: list[ResultEntry]) -> dict[str, Any]:
    """The table's result, the director's entries and the one in force."""
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


def adjusted_json(live: LiveTable, row: ResultEntry) -> dict[str, Any]:
    """What every seat is told of the director's result in force: the result as the scorer
    reads it, his note and when (a ruling is made known to the players, Law 12)."""
    entry = json.loads(row.entry)
    pairs = entry.pop("pairs", {})
    line = result_line(live.table.board.number, entry, pairs.get("ns", "NS"), pairs.get("ew", "EW"))
    return {
        "law": "12C",
        "entry": row.id,
        "note": row.note,
        "time": stamp(row.time),
        **result_json(line, entry),
    }


def result_in_force(engine: Engine, live: LiveTable) -> dict[str, Any] | None:
    """The director's result in force at ``live`` (the latest entry)."""
    with Session(engine) as session:
        row = session.scalars(
            select(ResultEntry)
            .where(ResultEntry.table_id == live.id)
            .order_by(ResultEntry.id.desc())
            .limit(1)
        ).first()
        return None if row is None else adjusted_json(live, row)


def enter_result(
    engine: Engine, table_id: str, entry: dict[str, Any], expected: object, note: str
) -> None:
    """A result entered by the director, superseding the one in force (409 when ``expected``,
    the entry he saw in force, is no longer it, or another entry superseded it first)."""
    try:
        with Session(engine) as session, session.begin():
            current = session.scalars(
                select(ResultEntry.id)
                .where(ResultEntry.table_id == table_id)
                .order_by(ResultEntry.id.desc())
                .limit(1)
            ).first()
            if expected is not None and expected != current:
                raise Refused(409, f"the result in force is now entry {current}; look at it again")
            session.add(
                ResultEntry(
                    table_id=table_id,
                    entry=json.dumps(entry, sort_keys=True),
                    supersedes=current,
                    note=note,
                    time=now(),
                )
            )
    except IntegrityError:  # another entry superseded the same one first
        raise Refused(409, "another result was entered at the same time") from None
