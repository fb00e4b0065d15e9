"""The session API of ``session-api.md``, and what the project adds to it: the director's log,
calls, substitutes, metrics and hand record; the published results (the ranking, the results
file, PBN and USEBIO exports, the guide cards: public); the session's stream; and the score
preview of the session pages.

Each route names the roles it takes (:func:`bridgelaw.server.roles.session_role`); the
session's state checks the request itself (a :class:`~bridgelaw.duplicate.state.Refusal` with
its status, reason and law) before anything is stored (:mod:`bridgelaw.server.sessions`).
"""

from __future__ import annotations

import datetime
import json
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import Response
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from bridgelaw.boards import board_dealer, board_vulnerability
from bridgelaw.duplicate.records import (
    Accepted,
    CallAnswered,
    DirectorCall,
    Disputed,
    PlayerChanged,
    Record,
)
from bridgelaw.duplicate.state import DIRECTOR, Refusal, Role, stamp
from bridgelaw.i18n.words import Worded
from bridgelaw.scoring.results import Points, ResultLine
from bridgelaw.server import bounds, director_work, limits
from bridgelaw.server.db import now, token_hash
from bridgelaw.server.models import SessionRow
from bridgelaw.server.results import side_json
from bridgelaw.server.roles import (
    LiveSessionDep,
    SessionStreamRole,
    director_only,
    live_session,
    server_of,
    session_role,
    sessions_of,
)
from bridgelaw.server.sessions import MAX_BODY, LiveSession

router = APIRouter()

Director = Annotated[Role, Depends(session_role("director"))]
DirectorOrTable = Annotated[Role, Depends(session_role("director", "table"))]
Member = Annotated[Role, Depends(session_role("director", "table", "player"))]
"""The director, a table's device or a player: anyone the session gave a token."""
TableOrPlayer = Annotated[Role, Depends(session_role("table", "player"))]


