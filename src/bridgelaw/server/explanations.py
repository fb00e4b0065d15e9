"""Alerts explained, questions asked and answered (Law 20F), as an online table does them.

At a real table the partner of the player whose call is asked about explains it (20F1); an
online table puts the explanation in the caller's own hands and shows it to the opponents
only: his partner sees neither the alert nor the explanation of his own side's calls, so no
unauthorized information (Law 16B) passes through the table. Three records, appended only
(:class:`~bridgelaw.server.models.ExplanationRow`), never engine events (the table script's
words stay those of ``table-script.md``):

* ``explain``: the caller explains his own call, alerted or not, with it or later (an
  explanation given unasked; 20F4 makes a correction of it the caller's duty too);
* ``question``: an opponent of the caller asks about one call (20F3), during the auction at
  his own turn to call (20F1), after the final pass at his own turn to play (20F2: declarer at
  dummy's turn too); never about his own side's calls;
* ``answer``: the caller answers a question about his call, once.

Every role but the caller's partner sees every record of a call (its opponents, the caller,
the director): :func:`bridgelaw.server.views.explanations_seen`. The records keep who said
what and when: the facts of a Law 21 ruling (misinformation) the director may make later.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from bridgelaw.cards import Seat
from bridgelaw.server.db import now, stamp
from bridgelaw.server.models import ExplanationRow
from bridgelaw.server.tables import LiveTable, Refused
from bridgelaw.table.state import CallRecord

KINDS = ("explain", "question", "answer")
RECORDS_PER_SEAT = 100
"""The most records one seat may add at a table (each is pushed to the table: bounded work)."""


def seat_of(letter: str) -> Seat:
    return Seat("NESW".index(letter))


def call_at(live: LiveTable, event: int) -> CallRecord:
    """The call the ``event`` made (422 when it made none)."""
    for record in live.table.history:
        if record.event == event:
            return record
    raise Refused(422, f"call: event {event} made no call at this table")


def check(live: LiveTable, role: str, kind: str, event: int, question: int | None) -> str:
    """Why ``role`` may not add this record now (Refused), else the caller's letter."""
    table = live.table
    record = call_at(live, event)
    caller = record.seat
    seat = seat_of(role)
    if kind == "explain":
        if seat != caller:
            raise Refused(403, f"{role} explains only his own calls (event {event} is {caller})")
        return caller.letter
    if kind == "answer":
        if seat != caller:
            raise Refused(403, f"{role} answers only questions about his own calls")
        asked = [r for r in live.explanations if r["id"] == question and r["kind"] == "question"]
        if not asked or asked[0]["call"] != event:
            raise Refused(404, f"no question {question} about event {event} at this table")
        if any(r["kind"] == "answer" and r["question"] == question for r in live.explanations):
            raise Refused(409, f"question {question} is answered already")
        return caller.letter
    if seat.side == caller.side:
        # 20F1: a player asks about his opponents' calls, never his partner's
        raise Refused(422, f"{role} asks about the opponents' calls only", "20F1")
    if table.phase == "auction":
        if table.next_to_act != seat:
            raise Refused(422, f"{role} may ask during the auction at his own turn to call", "20F1")
    elif table.phase == "play":
        turn = table.next_to_act
        declarer = table.declarer
        playing = turn == seat or (
            declarer is not None and seat == declarer and turn == declarer.partner
        )
        if not playing:
            raise Refused(422, f"{role} may ask after the final pass at his turn to play", "20F2")
    else:
        raise Refused(422, "the play period is over: ask the director", "20F2")
    return caller.letter


def store(
    engine: Engine,
    table_id: str,
    kind: str,
    seat: str,
    call: tuple[int, str],
    question: int | None,
    text: str,
) -> dict[str, Any]:
    """A record stored (in a worker thread); 429 past :data:`RECORDS_PER_SEAT`."""
    with Session(engine) as session, session.begin():
        mine = (ExplanationRow.table_id == table_id) & (ExplanationRow.seat == seat)
        made = session.scalar(select(func.count()).select_from(ExplanationRow).where(mine)) or 0
        if made >= RECORDS_PER_SEAT:
            raise Refused(
                429,
                f"{seat} has given {made} explanations, questions or answers here, the most "
                f"the server records ({RECORDS_PER_SEAT})",
            )
        row = ExplanationRow(
            table_id=table_id,
            kind=kind,
            seat=seat,
            call=call[0],
            caller=call[1],
            question=question,
            text=text,
            time=now(),
        )
        session.add(row)
        session.flush()
        return as_json(row)


def as_json(row: ExplanationRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "kind": row.kind,
        "seat": row.seat,
        "call": row.call,
        "caller": row.caller,
        "question": row.question,
        "text": row.text,
        "time": stamp(row.time),
    }


def read(engine: Engine, live: LiveTable) -> None:
    """``live``'s records read back (a table loaded after a restart; in a worker thread)."""
    with Session(engine) as session:
        query = select(ExplanationRow).where(ExplanationRow.table_id == live.id)
        rows = list(session.scalars(query.order_by(ExplanationRow.id)))
    live.explanations = [as_json(r) for r in rows]
