"""The table page: ``/table/{id}``, one seat's page, with its static files.

The page is plain HTML, CSS and JavaScript from ``server/static/`` (no build step, nothing
fetched from elsewhere: it works offline on a loopback address). The page itself holds no
secret: the seat's token reaches it in the URL fragment (``/table/{id}#token=...``), which a
browser never sends to the server, and the script keeps it in ``sessionStorage`` and takes it
out of the address bar. The page then reads the view with the REST API and follows the table
through its WebSocket.

``/api/laws`` gives the page the law book's titles (``bridgelaw.laws``) so that a refusal or
an offer is shown with its clause and what that clause is about, in the project's words.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from fastapi import APIRouter, FastAPI, HTTPException
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse

STATIC = Path(__file__).resolve().parent / "static"
TABLE_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
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
ASSETS = {
    "table.js": "text/javascript; charset=utf-8",
    "table.css": "text/css; charset=utf-8",
}
"""The files the page loads, each with its type (nothing else under ``static/`` is served
from here)."""

router = APIRouter()


@router.get("/table/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def table_page(table_id: str) -> HTMLResponse:
    """A seat's page. Any well-formed id gets the page: whether the table exists, and whose
    seat the token is, the API answers once the page asks with its token."""
    if not TABLE_ID.fullmatch(table_id):
        raise HTTPException(404, "no such table")
    return HTMLResponse((STATIC / "table.html").read_text(encoding="utf-8"), headers=HEADERS)


@router.get("/static/table/{name}", include_in_schema=False)
async def asset(name: str) -> FileResponse:
    media = ASSETS.get(name)
    if media is None:
        raise HTTPException(404, "no such file")
    return FileResponse(STATIC / name, media_type=media, headers=HEADERS)


@cache
def law_titles(edition: int) -> dict[str, str]:
    """Every clause number of ``edition`` the project cites, with its title."""
    from bridgelaw.laws import CLAUSES

    titles: dict[str, str] = {}
    for clause in CLAUSES.values():
        for number in clause.numbers[edition]:
            titles.setdefault(number, clause.title)
    return titles


@router.get("/api/laws", response_model=None)
async def laws(edition: int = 2017) -> dict[str, str] | JSONResponse:
    """The law book's titles (public: the same for everyone, no token needed)."""
    if edition not in (2007, 2017):
        return JSONResponse({"error": "edition: 2007 or 2017", "law": None}, status_code=422)
    return law_titles(edition)


def install(app: FastAPI) -> None:
    """Add the table page and its files to ``app``."""
    app.include_router(router)
