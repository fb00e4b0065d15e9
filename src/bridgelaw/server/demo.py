"""``bridgelaw serve --demo`` (``make run``): a club night to try, played online against robots.

At every start a new session is made in the demo database: a three-table Mitchell of three
rounds of two boards, played on the table pages (``law``), the boards dealt by Law 6, a round
clock of seven and a half minutes a board. Robots sit in every seat but one: you are pair 1's
first player, North at table 1 all night (a Mitchell's North-South pairs stay at their table).
The addresses printed are your one link for the night, the director's session console (you move
the rounds) and the live results. A new session rather than the last one again, because tokens
are stored only as hashes: the server cannot print an old link again (the old sessions stay in
the database, and their links still work).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from fastapi import FastAPI

DEMO_DB = "sqlite:///bridgelaw-demo.db"
"""The demo's SQLite file, in the working folder (git-ignored)."""
HUMAN = ("1", 1)
"""Pair 1's first player: North at table 1 in every round."""
DEMO_SESSION = {
    "name": "Club night (demo)",
    "scoring": "matchpoints",
    "movement": {"kind": "mitchell", "tables": 3, "rounds": 3, "boards_per_round": 2},
    "play": "law",
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


@dataclass(frozen=True)
class DemoSession:
    session: str
    token: str
    """The human player's token."""


def make_demo_session(app: FastAPI) -> DemoSession:
    """A new demo session on ``app``'s database; its robots start once the app runs."""
    from bridgelaw.server.sessions import Sessions

    sessions: Sessions = app.state.sessions
    live, _tables, players, made = sessions.create(dict(DEMO_SESSION))
    live.resumed = True
    before = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(started: FastAPI) -> AsyncIterator[None]:
        async with before(started):
            sessions.wake_robots(made)  # the robots of round 1 start at once
            yield
            app.state.robots.stop()  # a robot still thinking at Ctrl-C: it stops there

    app.router.lifespan_context = lifespan
    pair, number = HUMAN
    return DemoSession(live.id, players[pair][number - 1])


def addresses(base: str, demo: DemoSession, director_token: str) -> list[tuple[str, str]]:
    """What to open: your link for the night, the director's session console, the live
    results. Tokens go in the fragment (``#token=``), which a browser never sends."""
    return [
        ("play", f"{base}/session/{demo.session}/play#token={demo.token}"),
        ("direct", f"{base}/director/session/{demo.session}#token={director_token}"),
        ("results", f"{base}/results/{demo.session}/"),
    ]
