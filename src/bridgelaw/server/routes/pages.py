"""The pages and their files: a seat's table page, the director's console, the pages of a club
night (a table's device, a player's page, the director's session console and list of sessions),
and the law book's titles the pages show beside a clause.

The pages are plain HTML, CSS and JavaScript from ``server/static/`` (no build step, nothing
fetched from elsewhere: they work offline on a loopback address). A page holds no secret: its
token reaches it in the URL fragment (``/table/{id}#token=...``), which a browser never sends
to the server, and its script keeps it in ``sessionStorage`` and takes it out of the address
bar; the page then reads its views with the API. Any well-formed id gets its page: whether the
table or session exists, and whose the token is, the API answers when the page asks with its
token. The table and session pages are served with :data:`HEADERS` (only their own files, only
their own server). Their words are in one file, ``session-words.js``.

``/api/laws`` gives the pages the law book's titles (``bridgelaw.laws``) so that a refusal or an
offer is shown with its clause and what that clause is about, in the project's words and the
reader's language (their own catalog, ``bridgelaw.i18n.laws``).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from bridgelaw.i18n.catalogs import UnknownLanguage
from bridgelaw.i18n.laws import titles
from bridgelaw.i18n.pages import page_words
from bridgelaw.i18n.views import negotiate
from bridgelaw.i18n.words import unknown_language
from bridgelaw.server.roles import Language

STATIC = Path(__file__).resolve().parents[1] / "static"
TABLE_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
SESSION_ID = re.compile(r"[0-9A-Za-z_-]{1,32}")
HEADERS = {
    # the page runs only its own files and talks only to its own server
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
TABLE_ASSETS = {
    "table.js": "text/javascript; charset=utf-8",
    "table.css": "text/css; charset=utf-8",
}
"""The files the table page loads, each with its type (nothing else under ``static/`` is served
from there)."""
SESSION_PAGES = {
    "device": "session-device.html",
    "play": "session-play.html",
    "console": "session-console.html",
    "list": "session-list.html",
}
SESSION_ASSETS = {
    name: f"text/{'css' if name.endswith('.css') else 'javascript'}; charset=utf-8"
    for name in (
        "session.css",
        "session-words.js",
        "session-common.js",
        "session-device.js",
        "session-play.js",
        "session-console.js",
        "session-list.js",
        "session-record.js",
    )
}
"""The files the session pages load, each with its type (nothing else is served from there)."""

POLL_JS = "text/javascript; charset=utf-8"
router = APIRouter()


# -- the pages' own words in the reader's language (i18n.js) -----------------------------


@router.get("/static/i18n/i18n.js")
async def i18n_js() -> FileResponse:
    """The script every page loads first: it chooses the language, translates the page and
    then loads the page's own scripts."""
    return FileResponse(STATIC / "i18n.js", media_type=POLL_JS, headers=HEADERS)


@router.get("/static/i18n/i18n.css")
async def i18n_css() -> FileResponse:
    """The language picker's look, the same on every page (each page's CSS places it)."""
    return FileResponse(STATIC / "i18n.css", media_type="text/css; charset=utf-8", headers=HEADERS)


@router.get("/api/page-words", response_model=None)
async def words(request: Request, lang: str = "en") -> dict[str, object] | JSONResponse:
    """A language's page words (public), from its catalog; an unknown language is refused
    with the known ones, in the asker's language (``Accept-Language``)."""
    try:
        return page_words(lang.strip().lower())
    except UnknownLanguage as error:
        refusal = unknown_language(error.lang)
        asker = negotiate(None, request.headers.get("accept-language"))
        body = {"error": refusal.text(asker), "law": None, **refusal.as_json()}
        return JSONResponse(body, status_code=400)


# -- a seat's table page --------------------------------------------------------------------------


@router.get("/table/{table_id}", response_class=HTMLResponse)
async def table_page(table_id: str) -> HTMLResponse:
    """A seat's page."""
    if not TABLE_ID.fullmatch(table_id):
        raise HTTPException(404, "no such table")
    return HTMLResponse((STATIC / "table.html").read_text(encoding="utf-8"), headers=HEADERS)


