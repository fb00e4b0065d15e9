"""A mistaken click at a ``strict`` table (Law 25A): the player asks, the director decides.

At a ``law`` table a player corrects a slip by saying the call he meant (the engine's Law 25
path: the director judges whether the first call was unintended, 25A, or a change of mind, 25B).
A ``strict`` table refuses that new call like every irregularity, so the player asks instead
(``POST /api/tables/{id}/call-changes``, while :func:`bridgelaw.server.views.changeable` lets
him: before his partner calls); the request calls the director to the table (Law 9B), and he
allows or refuses it. Allowed, the director's own events enter the change through the same
engine path: the new call, then his finding ``director unintended`` (25A1), so what follows
(25A6: the left-hand opponent may take back a call made over the slip) is the engine's. Both the
request and the decision are appended (:class:`~bridgelaw.server.models.CallChangeRow`) and
every seat sees them in the view's ``call_changes`` (a change is made aloud at the table).

A club may choose instead (``BRIDGELAW_CHANGE_CONSENT=opponents``) that the opponents decide:
each answers the request (``consent`` or ``object``, appended); once both consent the change is
made as if the director allowed it (the same two events, stored as the director's, and an
``allow`` record whose seat is the consenting side, ``NS`` or ``EW``); an objection leaves the
request to the director. Without the option the opponents' answers are refused (403).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from bridgelaw.server.db import now, stamp
from bridgelaw.server.models import CallChangeRow
from bridgelaw.server.tables import Refused

REQUESTS_PER_SEAT = 20
"""The most requests one seat may make at a table (each calls the director)."""


def as_json(row: CallChangeRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "kind": row.kind,
        "seat": row.seat,
        "call": row.call,
        "request": row.request,
        "text": row.text,
        "time": stamp(row.time),
    }


def store(
    engine: Engine,
    table_id: str,
    kind: str,
    seat: str,
    call: int,
    request: int | None,
    text: str,
) -> dict[str, Any]:
    """A request or a decision stored (in a worker thread); 429 past
    :data:`REQUESTS_PER_SEAT` requests of one seat."""
    with Session(engine) as session, session.begin():
        if kind == "request":
            mine = (CallChangeRow.table_id == table_id) & (CallChangeRow.seat == seat)
            made = session.scalar(select(func.count()).select_from(CallChangeRow).where(mine))
            if (made or 0) >= REQUESTS_PER_SEAT:
                raise Refused(
                    429,
                    f"{seat} has asked {made} times to change a call here, the most the server "
                    f"records ({REQUESTS_PER_SEAT})",
                )
        row = CallChangeRow(
            table_id=table_id,
            kind=kind,
            seat=seat,
            call=call,
            request=request,
            text=text,
            time=now(),
        )
        session.add(row)
        session.flush()
        return as_json(row)


def read(engine: Engine, table_id: str) -> list[dict[str, Any]]:
    """A table's requests and decisions, in order (in a worker thread)."""
    with Session(engine) as session:
        query = select(CallChangeRow).where(CallChangeRow.table_id == table_id)
        return [as_json(r) for r in session.scalars(query.order_by(CallChangeRow.id))]


def consents(changes: list[dict[str, Any]], number: int) -> set[str]:
    """The seats that consented to request ``number``."""
    return {c["seat"] for c in changes if c["request"] == number and c["kind"] == "consent"}


def open_request(changes: list[dict[str, Any]], number: int) -> dict[str, Any]:
    """The request ``number``, not yet decided (404, 409)."""
    found = [c for c in changes if c["id"] == number and c["kind"] == "request"]
    if not found:
        raise Refused(404, f"no request {number} to change a call at this table")
    if any(c["request"] == number and c["kind"] in ("allow", "refuse") for c in changes):
        raise Refused(409, f"request {number} is decided already")
    return found[0]
