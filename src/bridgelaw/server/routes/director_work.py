"""The director's work after a ruling (:mod:`bridgelaw.server.director_work`): publishing a
record's results (79C and 92B count from it), a session's ruling record, polls of peers on a
ruling (16B1b) and the score they lead to (12C1c), appeals and their decisions (92-93).

Everything here is the director's (401 without a token, 403 with another), except the poll's
own page API, which takes a peer's token (each peer's own: 403 for any other) and shows him the
question only.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy.engine import Engine
from starlette.concurrency import run_in_threadpool

from bridgelaw.director.appeals import Appeal, Decision, Deposit, Ground
from bridgelaw.director.poll import PollError, change_weights
from bridgelaw.director.record import Applied
from bridgelaw.records import PdfUnavailable, hand_records_pdf
from bridgelaw.server import director, director_work, rulings
from bridgelaw.server.db import now, stamp
from bridgelaw.server.record_page import record_html
from bridgelaw.server.results import MAX_RESULT, RESULT_KEYS, result_line
from bridgelaw.server.roles import (
    Language,
    LiveSessionDep,
    LiveTableDep,
    PollAsker,
    PollId,
    PollPeer,
    director_only,
    live_table,
    server_of,
)
from bridgelaw.server.routes.director import enter_result, periods_of, record_document
from bridgelaw.server.tables import Refused

DIRECTORS = Depends(director_only("only the director may do this"))
router = APIRouter()
Text = Annotated[str, Field(max_length=2000)]
Name = Annotated[str, Field(min_length=1, max_length=80)]


# -- publication and the session's record ---------------------------------------------------------


async def published_answer(request: Request, key: str) -> dict[str, Any]:
    engine = server_of(request).engine
    at = await run_in_threadpool(director_work.publish, engine, key)
    periods = await periods_of(server_of(request), key)
    return {"record": key, **rulings.deadlines_json(at, periods), "at": stamp(at)}


@router.post("/api/tables/{table_id}/publish", dependencies=[DIRECTORS])
async def publish_table(live: LiveTableDep, request: Request) -> dict[str, Any]:
    """The results of the table's record published now: the 79C and 92B periods begin."""
    key = await run_in_threadpool(rulings.table_record_key, server_of(request).engine, live.id)
    return await published_answer(request, key)


@router.post("/api/sessions/{session_id}/publish", dependencies=[DIRECTORS])
async def publish_session(live: LiveSessionDep, request: Request) -> dict[str, Any]:
    """The session's results published now: the 79C and 92B periods begin."""
    return await published_answer(request, live.id)


@router.get("/api/sessions/{session_id}/record", dependencies=[DIRECTORS])
async def session_record(live: LiveSessionDep, request: Request) -> dict[str, Any]:
    """Every ruling of the session's tables, with its deadlines, appeals and polls."""
    return await record_document(server_of(request), live.id)


@router.get(
    "/api/sessions/{session_id}/record.html",
    dependencies=[DIRECTORS],
    response_class=HTMLResponse,
)
async def session_record_html(
    live: LiveSessionDep, request: Request, lang: Language
) -> HTMLResponse:
    """The session's record as a printable page in the reader's language."""
    return HTMLResponse(record_html(await session_record(live, request), lang))


@router.get("/api/sessions/{session_id}/record.pdf", dependencies=[DIRECTORS])
async def session_record_pdf(live: LiveSessionDep, request: Request, lang: Language) -> Response:
    """The same page as a PDF (WeasyPrint; 503 when it cannot run here)."""
    page = record_html(await session_record(live, request), lang)
    try:
        data = await run_in_threadpool(hand_records_pdf, page)
    except PdfUnavailable as error:
        raise Refused(503, str(error)) from None
    return Response(data, media_type="application/pdf")


# -- polls ----------------------------------------------------------------------------------------


class NewPoll(BaseModel):
    entry: int = Field(ge=1, le=10**6)
    """The ruling polled on (an entry of the table's record)."""
    calls: int = Field(ge=0, le=400)
    """How many calls of the auction the peers see: the player's decision is the next."""
    peers: list[Name] = Field(min_length=1, max_length=director_work.MAX_PEERS)
    threshold: str = Field(default="1/5", max_length=16, pattern=r"^[0-9]{1,3}/[0-9]{1,3}$")
    notes: Text = ""


@router.post("/api/tables/{table_id}/polls", dependencies=[DIRECTORS])
async def new_poll(live: LiveTableDep, body: NewPoll, request: Request) -> dict[str, Any]:
    """A poll on one ruling of the table: each peer's link (his token in its fragment)."""
    engine = server_of(request).engine
    top, bottom = (int(n) for n in body.threshold.split("/"))
    if bottom == 0:
        raise Refused(422, "threshold: a share like 1/5")
    key = await run_in_threadpool(rulings.table_record_key, engine, live.id)
    async with live.lock:
        made = await run_in_threadpool(
            director_work.create_poll,
            engine,
            live,
            key,
            body.entry,
            body.calls,
            body.peers,
            Fraction(top, bottom),
            body.notes.strip(),
        )
    for link in made["links"]:
        link["url"] = f"/poll/{made['poll']}#token={link['token']}"
    return made


