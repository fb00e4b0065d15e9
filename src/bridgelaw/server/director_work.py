"""The director's work on a record after its rulings: the publication of its results, polls of
peers on a ruling (Law 16B1b, :mod:`bridgelaw.director.poll`) and appeals (Laws 92-93,
:mod:`bridgelaw.director.appeals`), stored beside the ruling record (``ruling_entries``).

* **Publication**: the moment a record's results were published, stored once; the correction
  period (79C) and the appeal period (92B) count from it. Before it, neither period has begun:
  a correction or an appeal is in time.
* **Polls**: built from the table, never from what the player was told: the player's hand, the
  dealer and vulnerability of the board (Law 2), the calls up to the decision (the auction as
  the engine holds it: calls only, no tempo, remark or alert). Each peer gets a token of his
  own (stored hashed) and answers once: the call he would make and those he seriously
  considered.
* **Appeals**: each lodging and each decision one row appended; the appeals are checked again
  as the domain checks them (:meth:`~bridgelaw.director.appeals.Appeals.restore`) each time
  they are read, and a changed score is a new ruling entry superseding the one appealed.

Each function that reads or writes the database runs in a worker thread.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import asdict
from datetime import datetime, timedelta
from fractions import Fraction
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bridgelaw.calls import call_name, parse_call
from bridgelaw.cards import Seat
from bridgelaw.director.appeals import Appeal, AppealError, Appeals, Decision
from bridgelaw.director.appeals_json import appeal_json, read_session, write_session
from bridgelaw.director.casebook import entry_json
from bridgelaw.director.deadlines import Correction, LateError, Periods, check_correction
from bridgelaw.director.poll import Answer, Poll, PollError, PollQuestion, Threshold
from bridgelaw.director.record import Entry, Record
from bridgelaw.director.refusals import SaidError
from bridgelaw.duplicate.spec import SessionSpec, read_spec
from bridgelaw.errors import BridgeLawError
from bridgelaw.i18n.words import Worded
from bridgelaw.server.db import now, stamp, token_hash
from bridgelaw.server.models import (
    AppealRow,
    PollPeerRow,
    PollRow,
    PublicationRow,
    RulingRow,
    SessionRow,
)
from bridgelaw.server.rulings import records_of, rows_of
from bridgelaw.server.tables import LiveTable, Refused

MAX_PEERS = 20
MAX_CONSIDERED = 6
PERIODS = Periods()
"""The Laws' own periods (79C1, 92B: thirty minutes), the server's default unless it is started
with others (``bridgelaw serve --correction-minutes --appeal-minutes``)."""


def periods_for(correction_minutes: int, appeal_minutes: int, whose: str) -> Periods:
    """The periods of 79C1 and 92B in minutes, ``whose`` figures they are (the session's
    organiser, or the server's default)."""
    return Periods(
        correction=timedelta(minutes=correction_minutes),
        appeal=timedelta(minutes=appeal_minutes),
        source=f"79C1 and 92B: {correction_minutes} and {appeal_minutes} minutes, {whose}",
    )


def server_periods(correction_minutes: int | None, appeal_minutes: int | None) -> Periods:
    """The server's default periods: the Laws' thirty minutes for any not given."""
    if correction_minutes is None and appeal_minutes is None:
        return PERIODS
    return periods_for(
        30 if correction_minutes is None else correction_minutes,
        30 if appeal_minutes is None else appeal_minutes,
        "the server's default (the regulating authority's)",
    )


def session_periods(spec: SessionSpec) -> Periods:
    """A session's periods, set when it started (its own, or the server's default then)."""
    return periods_for(spec.correction_minutes, spec.appeal_minutes, "set for the session")


# -- publication (79C, 92B) -----------------------------------------------------------------------


def published_of(engine: Engine, record: str) -> datetime | None:
    with Session(engine) as session:
        row = session.get(PublicationRow, record)
        return None if row is None else _aware(row.published)


def director_refusal(error: SaidError) -> str | Worded:
    """A refusal of the director's record as a phrase said (written in the asker's
    language when the answer is sent), or its English words when it has no phrase."""
    said = error.said()
    return str(error) if said is None else Worded(said[0], said[1])


def publish(engine: Engine, record: str) -> datetime:
    """The record's results published now (once: a second publication would move the periods
    that already run, 409)."""
    at = now()
    try:
        with Session(engine) as session, session.begin():
            if session.get(PublicationRow, record) is not None:
                raise Refused(409, Worded.of("work.published-already", record=record))
            session.add(PublicationRow(record=record, published=at))
    except IntegrityError:
        raise Refused(409, Worded.of("work.published-already", record=record)) from None
    return at


def periods_of(engine: Engine, record: str, default: Periods = PERIODS) -> Periods:
    """The periods of a record: a session's from its spec, a lone table's the server's
    ``default``."""
    with Session(engine) as session:
        row = session.get(SessionRow, record)
        if row is None:
            return default
        return session_periods(read_spec(json.loads(row.spec), stored=True))


def check_late_correction(
    engine: Engine, record: str, note: str, periods: Periods = PERIODS
) -> None:
    """79C: a score changed after the correction period needs the director's note (79C2);
    without it 409 naming the clause and when the period ended."""
    published = published_of(engine, record)
    if published is None:
        return
    correction = Correction(now(), director_note=note)
    try:
        check_correction(correction, published, periods)
    except LateError as error:
        raise Refused(409, director_refusal(error), law=error.law) from None


def _aware(time: datetime) -> datetime:
    from datetime import UTC

    return time if time.tzinfo is not None else time.replace(tzinfo=UTC)


# -- polls (16B1b) --------------------------------------------------------------------------------


def question_from(live: LiveTable, calls: int, notes: str) -> tuple[PollQuestion, str]:
    """The question for the player to call after the first ``calls`` calls of the auction:
    his hand, the board's dealer and vulnerability, those calls; and his seat."""
    table = live.table
    made = [record.call.text for record in table.effective()]
    if not 0 <= calls <= len(made):
        raise Refused(422, Worded.of("work.calls-count", calls=calls, made=len(made)))
    first = table.effective()[0].seat if made else table.board.dealer
    seat = Seat((int(first) + calls) % 4)
    hands = table.board.deal.pbn(Seat.NORTH)[2:].split()
    auction = tuple(call_name(parse_call(text)) for text in made[:calls])
    question = PollQuestion(
        hand=hands[int(seat)],
        dealer=table.board.dealer.letter,
        vulnerable=table.board.vulnerability.label,
        auction=auction,
        notes=notes,
    )
    return question, seat.letter


def create_poll(
    engine: Engine,
    live: LiveTable,
    record: str,
    entry: int,
    calls: int,
    peers: list[str],
    threshold: Fraction,
    notes: str,
) -> dict[str, Any]:
    """A poll on ruling ``entry`` of the table's record; each peer's token, shown once."""
    names = [p.strip() for p in peers]
    if not 1 <= len(names) <= MAX_PEERS or any(not n or len(n) > 40 for n in names):
        raise Refused(422, Worded.of("work.peers-count", most=MAX_PEERS))
    if len(set(names)) != len(names):
        raise Refused(422, Worded.of("work.peer-twice"))
    try:
        Threshold(threshold)
    except PollError as error:
        raise Refused(422, director_refusal(error)) from None
    question, seat = question_from(live, calls, notes)
    tokens = {name: secrets.token_urlsafe(18) for name in names}
    with Session(engine) as session, session.begin():
        found = session.scalar(
            select(func.count())
            .select_from(RulingRow)
            .where(RulingRow.record == record)
            .where(RulingRow.number == entry)
            .where(RulingRow.table_id == live.id)
        )
        if not found:
            raise Refused(404, Worded.of("work.no-ruling", entry=entry, record=record))
        row = PollRow(
            record=record,
            entry=entry,
            table_id=live.id,
            question=json.dumps({**asdict(question), "seat": seat}, ensure_ascii=False),
            threshold=str(threshold),
            created=now(),
        )
        session.add(row)
        session.flush()
        for name, token in tokens.items():
            session.add(PollPeerRow(poll_id=row.id, peer=name, token_hash=token_hash(token)))
        poll_id = row.id
    return {"poll": poll_id, "links": [{"peer": n, "token": t} for n, t in tokens.items()]}


def _poll_rows(engine: Engine, poll_id: int) -> tuple[PollRow, list[PollPeerRow]]:
    with Session(engine) as session:
        row = session.get(PollRow, poll_id)
        if row is None:
            raise Refused(404, Worded.of("work.no-poll", poll=poll_id))
        peers = list(
            session.scalars(
                select(PollPeerRow).where(PollPeerRow.poll_id == poll_id).order_by(PollPeerRow.peer)
            )
        )
        session.expunge_all()
        return row, peers


def peer_of(engine: Engine, poll_id: int, token: str) -> str:
    """The peer whose token this is (403 for any other token)."""
    _, peers = _poll_rows(engine, poll_id)
    hashed = token_hash(token)
    for peer in peers:
        if secrets.compare_digest(peer.token_hash, hashed):
            return peer.peer
    raise Refused(403, Worded.of("work.not-poll-token"))


def _question(row: PollRow) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(row.question)
    return data


def peer_view(engine: Engine, poll_id: int, peer: str) -> dict[str, Any]:
    """What a peer sees: the question and whether he has answered (never the others)."""
    row, peers = _poll_rows(engine, poll_id)
    mine = next(p for p in peers if p.peer == peer)
    return {
        "poll": poll_id,
        "peer": peer,
        "question": _question(row),
        "answer": None if mine.answer is None else json.loads(mine.answer),
    }


def answer_poll(
    engine: Engine, poll_id: int, peer: str, would_call: str, considered: list[str]
) -> dict[str, Any]:
    """The peer's answer, once (409 the second time); calls read as the table script writes
    them (422 naming the one that is not a call)."""
    if len(considered) > MAX_CONSIDERED:
        raise Refused(422, Worded.of("work.considered-most", most=MAX_CONSIDERED))
    try:
        call = call_name(parse_call(would_call))
    except BridgeLawError as error:
        raise Refused(422, f"would_call: {error}") from None
    others: list[str] = []
    for index, text in enumerate(considered):
        try:
            named = call_name(parse_call(text))
        except BridgeLawError as error:
            raise Refused(422, f"seriously_considered[{index}]: {error}") from None
        if named != call and named not in others:
            others.append(named)
    answer = {"would_call": call, "seriously_considered": others}
    with Session(engine) as session, session.begin():
        row = session.get(PollPeerRow, (poll_id, peer))
        if row is None:
            raise Refused(404, Worded.of("work.no-peer", peer=peer, poll=poll_id))
        if row.answer is not None:
            raise Refused(409, Worded.of("work.answered-already"))
        row.answer = json.dumps(answer)
        row.answered = now()
    return answer


def poll_of(engine: Engine, poll_id: int) -> tuple[PollRow, Poll | None]:
    """The stored poll as the domain's :class:`Poll` (None while nobody has answered)."""
    row, peers = _poll_rows(engine, poll_id)
    q = _question(row)
    auction = tuple(q["auction"])
    question = PollQuestion(q["hand"], q["dealer"], q["vulnerable"], auction, q["notes"])
    answers = tuple(
        Answer(p.peer, a["would_call"], tuple(a["seriously_considered"]))
        for p in peers
        if p.answer is not None
        for a in [json.loads(p.answer)]
    )
    if not answers:
        return row, None
    return row, Poll(question, answers, Threshold(Fraction(row.threshold)))


def director_view(
    engine: Engine, poll_id: int, excluding: str | None, lang: str = "en"
) -> dict[str, Any]:
    """Everything the director sees of a poll: the question, who answered what, each call's
    support, the logical alternatives at the threshold and the weights they suggest."""
    row, peers = _poll_rows(engine, poll_id)
    _, poll = poll_of(engine, poll_id)
    threshold = Threshold(Fraction(row.threshold))
    view: dict[str, Any] = {
        "poll": poll_id,
        "record": row.record,
        "entry": row.entry,
        "table_id": row.table_id,
        "question": _question(row),
        "threshold": {"share": str(threshold.share), "source": threshold.source},
        "peers": [
            {
                "peer": p.peer,
                "answer": None if p.answer is None else json.loads(p.answer),
                "answered_at": None if p.answered is None else stamp(p.answered),
            }
            for p in peers
        ],
        "support": None,
        "logical_alternatives": None,
        "proposed_weights": None,
        "problem": Worded.of("work.no-answers").text(lang) if poll is None else None,
    }
    if poll is not None:
        view["support"] = {call: str(share) for call, share in poll.support().items()}
        view["logical_alternatives"] = list(poll.logical_alternatives())
        try:
            weights = poll.proposed_weights(excluding)
            view["proposed_weights"] = {call: str(w) for call, w in weights.items()}
        except PollError as error:
            problem = director_refusal(error)
            view["problem"] = problem if isinstance(problem, str) else problem.text(lang)
    return view


# -- appeals (92, 93) -----------------------------------------------------------------------------


def appeals_of(
    engine: Engine, record: str, periods: Periods = PERIODS
) -> tuple[Record, Appeals, dict[int, str]]:
    """The record with its appeals, each checked again as the domain checks them; and the
    server table of each entry. Before publication the appeal period has not begun: the
    appeals are counted from now, when every appeal lodged so far is in time."""
    rows = rows_of(engine, record)
    records, tables = records_of(rows)
    ruling_record = records[0] if records else Record(record)
    published = published_of(engine, record)
    with Session(engine) as session:
        stored = list(
            session.scalars(
                select(AppealRow).where(AppealRow.record == record).order_by(AppealRow.id)
            )
        )
    lodged: dict[int, dict[str, Any]] = {}
    for row in stored:
        data = json.loads(row.data)
        if row.kind == "lodged":
            lodged[row.number] = {**data, "decision": None}
        else:
            lodged[row.number]["decision"] = data
    start = Appeals(ruling_record, published or now(), periods)
    document = json.loads(write_session(ruling_record, start))
    document["appeals"]["lodged"] = [lodged[n] for n in sorted(lodged)]
    again, appeals, problems = read_session(json.dumps(document))
    if appeals is None or problems:  # written by this module: a problem here is a bug
        raise Refused(500, f"the appeals of {record!r} are unreadable: {problems[:1]}")
    return again, appeals, {n: t for (_, n), t in tables.items()}


def _store_appeal(
    engine: Engine, record: str, number: int, kind: str, table_id: str, data: dict[str, Any]
) -> None:
    try:
        with Session(engine) as session, session.begin():
            session.add(
                AppealRow(
                    record=record,
                    number=number,
                    kind=kind,
                    table_id=table_id,
                    data=json.dumps(data, ensure_ascii=False, sort_keys=True),
                    time=now(),
                )
            )
    except IntegrityError:
        raise Refused(409, Worded.of("work.appeal-meanwhile")) from None


def lodge(
    engine: Engine, record: str, table_id: str, appeal: Appeal, periods: Periods = PERIODS
) -> dict[str, Any]:
    """Appeal against a ruling of this table (92A), in time (92B): its number and itself."""
    _, appeals, tables = appeals_of(engine, record, periods)
    if tables.get(appeal.against) != table_id:
        raise Refused(404, Worded.of("work.no-ruling-against", entry=appeal.against, record=record))
    try:
        number = appeals.lodge(appeal)
    except (AppealError, LateError) as error:
        raise Refused(409, director_refusal(error), law=error.law) from None
    data = appeal_json(appeals, number)
    data.pop("decision")
    _store_appeal(engine, record, number, "lodged", table_id, data)
    return {"appeal": number, **data}


def decide(
    engine: Engine,
    record: str,
    table_id: str,
    number: int,
    decision: Decision,
    periods: Periods = PERIODS,
) -> tuple[dict[str, Any], Entry | None]:
    """The decision on appeal ``number`` (93); a changed score is a ruling entry superseding
    the one appealed, stored here. 409 naming the clause when the Laws do not allow it (93B3:
    a committee does not overrule the director on a point of law)."""
    _, appeals, tables = appeals_of(engine, record, periods)
    against = appeals.lodged[number - 1].against if 1 <= number <= len(appeals.lodged) else 0
    if tables.get(against) != table_id:
        raise Refused(404, Worded.of("work.no-appeal", number=number, record=record))
    try:
        heard = appeals.decide(number, decision)
    except (AppealError, LateError) as error:
        raise Refused(409, director_refusal(error), law=error.law) from None
    data = appeal_json(appeals, number)["decision"]
    if heard.entry is not None:
        entry = heard.entry
        stored = {**entry_json(entry), "table_id": table_id}
        try:
            with Session(engine) as session, session.begin():
                session.add(
                    RulingRow(
                        record=record,
                        number=entry.number,
                        table_id=table_id,
                        kind="result",
                        entry=json.dumps(stored, ensure_ascii=False, sort_keys=True),
                        time=now(),
                    )
                )
                session.add(
                    AppealRow(
                        record=record,
                        number=number,
                        kind="decided",
                        table_id=table_id,
                        data=json.dumps(data, ensure_ascii=False, sort_keys=True),
                        time=now(),
                    )
                )
        except IntegrityError:
            raise Refused(409, Worded.of("work.ruling-meanwhile")) from None
    else:
        _store_appeal(engine, record, number, "decided", table_id, data)
    return {"appeal": number, "decision": data}, heard.entry


def appeals_json(engine: Engine, record: str, periods: Periods = PERIODS) -> list[dict[str, Any]]:
    _, appeals, tables = appeals_of(engine, record, periods)
    return [
        {"appeal": n, "table_id": tables.get(a.against), **appeal_json(appeals, n)}
        for n, a in enumerate(appeals.lodged, start=1)
    ]


def polls_json(engine: Engine, record: str) -> list[dict[str, Any]]:
    """The record's polls, each with its ruling and how many peers have answered."""
    with Session(engine) as session:
        polls = list(
            session.scalars(select(PollRow).where(PollRow.record == record).order_by(PollRow.id))
        )
        peers = list(
            session.scalars(
                select(PollPeerRow).where(PollPeerRow.poll_id.in_([p.id for p in polls]))
            )
        )
        return [
            {
                "poll": p.id,
                "entry": p.entry,
                "table_id": p.table_id,
                "asked": sum(1 for q in peers if q.poll_id == p.id),
                "answered": sum(1 for q in peers if q.poll_id == p.id and q.answer is not None),
            }
            for p in polls
        ]
