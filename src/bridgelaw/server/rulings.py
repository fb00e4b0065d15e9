"""The ruling record of the server's tables: each call answered, each result the director enters
(Law 12C) and each disputed claim he rules (Law 70) appended as one entry of
:mod:`bridgelaw.director.record`, in the casebook's JSON (:mod:`bridgelaw.director.casebook`).

An entry holds the engine's rulings on that board so far (each an ``engine`` clause, its note
the message id and parameters) and the director's part (a ``judgement`` clause, his note as
reasoning, the score effect of a result he entered, the claim's adjudication and his decision).
Entries are numbered within their record: the table's session, or ``table:<id>`` for a table
of no session. Two entries made at once cannot take the same number (a unique key): the second
is refused with 409 and nothing is half written.

The deadlines of the results (79C correction, 92B appeal) are counted from the publication
time (:mod:`bridgelaw.server.director_work` stores it); before it :func:`deadlines_json` says
the periods have not begun rather than guess an end.

Each function that reads or writes the database runs in a worker thread.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bridgelaw.director.casebook import entry_json, read_entry, write_casebook
from bridgelaw.director.deadlines import Periods
from bridgelaw.director.effects import EffectError, ScoreEffect
from bridgelaw.director.judgement import Adjudication, ClaimRuling
from bridgelaw.director.log import Log
from bridgelaw.director.record import Applied, Entry, Record, Statement
from bridgelaw.errors import BridgeLawError
from bridgelaw.scoring.results import Artificial, Points, ResultLine
from bridgelaw.server.db import now, stamp
from bridgelaw.server.models import RulingRow, TableRow
from bridgelaw.server.tables import LiveTable, Refused
from bridgelaw.table.rules.claims.law68_71 import DIRECTOR as CLAIM_DIRECTOR
from bridgelaw.table.rules.claims.law68_71 import Claim

DECIDED_BY = "director"


def record_key(session: str | None, table_id: str) -> str:
    return session if session is not None else f"table:{table_id}"


def engine_applied(live: LiveTable) -> tuple[Applied, ...]:
    """The engine's rulings on the board so far: each clause with its message and params."""
    found = []
    for ruling in live.table.rulings:
        message = ruling.as_message()
        note = json.dumps(
            {"message": message.get("message"), "params": message.get("params")},
            sort_keys=True,
            ensure_ascii=False,
        )
        found.append(Applied(ruling.law, "engine", note))
    return tuple(found)


def score_of(line: ResultLine) -> ScoreEffect | None:
    """The score effect of a result the director entered (12C), None if the form's result is
    not one the record can hold (a side in points beside one artificial)."""
    ns, ew = line.ns_side, line.ew_side
    try:
        if isinstance(ns, Artificial) and isinstance(ew, Artificial):
            return ScoreEffect.artificial(ns, ew)
        if isinstance(ns, Points) and isinstance(ew, Points):
            if line.is_split:
                return ScoreEffect.split(ns, ew)
            if len(ns.components) == 1:
                return ScoreEffect.assigned(ns.components[0][0])
            return ScoreEffect.weighted(ns.components)
    except EffectError:
        return None
    return None


def adjudication_json(proposal: Adjudication) -> dict[str, Any]:
    return {"tricks": proposal.tricks, "line": proposal.line, "law": proposal.law}


def append(
    engine: Engine,
    live: LiveTable,
    kind: str,
    called_by: str,
    called_at: datetime,
    facts: tuple[Statement, ...] = (),
    applied: tuple[Applied, ...] = (),
    score: ScoreEffect | None = None,
    judgement: ClaimRuling | None = None,
    reasoning: str = "",
) -> dict[str, Any]:
    """One entry appended to the table's record; the entry as the casebook writes it."""
    decided = now()
    try:
        with Session(engine) as session, session.begin():
            row = session.get(TableRow, live.id)
            if row is None:
                raise Refused(404, f"no table {live.id!r}")
            key = record_key(row.session, live.id)
            count = session.scalar(
                select(func.count()).select_from(RulingRow).where(RulingRow.record == key)
            )
            # a result entered again supersedes the table's last one (the board's result, 12C)
            earlier = None
            if kind == "result":
                earlier = session.scalar(
                    select(RulingRow.number)
                    .where(RulingRow.record == key)
                    .where(RulingRow.table_id == live.id)
                    .where(RulingRow.kind == "result")
                    .order_by(RulingRow.number.desc())
                    .limit(1)
                )
            entry = Entry(
                number=(count or 0) + 1,
                table=None,
                board=live.table.board.number,
                called_by=called_by,
                called_at=min(called_at, decided),
                decided_by=DECIDED_BY,
                decided_at=decided,
                edition=live.table.edition,
                applied=engine_applied(live) + applied,
                facts=facts,
                score=score,
                judgement=judgement,
                reasoning=reasoning,
                supersedes=earlier,
            )
            data = {**entry_json(entry), "table_id": live.id}
            session.add(
                RulingRow(
                    record=key,
                    number=entry.number,
                    table_id=live.id,
                    kind=kind,
                    entry=json.dumps(data, ensure_ascii=False, sort_keys=True),
                    time=decided,
                )
            )
            return data
    except IntegrityError:
        raise Refused(409, "another ruling was recorded at the same time; try again") from None


def _aware(time: datetime) -> datetime:
    return time if time.tzinfo is not None else time.replace(tzinfo=UTC)


