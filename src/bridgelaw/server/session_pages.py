"""The pages of a club night, and the one endpoint they add to the session API.

* ``/session/{id}/device``: the device that stays at a table (its table token in the URL
  fragment): the round, the pairs, the clock, the boards and their status, a result entered and
  then accepted or disputed by the other side (79A, 79B), late boards (8B2), calling the
  director.
* ``/session/{id}/play``: a player's page (his own token): where he sits this round, and in a
  ``law``/``strict`` session the table page of the board to play now.
* ``/director/session/{id}`` and ``/director/sessions``: the director's session console and the
  list of sessions.
* ``POST /api/sessions/{id}/score-preview``: the score a result makes (Law 77 with the
  vulnerability of Law 2, or the adjusted score of Law 12C as the scorer reads it), checked as
  the entry itself would be and never stored: a device shows the score before it sends, the
  other side before it accepts. The pages compute nothing of the Laws themselves.

The pages are plain HTML, CSS and JavaScript modules in ``server/static/`` (no build step),
served with the table page's headers (:data:`bridgelaw.server.pages.HEADERS`: only their own
files, only their own server). Their words are in one file, ``session-words.js``. Each page
takes its token from the fragment (never sent to the server), keeps it in ``sessionStorage``
and takes it out of the address bar.
"""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse
from starlette.concurrency import run_in_threadpool

from bridgelaw.boards import board_dealer, board_vulnerability
from bridgelaw.duplicate.state import Refusal
from bridgelaw.scoring.results import Points, ResultLine
from bridgelaw.server.db import now
from bridgelaw.server.pages import HEADERS, STATIC
from bridgelaw.server.results import side_json
from bridgelaw.server.sessions import MAX_BODY, LiveSession, Sessions

SESSION_ID = re.compile(r"[0-9A-Za-z_-]{1,32}")
PAGES = {
    "device": "session-device.html",
    "play": "session-play.html",
    "console": "session-console.html",
    "list": "session-list.html",
}
ASSETS = {
    name: f"text/{'css' if name.endswith('.css') else 'javascript'}; charset=utf-8"
    for name in (
        "session.css",
        "session-words.js",
        "session-common.js",
        "session-device.js",
        "session-play.js",
        "session-console.js",
        "session-list.js",
    )
}
"""The files the session pages load, each with its type (nothing else is served from here)."""


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


def score_preview(
    live: LiveSession, sessions: Sessions, token: str | None, body: dict[str, Any]
) -> dict[str, Any]:
    """``POST /api/sessions/{id}/score-preview``: for a table's device or the director.

    ``{"result": "<n>"}``: the score of a result already entered (the director's, or one of the
    asking table's own results: what the other side is asked to accept). Any other body is a
    result as ``POST .../results`` takes it, checked exactly as that request checks it (the
    board must be one this table may enter now, the lead one the leader held: 41A; a 409 when
    the table already has a result) and scored; nothing is stored."""
    role = sessions.role(live, token)
    if role.kind not in ("director", "table"):
        if role.kind == "public":
            raise Refusal(401, "a token is needed (Authorization: Bearer <token>)")
        raise Refusal(403, f"the {role.kind}'s token may not do this")
    state = live.state
    if set(body) == {"result"}:
        text = str(body["result"])
        if not text.isascii() or not text.isdigit() or len(text) > 9:
            raise Refusal(422, f'result: a result number like "4", not {body["result"]!r}')
        result = state.results.get(int(text))
        if result is None:
            raise Refusal(404, f"there is no result {text}")
        if role.kind == "table" and result.record.table != role.table:
            raise Refusal(403, f"result {text} is table {result.record.table}'s")
        answer = preview_json(state.line(result.slot, result.record.entry))
        return answer | {"round": result.slot[0], "table": str(result.slot[1]), "result": text}
    checked = state.check_entry(role, body, now())
    answer = preview_json(state.line(checked.slot, checked.entry))
    return answer | {"round": checked.slot[0], "table": str(checked.slot[1]), "result": None}


def install(app: FastAPI, sessions: Sessions) -> None:
    """Add the session pages, their files and the score preview to ``app``."""

    def page(name: str, session_id: str) -> HTMLResponse:
        if not SESSION_ID.fullmatch(session_id):
            raise HTTPException(404, "no such session")
        text = (STATIC / PAGES[name]).read_text(encoding="utf-8")
        return HTMLResponse(text, headers=HEADERS)

    # Any well-formed id gets its page: whether the session exists, and whose the token is,
    # the API answers when the page asks with its token.

    @app.get("/session/{session_id}/device", response_class=HTMLResponse, include_in_schema=False)
    async def device_page(session_id: str) -> HTMLResponse:
        return page("device", session_id)

    @app.get("/session/{session_id}/play", response_class=HTMLResponse, include_in_schema=False)
    async def player_page(session_id: str) -> HTMLResponse:
        return page("play", session_id)

    @app.get("/director/session/{session_id}", response_class=HTMLResponse, include_in_schema=False)
    async def console_page(session_id: str) -> HTMLResponse:
        return page("console", session_id)

    @app.get("/director/sessions", response_class=HTMLResponse, include_in_schema=False)
    async def list_page() -> HTMLResponse:
        return page("list", "list")

    @app.get("/static/session/{name}", include_in_schema=False)
    async def asset(name: str) -> FileResponse:
        media = ASSETS.get(name)
        if media is None:
            raise HTTPException(404, "no such file")
        return FileResponse(STATIC / name, media_type=media, headers=HEADERS)

    @app.post("/api/sessions/{session_id}/score-preview")
    async def preview(session_id: str, request: Request) -> dict[str, Any]:
        live = sessions.live.get(session_id)
        if live is None:
            live = await run_in_threadpool(sessions.load, session_id)
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise Refusal(413, f"the body is larger than {MAX_BODY} bytes")
        try:
            body = json.loads(raw) if raw.strip() else {}
        except ValueError:
            raise Refusal(422, "the body is not JSON") from None
        if not isinstance(body, dict):
            raise Refusal(422, "the body must be a JSON object")
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        bearer = token.strip() if scheme.lower() == "bearer" else None
        async with live.lock:
            return score_preview(live, sessions, bearer, body)