@router.get("/static/table/{name}")
async def table_asset(name: str) -> FileResponse:
    return asset(name, TABLE_ASSETS)


@cache
def law_titles(edition: int, lang: str = "en") -> dict[str, str]:
    """Every clause number of ``edition`` the project cites, with its title in ``lang``, in
    the terms of that edition (:func:`bridgelaw.i18n.laws.titles`)."""
    return titles(edition, lang)


@router.get("/api/laws", response_model=None)
async def laws(lang: Language, edition: int = 2017) -> dict[str, str] | JSONResponse:
    """The law book's titles (public: the same for everyone, no token needed), in the
    reader's language (``?lang=``, else ``Accept-Language``; an unknown ``?lang=`` is refused
    with the known ones) and the terms of the edition's text."""
    if edition not in (2007, 2017):
        return JSONResponse({"error": "edition: 2007 or 2017", "law": None}, status_code=422)
    return law_titles(edition, lang)


# -- the director's console -----------------------------------------------------------------------


@router.get("/director", response_class=HTMLResponse)
async def console_page() -> HTMLResponse:
    return HTMLResponse((STATIC / "director.html").read_text(encoding="utf-8"), headers=HEADERS)


@router.get("/director/console.js")
async def console_js() -> Response:
    text = (STATIC / "director.js").read_text(encoding="utf-8")
    return Response(text, media_type="text/javascript", headers=HEADERS)


@router.get("/director/work.js")
async def console_work_js() -> Response:
    """The console's record, claim, poll and appeal blocks (``director-work.js``)."""
    text = (STATIC / "director-work.js").read_text(encoding="utf-8")
    return Response(text, media_type="text/javascript")


@router.get("/poll/{poll_id}", response_class=HTMLResponse)
async def poll_page(poll_id: str) -> HTMLResponse:
    """A peer's page of a poll (his token in the URL fragment): the question and his answer."""
    if not poll_id.isascii() or not poll_id.isdigit() or len(poll_id) > 9:
        raise HTTPException(404, "no such poll")
    return HTMLResponse((STATIC / "poll.html").read_text(encoding="utf-8"), headers=HEADERS)


@router.get("/static/poll/poll.js")
async def poll_js() -> FileResponse:
    return FileResponse(STATIC / "poll.js", media_type=POLL_JS, headers=HEADERS)


@router.get("/director/console.css")
async def console_css() -> Response:
    text = (STATIC / "director.css").read_text(encoding="utf-8")
    return Response(text, media_type="text/css", headers=HEADERS)


# -- the pages of a club night --------------------------------------------------------------------


def session_page(name: str, session_id: str) -> HTMLResponse:
    if not SESSION_ID.fullmatch(session_id):
        raise HTTPException(404, "no such session")
    text = (STATIC / SESSION_PAGES[name]).read_text(encoding="utf-8")
    return HTMLResponse(text, headers=HEADERS)


@router.get("/session/{session_id}/device", response_class=HTMLResponse)
async def device_page(session_id: str) -> HTMLResponse:
    """The device that stays at a table (its table token in the URL fragment): the round, the
    pairs, the clock, the boards and their status, a result entered and then accepted or
    disputed by the other side (79A, 79B), late boards (8B2), calling the director."""
    return session_page("device", session_id)


@router.get("/session/{session_id}/play", response_class=HTMLResponse)
async def player_page(session_id: str) -> HTMLResponse:
    """A player's page (his own token): where he sits this round, and in a ``law``/``strict``
    session the table page of the board to play now."""
    return session_page("play", session_id)


@router.get("/director/session/{session_id}", response_class=HTMLResponse)
async def session_console_page(session_id: str) -> HTMLResponse:
    return session_page("console", session_id)


@router.get("/director/sessions", response_class=HTMLResponse)
async def list_page() -> HTMLResponse:
    return session_page("list", "list")


@router.get("/static/session/{name}")
async def session_asset(name: str) -> FileResponse:
    return asset(name, SESSION_ASSETS)


def asset(name: str, assets: dict[str, str]) -> FileResponse:
    media = assets.get(name)
    if media is None:
        raise HTTPException(404, "no such file")
    return FileResponse(STATIC / name, media_type=media, headers=HEADERS)