async def body_of(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object (413 over ``limit`` bytes, 422 for anything else)."""
    raw = await request.body()
    if len(raw) > limit:
        raise Refusal(413, Worded.of("session.body-too-large", limit=limit))
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except ValueError:
        raise Refusal(422, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise Refusal(422, "the body must be a JSON object")
    return data


def number_of(text: str) -> int:
    """A result's or a call's number in the path (404 for anything else)."""
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise Refusal(404, Worded.of("session.no-result-or-call", text=text[:20]))
    return int(text)


# -- the sessions ---------------------------------------------------------------------------------


@router.post(
    "/api/sessions", dependencies=[Depends(director_only("only the director starts a session"))]
)
async def create_session(request: Request) -> dict[str, Any]:
    sessions = sessions_of(request)
    body = await body_of(request, request.app.state.limits.director_body_bytes)
    live, tables, players, made = await run_in_threadpool(sessions.create, body)
    live.resumed = True
    sessions.wake_robots(made)
    return {"session": live.id, "tables": tables, "players": players}


@router.get(
    "/api/sessions", dependencies=[Depends(director_only("only the director lists the sessions"))]
)
async def list_sessions(request: Request) -> dict[str, Any]:
    server, sessions = server_of(request), sessions_of(request)

    def rows() -> list[tuple[str, str, datetime.datetime]]:
        with Session(server.engine) as db:
            found = db.execute(
                select(SessionRow.id, SessionRow.name, SessionRow.created).order_by(
                    SessionRow.created
                )
            )
            return [(r[0], r[1], r[2]) for r in found]

    listed = []
    for session_id, name, created in await run_in_threadpool(rows):
        live = await live_session(session_id, request)
        listed.append(
            {
                "session": session_id,
                "name": name,
                "created": stamp(created),
                "date": live.state.spec.date,
                "play": live.state.spec.play,
                "round": live.state.round,
                "rounds": live.state.rounds,
                "progress": sessions.progress(live),
                "calls": sum(1 for c in sessions.calls_json(live) if c["answered"] is None),
            }
        )
    return {"sessions": listed}


@router.get("/api/sessions/{session_id}")
async def get_session(live: LiveSessionDep, role: Member, request: Request) -> dict[str, Any]:
    return sessions_of(request).view(live, role)


# -- the rounds -----------------------------------------------------------------------------------


async def move(live: LiveSession, request: Request, ending: bool) -> dict[str, Any]:
    sessions = sessions_of(request)
    body = await body_of(request)
    async with live.lock:
        records = live.state.check_move(body, now(), ending)
        await sessions.commit(live, records)
        started = live.state.round
        if started is not None and live.state.spec.play != "results":
            record, rows, made = sessions.prepare_tables(live, started)
            await sessions.commit(live, [record], rows)
            sessions.open_tables(made)
            sessions.wake_robots(made)
    await sessions.push(live)
    return sessions.view(live, DIRECTOR)


@router.post("/api/sessions/{session_id}/round")
async def next_round(live: LiveSessionDep, _: Director, request: Request) -> dict[str, Any]:
    return await move(live, request, ending=False)


@router.post("/api/sessions/{session_id}/end")
async def end_session(live: LiveSessionDep, _: Director, request: Request) -> dict[str, Any]:
    return await move(live, request, ending=True)


# -- results --------------------------------------------------------------------------------------


@router.post("/api/sessions/{session_id}/results")
async def enter_result(
    live: LiveSessionDep, role: DirectorOrTable, request: Request
) -> dict[str, Any]:
    sessions = sessions_of(request)
    body = await body_of(request)
    note = body.get("note", "")
    if role.kind == "director" and body.get("supersedes") is not None and isinstance(note, str):
        # 79C from the results' publication, when the director has published them
        engine = server_of(request).engine
        periods = director_work.session_periods(live.state.spec)
        await run_in_threadpool(director_work.check_late_correction, engine, live.id, note, periods)
    async with live.lock:
        time = now()
        checked = live.state.check_entry(role, body, time)
        record = live.state.entered(checked, time)
        await sessions.commit(live, [record])
    await sessions.push(live)
    status = live.state.results[record.result].status
    return {"result": str(record.result), "status": status}


async def answer(
    live: LiveSession, role: Role, number: str, request: Request, what: str
) -> dict[str, Any]:
    sessions = sessions_of(request)
    body = await body_of(request)
    result_id = number_of(number)
    reason = body.get("reason", "")
    if not isinstance(reason, str) or len(reason) > 300:
        raise Refusal(422, "reason: a text of at most 300 characters")
    async with live.lock:
        result = live.state.check_answer(role, result_id, what)
        if result is not None:
            record: Record = (
                Accepted(time=now(), by=role.label, result=result_id)
                if what == "accepted"
                else Disputed(time=now(), by=role.label, result=result_id, reason=reason)
            )
            await sessions.commit(live, [record])
    await sessions.push(live)
    return {"result": str(result_id), "status": live.state.results[result_id].status}


@router.post("/api/sessions/{session_id}/results/{number}/accept")
async def accept_result(
    live: LiveSessionDep, role: DirectorOrTable, number: str, request: Request
) -> dict[str, Any]:
    return await answer(live, role, number, request, "accepted")


@router.post("/api/sessions/{session_id}/results/{number}/dispute")
async def dispute_result(
    live: LiveSessionDep, role: DirectorOrTable, number: str, request: Request
) -> dict[str, Any]:
    return await answer(live, role, number, request, "disputed")


@router.get("/api/sessions/{session_id}/log")
async def results_log(live: LiveSessionDep, _: Director, request: Request) -> dict[str, Any]:
    return sessions_of(request).log_json(live)


# -- calls and substitutes ------------------------------------------------------------------------


@router.post("/api/sessions/{session_id}/calls")
async def call_director(
    live: LiveSessionDep, role: TableOrPlayer, request: Request
) -> dict[str, Any]:
    sessions = sessions_of(request)
    body = await body_of(request)
    reason = body.get("reason", "")
    if not isinstance(reason, str) or len(reason) > 300:
        raise Refusal(422, "reason: a text of at most 300 characters")
    board = body.get("board")
    if board is not None and (not isinstance(board, int) or isinstance(board, bool)):
        raise Refusal(422, "board: a board number")
    async with live.lock:
        state = live.state
        table = role.table
        if role.player is not None:
            where = None if state.round is None else state.seat_of(role.player, state.round)
            table = None if where is None else where[0]
        if table is None:
            raise Refusal(409, "you are not at a table in this round")
        number = len(state.calls) + 1
        record = DirectorCall(
            time=now(), by=role.label, call=number, table=table, board=board, reason=reason
        )
        await sessions.commit(live, [record])
    await sessions.push(live)
    return {"call": str(number)}


@router.post("/api/sessions/{session_id}/calls/{number}/answer")
async def answer_call(
    live: LiveSessionDep, _: Director, number: str, request: Request
) -> dict[str, Any]:
    sessions = sessions_of(request)
    body = await body_of(request)
    note = body.get("note", "")
    if not isinstance(note, str) or len(note) > 300:
        raise Refusal(422, Worded.of("session.note-too-long", most=300))
    call = number_of(number)
    async with live.lock:
        if call not in live.state.calls:
            raise Refusal(404, Worded.of("session.no-call", call=call))
        if call in live.state.answers:
            raise Refusal(409, Worded.of("session.call-answered", call=call))
        record = CallAnswered(time=now(), by="director", call=call, note=note)
        await sessions.commit(live, [record])
    await sessions.push(live)
    return {"call": str(call), "answered": stamp(record.time)}


@router.post("/api/sessions/{session_id}/players")
async def change_player(live: LiveSessionDep, _: Director, request: Request) -> dict[str, Any]:
    """A substitute (Law 4) or a robot takes a player's place from now on: a new token
    for him, and the old one stops working."""
    sessions = sessions_of(request)
    body = await body_of(request)
    pair, number = str(body.get("pair", "")), body.get("player")
    name, robot = body.get("name", ""), body.get("robot", False)
    state = live.state
    if pair not in state.spec.pairs:
        raise Refusal(422, Worded.of("session.not-a-pair", pair=repr(pair)))
    if not isinstance(number, int) or not 1 <= number <= state.spec.players_per_pair:
        raise Refusal(422, Worded.of("session.player-number", players=state.spec.players_per_pair))
    if not isinstance(name, str) or len(name) > 60 or not isinstance(robot, bool):
        raise Refusal(422, "name: a text of at most 60 characters; robot: true or false")
    if robot and state.spec.play == "results":
        raise Refusal(422, "robot: robots play only at the table pages (law or strict)")
    token = secrets.token_urlsafe(24)
    async with live.lock:
        record = PlayerChanged(
            time=now(),
            by="director",
            pair=pair,
            number=number,
            name=name.strip(),
            robot=robot,
            token=token_hash(token),
        )
        await sessions.commit(live, [record])
        sessions.reseat(live)
    await sessions.push(live)
    return {"pair": pair, "player": number, "token": token}


# -- what is published, and the director's own ----------------------------------------------------


@router.get("/api/sessions/{session_id}/results.json")
async def results_file(live: LiveSessionDep) -> Response:
    return Response(live.published["results"], media_type="application/json")


@router.get("/api/sessions/{session_id}/ranking")
async def ranking(live: LiveSessionDep) -> Response:
    return Response(live.published["ranking"], media_type="application/json")


@router.get("/api/sessions/{session_id}/metrics")
async def metrics(live: LiveSessionDep, _: Director) -> dict[str, Any]:
    """How long each change of the ranking took to publish, from the commit of the result
    that changed it (the director's, and a benchmark's, view of the live ranking)."""
    times = sorted(live.updates)

    def at(share: float) -> float | None:
        if not times:
            return None
        return round(times[min(len(times) - 1, int(share * len(times)))] * 1000, 3)

    return {
        "updates": len(times),
        "p50_ms": at(0.5),
        "p99_ms": at(0.99),
        "max_ms": None if not times else round(times[-1] * 1000, 3),
        "results_in_force": len(live.counted),
    }


@router.get("/api/sessions/{session_id}/export.pbn")
async def export_pbn(live: LiveSessionDep, request: Request) -> Response:
    """The session's results as PBN (ScoreTable, TotalScoreTable), as ``score-event --pbn``
    writes them; ``score-event`` reads it back to the same ranking."""
    from bridgelaw.formats.results_pbn import results_pbn

    async with live.lock:
        results = sessions_of(request).published(live)
    text = await run_in_threadpool(results_pbn, results, live.state.spec.date)
    return Response(text, media_type="text/plain; charset=utf-8")


@router.get("/api/sessions/{session_id}/export.xml")
async def export_usebio(live: LiveSessionDep, request: Request) -> Response:
    """The session's results as USEBIO 1.3 XML, as ``score-event --usebio`` writes them."""
    from bridgelaw.formats.usebio import usebio_xml

    async with live.lock:
        results = sessions_of(request).published(live)
    text = await run_in_threadpool(usebio_xml, results, "", live.state.spec.date)
    return Response(text, media_type="application/xml; charset=utf-8")


@router.get("/api/sessions/{session_id}/deals")
async def deals(live: LiveSessionDep, _: Director) -> Response:
    """The hand record (PBN) for the director: every board's deal."""
    spec = live.state.spec
    text = "".join(f'[Board "{b}"]\n[Deal "{spec.deals[b].pbn()}"]\n\n' for b in sorted(spec.deals))
    return Response(text, media_type="text/plain; charset=utf-8")


@router.get("/api/sessions/{session_id}/guide")
async def guide(live: LiveSessionDep) -> Response:
    """The movement's table and pair guide cards (Law 8A1: the director's instructions)."""
    text = live.state.spec.movement.guide_cards()
    return Response(text, media_type="text/plain; charset=utf-8")


@router.websocket("/api/sessions/{session_id}/stream")
async def stream(socket: WebSocket, at: SessionStreamRole) -> None:
    """Each role's view at once and after every change; the public gets the version number
    only (its page fetches what it shows)."""
    live, role = at.live, at.role
    await socket.accept()
    same = sum(1 for _, held in live.clients if held == role)
    if role.kind != "public" and same >= bounds.STREAMS_PER_SEAT:  # the public: per address
        refusal = f"{role.label} has {same} streams open in this session, the most kept"
        limits.log_refusal(server_of(socket), socket.scope, 429, refusal)
        await socket.close(4429, refusal[:120])
        return
    first = (
        {"session": live.id, "version": live.version}
        if role.kind == "public"
        else sessions_of(socket).view(live, role)
    )
    await socket.send_json(first)
    live.clients.append((socket, role))
    try:
        while True:
            await socket.receive_text()
    except WebSocketDisconnect:
        pass
    finally:
        if (socket, role) in live.clients:
            live.clients.remove((socket, role))


# -- the score preview of the session pages -------------------------------------------------------


def preview_json(line: ResultLine) -> dict[str, Any]:
    """A result as the scorer reads it: its text, each side's score (12C1b: they may differ)
    and, for a single score in points (a table result, an assigned score), the points of each
    side; the board's dealer and vulnerability (Law 2)."""
    score = None
    if isinstance(line.ns_side, Points) and not line.ns_side.is_weighted and not line.is_split:
        points = line.ns_side.components[0][0]
        score = {"NS": points, "EW": -points}
    vulnerable = board_vulnerability(line.board)
    return {
        "board": line.board,
        "ns": line.ns,
        "ew": line.ew,
        "dealer": board_dealer(line.board).letter,
        "vulnerable": vulnerable.label,
        "text": line.describe(),
        "score": score,
        "NS": side_json(line.ns_side),
        "EW": side_json(line.ew_side),
    }


@router.post("/api/sessions/{session_id}/score-preview")
async def preview(live: LiveSessionDep, role: DirectorOrTable, request: Request) -> dict[str, Any]:
    """For a table's device or the director: the score a result makes, never stored.

    ``{"result": "<n>"}``: the score of a result already entered (the director's, or one of the
    asking table's own results: what the other side is asked to accept). Any other body is a
    result as ``POST .../results`` takes it, checked exactly as that request checks it (the
    board must be one this table may enter now, the lead one the leader held: 41A; a 409 when
    the table already has a result) and scored; nothing is stored. A device shows the score
    before it sends, the other side before it accepts: the pages compute nothing of the Laws."""
    body = await body_of(request)
    async with live.lock:
        state = live.state
        if set(body) == {"result"}:
            text = str(body["result"])
            if not text.isascii() or not text.isdigit() or len(text) > 9:
                raise Refusal(
                    422,
                    Worded.of("session.result-number", where="result", value=repr(body["result"])),
                )
            result = state.results.get(int(text))
            if result is None:
                raise Refusal(404, Worded.of("session.no-result", result=text))
            if role.kind == "table" and result.record.table != role.table:
                raise Refusal(
                    403,
                    Worded.of("session.result-of-table", result=text, table=result.record.table),
                )
            scored = preview_json(state.line(result.slot, result.record.entry))
            return scored | {
                "round": result.slot[0],
                "table": str(result.slot[1]),
                "result": text,
            }
        checked = state.check_entry(role, body, now())
        scored = preview_json(state.line(checked.slot, checked.entry))
        return scored | {"round": checked.slot[0], "table": str(checked.slot[1]), "result": None}
