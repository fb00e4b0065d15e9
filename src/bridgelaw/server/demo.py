"""``bridgelaw serve --demo`` (``make run``): a table ready to play against three robots.

At every start a new table is made in the demo database: board 1 of the bundled sample
session, a ``law`` table, robots in North, East and West, the human in South. A new one
rather than the last one again, because seat tokens are stored only as hashes: the server
cannot print the last table's South link again (that table stays in the database, and its
old link still works). The robots make their calls as soon as the server runs.

The sample session's results site (what ``bridgelaw demo`` writes) is written again by a
``bridgelaw demo`` process in the background (the double-dummy analysis takes a few seconds)
and served at ``/results/``, so that the start is not held up.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from fastapi import FastAPI
from starlette.staticfiles import StaticFiles

from bridgelaw.server.app import NewTable, Server

DEMO_DB = "sqlite:///bridgelaw-demo.db"
"""The demo's SQLite file, in the working folder (git-ignored)."""
HUMAN = "S"
ROBOTS = ("N", "E", "W")
BOARD = 1


@dataclass(frozen=True)
class DemoTable:
    table: str
    token: str
    """South's token (the human's)."""


def make_demo_table(app: FastAPI) -> DemoTable:
    """A new demo table on ``app``'s database; its robots act once the app runs."""
    from bridgelaw.sample.dealer import sample_deal

    server: Server = app.state.server
    spec = NewTable(board=BOARD, deal=sample_deal(BOARD).pbn(), mode="law", robots=list(ROBOTS))
    table_id, tokens = server.create(spec)
    live = server.live[table_id]
    before = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(started: FastAPI) -> AsyncIterator[None]:
        async with before(started):
            app.state.robots.wake(live)  # North deals: his robot calls first
            yield
            app.state.robots.stop()  # a robot still thinking at Ctrl-C: it stops there

    app.router.lifespan_context = lifespan
    return DemoTable(table_id, tokens[HUMAN])


class ResultsSite:
    """The sample session's results site, written by ``bridgelaw demo`` in a process of its
    own (the analysis does not slow the server, and stopping it is clean: a thread inside a C
    analysis at the interpreter's exit could crash it) and served at ``/results/``."""

    def __init__(self, app: FastAPI, site: Path) -> None:
        site.mkdir(parents=True, exist_ok=True)
        app.mount("/results", StaticFiles(directory=site, html=True), name="results")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bridgelaw", "demo", "--site", str(site), "--json"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # Ctrl-C at the terminal is the server's to handle
        )
        self.watcher = threading.Thread(target=self._watch, name="results-site", daemon=True)
        self.watcher.start()

    def _watch(self) -> None:
        errors = self.process.communicate()[1] or ""
        if self.process.returncode == 0:
            sys.stderr.write("bridgelaw: the results site is ready\n")
        elif self.process.returncode > 0:  # stopped by us: nothing to say
            first = errors.strip().splitlines()[-1:] or ["no message"]
            sys.stderr.write(f"bridgelaw: the results site could not be written: {first[0]}\n")

    def stop(self) -> None:
        """Stop writing the site if it is not done (the next start writes it again)."""
        if self.process.poll() is None:
            self.process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)


def addresses(base: str, demo: DemoTable, director_token: str) -> list[tuple[str, str]]:
    """What to open: the player's page, the director's console, the results site. Tokens go
    in the fragment (``#token=``), which a browser never sends to the server."""
    return [
        ("play South", f"{base}/table/{demo.table}#token={demo.token}"),
        ("direct", f"{base}/director#token={director_token}"),
        ("results", f"{base}/results/"),
    ]