@router.get("/api/polls/{poll_id}")
async def get_poll(
    poll_id: PollId,
    asker: PollAsker,
    request: Request,
    lang: Language,
    excluding: str | None = None,
) -> Any:
    """The director: the whole poll (answers, support, alternatives, proposed weights, without
    the call ``excluding`` names: the one the information suggested, 12C1c); a peer: the
    question and his own answer."""
    server = server_of(request)
    if excluding is not None and len(excluding) > 8:
        raise Refused(422, "excluding: a call such as 6S")
    if asker is None:  # the director
        return await run_in_threadpool(
            director_work.director_view, server.engine, poll_id, excluding, lang
        )
    return await run_in_threadpool(director_work.peer_view, server.engine, poll_id, asker)


class PeerAnswer(BaseModel):
    would_call: str = Field(min_length=1, max_length=8)
    seriously_considered: list[Annotated[str, Field(min_length=1, max_length=8)]] = Field(
        default=[], max_length=director_work.MAX_CONSIDERED
    )


@router.post("/api/polls/{poll_id}/answer")
async def answer_poll(
    poll_id: PollId, peer: PollPeer, body: PeerAnswer, request: Request
) -> dict[str, Any]:
    """A peer's answer, once: the call he would make and those he seriously considered."""
    server = server_of(request)
    answer = await run_in_threadpool(
        director_work.answer_poll,
        server.engine,
        poll_id,
        peer,
        body.would_call,
        body.seriously_considered,
    )
    return {"poll": poll_id, "peer": peer, "answer": answer}


class PollScore(BaseModel):
    outcomes: dict[Annotated[str, Field(max_length=8)], dict[str, Any]] = Field(max_length=12)
    """Each weighted call's probable result, in the form of a results file's entry."""
    weights: dict[Annotated[str, Field(max_length=8)], str] | None = Field(
        default=None, max_length=12
    )
    """The director's own weights (fractions); none: the poll's proposal."""
    excluding: str | None = Field(default=None, max_length=8)
    reason: Text = ""


def _fraction(text: str, where: str) -> Fraction:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise Refused(422, f"{where}: {text[:20]!r} is not a fraction like 2/3") from None
    return value


@router.post("/api/polls/{poll_id}/score", dependencies=[DIRECTORS])
async def score_poll(poll_id: PollId, body: PollScore, request: Request) -> dict[str, Any]:
    """The 12C1c score from the poll: the proposed weights (or the director's, with his reason,
    recorded beside the proposal) over each call's probable result, entered as the board's
    result at the table (and the session's, whose ranking it goes into)."""
    server = server_of(request)
    view = await run_in_threadpool(
        director_work.director_view, server.engine, poll_id, body.excluding
    )
    proposed_text = view["proposed_weights"]
    if proposed_text is None:
        raise Refused(409, f"poll {poll_id}: {view['problem']}")
    proposed = {call: Fraction(w) for call, w in proposed_text.items()}
    weights = proposed
    change = None
    if body.weights is not None:
        chosen = {c: _fraction(w, f"weights.{c}") for c, w in body.weights.items()}
        if chosen != proposed:
            try:
                change = change_weights(proposed, chosen, "director", now(), body.reason)
            except PollError as error:
                raise Refused(422, director_work.director_refusal(error)) from None
            weights = chosen
    missing = [call for call in weights if call not in body.outcomes]
    if missing:
        raise Refused(422, f"outcomes: no probable result for {', '.join(missing)}")
    for call, outcome in body.outcomes.items():
        unknown = sorted(set(outcome) - RESULT_KEYS)
        if unknown or "weighted" in outcome or "split" in outcome:
            raise Refused(422, f"outcomes.{call}: a table result or ns_score, not {outcome!r}")
    live = await live_table(view["table_id"], request)
    if len(weights) == 1:
        data = dict(body.outcomes[next(iter(weights))])
    else:
        data = {
            "weighted": [{"weight": str(w), **body.outcomes[call]} for call, w in weights.items()]
        }
    if len(str(data)) > MAX_RESULT:
        raise Refused(422, f"result: at most {MAX_RESULT} characters")
    result_line(live.table.board.number, data, "NS", "EW")  # 422 with every problem
    words = ", ".join(f"{c} {w}" for c, w in weights.items())
    note = f"poll {poll_id} (16B1b): {words}"
    if change is not None:
        proposal = ", ".join(f"{c} {w}" for c, w in change.proposed)
        note += f"; proposed {proposal}, changed: {change.reason.strip()}"
    applied = (
        Applied("16B1b", "judgement", f"poll {poll_id}: {len(view['peers'])} peers"),
        Applied("12C1c", "judgement", note[:500]),
    )
    answer = await enter_result(
        server, live, data, note[:200], applied=applied, director_note=body.reason.strip()
    )
    return {"poll": poll_id, "weights": {c: str(w) for c, w in weights.items()}, **answer}


