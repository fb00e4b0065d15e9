"""The session's results pages (``session-api.md``: ``GET /results/{id}/``), public: the
project's results site (:mod:`bridgelaw.formats.results_html`) of the results so far, made again
only when the session has changed, with the script that reloads a page when a newer version of
the session is announced on its stream. In the reader's language (``?lang=``, else
``Accept-Language``, as the table views): the script carries a page's ``?lang=`` to its links."""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from bridgelaw.duplicate.state import Refusal
from bridgelaw.i18n.words import Worded
from bridgelaw.server.roles import Language, LiveSessionDep, sessions_of
from bridgelaw.server.sessions import LiveSession

router = APIRouter()


@router.get("/results/live.js")
async def live_script() -> Response:
    static = resources.files("bridgelaw.server") / "static" / "results-live.js"
    return Response(static.read_text(encoding="utf-8"), media_type="text/javascript")


@router.get("/results/{session_id}/", response_class=HTMLResponse)
async def results_index(live: LiveSessionDep, request: Request, lang: Language) -> HTMLResponse:
    return HTMLResponse(await page(live, "index.html", request, lang))


@router.get("/results/{session_id}/{name:path}")
async def results_page(
    live: LiveSessionDep, name: str, request: Request, lang: Language
) -> Response:
    text = await page(live, name, request, lang)
    kind = "text/css" if name.endswith(".css") else "text/html; charset=utf-8"
    return Response(text, media_type=kind)


async def page(live: LiveSession, name: str, request: Request, lang: str) -> str:
    async with live.lock:
        pages = await run_in_threadpool(sessions_of(request).site, live, lang)
    text = pages.get(name)
    if text is None:
        raise Refusal(404, Worded.of("session.no-page", name=name))
    return text