def rows_of(
    engine: Engine, record: str | None = None, table_id: str | None = None
) -> list[RulingRow]:
    query = select(RulingRow)
    if record is not None:
        query = query.where(RulingRow.record == record)
    if table_id is not None:
        query = query.where(RulingRow.table_id == table_id)
    with Session(engine) as session:
        return list(session.scalars(query.order_by(RulingRow.id)))


def table_record_key(engine: Engine, table_id: str) -> str:
    with Session(engine) as session:
        row = session.get(TableRow, table_id)
        if row is None:
            raise Refused(404, f"no table {table_id!r}")
        return record_key(row.session, table_id)


def records_of(rows: list[RulingRow]) -> tuple[list[Record], dict[tuple[str, int], str]]:
    """The stored rows as records (one per record key, in the order first seen), and the
    server's table of each entry (the record's own ``table`` is a number, the server's ids are
    not)."""
    records: dict[str, Record] = {}
    tables: dict[tuple[str, int], str] = {}
    for row in rows:
        data = json.loads(row.entry)
        table_id = data.pop("table_id", row.table_id)
        data.pop("clauses", None)
        entry, problems = read_entry(data)
        if entry is None:  # written by this module: a problem here is a bug, said plainly
            raise Refused(500, f"ruling {row.record}#{row.number} unreadable: {problems[:1]}")
        record = records.setdefault(row.record, Record(row.record))
        entry = replace(entry, number=len(record) + 1)
        record.append(entry)
        tables[(row.record, entry.number)] = table_id
    return list(records.values()), tables


def deadlines_json(published: datetime | None, periods: Periods) -> dict[str, Any]:
    """The 79C and 92B periods from the results' publication, or why they cannot be counted."""
    periods_json = {
        "correction_minutes": periods.correction.total_seconds() / 60,
        "appeal_minutes": periods.appeal.total_seconds() / 60,
        "source": periods.source,
    }
    if published is None:
        return {
            **periods_json,
            "published": None,
            "correction_ends": None,
            "appeal_ends": None,
            "note": "the results are not published yet: the 79C and 92B periods run from "
            "their publication and have not begun",
        }
    return {
        **periods_json,
        "published": stamp(published),
        "correction_ends": stamp(periods.correction_ends(_aware(published))),
        "appeal_ends": stamp(periods.appeal_ends(_aware(published))),
    }


def record_json(
    rows: list[RulingRow],
    name: str,
    published: datetime | None = None,
    periods: Periods | None = None,
) -> dict[str, Any]:
    """The record in the casebook's format, each entry with its server table and whether a
    later entry supersedes it; the deadlines counted from ``published``."""
    records, tables = records_of(rows)
    record = records[0] if records else Record(name)
    document: dict[str, Any] = json.loads(write_casebook(record))
    for entry in document["entries"]:
        entry["table_id"] = tables.get((record.session, entry["number"]))
        later = record.superseded_by(entry["number"]) if records else None
        entry["superseded_by"] = None if later is None else later.number
    document["deadlines"] = deadlines_json(published, periods or Periods())
    return document


def search(
    rows: list[RulingRow],
    clause: str | None,
    table_id: str | None,
    player: str | None,
    session: str | None,
) -> list[dict[str, Any]]:
    records, tables = records_of(rows)
    hits = Log(records).search(clause=clause, player=player, session=session)
    found = []
    for hit in hits:
        where = tables[(hit.session, hit.entry.number)]
        if table_id is not None and where != table_id:
            continue
        found.append({"record": hit.session, "table_id": where, **entry_json(hit.entry)})
    return found


# -- Law 70: the adjudicator's proposal on a disputed claim ---------------------------------------

CLAIM_CLAUSE = re.compile(r"\b70[A-E]\d?\b")


def disputed_claim(live: LiveTable) -> Claim | None:
    """The claim waiting for the director's Law 70 decision, if one is."""
    claim = live.table.claim
    if claim is None or claim.stage != CLAIM_DIRECTOR:
        return None
    return claim


def propose(claim: Claim) -> Adjudication | None:
    """The project's Law 70 adjudicator on the claim (bounded by its node limit); None when it
    cannot rule (beyond its limit, or any error of its own: the engine asks it so too). Slow:
    call it in a worker thread."""
    from bridgelaw.analysis.adjudicate import Law70Adjudicator

    try:
        found = Law70Adjudicator(double_dummy=False).adjudicate(
            claim.position, claim.claimer, claim.claimer_tricks, claim.statement
        )
    except BridgeLawError:
        return None
    cited = dict.fromkeys(m.group(0) for note in found.notes for m in CLAIM_CLAUSE.finditer(note))
    return Adjudication(
        tricks=found.tricks, line=found.text(), law=", ".join(cited) if cited else "70A"
    )


def claim_ruling(
    live: LiveTable, claim: Claim, proposal: Adjudication, reasoning: str
) -> ClaimRuling | None:
    """The director's decision on a claim he has just settled, as a 70 judgement (None when
    the claim was not settled by him, or the board has no contract)."""
    contract = live.table.contract
    if claim.credited is None or contract is None or claim.position.declarer is None:
        return None
    declarer = claim.position.declarer
    same = claim.claimer.side == declarer.side
    decided = claim.credited if same else claim.remaining - claim.credited
    return ClaimRuling(
        proposal=proposal,
        decided_tricks=decided,
        remaining=claim.remaining,
        won_before=claim.position.won[claim.claimer.side],
        claimer=claim.claimer,
        contract=contract,
        declarer=declarer,
        reasoning=reasoning,
    )
