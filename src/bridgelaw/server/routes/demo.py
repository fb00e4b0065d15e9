"""The demo's routes (``serve --demo``, :mod:`bridgelaw.server.demo`): the two kinds of demo
night a page may offer, and a new night of either for the player of one of this run's nights
(or the director).

Not one of :data:`bridgelaw.server.routes.ROUTERS`: only a demo server has them,
:func:`install` adds them with the night it makes (a club's server answers 404 there, and no
token starts a demo night on it).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, Request
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from bridgelaw.server import demo
from bridgelaw.server.roles import DemoOfAsker, DemoPlayer
from bridgelaw.server.tables import Refused

router = APIRouter()


class NewDemo(BaseModel):
    mode: str


@router.get("/api/demo")
async def demo_modes(mine: DemoOfAsker) -> dict[str, Any]:
    """What a page needs to offer a demo of the other kind: the modes and their words, and
    for a demo player's token, his night's mode (public: nothing secret)."""
    return {
        "modes": {mode: {"title": t, "meaning": m} for mode, (t, m) in demo.MODES.items()},
        "mode": None if mine is None else mine.mode,
    }


@router.post("/api/demo/sessions", dependencies=[DemoPlayer])
async def start_demo(body: NewDemo, request: Request) -> dict[str, Any]:
    """A new demo night of ``mode``, for the player of a demo night of this run (or the
    director): his new link (the token in the fragment)."""
    demos: demo.Demos = request.app.state.demos
    if body.mode not in demo.MODES:
        raise Refused(422, f"mode {body.mode[:20]!r}: one of {', '.join(demo.MODES)}")
    if len(demos.made) >= demo.MAX_DEMOS:
        raise Refused(429, f"{demo.MAX_DEMOS} demo nights already this run: restart the server")
    night, made = await run_in_threadpool(demo.new_demo, request.app, body.mode)
    request.app.state.sessions.wake_robots(made)
    return {
        "session": night.session,
        "mode": night.mode,
        "play": f"/session/{night.session}/play#token={night.token}",
    }


def install(app: FastAPI, mode: str = "strict") -> demo.DemoSession:
    """``app`` made a demo server: a new demo night, its tables ``mode``
    (:func:`~bridgelaw.server.demo.make_demo_session`), and the demo's routes."""
    night = demo.make_demo_session(app, mode)
    app.include_router(router)
    return night
