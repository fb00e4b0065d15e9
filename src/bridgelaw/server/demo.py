"""``bridgelaw serve --demo`` (``make run``): a club night to try, played online against robots.

At every start a new session is made in the demo database: a three-table Mitchell of three
rounds of two boards, played on the table pages, the boards dealt by Law 6, a round clock of
seven and a half minutes a board. Its tables are ``strict`` unless ``--demo-mode law`` asks
otherwise (:data:`MODES`): a newcomer's mis-click is refused with its law rather than made an
irregularity (a revoke, a lead out of turn) that the Laws then rectify; every page says which
kind of table it is. While the demo runs, its player's page may start another demo night of the
other kind (``POST /api/demo/sessions``, at most :data:`MAX_DEMOS` a run; the routes are
:mod:`bridgelaw.server.routes.demo`'s). Robots sit in every
seat but one: you are pair 1's first player, North at table 1 all night (a Mitchell's
North-South pairs stay at their table). The addresses printed are your one link for the night,
the director's session console (you move the rounds) and the live results. A new session
rather than the last one again, because tokens are stored only as hashes: the server cannot
print an old link again (the old sessions stay in the database, and their links still work).
"""

from __future__ import annotations

import contextlib
import hmac
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI

from bridgelaw.server.db import token_hash

DEMO_DB = "sqlite:///bridgelaw-demo.db"
"""The demo's SQLite file, in the working folder (git-ignored)."""
HUMAN = ("1", 1)
"""Pair 1's first player: North at table 1 in every round."""
DEMO_SESSION = {
    "name": "Club night (demo)",
    "scoring": "matchpoints",
    "movement": {"kind": "mitchell", "tables": 3, "rounds": 3, "boards_per_round": 2},
    "play": "strict",
    "clock": {"seconds_per_board": 450, "change_seconds": 60},
    "pairs": {
        "1": ["You", "Robot partner"],
        "2": ["Robot Adams", "Robot Baker"],
        "3": ["Robot Clark", "Robot Davis"],
        "4": ["Robot Evans", "Robot Foster"],
        "5": ["Robot Green", "Robot Hughes"],
        "6": ["Robot Irving", "Robot Jones"],
    },
    "robots": ["1:2", "2", "3", "4", "5", "6"],
}


MODES = {
    "strict": (
        "Strict table: illegal actions refused",
        "a call or card the Laws do not allow now is refused with the law that forbids it",
    ),
    "law": (
        "Law table: irregularities are allowed and ruled",
        "a call or card out of turn, an insufficient bid or a failure to follow suit stands as "
        "made and the Laws' rectification follows (Laws 9-12)",
    ),
}
"""The demo's two kinds of table (the session's ``play``), each with its label and meaning;
the first is the default, for a first game."""
MAX_DEMOS = 20
"""Demo nights one run may start from the pages (each is a session of nine tables)."""


@dataclass(frozen=True)
class DemoSession:
    session: str
    token: str
    """The human player's token."""
    mode: str = "strict"


@dataclass
class Demos:
    """The demo nights this run made, by their player's token (as a digest, as the database
    keeps tokens): who may start another from his page."""

    made: dict[str, DemoSession] = field(default_factory=dict)

    def of(self, token: str | None) -> DemoSession | None:
        if not token:
            return None
        digest = token_hash(token)
        for known, demo in self.made.items():
            if hmac.compare_digest(known, digest):
                return demo
        return None


def demo_spec(mode: str) -> dict[str, Any]:
    """The demo night's session, its tables ``mode`` (``strict`` or ``law``)."""
    if mode not in MODES:
        raise ValueError(f"demo mode {mode!r}: one of {', '.join(MODES)}")
    return {**DEMO_SESSION, "name": f"Club night (demo, {mode} tables)", "play": mode}


def new_demo(app: FastAPI, mode: str) -> tuple[DemoSession, list[Any]]:
    """A new demo night on ``app``'s database (blocking: the database), and its tables, whose
    robots the caller wakes on the event loop."""
    from bridgelaw.server.sessions import Sessions

    sessions: Sessions = app.state.sessions
    live, _tables, players, made = sessions.create(demo_spec(mode))
    live.resumed = True
    pair, number = HUMAN
    demo = DemoSession(live.id, players[pair][number - 1], mode)
    app.state.demos.made[token_hash(demo.token)] = demo
    return demo, made


def make_demo_session(app: FastAPI, mode: str = "strict") -> DemoSession:
    """A new demo session on ``app``'s database, its tables ``mode``; its robots start once
    the app runs. The demo's routes are :mod:`bridgelaw.server.routes.demo`'s, whose
    ``install`` calls this and adds them."""
    app.state.demos = Demos()
    demo, made = new_demo(app, mode)
    sessions = app.state.sessions
    before = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(started: FastAPI) -> AsyncIterator[None]:
        async with before(started):
            sessions.wake_robots(made)  # the robots of round 1 start at once
            yield
            app.state.robots.stop()  # a robot still thinking at Ctrl-C: it stops there

    app.router.lifespan_context = lifespan
    return demo


def addresses(base: str, demo: DemoSession, director_token: str) -> list[tuple[str, str]]:
    """What to open: your link for the night, the director's session console, the live
    results. Tokens go in the fragment (``#token=``), which a browser never sends."""
    return [
        ("play", f"{base}/session/{demo.session}/play#token={demo.token}"),
        ("direct", f"{base}/director/session/{demo.session}#token={director_token}"),
        ("results", f"{base}/results/{demo.session}/"),
    ]