# -- appeals --------------------------------------------------------------------------------------


class GroundBody(BaseModel):
    kind: Literal["law", "regulation", "disciplinary", "judgement"]
    text: Text = Field(min_length=1)


class DepositBody(BaseModel):
    amount: str = Field(max_length=16, pattern=r"^[0-9]{1,9}(\.[0-9]{1,2})?$")
    currency: str = Field(min_length=1, max_length=8)


class NewAppeal(BaseModel):
    against: int = Field(ge=1, le=10**6)
    appellant: Name
    grounds: list[GroundBody] = Field(min_length=1, max_length=10)
    heard_by: Literal["committee", "reviewer", "director in charge"]
    members: list[Name] = Field(default=[], max_length=7)
    deposit: DepositBody | None = None


@router.post("/api/tables/{table_id}/appeals", dependencies=[DIRECTORS])
async def lodge_appeal(live: LiveTableDep, body: NewAppeal, request: Request) -> dict[str, Any]:
    """An appeal against a ruling of the table (92A), in its period (92B: 409 after it)."""
    engine = server_of(request).engine
    key = await run_in_threadpool(rulings.table_record_key, engine, live.id)
    appeal = Appeal(
        against=body.against,
        appellant=body.appellant.strip(),
        grounds=tuple(Ground(g.kind, g.text.strip()) for g in body.grounds),
        lodged_at=now(),
        heard_by=body.heard_by,
        members=tuple(m.strip() for m in body.members),
        deposit=None
        if body.deposit is None
        else Deposit(Fraction(body.deposit.amount), body.deposit.currency),
    )
    async with live.lock:
        periods = await periods_of(server_of(request), key)
        return await run_in_threadpool(director_work.lodge, engine, key, live.id, appeal, periods)


class AppealDecision(BaseModel):
    by: Name
    reasoning: Text = Field(min_length=1)
    result: dict[str, Any] | None = None
    """The changed score, in the form of a results file's entry; none: the ruling stands."""
    changed_on: int | None = Field(default=None, ge=0, le=9)
    recommendation: Text = ""
    deposit_returned: bool | None = None


@router.post("/api/tables/{table_id}/appeals/{number}/decision", dependencies=[DIRECTORS])
async def decide_appeal(
    live: LiveTableDep,
    number: Annotated[int, Path(ge=1, le=10**6)],
    body: AppealDecision,
    request: Request,
) -> dict[str, Any]:
    """The decision (93): a changed score (on a ground of judgement, when a committee hears
    it: 93B3) is a ruling entry superseding the one appealed, the table's and the session's
    result of the board; 409 naming the clause when the Laws forbid it."""
    server = server_of(request)
    key = await run_in_threadpool(rulings.table_record_key, server.engine, live.id)
    score = None
    if body.result is not None:
        unknown = sorted(set(body.result) - RESULT_KEYS)
        if unknown:
            raise Refused(422, f"result: unknown key {unknown[0]!r}")
        if len(str(body.result)) > MAX_RESULT:
            raise Refused(422, f"result: at most {MAX_RESULT} characters")
        line = result_line(live.table.board.number, body.result, "NS", "EW")
        score = rulings.score_of(line)
        if score is None:
            raise Refused(422, "result: a score the ruling record cannot hold")
    decision = Decision(
        by=body.by.strip(),
        at=now(),
        reasoning=body.reasoning.strip(),
        score=score,
        changed_on=body.changed_on,
        recommendation=body.recommendation.strip(),
        deposit_returned=body.deposit_returned,
    )
    async with live.lock:
        answer, entry = await run_in_threadpool(
            director_work.decide,
            server.engine,
            key,
            live.id,
            number,
            decision,
            await periods_of(server, key),
        )
        if entry is not None and body.result is not None:
            note = f"appeal {number} (93): {decision.reasoning}"[:200]
            await run_in_threadpool(_table_result, server.engine, live.id, body.result, note)
    if entry is not None and body.result is not None and server.sessions is not None:
        await server.sessions.director_result(live, body.result, note)
    return {**answer, "entry": None if entry is None else entry.number}


def _table_result(engine: Engine, table_id: str, data: dict[str, Any], note: str) -> None:
    director.enter_result(engine, table_id, data, None, note)
